"""Issue 4 and 14: every word about a creature lives in the text catalogs: its name
(``creature.<id>``) and one-line effect (``creature.<id>.effect``) in
``data/messages/<lang>/creatures.json``; ``data/creatures.json`` keeps the rest of the card
data (figurine kind, sources). The narration, the tables, ``cw.creature_info`` and the
board all read them. Each test compares with the files' contents, read here with ``json``
(not through the code under test)."""

import json
import re
from importlib import resources
from pathlib import Path

import pytest

import cyclades_widgets as cw
from cyclades_widgets.i18n import LANGS, catalog
from cyclades_widgets.narrate import narrate
from cyclades_widgets.rules.events import ev
from cyclades_widgets.rules.state import CREATURES

DATA = resources.files("cyclades_widgets") / "data"


def _file() -> list[dict]:
    path = DATA / "creatures.json"
    return json.loads(path.read_text(encoding="utf-8"))["creatures"]


def _words(lang: str, file: str = "creatures.json") -> dict[str, str]:
    path = DATA / "messages" / lang / file
    return json.loads(path.read_text(encoding="utf-8"))


FILE = {c["id"]: c for c in _file()}
NAMES = {lang: {cid: _words(lang)[f"creature.{cid}"] for cid in FILE} for lang in LANGS}
EFFECTS = {lang: {cid: _words(lang)[f"creature.{cid}.effect"] for cid in FILE} for lang in LANGS}


def test_the_files_hold_the_17_creatures():
    """RULES-NOTES §1.1: 17 creature cards, one copy each, each with a figurine kind in the
    data file and a name and an effect in every language's catalog."""
    assert len(_file()) == 17
    assert set(FILE) == set(CREATURES)
    for cid, c in FILE.items():
        assert c["figurine"] in ("none", "isle", "sea"), cid
        for lang in LANGS:
            assert NAMES[lang][cid].strip() and EFFECTS[lang][cid].strip(), (cid, lang)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_data_files_old_names_agree_with_the_catalogs(lang: str):
    """Until they are removed, the names and effects left in ``data/creatures.json`` must
    say what the catalogs say (no code reads them any more)."""
    for cid, c in FILE.items():
        if "names" in c:
            assert c["names"][lang] == NAMES[lang][cid], (lang, cid)
        if "effect" in c:
            assert c["effect"][lang] == EFFECTS[lang][cid], (lang, cid)


def test_no_code_reads_the_data_files_names():
    """Issue 14: the names come from the catalogs only. The two modules that read the data
    files (the creature cards and the maps) never read a ``name``, ``names`` or ``effect``
    field; every other module goes through them."""
    package = Path(cw.__file__).parent
    readers = {
        p.relative_to(package).as_posix()
        for p in package.rglob("*.py")
        if re.search(r'"creatures\.json"|/ "maps" /', p.read_text(encoding="utf-8"))
    }
    assert readers == {"rules/creatures/cards.py", "rules/board.py"}
    field = re.compile(r'\[\s*"(?:names?|effect)"\s*\]|get\(\s*"(?:names?|effect)"')
    for reader in sorted(readers):
        assert not field.search((package / reader).read_text(encoding="utf-8")), reader


# --------------------------------------------------------------------------- narration


@pytest.mark.parametrize("lang", LANGS)
def test_creature_names_are_defined_in_one_catalog_file(lang: str):
    """Issue 4: each creature's name and effect is defined once, in ``creatures.json``."""
    sources = catalog(lang).sources
    keys = [k for k in sources if k.startswith("creature.")]
    assert len(keys) == 34 and {sources[k] for k in keys} == {"creatures.json"}


@pytest.mark.parametrize("lang", LANGS)
def test_every_creature_id_narrates_with_its_name_from_the_file(lang: str):
    """Issue 4: the narrator names each of the 17 creatures as the catalog does, in every
    language."""
    cat = catalog(lang)
    template = cat.entries["event.creature_drawn"]
    for cid in FILE:
        name = NAMES[lang][cid]
        assert cat.name(cid) == name, (lang, cid)
        text = narrate(ev("creature_drawn", creature=cid, price=3), lang, strict=True)
        assert text == template.replace("{creature}", name).replace("{price}", "3"), text
        assert cid not in text, text  # the id is never shown raw


def test_zh_narration_of_a_purchase_uses_the_chinese_card_name():
    """Issue 4, scenario: a Chinese learner reads the creature's Chinese name in a
    purchase sentence."""
    event = ev("creature_bought", variant="full", player="Athens", creature="kraken", price=4)
    text = narrate(event, "zh", strict=True)
    assert NAMES["zh"]["kraken"] in text and "kraken" not in text


# --------------------------------------------------------------------------- tables


