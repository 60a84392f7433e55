"""The :class:`Scenario` builder: board, players and cycle calls, the state they build, the
code that rebuilds it, and a scenario read back from a position."""

from __future__ import annotations

from ..rules.state import APOLLO, GameState
from . import code as _code
from .board import PIECES, BoardCalls
from .core import header_text, norm
from .cycle import CycleCalls
from .layout import Layout
from .players import PlayerCalls
from .reading import read_state

__all__ = ["Scenario"]


class Scenario(BoardCalls, PlayerCalls, CycleCalls, Layout):
    """A builder for a game position: ``Scenario(players=3).troops(...).game()``.

    ``players`` is a number (2 to 5: the players are then Athens, Sparta, Corinth, Thebes
    and Argos, in that order) or a list of names. The position starts as the game's
    set-up (each player: 5 GP, two isles with a troop, two fleets); :meth:`empty` clears
    the board first. ``repr(scenario)`` is the chain of calls made, and :meth:`code` the
    shortest chain that rebuilds the same position.

    >>> scenario = Scenario(players=3).empty().troops("naxos", "Athens", 3)
    >>> print(scenario.code())
    cw.Scenario(players=3).empty().troops("naxos", "Athens", 3)
    """

    @classmethod
    def from_state(cls, state: GameState) -> Scenario:
        """The scenario that sets up ``state`` exactly (the number of steps played aside).

        The position must be one a scenario can stage: the offerings under way, the start
        of a god's action, revenue or the end of a cycle, with no battle or choice under
        way, no creature figurine on the board and nobody eliminated. Otherwise
        :class:`ScenarioError` says what stands in the way.

        >>> import cyclades_widgets as cw
        >>> game = cw.Game.new(players=3, seed=1)  # revenue paid, the offerings begin
        >>> print(Scenario.from_state(game.state).code())
        (
            cw.Scenario(players=3)
            .gold("Athens", 7)
            .gold("Sparta", 7)
            .gold("Corinth", 7)
            .gods("poseidon")
            .order("Corinth", "Sparta", "Athens")
            .creatures("kraken")
        )
        """
        scenario = cls(list(state.names), options=state.options, map=state.map_id)
        read_state(scenario, state)
        scenario._calls = [scenario._calls[0], *(_repr_call(c) for c in _code.chain(scenario))]
        return scenario

    # ------------------------------------------------------------------ queries
    def here(self, piece: str, place: str, player: str | None = None) -> int:
        """How many of a piece stand on a place now: ``player``'s troops, fleets,
        territory marker (0 or 1) or offering tokens (on a god, ``"apollo"`` too); or, of
        any player, the buildings of a kind, the Metropolis (0 or 1) or the prosperity
        markers on an isle. A place where the piece cannot stand has none.

        >>> Scenario(players=3).here("troops", "naxos", "Athens")
        1
        """
        base, name = self._base, norm(place)
        seat = None if player is None else self._seat(player)
        kind = "offering" if norm(piece) == "offering" else PIECES.get(norm(piece), "")
        if kind == "offering":
            if name == APOLLO:
                return self._apollo.count(seat) if seat is not None else len(self._apollo)
            bid = self._bids.get(name)
            return int(bid is not None and seat in (None, bid[0]))
        if kind == "fleet":
            owner, count = base.fleets.get(name, (None, 0))
            return count if seat in (None, owner) else 0
        isle = base.isles.get(name)
        if isle is None or not kind:
            return 0
        if kind in ("troop", "territory"):
            mine = isle.owner is not None and seat in (None, isle.owner)
            return (isle.troops if kind == "troop" else int(isle.territory)) if mine else 0
        if kind == "metropolis":
            return int(isle.metropolis)
        return isle.markers if kind == "prosperity" else isle.buildings.count(kind)

    def owner(self, isle: str) -> str | None:
        """The name of the player who holds ``isle``, or None."""
        seat = self._base.isles[self._isle(isle)].owner
        return None if seat is None else self._base.names[seat]

    def slots(self, isle: str) -> int:
        """The building spaces of ``isle`` on this map (a Metropolis takes 2 of them, or
        the only one)."""
        return self._spec.isle_slots[self._isle(isle)]

    def player(self, name: str) -> str:
        """A player's name as the game writes it (``"athens"`` is ``"Athens"``); an
        unknown name is refused."""
        return self._name(name)

    # ------------------------------------------------------------------ code
    def code(self, prefix: str = "cw.") -> str:
        """The Python chain that rebuilds this scenario exactly, shortest form first: only
        what differs from the game's set-up, one call a line when it is long. ``prefix``
        is how the package is imported (``import cyclades_widgets as cw``)."""
        base = self._base
        head = header_text(base.names, base.options, base.map_id, prefix)
        return _code.text(head, _code.chain(self))


def _repr_call(call: _code.Call) -> str:
    """A call as :func:`repr` of a scenario writes it: ``troops("naxos", "Athens", 3)``."""
    return _code.format_call(call)[1:]
