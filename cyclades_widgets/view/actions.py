"""The legal decisions as the board offers them: a sentence for each, and what it touches.

:func:`legal_view` turns the game's legal actions of this step into
``[{id, notation, kind, label, targets, track}]``: ``id`` is the action's index in the list
(the board sends it back; :class:`~cyclades_widgets.widgets.board.Board` plays the
:class:`~cyclades_widgets.rules.actions.Action` it names), ``targets`` the isles and seas
it touches and ``track`` the gods and creatures.

>>> from cyclades_widgets.rules.actions import Action
>>> words = Words("en", "map-2-3")
>>> action_label(Action.parse("bid ares 3"), words)
'Bid 3 GP on Ares'
>>> action_label(Action.parse("move troops naxos>paros 2"), words)
'Move 2 troops from Naxos to Paros'
>>> action_label(Action.parse("harpy paros"), words)
'Harpy: destroy an enemy troop on Paros'
>>> action_label(Action.parse("roll 2 1"), words)
'Dice: 2 for the attacker, 1 for the defender'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..rules.actions import CHANCE_KINDS, Action
from ..rules.board import MapSpec
from ..rules.state import APOLLO, CREATURES, GODS
from .text import Words

__all__ = ["action_label", "legal_view", "lit", "menu_titles"]

_TRACK = frozenset((*GODS, APOLLO, *CREATURES))


def _targets(spec: MapSpec, action: Action) -> tuple[list[str], list[str]]:
    """Map ids (isles, seas) and track ids (gods, creatures) named by an action."""
    words: list[str] = []
    for arg in action.args:
        if isinstance(arg, str):
            words.append(arg)
        elif isinstance(arg, tuple):
            words += [a for a in arg if isinstance(a, str)]
    targets: list[str] = []
    track: list[str] = []
    if action.kind in CREATURES and action.kind not in track:
        track.append(action.kind)
    for word in words:
        if spec.is_isle(word) or spec.is_sea(word):
            if word not in targets:
                targets.append(word)
        elif word in _TRACK and word not in track:
            track.append(word)
    if action.kind in CREATURES:
        track = [] if targets else track  # a creature's target is on the map when it has one
    return targets, track


def _creature_label(action: Action, words: Words) -> str:
    """A creature's choice in words: "Harpy: destroy an enemy troop on Paros"."""
    creature = action.kind
    args = [_player(words, a) if isinstance(a, str) else a for a in action.args]
    key = f"board.action.{creature}"
    shape = tuple("n" if isinstance(a, int) else "w" for a in args)
    if creature in _FIGURINES and len(args) == 1:
        return words("board.action.figurine", creature=creature, isle=words.place(str(args[0])))
    if creature in _ON_A_PLAYER and len(args) == 1:
        return words(key, creature=creature, player=args[0])
    if args and args[-1] == "done" and words.has(f"{key}.done"):
        return words(f"{key}.done", creature=creature)
    if creature == "kraken" and args[:1] == ["move"]:
        return words("board.action.kraken.move", creature=creature, sea=args[1])
    found = _CREATURE_FORMS.get((creature, shape))
    if found is None:
        return _creature_choice(action, words)
    variant, names = found
    values = dict(zip(names, args, strict=True))
    if creature == "sphinx" and len(args) == 2:  # sphinx troop naxos, sphinx fleet c5
        variant, values = f".{args[0]}", {"place": args[1]}
    return words(key + variant, creature=creature, **values)


_FIGURINES = frozenset(("minotaur", "medusa", "chiron", "polyphemus"))
"""The creatures whose one-word choice places their figurine on an isle."""
_ON_A_PLAYER = frozenset(("griffon", "satyr", "dryad"))
"""The creatures whose choice is a player."""
_CREATURE_FORMS: dict[tuple[str, tuple[str, ...]], tuple[str, tuple[str, ...]]] = {
    ("siren", ("w",)): ("", ("sea",)),
    ("siren", ("w", "w")): (".from", ("sea", "source")),
    ("pegasus", ("w", "w", "n")): ("", ("origin", "target", "count")),
    ("giant", ("w", "w")): ("", ("building", "isle")),
    ("chimera", ("w",)): ("", ("power",)),
    ("cyclopes", ("w", "w", "w")): ("", ("isle", "old", "new")),
    ("sphinx", ("w",)): (".card", ("unit",)),
    ("sphinx", ("w", "w")): (".troop", ("unit", "place")),
    ("sylph", ("w", "w", "n")): ("", ("origin", "target", "count")),
    ("harpy", ("w",)): ("", ("isle",)),
    ("kraken", ("w",)): ("", ("sea",)),
    ("polyphemus", ("w", "w")): (".push", ("origin", "target")),
}
"""Each creature's choice by the shape of its arguments (``w`` a word, ``n`` a number):
the catalog key's variant and the names of the arguments in its sentence."""


