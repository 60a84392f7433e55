"""The view model (cyclades_widgets.view): what the board shows, computed once in Python.

Checks that it is JSON-safe, versioned and small per step; faithful to the rules it shows
(hidden gold, face-down gods, Apollo, the creature track, battles, trails); that every
word is the catalog's (plurals included); and that its patches rebuild it exactly.
"""

from __future__ import annotations

import json
import math
import re
import statistics
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.rules.events import ev
from cyclades_widgets.view import model, palette
from cyclades_widgets.view.actions import action_label
from cyclades_widgets.view.diff import apply, diff
from cyclades_widgets.view.events import MOVE_EVENTS, trails
from cyclades_widgets.view.log import MAX_LINES
from cyclades_widgets.view.palette import PLAYER_COLOURS, PLAYER_SHAPES
from cyclades_widgets.view.text import Words

MEDIAN_LIMIT = 3 * 1024
"""Issue 11: the per-step payload stays small (the old snapshot's median was 1.8–2.9 KB)."""


def dumps(data: object) -> str:
    return json.dumps(data, allow_nan=False, ensure_ascii=False, separators=(",", ":"))


def bot_game(players: int, seed: int, cycles: int) -> cw.Game:
    game = cw.Game.new(players=players, seed=seed)
    bots = {name: RandomBot(seed=i + seed) for i, name in enumerate(game.players)}
    for _ in range(cycles):
        if game.is_over:
            break
        game.advance(to="cycle", bots=bots)
    return game


def view_of(game: cw.Game, **kw: object) -> dict:
    legal = model.legal_for(game.state, game.legal_actions(), str(kw.get("lang", "en")))
    events = game.history[-1].events if game.history else []
    return model.board_view(
        game.state,
        events=events,
        history=game.history,
        legal=legal,
        **kw,  # type: ignore[arg-type]
    )


# --------------------------------------------------------------------------- the shape


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_view_is_json_safe_versioned_and_names_every_player(players):
    game = bot_game(players, seed=players, cycles=2)
    view = view_of(game)
    assert json.loads(dumps(view)) == view
    assert view["v"] == model.VIEW_VERSION and view["map"] == game.state.map_id
    assert [p["name"] for p in view["players"]] == list(game.players)


def test_every_piece_of_the_state_is_placed_and_named():
    game = (
        cw.Scenario(players=3)
        .troops("naxos", "Athens", 3)
        .build("naxos", "fortress", "port")
        .prosperity("naxos", 2)
        .fleets("g5", "Athens", 2)
        .phase("offerings")
        .game()
    )
    pieces = model.board_view(game.state)["pieces"]
    assert pieces["troops:naxos"]["n"] == 3 and pieces["troops:naxos"]["label"].startswith(
        "3 troops · Athens (circle) · Naxos"
    )
    kinds = sorted(p["building"] for p in pieces.values() if p["kind"] == "building")
    assert kinds == ["fortress", "port"]
    assert len(pieces["pm:naxos"]["points"]) == 2
    assert pieces["pm:naxos"]["label"] == "2 prosperity markers · Naxos"
    assert pieces["fleet:g5"]["label"] == "2 fleets · Athens (circle) · Sea g5"
    geometry = model.static_payload(game.state.map_id)["map"]
    for piece in pieces.values():
        assert piece["target"] in geometry["isles"] or piece["target"] in geometry["seas"]


@pytest.mark.parametrize("players", [3, 5])
def test_pieces_match_the_state(players):
    game = bot_game(players, seed=11, cycles=3)
    state, pieces = game.state, model.board_view(game.state)["pieces"]
    troops = {k.split(":")[1]: p["n"] for k, p in pieces.items() if p["kind"] == "troops"}
    assert troops == {i: isle.troops for i, isle in state.isles.items() if isle.troops}
    fleets = {
        k.split(":")[1]: (p["seat"], p["n"]) for k, p in pieces.items() if p["kind"] == "fleet"
    }
    assert fleets == dict(state.fleets)
    buildings = sum(len(isle.buildings) for isle in state.isles.values())
    assert sum(p["kind"] == "building" for p in pieces.values()) == buildings


