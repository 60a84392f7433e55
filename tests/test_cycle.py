"""The cycle, phase by phase (issue 2 'The cycle'): seed 000 'Turn Structure', seed 002
'周期顺序与人数' and '收入与神话生物', RULES-NOTES §1.2, §4, §5.1 and §5.2."""

from __future__ import annotations

import pytest
from helpers import (
    actions_state,
    find,
    give_isle,
    kinds,
    one,
    random_bots,
    run_until,
    set_fleets,
    total_gold,
)

from cyclades_widgets.game import Game
from cyclades_widgets.rules import cycle, flow
from cyclades_widgets.rules.board import MapSpec
from cyclades_widgets.rules.state import GODS, Bid, Phase


def _end_state(players: int = 3, track=(None, None, None), cycle_no: int = 3):
    """A position at the end of ``cycle_no``: every token back on the turn track."""
    state = actions_state(players, ())
    state.cycle = cycle_no
    state.phase = Phase.END
    state.returned = list(range(players))
    state.creature_track = list(track)
    for card in track:
        if card is not None:
            state.creature_deck.remove(card)
    return state


def _play_cycles(game: Game, cycles: int, seed: int, on_chance=None) -> None:
    """Play with random players up to the start of cycle ``cycles + 1``; ``on_chance``
    sees every chance node before its outcome is drawn."""
    bots = random_bots(game, seed)
    while game.cycle <= cycles and not game.is_over:
        kind = flow.node(game.state)[0]
        if kind == "decision":
            bot = bots[game.to_act]
            game.play(bot.choose(game.state, game.legal_actions()))
        else:
            if kind == "chance" and on_chance is not None:
                on_chance(game)
            game.step()


# --------------------------------------------------------------------------- phases


def test_each_phase_of_the_cycle_is_a_visible_step_with_events():
    """seed 000 'Turn Structure': creatures, gods, revenue, offerings, actions, end of
    cycle, in this order; every step of the engine reports at least one event."""
    game = Game.new(players=4, seed=11, start="setup")
    _play_cycles(game, 2, seed=11)
    phases_of_cycle_1 = [s.phase for s in game.history if s.cycle == 1]
    order = []
    for phase in phases_of_cycle_1:
        if not order or order[-1] != phase:
            order.append(phase)
    assert order == [
        Phase.CREATURES,
        Phase.GODS,
        Phase.REVENUE,
        Phase.OFFERINGS,
        Phase.ACTIONS,
        Phase.END,
    ]
    assert all(step.events for step in game.history), "a step without events is invisible"
    phase_events = [
        e["phase"] for s in game.history if s.cycle == 1 for e in find(s.events, "phase")
    ]
    assert phase_events == ["gods", "offerings", "actions", "end"]
    assert one(game.history[-1].events, "cycle_start")["cycle"] in (2, 3)


# --------------------------------------------------------------------------- creature track


@pytest.mark.parametrize("players", [2, 3, 5])
def test_creature_track_shows_1_then_2_then_3_cards(players):
    """seed 002 '收入与神话生物' / RULES-NOTES §1.2 'Ramp-up': cycle 1 shows one card on the
    4 GP slot, cycle 2 two (4 and 3 GP), then all three."""
    game = Game.new(players=players, seed=players, start="setup")
    seen = {}

    def at_offerings(g):
        seen.setdefault(g.cycle, list(g.state.creature_track))

    bots = random_bots(game, players)
    while game.cycle <= 4 and not game.is_over:
        if game.phase is Phase.OFFERINGS:
            at_offerings(game)
        if game.to_act:
            game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        else:
            game.step()
    assert [c is not None for c in seen[1]] == [True, False, False]
    assert [c is not None for c in seen[2]] == [True, True, False]
    assert all(c is not None for c in seen[3]) and all(c is not None for c in seen[4])


