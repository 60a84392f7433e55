"""The players' holdings in a scenario: gold behind the screen, Priests and Philosophers."""

from __future__ import annotations

from typing import Self

from .core import Core, check_count, error

__all__ = ["PlayerCalls"]


class PlayerCalls(Core):
    """Gold, Priest and Philosopher cards, each taken from (or given back to) the supply."""

    def gold(self, player: str, amount: int) -> Self:
        """Set a player's gold (GP behind the screen); the bank makes up the difference.
        The players together hold at most the box's gold (98 GP, or 100 with the
        rulebook's supply)."""
        seat = self._seat(player)
        supply = self._base.options.gold_supply
        amount = check_count(amount, "gold", supply)
        p = self._base.players[seat]
        total = sum(q.gold for q in self._base.players) - p.gold + amount
        if total > supply:
            name = self._base.names[seat]
            raise error("bank", [name], player=name, gold=amount, total=total, supply=supply)
        self._base.bank -= amount - p.gold
        p.gold = amount
        self._log("gold", self._base.names[seat], amount)
        return self

    def priests(self, player: str, count: int) -> Self:
        """Set how many Priest cards a player holds (each takes 1 GP off an offering)."""
        return self._cards(player, count, "priest")

    def philosophers(self, player: str, count: int) -> Self:
        """Set how many Philosopher cards a player holds: at most 3, since the 4th is
        swapped for a Metropolis at once."""
        if isinstance(count, int) and count >= 4:
            name = self._name(player)
            raise error("four_philosophers", [name], player=name, count=count)
        return self._cards(player, count, "philosopher")

    def _cards(self, player: str, count: int, card: str) -> Self:
        seat = self._seat(player)
        count = check_count(count, f"{card}s", 100)
        p = self._base.players[seat]
        attr = f"{card}s"
        supply = getattr(self._base, f"{card}_supply") + getattr(p, attr)
        if count > supply:
            raise error("card_supply", supply=supply, card=card)
        setattr(self._base, f"{card}_supply", supply - count)
        setattr(p, attr, count)
        self._log(f"{card}s", self._base.names[seat], count)
        return self