def test_other_players_gold_is_hidden_from_a_viewer():
    """seed 000 'Setup': gold is kept behind a screen."""
    game = cw.Game.new(players=3, seed=1)
    players = model.board_view(game.state, viewer="Athens")["players"]
    assert players[0]["gold"] == f"{game.state.players[0].gold} GP"
    assert all(p["gold"] == "gold hidden" and p["hidden"] for p in players[1:])
    assert all("GP" in p["gold"] for p in model.board_view(game.state)["players"])


def test_an_unknown_viewer_or_language_is_refused_with_the_choices_named():
    game = cw.Game.new(players=3, seed=1)
    with pytest.raises(ValueError, match="Athens, Sparta, Corinth"):
        model.board_view(game.state, viewer="Rome")
    with pytest.raises(ValueError, match="en"):
        model.board_view(game.state, lang="xx")
    with pytest.raises(ValueError, match="projector"):
        model.static_payload("map-2-3", mode="huge")


def test_three_players_see_two_gods_face_down():
    """seed 000 'The Gods': with 3 players only two gods are in play each cycle."""
    gods = model.board_view(cw.Game.new(players=3, seed=1).state)["gods"]
    assert [g["up"] for g in gods] == [True, True, False, False, True]
    assert gods[2]["label"].endswith(": face down")
    assert gods[2]["tip"].startswith(gods[2]["label"].split(":")[0]) and "Temple" in gods[2]["tip"]


def test_bids_and_apollo_have_chips_and_labels():
    game = cw.Game.new(players=3, seed=7)
    first = game.to_act
    game.play("bid ares 2")
    second = game.to_act
    game.play("bid apollo")
    gods = {g["id"]: g for g in model.board_view(game.state)["gods"]}
    assert gods["ares"]["bid"] == {"seat": game.state.names.index(first), "text": "2 GP"}
    assert gods["ares"]["label"] == f"Ares: {first} offers 2 GP"
    assert gods["apollo"]["seats"] == [game.state.names.index(second)]
    assert gods["apollo"]["label"] == f"Apollo: {second}"


def test_apollo_with_nobody_says_so():
    """Issue 12: Apollo's label was "Apollo: " with nothing after the colon."""
    gods = model.board_view(cw.Game.new(players=3, seed=7).state)["gods"]
    assert gods[-1]["label"] == "Apollo: nobody yet"


def test_isle_labels_count_slots_and_symbols_in_the_right_number():
    """Issue 12: "Paros: 3 building slot" read wrong."""
    import re

    places = model.static_payload("map-5")["places"]
    for iid, isle in model.static_payload("map-5")["map"]["isles"].items():
        n, label = len(isle["slots"]), places[iid]["label"]
        assert re.search(rf"\b{n} building slots?\b", label), label
        assert ("slots" in label) == (n != 1), label
    assert places["a1"]["label"].startswith("Sea a1")


def test_the_creature_track_carries_prices_and_names():
    """RULES-NOTES §1.2: the three track slots cost 4, 3 and 2 GP."""
    game = bot_game(3, seed=3, cycles=2)
    view = model.board_view(game.state)
    for slot, (entry, card) in enumerate(
        zip(view["creatures"]["slots"], game.state.creature_track)
    ):
        assert entry["price"] == f"{(4, 3, 2)[slot]} GP"
        assert entry.get("id") == card
    assert view["creatures"]["deck"] == f"draw pile: {len(game.state.creature_deck)}"


def test_seats_have_colour_blind_safe_colours_and_distinct_shapes():
    players = model.board_view(cw.Game.new(players=5, seed=1).state)["players"]
    assert [p["colour"] for p in players] == list(PLAYER_COLOURS)
    assert [p["shape"] for p in players] == list(PLAYER_SHAPES)
    seats = model.static_payload("map-5")["seats"]
    assert [s["shape"] for s in seats] == list(PLAYER_SHAPES)


