"""The prompt: one sentence on the board saying who acts and what to do, or what comes next.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=7)
>>> words = Words("en", game.state.map_id, game.state.names)
>>> prompt(game.state, words)["text"]
'Corinth: click a highlighted god to make an offering'
>>> poor = (
...     cw.Scenario(players=3).gold("Athens", 0).build("naxos", "fortress")
...     .phase("actions", god="ares", player="Athens").game()
... )
>>> _ = poor.play("recruit troop naxos")  # the free troop; no gold for more
>>> prompt(poor.state, words)["text"]
'Athens: nothing more can be done with Ares now (0 GP left): End the turn'
>>> game = cw.Game.new(players=3, seed=7, start="setup")
>>> prompt(game.state, words)["text"]
'Next: the offering tokens are shuffled onto the turn track (press → or Step)'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..rules import flow
from ..rules.actions import Action
from ..rules.board import MapSpec
from ..rules.state import GameState, Phase
from .events import pending_data, pending_of
from .text import Words

__all__ = ["next_step", "prompt"]


def _decision(state: GameState, words: Words, seat: int, still: bool = False) -> str:
    """What the player to act must do, by the kind of decision; ``still``: in a picture,
    the words that do not say to click (``board.prompt.still.<kind>``) where there are."""
    keys, params = _decision_keys(state, seat)
    if still:
        keys = tuple(k for key in keys for k in (key.replace(".prompt.", ".prompt.still.", 1), key))
    return words.first(*keys, **params)


def _decision_keys(state: GameState, seat: int) -> tuple[tuple[str, ...], dict[str, Any]]:
    """The catalog keys of the decision's sentence (the first the catalog has is said),
    and its values."""
    player = state.names[seat]
    top = state.pending[-1] if state.pending else None
    if top is not None and top.player == seat:
        if top.kind == "retreat":
            unit, n = _retreating(state, top)
            return (f"board.prompt.retreat.{unit}",), {"player": player, "n": n}
        if top.kind == "creature":
            creature = pending_data(top).get("creature", "")
            return ("board.prompt.creature",), {"player": player, "creature": creature}
        return (f"board.prompt.{top.kind}", "board.prompt.decide"), {"player": player}
    if state.phase is Phase.OFFERINGS:
        key = "board.prompt.outbid" if state.displaced is not None else "board.prompt.bid"
        return (key,), {"player": player}
    if state.turn is not None:
        return _turn_keys(state, player)
    return ("board.prompt.decide",), {"player": player}


def _turn_keys(state: GameState, player: str) -> tuple[tuple[str, ...], dict[str, Any]]:
    """A god's action: what the god lets you do, only as far as it can be done now (with
    no gold left, nothing on the map is lit and the prompt says to end the turn)."""
    assert state.turn is not None
    god = state.turn.god
    legal = [a for a in flow.legal_actions(state) if a.kind != "end"]
    if not legal:
        gold = state.players[state.turn.player].gold
        return ("board.prompt.turn.done",), {"player": player, "god": god, "gold": gold}
    if god in _ON_THE_MAP:
        spec = MapSpec.load(state.map_id)
        if not any(spec.is_isle(w) or spec.is_sea(w) for a in legal for w in _words(a)):
            return ("board.prompt.turn",), {"player": player}
    return (f"board.prompt.turn.{god}", "board.prompt.turn"), {"player": player}


_ON_THE_MAP = frozenset(("ares", "poseidon"))
"""The gods whose prompt says to click the map."""


def _words(action: Action) -> list[str]:
    """The words among an action's arguments (lists flattened)."""
    out: list[str] = []
    for arg in action.args:
        if isinstance(arg, str):
            out.append(arg)
        elif isinstance(arg, tuple):
            out += [a for a in arg if isinstance(a, str)]
    return out


def _retreating(state: GameState, retreat: Any) -> tuple[str, int]:
    """("troop", 2) or ("fleet", 1): the units of the side asked to retreat."""
    data = pending_of(state, "battle") or {}
    side = pending_data(retreat).get("side")
    unit = "fleet" if data.get("kind") == "sea" else "troop"
    if side == "attacker":
        n = data.get("attackers", 0)
    else:
        space = data.get("space")
        if space in state.isles:
            n = state.isles[space].troops
        else:
            n = state.fleets.get(space, (None, 0))[1] if isinstance(space, str) else 0
    return unit, n


def next_step(state: GameState, words: Words, kind: str) -> str:
    """What the next chance or automatic step does (``kind``: the node, chance or
    auto): "the dice are rolled for the battle on Naxos"."""
    if kind == "chance":
        outcomes = flow.chance_outcomes(state)
        what = outcomes[0][0].kind if outcomes else "step"
        if what == "roll":
            space = (pending_of(state, "battle") or {}).get("space")
            place = words.place(space) if isinstance(space, str) else ""
            return words("board.next.roll", place=place)
        if state.pending and state.pending[-1].kind == "creature_draw":
            return words("board.next.creature_draw")
        return words.first(f"board.next.{what}", "board.next.step")
    if state.pending:
        return words.first(f"board.next.{state.pending[-1].kind}", "board.next.step")
    return words.first(f"board.next.{state.phase.value}", "board.next.step")


def prompt(
    state: GameState,
    words: Words,
    *,
    viewer: int | None = None,
    live: bool = True,
    still: bool = False,
    bots: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """``{"text", "kind", "seat", "bot"}``: the sentence, the node kind (decision, chance,
    auto, over), the seat to act (or None), and whether a bot plays that decision.

    ``viewer``: the seat whose screen this is (others' decisions read "Waiting for ...");
    ``live``: False on a read-only replay, where → shows the next move; ``still``: True in
    a picture, where nothing can be clicked or pressed; ``bots``: the
    players a bot plays, each with its level's name in the learner's language ("" for a
    bot of no level): at their decisions the prompt says to press Continue.
    """
    kind, seat = flow.node(state)
    bot = False
    if kind == "over":
        winner = state.names[state.winner] if state.winner is not None else ""
        text = words("board.prompt.over", player=winner)
    elif kind == "decision" and seat is not None:
        name = state.names[seat]
        if not live:
            text = words("board.prompt.replay", player=name)
        elif bots is not None and name in bots:
            bot = True
            level = bots[name]
            if level:
                text = words("board.prompt.bot", player=name, level=level)
            else:
                text = words("board.prompt.bot_own", player=name)
        elif viewer is not None and viewer != seat:
            text = words("board.prompt.waiting", player=state.names[seat])
        else:
            text = _decision(state, words, seat, still)
    else:
        hint = words("board.prompt.hint.live" if live else "board.prompt.hint.replay")
        hint = "" if still else hint
        text = words("board.prompt.next", what=next_step(state, words, kind), hint=hint).strip()
    return {"text": text, "kind": kind, "seat": seat if kind == "decision" else None, "bot": bot}
