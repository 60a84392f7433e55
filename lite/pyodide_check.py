"""Play a seeded game under the Python that runs this script, printing a transcript.

Used by ``tests/test_lite.py``: once under Pyodide (the JupyterLite kernel's Python, in Node,
via ``lite/pyodide_check.mjs``) with the global ``WHEEL`` naming our wheel, and once under the
host CPython. Both transcripts must be identical apart from the ``platform`` line: the same
seeded game, the same moves, the same final state, the same narration.

Under Pyodide the wheel is installed by unpacking it into ``site-packages``. That is all a
pure-Python wheel needs; in the Lite site ``piplite`` does the same and also fetches the
dependencies (``jsonschema``, ``tqdm``), which are not used here.
"""

import hashlib
import json
import site
import sys
import tempfile
import zipfile

if sys.platform == "emscripten":
    # Under Pyodide: install into site-packages, as piplite would.
    target = site.getsitepackages()[0]
    wheel_path = WHEEL  # noqa: F821 - set by pyodide_check.mjs
else:
    # Under the host CPython: the same wheel, unpacked in front of the import path, so both
    # runs play exactly the same code whatever the working tree holds now.
    target = tempfile.mkdtemp(prefix="cyclades-wheel-")
    wheel_path = sys.argv[1]
    sys.path.insert(0, target)
with zipfile.ZipFile(wheel_path) as wheel:
    wheel.extractall(target)

import cyclades_widgets as cw  # noqa: E402
from cyclades_widgets.bots import GreedyBot, RandomBot  # noqa: E402
from cyclades_widgets.view import model as serialize  # noqa: E402

print(f"platform {sys.platform} python {sys.version_info.major}.{sys.version_info.minor}")
assert cw.__file__.startswith(target), (
    f"cyclades_widgets was imported from {cw.__file__}, not the wheel"
)


def digest(value: object) -> str:
    """A short, stable fingerprint of a JSON-safe value."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


game = cw.Game.new(players=3, seed=7)
bots = {
    game.players[0]: RandomBot(seed=1),
    game.players[1]: GreedyBot(seed=3),
    game.players[2]: RandomBot(seed=2),
}
print(f"start cycle {game.cycle} phase {game.phase.value}")
while game.cycle == 1 and not game.is_over:
    game.advance(to="phase", bots=bots)
    print(f"reached cycle {game.cycle} phase {game.phase.value} after {len(game.history)} steps")
assert game.cycle == 2, f"the first cycle did not end: {game.cycle=}"

moves = game.moves()
print(f"moves {len(moves)} {digest(moves)}")
print(f"state {digest(game.state.to_dict())}")
print(f"events {digest([e.to_dict() for step in game.history for e in step.events])}")
print("narration en:", game.explain("en").splitlines()[0])
print("narration zh:", game.explain("zh").splitlines()[0])
snapshot = serialize.snapshot(game.state, lang="zh", events=game.events)
print(
    f"board snapshot {digest(snapshot)} geometry {digest(serialize.static_payload(game.state.map_id))}"
)
odds = cw.battle_odds(attackers=3, defenders=2, defender_bonus=1)
print(f"odds {odds.attacker_wins:.6f} {odds.defender_holds:.6f}")
print("modules", ",".join(sorted(m for m in ("pandas", "jsonschema", "tqdm") if m in sys.modules)))
print("ok")
