"""The notes of the example games on the board: recruits and buildings, movement,
control of isles, battles, Metropolises and creatures (``tools/make_example_games.py``).

Like :mod:`example_notes`, every sentence is filled from the events and states of the game
it annotates.
"""

from __future__ import annotations

from example_notes import UNIT, Move, NotesBase, _count, _creature, _join

from cyclades_widgets.rules import flow
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.creatures import catalog
from cyclades_widgets.rules.events import Event
from cyclades_widgets.rules.state import GOD_BUILDING, GameState


class BoardNotes(NotesBase):
    """Notes on god actions, moves, battles, Metropolises and creatures."""

    def on_recruit(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        unit, cost = d["unit"], d["cost"]
        god = {"troop": "Ares", "fleet": "Poseidon", "priest": "Zeus", "philosopher": "Athena"}[
            unit
        ]
        if cost == 0 and self.first(f"free-{unit}", k, f"{god}: free {UNIT[unit]}"):
            extra = {
                "troop": "more troops cost 2, 3 and 4 GP",
                "fleet": "more fleets cost 1, 2 and 3 GP",
                "priest": "one more Priest costs 4 GP",
                "philosopher": "one more Philosopher costs 4 GP",
            }[unit]
            text = f"{god} gives {d['player']} a free {UNIT[unit]}; {extra} (seed 000 'The Four Main Gods')."
            self.note(k).after.append(text)
        elif cost > 0 and self.first(f"paid-{unit}", k, f"{god}: paid {UNIT[unit]}"):
            rule = (
                "at most one extra card per turn (seed 000 'Actions')"
                if unit in ("priest", "philosopher")
                else "the price rises with each one this turn (seed 000 'The Four Main Gods')"
            )
            self.note(k).after.append(
                f"{d['player']} pays {cost} GP for another {UNIT[unit]}: {rule}."
            )

    def on_build(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        kind = d["building"]
        if self.first(f"build-{kind}", k, f"build a {kind}"):
            god = [g for g, b in GOD_BUILDING.items() if b == kind][0].title()
            self.note(k).after.append(
                f"{god} builds {_plural(kind)}: {d['player']} pays 2 GP for a {kind} on a free "
                f"space of {self.isle(d['isle'])} (seed 000 'The Four Main Gods')."
            )
            self.light(k, d["isle"])

    def on_move_troops(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        seat = m.before.seat(d["player"])
        path = _chain(m.before, seat, d["origin"], d["target"], self.spec)
        self.note(k).arrows.append((d["origin"], d["target"]))
        self.light(k, *path)
        if self.first("ares-move", k, "Ares: move via fleets"):
            self.note(k).after.append(
                f"Ares's special action (1 GP) moves {_count(d['count'], 'troop')} from "
                f"{self.isle(d['origin'])} to {self.isle(d['target'])} along a chain of "
                f"{d['player']}'s own fleets ({_seas(path)}); troops never move without "
                "such a chain (seed 000 'The Four Main Gods')."
            )
        owner = m.before.isles[d["target"]].owner
        last = owner not in (None, seat) and m.before.isles_of(owner) == [d["target"]]
        if last and self.first(f"last-isle-attack-{owner}", k, "last-isle exception"):
            self.note(k).after.append(
                f"{self.isle(d['target'])} is {m.before.names[owner]}'s last isle. The attack is "
                f"allowed only because taking it would give {d['player']} the winning "
                f"{m.before.metropolises_to_win} Metropolises at once (seed 000 'Last Isle "
                "Rule'; RULES-NOTES §5.7)."
            )

    def on_move_fleets(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        self.note(k).arrows.append((d["origin"], d["target"]))
        if self.first("poseidon-move", k, "Poseidon: fleet move"):
            self.note(k).after.append(
                f"Poseidon's special action (1 GP) sends {_count(d['count'], 'fleet')} from sea "
                f"{d['origin']} to sea {d['target']}; a move may go on for up to 3 spaces "
                "and stops when it meets enemy fleets (seed 002 '移动与战斗')."
            )

    def on_sail(self, m: Move, e: Event) -> None:
        self.note(m.index).arrows.append((e.data["origin"], e.data["target"]))

    def on_pickup(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        if self.first("pickup", k, "fleet pick-up"):
            self.note(k).after.append(
                f"On the way the group picks up {_count(d['count'], 'fleet')} waiting in sea "
                f"{d['sea']} and is now {d['group']} strong: fleets may be picked up along a move (seed 002 "
                "'移动与战斗')."
            )

    def on_drop(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        if self.first("drop", k, "fleet drop-off"):
            self.note(k).after.append(
                f"The group drops off {_count(d['count'], 'fleet')} in sea {d['sea']} and goes on "
                f"with {d['group']}: fleets may also be dropped off along a move (seed 002 '移动与战斗')."
            )
            self.light(k, d["sea"])

    def on_territory_marker(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        if d["variant"] == "placed" and self.first("marker", k, "territory marker"):
            self.note(k).after.append(
                f"The last troop has left {self.isle(d['isle'])}; a territory marker keeps "
                f"it {d['player']}'s, but any enemy landing there takes it without a fight "
                "(seed 002 '撤退与控制')."
            )
            self.light(k, d["isle"])

    def on_capture(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        self.light(k, d["isle"])
        if not self.first("capture", k, "empty isle taken"):
            return
        why = {
            "neutral": "it belonged to nobody and had no troops",
            "undefended": f"{d['previous']} had no troop there, only a territory marker",
            "fortified": f"{d['previous']} had no troop there; a Fortress alone does not defend",
        }[d["variant"]]
        self.note(k).after.append(
            f"{d['player']} takes {self.isle(d['isle'])} without a fight: {why} "
            "(seed 002 '撤退与控制')."
        )

    def on_buildings_captured(self, m: Move, e: Event) -> None:
        if self.first("buildings-captured", m.index, "buildings change hands"):
            d = e.data
            self.note(m.index).after.append(
                f"The isle's buildings ({_join(d['buildings'])}) now belong to "
                f"{d['player']}: the winner takes the isle and everything on it (seed 000 "
                "'Battle' step 4)."
            )

    def on_eliminated(self, m: Move, e: Event) -> None:
        d, after = e.data, m.after
        self.first("eliminated", m.index, "elimination")
        text = (
            f"{d['player']} has lost their last isle and is out of the game for good, with all "
            "their pieces, cards and gold (RULES-NOTES §5.7)."
        )
        by = after.seat(d["by"]) if d["by"] else None
        if by is not None and after.metropolises(by) >= after.metropolises_to_win:
            text += (
                f" The last-isle rule allowed it because the capture gave {d['by']} "
                f"{after.metropolises(by)} Metropolises at once."
            )
        self.note(m.index).after.append(text)

    def last_isle(self, m: Move) -> None:
        s, k = m.before, m.index
        for isle_id in s.isles:
            if not _last_isle_barred(s, isle_id, self.spec):
                continue
            owner = s.names[s.isles[isle_id].owner]  # type: ignore[index]
            if not self.first(f"last-isle-{owner}", k):
                return
            if "last-isle rule" not in self.note(k).tags:
                self.note(k).tags.insert(0, "last-isle rule")
                self.shown.append((k, "last-isle rule"))
            player = s.names[s.turn.player]  # type: ignore[union-attr]
            self.note(k).before.append(
                f"Why doesn't {player} attack {self.isle(isle_id)}? {player}'s fleets reach it, "
                f"but it is {owner}'s last isle, and taking it would not give {player} the "
                f"winning {s.metropolises_to_win} Metropolises at once: the last-isle rule "
                "forbids the landing (seed 000 'Last Isle Rule')."
            )
            self.note(k).isles[:0] = [isle_id]
            return

    def on_battle_start(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        self.light(k, d["space"])
        units = "troops" if d["terrain"] == "land" else "fleets"
        text = (
            f"Battle {'on ' + self.isle(d['space']) if d['terrain'] == 'land' else 'in sea ' + d['space']}: "
            f"{d['attacker']} attacks with {_count(d['attackers'], units[:-1])}, {d['defender']} "
            f"defends with {d['defenders']}"
        )
        parts = [f"{n} {b}" for b, n in d["bonus_detail"].items() if n]
        text += f" and a bonus of +{d['bonus']} ({', '.join(parts)})." if d["bonus"] else "."
        if self.first(f"battle-{d['terrain']}", k, f"{d['terrain']} battle"):
            bonus = (
                "+1 per Fortress on the isle"
                if d["terrain"] == "land"
                else "+1 per Port on their isles next to the sea"
            )
            text += (
                f" Each round both roll a die (faces 0, 1, 1, 2, 2, 3) and add their {units}; "
                f"the defender also adds {bonus}, and a Metropolis counts as every building "
                "(seed 000 'Battle' step 1)."
            )
        self.note(k).after.append(text)

    def on_battle_round(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        text = (
            f"Round {d['round']}: {d['attacker']} {d['attackers']} + die {d['attacker_die']} = "
            f"{d['attacker_total']}; {d['defender']} {d['defenders']} + die {d['defender_die']}"
            + (f" + {d['bonus']}" if d["bonus"] else "")
            + f" = {d['defender_total']}."
        )
        if d["variant"] == "both_lose":
            if self.first("tie", k, "tie: both lose"):
                text += " Equal totals: both sides lose a unit (seed 000 'Battle' step 2)."
            else:
                text += " A tie: both lose a unit."
        elif self.first("round", k):
            text += " The lower total loses one unit (seed 000 'Battle' step 2)."
        if d["bonus"] and self.first("bonus", k, "defender's bonus"):
            parts = ", ".join(f"{n} {b}" for b, n in d["bonus_detail"].items() if n)
            text += (
                f" The defender's +{d['bonus']} ({parts}) is added to every roll (seed 000 "
                "'Battle' step 1)."
            )
        if m.before.step in self.director.staged_rolls:
            text += " (These dice were chosen for the lesson.)"
        self.note(k).after.append(text)

    def on_battle_stand(self, m: Move, e: Event) -> None:
        if e.data["side"] == "defender" and self.first("stand", m.index, "defender fights on"):
            self.note(m.index).after.append(
                f"{e.data['player']}, the defender, could retreat but fights on; now the "
                "attacker may retreat, and if neither does, another round is rolled (seed 000 "
                "'Battle' step 3)."
            )

    def on_retreat(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        self.note(k).arrows.append((d["origin"], d["target"]))
        first = self.first("retreat", k, "retreat")
        rule = (
            "troops retreat only to an isle of their own joined by their fleets"
            if d["variant"] == "land"
            else "fleets retreat only to a neighbouring sea that is empty or holds their own fleets"
        )
        text = (
            f"{d['player']}, the {d['side']}, retreats from {self.where(d['origin'])} to "
            f"{self.where(d['target'])}"
        )
        text += f": {rule} (seed 002 '撤退与控制')." if first else "."
        self.note(k).after.append(text)

    def on_battle_end(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        place = self.where(d["space"])
        if d["variant"] == "mutual" and d["terrain"] == "land":
            self.first("mutual", k, "mutual annihilation")
            self.note(k).after.append(
                f"Both sides are wiped out on {place}. The defender, {d['defender']}, keeps "
                "the isle with a territory marker: it never turns neutral this way (seed 000 "
                "'Special Rules'; seed 002 FAQ)."
            )
        elif d["variant"] == "attacker_wins":
            self.note(k).after.append(f"{d['winner']} wins the battle and takes {place}.")
        elif d["variant"] == "defender_holds":
            self.note(k).after.append(f"{d['defender']} holds {place}.")

    def on_philosophers_discarded(self, m: Move, e: Event) -> None:
        if self.first("philosophers", m.index, "Metropolis: 4 Philosophers"):
            self.note(m.index).after.append(
                f"{e.data['player']} now holds 4 Philosophers and must trade them in at once "
                "for a Metropolis (seed 000 'Creating Metropolises' 2)."
            )

    def on_buildings_discarded(self, m: Move, e: Event) -> None:
        if self.first("set", m.index, "Metropolis: 4 buildings"):
            self.note(m.index).after.append(
                f"{e.data['player']} owns a Port, a Fortress, a Temple and a University, spread "
                "over their isles: one of each is discarded at once for a Metropolis (seed 000 "
                "'Creating Metropolises' 1)."
            )

    def on_metropolis_captured(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        if self.first("conquest", k, "Metropolis by conquest"):
            self.note(k).after.append(
                f"{d['player']} captures the Metropolis on {self.isle(d['isle'])} along with "
                "the isle: conquest is the third way to a Metropolis (seed 000 'Creating "
                "Metropolises' 3)."
            )
        self.target_reached(m, d["player"], d["total"])

    def on_buildings_destroyed(self, m: Move, e: Event) -> None:
        d = e.data
        if d.get("reason") == "room" and self.first("room", m.index, "buildings make room"):
            self.note(m.index).after.append(
                f"No isle had a free space for the Metropolis, so the {_join(d['buildings'])} "
                f"on {self.isle(d['isle'])} had to be destroyed to make room (seed 000 'Special "
                "Rules')."
            )

    def on_metropolis_built(self, m: Move, e: Event) -> None:
        d = e.data
        self.light(m.index, d["isle"])
        self.target_reached(m, d["player"], d["total"])

    def target_reached(self, m: Move, player: str, total: int) -> None:
        """The first time a player holds enough Metropolises to win, mid-cycle."""
        if total >= m.after.metropolises_to_win and self.first(f"target-{player}", m.index):
            self.note(m.index).after.append(
                f"{player} now owns {total} Metropolises, enough to win, but victory is "
                "checked only at the end of the cycle: until then others may still take one "
                "(seed 002 FAQ)."
            )

    def on_metropolis_not_added(self, m: Move, e: Event) -> None:
        if e.data["reason"] == "no_isle" and self.first("lone", m.index, "lone Metropolis isle"):
            self.note(m.index).after.append(
                f"{e.data['player']}'s only isle already has a Metropolis: the Philosophers "
                "are discarded and the new Metropolis just replaces the old one (seed 000 "
                "'Special Rules')."
            )

    def on_creature_bought(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        name = _creature(d["creature"])
        text = f"{d['player']} calls {name} for {d['price']} GP"
        if d["temples"]:
            text += (
                f": the {d['slot_price']} GP space minus {d['temples']} GP for their "
                f"Temple{'s' if d['temples'] > 1 else ''}, each Temple once per cycle"
            )
        text += f". Its power: {catalog()[d['creature']].effect['en']}"
        if self.first("creature", k, "creature called"):
            text += (
                " A creature acts at once and cannot be kept for later (seed 000 'Special "
                "Rules'; powers: RULES-NOTES §1.1)."
            )
        if d["temples"] and self.first("temple", k, "Temple discount"):
            text += (
                " Temples lower a creature's price, never below 1 GP (seed 000 'Player Reference')."
            )
        self.note(k).after.append(text)

    def on_creature_changed(self, m: Move, e: Event) -> None:
        d, k = e.data, m.index
        if self.first("change", k, "Zeus: change a creature"):
            self.note(k).after.append(
                f"Zeus's special action: for 1 GP {d['player']} discards "
                f"{_creature(d['creature'])} from the {d['price']} GP space; a new card is drawn "
                "into that space (seed 000 'The Four Main Gods')."
            )


# --------------------------------------------------------------------------- helpers


def _seas(path: list[str]) -> str:
    return f"sea {path[0]}" if len(path) == 1 else f"seas {_join(path)}"


def _chain(s: GameState, seat: int, origin: str, target: str, spec: MapSpec) -> list[str]:
    """The shortest chain of the player's fleets joining two isles (seas in order)."""
    own = {x for x, (o, _) in s.fleets.items() if o == seat}
    paths = {x: [x] for x in sorted(spec.isle_seas[origin] & own)}
    queue = list(paths)
    while queue:
        sea = queue.pop(0)
        if target in spec.sea_isles[sea]:
            return paths[sea]
        for nxt in sorted(spec.sea_neighbours[sea] & own):
            if nxt not in paths:
                paths[nxt] = [*paths[sea], nxt]
                queue.append(nxt)
    return []


def _last_isle_barred(s: GameState, isle_id: str, spec: MapSpec) -> bool:
    """Another player's only isle, reached by the acting player's fleets, and no legal
    move lands there (the last-isle rule is what forbids it)."""
    turn, owner = s.turn, s.isles[isle_id].owner
    if turn is None or owner in (None, turn.player) or s.isles_of(owner) != [isle_id]:
        return False
    if s.players[turn.player].gold < 1:
        return False
    seas = [x for x, (o, _) in s.fleets.items() if o == turn.player]
    sources = [i for i in s.isles_of(turn.player) if s.isles[i].troops > 0]
    if not any(isle_id in spec.fleet_chain_reachable(i, seas) for i in sources):
        return False
    return not any(a.kind == "move" and a.args[2] == isle_id for a in flow.legal_actions(s))


def _plural(word: str) -> str:
    return {"fortress": "Fortresses", "university": "Universities"}.get(word, word.title() + "s")
