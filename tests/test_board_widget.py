"""The Board widget and GameView without a browser: traits, intents, navigation.

The front end only sends intents; these tests send the same messages directly through
``Board.handle_intent`` (what the comm handler calls) and check the game and the traits.
Every intent names the step it was made at (issue 18, "Widget intents").
"""

from __future__ import annotations

import json
import pathlib

import pytest
from creature_positions import ATHENS, turn_position
from creature_positions import game as creature_game

import cyclades_widgets as cw
from cyclades_widgets.export.page import game_views, page_data, replay_page
from cyclades_widgets.view import model
from cyclades_widgets.view.diff import apply
from cyclades_widgets.widgets import Board, GameView
from cyclades_widgets.widgets.intents import MAX_ERROR
from cyclades_widgets.widgets.timeline import Timeline


def fresh(players: int = 3, seed: int = 1) -> cw.Game:
    return cw.Game.new(players=players, seed=seed)


def frozen(game: cw.Game) -> tuple[dict, int, bool]:
    """Everything an intent could change: the state, the history length, redo."""
    return game.state.to_dict(), len(game.history), game.can_redo()


def send(board: Board, kind: str, **fields: object) -> bool:
    """An intent as the front end sends it: made at the step shown now."""
    return board.handle_intent({"type": kind, **fields, "step": board.game.state.step})


def shown(board: Board) -> dict:
    """The view the front end shows: the base view with its patch applied."""
    return apply(board.view, board.view_patch)


# --------------------------------------------------------------------------- traits


def test_traits_hold_the_view_model():
    game = fresh()
    board = Board(game, viewer="Sparta", lang="zh")
    legal = []  # Sparta's screen, Corinth to act
    expected = model.board_view(
        game.state,
        viewer="Sparta",
        lang="zh",
        events=game.history[-1].events,
        history=game.history,
        legal=legal,
    )
    assert shown(board) == expected == board.current_view
    assert board.static == model.static_payload(game.state.map_id, "zh")
    assert board.timeline["index"] == len(game.history) == board.timeline["length"]
    assert board.timeline["text"] == f"第 {len(game.history)} 步,共 {len(game.history)} 步"
    assert board.error == ""


def test_esm_and_css_are_files_for_hot_reload():
    """anywidget reloads _esm/_css from disk with ANYWIDGET_HMR=1 when they are Paths
    (it wraps a Path in a FileContents that remembers the file)."""
    static = pathlib.Path(cw.__file__).parent / "static"
    assert pathlib.Path(Board._esm._path) == static / "board.js"
    assert pathlib.Path(Board._css._path) == static / "board.css"
    assert "export" in str(Board._esm) and ".cw-root" in str(Board._css)


def test_traits_sync_to_the_front_end():
    board = Board(fresh())
    state = board.get_state()
    for name in ("static", "view", "view_patch", "legal", "annotation", "timeline", "mode"):
        assert name in state, name
    assert "highlights" not in state  # placed in Python, sent within the view
    assert state["viewer"] is None and state["lang"] == "en"
    json.dumps(state["view"], allow_nan=False)


def test_a_step_sends_a_small_patch_of_the_base_view():
    game = fresh()
    board = Board(game)
    base = board.view
    assert send(board, "play", notation="bid apollo")
    assert board.view is base or board.view == base
    patch = json.dumps(board.view_patch)
    assert 0 < len(patch) < len(json.dumps(board.view)) * 0.35
    assert shown(board) == board.current_view


def test_legal_actions_are_offered_only_to_the_viewer_who_decides():
    game = fresh()
    to_act = game.to_act
    other = next(p for p in game.players if p != to_act)
    everything = model.legal_for(game.state, game.legal_actions())
    assert Board(game, viewer=to_act).legal == everything
    assert Board(game, viewer=other).legal == []
    assert Board(game).legal == everything  # teacher's view


def test_bad_viewer_language_or_mode_is_refused():
    with pytest.raises(ValueError, match="not a player"):
        Board(fresh(), viewer="Rhodes")
    with pytest.raises(ValueError, match="en"):
        Board(fresh(), lang="xx")
    with pytest.raises(ValueError, match="projector"):
        Board(fresh(), mode="giant")
    board = Board(fresh())
    with pytest.raises(ValueError, match="not a player"):
        board.viewer = "Rhodes"
    assert board.viewer is None