# --------------------------------------------------------------------------- the prompt


def test_the_prompt_says_who_bids_and_what_to_click():
    game = cw.Game.new(players=3, seed=7)
    prompt = model.board_view(game.state)["prompt"]
    assert prompt == {
        "text": "Corinth: click a highlighted god to make an offering",
        "kind": "decision",
        "seat": 2,
        "bot": False,
    }
    assert model.board_view(game.state, lang="zh")["prompt"]["text"].startswith("Corinth:")


def test_the_prompt_after_an_outbid():
    game = cw.Game.new(players=3, seed=7)
    game.play("bid ares 1")
    game.play("bid ares 2")
    text = model.board_view(game.state)["prompt"]["text"]
    assert text == "Corinth: you were outbid; click another highlighted god to bid again"


def test_the_prompt_at_a_chance_step_says_what_comes_and_how():
    game = cw.Game.new(players=3, seed=7, start="setup")
    live = model.board_view(game.state)["prompt"]
    assert live["text"] == (
        "Next: the offering tokens are shuffled onto the turn track (press → or Step)"
    )
    game.step()
    game.step()
    while game.phase.value != "gods":
        game.step()
    replay = model.board_view(game.state, live=False)["prompt"]["text"]
    assert replay == "Next: the gods are shuffled (press →)"


def test_the_prompt_of_a_gods_turn_and_of_a_retreat():
    game = (
        cw.Scenario(players=3)
        .fleets("g5", "Athens", 3)
        .fleets("f5", "Sparta", 2)
        .phase("actions", god="poseidon", player="Athens")
        .game()
    )
    assert model.board_view(game.state)["prompt"]["text"].startswith(
        "Athens: Poseidon acts for you"
    )
    game.play("move fleets g5>f5 3")
    assert model.board_view(game.state)["prompt"]["text"].startswith(
        "Next: the dice are rolled for the battle on Sea f5"
    )
    game.play("roll 1 1")
    text = model.board_view(game.state)["prompt"]["text"]
    assert text in (
        "Sparta: retreat your 1 fleet to a highlighted sea, or fight on",
        "Athens: retreat your 3 fleets to a highlighted sea, or fight on",
    )


def test_the_prompt_waits_for_another_player_on_a_players_screen():
    game = cw.Game.new(players=3, seed=7)
    assert model.board_view(game.state, viewer="Athens")["prompt"]["text"] == (
        "Waiting for Corinth to decide"
    )


# --------------------------------------------------------------------------- battles, trails


def sea_battle() -> cw.Game:
    return (
        cw.Scenario(players=3)
        .fleets("g5", "Athens", 2)
        .fleets("f5", "Sparta", 1)
        .gold("Athens", 6)
        .phase("actions", god="poseidon", player="Athens")
        .game()
    )


def test_a_battle_under_way_is_shown_with_both_sides():
    """seed 000 'Battle': fleets entering an occupied sea start a battle."""
    game = sea_battle()
    game.play("move fleets g5>f5 2")
    battle = model.board_view(game.state)["battle"]
    assert battle["title"] == "Battle on Sea f5"
    assert battle["sides"][0] == {"seat": 0, "head": "Attacker · Athens", "line": "2 units"}
    assert battle["sides"][1] == {"seat": 1, "head": "Defender · Sparta", "line": "1 units"}


def test_a_battle_round_shows_dice_totals_losses_and_the_winner():
    """seed 000 'Battle' steps 1–2: die + units (+ bonus); the lower total loses one unit."""
    game = sea_battle()
    game.play("move fleets g5>f5 2")
    game.play("roll 1 1")
    battle = model.board_view(game.state, events=game.history[-1].events)["battle"]
    assert battle["sides"][0]["line"] == "die 1 + units 2 + bonus 0 = 3"
    assert battle["sides"][0]["losses"] == "losses: 0"
    assert battle["sides"][1]["line"] == "die 1 + units 1 + bonus 0 = 2"
    assert battle["sides"][1]["losses"] == "losses: 1"
    assert battle["result"] == "Athens wins the battle"