def test_creature_update_discards_the_2gp_card_slides_and_draws():
    """seed 000 'Turn Structure' 1 / RULES-NOTES §1.2: discard the 2 GP creature, slide the
    others toward the cheap end (4→3, 3→2), then draw into the empty 4 GP slot."""
    game = Game(_end_state(track=("pegasus", "harpy", "giant")), seed=1)
    events = game.step()  # end of cycle 3 → cycle 4 begins with the creature track
    assert one(events, "creature_discarded") == {"creature": "giant", "reason": "track"}
    slides = sorted(find(events, "creature_slides"), key=lambda e: e["price"])
    assert slides == [{"creature": "harpy", "price": 2}, {"creature": "pegasus", "price": 3}]
    assert game.state.creature_track == [None, "pegasus", "harpy"]
    assert game.state.creature_discard == ["giant"]
    drawn = game.step()
    card = one(drawn, "creature_drawn")
    assert card["price"] == 4 and card["creature"] not in ("giant", "pegasus", "harpy")
    assert game.state.creature_track == [card["creature"], "pegasus", "harpy"]
    assert card["creature"] not in game.state.creature_deck


def test_slide_compacts_toward_the_cheap_end_over_a_gap():
    """docs/rules-notes.md 'creature-track slide': with the 3 GP card bought, the 4 GP card
    slides all the way to 2 GP, and two new cards are drawn (4 GP, then 3 GP)."""
    game = Game(_end_state(track=("pegasus", None, "giant")), seed=1)
    events = game.step()
    assert find(events, "creature_slides") == [{"creature": "pegasus", "price": 2}]
    assert game.state.creature_track == [None, None, "pegasus"]
    first, second = one(game.step(), "creature_drawn"), one(game.step(), "creature_drawn")
    assert (first["price"], second["price"]) == (4, 3)
    assert game.phase is Phase.CREATURES
    assert kinds(game.step()) == ["phase"] and game.phase is Phase.GODS


def _replaces_a_changed_card(game: Game, index: int) -> bool:
    """True if step ``index`` draws the card for Zeus's 'change' special action (RULES-NOTES
    §1.2), the one way a card reaches the track outside the creature phase."""
    return index > 0 and (
        game.history[index - 1].action is not None
        and game.history[index - 1].action.kind == "change"
    )


def test_no_creature_card_is_drawn_during_the_cycle():
    """seed 000 'Special Rules' ('New Creature cards are only placed at the beginning of each
    cycle') / seed 002 FAQ '买到神话生物后' ('买走的位置当场不补新牌'): a bought card's slot
    is not refilled during the cycle. Only Zeus's 'change' swaps a card mid-cycle."""
    for players in (3, 4):
        game = Game.new(players=players, seed=20 + players, start="setup")
        _play_cycles(game, 3, seed=players)
        history = game.history
        for index, step in enumerate(history[:-1]):
            if step.phase is Phase.CREATURES or history[index + 1].phase is Phase.CREATURES:
                continue
            before_cards = {c for c in step.before.creature_track if c}
            after_cards = {c for c in history[index + 1].before.creature_track if c}
            if "creature_drawn" in kinds(step.events) or not after_cards <= before_cards:
                assert _replaces_a_changed_card(game, index), step


def test_empty_draw_pile_reshuffles_the_discard_pile():
    """RULES-NOTES §1.2 'Empty draw pile': the discard pile becomes the draw pile."""
    state = _end_state(track=("pegasus", "harpy", "giant"))
    state.creature_discard = [c for c in state.creature_deck if c != "kraken"]
    state.creature_deck = []
    game = Game(state, seed=2)
    game.step()  # cycle starts: giant discarded, slot 0 empty, draw pile empty
    assert game.node == "auto"
    event = one(game.step(), "creatures_reshuffled")
    assert event["count"] == 14  # the 13 cards discarded before, plus the giant
    assert game.state.creature_discard == [] and len(game.state.creature_deck) == 14
    assert one(game.step(), "creature_drawn")["price"] == 4


# --------------------------------------------------------------------------- gods


def _god_layouts(players: int, cycles: int, seed: int):
    """(outcomes offered, order drawn, gods face up) for the gods step of each cycle."""
    game = Game.new(players=players, seed=seed, start="setup")
    layouts = []

    def record(g):
        outcomes = g.chance_outcomes()
        if outcomes and outcomes[0][0].kind == "gods":
            layouts.append([tuple(a.args[0]) for a, _ in outcomes])

    _play_cycles(game, cycles, seed, on_chance=record)
    drawn = [
        (tuple(s.action.args[0]), s.before.cycle)
        for s in game.history
        if s.action is not None and s.action.kind == "gods"
    ]
    return layouts, [d for d, _ in drawn], game


