"""One highlight value (issue 28), and ``annotate``'s arrows (issue 24).

A teacher's highlight had three shapes, each checked in its own place: separate arguments
of ``svg.board``, ``{"places", "arrows"}`` in ``Board.highlights``, and
``{"highlights": {"isles", "seas"}, "arrows"}`` in records. ``Highlight`` is now the one
value, checked once; these tests hold it to that:

- every form reads to the same value, and the record file's form round-trips;
- a malformed place or arrow, a label that is not a short line of text (XML-forbidden
  characters included) or an id off the map is refused by name, in the learner's language;
- ``GameRecord.annotate`` refuses a malformed arrow with a ``RecordError`` at its path and
  changes nothing, and takes arrows in the file's own form;
- the view model (both painters' source) draws a ``Highlight`` exactly as its dict forms.
"""

from __future__ import annotations

from functools import cache
from html import escape
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pseudo import unwrapped

import cyclades_widgets as cw
from cyclades_widgets import svg
from cyclades_widgets.game import GameRecord
from cyclades_widgets.i18n import PSEUDO, catalog, language
from cyclades_widgets.records.highlight import (
    LABEL_LENGTH,
    Arrow,
    Highlight,
    HighlightError,
    Place,
)
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.errors import RecordError
from cyclades_widgets.view import model

MAP = "map-5"
ISLES = MapSpec.load(MAP).isles


def refused(make) -> HighlightError:  # noqa: ANN001
    with pytest.raises(HighlightError) as info:
        make()
    return info.value


@cache
def base_text() -> str:
    """A short record of 3 players (map-2-3: Naxos, Paros, Syros; sea c2)."""
    game = cw.Game.new(players=3, seed=5)
    for _ in range(6):
        game.advance(to="decision")
        game.play(game.legal_actions()[0])
    return game.record.dumps()


# --------------------------------------------------------------------------- one value


def test_every_form_reads_to_the_same_highlight():
    made = Highlight(["naxos", "e7"], [("kea", "naxos")])
    board = Highlight.of({"places": ["naxos", "e7"], "arrows": [["kea", "naxos"]]})
    record = Highlight.of(
        {
            "highlights": {"isles": ["naxos"], "seas": ["e7"]},
            "arrows": [{"from": "kea", "to": "naxos"}],
        }
    )
    objects = Highlight([Place("naxos"), Place("e7")], [Arrow("kea", "naxos")])
    assert made == board == record == objects
    assert Highlight.of(made) is made and Highlight.of(None) == Highlight() and not Highlight()


def test_the_record_form_round_trips_once_the_map_has_named_each_place():
    data = {
        "highlights": {"isles": ["naxos"], "seas": ["e7"]},
        "arrows": [{"from": "e7", "to": "naxos"}],
    }
    assert Highlight.from_dict(data).to_dict() == data
    loose = Highlight(["e7", "naxos"], [{"from": "e7", "to": "naxos"}])
    with pytest.raises(HighlightError, match="call check"):
        loose.to_dict()
    checked = loose.check(MAP)
    assert checked.isles == ("naxos",) and checked.seas == ("e7",)
    assert checked.to_dict() == data
    assert checked.to_board() == {"places": ["e7", "naxos"], "arrows": [["e7", "naxos"]]}


def test_a_label_is_made_one_line_any_painter_can_show():
    """Issue 24: a label XML cannot hold (``\x00``, ``\ufffe``, a lone surrogate) is
    cleaned when the highlight is made, not refused: line breaks become spaces, the rest
    U+FFFD; an empty label is no label."""
    h = Highlight([("naxos", "two\nlines\x00"), ("ios", "")], [("kea", "naxos", "a\ufffe\ud800")])
    assert [p.label for p in h.places] == ["two lines\ufffd", None]
    assert h.arrows[0].label == "a\ufffd\ufffd"


def test_labels_ride_with_places_and_arrows():
    h = Highlight([("naxos", "yours")], [("kea", "naxos", "attack?")])
    assert h.places[0].label == "yours" and h.arrows[0].label == "attack?"
    assert Highlight.of(h.to_board()) == h
    assert Highlight([("naxos", "x" * LABEL_LENGTH)])  # the longest label


