"""game.tables: the state as pandas DataFrames, built from hand-made Scenario positions."""

import pandas as pd
import pytest
from pandas.io.formats.style import Styler

import cyclades_widgets as cw
from cyclades_widgets.i18n import text
from cyclades_widgets.tables import Tables, creature_price, header
from cyclades_widgets.view.palette import PLAYER_COLOURS, PLAYER_GLYPHS


@pytest.fixture
def game():
    """Athens: naxos (3 troops, Fortress + Temple), kea (Metropolis, 1 marker), 2 fleets
    (one on the prosperity sea k2); Sparta: milos (1 troop) and paros held by a marker."""
    return (
        cw.Scenario(players=3)
        .empty()
        .troops("naxos", "Athens", 3)
        .build("naxos", "fortress", "temple")
        .troops("kea", "Athens", 1)
        .metropolis("kea")
        .prosperity("kea", 1)
        .fleets("k2", "Athens", 1)
        .fleets("g5", "Athens", 1)
        .troops("milos", "Sparta", 1)
        .territory("paros", "Sparta")
        .fleets("f1", "Sparta", 2)
        .troops("syros", "Corinth", 2)
        .gold("Athens", 8)
        .gold("Sparta", 3)
        .priests("Sparta", 2)
        .philosophers("Corinth", 3)
        .cycle(3)
        .creatures("pegasus", "giant", "chimera")
        .game()
    )


def test_game_tables_returns_the_teachers_view(game):
    tables = game.tables
    assert isinstance(tables, Tables) and tables.viewer is None
    assert "teacher's view" in repr(tables)


# --------------------------------------------------------------------------- players


def test_players_table_counts_each_players_holdings(game):
    df = game.tables.players()
    assert list(df.index) == ["Athens", "Sparta", "Corinth"] and df.index.name == "City"
    assert list(df.columns) == [
        "Gold", "Priests", "Philosophers", "Isles", "Fleets", "Troops", "Fortresses", "Ports",
        "Temples", "Universities", "Metropolises", "Revenue", "Eliminated",
    ]  # fmt: skip
    athens = df.loc["Athens"]
    assert athens[["Gold", "Isles", "Fleets", "Troops"]].tolist() == [8, 2, 2, 4]
    assert athens[["Fortresses", "Ports", "Temples", "Universities", "Metropolises"]].tolist() == [
        1, 0, 1, 0, 1,
    ]  # fmt: skip
    assert df.loc["Sparta", ["Priests", "Isles", "Troops", "Fleets"]].tolist() == [2, 2, 1, 2]
    assert df.loc["Corinth", "Philosophers"] == 3
    assert not df["Eliminated"].any()


def test_revenue_column_is_what_the_revenue_phase_pays_seed_000_revenues(game):
    """seed 000 'Revenues' and RULES-NOTES §5.1: isle cornucopias, Apollo's markers and
    prosperity seas occupied by one's fleets."""
    expected = game.tables.players()["Revenue"].to_dict()
    # kea 2 + marker 1 + naxos 0 + sea k2 1 = 4; milos 0 + paros 0 + sea f1 1 = 1; syros 1.
    assert expected == {"Athens": 4, "Sparta": 1, "Corinth": 1}
    state = game.state.copy()
    revenue_game = cw.Game(state)
    state.phase = cw.Phase.REVENUE
    paid = {e.data["player"]: e.data["gold"] for e in revenue_game.step() if e.kind == "revenue"}
    assert paid == expected


def test_a_viewer_sees_only_their_own_gold_seed_000_setup():
    """seed 000 'Setup' 1 and seed 002: gold is kept hidden behind each player's screen."""
    game = cw.Scenario(players=3).gold("Sparta", 9).game()
    gold = Tables(game, viewer="sparta").players()["Gold"]
    assert gold["Sparta"] == 9
    assert gold.isna().tolist() == [True, False, True]
    assert str(gold.dtype) == "Int64"
    assert Tables(game).players()["Gold"].tolist() == [5, 9, 5]
    with pytest.raises(ValueError, match="unknown player 'Rome'; the players are Athens"):
        Tables(game, viewer="Rome")


def test_styled_players_mark_each_city_with_colour_and_shape():
    game = cw.Scenario(players=3).game()
    styler = Tables(game, viewer="Athens").players(styled=True)
    assert isinstance(styler, Styler)
    html = styler.to_html()
    for seat, name in enumerate(game.players):
        assert PLAYER_COLOURS[seat] in html
        assert f"{PLAYER_GLYPHS[seat]} {name}" in html
    assert ">?<" in html  # hidden gold reads "?"
    assert "Athens's view" in html


# --------------------------------------------------------------------------- isles and seas


