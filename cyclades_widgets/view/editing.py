"""What the board shows in edit mode (the board editor): the palette's tools, each with
its picture and its name, the edit bar's words, and a position's view in which the
places that accept the chosen piece are lit.

The pictures are the pieces' own recipes (:mod:`.recipe`) with the seat's colour and
shape filled in, so a tool looks like the piece it places, and the page types no colour.

>>> tool_id("troop", "Athens"), tool_id("fortress", None)
('troop:Athens', 'fortress')
>>> [p["draw"] for p in tool_picture("fortress", None)]
['square', 'icon']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.state import GameState
from . import palette, recipe
from .model import board_view
from .text import Words

__all__ = ["TOOL_RECIPES", "box_of", "edit_view", "edit_words", "tool_id", "tool_picture", "tools"]

TOOL_RECIPES: dict[str, str] = {
    "troop": "troops",
    "fleet": "fleet",
    "territory": "territory",
    "fortress": "building:fortress",
    "port": "building:port",
    "temple": "building:temple",
    "university": "building:university",
    "metropolis": "metropolis",
    "prosperity": "markers",
}
"""The recipe each piece of the palette is drawn by (an offering is its player's shape)."""

_OWNER = {"$seat": "colour", "$ink": "ink", "$shape": "shape"}

_WORDS = {
    "palette": "editor.ui.palette",
    "count": "editor.ui.count",
    "undo": "editor.ui.undo",
    "redo": "editor.ui.redo",
    "empty": "editor.ui.empty",
    "keys": "editor.ui.keys",
    "undo_hint": "editor.ui.undo_hint",
    "redo_hint": "editor.ui.redo_hint",
    "empty_hint": "editor.ui.empty_hint",
}
"""The edit bar's words: the name the page reads each by, and its catalog entry."""


def tool_id(piece: str, player: str | None) -> str:
    """The id of a palette tool: ``"troop:Athens"``, or the piece alone when it is
    nobody's (``"fortress"``)."""
    return piece if player is None else f"{piece}:{player}"


def _seat_values(seat: int | None) -> dict[str, str]:
    if seat is None:
        return {}
    colour = palette.seat_colour(seat)
    shape = palette.PLAYER_SHAPES[seat % len(palette.PLAYER_SHAPES)]
    return {"colour": colour, "ink": palette.text_colour_on(colour), "shape": shape}


def tool_picture(piece: str, seat: int | None, mode: str = "normal") -> list[dict[str, Any]]:
    """The parts that draw ``piece`` (of ``seat``) around (0, 0): its recipe with the
    seat's colour and shape filled in, without its number or its link line."""
    owner = _seat_values(seat)
    if piece == "offering":
        outline, gold = palette.COLOURS["outline"], palette.COLOURS["gold"]
        return [{"draw": "circle", "dx": 0, "dy": 0, "r": 9, "fill": gold, "stroke": outline,
                 "width": 1},
                {"draw": "icon", "icon": f"shape:{owner.get('shape', 'circle')}", "dx": 0,
                 "dy": 0, "r": 5, "fill": owner.get("colour", outline), "stroke": outline,
                 "width": 1}]  # fmt: skip
    parts = recipe.recipes(recipe.sizes(mode))[TOOL_RECIPES[piece]]
    drawn = []
    for part in parts:
        if part.get("draw") == "count" or part.get("hit") or part.get("at") == "link":
            continue
        filled = {k: owner.get(_OWNER[v], v) if isinstance(v, str) and v in _OWNER else v
                  for k, v in part.items()}  # fmt: skip
        if part.get("icon") == "$shape":
            filled["icon"] = f"shape:{filled['icon']}"
        drawn.append(filled)
    return drawn


def box_of(picture: Sequence[Mapping[str, Any]]) -> float:
    """Half the side of the square that holds a picture's parts, with a margin.

    >>> box_of([{"dx": 0, "dy": -2, "r": 5}])
    8.4
    """
    reach: float = max(
        max(abs(p.get("dx", 0)), abs(p.get("dy", 0))) + p.get("r", 0) for p in picture
    )
    return round(reach * 1.2, 1)


def tools(
    entries: Sequence[Mapping[str, Any]], state: GameState, lang: str, mode: str = "normal"
) -> list[dict[str, Any]]:
    """The palette as the page draws it: for each entry of the editor's palette, its
    ``id``, ``piece``, ``player`` and ``seat``, what it goes on, its counts, its name in
    ``lang`` and its picture."""
    words = Words(lang, state.map_id, state.names)
    out = []
    for entry in entries:
        piece, player = entry["piece"], entry.get("player")
        seat = None if player is None else state.names.index(player)
        label = words(f"editor.ui.tool.{piece}", player=player or "")
        picture = tool_picture(piece, seat, mode)
        out.append({"id": tool_id(piece, player), "piece": piece, "player": player,
                    "seat": seat, "on": entry["on"], "least": entry.get("least"),
                    "most": entry.get("most"), "label": label,
                    "picture": picture, "box": box_of(picture)})  # fmt: skip
    return out


def edit_words(lang: str, map_id: str) -> dict[str, str]:
    """The words of the edit bar in ``lang``: its title, the count, undo, redo, empty,
    the keys and their hints."""
    words = Words(lang, map_id)
    return {name: words(key) for name, key in _WORDS.items()}


def edit_view(
    state: GameState,
    *,
    lang: str,
    tool: Mapping[str, Any] | None,
    lit: Sequence[str] = (),
    lit_track: Sequence[str] = (),
) -> dict[str, Any]:
    """The board view of a position being edited: the position as the board paints it,
    the places in ``lit`` (and the gods in ``lit_track``) lit for the chosen ``tool``
    (``{"label", "seat", ...}`` of :func:`tools`), and a prompt that says what a click
    does."""
    view = board_view(state, lang=lang, live=True)
    words = Words(lang, state.map_id, state.names)
    view["lit"], view["lit_track"], view["menus"] = list(lit), list(lit_track), {}
    if tool is None:
        text = words("editor.ui.prompt_none")
    else:
        text = words("editor.ui.prompt", tool=tool["label"])
    view["prompt"] = {"text": text, "kind": "edit", "seat": tool and tool.get("seat"),
                      "bot": False}  # fmt: skip
    return view