@pytest.mark.parametrize(
    ("make", "parts", "words"),
    [
        (lambda: Highlight(arrows=[("naxos",)]), ["arrows", 0], "an arrow is (from, to)"),
        (lambda: Highlight(arrows=["naxos"]), ["arrows", 0], "not 'naxos'"),
        (lambda: Highlight(arrows=[{"from": "naxos"}]), ["arrows", 0], "as in a record file"),
        (lambda: Highlight(arrows=[("naxos", "naxos")]), ["arrows", 0], "two different places"),
        (lambda: Highlight(arrows=[("naxos", 7)]), ["arrows", 0, "to"], "expected a string"),
        (lambda: Highlight([("naxos", "a", "b")]), ["places", 0], "or (id, label)"),
        (lambda: Highlight([("naxos", "x" * 81)]), ["places", 0, "label"], "at most 80"),
        (lambda: Highlight([("naxos", 7)]), ["places", 0, "label"], "expected a string"),
        (lambda: Highlight([("naxos\n", "x")]), ["places", 0], "U+000A"),
        (lambda: Highlight(["naxos"] * 101), ["places"], "at most 100"),
        (lambda: Highlight.of([["naxos"]]), [], "a highlight is a Highlight"),
        (lambda: Highlight.of({"place": ["naxos"]}), [], "unknown key 'place'"),
        (
            lambda: Highlight.from_dict({"arrows": [["naxos", "ios"]]}),
            ["arrows", 0],
            "expected an object, got a list",
        ),
        (
            lambda: Highlight.from_dict({"highlights": {"isles": "naxos"}}),
            ["highlights", "isles"],
            "expected a list",
        ),
        (lambda: Highlight(["atlantis"]).check(MAP), ["places", 0], "isles are amorgos, andros"),
        (
            lambda: Highlight(arrows=[("naxos", "z9")]).check(MAP),
            ["arrows", 0, "to"],
            "arrow: 'z9' is not an isle or sea of map-5",
        ),
        (
            lambda: Highlight.from_lists(seas=["naxos"]).check(MAP),
            ["highlights", "seas", 0],
            "no sea 'naxos'",
        ),
        (
            lambda: Highlight.from_lists(["paros", "e7"]).check(MAP),
            ["highlights", "isles", 1],
            "no isle 'e7'",
        ),
    ],
)
def test_a_malformed_highlight_is_refused_by_name_and_place(make, parts, words):
    error = refused(make)
    assert isinstance(error, ValueError)
    assert error.parts == parts and words in str(error), (error.parts, str(error))


def test_the_refusals_speak_the_learners_language():
    for lang in ("fr", "zh"):
        with language(lang):
            error = refused(lambda: Highlight(arrows=[("naxos",)]))
        assert str(error) == error.message(lang) != error.message("en")
        assert "('naxos',)" in str(error)


CASES = {
    "not_a_highlight": lambda: Highlight.of(3),
    "not_a_place": lambda: Highlight([{"id": "naxos"}]),
    "not_an_arrow": lambda: Highlight(arrows=[("naxos",)]),
    "same_place": lambda: Highlight(arrows=[("ios", "ios")]),
    "unknown_place": lambda: Highlight(["atlantis"]).check(MAP),
    "unknown_end": lambda: Highlight(arrows=[("naxos", "z9")]).check(MAP),
    "no_isle": lambda: Highlight.from_lists(["e7"]).check(MAP),
    "no_sea": lambda: Highlight.from_lists(seas=["naxos"]).check(MAP),
    "no_label": lambda: Highlight([("naxos", "x")]).check(MAP).to_dict(),
    "unchecked": lambda: Highlight(["naxos"]).to_dict(),
}


def test_every_highlight_message_comes_from_the_catalog():
    """Each ``highlight.*`` entry is raised by a case, and in the pseudo-locale only the
    caller's own values (ids, the map, the value quoted) stand outside the catalog's words."""
    keys = {
        k.removeprefix("highlight.") for k in catalog("en").entries if k.startswith("highlight.")
    }
    assert keys == set(CASES)
    for key, make in CASES.items():
        with language(PSEUDO):
            error = refused(make)
        assert error.msg.key == f"highlight.{key}"
        allowed = {"id", "label", "from", "to", "places", "arrows", "Highlight", "check", "map"}
        allowed |= {v for v in error.msg.params.values() if isinstance(v, str)}
        allowed |= {w for v in error.msg.params.values() if isinstance(v, list) for w in v}
        assert unwrapped(str(error), allowed) == [], str(error)


@settings(max_examples=60, derandomize=True, deadline=None)
@given(label=st.text(alphabet=st.characters(max_codepoint=0x10FFFF), max_size=12))
def test_any_label_is_kept_as_one_line_of_text_every_painter_can_show(label):
    """Issue 24: whatever a label holds, the highlight keeps one line of text with nothing
    XML cannot hold, so the JS board, the SVG and the HTML page all show it."""
    h = Highlight([("naxos", label)], [("kea", "naxos", label)])
    for kept in (h.places[0].label, h.arrows[0].label):
        if kept is not None:
            assert "\n" not in kept and len(kept) == len(label)
            assert ElementTree.fromstring(f"<t>{escape(kept)}</t>").text == kept
    ElementTree.fromstring(svg.board(cw.Game.new(players=5, seed=1).state, highlights=h.places))