def test_isles_table_shows_owner_troops_buildings_and_prosperity(game):
    df = game.tables.isles()
    assert df.index.name == "Isle" and len(df) == 8
    naxos = df.loc["naxos"]
    assert naxos[["Name", "Owner", "Troops", "Buildings"]].tolist() == [
        "Naxos", "Athens", 3, "Fortress, Temple",
    ]  # fmt: skip
    assert (naxos["Slots"], naxos["Free slots"]) == (4, 2)
    kea = df.loc["kea"]
    # RULES-NOTES §3.2: a Metropolis fills the only space of a 1-space isle.
    assert bool(kea["Metropolis"]) and kea["Free slots"] == 0
    assert kea["Prosperity"] == 3  # 2 printed + Apollo's marker
    assert bool(df.loc["paros", "Territory marker"]) and df.loc["paros", "Troops"] == 0
    assert pd.isna(df.loc["delos", "Owner"])
    assert game.tables.isles(lang="zh").loc["naxos", header("name", "zh")] == "纳克索斯"


def test_seas_table_lists_fleets_and_prosperity_seas_rules_notes_5_1(game):
    df = game.tables.seas()
    assert df.loc["k2", ["Owner", "Fleets", "Prosperity"]].tolist() == ["Athens", 1, 1]
    assert df.loc["f1", ["Owner", "Fleets"]].tolist() == ["Sparta", 2]
    assert pd.isna(df.loc["a2", "Owner"]) and df.loc["a2", "Prosperity"] == 1
    assert "Naxos" in df.loc["k2", "Next to"]  # the isles by name, as a learner reads them
    assert "c1" not in df.index  # empty and without prosperity
    every = game.tables.seas(include_empty=True)
    assert len(every) == 30 and every["Fleets"].sum() == 4  # 2 of Athens, 2 of Sparta


# --------------------------------------------------------------------------- gods


def test_gods_table_follows_the_offerings_seed_000_offerings():
    game = cw.Scenario(players=4).gods("zeus", "ares", "athena", "poseidon").game()
    df = game.tables.gods()
    assert df["God"].tolist() == ["Zeus", "Ares", "Athena", "Poseidon", "Apollo"]
    # seed 002: with 4 players the last god is face down.
    assert df["Face up"].tolist() == [True, True, True, False, True]
    assert df["Status"].tolist() == ["open", "open", "open", "face down", "open"]
    game.play("bid ares 2")  # Athens
    game.play("bid ares 3")  # Sparta outbids: strictly higher
    df = game.tables.gods()
    assert df.loc[2, ["Holder", "Bid", "To outbid", "Status"]].tolist() == ["Sparta", 3, 4, "held"]
    game.play("bid apollo")  # Athens, displaced
    game.play("bid apollo")  # Corinth
    assert game.tables.gods().loc[5, "Holder"] == "Athens, Corinth"


def test_gods_table_shows_who_acts_during_the_actions():
    game = (
        cw.Scenario(players=3)
        .offering("ares", "Athens", 1)
        .offering("poseidon", "Sparta", 2)
        .phase("actions", god="ares")
        .game()
    )
    df = game.tables.gods()
    assert df["Status"].tolist() == ["acting", "to act", "face down", "face down", "to act"]
    assert df["To outbid"].isna().all()  # bidding is over
    game.play("end")
    game.advance(to="decision")
    assert game.tables.gods()["Status"].tolist()[:2] == ["done", "acting"]


def test_gods_table_is_empty_before_the_gods_are_laid_out():
    game = cw.Game.new(players=3, seed=1, start="setup")
    df = game.tables.gods()
    assert df.empty and "Holder" in df.columns


# --------------------------------------------------------------------------- creatures


def test_creature_prices_for_the_player_to_act_rules_notes_1_2():
    """RULES-NOTES §1.2 and seed 002: 4/3/2 GP, -1 per Temple or Metropolis, each once per
    cycle, never below 1 GP."""
    game = (
        cw.Scenario(players=3)
        .cycle(3)
        .creatures("pegasus", "giant", "chimera")
        .build("naxos", "temple")
        .gold("Athens", 9)
        .phase("actions", god="ares", player="Athens")
        .game()
    )
    df = game.tables.creatures()
    assert df.attrs["buyer"] == "Athens"
    assert df["Creature"].tolist() == ["pegasus", "giant", "chimera"]  # ids, as in notation
    assert df["Name"].tolist() == ["Pegasus", "Giant", "Chimera"]
    assert df["Base price"].tolist() == [4, 3, 2]
    assert df["Price"].tolist() == [3, 2, 1]
    assert game.tables.creatures(player="Sparta")["Price"].tolist() == [4, 3, 2]
    game.play("buy chimera")  # uses the Temple: 2 - 1 = 1 GP
    df = game.tables.creatures()
    assert df["Price"].tolist()[:2] == [4, 3]  # the Temple is used for this cycle
    assert pd.isna(df.loc[3, "Creature"])


def test_creature_price_helper_never_goes_below_one_gp():
    state = cw.Scenario(players=3).metropolis("kea").build("naxos", "temple", "temple").state()
    # Athens holds kea (Metropolis) and naxos (2 Temples): 3 discounts.
    assert [creature_price(state, 0, slot) for slot in range(3)] == [1, 1, 1]
    assert creature_price(state, None, 0) == 4


