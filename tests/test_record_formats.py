"""Record format version 2 (issues 14 and 16): per-language notes, the moves' checksum and
its fast replay, and version 1 files still read.

- A text of a record (title, description, a note, a tag, a variation's comment) is a
  string or ``{"en": ..., "zh": ..., "fr": ...}``; the Replay's notes, the HTML page and
  the text replay show the learner's language.
- A record written after its moves were found legal carries ``checksum``; loading it
  replays without listing the legal actions; any mismatch falls back to the checked path.
"""

from __future__ import annotations

import json
from functools import cache

import pytest

import cyclades_widgets as cw
from cyclades_widgets import game as game_module
from cyclades_widgets.cli.record_text import record_text
from cyclades_widgets.export.page import page_data, replay_page
from cyclades_widgets.game import GameRecord
from cyclades_widgets.records.notes import iter_lines, move_positions, notes_at
from cyclades_widgets.rules.errors import RecordError

NOTE = {"en": "Why Ares now?", "zh": "为什么现在选阿瑞斯?", "fr": "Pourquoi Arès maintenant ?"}
TAG = {"en": "key move", "zh": "关键一步", "fr": "coup clé"}


@cache
def record_text_v2() -> str:
    game = cw.Game.new(players=3, seed=4)
    for _ in range(6):
        game.advance(to="decision")
        game.play(game.legal_actions()[0])
    record = game.record
    record.title = {"en": "A short game", "zh": "一盘短棋", "fr": "Une partie courte"}
    record.annotate(2, before=NOTE, tag=TAG)
    record.add_variation(
        3, record.moves()[3:4], comment={"en": "Same", "zh": "一样", "fr": "Pareil"}
    )
    return record.dumps()


def test_per_language_notes_round_trip_and_show_in_the_learners_language():
    record = GameRecord.loads(record_text_v2())
    assert record.steps[2].before == NOTE and record.steps[2].tag == TAG
    assert GameRecord.loads(record.dumps()) == record
    game = record.replay()
    positions = move_positions(game)
    at = positions[2]  # where move 3 (step 2) is about to be played
    for lang in ("en", "zh", "fr"):
        assert notes_at(record, (), positions, at, lang)["annotation"]["before"] == NOTE[lang]
        assert [c for _, _, c in iter_lines(record, lang)] == [{"en": "Same", "zh": "一样",
                                                               "fr": "Pareil"}[lang]]  # fmt: skip
    with cw.i18n.language("zh"):
        assert notes_at(record, (), positions, at)["annotation"]["before"] == NOTE["zh"]
    text = "\n".join(record_text(record, "fr"))
    assert NOTE["fr"] in text and TAG["fr"] in text and NOTE["en"] not in text


def test_the_html_page_shows_the_notes_and_title_in_its_language():
    record = GameRecord.loads(record_text_v2())
    page = replay_page(record, lang="zh")
    data = page_data(page)
    shown = {v.get("before") for v in data["notes"].values()} | {
        v.get("tag") for v in data["notes"].values()
    }
    assert NOTE["zh"] in shown and TAG["zh"] in shown and NOTE["en"] not in shown
    assert data["title"] == "一盘短棋"


def test_a_version_1_file_is_still_read_and_written_as_version_2():
    data = json.loads(record_text_v2())
    data.update(format="cyclades-record/1", title="Old")
    data.pop("checksum")
    data["steps"][2].update(before="Old note", tag="old tag")
    data["variations"][0]["comment"] = "old"
    record = GameRecord.loads(json.dumps(data))
    assert record.steps[2].before == "Old note"
    assert json.loads(record.dumps())["format"] == "cyclades-record/2"
    data["steps"][2]["before"] = NOTE  # per-language texts came with version 2
    with pytest.raises(RecordError) as info:
        GameRecord.loads(json.dumps(data))
    assert info.value.path == "$.steps[2].before"


def test_a_matching_checksum_replays_without_checking_each_move(monkeypatch):
    text = record_text_v2()
    assert json.loads(text)["checksum"].startswith("sha256:")

    def refuse(*args: object) -> int:
        raise AssertionError("the checked path was taken")

    monkeypatch.setattr(game_module, "play_checked", refuse)
    record = GameRecord.loads(text)
    assert record.dumps() == text  # notes and checksum kept
    record.annotate(0, after="A note changes no move.")
    assert json.loads(record.dumps())["checksum"] == json.loads(text)["checksum"]


def test_a_changed_move_falls_back_to_the_checked_path_with_its_json_path():
    data = json.loads(record_text_v2())
    data["steps"][4] = "bid ares 97"
    with pytest.raises(RecordError) as info:
        GameRecord.loads(json.dumps(data))
    assert info.value.path == "$.steps[4]" and info.value.msg.key == "record.illegal_move"


def test_a_forged_checksum_on_a_broken_move_still_names_the_move():
    """The checksum guards against edits; a file forged to match it gets no further than
    the fast path's failure, then the checked replay names the move."""
    data = json.loads(record_text_v2())
    data["steps"][4] = "roll 9 9"
    tree = cw.records.tree.RecordTree.from_dict(data)
    data["checksum"] = tree.checksum()
    with pytest.raises(RecordError) as info:
        GameRecord.loads(json.dumps(data))
    assert info.value.path == "$.steps[4]" and info.value.msg.key == "record.illegal_move"


def test_a_record_built_in_code_carries_no_checksum_until_its_moves_are_checked():
    record = GameRecord(["A", "B"], map="map-2-3", steps=["order a,b,a,b"])
    assert "checksum" not in record.to_dict()
    record.validate()
    assert record.to_dict()["checksum"] == record.checksum()
    record.steps.append(cw.records.tree.RecordStep("roll 9 9"))  # moves changed since
    assert "checksum" not in record.to_dict()


def test_replay_enter_of_an_unknown_variation_raises_index_error():
    """Issue 18 'Documented errors': ``Replay.enter((5,))`` raises IndexError."""
    replay = cw.Replay(GameRecord.loads(record_text_v2()))
    with pytest.raises(IndexError):
        replay.enter((5,))


def test_the_shipped_schema_agrees_with_the_loader_on_version_2_files():
    """The JSON Schema (documentation, a second opinion) accepts what the package writes,
    per-language texts and checksum included, and refuses what the loader refuses."""
    from pathlib import Path

    from jsonschema import Draft202012Validator

    from cyclades_widgets.records.schema import load_schema

    validator = Draft202012Validator(load_schema())
    games = Path(cw.__file__).parent / "data" / "games"
    for path in sorted(games.glob("*.json")):
        assert list(validator.iter_errors(json.loads(path.read_text("utf-8")))) == [], path
    data = json.loads(record_text_v2())
    assert list(validator.iter_errors(data)) == []
    for change in (
        lambda d: d["steps"][2].update(tag={"en": "x" * 41}),
        lambda d: d.update(title={"EN!": "x"}),
        lambda d: d.update(checksum="md5:1"),
        lambda d: d["players"].__setitem__(0, "Athens!"),
    ):
        bad = json.loads(record_text_v2())
        change(bad)
        assert list(validator.iter_errors(bad)), bad
        with pytest.raises(RecordError):
            GameRecord.loads(json.dumps(bad))