def _creature_choice(action: Action, words: Words) -> str:
    """A creature's choice with no sentence of its own: the creature and its words."""
    names = [_choice_word(words, str(a)) for a in action.args]
    return words("board.action.creature", creature=action.kind, choice=names)


def _choice_word(words: Words, ident: str) -> str:
    """A creature choice's argument as a word: a place, a player, a building, a creature."""
    spec = MapSpec.load(words.map_id)
    if spec.is_isle(ident) or spec.is_sea(ident):
        return words.place(ident)
    for name in words.players:
        if name.lower() == ident:
            return name
    return words.word(ident)


def _player(words: Words, ident: str) -> str:
    """A player's name from its notation (``sparta``: "Sparta")."""
    return next((name for name in words.players if name.lower() == ident), ident)


def _chance_label(action: Action, words: Words) -> str | None:
    """A chance outcome in words: the turn order, the gods, a card drawn, the dice."""
    kind, args = action.kind, action.args
    if kind == "order" and args and isinstance(args[0], tuple):
        return words("board.action.order", players=[_player(words, p) for p in args[0]])
    if kind == "gods" and args and isinstance(args[0], tuple):
        return words("board.action.gods", gods=list(args[0]))
    if kind == "draw" and len(args) == 1:
        return words("board.action.draw", creature=args[0])
    if kind == "roll" and len(args) == 2:
        return words("board.action.roll", attacker=args[0], defender=args[1])
    return None


def action_label(action: Action, words: Words) -> str:
    """A short sentence for a legal action in ``words``' language ("Bid 3 GP on Ares")."""
    kind, args = action.kind, action.args
    if kind == "bid":
        if len(args) == 1:
            return words("board.action.bid.apollo")
        return words("board.action.bid", god=args[0], amount=args[1])
    if kind == "recruit":
        unit = str(args[0])
        if len(args) == 2:
            where = str(args[1])
            place = words.place(where) if where in words.isles else where
            return words(f"board.action.recruit.{unit}", place=place)
        return words.first(f"board.action.recruit.{unit}", "board.action.recruit", unit=unit)
    if kind == "build":
        return words("board.action.build", building=args[0], isle=words.place(str(args[1])))
    if kind == "metropolis":
        if len(args) == 1:
            return words("board.action.metropolis", isle=words.place(str(args[0])))
        return words(
            "board.action.metropolis.destroy",
            isle=words.place(str(args[0])),
            buildings=list(args[-1]) if isinstance(args[-1], tuple) else [args[-1]],
        )
    if kind == "move":
        unit, origin, target, count = args
        if unit == "fleets":  # the sentence says "sea": the ids alone
            return words("board.action.move.fleets", count=count, origin=origin, target=target)
        return words(
            "board.action.move.troops",
            count=count,
            origin=words.place(str(origin)),
            target=words.place(str(target)),
        )
    if kind in ("pickup", "drop"):
        return words(f"board.action.{kind}", count=args[0])
    if kind in ("sail",):
        return words("board.action.sail", sea=args[0])
    if kind == "prosperity":
        return words("board.action.prosperity", isle=words.place(str(args[0])))
    if kind == "retreat":
        return words("board.action.retreat", place=words.place(str(args[0])))
    if kind in ("buy", "change"):
        return words(f"board.action.{kind}", creature=args[0])
    if kind in CREATURES:
        return _creature_label(action, words)
    chance = _chance_label(action, words) if kind in CHANCE_KINDS else None
    if chance is not None:
        return chance
    if words.has(f"board.action.{kind}"):
        return words(f"board.action.{kind}")
    return str(action)  # a kind without a sentence yet: its notation


def legal_view(actions: Sequence[Action], words: Words) -> list[dict[str, Any]]:
    """The legal actions of this step for the board (see the module's docstring)."""
    spec = MapSpec.load(words.map_id)
    out = []
    for i, action in enumerate(actions):
        targets, track = _targets(spec, action)
        entry: dict[str, Any] = {
            "id": i,
            "notation": str(action),
            "kind": action.kind,
            "label": action_label(action, words),
            "targets": targets,
        }
        if track:
            entry["track"] = track
        if action.kind == "bid" and len(action.args) == 2:
            entry["chip"] = str(action.args[1])
        out.append(entry)
    return out


def menu_titles(places: Sequence[str], track: Sequence[str], words: Words) -> dict[str, str]:
    """The title of each lit target's popover: "Actions on Naxos", "Your offering to Ares"."""
    out = {p: words("board.menu", place=words.place(p)) for p in places}
    for item in track:
        if item in GODS or item == APOLLO:
            out[item] = words("board.menu.bid", god=item)
        else:
            out[item] = words("board.menu", place=words.word(item))
    return out


def lit(legal: Sequence[Mapping[str, Any]]) -> tuple[list[str], list[str]]:
    """The places and the track items at least one legal action touches, in order."""
    places: list[str] = []
    track: list[str] = []
    for entry in legal:
        places += [t for t in entry["targets"] if t not in places]
        track += [t for t in entry.get("track", ()) if t not in track]
    return places, track