# --------------------------------------------------------------------------- the painters


def test_the_view_model_draws_a_highlight_as_its_dict_forms():
    """``board_view`` (both painters' source) takes a ``Highlight`` or either dict form."""
    state = cw.Game.new(players=5, seed=1).state
    h = Highlight([("naxos", "here"), "e7"], [("kea", "naxos", "go")])

    def drawn(value):  # noqa: ANN001, ANN202
        return model.board_view(state, highlights=value)["marks"]

    assert drawn(h) == drawn(h.to_board())
    assert drawn(h)["places"][0]["label"] == "here" and drawn(h)["arrows"][0]["label"] == "go"
    assert drawn(Highlight.from_lists(["naxos"], ["e7"])) == drawn({"places": ["naxos", "e7"]})


def test_svg_board_takes_the_places_and_arrows_of_a_highlight():
    state = cw.Game.new(players=5, seed=1).state
    h = Highlight([("naxos", "here")], [("kea", "naxos")])
    assert svg.board(state, highlights=h.places, arrows=h.arrows) == svg.board(
        state, highlights=[("naxos", "here")], arrows=[("kea", "naxos")]
    )


# --------------------------------------------------------------------------- records


def test_annotate_refuses_a_malformed_arrow_by_its_path_and_changes_nothing():
    """Issue 24: ``annotate(5, arrows=[("naxos",)])`` raised a bare TypeError."""
    record = GameRecord.loads(base_text())
    before = record.dumps()
    for arrows, path, words in [
        ([("naxos",)], "$.steps[5].arrows[0]", "an arrow is (from, to)"),
        ([("naxos", "atlantis")], "$.steps[5].arrows[0].to", "'atlantis' is not an isle or sea"),
        ([{"from": "naxos"}], "$.steps[5].arrows[0]", "as in a record file"),
        ([("naxos", "paros", "go")], "$.steps[5].arrows[0].label", "keeps no label"),
        ([42], "$.steps[5].arrows[0]", "not 42"),
    ]:
        with pytest.raises(RecordError) as info:
            record.annotate(5, arrows=arrows, after="kept?")
        assert info.value.path == path and words in str(info.value), str(info.value)
        assert record.dumps() == before
    with language("zh"), pytest.raises(RecordError) as info:
        record.annotate(5, arrows=[("naxos",)])
    assert "箭头" in str(info.value) and str(info.value).startswith("$.steps[5].arrows[0]: ")


def test_annotate_takes_arrows_in_the_files_own_form():
    record = GameRecord.loads(base_text())
    record.annotate(
        5, arrows=[{"from": "naxos", "to": "paros"}, Arrow("paros", "c2"), ("c2", "ios")]
    )
    again = GameRecord.loads(record.dumps())
    assert again.steps[5].arrows == [
        Arrow("naxos", "paros"),
        Arrow("paros", "c2"),
        Arrow("c2", "ios"),
    ]
    assert again.to_dict()["steps"][5]["arrows"][0] == {"from": "naxos", "to": "paros"}


def test_annotate_takes_a_whole_highlight_and_an_empty_one_clears_it():
    record = GameRecord.loads(base_text())
    record.annotate(5, highlight=Highlight(["naxos", "c2"], [("naxos", "c2")]))
    step = GameRecord.loads(record.dumps()).steps[5]
    assert (step.isles, step.seas, step.arrows) == (["naxos"], ["c2"], [Arrow("naxos", "c2")])
    record.annotate(5, seas=["c1"])  # one part replaced, the others kept
    assert (record.steps[5].isles, record.steps[5].seas) == (["naxos"], ["c1"])
    record.annotate(5, highlight=Highlight())
    assert record.to_dict()["steps"][5] == record.steps[5].move  # nothing left to write
    with pytest.raises(TypeError):
        record.annotate(5, highlight=Highlight(["naxos"]), isles=["paros"])


def test_add_variation_checks_every_move_before_adding_it():
    """``GameRecord`` no longer re-declares ``add_variation`` and undoes what it appended:
    the tree asks it to replay the new line first, then adds it."""
    assert "add_variation" not in GameRecord.__dict__
    record = GameRecord.loads(base_text())
    before = record.dumps()
    with pytest.raises(RecordError) as info:
        record.add_variation(4, [record.moves()[4], "roll 9 9"])
    assert info.value.path == "$.variations[0].steps[1]"
    assert record.dumps() == before and record.variations == [] and record._lines.keys() == {()}
    line = record.add_variation(4, [record.moves()[4]], comment="the same")
    assert record.to_dict()["checksum"] == record.checksum()  # still known to be legal
    assert record.replay(line).moves() == record.moves(line)
