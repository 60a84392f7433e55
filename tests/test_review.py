"""Game review (issue 26): every decision judged by the search, chance and automatic steps
listed but not judged, the same seed giving the same review, on an executor too."""

from __future__ import annotations

import re
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import cyclades_widgets as cw
from cyclades_widgets.review import BUDGETS, LABELS, THRESHOLDS, Review, label_for
from cyclades_widgets.review.search import judge

GAMES = Path(__file__).resolve().parents[1] / "cyclades_widgets" / "data" / "games"


def example_record(players: int) -> cw.GameRecord:
    """The example game for ``players`` players."""
    return cw.GameRecord.load(GAMES / f"example-{players}p.json")


SHORT = 40
"""Moves of the 3-player example reviewed by the quick tests."""


@pytest.fixture(scope="module")
def short_game() -> cw.Game:
    return example_record(3).game_at(SHORT)


@pytest.fixture(scope="module")
def short_review(short_game: cw.Game) -> Review:
    return short_game.review(level="easy", seed=3)


def test_every_step_of_the_history_has_one_entry_in_order(short_game, short_review):
    assert [e.position for e in short_review.entries] == list(range(len(short_game.history)))
    moves = [e.move for e in short_review.entries if e.move is not None]
    assert moves == list(range(SHORT))


def test_only_decisions_with_a_choice_are_judged(short_game, short_review):
    kinds = {e.kind for e in short_review.entries}
    assert {"decision", "chance", "auto"} <= kinds
    for e, step in zip(short_review.entries, short_game.history, strict=True):
        assert e.judged == (e.kind == "decision")
        if e.kind in ("chance", "auto"):
            assert (e.player, e.before, e.after, e.label) == (None, None, None, None)
        if e.kind == "forced":
            assert len(cw.Game(step.before).legal_actions()) == 1 and e.label is None


def test_a_judged_decision_has_both_chances_its_loss_and_the_label_of_its_loss(short_review):
    for e in short_review.decisions:
        assert 0.0 <= e.after <= e.before <= 1.0 + 1e-9
        assert e.loss == pytest.approx(e.before - e.after)
        assert e.label == label_for(e.loss)
        assert e.best is not None and len(e.chances) == 3
        assert sum(e.chances) == pytest.approx(1.0)
        if e.best == e.played:
            assert e.loss == 0.0 and e.label == "good"


def test_the_thresholds_order_the_labels():
    assert list(THRESHOLDS) == list(LABELS[1:])
    assert list(THRESHOLDS.values()) == sorted(THRESHOLDS.values())
    assert [label_for(x) for x in (0.0, 0.1, 0.15, 0.3)] == list(LABELS)


def test_the_same_seed_gives_the_same_review(short_game, short_review):
    again = short_game.review(level="easy", seed=3)
    assert again.entries == short_review.entries


def test_another_seed_searches_afresh(short_game, short_review):
    other = short_game.review(level="easy", seed=4)
    assert [e.playouts for e in other.entries] != [e.playouts for e in short_review.entries] or [
        e.after for e in other.entries
    ] != [e.after for e in short_review.entries]


def test_a_process_pool_gives_the_review_made_in_one_process(short_game, short_review):
    with ProcessPoolExecutor(2) as pool:
        pooled = short_game.review(level="easy", seed=3, executor=pool)
    assert pooled.entries == short_review.entries


def test_a_record_reviews_its_main_line_with_its_move_numbers():
    record = example_record(2)
    game = record.game_at(12)
    short = cw.GameRecord.from_game(game)
    review = short.review(level="easy", seed=0)
    assert review.entries == game.review(level="easy", seed=0).entries
    assert [e.played for e in review.entries if e.move is not None] == short.moves()


def test_progress_is_called_once_per_judged_decision(short_game):
    calls: list[tuple[int, int]] = []
    review = short_game.review(level="easy", seed=3, progress=lambda d, t: calls.append((d, t)))
    n = len(review.decisions)
    assert calls == [(k, n) for k in range(1, n + 1)]


def test_an_unknown_level_is_refused_in_words():
    with pytest.raises(ValueError, match="grandmaster"):
        cw.Game.new(players=3, seed=1).review(level="grandmaster")


BLUNDER_AT = 562
"""History position in the 4-player example where Corinth bids 2 GP on Athena, though
79 GP on Athena buys the Philosopher that wins the game at once."""


