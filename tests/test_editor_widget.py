"""The board editor's widget (issue 27): the trait protocol between Python and the page.

The page (``js/src/editor.js``) sends what a click, a right click, a key or the count
field means: ``tool`` messages and edit intents; Python checks each and sends back the
view (the chosen piece's places lit), the edit bar (``edit``) and ``error``. These tests
send the page's messages as they are and read the traits the page paints.
"""

from __future__ import annotations

import json
import re

import pytest

import cyclades_widgets as cw
from cyclades_widgets.editor import widget as editor_widget
from cyclades_widgets.view import palette
from cyclades_widgets.widgets.editboard import EditBoard


def serialised(editor: cw.Editor) -> tuple[str, str, str]:
    """The position, its code and its history, as text."""
    return (json.dumps(editor.state.to_dict(), sort_keys=True), editor.code(),
            json.dumps(editor.history))  # fmt: skip


def tool_message(piece: str, player: str | None = None, count: int | None = None) -> dict:
    return {"type": "tool", "piece": piece, "player": player, "count": count}


def test_the_edit_bar_lists_every_piece_of_the_palette_with_its_name_and_picture():
    editor = cw.Editor(players=3)
    edit = editor.board.edit
    assert [(t["piece"], t["player"]) for t in edit["tools"]] == [
        (p["piece"], p["player"]) for p in editor.palette()
    ]
    labels = {t["id"]: t["label"] for t in edit["tools"]}
    assert labels["troop:Sparta"] == "Sparta troops" and labels["fortress"] == "Fortress"
    assert edit["tool"] == {"id": "troop:Athens", "piece": "troop", "player": "Athens", "count": 1}
    assert set(edit["words"]) >= {"palette", "count", "undo", "redo", "empty", "keys"}
    assert edit["can_undo"] is False and edit["can_redo"] is False


def test_a_tools_picture_is_drawn_in_its_players_colour_and_shape():
    edit = cw.Editor(players=3).board.edit
    tools = {t["id"]: t for t in edit["tools"]}
    for seat, name in enumerate(("Athens", "Sparta", "Corinth")):
        troop = tools[f"troop:{name}"]["picture"]
        assert troop[0]["fill"] == palette.seat_colour(seat)
        assert troop[0]["icon"] == f"shape:{palette.PLAYER_SHAPES[seat]}"
    for tool in tools.values():  # every placeholder of the recipes is filled in
        assert "$" not in json.dumps(tool["picture"]), tool["id"]
        assert tool["box"] > 0


def test_the_places_that_accept_the_chosen_piece_are_lit():
    editor = cw.Editor(players=4)
    board = editor.board
    assert board.handle_intent({"type": "empty"})
    assert set(board.view["lit"]) == set(editor.targets("troop", "Athens", 1))
    assert board.handle_intent(tool_message("fleet", "Athens"))
    assert all(re.fullmatch(r"[a-z]\d+", place) for place in board.view["lit"])
    assert board.view["prompt"]["text"].startswith("Athens fleets: click a highlighted place")
    assert board.handle_intent(tool_message("fortress"))
    assert board.view["lit"] == []  # no isle has an owner: a Fortress goes nowhere
    assert board.handle_intent(tool_message("offering", "Athens"))
    assert board.view["lit"] == [] and "ares" in board.view["lit_track"]


def test_a_click_places_the_chosen_count_and_a_second_click_takes_it_away():
    editor = cw.Editor(players=4)
    board = editor.board
    board.handle_intent({"type": "empty"})
    board.handle_intent(tool_message("troop", "Athens", 3))
    assert board.edit["tool"]["count"] == 3
    click = {"type": "toggle", "piece": "troop", "place": "naxos", "player": "Athens", "count": 3}
    assert board.handle_intent(click) and board.error == ""
    assert editor.state.isles["naxos"].troops == 3 and "naxos" in board.view["lit"]
    assert board.handle_intent(click)
    assert editor.state.isles["naxos"].troops == 0
    assert board.edit["can_undo"] is True


def test_a_right_click_takes_the_chosen_piece_away():
    editor = cw.Editor(players=4)
    board = editor.board
    owned = next(i for i, isle in editor.state.isles.items() if isle.owner == 0)
    assert board.handle_intent({"type": "remove", "piece": "troop", "place": owned,
                                "player": "Athens"})  # fmt: skip
    assert editor.state.isles[owned].troops == 0


def test_a_refused_click_says_why_and_leaves_the_position_byte_identical():
    editor = cw.Editor(players=4, lang="fr")
    board = editor.board
    board.handle_intent({"type": "empty"})
    before, view = serialised(editor), json.dumps(board.view, sort_keys=True)
    click = {"type": "toggle", "piece": "fortress", "place": "milos"}
    assert board.handle_intent(click) is False
    assert "Milos" in board.error and "propriétaire" in board.error
    assert serialised(editor) == before
    assert json.dumps(board.view, sort_keys=True) == view
    assert board.handle_intent({"type": "undo"}) and board.error == ""  # the next edit clears it


