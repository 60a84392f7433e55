"""Edit intents: the small JSON objects that say what an edit of a position does.

The board editor's page sends them as they are, a notebook may too, and the editor keeps
the ones it applied as its history. Each is checked for its shape first (a named error for
an unknown type, a missing or unexpected key), then applied to a scenario through the
:class:`~cyclades_widgets.scenario.Scenario` call that states its rule:

========== ================================================== ==============================
type       keys                                               the call
========== ================================================== ==============================
``place``  ``piece``, ``place``, ``player``?, ``count``?      troops, fleets, territory,
                                                              build, metropolis, prosperity,
                                                              offering
``remove`` ``piece``, ``place``, ``player``?, ``count``?      remove, remove_offering
``toggle`` ``piece``, ``place``, ``player``?, ``count``?      ``remove`` if the piece is
                                                              there, else ``place``
``clear``  ``place``                                          clear
``empty``                                                     empty
``set``    ``field``, ``value``, ``player``?                  gold, priests, philosophers,
                                                              cycle, gods, order, creatures,
                                                              discard, phase, turn
``undo``                                                      (the editor's history)
``redo``                                                      (the editor's history)
========== ================================================== ==============================

``place`` is an isle, a sea, or a god for an offering token (``"apollo"`` too). ``count``
is how many of the piece stand there after a ``place`` (troops, fleets, buildings of that
kind, prosperity markers; an offering's GP), and how many a ``remove`` takes (all when
left out).

>>> from cyclades_widgets.scenario import Scenario
>>> scenario = Scenario(players=3)
>>> apply_intent(scenario, {"type": "place", "piece": "troop", "place": "naxos",
...                         "player": "Athens", "count": 3})
{'type': 'place', 'piece': 'troop', 'place': 'naxos', 'player': 'Athens', 'count': 3}
>>> scenario.state().isles["naxos"].troops
3
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import Message
from ..rules.state import APOLLO, BUILDINGS, GODS
from ..scenario import Scenario, ScenarioError
from ..scenario.board import PIECES
from ..scenario.core import check_count, norm

__all__ = ["FIELDS", "INTENTS", "PIECE_PLACES", "apply_intent", "check_shape", "resolve_toggle"]

INTENTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "place": (frozenset({"piece", "place"}), frozenset({"player", "count"})),
    "remove": (frozenset({"piece", "place"}), frozenset({"player", "count"})),
    "toggle": (frozenset({"piece", "place"}), frozenset({"player", "count"})),
    "clear": (frozenset({"place"}), frozenset()),
    "empty": (frozenset(), frozenset()),
    "set": (frozenset({"field", "value"}), frozenset({"player"})),
    "undo": (frozenset(), frozenset()),
    "redo": (frozenset(), frozenset()),
}
"""Each intent type: the keys it needs and the keys it may have (besides ``type``)."""

PIECE_PLACES: dict[str, str] = {
    "troop": "isle",
    "fleet": "sea",
    "territory": "isle",
    **{kind: "isle" for kind in BUILDINGS},
    "metropolis": "isle",
    "prosperity": "isle",
    "offering": "god",
}
"""What can be placed, and on what: an isle, a sea space, or a god (offering tokens)."""

PLAYER_PIECES = frozenset({"troop", "fleet", "territory", "offering"})
"""The pieces that belong to a player (the intent names them with ``player``)."""

_KEY_ORDER = ("type", "piece", "place", "player", "count", "field", "value")
"""The keys of an intent, in the order an applied intent lists them."""

FIELDS: dict[str, bool] = {
    "gold": True,
    "priests": True,
    "philosophers": True,
    "cycle": False,
    "gods": False,
    "order": False,
    "creatures": False,
    "discard": False,
    "phase": False,
    "turn": False,
}
"""The fields a ``set`` intent changes, and whether it names a ``player``."""


def _fail(key: str, literal: list[str] | None = None, **params: object) -> ScenarioError:
    return ScenarioError(Message(f"editor.intent.{key}", params, frozenset(literal or [])))


def check_shape(intent: object) -> dict[str, Any]:
    """``intent`` as a plain dict, once its type and keys are right (the values are
    checked by the scenario's calls)."""
    if not isinstance(intent, Mapping) or not isinstance(intent.get("type"), str):
        got = repr(intent)[:80]
        raise _fail("not_intent", [got], got=got)
    kind = intent["type"]
    if kind not in INTENTS:
        shown = repr(kind)[:40]
        raise _fail("type", [shown, *INTENTS], type=shown, types=list(INTENTS))
    needed, allowed = INTENTS[kind]
    missing = sorted(needed - set(intent))
    if missing:
        raise _fail("missing", [kind, *missing], type=kind, keys=missing)
    extra = sorted(str(k)[:40] for k in set(intent) - needed - allowed - {"type"})
    if extra:
        raise _fail("extra", [kind, *extra], type=kind, keys=extra)
    if kind in ("place", "remove", "toggle"):
        piece = intent["piece"]
        if piece not in PIECE_PLACES:
            shown = repr(piece)[:40]
            raise _fail("piece", [shown, *PIECE_PLACES], piece=shown, pieces=list(PIECE_PLACES))
        if piece in PLAYER_PIECES and intent.get("player") is None and kind != "remove":
            raise _fail("missing", [kind, "player"], type=kind, keys=["player"])
    if kind == "set":
        field = intent["field"]
        if field not in FIELDS:
            shown = repr(field)[:40]
            raise _fail("field", [shown, *FIELDS], field=shown, fields=list(FIELDS))
        if FIELDS[field] and intent.get("player") is None:
            raise _fail("missing", [field, "player"], type=field, keys=["player"])
    return {k: intent[k] for k in _KEY_ORDER if k in intent}


def apply_intent(scenario: Scenario, intent: object) -> dict[str, Any]:
    """Apply a ``place``, ``remove``, ``toggle``, ``clear``, ``empty`` or ``set`` intent to
    ``scenario``; return the intent as applied (a ``toggle`` becomes the ``place`` or
    ``remove`` it means). Raises :class:`ScenarioError`, and then the scenario may be
    half changed: apply to a copy (:class:`~.model.EditorModel` does)."""
    edit = check_shape(intent)
    kind = edit["type"]
    if kind == "toggle":
        edit = resolve_toggle(scenario, edit)
        kind = edit["type"]
    if kind == "place":
        _place(scenario, edit)
    elif kind == "remove":
        _remove(scenario, edit)
    elif kind == "clear":
        scenario.clear(edit["place"])
    elif kind == "empty":
        scenario.empty()
    elif kind == "set":
        _set(scenario, edit)
    else:
        raise _fail("history", [kind], type=kind)
    return edit


def resolve_toggle(scenario: Scenario, edit: dict[str, Any]) -> dict[str, Any]:
    """What a click with ``piece`` on ``place`` means: take the piece away (all of it) if
    that player's (for a building or a marker, anyone's) is there, else place it."""
    if scenario.here(edit["piece"], edit["place"], edit.get("player")):
        return {k: v for k, v in {**edit, "type": "remove"}.items() if k != "count"}
    return {**edit, "type": "place"}


def _place(scenario: Scenario, edit: dict[str, Any]) -> None:
    piece, place, count = edit["piece"], edit["place"], edit.get("count")
    player: Any = edit.get("player")  # checked for each piece that has one
    if piece == "troop":
        scenario.troops(place, player, 1 if count is None else count)
    elif piece == "fleet":
        scenario.fleets(place, player, 1 if count is None else count)
    elif piece == "territory":
        scenario.territory(place, player)
    elif piece == "prosperity":
        scenario.prosperity(place, 1 if count is None else count)
    elif piece == "offering":
        scenario.offering(place, player, count)
    else:
        _own_isle(scenario, place, player)
        if piece == "metropolis":
            scenario.metropolis(place)
        else:
            _buildings(scenario, piece, place, 1 if count is None else count)


def _own_isle(scenario: Scenario, place: str, player: str | None) -> None:
    """A building placed in a player's colour goes on that player's isle only."""
    owner = scenario.owner(place)
    if player is None or owner is None:
        return
    name = scenario.player(player)
    if owner != name:
        raise ScenarioError(Message("editor.not_owner", {"isle": norm(place), "owner": owner,
                                    "player": name}, frozenset({owner, name})))  # fmt: skip


def _buildings(scenario: Scenario, kind: str, place: str, count: object) -> None:
    """Exactly ``count`` buildings of ``kind`` on the isle: built, or taken away."""
    count = check_count(count, "buildings", max(scenario.slots(place), 1))
    here = scenario.here(kind, place)
    if count > here:
        scenario.build(place, *[kind] * (count - here))
    elif count < here:
        scenario.remove(place, kind, here - count)


def _remove(scenario: Scenario, edit: dict[str, Any]) -> None:
    piece, place, player = edit["piece"], edit["place"], edit.get("player")
    if piece == "offering":
        scenario.remove_offering(place, player)
        return
    if player is not None and piece in PLAYER_PIECES and not scenario.here(piece, place, player):
        name = scenario.player(player)
        words = {"place": norm(place), "player": name, "piece": _piece_word(piece)}
        raise ScenarioError(Message("editor.not_theirs", words, frozenset({name})))
    scenario.remove(place, PIECES.get(piece, piece), edit.get("count"))


def _piece_word(piece: str) -> object:
    if piece in ("troop", "fleet"):
        return f"{piece}s"
    words = {"territory": "territory_marker", "prosperity": "prosperity"}
    return Message(f"scenario.what.{words[piece]}") if piece in words else piece


def _set(scenario: Scenario, edit: dict[str, Any]) -> None:
    field, value, player = edit["field"], edit["value"], edit.get("player")
    if field in ("gold", "priests", "philosophers"):
        getattr(scenario, field)(player, value)
    elif field == "cycle":
        scenario.cycle(value)
    elif field in ("gods", "order", "creatures", "discard"):
        if not isinstance(value, list | tuple):
            got = repr(value)[:80]
            raise _fail("list", [field, got], field=field, got=got)
        getattr(scenario, field)(*value)
    elif field == "phase":
        scenario.phase(value)
    else:
        _set_turn(scenario, value)


def _set_turn(scenario: Scenario, value: object) -> None:
    """Whose god action it is: ``{"god": "ares", "player": "Athens"}`` starts the actions
    phase there (``player`` may be left out when an offering names the holder); ``None``
    starts the actions phase at its first god."""
    if value is None:
        scenario.phase("actions")
        return
    if not isinstance(value, Mapping) or not isinstance(value.get("god"), str):
        got = repr(value)[:80]
        raise _fail("turn", [got], got=got, gods=[*GODS, APOLLO])
    extra = sorted(str(k)[:40] for k in set(value) - {"god", "player"})
    if extra:
        raise _fail("extra", ["turn", *extra], type="turn", keys=extra)
    scenario.phase("actions", god=value["god"], player=value.get("player"))