def test_no_battle_without_a_battle():
    assert model.board_view(cw.Game.new(players=3, seed=1).state)["battle"] is None


def test_a_move_leaves_a_trail_with_its_line():
    game = sea_battle()
    game.play("move fleets g5>f5 2")
    moves = model.board_view(game.state, events=game.history[-1].events)["trails"]
    assert [(t["kind"], t["from"], t["to"]) for t in moves] == [("move_fleets", "g5", "f5")]
    assert len(moves[0]["line"]) == 4


def test_pegasus_leaves_a_trail_too():
    """Issue 11: the static picture drew no Pegasus trail (its events say source/target)."""
    got = trails([ev("pegasus_flies", source="naxos", target="paros", troops=2)], "map-2-3")
    assert [(t.start, t.end) for t in got] == [("naxos", "paros")]


def test_every_move_in_random_games_is_a_known_move_event():
    """Events that name two spaces as (origin, target) or (source, target) are moves, and
    view/events.py knows each of their kinds (the one place events become trails)."""
    seen: set[str] = set()
    for seed in range(4):
        game = cw.Game.new(players=3 + seed % 3, seed=seed, start="setup")
        bots = {n: RandomBot(seed=seed * 7 + i) for i, n in enumerate(game.players)}
        game.advance(to="end", bots=bots, max_steps=1500)
        for step in game.history:
            for e in step.events:
                d = e.data
                if any(isinstance(d.get(a), str) and isinstance(d.get(b), str)
                       for a, b in (("origin", "target"), ("source", "target"))):  # fmt: skip
                    seen.add(e.kind)
    assert seen and seen <= set(MOVE_EVENTS)


# --------------------------------------------------------------------------- legal actions


def test_legal_actions_mirror_the_games_with_sentences_and_targets():
    game = cw.Game.new(players=4, seed=3)
    legal = model.legal_for(game.state, game.legal_actions())
    assert [a["notation"] for a in legal] == [str(a) for a in game.legal_actions()]
    assert [a["id"] for a in legal] == list(range(len(legal)))
    bids = [a for a in legal if a["kind"] == "bid" and "chip" in a]
    assert bids and all(a["track"] == [a["notation"].split()[1]] for a in bids)
    assert all(a["label"] == f"Bid {a['chip']} GP on {a['label'].split(' on ')[1]}" for a in bids)


def test_action_labels_read_as_sentences_in_both_languages():
    words_en, words_zh = Words("en", "map-2-3"), Words("zh", "map-2-3")
    bid = cw.Action.parse("bid ares 3")
    assert action_label(bid, words_en) == "Bid 3 GP on Ares"
    assert action_label(bid, words_zh) == "向阿瑞斯献祭 3 金币"
    assert (
        action_label(cw.Action.parse("build temple naxos"), words_en) == "Build a Temple on Naxos"
    )
    assert action_label(cw.Action.parse("move fleets g5>f5 1"), words_en) == (
        "Move 1 fleet from sea g5 to sea f5"
    )
    assert action_label(cw.Action.parse("pegasus naxos>paros 2"), words_en) == (
        "Pegasus: fly 2 troops from Naxos to Paros"
    )


def test_lit_targets_and_their_menus_come_with_the_view():
    game = (
        cw.Scenario(players=3)
        .gold("Corinth", 8)
        .phase("actions", god="ares", player="Corinth")
        .game()
    )
    view = view_of(game)
    assert "syros" in view["lit"] and view["menus"]["syros"] == "Actions on Syros"
    bids = view_of(cw.Game.new(players=3, seed=7))
    assert bids["lit_track"][:2] == ["ares", "poseidon"]
    assert bids["menus"]["ares"] == "Your offering to Ares"


# --------------------------------------------------------------------------- the log