def test_five_players_all_four_gods_face_up_in_random_order():
    """seed 002 '周期顺序与人数': with 5 players all four gods are available each cycle."""
    layouts, drawn, game = _god_layouts(5, 3, seed=3)
    assert all(len(options) == 24 for options in layouts)
    assert game.state.gods_up == 4
    assert len(set(drawn)) > 1


@pytest.mark.parametrize("players", [4, 2])
def test_four_players_last_god_face_down_then_first(players):
    """seed 002 '周期顺序与人数' ('四人末位主神盖住,下周期先把它放首位再洗其余'): the 4th god is
    face down; next cycle it goes first and the other three are shuffled. 2 players use the
    4-player god rules (seed 002 '双人局例外')."""
    layouts, drawn, game = _god_layouts(players, 4, seed=players)
    assert len(layouts[0]) == 24
    assert game.state.gods_up == 3
    for previous, options, now in zip(drawn, layouts[1:], drawn[1:]):
        assert len(options) == 6
        assert {o[0] for o in options} == {previous[3]}
        assert now[0] == previous[3]
        assert sorted(now) == sorted(GODS)


def test_three_players_two_gods_then_the_two_face_down_then_reshuffle():
    """seed 002 '周期顺序与人数' ('三人只亮前两位,下周期换用本周期背面的两位,再之后重洗'): two gods
    face up; next cycle the two that were face down; the cycle after that, a reshuffle."""
    layouts, drawn, game = _god_layouts(3, 5, seed=7)
    assert game.state.gods_up == 2
    assert [len(options) for options in layouts[:5]] == [24, 2, 24, 2, 24]
    for reshuffle, follow in ((0, 1), (2, 3)):
        assert set(drawn[follow][:2]) == set(drawn[reshuffle][2:])
        assert set(drawn[follow][2:]) == set(drawn[reshuffle][:2])


def test_gods_event_names_face_up_and_face_down_gods():
    """seed 000 'The Gods': some gods are face down (unavailable) with fewer players."""
    game = Game.new(players=3, seed=4, start="setup")
    run_until(game, Phase.GODS)
    event = one(game.step(), "gods_order")
    assert len(event["order"]) == 2 and len(event["face_down"]) == 2
    assert sorted(event["order"] + event["face_down"]) == sorted(GODS)
    assert event["order"] == game.state.god_order[:2]


# --------------------------------------------------------------------------- revenue


def test_revenue_counts_isles_placed_markers_and_occupied_prosperity_seas():
    """seed 002 '收入与神话生物' / RULES-NOTES §5.1: 1 GP per prosperity symbol controlled:
    isle cornucopias, markers placed by Apollo, and prosperity seas occupied by your fleets."""
    state = actions_state(3, ())
    state.phase = Phase.REVENUE
    spec = MapSpec.load(state.map_id)
    give_isle(state, "naxos", 0, troops=1, markers=2)  # naxos prints 0 prosperity
    set_fleets(state, "a2", 0, 2)  # a prosperity sea, now Athens'
    set_fleets(state, "f7", 1)  # a prosperity sea held by Sparta
    assert spec.sea_prosperity["a2"] == spec.sea_prosperity["f7"] == 1
    gold = [p.gold for p in state.players]
    total = total_gold(state)
    events = Game(state, seed=0).step()
    revenue = {e["player"]: e for e in find(events, "revenue")}
    # Athens: kea 2 + naxos 0 + 2 markers = 4 on land; a2 = 1 at sea (g5, c2 are plain).
    assert revenue["Athens"] == {"player": "Athens", "gold": 5, "isles": 4, "seas": 1}
    # Sparta: mykonos 1 + paros 0; seas f1 (prosperity) and f7 (prosperity), d4 plain.
    assert revenue["Sparta"]["seas"] == 2 and revenue["Sparta"]["gold"] == 3
    assert revenue["Corinth"]["gold"] == 2
    assert [p.gold - g for p, g in zip(state.players, gold)] == [5, 3, 2]
    assert total_gold(state) == total
    assert state.phase is Phase.OFFERINGS


