"""The panels beside the map, as text ready to paint: header, god track, turn order,
creature track, players and the battle.

Words that never change during a game (the panels' titles, the god and creature names,
the players' stat names) travel once in the static payload (:func:`static_text`); what
changes is here, per step.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=7)
>>> words = Words("en", game.state.map_id, game.state.names)
>>> apollo = gods(game.state, words)[-1]
>>> apollo["label"]
'Apollo: nobody yet'
>>> apollo["tip"]
'Apollo: no offering; 1 GP, or 4 GP with a single isle; the first player on Apollo places a prosperity marker'
>>> players(game.state, words, viewer=0)[1]["gold"]
'gold hidden'
"""

from __future__ import annotations

from typing import Any

from ..rules import flow
from ..rules.state import APOLLO, CREATURE_PRICES, GameState
from . import palette
from .events import BattleSide, BattleView
from .pieces import seat_name
from .text import Words

__all__ = [
    "STATS",
    "battle_panel",
    "creatures",
    "god_tip",
    "gods",
    "header",
    "players",
    "turns",
]

STATS: tuple[str, ...] = ("isles", "metropolises", "priests", "philosophers", "troops", "fleets")
"""The numbers in each player's panel, in order (their names: ``board.stat.<name>``)."""


def header(state: GameState, words: Words, viewer: int | None) -> dict[str, str]:
    """Cycle, phase, and whose screen this is."""
    who = (
        words("board.viewer.teacher")
        if viewer is None
        else words("board.viewer.player", player=state.names[viewer])
    )
    return {
        "cycle": words("board.cycle", n=state.cycle),
        "phase": words(f"board.phase.{state.phase.value}"),
        "viewer": who,
    }


def god_tip(god: str, words: Words) -> str:
    """What a god gives, for its tile's tooltip: "Ares: recruit troops (the first free,
    then 2, 3 and 4 GP), build a Fortress (2 GP), move troops ... (1 GP a move); with this
    god you may also buy creatures"."""
    gives = words(f"board.god.gives.{god}")
    key = "board.god.tip" if god == APOLLO else "board.god.tip.buy"
    return words(key, god=god, gives=gives)


def gods(state: GameState, words: Words) -> list[dict[str, Any]]:
    """This cycle's gods top to bottom, then Apollo: bids, face-down gods, the god acting.

    Each tile has its ``label`` (the offering on it, who acts: what a screen reader says
    first) and its ``tip`` (what the god gives: the tile's tooltip, and its accessible
    description).
    """
    acting = state.turn.god if state.turn is not None else None
    out: list[dict[str, Any]] = []
    for index, god in enumerate(state.god_order):
        up = index < state.gods_up
        bid = state.bids.get(god) if up else None
        entry: dict[str, Any] = {"id": god, "up": up}
        if not up:
            status = words("board.god.face_down", god=god)
        elif bid:
            seat, amount = bid
            entry["bid"] = {"seat": seat, "text": words("count.gp.other", n=amount)}
            status = words("board.god.bid", god=god, player=state.names[seat], amount=amount)
        else:
            status = words("board.god.open", god=god)
        if god == acting and state.turn is not None:
            entry["acting"] = state.turn.player
            status += " · " + words(
                "board.god.acting", god=god, player=state.names[state.turn.player]
            )
        out.append(_tile(entry, status, god, words))
    seats = list(state.apollo)
    status = (
        words("board.apollo.players", god=APOLLO, players=[state.names[s] for s in seats])
        if seats
        else words("board.apollo.nobody", god=APOLLO)
    )
    out.append(_tile({"id": APOLLO, "up": True, "seats": seats}, status, APOLLO, words))
    return out


def _tile(entry: dict[str, Any], status: str, god: str, words: Words) -> dict[str, Any]:
    entry.update(label=status, tip=god_tip(god, words))
    return entry