def test_the_log_keeps_the_bots_turns_grouped_by_phase_and_player():
    game = cw.Game.new(players=3, seed=7)
    bots = {"Athens": RandomBot(1), "Sparta": RandomBot(2)}
    game.play("bid ares 1")  # Corinth
    game.advance(to="decision", bots=bots)
    log = view_of(game)["log"]
    heads = [g["head"] for g in log["groups"]]
    assert heads[:3] == ["Offerings · Athens", "Offerings · Sparta", "Offerings"][: len(heads[:3])]
    assert log["newest"] == len(game.history)
    assert all(str(k) in log["lines"] for g in log["groups"] for k in g["steps"])
    total = sum(len(v) for v in log["lines"].values())
    assert 0 < total <= MAX_LINES


# --------------------------------------------------------------------------- patches, size


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(a=st.dictionaries(st.text(max_size=3), _JSON, max_size=5),
       b=st.dictionaries(st.text(max_size=3), _JSON, max_size=5))  # fmt: skip
def test_a_patch_rebuilds_the_new_value_exactly(a, b):
    assert apply(a, diff(a, b)) == b
    assert json.loads(json.dumps(diff(a, b))) == diff(a, b)


def test_consecutive_views_of_a_game_patch_exactly():
    game = cw.Game.new(players=4, seed=4, start="setup")
    bots = {n: RandomBot(seed=i) for i, n in enumerate(game.players)}
    before = view_of(game)
    for _ in range(40):
        game.advance(to="phase", bots=bots)
        after = view_of(game)
        assert apply(before, diff(before, after)) == after
        before = after


def test_the_payload_per_step_is_small():
    """Issue 11: per step the board sends a patch of a recent base view (a new base when
    the patch would be a third of the view) and the legal actions when they change."""
    medians = {}
    for players in (2, 5):
        game = cw.Game.new(players=players, seed=500 + players, start="setup")
        bots = {n: RandomBot(seed=i) for i, n in enumerate(game.players)}
        base, legal_before, sizes = None, None, []
        while not game.is_over and game.cycle <= 2:
            if game.node == "decision":
                game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
            else:
                game.step()
            legal = model.legal_for(game.state, game.legal_actions()) if game.to_act else []
            view = view_of(game)
            sent = 0
            patch = diff(base, view) if base else None
            if patch is None or len(dumps(patch)) > 0.35 * len(dumps(view)):
                base, patch = view, {}
                sent += len(dumps(view).encode())
            sent += len(dumps(patch).encode())
            if legal != legal_before:
                sent += len(dumps(legal).encode())
                legal_before = legal
            sizes.append(sent)
        medians[players] = statistics.median(sizes)
    assert all(m <= MEDIAN_LIMIT for m in medians.values()), medians


# --------------------------------------------------------------------------- static payload


@pytest.mark.parametrize("map_id", ["map-2-3", "map-4", "map-5"])
def test_the_static_payload_is_geometry_words_and_icons(map_id):
    stat = model.static_payload(map_id, "zh", mode="projector")
    assert stat["map"]["id"] == map_id and stat["lang"] == "zh" and stat["mode"] == "projector"
    assert set(stat["places"]) == set(stat["map"]["isles"]) | set(stat["map"]["seas"])
    assert stat["text"]["gods"]["ares"] == "阿瑞斯"
    assert {"temple", "fortress", "port", "university", "metropolis", "cornucopia"} <= set(
        stat["icons"]
    )
    assert stat["sizes"]["isle_name"] > model.static_payload(map_id)["sizes"]["isle_name"]
    assert json.loads(dumps(stat)) == stat


def test_the_font_stack_names_cjk_fonts_and_matches_the_css():
    """Issue 14: one CJK-capable stack for the CSS and the static SVG."""
    for font in ("Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei"):
        assert font in model.FONT
    from cyclades_widgets.view import STATIC

    css = (STATIC / "board.css").read_text("utf-8")
    assert f"font-family: {model.FONT};" in css


def test_json_safe_turns_odd_values_into_json():
    value = {1: (1, 2), "s": {3, 1}, "f": float("nan"), "o": object}
    safe = model.json_safe(value)
    assert safe["1"] == [1, 2] and safe["s"] == [1, 3] and safe["f"] == "nan"
    assert json.loads(dumps(safe)) == safe


