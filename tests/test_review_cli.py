"""``python -m cyclades_widgets review`` (issue 26): prints the mistakes, writes the
annotated record, the page, the graph or the table, and refuses another kind of file."""

from __future__ import annotations

from pathlib import Path

import pytest

import cyclades_widgets as cw
from cyclades_widgets.cli import main
from cyclades_widgets.review.plot import mark_title

GAMES = Path(__file__).resolve().parents[1] / "cyclades_widgets" / "data" / "games"


@pytest.fixture(scope="module")
def short(tmp_path_factory) -> Path:
    """The first 120 moves of the 2-player example, as a record file (one mistake at the
    easy level with seed 0)."""
    record = cw.GameRecord.load(GAMES / "example-2p.json")
    path = tmp_path_factory.mktemp("cli") / "short.json"
    cw.GameRecord.from_game(record.game_at(120)).save(path)
    return path


def test_review_prints_each_mistake_in_the_asked_language_and_writes_the_annotated_record(
    short, tmp_path, capsys
):
    out = tmp_path / "reviewed.json"
    args = ["review", str(short), "--level", "easy", "--lang", "fr", "--out", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr().out.splitlines()
    record = cw.GameRecord.load(short)
    review = record.review(level="easy", seed=0)
    mistakes = review.mistakes("mistake")
    assert mistakes, "the short game has a mistake at this level"
    assert (
        printed[0]
        == f"{len(review.decisions)} décisions analysées ; erreurs et gaffes : {len(mistakes)}"
    )
    assert printed[1 : 1 + len(mistakes)] == [f"  {mark_title(review, e, 'fr')}" for e in mistakes]
    assert printed[-1] == f"Écrit : {out}"
    annotated = cw.GameRecord.load(out)
    assert [v.at for v in annotated.variations] == [e.move for e in mistakes]
    assert annotated.steps[mistakes[0].move].tag["zh"] in ("失误", "大错")


@pytest.mark.parametrize("kind", [".html", ".svg", ".csv"])
def test_review_writes_the_page_the_graph_or_the_table(short, tmp_path, kind, capsys):
    out = tmp_path / f"r{kind}"
    assert main(["review", str(short), "--level", "easy", "--lang", "zh", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert {".html": "cw-page-graph", ".svg": "<svg", ".csv": "损失"}[kind] in text


def test_review_refuses_an_unknown_output_kind_before_any_search(short, tmp_path, capsys):
    assert main(["review", str(short), "--out", str(tmp_path / "r.txt"), "--lang", "en"]) == 2
    assert "cannot write this kind of file" in capsys.readouterr().err
    assert not (tmp_path / "r.txt").exists()


def test_review_on_two_workers_prints_what_one_process_prints(short, capsys):
    assert main(["review", str(short), "--level", "easy", "--lang", "en"]) == 0
    alone = capsys.readouterr().out
    assert main(["review", str(short), "--level", "easy", "--lang", "en", "--workers", "2"]) == 0
    assert capsys.readouterr().out == alone


def test_a_bad_record_is_named_with_status_1(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    assert main(["review", str(bad), "--lang", "en"]) == 1
    assert "bad.json: invalid record" in capsys.readouterr().err