def turns(state: GameState, words: Words) -> list[dict[str, Any]]:
    """The offering tokens in bidding order; during the offerings the next bidder and
    those who have bid are marked."""
    bidding = state.phase.value == "offerings"
    out = []
    for i, seat in enumerate(state.turn_order):
        mark = None
        if bidding and i == state.bid_cursor:
            mark = "next"
        elif bidding and i < state.bid_cursor:
            mark = "done"
        key = f"board.turns.{mark}" if mark else "board.turns.item"
        entry: dict[str, Any] = {
            "seat": seat,
            "text": words("board.turns.item", n=i + 1, player=state.names[seat]),
            "label": words(key, n=i + 1, player=state.names[seat]),
        }
        if mark:
            entry["mark"] = mark
        out.append(entry)
    return out


def creatures(state: GameState, words: Words) -> dict[str, Any]:
    """The creature track: each slot's creature and price, and the draw pile."""
    slots = []
    for i, creature in enumerate(state.creature_track):
        price = CREATURE_PRICES[i]
        if creature is None:
            slots.append(
                {
                    "price": words("count.gp.other", n=price),
                    "label": words("board.creature.empty", price=price),
                }
            )
        else:
            slots.append(
                {
                    "id": creature,
                    "price": words("count.gp.other", n=price),
                    "label": words("board.creature.slot", creature=creature, price=price),
                }
            )
    return {"deck": words("board.creatures.deck", n=len(state.creature_deck)), "slots": slots}


def players(state: GameState, words: Words, viewer: int | None) -> list[dict[str, Any]]:
    """One panel per player: colour, shape, gold (hidden from other players' screens) and
    the numbers of :data:`STATS`."""
    kind, to_act = flow.node(state)
    out = []
    for seat, p in enumerate(state.players):
        colour = palette.seat_colour(seat)
        hidden = viewer is not None and viewer != seat
        gold = words("board.player.hidden") if hidden else words("board.player.gold", gold=p.gold)
        stats = [
            len(state.isles_of(seat)),
            state.metropolises(seat),
            p.priests,
            p.philosophers,
            state.troops_on_board(seat),
            state.fleets_on_board(seat),
        ]
        entry: dict[str, Any] = {
            "seat": seat,
            "name": state.names[seat],
            "colour": colour,
            "ink": palette.text_colour_on(colour),
            "shape": palette.PLAYER_SHAPES[seat % len(palette.PLAYER_SHAPES)],
            "who": seat_name(words, state, seat),
            "gold": gold,
            "stats": stats,
            "label": words("board.player.label", seat=seat_name(words, state, seat), gold=gold),
        }
        if hidden:
            entry["hidden"] = True
        if kind == "decision" and to_act == seat:
            entry["acting"] = True
        if p.eliminated:
            entry["eliminated"] = True
        out.append(entry)
    return out


def _side(state: GameState, words: Words, side: BattleSide, role: str) -> dict[str, Any]:
    player = state.names[side.seat] if side.seat is not None else ""
    out: dict[str, Any] = {"seat": side.seat, "head": words(f"board.battle.{role}", player=player)}
    if side.die is not None:
        out["line"] = words(
            "board.battle.line", die=side.die, units=side.units, bonus=side.bonus, total=side.total
        )
        out["losses"] = words("board.battle.losses", n=side.losses)
    elif side.units is not None:
        out["line"] = words("board.battle.units", units=side.units)
    return out


def battle_panel(state: GameState, words: Words, view: BattleView | None) -> dict[str, Any] | None:
    """The battle's title, both sides (their last round: die + units + bonus = total, and
    the losses) and the winner once it is over."""
    if view is None:
        return None
    out: dict[str, Any] = {
        "where": view.space,
        "title": words("board.battle.title", place=words.place(view.space)),
        "sides": [
            _side(state, words, view.attacker, "attacker"),
            _side(state, words, view.defender, "defender"),
        ],
    }
    if view.round:
        out["round"] = words("board.battle.round", n=view.round)
    if view.winner is not None:
        out["result"] = words("board.battle.won", player=state.names[view.winner])
    return out
