"""Write the JSON fixtures the JS unit tests paint: real view models from Python.

Usage: python js/test/fixtures.py OUTDIR   (vitest's global setup runs it when
CW_FIXTURES is not set; tests/test_frontend.py sets it to a temp folder).
"""

import json
import sys
from pathlib import Path

import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.view import model
from cyclades_widgets.view.diff import diff


def payload(game: cw.Game, viewer: str | None = None, lang: str = "en", **kw: object) -> dict:
    seat = model.viewer_seat(game.state, viewer)
    legal = model.state_legal(game.state, lang, seat)
    return {
        "static": model.static_payload(game.state.map_id, lang),
        "view": model.board_view(
            game.state,
            viewer=viewer,
            lang=lang,
            events=game.history[-1].events if game.history else [],
            history=game.history,
            legal=legal,
            **kw,  # type: ignore[arg-type]
        ),
        "legal": legal,
    }


def board(players: int, seed: int, viewer: str | None = None, lang: str = "en") -> dict:
    game = cw.Game.new(players=players, seed=seed)
    bots = {name: RandomBot(seed=i) for i, name in enumerate(game.players)}
    game.advance(to="cycle", bots=bots)
    while not (game.phase.value == "actions" and game.node == "decision"):
        if game.node == "decision":
            game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        else:
            game.step()
    return payload(
        game, viewer, lang, highlights={"places": ["naxos"], "arrows": [["naxos", "paros", "go"]]}
    )


def battle() -> dict:
    game = (
        cw.Scenario(players=3)
        .fleets("g5", "Athens", 2)
        .fleets("f5", "Sparta", 1)
        .phase("actions", god="poseidon", player="Athens")
        .game()
    )
    game.play("move fleets g5>f5 2")
    game.play("roll 1 1")
    return payload(game)


def bids() -> dict:
    return payload(cw.Game.new(players=3, seed=7))


def patches() -> dict:
    """Consecutive views of a game and the patches between them (Python's diff)."""
    game = cw.Game.new(players=4, seed=4, start="setup")
    bots = {n: RandomBot(seed=i) for i, n in enumerate(game.players)}
    views = [payload(game)["view"]]
    for _ in range(12):
        game.advance(to="phase", bots=bots)
        views.append(payload(game)["view"])
    return {"views": views, "patches": [diff(a, b) for a, b in zip(views, views[1:])]}


REPAINT = {"sand": "#123456", "panel": "#fedcba", "athens": "#ABCDEF", "temple": "M-1,-1H1V1H-1Z"}
"""What :func:`repainted` changes in Python: two colours of the palette, Athens's colour
and the Temple's icon (views.test.js checks that the JS board shows each change)."""


def repainted() -> dict:
    """A board with a Temple and Athens's troops, painted after one edit of the palette and
    one of the icons (then put back)."""
    from cyclades_widgets.view import icons, palette

    saved = dict(palette.COLOURS), palette.PLAYER_COLOURS, dict(icons.ICONS)
    palette.COLOURS.update(sand=REPAINT["sand"], panel=REPAINT["panel"])
    palette.PLAYER_COLOURS = (REPAINT["athens"], *palette.PLAYER_COLOURS[1:])
    icons.ICONS["temple"] = REPAINT["temple"]
    model.clear_static_cache()
    try:
        game = cw.Scenario(players=3).empty().troops("naxos", "Athens", 2).build("naxos", "temple")
        return {**payload(game.game()), "repaint": REPAINT}
    finally:
        palette.COLOURS.clear()
        palette.COLOURS.update(saved[0])
        palette.PLAYER_COLOURS = saved[1]
        icons.ICONS.clear()
        icons.ICONS.update(saved[2])
        model.clear_static_cache()


def editor() -> dict:
    """The board editor's traits: an emptied 4-player board, 3 Athens troops on Naxos,
    the Athens fleet chosen (its seas lit), and a refusal."""
    ed = cw.Editor(players=4)
    ed.empty()
    ed.place("troop", "naxos", player="Athens", count=3)
    board = ed.board
    board.handle_intent({"type": "tool", "piece": "fleet", "player": "Athens", "count": 2})
    board.handle_intent({"type": "toggle", "piece": "fortress", "place": "milos"})
    return {"static": board.static, "view": board.view, "edit": board.edit, "error": board.error}


def graph() -> dict:
    """A win-chance graph's payload (view/graph.py) and the static painter's SVG of it."""
    from cyclades_widgets.svg.graph import graph_svg
    from cyclades_widgets.view.graph import GraphMark, graph_model

    points = [(3, (0.5, 0.3, 0.2)), (8, (0.4, 0.4, 0.2)), (15, (0.2, 0.6, 0.2))]
    marks = [GraphMark(8, 0, "mistake", "Move 5 · Athens <b>"), GraphMark(15, 2, "blunder", "x")]
    g = graph_model(
        ("Athens", "Sparta", "Corinth"), 20, points, [(0, 1), (12, 2)], marks, lang="fr"
    )
    return {"graph": g, "svg": graph_svg(g)}


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    fixtures = {
        "five.json": board(5, 7),
        "three-athens-zh.json": board(3, 2, viewer="Athens", lang="zh"),
        "battle.json": battle(),
        "bids.json": bids(),
        "patches.json": patches(),
        "repainted.json": repainted(),
        "editor.json": editor(),
        "graph.json": graph(),
    }
    for name, data in fixtures.items():
        (out / name).write_text(json.dumps(data, ensure_ascii=False))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