# --------------------------------------------------------------------------- one recipe

REPO = Path(__file__).resolve().parents[1]
HEX = re.compile(r"#[0-9a-fA-F]{3,8}\b")
FUNCTIONS = re.compile(r"\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(", re.IGNORECASE)
NAMED = frozenset(
    """aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue
    blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk
    crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki
    darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
    darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue
    dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro
    ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo
    ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
    lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen
    lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime limegreen
    linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple
    mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred
    midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab
    orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip
    peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue
    saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue
    slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet
    wheat white whitesmoke yellow yellowgreen transparent""".split()  # noqa: SIM905
)
"""The CSS named colours (and ``transparent``)."""


def _js_strings(source: str) -> list[str]:
    """The string and template literals of JavaScript source (comments skipped; the sources
    have no regular expression holding a quote or a comment opener)."""
    out, i, n = [], 0, len(source)
    while i < n:
        two = source[i : i + 2]
        if two == "//":
            i = source.find("\n", i) % (n + 1) or n
        elif two == "/*":
            i = source.index("*/", i) + 2
        elif source[i] in "\"'`":
            quote, j = source[i], i + 1
            while source[j] != quote:
                j += 2 if source[j] == "\\" else 1
            out.append(source[i + 1 : j])
            i = j + 1
        else:
            i += 1
    return out


def _css_values(source: str) -> list[str]:
    """What follows each ``:`` of a stylesheet (declaration values, and some selectors)."""
    return re.findall(r":([^;{}]+)", re.sub(r"/\*.*?\*/", "", source, flags=re.DOTALL))


def colour_literals(texts: list[str]) -> list[str]:
    """Every hex colour, colour function or named colour in ``texts``."""
    found = []
    for text in texts:
        found += HEX.findall(text) + FUNCTIONS.findall(text)
        found += [w for w in re.findall(r"[A-Za-z-]+", text) if w.lower() in NAMED]
    return found


def test_the_colour_scanner_finds_what_it_must():
    assert colour_literals(_js_strings('x("#1b1b1b"); // white\ny(`rgb(1,2,3)`, "red")')) == [
        "#1b1b1b",
        "rgb(",
        "red",
    ]
    assert colour_literals(_css_values(".a { color: hsl(1 2 3); white-space: x; fill: Tan }")) == [
        "hsl(",
        "Tan",
    ]
    assert colour_literals(_css_values(".a { color: var(--cw-gold); } /* #fff */")) == []


def test_the_js_board_and_its_stylesheets_hold_no_colour_literal():
    """Issue 28: every colour comes from Python's palette (the static payload's palette,
    seats, recipes and styles; the stylesheet reads --cw-<role>)."""
    found = {}
    for path in sorted((REPO / "js" / "src").glob("*.js")):
        found[path.name] = colour_literals(_js_strings(path.read_text("utf-8")))
    for path in sorted((REPO / "cyclades_widgets" / "static").glob("*.css")):
        found[path.name] = colour_literals(_css_values(path.read_text("utf-8")))
    assert len(found) >= 8
    assert {name: hits for name, hits in found.items() if hits} == {}


def test_every_css_custom_colour_is_a_role_of_the_palette():
    """board.css reads --cw-<role>; each role it reads is one the palette sets."""
    css = (REPO / "cyclades_widgets" / "static" / "board.css").read_text("utf-8")
    read = set(re.findall(r"var\(--cw-([a-z-]+)", css)) - {
        "fs",
        "aspect",
        "map-max-h",
    }  # sizes, not colours
    roles = {role.replace("_", "-") for role in palette.palette()}
    assert read and read <= roles, read - roles


