"""The one way from the model to the screen: JSON-safe payloads for the board.

Three functions, and everything the board draws comes from them (DESIGN §2, STYLE
"one serializer"):

- :func:`static_payload` ``(map_id, lang)``: the map geometry (from
  :func:`cyclades_widgets.geometry.map_geometry`) and the screen labels; sent once.
- :func:`snapshot` ``(state, viewer, lang)``: the dynamic state only, small (well under
  8 KB for a 5-player board). Players are seat indexes, as in the state; isles and seas are
  map ids.
- :func:`legal_payload` ``(game)``: the legal decisions, each ``{id, notation, kind, label?,
  targets, track?}`` where ``targets`` are the isle/sea ids the action touches and ``track``
  the god or creature ids (for the god and creature tracks).

The JavaScript front end draws these and never implements a rule: it lights the targets and
sends back an intent naming ``id`` and ``notation``, which Python checks again.

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=1)
>>> snap = snapshot(game.state, viewer="Athens")
>>> snap["players"][0]["gold"], snap["players"][1]["gold"] is None
(7, True)
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ..i18n import LANGS
from ..narrate import creature_info
from ..rules import flow
from ..rules.actions import Action
from ..rules.board import MapSpec
from ..rules.events import Event
from ..rules.registry import PENDING
from ..rules.state import CREATURE_PRICES, CREATURES, GODS, GameState
from .geometry import map_geometry
from .palette import PLAYER_COLOURS, PLAYER_SHAPES, text_colour_on

if TYPE_CHECKING:
    from ..history import BaseGame

__all__ = [
    "LANGS",
    "PLAYER_COLOURS",
    "PLAYER_INKS",
    "PLAYER_SHAPES",
    "SNAPSHOT_VERSION",
    "json_safe",
    "labels",
    "legal_payload",
    "snapshot",
    "static_payload",
]

SNAPSHOT_VERSION = 1
"""Bumped when the snapshot's shape changes in a way the front end must know about."""


PLAYER_INKS: tuple[str, ...] = tuple(text_colour_on(c) for c in PLAYER_COLOURS)
"""Text colour drawn on each seat colour (the better contrast of black and white)."""

BOARD_SIZE = 30
"""Hex circumradius in pixels of the geometry sent to the board (it scales with the view)."""

MAX_EVENTS = 24
"""At most this many of the last step's events travel with a snapshot."""


# --------------------------------------------------------------------------- helpers


@cache
def _all_labels() -> dict[str, Any]:
    """static/labels.json, with the creature names from the one creature data file."""
    text = (resources.files("cyclades_widgets") / "static" / "labels.json").read_text("utf-8")
    all_labels: dict[str, Any] = json.loads(text)
    for lang, lab in all_labels.items():
        lab["creatures"] = {cid: c["name"] for cid, c in creature_info(lang).items()}
    return all_labels


def labels(lang: str = "en") -> dict[str, Any]:
    """The screen labels (gods, buildings, units, creatures, phases, UI words) for ``lang``.

    Raises ``ValueError`` naming the languages there are.
    """
    _check_lang(lang)
    fresh: dict[str, Any] = json.loads(json.dumps(_all_labels()[lang]))
    return fresh


def _check_lang(lang: Any) -> None:
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")


