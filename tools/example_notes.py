"""The notes of the example games, written from the events and states of each game.

Used by ``tools/make_example_games.py``. Every sentence here is filled from the game it
annotates: the state before a move (comments *before* it: why a bid was made, what the
rules forbid there) or the events of the move and of the automatic steps after it
(comments *after* it: what a rule did). A rule point is explained in full the first time
it occurs in a game, with its source; later occurrences get a short note or none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cyclades_widgets.rules.actions import Action
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.creatures import creature_name
from cyclades_widgets.rules.events import Event
from cyclades_widgets.rules.state import APOLLO, GOD_BUILDING, GameState

if TYPE_CHECKING:
    from make_example_games import Director

    from cyclades_widgets.game import Game

WHY = "why this bid"
"""The tag of a step whose note explains a bid (a rule point's tag takes precedence)."""
BID_NOTE_CYCLES = 2
UNIT = {"troop": "troop", "fleet": "fleet", "priest": "Priest", "philosopher": "Philosopher"}
"""Every bid of the first cycles gets a "why" note; later only remarkable ones."""


@dataclass
class Move:
    """One record step: the move, the states around it, its events and those after it."""

    index: int
    action: Action
    player: str | None
    before: GameState
    after: GameState
    events: list[Event]


def moves_of(game: Game) -> list[Move]:
    """Cut a game's history into record steps (as ``record.game_at`` does)."""
    history = game.history
    starts = [i for i, s in enumerate(history) if s.notation is not None]
    out = []
    for k, pos in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(history)
        after = history[end].before if end < len(history) else game.state
        step = history[pos]
        assert step.action is not None
        player = step.player if step.kind == "decision" else None
        events = [e for s in history[pos:end] for e in s.events]
        out.append(Move(k, step.action, player, step.before, after, events))
    return out


@dataclass
class Note:
    """The annotations of one step, gathered before they are written to the record."""

    before: list[str] = field(default_factory=list)
    after: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    isles: list[str] = field(default_factory=list)
    seas: list[str] = field(default_factory=list)
    arrows: list[tuple[str, str]] = field(default_factory=list)


class NotesBase:
    """What every kind of note needs: the notes so far, first occurrences, names."""

    def __init__(self, game: Game, director: Director) -> None:
        self.game = game
        self.director = director
        self.spec = MapSpec.load(game.state.map_id)
        self.n = game.state.n_players
        self.notes: dict[int, Note] = {}
        self.seen: set[str] = set()
        self.shown: list[tuple[int, str]] = []
        """(step, rule point) for the docs page, in order."""
        self.gods_before: list[tuple[list[str], list[str]]] = []

    def note(self, k: int) -> Note:
        return self.notes.setdefault(k, Note())

    def first(self, key: str, k: int, tag: str | None = None) -> bool:
        """True the first time ``key`` is met; records the rule point and its tag."""
        if key in self.seen:
            return False
        self.seen.add(key)
        if tag is not None:
            self.note(k).tags.append(tag)
            self.shown.append((k, tag))
        return True

    def isle(self, isle_id: str) -> str:
        return self.spec.names[isle_id]["en"]

    def where(self, space: str) -> str:
        return self.isle(space) if space in self.spec.isle_slots else f"sea {space}"

    def light(self, k: int, *spaces: str) -> None:
        n = self.note(k)
        for s in spaces:
            target = n.isles if s in self.spec.isle_slots else n.seas
            if s not in target:
                target.append(s)

    def run(self, moves: list[Move]) -> None:
        for move in moves:
            if move.player is not None:
                self.decision(move)
            for event in move.events:
                writer = getattr(self, f"on_{event.kind}", None)
                if writer is not None:
                    writer(move, event)

    def bid_reason(self, m: Move) -> None:
        """Overridden: the "why this bid" note."""

    def last_isle(self, m: Move) -> None:
        """Overridden: the last-isle note."""

    def decision(self, m: Move) -> None:
        state, k = m.before, m.index
        if m.action.kind == "bid":
            self.bid_reason(m)
        if state.turn is not None and state.turn.god == "ares" and not state.pending:
            self.last_isle(m)
        if state.pending and state.pending[-1].kind == "retreat" and self.first("ask", k):
            side = state.pending[-1].data["side"]
            self.note(k).before.append(
                f"Both sides still have troops or fleets, so the {side} is asked whether to "
                "retreat; the defender is always asked first, then the attacker "
                "(seed 000 'Battle' step 3)."
            )


class OfferingNotes(NotesBase):
    """Notes on the cycle: setup, creature track, gods track, revenue, offerings, Apollo,
    the end of a cycle and of the game."""

    def bid_reason(self, m: Move) -> None:
        """Why this bid: every bid of the first cycles, later only remarkable ones."""
        s, k = m.before, m.index
        seat = s.seat(m.player or "")
        god = m.action.args[0]
        remarkable = None
        if god == "athena" and s.players[seat].philosophers == 3:
            remarkable = f"athena-3-{seat}"
        elif god == APOLLO and len(s.isles_of(seat)) == 1:
            remarkable = f"apollo-lone-{seat}"
        elif s.displaced is not None and "rebid" not in self.seen:
            remarkable = "rebid"
        elif s.displaced is None and s.cycle <= BID_NOTE_CYCLES:
            remarkable = f"bid-{s.cycle}-{seat}"
        if remarkable is None or remarkable in self.seen:
            return
        self.seen.add(remarkable)
        text = f"Why {god.title()}? " + _god_reason(s, seat, god, self.spec)
        if s.displaced is not None:
            lost = s.displaced[1]
            if s.bids[lost][0] == seat:
                text = (
                    f"{m.player}'s own second token displaced this one from {lost.title()}, "
                    "so it must go to another god. " + text
                )
            else:
                text = (
                    f"{m.player} was just outbid on {lost.title()} and must bid at once on "
                    "another god. " + text
                )
        self.note(k).before.append(text)
        self.note(k).tags.append(WHY)

    def on_outbid(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        if d["player"] == d["previous"]:
            if self.first("self-outbid", k, "own token displaced"):
                self.note(k).after.append(
                    f"With 2 players, a player's second token may displace their own first "
                    f"one (seed 002 '双人局例外'): {d['player']} now holds {d['god'].title()} at "
                    f"{d['bid']} GP, and the displaced token must go to another god."
                )
            return
        if m.before.displaced is not None and self.first("chain", k, "outbid chain"):
            self.note(k).after.append(
                f"An outbid chain: {d['player']}, displaced a moment ago, now displaces "
                f"{d['previous']} from {d['god'].title()}. The chain is settled before the next "
                "token on the turn track is placed (seed 002 FAQ)."
            )
        elif self.first("outbid", k, "outbid"):
            self.note(k).after.append(
                f"{d['player']} bids {d['bid']} GP, more than {d['previous']}'s {d['previous_bid']}: "
                f"an outbid must be strictly higher. {d['previous']} must at once bid on a "
                "different god, and may not simply raise on this one (seed 000 'Offerings'; "
                "seed 002 FAQ)."
            )

    def on_bid_apollo(self, m: Move, e: Event) -> None:
        k = m.index
        if e.data["first"] and self.first("apollo-first", k):
            self.note(k).after.append(
                f"{e.data['player']} is first on Apollo, who takes no offering: besides the "
                "income, the first player there places a prosperity marker (seed 000 'Apollo')."
            )
        elif not e.data["first"] and self.first("apollo-shared", k, "Apollo shared"):
            first = m.before.names[m.before.apollo[0]]
            self.note(k).after.append(
                f"Apollo can be shared: {e.data['player']} joins {first} there. Both get "
                f"Apollo's income, but only {first}, the first, places the prosperity marker "
                "(seed 000 'Apollo')."
            )

    def on_pay_offering(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        bids, priests, paid = d["bids"], d["priests"], d["paid"]
        if self.n == 2 and len(bids) == 2 and self.first("two-offerings", k, "two offerings"):
            self.note(k).after.append(
                f"With 2 players each has two tokens: {d['player']} pays for two offerings, "
                f"{_join(bids)} GP (seed 002 '双人局例外')."
            )
        if not priests or paid >= sum(bids):
            return
        floor = any(b <= priests for b in bids)
        key = "priest-floor" if floor else "priest"
        if not self.first(key, k, "Priest discount (min 1 GP)" if floor else "Priest discount"):
            return
        text = (
            f"{d['player']} offered {' + '.join(map(str, bids))} GP and holds {priests} "
            f"Priest{'s' if priests > 1 else ''}: each Priest takes 1 GP off"
        )
        text += " each offering" if len(bids) > 1 else " the offering"
        text += f", so {d['player']} pays {paid} GP (seed 000 'Offerings')."
        if floor:
            text += " The discount never takes an offering below 1 GP (seed 002 '献祭竞价')."
        if len(bids) > 1:
            text += (
                " This is seed 002's reading; the rule option two_player_priest_discount="
                '"total" follows the designer FAQ instead.'
            )
        self.note(k).after.append(text)

    def on_phase(self, m: Move, e: Event) -> None:
        if e.data.get("phase") == "actions" and self.first("act-order", m.index):
            gods = ", ".join(g.title() for g in dict.fromkeys(e.data["order"]))
            self.note(m.index).after.append(
                f"Everyone has paid; the gods now act from top to bottom ({gods}), whatever "
                "the size of the offerings, and Apollo last (seed 002 FAQ)."
            )

    def on_turn_order(self, m: Move, e: Event) -> None:
        order = ", ".join(e.data["order"])
        if self.n == 2:
            text = (
                f"With 2 players each player has two offering tokens; shuffled onto the turn "
                f"track they read {order}, so each will bid on two gods (seed 002 '双人局例外')."
            )
        else:
            text = (
                f"The offering tokens were shuffled onto the turn track: in cycle 1 the "
                f"players bid in the order {order} (seed 000 'Setup' 5)."
            )
        self.note(m.index).after.append(text)

    def on_creature_drawn(self, m: Move, e: Event) -> None:
        s, k = m.after, m.index
        if m.before.pending or m.before.cycle > 3:
            return
        track = [(c, p) for c, p in zip(s.creature_track, (4, 3, 2)) if c is not None]
        cards = ", ".join(f"{_creature(c)} at {p} GP" for c, p in track)
        cycle = s.cycle
        if cycle == 1 and self.first("ramp1", k, "creature track ramp-up"):
            text = (
                f"In cycle 1 the creature track shows a single card, {cards}; cycle 2 shows "
                "two and cycle 3 all three (seed 002 '收入与神话生物')."
            )
        elif cycle in (2, 3) and len(track) == cycle and self.first(f"ramp{cycle}", k):
            text = f"Cycle {cycle}: the creature track now offers {cards}."
            if cycle == 3:
                text += " From now on all three spaces are in use."
        else:
            return
        self.note(k).after.append(text)

    def on_creature_discarded(self, m: Move, e: Event) -> None:
        if e.data.get("reason") == "track" and self.first(
            "discard", m.index, "creature track slide"
        ):
            self.note(m.index).after.append(
                f"A new cycle: nobody bought {_creature(e.data['creature'])} on the 2 GP "
                "space, so it is discarded; the other cards slide one space cheaper and new "
                "cards fill the empty spaces (seed 000 'Turn Structure' 1)."
            )

    def on_gods_order(self, m: Move, e: Event) -> None:
        k, up, down = m.index, e.data["order"], e.data["face_down"]
        prev = self.gods_before[-1] if self.gods_before else None
        self.gods_before.append((up, down))
        names = ", ".join(g.title() for g in up)
        if prev is not None:
            self.note(k).after.append(_standings(m.before))
        if prev is None:
            if self.n == 5:
                text = (
                    f"With 5 players all four gods are face up: {names}, then Apollo, who is "
                    "always last (seed 002 '周期顺序与人数')."
                )
            elif self.n == 3:
                text = (
                    f"With 3 players only the first two gods are face up, {names}; "
                    f"{_join([g.title() for g in down])} wait face down and will be "
                    "next cycle's gods (seed 002 '周期顺序与人数')."
                )
            else:
                who = (
                    "With 2 players the 4-player rule applies" if self.n == 2 else "With 4 players"
                )
                text = (
                    f"{who}: three gods are face up, {names}; {down[0].title()} is face down "
                    "and out of play this cycle, and will come first next cycle (seed 002 "
                    "'周期顺序与人数')."
                )
            self.note(k).after.append(text)
            self.first("gods", k, "gods track")
        elif (
            len(prev[1]) == 1
            and up[0] == prev[1][0]
            and self.first("gods-next", k, "face-down god first")
        ):
            self.note(k).after.append(
                f"{up[0].title()}, face down last cycle, now comes first; the other three "
                "were shuffled (seed 002 '周期顺序与人数')."
            )
        elif (
            len(prev[1]) == 2
            and set(up) == set(prev[1])
            and self.first("gods-pair", k, "face-down pair up")
        ):
            self.note(k).after.append(
                f"Last cycle's face-down pair, {names}, is face up now, as seed 002 says; next "
                "cycle all four gods are shuffled again."
            )

    def on_revenue(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        if d["seas"] and self.first("sea-revenue", k, "revenue from seas"):
            self.note(k).after.append(
                f"Revenue: {d['player']} receives {d['gold']} GP, {d['seas']} of them from "
                "prosperity seas held by their fleets: a symbol at sea counts only while a "
                "fleet occupies it (seed 002 '收入与神话生物')."
            )

    def on_cycle_end(self, m: Move, e: Event) -> None:
        if self.first("cycle-end", m.index, "next bidding order"):
            self.note(m.index).after.append(
                f"Cycle {e.data['cycle']} ends and nobody has enough Metropolises. As each "
                "god finished, its player's token went to the highest free space of the turn "
                f"track, so next cycle's bidding order, {', '.join(e.data['order'])}, is the "
                "reverse of this cycle's acting order (RULES-NOTES §5.2)."
            )

    def on_apollo_income(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        if d["isles"] == 1 and self.first("apollo-4", k, "Apollo: 4 GP"):
            self.note(k).after.append(
                f"{d['player']} owns a single isle, so Apollo pays 4 GP instead of 1 "
                "(seed 000 'Apollo')."
            )
        elif d["isles"] > 1 and self.first("apollo-1", k, "Apollo: 1 GP"):
            self.note(k).after.append(
                f"Apollo pays {d['player']} 1 GP: they own {d['isles']} isles; a player with "
                "a single isle would get 4 GP (seed 000 'Apollo')."
            )

    def on_prosperity_placed(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        self.light(k, d["isle"])
        if self.first("prosperity", k, "Apollo's marker"):
            self.note(k).after.append(
                f"As the first player on Apollo, {d['player']} places a prosperity marker on "
                f"{self.isle(d['isle'])}: +1 GP of revenue there every cycle (seed 000 'Apollo')."
            )

    def on_supply_empty(self, m: Move, e: Event) -> None:
        if self.first("supply", m.index):
            self.note(m.index).after.append(
                f"The {e.data['card']} cards have run out, so {e.data['player']} gets none: "
                "an interpretation, as the sources do not say (docs/rules-notes.md)."
            )

    def on_game_won(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        self.first("won", k, "end-of-cycle victory check")
        text = (
            f"End of cycle {m.after.cycle}: {d['player']} owns {d['metropolises']} "
            f"Metropolises, at least the {m.after.metropolises_to_win} needed with {self.n} "
            "players, and wins. The check is made only now, at the end of the cycle "
            "(seed 000 'Scoring')."
        )
        if d["tie_break"]:
            self.first("tie-break", k, "tie-break")
            text += (
                f" {_join(d['contenders'])} reached the target together; the richest, "
                f"{d['player']} with {d['gold']} GP, wins the tie (seed 000 'Scoring')."
            )
        self.note(k).after.append(text)


# --------------------------------------------------------------------------- reasons


def _god_reason(s: GameState, seat: int, god: str, spec: MapSpec) -> str:
    """Why the god is worth having, from the state before the bid (facts only)."""
    p = s.players[seat]
    name = s.names[seat]
    gold = f"{name} has {p.gold} GP"
    if god == APOLLO:
        if len(s.isles_of(seat)) == 1:
            return f"{gold} and a single isle, so Apollo would pay 4 GP instead of 1."
        if not s.apollo:
            return f"{gold}. Apollo is free, and the first player there also places a prosperity marker."
        return f"{gold}. Apollo takes no offering, so the gold is kept for next cycle."
    building = GOD_BUILDING[god]
    lacks = ""
    if s.buildings_of(seat, building) == 0:
        lacks = f" {name} has no {building.title()} yet, and {god.title()} builds them."
    if god == "athena":
        n = p.philosophers
        if n == 3:
            return f"{gold} and {_count(3, 'Philosopher')}: Athena's free one would be the fourth, and 4 make a Metropolis."
        return f"{gold} and {_count(n, 'Philosopher')}; Athena adds one, and 4 make a Metropolis.{lacks}"
    if god == "zeus":
        return f"{gold} and {_count(p.priests, 'Priest')}; Zeus adds one, and each Priest lowers later offerings by 1 GP.{lacks}"
    if god == "ares":
        target = _attack_target(s, seat, spec)
        if target:
            owner = s.names[s.isles[target].owner]  # type: ignore[index]
            return f"{gold}, and its fleets reach {owner}'s {spec.names[target]['en']}: Ares could move troops there.{lacks}"
        return f"{gold} and {_count(s.troops_on_board(seat), 'troop')} on the board; Ares brings one more for free.{lacks}"
    return f"{gold} and {_count(s.fleets_on_board(seat), 'fleet')} on the board; Poseidon brings one more for free.{lacks}"


def _standings(s: GameState) -> str:
    """Isles, Metropolises and Philosophers of every player still in the game."""
    parts = [
        f"{s.names[p]} {_count(len(s.isles_of(p)), 'isle')}, "
        f"{_count(s.metropolises(p), 'Metropolis')}, "
        f"{_count(s.players[p].philosophers, 'Philosopher')}"
        for p in s.active_players()
    ]
    return f"Standings at the start of cycle {s.cycle}: {'; '.join(parts)}."


def _join(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _count(n: int, noun: str) -> str:
    plural = "Metropolises" if noun == "Metropolis" else noun + "s"
    return f"{n} {noun if n == 1 else plural}"


def _attack_target(s: GameState, seat: int, spec: MapSpec) -> str | None:
    seas = [x for x, (o, _) in s.fleets.items() if o == seat]
    for isle in s.isles_of(seat):
        if s.isles[isle].troops >= 2:
            for target in sorted(spec.fleet_chain_reachable(isle, seas)):
                if s.isles[target].owner not in (None, seat):
                    return target
    return None


def _creature(creature: str) -> str:
    """The creature's name in a sentence: "the Giant", "Chiron"."""
    return creature_name(creature)
