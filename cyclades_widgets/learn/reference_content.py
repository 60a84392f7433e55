"""What the rules reference says, in which order, with which pictures.

The words are catalog entries (``learn.ref.*`` in ``data/messages/<lang>/learn.json``), so
a translation is data; this module only lays them out. Each part is a list of blocks:

- ``("p", key)``: a paragraph; ``("ul", keys)`` / ``("ol", keys)``: a list;
- ``("dl", ((term, definition), ...))``: glossary entries;
- ``("table", header_keys, rows_of_keys)``: a table (``""`` leaves a cell empty);
- ``("pic", picture_id)``: a picture of the static board (:data:`PICTURES`);
- ``("code", text)``: Python, the same in every language;
- ``("house",)``: the house rules, one row per other reading of each rule option, from
  :func:`cyclades_widgets.house_rules.describe` (catalog entries ``option.*``), with the
  code that switches each one on (:func:`cyclades_widgets.learn.reference.house_rules`);
- ``("house_example",)``: a game created with the first house rule;
- ``("notation",)``: the notation card, one row per move of :data:`NOTATION`;
- ``("creatures",)``: the 17 creatures, one row each: icon, name, cost, effect, how to
  choose the target and its notation (:data:`CREATURE_FORMS`);
- ``("boards",)``: which boards are reconstructions, read from the map files
  (:func:`cyclades_widgets.learn.reference.board_status`).

Texts may mark **bold** with double stars.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["CREATURE_FORMS", "NOTATION", "PARTS", "PICTURES", "Block", "NotationRow", "Picture"]

Block = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture of the static board: a staged position (``learn.staging``), places
    labelled with catalog words, arrows, and a caption."""

    start: Mapping[str, Any]
    caption: str
    """Catalog key of the caption."""
    labels: tuple[tuple[str, str], ...] = ()
    """(place id, catalog key of its label)."""
    arrows: tuple[tuple[str, str], ...] = ()
    viewer: str | None = None
    events: bool = False
    """Draw the last step's moves and battle (the position's ``moves`` end in a battle)."""


def _scenario(*steps: list[Any], moves: tuple[str, ...] = ()) -> dict[str, Any]:
    return {"players": 3, "scenario": [list(s) for s in steps], "moves": list(moves)}


PICTURES: dict[str, Picture] = {
    "setup": Picture(
        start=_scenario(["phase", "offerings"]),
        caption="learn.ref.pic.setup",
    ),
    "pieces": Picture(
        start=_scenario(
            ["troops", "paros", "Sparta", 3],
            ["territory", "syros", "Corinth"],
            ["prosperity", "kea", 1],
            ["fleets", "k2", "Corinth", 2],
            ["phase", "offerings"],
        ),
        caption="learn.ref.pic.pieces",
        labels=(
            ("paros", "learn.ref.label.troops"),
            ("k2", "learn.ref.label.fleets"),
            ("syros", "learn.ref.label.territory"),
            ("kea", "learn.ref.label.marker"),
            ("f7", "learn.ref.label.prosperity_sea"),
            ("delos", "learn.ref.label.neutral"),
        ),
        viewer="Athens",
    ),
    "buildings": Picture(
        start=_scenario(
            ["build", "kea", "fortress"],
            ["build", "mykonos", "port"],
            ["build", "paros", "temple"],
            ["build", "naxos", "university"],
            ["metropolis", "milos"],
            ["phase", "offerings"],
        ),
        caption="learn.ref.pic.buildings",
        labels=(
            ("kea", "learn.ref.label.fortress"),
            ("mykonos", "learn.ref.label.port"),
            ("paros", "learn.ref.label.temple"),
            ("naxos", "learn.ref.label.university"),
            ("milos", "learn.ref.label.metropolis"),
        ),
    ),
    "fleet-chain": Picture(
        start=_scenario(
            ["fleets", "c2", "Athens", 1],
            ["fleets", "d3", "Athens", 1],
            ["fleets", "d4", "Athens", 1],
            ["phase", "actions", {"god": "ares", "player": "Athens"}],
        ),
        caption="learn.ref.pic.fleet_chain",
        labels=(("c2", "learn.ref.label.chain"), ("delos", "learn.ref.label.target")),
        arrows=(("kea", "delos"),),
    ),
    "battle": Picture(
        start=_scenario(
            ["troops", "milos", "Athens", 3],
            ["fleets", "h2", "Athens", 1],
            ["build", "paros", "fortress"],
            ["phase", "actions", {"god": "ares", "player": "Athens"}],
            ["dice", "2 1"],
            moves=("move troops milos>paros 3",),
        ),
        caption="learn.ref.pic.battle",
        events=True,
    ),
}
"""The reference's pictures by id."""

