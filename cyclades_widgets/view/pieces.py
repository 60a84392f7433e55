"""The pieces on the map, placed and named: what both painters draw over the isles and seas.

Each piece is a small JSON-safe dict: ``key`` (stable across steps, so a painter can tell
a new piece from a moved one), ``kind``, ``at`` (its centre, in map pixels), ``label``
(what it is, whose it is and where: for screen readers and hover) and ``target`` (the
isle or sea it stands on). Kinds and their extra fields:

- ``troops`` and ``fleet``: ``seat``, ``n``;
- ``building``: ``building``; ``metropolis``: ``link`` (the second slot it covers, or None);
- ``territory``: ``seat``; ``markers``: ``points`` (one per marker);
- ``figurine``: ``creature``, ``seat`` (None for the Kraken once its card is gone).

>>> import cyclades_widgets as cw
>>> game = cw.Game.new(players=3, seed=1)
>>> words = Words("en", game.state.map_id, game.state.names)
>>> troops = [p for p in pieces(game.state, words) if p["kind"] == "troops"]
>>> troops[0]["label"]
'1 troop · Athens (circle) · Kea'
"""

from __future__ import annotations

from typing import Any

from ..rules.state import GameState
from . import palette
from .geometry import shared_geometry
from .text import Words

__all__ = ["Piece", "pieces", "seat_name"]

Piece = dict[str, Any]

MARKER_STEP = 0.12
"""Offset between two of Apollo's prosperity markers on an isle (a small pile), in hex sizes."""


def seat_name(words: Words, state: GameState, seat: int) -> str:
    """ "Athens (circle)": the player and the shape that stands for them."""
    shapes = palette.PLAYER_SHAPES
    shape = words(f"board.shape.{shapes[seat % len(shapes)]}")
    return words("board.seat", player=state.names[seat], shape=shape)


def _pt(x: float, y: float) -> list[float]:
    return [round(x, 1), round(y, 1)]


def _buildings(iid: str, isle: Any, geo: dict[str, Any], words: Words) -> list[Piece]:
    """The Metropolis (first, over two slots when the isle has two) and the buildings."""
    slots = geo["slots"]
    name = words.place(iid)
    out: list[Piece] = []
    used = 0
    if isle.metropolis:
        out.append(
            {
                "key": f"metro:{iid}",
                "kind": "metropolis",
                "at": list(slots[0]),
                "link": list(slots[1]) if len(slots) > 1 else None,
                "label": words(
                    "board.piece.metropolis", metropolis=words.word("metropolis"), isle=name
                ),
                "target": iid,
            }
        )
        used = 2 if len(slots) > 1 else 1
    for building in isle.buildings:
        out.append(
            {
                "key": f"b:{iid}:{used}",
                "kind": "building",
                "building": building,
                "at": list(slots[min(used, len(slots) - 1)]),
                "label": words("board.piece.building", building=words.word(building), isle=name),
                "target": iid,
            }
        )
        used += 1
    return out


def _isle_pieces(state: GameState, iid: str, geo: dict[str, Any], words: Words) -> list[Piece]:
    isle = state.isles[iid]
    name = words.place(iid)
    size = _size(geo)
    out = _buildings(iid, isle, geo, words)
    owner = isle.owner
    if owner is not None and isle.troops:
        label = words(
            "board.piece.troops", n=isle.troops, seat=seat_name(words, state, owner), isle=name
        )
        out.append(
            {
                "key": f"troops:{iid}",
                "kind": "troops",
                "at": list(geo["troops"]),
                "seat": owner,
                "n": isle.troops,
                "label": label,
                "target": iid,
            }
        )
    if owner is not None and isle.territory:
        label = words("board.piece.territory", player=state.names[owner], isle=name)
        out.append(
            {
                "key": f"terr:{iid}",
                "kind": "territory",
                "at": list(geo["marker"]),
                "seat": owner,
                "label": label,
                "target": iid,
            }
        )
    if isle.markers:
        x, y = geo["markers_anchor"]
        n = isle.markers
        step = size * MARKER_STEP
        points = [_pt(x + (i - (n - 1) / 2) * step, y - (i - (n - 1) / 2) * step) for i in range(n)]
        markers = words.plural("board.markers", isle.markers)
        out.append(
            {
                "key": f"pm:{iid}",
                "kind": "markers",
                "at": points[0],
                "points": points,
                "label": words("board.piece.markers", markers=markers, isle=name),
                "target": iid,
            }
        )
    if isle.figurine:
        seat = isle.figurine_owner
        out.append(
            _figurine(state, words, f"fig:{iid}", isle.figurine, seat, iid, list(geo["figurine"]))
        )
    return out


def _figurine(
    state: GameState,
    words: Words,
    key: str,
    creature: str,
    seat: int | None,
    place: str,
    at: list[float],
) -> Piece:
    name = words.word(creature)
    if seat is None:
        label = words("board.piece.figurine.free", creature=name, place=words.place(place))
    else:
        label = words(
            "board.piece.figurine",
            creature=name,
            player=state.names[seat],
            place=words.place(place),
        )
    return {
        "key": key,
        "kind": "figurine",
        "creature": creature,
        "seat": seat,
        "at": at,
        "label": label,
        "target": place,
    }


def _size(geo: dict[str, Any]) -> float:
    return float(geo.get("hex_size", 30))


def pieces(state: GameState, words: Words, *, size: float = 30) -> list[Piece]:
    """Every piece on the board of ``state``, placed on the map geometry of hexes of
    circumradius ``size``, named in ``words``' language."""
    geometry = shared_geometry(state.map_id, size)
    out: list[Piece] = []
    for iid, geo in geometry["isles"].items():
        out += _isle_pieces(state, iid, {**geo, "hex_size": size}, words)
    seas = geometry["seas"]
    for sea, (seat, count) in sorted(state.fleets.items()):
        if sea not in seas:
            continue
        label = words(
            "board.piece.fleets",
            n=count,
            seat=seat_name(words, state, seat),
            sea=words.place(sea),
        )
        out.append(
            {
                "key": f"fleet:{sea}",
                "kind": "fleet",
                "at": list(seas[sea]["fleet"]),
                "seat": seat,
                "n": count,
                "label": label,
                "target": sea,
            }
        )
    kraken = state.kraken
    if kraken is not None and kraken in seas:
        at = list(seas[kraken]["kraken"])
        holder = state.held_creatures.get("kraken")
        out.append(_figurine(state, words, "kraken", "kraken", holder, kraken, at))
    return out
