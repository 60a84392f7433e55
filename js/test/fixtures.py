"""Write the JSON fixtures the JS unit tests draw: real serializer output.

Usage: python js/test/fixtures.py OUTDIR   (vitest's global setup runs it when
CW_FIXTURES is not set; tests/test_frontend.py sets it to a temp folder).
"""

import json
import sys
from pathlib import Path

import cyclades_widgets as cw
from cyclades_widgets.bots import RandomBot
from cyclades_widgets.view import model as serialize


def board(players: int, seed: int, viewer: str | None = None, lang: str = "en") -> dict:
    game = cw.Game.new(players=players, seed=seed)
    bots = {name: RandomBot(seed=i) for i, name in enumerate(game.players)}
    game.advance(to="cycle", bots=bots)
    while not (game.phase.value == "actions" and game.node == "decision"):
        if game.node == "decision":
            game.play(bots[game.to_act].choose(game.state, game.legal_actions()))
        else:
            game.step()
    return {
        "static": serialize.static_payload(game.state.map_id, lang),
        "snapshot": serialize.snapshot(game.state, viewer, lang, events=game.history[-1].events),
        "legal": serialize.legal_payload(game, lang),
    }


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
    return {
        "static": serialize.static_payload(game.state.map_id, "en"),
        "snapshot": serialize.snapshot(game.state, events=game.history[-1].events),
        "legal": serialize.legal_payload(game),
    }


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    fixtures = {
        "five.json": board(5, 7),
        "three-athens-zh.json": board(3, 2, viewer="Athens", lang="zh"),
        "battle.json": battle(),
    }
    for name, data in fixtures.items():
        (out / name).write_text(json.dumps(data, ensure_ascii=False))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