_S = "learn.ref.summary."
_G = "learn.ref.glossary."
_L = "learn.ref.legend."
_H = "learn.ref.house."

GLOSSARY_TERMS: tuple[str, ...] = (
    "apollo",
    "battle",
    "building",
    "creature",
    "cycle",
    "elimination",
    "fleet",
    "fleet_chain",
    "fortress",
    "god",
    "gp",
    "isle",
    "last_isle",
    "metropolis",
    "offering",
    "philosopher",
    "port",
    "priest",
    "prosperity",
    "retreat",
    "revenue",
    "screen",
    "sea",
    "supply",
    "temple",
    "territory_marker",
    "troop",
    "turn_track",
    "university",
)
"""Glossary entries (``learn.ref.glossary.<id>.term`` and ``.text``), in English order."""

LEGEND_ITEMS: tuple[str, ...] = (
    "header",
    "outline",
    "troops",
    "fleets",
    "spaces",
    "buildings",
    "metropolis",
    "prosperity",
    "territory",
    "figurines",
    "highlights",
    "gods",
    "turn_order",
    "offering_tokens",
    "creatures",
    "players",
    "palette",
)
"""Legend entries (``learn.ref.legend.<id>.term`` and ``.text``)."""


@dataclass(frozen=True, slots=True)
class NotationRow:
    """A row of the notation card: the move's forms, what it does, and an example."""

    forms: tuple[str, ...]
    """The move as written, with ``{name}`` for what the player fills in (``bid {god} {n}``);
    each ``{name}`` is shown as ``[word]`` in the reader's language
    (``learn.ref.notation.arg.<name>``)."""
    meaning: str
    """Catalog key of what the move does."""
    example: str
    """A move that parses as written (checked by the tests)."""


NOTATION: tuple[NotationRow, ...] = (
    NotationRow(("bid {god} {gp}",), "learn.ref.notation.bid", "bid ares 3"),
    NotationRow(("bid apollo",), "learn.ref.notation.apollo", "bid apollo"),
    NotationRow(("recruit troop {isle}",), "learn.ref.notation.troop", "recruit troop naxos"),
    NotationRow(("recruit fleet {sea}",), "learn.ref.notation.fleet", "recruit fleet f7"),
    NotationRow(
        ("recruit priest", "recruit philosopher"), "learn.ref.notation.card", "recruit priest"
    ),
    NotationRow(("build {building} {isle}",), "learn.ref.notation.build", "build temple kea"),
    NotationRow(
        ("move troops {isle}>{isle} {n}",), "learn.ref.notation.troops", "move troops naxos>ios 2"
    ),
    NotationRow(
        ("move fleets {sea}>{sea} {n}",), "learn.ref.notation.fleets", "move fleets h4>g5 3"
    ),
    NotationRow(("sail {sea}", "stop"), "learn.ref.notation.sail", "sail f6"),
    NotationRow(("pickup {n}", "drop {n}"), "learn.ref.notation.pickup", "drop 1"),
    NotationRow(("fight", "retreat {place}"), "learn.ref.notation.retreat", "retreat h3"),
    NotationRow(("buy {creature}", "change {creature}"), "learn.ref.notation.buy", "buy pegasus"),
    NotationRow(("{creature} ...",), "learn.ref.notation.creature", "harpy ios"),
    NotationRow(("prosperity {isle}",), "learn.ref.notation.prosperity", "prosperity naxos"),
    NotationRow(
        ("metropolis {isle}", "metropolis {isle} destroy {buildings}"),
        "learn.ref.notation.metropolis",
        "metropolis kea destroy temple",
    ),
    NotationRow(("end",), "learn.ref.notation.end", "end"),
)
"""The notation card: every move a player makes, in the order of a cycle."""