def test_changing_the_viewer_hides_the_others_gold():
    """seed 000 'Setup' 1: gold is kept behind each player's screen."""
    board = Board(fresh())
    assert all(p["gold"].endswith("GP") for p in shown(board)["players"])
    board.viewer = "Athens"
    gold = [p["gold"] for p in shown(board)["players"]]
    assert gold[0].endswith("GP") and gold[1:] == ["gold hidden", "gold hidden"]


def test_changing_the_language_or_the_mode_resends_the_static_payload():
    board = Board(fresh())
    board.lang = "zh"
    assert board.static["text"]["gods"]["ares"] == "阿瑞斯"
    assert shown(board)["header"]["phase"] == "献祭"
    board.mode = "projector"
    assert board.static["mode"] == "projector" and board.static["sizes"]["isle_name"] >= 15


# --------------------------------------------------------------------------- intents


def test_a_valid_play_intent_by_id_plays_the_listed_action():
    """Issue 11 item 5: the board plays the Action it listed, not a re-parsed string."""
    game = fresh()
    board = Board(game)
    action = board.legal[2]
    listed = board._actions[2]
    before = len(game.history)
    assert send(board, "play", id=action["id"], notation=action["notation"])
    assert game.history[-1].action is listed and len(game.history) == before + 1
    assert board.error == ""
    assert shown(board)["step"] == game.state.step


def test_a_valid_play_intent_by_notation_applies_the_action():
    """seed 000 'Offerings': Apollo needs no offering."""
    game = fresh()
    board = Board(game)
    who = game.to_act
    assert send(board, "play", notation="bid apollo")
    assert game.state.apollo == [game.state.seat(who)]


MALFORMED = [
    "garbage",
    None,
    42,
    ["play", 0],
    {},
    {"type": "explode"},
    {"type": 3},
    {"type": "play"},
    {"type": "play", "id": "0"},
    {"type": "play", "id": True},
    {"type": "play", "id": 9999},
    {"type": "play", "id": -1},
    {"type": "play", "notation": 5},
    {"type": "play", "notation": "fly to the moon"},
    {"type": "play", "notation": "bid ares 99"},
    {"type": "play", "notation": "recruit troop naxos"},
    {"type": "play", "id": 0, "notation": "bid apollo"},
    {"type": "nav", "to": "sideways"},
    {"type": "nav", "to": "back", "by": "decade"},
    {"type": "goto", "index": 10_000},
    {"type": "goto", "index": "3"},
    {"type": "redo"},
    {"type": "rendered", "step": "x", "ms": 1},
    {"type": "rendered", "step": 1, "ms": 10**400},
    {"type": "rendered", "step": 1, "ms": -5},
    {"type": "rendered", "step": 1, "ms": float("inf")},
    {"type": "continue", "step": None},
    {"type": "play", "notation": "x" * 1_000_000},
]
"""Malformed, illegal or out-of-range intents; each is sent with the current step unless
it names one."""


@pytest.mark.parametrize("msg", MALFORMED, ids=[repr(m)[:40] for m in MALFORMED])
def test_malformed_or_illegal_intents_are_rejected_and_change_nothing(msg):
    game = fresh()
    board = Board(game)
    before = frozen(game)
    view, legal = shown(board), board.legal
    if isinstance(msg, dict) and "step" not in msg and msg.get("type") != "rendered":
        msg = {**msg, "step": game.state.step}
    assert board.handle_intent(msg) is False
    assert board.error, "a rejected intent must say why"
    assert len(board.error) <= MAX_ERROR
    assert frozen(game) == before
    assert shown(board) == view and board.legal == legal


def test_an_illegal_bid_explains_the_rule():
    """seed 000 'Offerings': it is forbidden to bid more than you can afford."""
    game = fresh()
    board = Board(game)
    god = game.state.god_order[0]
    assert not send(board, "play", notation=f"bid {god} 99")
    assert "cannot bid 99" in board.error and game.to_act in board.error


def test_the_error_clears_after_the_next_good_intent():
    board = Board(fresh())
    send(board, "play", id=9999)
    assert board.error
    send(board, "play", id=0)
    assert board.error == ""


