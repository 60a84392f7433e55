"""The registry refuses a second registration (issue 11 'Each rule stated once').

Rule modules fill the registry's tables when they are imported. A name registered twice
would make the rules depend on import order (the last one wins), so every table refuses
it with a named error: handlers, explainers, pending kinds, notations, creature powers and
hooks. Zeus's creature draw, once a second ``draw`` handler wrapping the first, is now a
pending step of its own.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

import pytest

from cyclades_widgets.rules import actions, registry
from cyclades_widgets.rules.creatures import effects
from cyclades_widgets.rules.creatures.market import ZeusDraw
from cyclades_widgets.rules.errors import RegistryError
from cyclades_widgets.rules.state import PENDING_TYPES, Pending


@dataclass(slots=True, kw_only=True)
class Probe(Pending):
    """A pending kind used only here."""

    kind: ClassVar[str] = "registry_probe"


@pytest.fixture
def clean() -> Iterator[None]:
    """Remove what a test registers under the name ``registry_probe``."""
    yield
    for table in (registry.HANDLERS, registry.EXPLAINERS, registry.PENDING, PENDING_TYPES):
        table.pop("registry_probe", None)  # type: ignore[attr-defined]
    actions._PATTERNS.pop("registry_probe", None)
    effects.EFFECTS.pop("registry_probe", None)
    registry.TURN_ACTIONS[:] = [f for f in registry.TURN_ACTIONS if f is not _no_actions]


def _no_actions(state: object, turn: object) -> list[actions.Action]:
    return []


def test_a_second_handler_is_refused(clean: None):
    registry.handler("registry_probe")(lambda s, a: [])
    with pytest.raises(RegistryError, match="handler of 'registry_probe' is registered twice"):
        registry.handler("registry_probe")(lambda s, a: [])


def test_a_second_handler_for_an_existing_kind_is_refused():
    """The old way of adding Zeus's draw (wrapping the track's ``draw``) is impossible."""
    before = registry.HANDLERS["draw"]
    with pytest.raises(RegistryError, match="'draw'"):
        registry.handler("draw")(lambda s, a: [])
    assert registry.HANDLERS["draw"] is before


def test_a_second_explainer_is_refused(clean: None):
    registry.explainer("registry_probe")(lambda s, a: None)
    with pytest.raises(RegistryError, match="explainer of 'registry_probe'"):
        registry.explainer("registry_probe")(lambda s, a: None)


def test_a_second_pending_kind_is_refused(clean: None):
    registry.register_pending(Probe, "auto", auto=lambda s, p: [])
    with pytest.raises(RegistryError, match="pending step 'registry_probe'"):
        registry.register_pending(Probe, "auto", auto=lambda s, p: [])
    assert PENDING_TYPES["registry_probe"] is Probe


def test_a_second_notation_is_refused(clean: None):
    actions.register_notation("registry_probe", "{w}")
    with pytest.raises(RegistryError, match="notation of 'registry_probe'"):
        actions.register_notation("registry_probe", "{i}")
    assert [p for p, _, _ in actions._PATTERNS["registry_probe"]] == ["{w}"]


def test_a_second_creature_power_is_refused():
    with pytest.raises(RegistryError, match="power of 'giant'"):
        effects.register_effect("giant", effects.Effect())


def test_a_hook_registered_twice_is_refused(clean: None):
    registry.turn_actions(_no_actions)
    with pytest.raises(RegistryError, match="registered twice"):
        registry.turn_actions(_no_actions)


def test_zeus_draw_is_a_pending_step_of_its_own():
    """The draw after Zeus's change is applied by its own step, not by the track's
    ``draw`` handler; both read ``draw <creature>`` (seed 000 'The Four Main Gods')."""
    spec = registry.PENDING["creature_draw"]
    assert spec.type is ZeusDraw and spec.node == "chance" and spec.apply is not None