NOTATION_ARGS: tuple[str, ...] = (
    "god",
    "gp",
    "isle",
    "sea",
    "building",
    "buildings",
    "n",
    "place",
    "creature",
    "player",
)
"""The words filled in a move (``learn.ref.notation.arg.<name>``)."""

CREATURE_FORMS: dict[str, tuple[str, ...]] = {
    "siren": ("siren {sea}", "siren {sea} from {sea}"),
    "pegasus": ("pegasus {isle}>{isle} {n}",),
    "giant": ("giant {building} {isle}",),
    "chimera": ("chimera {creature}",),
    "cyclopes": ("cyclopes {isle} {building}>{building}",),
    "sphinx": ("sphinx troop {isle}", "sphinx fleet {sea}", "sphinx priest", "sphinx done"),
    "sylph": ("sylph {sea}>{sea} {n}", "sylph done"),
    "harpy": ("harpy {isle}",),
    "griffon": ("griffon {player}",),
    "fates": (),
    "satyr": ("satyr {player}",),
    "dryad": ("dryad {player}",),
    "kraken": ("kraken {sea}", "kraken move {sea}", "kraken done"),
    "minotaur": ("minotaur {isle}",),
    "medusa": ("medusa {isle}",),
    "polyphemus": ("polyphemus {isle}", "polyphemus {sea}>{sea}"),
    "chiron": ("chiron {isle}",),
}
"""Each creature's choices as notation (the Fates have none), in the order of the track's
cards; ``{name}`` as on the notation card."""

_N = "learn.ref.notation."

PARTS: dict[str, tuple[Block, ...]] = {
    "summary": (
        ("p", _S + "goal"),
        ("pic", "setup"),
        ("h", _S + "metropolis.title"),
        ("ul", tuple(f"{_S}metropolis.{k}" for k in ("buildings", "philosophers", "conquest"))),
        ("p", _S + "metropolis.note"),
        ("h", _S + "cycle.title"),
        ("ol", tuple(f"{_S}cycle.{k}" for k in range(1, 7))),
        ("h", _S + "gods.title"),
        (
            "table",
            tuple(f"{_S}gods.head.{k}" for k in ("god", "free", "more", "build", "special")),
            tuple(
                tuple(f"{_S}gods.{god}.{k}" for k in ("name", "free", "more", "build", "special"))
                for god in ("ares", "poseidon", "zeus", "athena")
            ),
        ),
        ("p", _S + "apollo"),
        ("p", _S + "creatures"),
        ("h", _S + "battles.title"),
        ("p", _S + "battles.text"),
        ("p", _S + "control"),
        ("p", _S + "limits"),
    ),
    "glossary": (
        ("p", _G + "intro"),
        ("dl", tuple((f"{_G}{t}.term", f"{_G}{t}.text") for t in GLOSSARY_TERMS)),
        ("pic", "fleet-chain"),
        ("pic", "battle"),
    ),
    "creatures": (
        ("p", "learn.ref.creatures.intro"),
        ("creatures",),
    ),
    "legend": (
        ("p", _L + "intro"),
        ("pic", "pieces"),
        ("pic", "buildings"),
        ("dl", tuple((f"{_L}{t}.term", f"{_L}{t}.text") for t in LEGEND_ITEMS)),
    ),
    "house-rules": (
        ("p", _H + "intro"),
        ("house",),
        ("p", _H + "how"),
        ("house_example",),
    ),
    "boards": (
        ("p", "learn.ref.boards.intro"),
        ("boards",),
    ),
    "notation": (
        ("p", _N + "intro"),
        ("notation",),
        ("ul", (_N + "names", _N + "numbers", _N + "legal")),
    ),
}
"""The parts of the reference, in order: a one-page summary, the glossary, the creatures,
the board legend, the house rules, the boards and the notation card."""