def test_an_empty_prosperity_sea_pays_nobody():
    """RULES-NOTES §5.1: a sea space with no fleet belongs to nobody, even next to your isle."""
    state = actions_state(3, ())
    state.phase = Phase.REVENUE
    set_fleets(state, "k2", None)  # Corinth's start fleet leaves the prosperity sea by milos
    events = Game(state, seed=0).step()
    corinth = [e for e in find(events, "revenue") if e["player"] == "Corinth"][0]
    assert corinth["seas"] == 0 and corinth["gold"] == 1


# --------------------------------------------------------------------------- actions order


def test_actions_in_god_order_apollo_last_then_turn_track_update():
    """seed 000 'Turn Structure' 5: gods act top to bottom, Apollo players last, in the
    order they chose Apollo; RULES-NOTES §5.2 'Turn track update': after acting, a token goes
    to the highest free space, so next cycle's bidding order is the reverse of the acting
    order (seed 002 FAQ '最高出价的玩家会最先行动吗')."""
    state = actions_state(5, ())
    state.phase = Phase.OFFERINGS
    state.bid_cursor = 5
    state.god_order = ["athena", "ares", "zeus", "poseidon"]
    state.gods_up = 4
    state.bids = {"zeus": Bid(0, 1), "ares": Bid(1, 3), "athena": Bid(4, 1)}
    state.apollo = [3, 2]
    game = Game(state, seed=0)
    paid = game.step()
    assert one(paid, "phase")["order"] == ["athena", "ares", "zeus", "apollo", "apollo"]
    acted = []
    while game.phase is Phase.ACTIONS:
        events = game.step() if game.node == "auto" else None
        if events is None:
            if game.state.pending:
                game.play(game.legal_actions()[0])
            else:
                game.play("end")
            continue
        for e in find(events, "turn_start"):
            acted.append((e["player"], e["god"]))
        for e in find(events, "apollo_income"):
            acted.append((e["player"], "apollo"))
    assert acted == [
        ("Argos", "athena"),
        ("Sparta", "ares"),
        ("Athens", "zeus"),
        ("Thebes", "apollo"),
        ("Corinth", "apollo"),
    ]
    assert game.phase is Phase.END
    end = game.step()
    assert one(end, "cycle_end")["order"] == ["Corinth", "Thebes", "Athens", "Sparta", "Argos"]
    assert game.state.turn_order == [2, 3, 0, 1, 4]
    assert game.state.returned == []


def test_who_acts_first_this_cycle_bids_last_next_cycle():
    """RULES-NOTES §5.2: whoever acts first this cycle bids last next cycle."""
    for players in (2, 3, 5):
        game = Game.new(players=players, seed=40 + players, start="setup")
        _play_cycles(game, 1, seed=players)
        acted = [
            s.before.turn.player
            for s in game.history
            if s.cycle == 1 and s.action is not None and s.action.kind == "end"
        ]
        apollo = [
            game.state.seat(e["player"])
            for s in game.history
            if s.cycle == 1
            for e in find(s.events, "apollo_income")
        ]
        order = [game.state.seat(n) for n in one(_cycle_end(game), "cycle_end")["order"]]
        assert order == list(reversed(acted + apollo))
        assert len(order) == (4 if players == 2 else players)


def _cycle_end(game: Game):
    for step in game.history:
        if "cycle_end" in kinds(step.events):
            return step.events
    raise AssertionError("no cycle_end")


# --------------------------------------------------------------------------- end of cycle


def test_end_of_cycle_without_a_winner_starts_a_new_cycle():
    """seed 000 'Turn Structure' 6: check for the target; otherwise start a new cycle."""
    game = Game(_end_state(players=4, cycle_no=2), seed=0)
    events = game.step()
    assert kinds(events)[:2] == ["cycle_end", "cycle_start"]
    assert one(events, "cycle_start") == {"cycle": 3}
    assert game.cycle == 3 and game.phase is Phase.CREATURES and not game.is_over


def test_slots_in_use_ramp_function():
    """RULES-NOTES §1.2 'Ramp-up' as a function of the cycle number."""
    assert [cycle.slots_in_use(c) for c in (1, 2, 3, 4, 10)] == [1, 2, 3, 3, 3]
