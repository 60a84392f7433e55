"""The director of the example games: greedy bots plus a few staged teaching moves.

Used by ``tools/make_example_games.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cyclades_widgets.bots import GreedyBot
from cyclades_widgets.rules import flow
from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.battle import current_battle, defender_bonus, defending_units
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.creatures import offer
from cyclades_widgets.rules.state import GameState


@dataclass
class Director:
    """Greedy bots plus a few staged teaching moves, each made when the game allows it.

    - **Creatures:** from cycle 2 on, a player in a god's turn calls an affordable
      creature not yet seen in this game (at most one per turn and :attr:`creature_limit`
      per game), preferring one that a Temple makes cheaper.
    - **Zeus's change:** once per game, the Zeus player changes the creature on the
      cheapest space.
    - **A fleet manoeuvre:** once per game, the Poseidon player moves a group into a sea
      holding more of its fleets, picks them up, sails on into an empty sea and drops one.
    - **Staged dice:** the first land battle of one troop against one whose dice can tie
      is rolled as a tie, so both sides are wiped out (the note says so).
    """

    players: int
    seed: int
    creature_limit: int = 3
    bots: list[GreedyBot] = field(default_factory=list)
    creatures_called: list[str] = field(default_factory=list)
    changed: bool = False
    manoeuvre: list[str] = field(default_factory=list)
    """The steps of the fleet manoeuvre under way ("pickup", "sail", "drop"), or done."""
    manoeuvre_done: bool = False
    staged_rolls: list[int] = field(default_factory=list)
    """Game steps (``state.step``) whose dice the director chose."""
    staged_battle: list[object] = field(default_factory=list)
    """[cycle, space, attacker] of the battle whose dice are staged."""
    _turn_bought: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        self.bots = [GreedyBot(seed=self.seed * 31 + i) for i in range(self.players)]

    # ------------------------------------------------------------------ decisions
    def decide(self, state: GameState, legal: list[Action]) -> Action:
        """The decision for the seat to act: a staged teaching move, or the bot's choice."""
        _, seat = flow.node(state)
        assert seat is not None
        rules = (self._fleet_step, self._creature, self._zeus_change, self._manoeuvre, self._trade)
        for rule in rules:
            action = rule(state, seat, legal)
            if action is not None:
                return action
        return self.bots[seat].choose(state, legal)

    def _in_turn(self, state: GameState) -> bool:
        return state.turn is not None and not state.pending and state.phase.value == "actions"

    def _creature(self, state: GameState, seat: int, legal: list[Action]) -> Action | None:
        if not self._in_turn(state) or state.cycle < 2:
            return None
        if len(self.creatures_called) >= self.creature_limit:
            return None
        if self._turn_bought == (state.cycle, seat):
            return None
        gold = state.players[seat].gold
        options = []
        for slot, card, price, temples in offer(state, seat):
            if card in self.creatures_called or price > gold or not _has_use(state, card):
                continue
            options.append((-temples, -slot, card))
        if not options:
            return None
        card = sorted(options)[0][2]
        self.creatures_called.append(card)
        self._turn_bought = (state.cycle, seat)
        return Action("buy", (card,))

    def _zeus_change(self, state: GameState, seat: int, legal: list[Action]) -> Action | None:
        if self.changed or not self._in_turn(state) or state.turn.god != "zeus":  # type: ignore[union-attr]
            return None
        changes = [a for a in legal if a.kind == "change"]
        if not changes or state.players[seat].gold < 3:
            return None
        self.changed = True
        cheapest = max(changes, key=lambda a: state.creature_track.index(a.args[0]))
        return cheapest

    def _manoeuvre(self, state: GameState, seat: int, legal: list[Action]) -> Action | None:
        if self.manoeuvre_done or not self._in_turn(state):
            return None
        if state.turn.god != "poseidon" or state.turn.recruited < 1:  # type: ignore[union-attr]
            return None
        plan = _find_manoeuvre(state, seat)
        if plan is None or Action("move", plan) not in legal:
            return None
        self.manoeuvre_done = True
        self.manoeuvre = ["pickup", "sail", "drop"]
        return Action("move", plan)

    def _fleet_step(self, state: GameState, seat: int, legal: list[Action]) -> Action | None:
        top = state.pending[-1] if state.pending else None
        if top is None or top.kind != "fleet_move" or not self.manoeuvre:
            return None
        step = self.manoeuvre.pop(0)
        if step == "pickup":
            picks = [a for a in legal if a.kind == "pickup"]
            return max(picks, key=lambda a: a.args[0]) if picks else None
        if step == "sail":
            spec = MapSpec.load(state.map_id)
            empty = [a for a in legal if a.kind == "sail" and a.args[0] not in state.fleets]
            empty.sort(key=lambda a: (-spec.sea_prosperity[a.args[0]], a.args[0]))
            if empty:
                return empty[0]
            self.manoeuvre = []
            return Action("stop")
        drops = [a for a in legal if a.kind == "drop"]
        self.manoeuvre = ["stop"] if drops else []
        return drops[0] if drops else Action("stop")

    def _trade(self, state: GameState, seat: int, legal: list[Action]) -> Action | None:
        """Once per game: one troop lands on an enemy isle held by one troop, from an isle
        that keeps troops of its own; the dice are then staged as a tie (see :meth:`chance`)."""
        if self.staged_battle or not self._in_turn(state) or state.turn.god != "ares":  # type: ignore[union-attr]
            return None
        for action in legal:
            if action.kind != "move" or action.args[0] != "troops" or action.args[3] != 1:
                continue
            _, origin, target, _ = action.args
            isle = state.isles[target]
            if isle.owner in (None, seat) or isle.troops != 1 or state.isles[origin].troops < 2:
                continue
            if (
                isle.buildings.count("fortress")
                + int(isle.metropolis)
                + 2 * (isle.figurine == "minotaur")
                > 3
            ):
                continue
            return action
        return None

    # ------------------------------------------------------------------ chance
    def chance(self, state: GameState) -> Action | None:
        """A staged outcome, or None to let the seed decide.

        The first land battle between equal numbers of troops whose dice can tie is
        rolled as ties, round after round, until both sides are wiped out (unless a side
        retreats)."""
        battle = current_battle(state)
        if battle is None or state.pending[-1] is not battle:
            return None
        data = battle.data
        here = [state.cycle, data["space"], data["attacker"]]
        if self.staged_battle and self.staged_battle != here:
            return None
        if data["kind"] != "land" or data["attackers"] != defending_units(state, battle):
            return None
        bonus = defender_bonus(state, battle)[0]
        if bonus > 3:
            return None
        self.staged_battle = here
        self.staged_rolls.append(state.step)
        return Action("roll", (bonus, 0))


def _has_use(state: GameState, card: str) -> bool:
    """True if calling ``card`` now would not fizzle (checked on a copy)."""
    trial = state.copy()
    events = flow.apply(trial, Action("buy", (card,)))
    return not any(e.kind == "creature_fizzles" for e in events)


def _find_manoeuvre(state: GameState, seat: int) -> tuple[str, str, str, int] | None:
    """A first fleet move into a sea holding more of the player's fleets, from where an
    empty sea can be reached: ``("fleets", from, to, count)``."""
    spec = MapSpec.load(state.map_id)
    own = sorted(s for s, (o, _) in state.fleets.items() if o == seat)
    for origin in own:
        for target in sorted(spec.sea_neighbours[origin]):
            if target not in own or target == state.kraken:
                continue
            onward = [
                s
                for s in spec.sea_neighbours[target]
                if s not in state.fleets and s != state.kraken and s != origin
            ]
            if onward:
                return ("fleets", origin, target, state.fleets[origin][1])
    return None
