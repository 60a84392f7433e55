"""The board editor's Python core (issue 27): edits as intents, checked as they come,
undone and redone; the code, the game, "Play from here", "What if?" and records from the
position.

The browser side (clicks, the palette, the panels) comes with the widget; these tests hold
the model the widget sends its intents to.
"""

from __future__ import annotations

import json

import pytest

import cyclades_widgets as cw
from cyclades_widgets.editor import EditorModel, palette
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.scenario import Scenario, ScenarioError

# --------------------------------------------------------------------------- the done-when

DONE_WHEN = [
    {"type": "empty"},
    {"type": "place", "piece": "troop", "place": "naxos", "player": "Athens", "count": 3},
    {"type": "place", "piece": "troop", "place": "paros", "player": "Sparta", "count": 2},
    {"type": "place", "piece": "fortress", "place": "paros", "player": "Sparta"},
    # Sparta holds a second isle: a player's last isle may be attacked only by a move that
    # wins the game at once (tests/test_victory.py), so Paros alone could not be attacked.
    {"type": "place", "piece": "troop", "place": "kea", "player": "Sparta", "count": 1},
    # 2 fleets next to Paros, and the two seas that link them to Naxos: on every map the
    # shortest chain of fleets from Naxos to Paros crosses three sea spaces.
    {"type": "place", "piece": "fleet", "place": "h4", "player": "Athens", "count": 2},
    {"type": "toggle", "piece": "fleet", "place": "h5", "player": "Athens"},
    {"type": "toggle", "piece": "fleet", "place": "i5", "player": "Athens"},
    {"type": "set", "field": "gold", "player": "Athens", "value": 9},
    {"type": "set", "field": "turn", "value": {"god": "ares", "player": "Athens"}},
]


def done_when_editor() -> EditorModel:
    editor = cw.Editor(players=4)
    for intent in DONE_WHEN:
        editor.apply(json.loads(json.dumps(intent)))  # as the page sends it: plain JSON
    return editor


def test_the_issue_position_is_built_by_intents_alone():
    state = done_when_editor().state
    assert state.isles["naxos"].owner == 0 and state.isles["naxos"].troops == 3
    assert (state.isles["paros"].owner, state.isles["paros"].troops) == (1, 2)
    assert state.isles["paros"].buildings == ["fortress"]
    assert state.fleets == {"h4": (0, 2), "h5": (0, 1), "i5": (0, 1)}
    assert state.players[0].gold == 9
    assert state.turn is not None and (state.turn.god, state.turn.player) == ("ares", 0)
    assert sum(1 for isle in state.isles.values() if isle.owner is not None) == 3


def test_the_code_rebuilds_the_identical_state():
    editor = done_when_editor()
    code = editor.code()
    assert code.startswith("(\n    cw.Scenario(players=4)\n    .empty()\n")
    assert '.phase("actions", god="ares", player="Athens")' in code
    assert eval(code, {"cw": cw}).state() == editor.state


def test_playing_from_the_position_lets_athens_attack_paros():
    """seed 000 'Ares': troops move along a chain of the player's fleets and attack."""
    game = done_when_editor().game(seed=3)
    assert game.to_act == "Athens"
    attacks = [str(a) for a in game.legal_actions() if str(a).startswith("move troops naxos>paros")]
    assert attacks == [f"move troops naxos>paros {n}" for n in (1, 2, 3)]
    game.play("move troops naxos>paros 3")
    assert game.state.isles["naxos"].troops == 0  # the battle for Paros is under way


def test_play_from_here_opens_a_game_view_with_bots_in_the_chosen_seats():
    view = done_when_editor().play(bots={"Sparta": "medium", "Corinth": "easy"}, seed=1)
    assert isinstance(view, cw.GameView)
    board = view.board
    assert board.game.to_act == "Athens"
    assert "move troops naxos>paros 3" in {str(a) for a in board.game.legal_actions()}
    assert set(board.bots) == {"Sparta", "Corinth"}


# --------------------------------------------------------------------------- refusals


def _serialised(editor: EditorModel) -> tuple[str, str, str, str]:
    """Everything that says what the position is, as text."""
    return (
        json.dumps(editor.state.to_dict(), sort_keys=True),
        editor.code(),
        repr(editor.scenario),
        json.dumps(editor.history),
    )


