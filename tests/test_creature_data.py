"""Issue 4: the creature data (names, figurine or not, one-line effect in English and
Chinese) lives in one file, ``cyclades_widgets/data/creatures.json``; the narration, the
tables and ``cw.creature_info`` all read it. Each test compares with the file's contents,
read here with ``json`` (not through the code under test)."""

import json
from importlib import resources

import pytest

import cyclades_widgets as cw
from cyclades_widgets.narrate import catalog, narrate
from cyclades_widgets.rules.events import ev
from cyclades_widgets.rules.state import CREATURES

LANGS = ("en", "zh")


def _file() -> list[dict]:
    path = resources.files("cyclades_widgets") / "data" / "creatures.json"
    return json.loads(path.read_text(encoding="utf-8"))["creatures"]


FILE = {c["id"]: c for c in _file()}


def test_the_file_holds_the_17_creatures_of_rules_notes_1_1():
    """RULES-NOTES §1.1: 17 creature cards, one copy each, each named and explained in
    English and Chinese, with a figurine kind."""
    assert len(_file()) == 17
    assert set(FILE) == set(CREATURES)
    for cid, c in FILE.items():
        assert c["figurine"] in ("none", "isle", "sea"), cid
        for lang in LANGS:
            assert c["names"][lang].strip() and c["effect"][lang].strip(), (cid, lang)


# --------------------------------------------------------------------------- narration


@pytest.mark.parametrize("lang", LANGS)
def test_vocab_files_no_longer_duplicate_creature_names(lang: str):
    """Issue 4: creature names live only in data/creatures.json, not in vocab.json."""
    path = resources.files("cyclades_widgets") / "data" / "messages" / lang / "vocab.json"
    vocab = json.loads(path.read_text(encoding="utf-8"))
    assert [k for k in vocab if k.startswith("creature.")] == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_creature_id_narrates_with_its_name_from_the_file(lang: str):
    """Issue 4: the narrator names each of the 17 creatures as data/creatures.json does,
    in English and Chinese."""
    cat = catalog(lang)
    template = cat.templates["creature_drawn"]
    for cid, c in FILE.items():
        name = c["names"][lang]
        assert cat.name(cid) == name, (lang, cid)
        text = narrate(ev("creature_drawn", creature=cid, price=3), lang, strict=True)
        assert text == template.replace("{creature}", name).replace("{price}", "3"), text
        assert cid not in text, text  # the id is never shown raw


def test_zh_narration_of_a_purchase_uses_the_chinese_card_name():
    """Issue 4, scenario: a Chinese learner reads the creature's Chinese name from the
    data file in a purchase sentence."""
    event = ev("creature_bought", variant="full", player="Athens", creature="kraken", price=4)
    text = narrate(event, "zh", strict=True)
    assert FILE["kraken"]["names"]["zh"] in text and "kraken" not in text


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
    """Issue 4: ``Tables.creatures(lang=...)`` shows each creature's name, figurine kind
    and one-line effect exactly as data/creatures.json gives them."""
    seen = []
    for track in _tracks():
        df = _table_game(*track).tables.creatures(lang=lang)
        for slot, cid in enumerate(track, start=1):
            row = df.loc[slot]
            if cid is None:
                assert row[["Creature", "Name", "Figurine", "Effect"]].isna().all()
                continue
            c = FILE[cid]
            assert row["Creature"] == c["names"]["en"]
            assert row["Name"] == c["names"][lang]
            assert row["Figurine"] == c["figurine"]
            assert row["Effect"] == c["effect"][lang]
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
    assert df["Figurine"].tolist() == ["sea", "isle", "none"]
    assert df["Base price"].tolist() == [4, 3, 2]


def test_creature_table_rejects_an_unknown_language():
    """A bad ``lang`` is a ValueError naming the languages there are."""
    game = _table_game("pegasus", "giant", "chimera")
    with pytest.raises(ValueError, match="en, zh"):
        game.tables.creatures(lang="fr")


# --------------------------------------------------------------------------- helper


@pytest.mark.parametrize("lang", LANGS)
def test_creature_info_is_the_files_localized_view(lang: str):
    """Issue 4: ``cw.creature_info(lang)`` (for the board) gives, for all 17 creatures in
    the file's order, the file's name, figurine kind and effect in ``lang``."""
    info = cw.creature_info(lang)
    assert list(info) == [c["id"] for c in _file()]
    for cid, c in FILE.items():
        expected = {
            "name": c["names"][lang],
            "figurine": c["figurine"],
            "effect": c["effect"][lang],
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
                    assert df.loc[slot, "Name"] == info[cid]["name"] == catalog(lang).name(cid)
                    assert df.loc[slot, "Effect"] == info[cid]["effect"]


def test_creature_info_accepts_regional_codes_and_rejects_others():
    """``zh-CN`` reads as ``zh`` (as in the narration); an unknown language is a
    ValueError naming the languages there are."""
    assert cw.creature_info("zh-CN") == cw.creature_info("zh")
    with pytest.raises(ValueError, match="en, zh"):
        cw.creature_info("fr")


def test_creature_info_returns_a_fresh_copy():
    """Changing the returned dict (e.g. in a serializer) cannot alter the shared data."""
    info = cw.creature_info()
    info["giant"]["name"] = "changed"
    del info["kraken"]
    again = cw.creature_info()
    assert again["giant"]["name"] == FILE["giant"]["names"]["en"] and "kraken" in again
    assert catalog("en").name("giant") == FILE["giant"]["names"]["en"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_board_reads_creature_names_and_effects_from_the_data_file(lang):
    """Issue 4: the board reads the same file: names in its labels, effects in the
    static payload (shown when hovering a creature card)."""
    from cyclades_widgets.view.model import static_payload

    data = FILE
    words = static_payload("map-5", lang)["text"]
    assert words["creatures"] == {cid: c["names"][lang] for cid, c in data.items()}
    assert words["effects"] == {cid: c["effect"][lang] for cid, c in data.items()}