def test_the_static_payload_carries_the_look():
    """The palette, the seats, each piece's recipe, the map's styles and the legend's
    pictures: every colour a hex of the palette, every picture one the payload has."""
    fixed = model.static_payload("map-5")
    assert fixed["palette"] == palette.palette()
    assert [s["colour"] for s in fixed["seats"]] == list(PLAYER_COLOURS)
    assert set(fixed["piece_order"]) == {k.split(":")[0] for k in fixed["recipes"]}
    colours = set(palette.palette().values()) | {
        c for b in palette.BUILDING_COLOURS.values() for c in b
    }
    colours |= set(palette.FIGURINE_COLOURS.values()) | {palette.seat_colour(0)}
    parts = [*(q for r in fixed["recipes"].values() for q in r), *fixed["legend"].values()]
    for q in parts:
        for key in ("fill", "stroke"):
            assert q.get(key) in colours | {None, "none", "$seat", "$ink"}, q
        if q["draw"] == "icon" and q["icon"] != "$shape":
            name = q["icon"]
            assert (
                name[6:] in fixed["shapes"] if name.startswith("shape:") else name in fixed["icons"]
            )
    for style in fixed["styles"].values():
        assert {style.get("fill"), style.get("stroke")} <= colours | {None}
    assert set(fixed["legend"]) == {item for item, _ in fixed["text"]["legend"]}


def test_every_piece_of_a_crowded_board_has_a_recipe():
    from test_svg import crowded_state

    state = crowded_state()
    state.isles["naxos"].figurine, state.isles["naxos"].figurine_owner = "minotaur", 0
    state.kraken = "e7"
    fixed = model.static_payload(state.map_id)
    pieces = model.board_view(state)["pieces"].values()
    kinds = {p["kind"] for p in pieces}
    assert kinds == set(fixed["piece_order"])
    for p in pieces:
        variant = p.get("building") or p.get("creature")
        assert f"{p['kind']}:{variant}" in fixed["recipes"] or p["kind"] in fixed["recipes"]


def test_arrows_and_trails_carry_their_shaft_and_head():
    """The arrowheads are drawn in Python: both painters draw the shaft and head they get."""
    geometry = model.static_payload("map-5")["map"]
    marks = model.marks(geometry, cw.Highlight([("naxos", "here")], [("kea", "naxos", "go")]))
    (arrow,) = marks["arrows"]
    x1, y1, x2, y2 = arrow["line"]
    assert arrow["shaft"][:2] == [x1, y1] and arrow["head"][0] == [x2, y2]
    assert math.dist(arrow["shaft"][2:], [x2, y2]) == pytest.approx(8, abs=0.2)
    assert math.dist(*arrow["head"][1:]) == pytest.approx(12, abs=0.2)
    for mark in (marks["places"][0], arrow):
        x, y, w, h = mark["label_box"]
        assert x < mark["label_at"][0] < x + w and y < mark["label_at"][1] < y + h
    game = sea_battle()
    game.play("move fleets g5>f5 2")
    (trail,) = model.board_view(game.state, events=game.history[-1].events)["trails"]
    assert trail["head"][0] == trail["line"][2:] and len(trail["shaft"]) == 4


def test_the_printed_prosperity_symbols_are_placed_in_python():
    for map_id in ("map-2-3", "map-4", "map-5"):
        for isle in model.static_payload(map_id)["map"]["isles"].values():
            assert len(isle["symbols"]) == isle["prosperity"]
            assert all(abs(y - isle["prosperity_anchor"][1]) < 0.1 for _, y in isle["symbols"])


def test_the_js_bundle_paints_the_view_version_python_sends():
    """VIEW_VERSION is read: the JS board paints one version and says so on the board when
    Python sends another (js/test/views.test.js shows the message)."""
    source = (REPO / "js" / "src" / "board.js").read_text("utf-8")
    (version,) = re.findall(r"export const VIEW_VERSION = (\d+);", source)
    assert int(version) == model.VIEW_VERSION
    assert model.static_payload("map-5")["v"] == model.VIEW_VERSION
    for lang in ("en", "fr", "zh"):
        words = model.static_payload("map-5", lang)["text"]["version"]
        assert str(model.VIEW_VERSION) in words and "{" not in words