@pytest.mark.parametrize(
    "message",
    [
        "place naxos",
        {"type": "play", "id": 0},
        {"type": "toggle", "piece": "dragon", "place": "naxos"},
        tool_message("troop", "Athens", 9),
        tool_message("troop", "Athens", "3"),
        tool_message("troop", "Rome"),
    ],
)
def test_a_malformed_message_is_refused_with_a_message_and_changes_nothing(message: object):
    editor = cw.Editor(players=3)
    board = editor.board
    before, tool = serialised(editor), board.tool
    assert board.handle_intent(message) is False
    assert board.error != ""
    assert serialised(editor) == before and board.tool == tool


def test_a_redraw_report_is_accepted_and_changes_nothing():
    editor = cw.Editor(players=3)
    before = serialised(editor)
    assert editor.board.handle_intent({"type": "rendered", "step": 0, "ms": 3.2})
    assert serialised(editor) == before


def test_undo_and_redo_from_the_page_walk_the_edits_and_the_buttons_follow():
    editor = cw.Editor(players=3)
    board = editor.board
    board.handle_intent({"type": "empty"})
    assert board.edit["can_undo"] and not board.edit["can_redo"]
    board.handle_intent({"type": "undo"})
    assert not board.edit["can_undo"] and board.edit["can_redo"]
    assert board.handle_intent({"type": "undo"}) is False
    assert "no edit to take back" in board.error
    board.handle_intent({"type": "redo"})
    assert editor.state.isles["naxos"].troops == 0


def test_the_board_follows_edits_made_in_python():
    editor = cw.Editor(players=3)
    editor.empty()
    editor.place("troop", "naxos", player="Sparta", count=2)
    assert any(p["target"] == "naxos" and p["n"] == 2 for p in editor.board.view["pieces"].values())
    assert editor.board.edit["can_undo"]


def test_side_panels_edit_in_place_and_a_refusal_puts_the_values_back():
    editor = cw.Editor(players=4)
    gold = editor.panel.rows["Athens"]["gold"]
    gold.value = 9
    assert editor.state.players[0].gold == 9 and 'gold("Athens", 9)' in editor.panel.code.value
    gold.value = 95  # more than the bank holds
    assert gold.value == 9 and editor.state.players[0].gold == 9
    assert "98 GP" in editor.board.error
    editor.panel.turn_god.value = "ares"  # waits for the player: nothing sent yet
    assert editor.panel.turn_god.value == "ares" and editor.state.turn is None
    editor.panel.turn_player.value = "Athens"
    assert editor.state.turn is not None and editor.state.turn.god == "ares"
    assert editor.board.error == ""  # the edit made clears the last refusal
    assert editor.panel.to_act.value == "Decides now: Athens"


def test_the_gods_and_the_turn_track_swap_places_in_the_panels():
    editor = cw.Editor(players=4)
    editor.panel.gods[0].value = "zeus"
    assert list(editor.state.god_order[:3]) == ["zeus", "poseidon", "ares"]
    assert [m.value for m in editor.panel.gods][:3] == ["zeus", "poseidon", "ares"]
    editor.panel.order[0].value = "Thebes"
    assert [editor.state.names[p] for p in editor.state.turn_order][0] == "Thebes"


def test_play_from_here_opens_the_game_below_with_the_seats_chosen():
    editor = cw.Editor(players=3)
    editor.seats["Sparta"].value = "medium"
    editor.play_button.click()
    view = editor.view
    assert isinstance(view, cw.GameView) and editor.below.children == (view,)
    assert set(view.board.bots) == {"Sparta", "Corinth"} and view.board.lang == "en"
    editor.play_button.click()
    assert editor.view is not view and editor.below.children == (editor.view,)


def test_what_if_shows_the_win_rates_beside_the_board(monkeypatch):
    monkeypatch.setattr(editor_widget, "WHATIF_GAMES", 4)
    editor = cw.Editor(players=3, lang="zh")
    editor.whatif_button.click()
    note = editor.board.annotation
    assert note["title"] == "如果……?机器人继续下了 4 局"
    assert all(name in note["text"] for name in editor.players) and "胜率" in note["text"]
    assert editor.whatif_button.disabled is False


def test_the_editor_speaks_the_learners_language():
    editor = cw.Editor(players=3, lang="zh")
    tools = {t["id"]: t["label"] for t in editor.board.edit["tools"]}
    assert tools["fleet:Athens"] == "Athens的舰队" and tools["temple"] == "神庙"
    assert editor.board.static["text"]["rejected"] == "不允许"
    assert editor.panel.get_title(0) == "玩家"
    editor.board.handle_intent({"type": "toggle", "piece": "fleet", "place": "naxos",
                                "player": "Athens"})  # fmt: skip
    assert "纳克索斯" in editor.board.error


def test_an_edit_board_needs_a_known_mode_and_language():
    editor = cw.Editor(players=2)
    with pytest.raises(ValueError, match="mode"):
        EditBoard(editor, mode="huge")
    with pytest.raises(ValueError):
        EditBoard(editor, lang="xx")