def test_a_viewer_cannot_play_for_another_player():
    game = fresh()
    other = next(p for p in game.players if p != game.to_act)
    board = Board(game, viewer=other)
    before = frozen(game)
    assert not send(board, "play", notation="bid apollo")
    assert f"It is {game.to_act}'s decision" in board.error
    assert frozen(game) == before


def test_a_stale_id_with_another_notation_is_rejected():
    game = fresh()
    board = Board(game)
    wrong = board.legal[1]["notation"]
    assert not send(board, "play", id=0, notation=wrong)
    assert "out of date" in board.error


def test_an_intent_made_at_another_step_is_refused_with_a_message():
    """Issue 18: the same play sent twice must not play again for the next player."""
    game = fresh()
    board = Board(game)
    intent = {"type": "play", "id": 0, "notation": board.legal[0]["notation"],
              "step": game.state.step}  # fmt: skip
    assert board.handle_intent(dict(intent))
    before = frozen(game)
    assert not board.handle_intent(dict(intent))
    assert "moved on" in board.error and "played nothing" in board.error
    assert f"step {len(game.history)} of {len(game.history)}" in board.error
    assert frozen(game) == before
    assert board.current_view["step"] == game.state.step  # redrawn at the game's position
    assert not board.handle_intent({"type": "undo"})  # no step at all
    assert frozen(game) == before and "named no step" in board.error


def test_a_key_pressed_twice_before_the_redraw_moves_once():
    """A navigation intent made at an earlier step is read from where it was made: a key
    held down moves once per redraw, with no error, and plays nothing."""
    game, board = played(3)
    send(board, "nav", to="start")
    made_at = game.state.step
    first = {"type": "nav", "to": "forward", "by": "step", "step": made_at}
    assert board.handle_intent(dict(first)) and len(game.history) == 1
    assert board.handle_intent(dict(first)) and len(game.history) == 1
    assert board.error == ""
    assert not board.handle_intent({"type": "undo", "step": made_at})  # not a nav: stale
    assert "moved on" in board.error and len(game.history) == 1


def test_a_huge_notation_is_quoted_briefly():
    """Issue 18: a 1 MB notation must not make a 2 MB error synced to the browser."""
    board = Board(fresh())
    assert not send(board, "play", notation="bid " + "x" * 1_000_000)
    assert len(board.error) < 300


def test_an_overflowing_render_time_is_refused_not_raised():
    """Issue 18: {"type": "rendered", "ms": 10**400} raised OverflowError."""
    board = Board(fresh())
    assert not board.handle_intent({"type": "rendered", "step": 1, "ms": 10**400})
    assert board.error


def test_continue_runs_to_the_next_decision():
    game = cw.Game.new(players=3, seed=1, start="setup")
    board = Board(game)
    assert board.legal == [] and game.node == "chance"
    assert send(board, "continue")
    assert game.node == "decision" and board.legal


def test_continue_is_refused_while_a_player_must_decide():
    game = fresh()
    board = Board(game)
    before = frozen(game)
    assert not send(board, "continue")
    assert f"{game.to_act} must decide" in board.error and frozen(game) == before


def test_step_and_the_right_arrow_at_the_end_take_the_next_step():
    game = cw.Game.new(players=3, seed=1, start="setup")
    board = Board(game)
    assert send(board, "step") and len(game.history) == 1
    assert send(board, "nav", to="forward", by="step") and len(game.history) == 2
    while game.node != "decision":
        send(board, "step")
    before = frozen(game)
    assert not send(board, "step") and frozen(game) == before
    assert "must decide" in board.error


def test_continue_lets_bots_play_their_seats():
    game = fresh()
    bots = {name: cw.RandomBot(seed=1) for name in game.players if name != "Athens"}
    board = Board(game, bots=bots)
    while game.to_act != "Athens":
        assert send(board, "continue")
    assert game.to_act == "Athens"


def test_a_full_cycle_can_be_played_through_intents_alone():
    """Issue 6 'done when': a whole cycle of a 3-player game, by clicks (intents) only."""
    game = fresh(seed=2)
    board = Board(game)
    start = game.cycle
    for _ in range(400):
        if game.cycle != start:
            break
        if board.legal:
            ends = [a for a in board.legal if a["kind"] == "end"]
            choice = ends[0] if ends else board.legal[-1]
            assert send(board, "play", id=choice["id"]), board.error
        else:
            assert send(board, "continue"), board.error
    assert game.cycle == start + 1