def _tracks() -> list[list[str | None]]:
    """All 17 creatures, three to a track, the last track padded with empty slots."""
    ids: list[str | None] = [c["id"] for c in _file()]
    ids += [None] * (-len(ids) % 3)
    return [ids[i : i + 3] for i in range(0, len(ids), 3)]


def _table_game(*track: str | None) -> cw.Game:
    """A cycle-3 game (all three track slots in use) with ``track`` on the track."""
    return cw.Scenario(players=3).cycle(3).creatures(*track).game()


@pytest.mark.parametrize("lang", LANGS)
def test_creature_table_reads_name_figurine_and_effect_from_the_file(lang: str):
    """Issue 4: ``Tables.creatures(lang=...)`` shows each creature's id (as in notation),
    name, figurine kind and one-line effect exactly as the files give them."""
    figurines = _words(lang, "tables.json")
    seen = []
    for track in _tracks():
        df = _table_game(*track).tables.creatures(lang=lang)
        for slot, cid in enumerate(track, start=1):
            row = df.loc[slot]
            if cid is None:
                assert row.iloc[:4].isna().all()
                continue
            assert row.iloc[0] == cid
            assert row.iloc[1] == NAMES[lang][cid]
            assert row.iloc[2] == figurines[f"table.figurine.{FILE[cid]['figurine']}"]
            assert row.iloc[3] == EFFECTS[lang][cid]
            seen.append(cid)
    assert sorted(seen) == sorted(FILE)


def test_creature_table_keeps_its_other_columns_and_defaults_to_english():
    """Issue 4: the new columns sit between ``Creature`` and the prices; default "en"."""
    df = _table_game("kraken", "minotaur", "giant").tables.creatures()
    assert list(df.columns) == [
        "Creature",
        "Name",
        "Figurine",
        "Effect",
        "In use",
        "Base price",
        "Price",
    ]
    assert df["Name"].tolist() == ["Kraken", "Minotaur", "Giant"]
    assert df["Figurine"].tolist() == ["figure in a sea", "figurine on an isle", "card only"]
    assert df["Base price"].tolist() == [4, 3, 2]


def test_creature_table_rejects_an_unknown_language():
    """A bad ``lang`` is a ValueError naming the languages there are."""
    game = _table_game("pegasus", "giant", "chimera")
    with pytest.raises(ValueError, match="en, fr, zh"):
        game.tables.creatures(lang="xx")


# --------------------------------------------------------------------------- helper


@pytest.mark.parametrize("lang", LANGS)
def test_creature_info_is_the_files_localized_view(lang: str):
    """Issue 4: ``cw.creature_info(lang)`` (for the board) gives, for all 17 creatures in
    the data file's order, the catalog's name and effect and the file's figurine kind."""
    info = cw.creature_info(lang)
    assert list(info) == [c["id"] for c in _file()]
    for cid, c in FILE.items():
        expected = {
            "name": NAMES[lang][cid],
            "figurine": c["figurine"],
            "effect": EFFECTS[lang][cid],
        }
        assert info[cid] == expected, (lang, cid)


def test_creature_info_agrees_with_the_narration_and_the_tables():
    """Issue 4: the three readers agree with each other for every creature and language."""
    for lang in LANGS:
        info = cw.creature_info(lang)
        for track in _tracks():
            df = _table_game(*track).tables.creatures(lang=lang)
            for slot, cid in enumerate(track, start=1):
                if cid is not None:
                    row = df.loc[slot]
                    assert row.iloc[1] == info[cid]["name"] == catalog(lang).name(cid)
                    assert row.iloc[3] == info[cid]["effect"]


def test_creature_info_accepts_regional_codes_and_rejects_others():
    """``zh-CN`` reads as ``zh`` (as in the narration); an unknown language is a
    ValueError naming the languages there are."""
    assert cw.creature_info("zh-CN") == cw.creature_info("zh")
    with pytest.raises(ValueError, match="en, fr, zh"):
        cw.creature_info("xx")


def test_creature_info_returns_a_fresh_copy():
    """Changing the returned dict (e.g. in a serializer) cannot alter the shared data."""
    info = cw.creature_info()
    info["giant"]["name"] = "changed"
    del info["kraken"]
    again = cw.creature_info()
    assert again["giant"]["name"] == NAMES["en"]["giant"] and "kraken" in again
    assert catalog("en").name("giant") == NAMES["en"]["giant"]


@pytest.mark.parametrize("lang", LANGS)
def test_the_board_reads_creature_names_and_effects_from_the_catalog(lang):
    """Issue 4: the board reads the same words as the narration: names and effects in the
    static payload (effects are shown when hovering a creature card)."""
    from cyclades_widgets.view.model import static_payload

    words = static_payload("map-5", lang)["text"]
    assert words["creatures"] == NAMES[lang]
    assert words["effects"] == EFFECTS[lang]
