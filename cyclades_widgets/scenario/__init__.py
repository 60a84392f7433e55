"""``Scenario``: build any teaching position in a few readable lines, then play on from it.

>>> import cyclades_widgets as cw
>>> game = (
...     cw.Scenario(players=3)
...     .troops("naxos", "Athens", 3)
...     .gold("Sparta", 6)
...     .phase("offerings")
...     .game()
... )
>>> game.phase.value, game.to_act, game.state.players[1].gold
('offerings', 'Athens', 6)

Every method returns the scenario, so calls chain. Board calls (troops, fleets, buildings,
markers, cards, gold) are checked at once against the rules' limits and raise
:class:`ScenarioError` (a ``ValueError``) naming the limit; the phase, gods, turn order,
offerings and creature track are checked together by :meth:`Scenario.state` and
:meth:`Scenario.game`. Errors speak the session's language
(:func:`cyclades_widgets.i18n.set_language`); ids and the names given keep the form they
were written in.

The parts: :mod:`.core` (what a scenario holds, its error), :mod:`.board` (pieces on isles
and seas), :mod:`.players` (gold and cards), :mod:`.cycle` (gods, turn track, offerings,
creature track, phase, forced outcomes), :mod:`.layout` (the state built from them),
:mod:`.code` (the shortest chain that rebuilds a scenario), :mod:`.reading` (a scenario
read back from a position) and :mod:`.builder` (the :class:`Scenario` class).
"""

from __future__ import annotations

from .builder import Scenario
from .core import PHASES, ScenarioError

__all__ = ["PHASES", "Scenario", "ScenarioError"]