# --------------------------------------------------------------------------- navigation


def played(n: int) -> tuple[cw.Game, Board]:
    game = fresh(seed=3)
    board = Board(game)
    for _ in range(n):
        send(board, "play", id=0)
    return game, board


def test_arrow_keys_step_back_and_forward_through_the_history():
    game, board = played(2)
    end = len(game.history)
    assert send(board, "nav", to="back", by="step")
    assert len(game.history) == end - 1
    assert (board.timeline["index"], board.timeline["length"]) == (end - 1, end)
    assert send(board, "nav", to="forward", by="step")
    assert len(game.history) == end


def test_home_and_end_jump_to_the_ends_of_the_history():
    game, board = played(2)
    end = len(game.history)
    send(board, "nav", to="start")
    assert len(game.history) == 0 and game.cycle == 0
    send(board, "nav", to="end")
    assert len(game.history) == end


def test_shift_arrows_step_by_phase():
    game, board = played(2)
    assert game.phase.value == "offerings"
    send(board, "nav", to="back", by="phase")
    assert game.phase.value == "offerings" and game.state.bids == {}  # start of offerings
    send(board, "nav", to="back", by="phase")
    assert game.phase.value == "revenue"
    send(board, "nav", to="forward", by="phase")
    assert game.phase.value == "offerings" and game.state.bids == {}


def test_goto_and_undo_redo():
    game, board = played(3)
    end = len(game.history)
    assert send(board, "goto", index=2)
    assert len(game.history) == 2
    assert send(board, "redo") and len(game.history) == 3
    assert send(board, "undo") and len(game.history) == 2
    assert board.timeline["length"] == end


def test_timeline_targets_stay_inside_the_history():
    game, _ = played(1)
    timeline = Timeline(game)
    assert timeline.target("start") == 0 and timeline.target("end") == timeline.length
    assert timeline.target("forward") == timeline.length  # nothing to redo
    for to in Timeline.TO:
        for by in Timeline.BY:
            assert 0 <= timeline.target(to, by) <= timeline.length


def test_render_reports_are_recorded_with_the_round_trip():
    board = Board(fresh())
    step = shown(board)["step"]
    assert board.handle_intent({"type": "rendered", "step": step, "ms": 3.5})
    assert board.render_stats[-1]["step"] == step and board.render_stats[-1]["ms"] == 3.5
    assert board.render_stats[-1]["roundtrip_ms"] is not None


def test_board_needs_a_game():
    with pytest.raises(TypeError, match="cw.Game"):
        Board("not a game")


# --------------------------------------------------------------------------- GameView


def test_gameview_controls_drive_the_board():
    game = fresh(seed=4)
    view = GameView(game)
    assert view.board.game is game
    assert view.slider.max == len(game.history) == view.slider.value
    assert [o[1] for o in view.picker.options] == [a["notation"] for a in view.board.legal]
    view.picker.value = "bid apollo"
    view.play_button.click()
    assert game.history[-1].notation == "bid apollo"
    assert view.slider.value == len(game.history)
    back = next(b for b in view.nav.children if b.tooltip == "Back one step (←)")
    assert all(len(b.description) <= 6 for b in view.nav.children)  # never cut to "<..."
    back.click()
    assert game.history[-1].notation != "bid apollo" and game.can_redo()
    assert not view.redo_button.disabled
    view.slider.value = view.slider.max
    assert game.history[-1].notation == "bid apollo"


def test_gameview_typed_notation_and_errors():
    game = fresh(seed=4)
    view = GameView(game)
    view.notation.value = "bid ares 99"
    view._play_typed()
    assert "bid" in view.message.value and view.notation.value == "bid ares 99"
    view.notation.value = "bid apollo"
    view._play_typed()
    assert view.message.value == "" and view.notation.value == ""


def test_gameview_tables_are_the_pandas_tables():
    """Issue 6: a tables tab of players, isles, seas, gods, creatures and the log."""
    game = fresh()
    view = GameView(game, viewer="Athens")
    players = view.table("players")
    assert list(players.index) == list(game.players)
    assert players.loc["Sparta", "Gold"] is cw.tables.pd.NA  # hidden from Athens
    for name in ("isles", "seas", "gods", "creatures", "log"):
        assert hasattr(view.table(name), "columns"), name
    with pytest.raises(ValueError, match="players, isles"):
        view.table("dice")