def json_safe(value: Any, *, depth: int = 0) -> Any:
    """A JSON-safe copy of ``value``: tuples become lists, dict keys strings, non-finite
    floats and unknown objects their ``str``. Used on pending data and events, whose
    content other rule modules define."""
    if depth > 12:
        return str(value)
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, dict):
        return {str(k): json_safe(v, depth=depth + 1) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        return [json_safe(v, depth=depth + 1) for v in items]
    if hasattr(value, "to_dict"):
        return json_safe(value.to_dict(), depth=depth + 1)
    return str(value)


def _viewer_seat(state: GameState, viewer: str | int | None) -> int | None:
    """The viewer's seat, or None for the teacher's view (everything shown)."""
    if viewer is None or viewer == "":
        return None
    if isinstance(viewer, bool) or not isinstance(viewer, int | str):
        raise ValueError(f"viewer must be a player name, a seat number or None, not {viewer!r}")
    if isinstance(viewer, int):
        if 0 <= viewer < state.n_players:
            return viewer
        raise ValueError(f"viewer seat {viewer} does not exist; seats are 0..{state.n_players - 1}")
    try:
        return state.seat(viewer)
    except KeyError:
        raise ValueError(
            f"viewer {viewer!r} is not a player; players: {', '.join(state.names)} "
            "(or None for the teacher's view)"
        ) from None


# --------------------------------------------------------------------------- static payload


def static_payload(map_id: str, lang: str = "en", *, size: float = BOARD_SIZE) -> dict[str, Any]:
    """Everything that does not change during a game: geometry, names and labels.

    ``{"map": map_geometry(map_id, size), "lang": lang, "labels": labels(lang),
    "isle_names": {isle: name in lang}, "gods": [...], "creatures": [...],
    "creature_prices": [4, 3, 2], "creature_effects": {creature: one line in lang}}``.
    Creature names and effects come from ``data/creatures.json`` (see
    :func:`~cyclades_widgets.narrate.creature_info`). Sent to the board once.
    """
    _check_lang(lang)
    geometry = map_geometry(map_id, size)
    return {
        "v": SNAPSHOT_VERSION,
        "map": geometry,
        "lang": lang,
        "labels": labels(lang),
        "isle_names": {iid: isle["name"][lang] for iid, isle in geometry["isles"].items()},
        "gods": [*GODS, "apollo"],
        "creatures": list(CREATURES),
        "creature_prices": list(CREATURE_PRICES),
        "creature_effects": {cid: c["effect"] for cid, c in creature_info(lang).items()},
    }


# --------------------------------------------------------------------------- snapshot


def snapshot(
    state: GameState,
    viewer: str | int | None = None,
    lang: str = "en",
    *,
    events: list[Event] | None = None,
) -> dict[str, Any]:
    """The dynamic state as the board draws it, seen from ``viewer``'s screen.

    ``viewer`` is a player name (or seat): other players' gold is then ``None`` (hidden
    behind their screens, seed 000 'Setup' 1). ``None`` is the teacher's view: everything.
    ``events`` (the last step's) travel along for the battle panel and the animations.
    """
    _check_lang(lang)
    seat = _viewer_seat(state, viewer)
    kind, who = flow.node(state)
    snap: dict[str, Any] = {
        "v": SNAPSHOT_VERSION,
        "map": state.map_id,
        "step": state.step,
        "cycle": state.cycle,
        "phase": state.phase.value,
        "node": {"kind": kind, "player": who},
        "viewer": seat,
        "lang": lang,
        "players": [_player(state, i, seat) for i in range(state.n_players)],
        "isles": _isles(state),
        "fleets": {sea: [owner, count] for sea, (owner, count) in sorted(state.fleets.items())},
        "gods": _gods(state),
        "apollo": list(state.apollo),
        "turn_order": list(state.turn_order),
        "bid_cursor": state.bid_cursor,
        "returned": list(state.returned),
        "displaced": json_safe(state.displaced),
        "queue": json_safe(state.queue),
        "turn": _turn(state),
        "pending": [_pending(p) for p in state.pending],
        "creatures": _creatures(state),
        "kraken": state.kraken,
        "supply": _supply(state),
        "winner": state.winner,
        "status": _status(state, kind, who, lang),
        "events": [json_safe(e.to_dict()) for e in (events or [])[-MAX_EVENTS:]],
    }
    snap["battle"] = _battle(state, snap["events"])
    return snap


def _player(state: GameState, i: int, viewer: int | None) -> dict[str, Any]:
    p = state.players[i]
    return {
        "seat": i,
        "name": state.names[i],
        "colour": PLAYER_COLOURS[i % len(PLAYER_COLOURS)],
        "ink": PLAYER_INKS[i % len(PLAYER_INKS)],
        "shape": PLAYER_SHAPES[i % len(PLAYER_SHAPES)],
        "gold": p.gold if viewer is None or viewer == i else None,
        "priests": p.priests,
        "philosophers": p.philosophers,
        "isles": len(state.isles_of(i)),
        "metropolises": state.metropolises(i),
        "troops": state.troops_on_board(i),
        "fleets": state.fleets_on_board(i),
        "eliminated": p.eliminated,
    }


def _isles(state: GameState) -> dict[str, dict[str, Any]]:
    """Only the isles with something on them, and only the fields that are set."""
    out: dict[str, dict[str, Any]] = {}
    for iid, isle in state.isles.items():
        entry: dict[str, Any] = {}
        if isle.owner is not None:
            entry["owner"] = isle.owner
        if isle.troops:
            entry["troops"] = isle.troops
        if isle.buildings:
            entry["buildings"] = list(isle.buildings)
        if isle.metropolis:
            entry["metropolis"] = True
        if isle.markers:
            entry["markers"] = isle.markers
        if isle.territory:
            entry["territory"] = True
        if isle.figurine:
            entry["figurine"] = isle.figurine
            entry["figurine_owner"] = isle.figurine_owner
        if entry:
            out[iid] = entry
    return out


def _gods(state: GameState) -> list[dict[str, Any]]:
    """This cycle's gods top to bottom; face-down gods carry no bid."""
    out = []
    for index, god in enumerate(state.god_order):
        up = index < state.gods_up
        bid = state.bids.get(god) if up else None
        out.append({"god": god, "up": up, "bid": list(bid) if bid else None})
    return out


def _turn(state: GameState) -> dict[str, Any] | None:
    t = state.turn
    if t is None:
        return None
    return {"player": t.player, "god": t.god, "recruited": t.recruited}


def _pending(p: Any) -> dict[str, Any]:
    kind = PENDING.get(p.kind)
    return {
        "kind": p.kind,
        "player": p.player,
        "label": kind.label if kind is not None else p.kind,
        "data": json_safe(p.data),
    }


def _creatures(state: GameState) -> dict[str, Any]:
    track = [
        None if c is None else {"creature": c, "price": CREATURE_PRICES[slot]}
        for slot, c in enumerate(state.creature_track)
    ]
    return {
        "track": track,
        "deck": len(state.creature_deck),
        "discard": len(state.creature_discard),
        "held": dict(state.held_creatures),
    }


def _supply(state: GameState) -> dict[str, Any]:
    return {
        "priests": state.priest_supply,
        "philosophers": state.philosopher_supply,
        "prosperity": state.prosperity_supply,
        "metropolises": state.metropolis_supply,
        "buildings": dict(state.building_supply),
    }


def _status(state: GameState, kind: str, who: int | None, lang: str) -> str:
    """One line saying what happens next, in ``lang``."""
    ui: dict[str, str] = _all_labels()[lang]["ui"]
    if kind == "over":
        winner = state.names[state.winner] if state.winner is not None else "?"
        return ui["over"].format(player=winner)
    if kind == "decision" and who is not None:
        return ui["to_act"].format(player=state.names[who])
    if kind == "chance":
        outcomes = flow.chance_outcomes(state)
        return ui["chance"].format(what=outcomes[0][0].kind if outcomes else "?")
    return ui["auto"]


# --------------------------------------------------------------------------- battles


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _who(state: GameState, value: Any) -> int | None:
    """A seat from a seat number or a player name (events name players, pending data
    uses seats); None if it is neither."""
    seat = _int(value)
    if seat is not None and 0 <= seat < state.n_players:
        return seat
    if isinstance(value, str):
        try:
            return state.seat(value)
        except KeyError:
            return None
    return None


def _defenders_now(state: GameState, space: Any) -> int | None:
    if not isinstance(space, str):
        return None
    if space in state.isles:
        return state.isles[space].troops
    return state.fleets[space][1] if space in state.fleets else None


def _round_side(
    state: GameState, event: dict[str, Any], side: str, units_key: str
) -> dict[str, Any]:
    """One side of a ``battle_round`` event: die + units + bonus = total, and losses."""
    out: dict[str, Any] = {"player": _who(state, event.get(side))}
    parts = {
        "die": event.get(f"{side}_die"),
        "units": event.get(units_key),
        "bonus": event.get("bonus") if side == "defender" else 0,
        "total": event.get(f"{side}_total"),
        "losses": event.get(f"{side}_loss"),
    }
    out.update({k: v for k, v in parts.items() if _int(v) is not None})
    return out


def _battle(state: GameState, events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The battle under way (a ``battle`` pending entry, maybe under a retreat choice) or
    just fought (its events in the last step): where, the two sides, and the last round's
    dice, totals broken down (die + units + bonus) and losses.

    The battle module's data and events are read defensively: missing keys are left out.
    """
    pending = next((p for p in reversed(state.pending) if p.kind == "battle"), None)
    data: dict[str, Any] = json_safe(pending.data) if pending is not None else {}
    by_kind = {e.get("kind"): e for e in events}
    last_round = by_kind.get("battle_round")
    start, end = by_kind.get("battle_start"), by_kind.get("battle_end")
    if pending is None and last_round is None and end is None:
        return None
    source = last_round or start or end or {}
    space = data.get("space", source.get("space"))
    battle: dict[str, Any] = {
        "where": space if isinstance(space, str) else None,
        "terrain": data.get("kind", source.get("terrain", source.get("variant"))),
        "round": _int(data.get("round", source.get("round"))),
        "under_way": pending is not None,
        "attacker": {"player": _who(state, data.get("attacker", source.get("attacker")))},
        "defender": {"player": _who(state, data.get("defender", source.get("defender")))},
    }
    if last_round is not None:
        battle["attacker"] = _round_side(state, last_round, "attacker", "attackers")
        battle["defender"] = _round_side(state, last_round, "defender", "defenders")
    else:
        if _int(data.get("attackers")) is not None:
            battle["attacker"]["units"] = data["attackers"]
        defenders = _defenders_now(state, battle["where"]) if pending is not None else None
        if defenders is not None:
            battle["defender"]["units"] = defenders
    if end is not None:
        battle["winner"] = _who(state, end.get("winner"))
        battle["outcome"] = end.get("variant")
    return battle


# --------------------------------------------------------------------------- legal actions


def _targets(spec: MapSpec, action: Action) -> tuple[list[str], list[str]]:
    """Map ids (isles, seas) and track ids (gods, creatures) named by an action's args."""
    words: list[str] = []
    for arg in action.args:
        if isinstance(arg, str):
            words.append(arg)
        elif isinstance(arg, tuple):
            words += [a for a in arg if isinstance(a, str)]
    targets: list[str] = []
    track: list[str] = []
    for word in words:
        if spec.is_isle(word) or spec.is_sea(word):
            if word not in targets:
                targets.append(word)
        elif (word in GODS or word == "apollo" or word in CREATURES) and word not in track:
            track.append(word)
    return targets, track


_LABELS_EN = {
    "bid": "Bid {1} GP on {0}",
    "bid1": "Choose Apollo (free)",
    "recruit": "Recruit a {0} on {1}",
    "recruit1": "Recruit one more {0}",
    "build": "Build a {0} on {1}",
    "end": "End the turn",
    "prosperity": "Place the prosperity marker on {0}",
    "metropolis1": "Place the Metropolis on {0}",
    "metropolis": "Place the Metropolis on {0}, removing {1}",
    "move": "Move {0} ({3}) from {1} to {2}",
    "sail": "Sail on to sea {0}",
    "pickup": "Take {0} more fleet(s) along",
    "drop": "Leave {0} fleet(s) here",
    "stop": "Stop the fleets here",
    "retreat": "Retreat to {0}",
    "fight": "Fight on (roll again)",
    "buy": "Buy {0}",
    "change": "Discard {0} and draw another (Zeus)",
}
_LABELS_ZH = {
    "bid": "向{0}献祭 {1} GP",
    "bid1": "选择阿波罗(免费)",
    "recruit": "在{1}招募一个{0}",
    "recruit1": "再招募一名{0}",
    "build": "在{1}建造{0}",
    "end": "结束行动",
    "prosperity": "把繁荣标记放在{0}",
    "metropolis1": "把大都市放在{0}",
    "metropolis": "把大都市放在{0},拆除{1}",
    "move": "把 {3} 支{0}从{1}移到{2}",
    "sail": "继续航行到海域 {0}",
    "pickup": "再带上 {0} 支舰队",
    "drop": "在此留下 {0} 支舰队",
    "stop": "舰队停在此处",
    "retreat": "撤退到{0}",
    "fight": "继续战斗(再掷骰)",
    "buy": "购买{0}",
    "change": "弃掉{0}并补一张新生物(宙斯)",
}


def action_label(action: Action, lang: str = "en", *, names: dict[str, str] | None = None) -> str:
    """A short sentence for an action in ``lang`` ("Bid 3 GP on Ares"), or its notation
    when there is no sentence for its kind yet."""
    _check_lang(lang)
    table = _LABELS_EN if lang == "en" else _LABELS_ZH
    template = table.get(f"{action.kind}{len(action.args)}", table.get(action.kind))
    if template is None:
        return str(action)
    lab = _all_labels()[lang]
    words = {**lab["gods"], **lab["buildings"], **lab["units"], **lab["creatures"], **(names or {})}

    def word(value: Any) -> Any:
        if isinstance(value, tuple):
            return ", ".join(str(word(v)) for v in value)
        return words.get(value, value) if isinstance(value, str) else value

    try:
        return template.format(*(word(a) for a in action.args))
    except IndexError:
        return str(action)


def legal_payload(game: BaseGame, lang: str = "en") -> list[dict[str, Any]]:
    """The legal decisions now, for the board: ``[{id, notation, kind, label, targets,
    track}]``; ``id`` is the index in ``game.legal_actions()``. Empty when no decision is due.

    To keep the payload small, ``label`` is left out when it would equal the notation and
    ``track`` when it is empty.
    """
    _check_lang(lang)
    spec = MapSpec.load(game.state.map_id)
    names = {iid: spec.names[iid][lang] for iid in spec.isles}
    out = []
    for i, action in enumerate(game.legal_actions()):
        targets, track = _targets(spec, action)
        notation = str(action)
        entry: dict[str, Any] = {"id": i, "notation": notation, "kind": action.kind}
        label = action_label(action, lang, names=names)
        if label != notation:
            entry["label"] = label
        entry["targets"] = targets
        if track:
            entry["track"] = track
        out.append(entry)
    return out