def test_a_move_that_throws_the_game_away_is_a_blunder_with_the_winning_move_as_best():
    game = example_record(4).replay()
    step = game.history[BLUNDER_AT]
    assert (step.player, str(step.action)) == ("Corinth", "bid athena 2")
    j = judge(step.before.to_dict(), "bid athena 2", 0, BUDGETS["strong"])
    seat = game.players.index("Corinth")
    assert j.best.startswith("bid athena ") and j.best != "bid athena 2"
    assert label_for(j.before[seat] - j.after[seat]) == "blunder"


# --------------------------------------------------------------------------- table and graph


def test_the_table_has_one_row_per_decision_in_the_learners_language(short_review):
    decisions = [e for e in short_review.entries if e.kind in ("decision", "forced")]
    table = short_review.table("fr")
    assert len(table) == len(decisions)
    assert list(table.index) == [e.position for e in decisions]
    assert "Coup joué" in table.columns and "Perte" in table.columns
    labels = set(table["Verdict"])
    assert labels <= {"bon", "imprécision", "erreur", "gaffe", "coup unique"}
    everything = short_review.table("zh", steps=True)
    assert len(everything) == len(short_review.entries) and "损失" in everything.columns


def test_the_graph_draws_one_line_per_player_and_each_marked_decision_in_its_players_colour_and_shape(
    short_review,
):
    from cyclades_widgets.view.icons import SHAPES
    from cyclades_widgets.view.palette import PLAYER_COLOURS, PLAYER_SHAPES

    plot = short_review.plot("en")
    g = plot.payload
    assert [line["player"] for line in g["lines"]] == list(short_review.players)
    marked = short_review.mistakes("inaccuracy")
    assert [m["position"] for m in g["marks"]] == [e.position for e in marked]
    for m, e in zip(g["marks"], marked, strict=True):
        seat = short_review.players.index(e.player)
        assert (m["colour"], m["shape"]) == (PLAYER_COLOURS[seat], SHAPES[PLAYER_SHAPES[seat]])
    assert [h["position"] for h in g["hits"]] == [e.position for e in short_review.decisions]
    assert [c["text"] for c in g["cycles"]] == [
        str(c) for c in sorted({e.cycle for e in short_review.entries} - {0})
    ]
    svg = plot._repr_svg_()
    assert svg.count('class="cw-graph-line"') == 3 and svg.count('class="cw-graph-mark"') == len(
        marked
    )


def test_the_html_replay_page_shows_the_reviews_graph_whose_points_lead_to_its_positions(
    tmp_path,
):
    from cyclades_widgets.export.page import page_data

    record = cw.GameRecord.from_game(example_record(3).game_at(SHORT))
    review = record.review(level="easy", seed=3)
    page = record.to_html(tmp_path / "page.html", lang="zh", review=review).read_text()
    assert page.count('class="cw-page-graph"') == 1 and "胜率" in page
    views = len(page_data(page)["patches"]) + 1
    gotos = [int(x) for x in re.findall(r'data-goto="(\d+)"', page)]
    assert gotos and max(gotos) < views
    assert 'class="cw-page-graph"' not in record.to_html(tmp_path / "plain.html").read_text()


# --------------------------------------------------------------------------- annotate


def test_annotate_review_writes_each_mistakes_note_tag_and_better_move_in_every_language():
    record = cw.GameRecord.from_game(example_record(3).game_at(SHORT))
    review = record.review(level="easy", seed=3)
    flagged = [e for e in review.decisions if e.best != e.played]
    assert flagged, "the short game has moves the search would change"
    assert record.annotate_review(review, least="good") == len(flagged)
    for e in flagged:
        step = record.steps[e.move]
        assert set(step.after) == {"en", "fr", "zh"} and e.player in step.after["zh"]
        assert step.tag["fr"] in ("bon", "imprécision", "erreur", "gaffe")
        (var,) = [v for v in record.variations if v.at == e.move]
        assert var.steps[0].move == e.best and set(var.comment) == {"en", "fr", "zh"}
    again = cw.GameRecord.loads(record.dumps())
    assert len(again.variations) == len(flagged)
    record.annotate_review(review, least="good")  # twice: nothing doubled
    assert len(record.variations) == len(flagged)
    assert record.steps[flagged[0].move].after["en"].count("chance to win") == 1


def test_annotate_review_refuses_a_review_of_another_game_and_changes_nothing():
    record = cw.GameRecord.from_game(example_record(3).game_at(SHORT))
    other = cw.GameRecord.from_game(example_record(2).game_at(SHORT)).review(level="easy")
    before = record.dumps()
    with pytest.raises(ValueError, match="not of this record"):
        record.annotate_review(other, least="good")
    assert record.dumps() == before