def test_creature_slots_in_use_ramp_up_seed_002():
    game = cw.Scenario(players=3).game()
    df = game.tables.creatures()
    assert df["In use"].tolist() == [True, False, False]
    assert df.attrs["buyer"] is None and df.attrs["deck"] == 16


# --------------------------------------------------------------------------- log


def test_log_has_one_row_per_event_step_by_step():
    game = cw.Game.new(players=3, seed=1)
    game.play("bid ares 2")
    df = game.tables.log()
    assert list(df.columns) == [
        "Step", "Cycle", "Phase", "Player", "Move", "Notation", "Event", "Text"
    ]  # fmt: skip
    events = sum(len(step.events) for step in game.history)
    assert len(df) == 3 + events  # 3 setup rows at step 0
    assert df["Step"].iloc[0] == 0 and df["Step"].iloc[-1] == len(game.history)
    last = df.iloc[-1]
    assert (last["Player"], last["Move"], last["Notation"], last["Event"]) == (
        game.history[-1].player,
        "Bid 2 GP on Ares",
        "bid ares 2",
        "offering",
    )
    assert df["Text"].map(lambda t: isinstance(t, str) and len(t) > 0).all()
    assert game.history[-1].player in last["Text"]
    assert game.tables.log(lang="zh")[header("text", "zh")].map(len).gt(0).all()


def test_log_of_a_scenario_starts_with_its_first_step():
    game = cw.Scenario(players=3).phase("actions", god="ares", player="Athens").game()
    assert game.tables.log().empty
    game.play("recruit troop naxos")
    df = game.tables.log()
    assert df["Step"].tolist() == [1] and df.loc[0, "Notation"] == "recruit troop naxos"
    assert df.loc[0, "Move"] == "Recruit a troop on Naxos"
    assert "Athens" in df.loc[0, "Text"]


def test_log_rejects_unknown_languages_and_bare_states():
    game = cw.Game.new(players=3, seed=1)
    with pytest.raises(ValueError, match="no catalog for 'xx'; languages: en, "):
        game.tables.log(lang="xx")
    with pytest.raises(ValueError, match="needs a game"):
        Tables(game.state).log()
    assert Tables(game.state).players().shape == (3, 13)


def test_styled_owner_columns_carry_the_owners_colour_and_shape():
    game = cw.Scenario(players=3).offering("ares", "Athens", 2).phase("actions").game()
    for table in (game.tables.isles, game.tables.seas, game.tables.gods):
        styler = table(styled=True)
        html = styler.to_html()
        assert isinstance(styler, Styler) and f"{PLAYER_GLYPHS[0]} Athens" in html, table
        assert f"background-color: {PLAYER_COLOURS[0]}" in html
    empty = Tables(cw.Game.new(players=3, seed=1, start="setup")).gods(styled=True)
    assert empty.data.empty


# --------------------------------------------------------------------------- words


@pytest.mark.parametrize("lang", ["fr", "zh"])
def test_the_logs_move_column_is_in_words(lang):
    """Issue 25: the Log's move column is in words in French and Chinese; the notation
    stays as data in a column of its own, hidden from the table shown."""
    game = cw.Game.new(players=3, seed=1, start="setup")
    game.advance(to="decision")
    game.play("bid ares 2")
    df = game.tables.log(lang=lang)
    moves = df[header("move", lang)].dropna()
    notations = df[header("notation", lang)].dropna()
    assert len(moves) == len(notations) > 0
    assert not any(m == n for m, n in zip(moves, notations, strict=True))
    assert "bid ares 2" in set(notations) and "order" in " ".join(notations)
    html = game.tables.log(lang=lang, styled=True).to_html()
    assert "bid ares 2" not in html and header("notation", lang) not in html
    shown = game.tables.log(lang="en", styled=True).to_html()
    assert "bid ares 2" in shown and "monospace" in shown  # English: after the words


@pytest.mark.parametrize("lang", ["en", "fr", "zh"])
def test_styled_tables_show_names_and_keep_ids_as_the_index(lang):
    """Issue 25: tables show names in the learner's language; the DataFrames keep the
    ids (the index of the isles, the creature column) for code."""
    game = cw.Game.new(players=3, seed=1)
    isles = game.tables.isles(lang=lang)
    assert "kea" in isles.index  # the id, for game.tables.isles().loc["kea"]
    html = game.tables.isles(lang=lang, styled=True).to_html()
    name = text("isle.kea", lang)
    assert f">{name}<" in html and ">kea<" not in html
    assert html.count(f">{name}<") == 1  # the index shows the name; no Name column twice
    creatures = game.tables.creatures(lang=lang)
    card = creatures[header("creature", lang)].dropna().iloc[0]
    shown = game.tables.creatures(lang=lang, styled=True).to_html()
    assert f">{card}<" not in shown and text(f"creature.{card}", lang) in shown
    seas = game.tables.seas(lang=lang, styled=True).to_html()
    sea = game.tables.seas(lang=lang).index[0]
    assert text("board.sea", lang, sea=sea) in seas