# --------------------------------------------------------------------------- static page


def test_static_page_holds_every_position_and_escapes_user_text():
    game = cw.Game.new(players=["Ann", "Bob", "Cyd"], seed=1)
    note = {"annotation": {"before": "<img src=x onerror=alert(1)></script>"}}
    views = game_views(game, notes={1: note})
    assert len(views) == len(game.history) + 1
    page = replay_page(views, map_id=game.state.map_id)
    assert "<img src=x" not in page and "</script>" in page
    assert page_data(page)["notes"]["1"]["before"].startswith("<img src=x")


def test_an_internal_error_shows_beside_the_board(monkeypatch):
    """STYLE: errors from callbacks show under the widget instead of vanishing."""
    board = Board(fresh())

    def broken(msg):
        raise RuntimeError("boom")

    monkeypatch.setattr(board, "handle_intent", broken)
    with pytest.raises(RuntimeError):
        board._on_msg(board, {"type": "continue"}, [])
    assert "Internal error (RuntimeError: boom)" in board.error


@pytest.mark.parametrize(
    ("creature", "victims"),
    [
        ("satyr", ["satyr sparta", "satyr corinth"]),
        ("griffon", ["griffon sparta", "griffon corinth"]),
    ],
)
def test_a_bought_creatures_choice_without_a_place_is_a_button_beside_the_map(creature, victims):
    """A creature just bought has left the creature track, so a choice that touches no
    place (whom the Satyr or the Griffon takes from) cannot be lit there: it goes to the
    action bar (an entry with neither targets nor a track item), one click away. Found
    playing a whole game against bots: after buying the Satyr nothing could be clicked."""
    state = turn_position(god="zeus", track=[creature, None, None], gold={ATHENS: 9})
    state.players[1].philosophers = state.players[2].philosophers = 1
    state.philosopher_supply -= 2
    game = creature_game(state)
    game.play(f"buy {creature}")
    assert [str(a) for a in game.legal_actions()] == victims
    board = Board(game)
    assert [(e["notation"], e["targets"], e.get("track")) for e in board.legal] == [
        (v, [], None) for v in victims
    ]
    assert not board.current_view["lit"] and not board.current_view["lit_track"]
    before = turn_position(god="zeus", track=[creature, None, None], gold={ATHENS: 9})
    buying = model.legal_for(before, [cw.Action.parse(f"buy {creature}")])
    assert buying[0]["track"] == [creature]  # before buying, the card is clicked on the track


def test_a_board_takes_a_highlight_and_refuses_a_bad_one_unchanged():
    """Issue 28: one Highlight value for the SVG, the Board and records."""
    board = Board(fresh())
    board.highlights = cw.Highlight([("naxos", "look")], [("kea", "naxos")])
    marks = board.current_view["marks"]
    assert [p["id"] for p in marks["places"]] == ["naxos"]
    assert [(a["from"], a["to"]) for a in marks["arrows"]] == [("kea", "naxos")]
    before = dict(board.highlights)
    with pytest.raises(ValueError):
        board.highlights = {"places": ["atlantis"]}
    assert board.highlights == before and board.current_view["marks"] == marks


def test_a_click_where_nothing_is_lit_says_why_and_changes_nothing():
    """Issue 25 'Say why not': a click on a place, god or creature that is not lit gets one
    sentence from the rules' explainer; the game is as before; the next move clears it."""
    game = fresh()
    board = Board(game)
    before = frozen(game)
    assert send(board, "why", target="naxos")
    assert board.notice.startswith("Naxos: ") and frozen(game) == before
    assert send(board, "why", target="zeus")
    assert board.notice.startswith("Zeus") and board.error == ""
    lit = board.current_view["lit_track"][0]
    assert send(board, "why", target=lit) and board.notice == ""  # lit: its menu opens
    assert not send(board, "why", target="atlantis") and "atlantis" in board.error
    assert frozen(game) == before
    send(board, "why", target="naxos")
    assert send(board, "play", id=0, notation=board.legal[0]["notation"])
    assert board.notice == ""