REFUSED = {
    "a 4th building on a 3-slot isle": (
        {"type": "place", "piece": "temple", "place": "milos"},
        "Milos has 3 building spaces and 0 free",
        "3 emplacements",
    ),
    "a fleet on land": (
        {"type": "place", "piece": "fleet", "place": "naxos", "player": "Athens"},
        "Naxos is an isle; fleets go on sea spaces",
        "est une île",
    ),
    "more troops than the box holds": (
        {"type": "place", "piece": "troop", "place": "syros", "player": "Athens", "count": 8},
        "Athens would have 9 troops on the board; the limit is 8",
        "la limite est 8",
    ),
    "gold that breaks the bank": (
        {"type": "set", "field": "gold", "player": "Athens", "value": 90},
        "the players would hold 105 GP, more than the 98 GP in the box",
        "plus que les 98 PO de la boîte",
    ),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_an_impossible_edit_is_refused_and_leaves_the_position_byte_identical(name: str):
    editor = cw.Editor(players=4)
    editor.place("troop", "milos", player="Athens")
    editor.place("fortress", "milos", count=2)
    editor.place("port", "milos")  # Milos has 3 spaces: all taken
    before = _serialised(editor)
    intent, english, french = REFUSED[name]
    with pytest.raises(ScenarioError) as refusal:
        editor.apply(intent)
    assert english in refusal.value.message("en")
    assert french in refusal.value.message("fr")
    assert refusal.value.message("zh") != refusal.value.message("en")
    assert _serialised(editor) == before
    assert editor.check(intent) is not None


def test_a_refusal_speaks_the_editors_language():
    editor = cw.Editor(players=3, lang="zh")
    with pytest.raises(ScenarioError) as refusal:
        editor.place("fleet", "naxos", player="Athens")
    assert "舰队只能放在海域上" in str(refusal.value)


def test_a_refused_edit_of_the_cycle_is_refused_at_once():
    """The cycle's settings are checked with the whole position, at each edit: an
    offering on a face-down god is refused when it is placed, not later."""
    editor = cw.Editor(players=4)
    editor.set("gods", ["zeus", "ares", "poseidon", "athena"])
    with pytest.raises(ScenarioError, match="Athena is face down"):
        editor.place("offering", "athena", player="Athens")
    assert editor.state.bids == {}


@pytest.mark.parametrize(
    ("intent", "message"),
    [
        ("place troops", "an edit is an object"),
        ({"type": "paint"}, "unknown edit 'paint'"),
        ({"type": "place", "piece": "troop"}, "needs place"),
        ({"type": "place", "piece": "troop", "place": "naxos"}, "needs player"),
        ({"type": "place", "piece": "dragon", "place": "naxos"}, "nothing called 'dragon'"),
        ({"type": "empty", "colour": "red"}, "has no colour"),
        ({"type": "set", "field": "weather", "value": 1}, "no side-panel field"),
        ({"type": "set", "field": "gold", "value": 3}, "needs player"),
        ({"type": "set", "field": "gods", "value": "ares"}, "is a list"),
        ({"type": "set", "field": "turn", "value": "ares"}, "names a god and its player"),
        ({"type": "place", "piece": "troop", "place": 7, "player": "Athens"}, "expected a name"),
        ({"type": "undo"}, "no edit to take back"),
        ({"type": "redo"}, "no edit taken back"),
    ],
)
def test_a_malformed_intent_is_a_named_error(intent: object, message: str):
    editor = cw.Editor(players=3)
    before = _serialised(editor)
    with pytest.raises(ScenarioError, match=message):
        editor.apply(intent)  # type: ignore[arg-type]
    assert _serialised(editor) == before


def test_buildings_placed_in_a_colour_go_on_that_players_isle():
    editor = cw.Editor(players=3)
    with pytest.raises(ScenarioError, match="Naxos belongs to Athens"):
        editor.place("temple", "naxos", player="Sparta")
    editor.place("temple", "naxos", player="Athens")
    assert editor.state.isles["naxos"].buildings == ["temple"]


# --------------------------------------------------------------------------- edits


def test_a_click_places_and_a_second_click_takes_away():
    editor = cw.Editor(players=3)
    assert editor.toggle("troop", "delos", player="Corinth", count=2)["type"] == "place"
    assert editor.state.isles["delos"].troops == 2
    assert editor.toggle("troop", "delos", player="Corinth")["type"] == "remove"
    assert editor.state.isles["delos"].owner is None
    editor.toggle("prosperity", "delos", count=2)
    assert editor.state.isles["delos"].markers == 2
    editor.toggle("prosperity", "delos")
    assert editor.state.isles["delos"].markers == 0


def test_a_count_is_how_many_stand_there_afterwards():
    editor = cw.Editor(players=3)
    editor.place("troop", "naxos", player="Athens", count=4)
    editor.place("troop", "naxos", player="Athens", count=2)  # stepped down
    editor.place("temple", "naxos", count=2)
    editor.place("temple", "naxos", count=1)
    isle = editor.state.isles["naxos"]
    assert (isle.troops, isle.buildings) == (2, ["temple"])
    assert editor.state.building_supply["temple"] == 9


def test_taking_troops_away_leaves_the_isle_and_its_buildings_to_nobody():
    """An isle nobody holds keeps its buildings (rules/control.py)."""
    editor = cw.Editor(players=3)
    editor.place("port", "naxos")
    editor.remove("troop", "naxos", player="Athens")
    isle = editor.state.isles["naxos"]
    assert (isle.owner, isle.troops, isle.buildings) == (None, 0, ["port"])
    with pytest.raises(ScenarioError, match="Kea has no troops of Sparta"):
        editor.remove("troop", "kea", player="Sparta")


def test_undo_and_redo_walk_the_edits():
    editor = cw.Editor(players=3)
    start = editor.state
    editor.empty()
    editor.place("troop", "naxos", player="Athens", count=3)
    after = editor.state
    assert editor.undo() == {"type": "undo"}
    assert editor.undo() == {"type": "undo"}
    assert editor.state == start and not editor.can_undo and editor.can_redo
    editor.apply({"type": "redo"})
    editor.redo()
    assert editor.state == after and not editor.can_redo
    editor.undo()
    editor.set("gold", 7, player="Sparta")  # a new edit forgets the edits taken back
    assert not editor.can_redo
    assert [i["type"] for i in editor.history] == ["empty", "set"]


def test_an_edit_that_changes_nothing_is_not_a_step():
    editor = cw.Editor(players=3)
    editor.set("gold", 5, player="Athens")
    assert editor.history == [] and not editor.can_undo


def test_listeners_hear_every_change():
    editor = cw.Editor(players=3)
    heard: list[int] = []
    stop = editor.subscribe(lambda e: heard.append(e.state.players[0].gold))
    editor.set("gold", 8, player="Athens")
    editor.undo()
    with pytest.raises(ScenarioError):
        editor.set("gold", -1, player="Athens")
    stop()
    editor.redo()
    assert heard == [8, 5]


def test_every_panel_field_is_an_intent():
    editor = cw.Editor(players=3)
    edits = [
        ("priests", 2, "Athens"),
        ("philosophers", 1, "Sparta"),
        ("cycle", 3, None),
        ("gods", ["zeus", "ares"], None),
        ("order", ["Corinth", "Athens", "Sparta"], None),
        ("creatures", ["pegasus", None, "giant"], None),
        ("discard", ["siren"], None),
        ("phase", "revenue", None),
    ]
    for field, value, player in edits:
        editor.set(field, value, player=player)
    panels = editor.panels()
    assert [p["priests"] for p in panels["players"]] == [2, 0, 0]
    assert panels["cycle"] == 3 and panels["phase"] == "revenue"
    assert [g["god"] for g in panels["gods"]][:2] == ["zeus", "ares"]
    assert [g["face_up"] for g in panels["gods"]] == [True, True, False, False]
    assert panels["order"] == ["Corinth", "Athens", "Sparta"]
    assert panels["creatures"] == ["pegasus", None, "giant"] and panels["discard"] == ["siren"]
    assert eval(editor.code(), {"cw": cw}).state() == editor.state


def test_offerings_are_placed_on_the_gods_track():
    editor = cw.Editor(players=3)
    editor.place("offering", "ares", player="Athens", count=3)
    editor.place("offering", "apollo", player="Sparta")
    panels = editor.panels()
    assert panels["offerings"] == {"ares": {"player": "Athens", "amount": 3}, "apollo": ["Sparta"]}
    assert panels["to_act"] == "Corinth"
    editor.toggle("offering", "apollo", player="Sparta")
    assert editor.panels()["offerings"]["apollo"] == []


# --------------------------------------------------------------------------- what the board needs


def test_targets_are_the_places_that_accept_a_piece_now():
    editor = done_when_editor()
    assert editor.targets("fortress") == ["kea", "paros", "naxos"]  # the isles held
    fleets = editor.targets("fleet", player="Athens", count=4)  # Athens has 4 of 8 out
    assert "naxos" not in fleets and len(fleets) == len(MapSpec.load("map-4").seas)
    assert editor.targets("fleet", player="Athens", count=5) == ["h4", "h5", "i5"]


def test_the_palette_lists_every_piece_of_every_player():
    entries = palette(Scenario(players=3))
    pieces = {(e["piece"], e["player"]) for e in entries}
    for name in ("Athens", "Sparta", "Corinth"):
        assert {("troop", name), ("fleet", name), ("territory", name)} <= pieces
    assert {("fortress", None), ("port", None), ("temple", None), ("university", None),
            ("metropolis", None), ("prosperity", None)} <= pieces  # fmt: skip
    assert all(e["on"] in ("isle", "sea", "god") for e in entries)


# --------------------------------------------------------------------------- from the editor


def test_the_editor_starts_from_a_number_a_scenario_or_a_game():
    scenario = Scenario(players=3).gold("Sparta", 6)
    assert cw.Editor(scenario).state == scenario.state()
    game = cw.Game.new(players=3, seed=2)
    state = cw.Editor(game).state
    state.step = game.state.step
    assert state == game.state
    assert cw.Editor(players=["Ada", "Bo"]).players == ("Ada", "Bo")
    with pytest.raises(ScenarioError, match="got dict"):
        cw.Editor({"players": 3})  # type: ignore[arg-type]


def test_editor_scenario_is_a_copy():
    editor = cw.Editor(players=3)
    editor.scenario.gold("Athens", 9)
    assert editor.state.players[0].gold == 5


def test_the_position_saves_as_a_records_start_and_loads_back(tmp_path):
    editor = done_when_editor()
    path = editor.save(tmp_path / "position.json", title="What if Sparta had a Fortress?")
    record = cw.GameRecord.load(path)
    assert record.start is not None and record.steps == []
    assert record.title == "What if Sparta had a Fortress?"
    loaded = cw.Editor(record)
    assert loaded.state == editor.state
    assert loaded.code() == editor.code()
    assert cw.Editor.load(path).state == editor.state


def test_a_record_from_the_set_up_is_not_a_position_to_edit():
    record = cw.Game.new(players=3, seed=1).record
    with pytest.raises(ScenarioError, match="record.game_at"):
        cw.Editor(record)
    assert cw.Editor(record.game_at(3)).state.phase.value == "offerings"


def test_what_if_runs_from_the_position():
    result = done_when_editor().whatif(n=2, max_cycles=1, bots={"Sparta": "easy"})
    assert result.n == 2 and set(result.wins) == {"Athens", "Sparta", "Corinth", "Thebes"}
    assert sum(result.wins.values()) + result.unfinished == 2


def test_a_bot_for_an_unknown_seat_is_refused():
    with pytest.raises(ScenarioError, match="unknown player 'Rome'"):
        cw.Editor(players=3).bots({"Rome": "easy"})


def test_check_says_whether_an_undo_or_a_redo_is_possible_without_making_it():
    editor = cw.Editor(players=3)
    assert "no edit to take back" in str(editor.check({"type": "undo"}))
    editor.set("gold", 7, player="Athens")
    assert editor.check({"type": "undo"}) is None
    assert editor.state.players[0].gold == 7
    with pytest.raises(ScenarioError, match="has no steps"):
        editor.apply({"type": "undo", "steps": 2})


def test_a_notebook_shows_the_position_as_a_board():
    editor = done_when_editor()
    picture = editor._repr_svg_()
    assert picture.startswith("<svg") and picture == cw.svg.board(editor.state).__str__()
