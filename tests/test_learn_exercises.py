"""The tutorials' exercises (issue 13, item 4): ``cw.exercise`` shows a question, and
``cw.check`` says right or wrong, with the reason and a hint, in the learner's language.

The answers are computed by the engine (never written in the exercise file): a lesson's
goal for moves, the rules' revenue or the example game's end for counts, the goal
vocabulary for a built position.
"""

from __future__ import annotations

import pytest

import cyclades_widgets as cw
from cyclades_widgets.i18n import LANGS, catalog, text
from cyclades_widgets.learn import LessonError, LessonRun
from cyclades_widgets.learn import exercises as ex
from cyclades_widgets.learn.exercises import KINDS, Exercise, Verdict, exercise, exercises
from cyclades_widgets.learn.staging import stage

IDS = exercises()


@pytest.fixture(autouse=True)
def fresh_hints():
    """Each test starts with no wrong answer counted (hints start from the first)."""
    ex._TRIES.clear()
    yield
    ex._TRIES.clear()


def test_the_exercises_load_and_cover_every_kind():
    assert len(IDS) >= 8
    assert {exercise(i).kind for i in IDS} == set(KINDS)
    assert cw.exercise("revenue") is exercise("revenue")
    assert cw.check is ex.check


@pytest.mark.parametrize("lang", LANGS)
def test_every_exercise_has_its_words_in_every_language(lang):
    for name in IDS:
        e = exercise(name)
        assert e.question(lang)
        assert e.hints(lang), name
        if e.kind != "lesson":
            assert f"learn.exercise.{name}.right" in catalog(lang).entries


# --------------------------------------------------------------------------- lessons


LESSON_EXERCISES = [i for i in IDS if exercise(i).kind == "lesson"]


@pytest.mark.parametrize("name", LESSON_EXERCISES)
def test_a_lesson_exercise_takes_its_solution_and_refuses_its_wrong_line(name):
    lesson = exercise(name).the_lesson
    right = cw.check(name, list(lesson.solution), lang="en")
    assert right.ok and right.text == lesson.text("success", "en") and right.hint == ""
    wrong = cw.check(name, list(lesson.wrong), lang="en")
    assert not wrong.ok and wrong.hint == lesson.text("hint.0", "en")


@pytest.mark.parametrize("name", LESSON_EXERCISES)
def test_a_lesson_exercise_takes_the_game_played_on_the_board(name):
    """The learner plays on ``exercise.game()`` (the board) and gives the game."""
    e = exercise(name)
    game = e.game()
    run = LessonRun(e.the_lesson)
    for move in e.the_lesson.solution:  # as the board would: the learner's moves, then the rest
        run.play(move)
    played = run.game
    assert len(played.history) > len(game.history)
    assert cw.check(name, played, lang="en").ok
    assert not cw.check(name, game, lang="en").ok  # nothing played yet


def test_an_illegal_move_says_which_rule_and_gives_a_hint():
    verdict = cw.check("win-ares", "bid ares 9", lang="en")
    assert not verdict.ok
    assert verdict.text.startswith("bid ares 9 cannot be played here: Athens has")
    assert verdict.hint == text("learn.lesson.win-ares.hint.0", "en")


def test_moves_that_stop_short_of_the_goal_say_so():
    verdict = cw.check("sea-battle", ["move fleets h4>g5 3"], lang="en")
    assert not verdict.ok
    assert verdict.text == text("learn.check.unfinished", "en", goal="Take the sea f6 this turn.")


def test_each_wrong_answer_gives_the_next_hint_until_the_last():
    hints = exercise("sea-battle").hints("en")
    seen = [cw.check("sea-battle", "end", lang="en").hint for _ in range(len(hints) + 1)]
    assert seen == [*hints, hints[-1]]
    assert cw.check("sea-battle", ["move fleets h4>g5 3", "sail f6"], lang="en").ok
    assert cw.check("sea-battle", "end", lang="en").hint == hints[0]  # right: start again


# --------------------------------------------------------------------------- counts


def test_the_revenue_exercise_is_what_the_revenue_phase_pays():
    """The same position one phase earlier: the Revenue phase pays Athens the answer."""
    e = exercise("revenue")
    assert e.start is not None
    steps = [s for s in e.start["scenario"] if s[0] != "phase"]
    game = stage({**e.start, "scenario": [*steps, ["phase", "revenue"]]})
    before = int(game.tables.players().loc["Athens", "Gold"])
    game.step()
    paid = int(game.tables.players().loc["Athens", "Gold"]) - before
    assert paid == e.expected() > 0
    assert cw.check("revenue", paid, lang="en").ok
    assert not cw.check("revenue", paid + 1, lang="en").ok
    assert cw.check("revenue", float(paid), lang="en").ok


def test_the_example_game_exercise_reads_the_end_of_the_record():
    e = exercise("example-game")
    final = e.game()
    assert final.is_over and final.winner is not None
    isles = int(final.tables.players().loc[final.winner, "Isles"])
    assert e.expected() == isles
    verdict = cw.check("example-game", isles, lang="fr")
    assert verdict.ok and str(isles) in verdict.text and verdict.lang == "fr"


@pytest.mark.parametrize("answer", ["4", True, [4]])
def test_a_count_wants_a_number(answer):
    verdict = cw.check("revenue", answer, lang="en")
    assert not verdict.ok and verdict.text == text("learn.check.not_number", "en")
    assert verdict.hint == ""  # not a wrong answer yet: no hint spent


# --------------------------------------------------------------------------- positions


def _last_isle() -> cw.Scenario:
    return (
        cw.Scenario(players=3)
        .empty()
        .troops("ios", "Sparta", 1)
        .metropolis("ios")
        .troops("naxos", "Athens", 3)
        .metropolis("naxos")
        .fleets("g5", "Athens", 1)
    )


def test_a_built_position_is_checked_against_its_goal():
    assert cw.check("last-isle-position", _last_isle(), lang="en").ok
    assert cw.check("last-isle-position", _last_isle().game(), lang="en").ok
    assert not cw.check("last-isle-position", cw.Scenario(players=3), lang="en").ok
    no_fleet = _last_isle().clear("g5")
    assert not cw.check("last-isle-position", no_fleet, lang="en").ok
    other_map = cw.Scenario(players=5).empty().troops("naxos", "Athens", 3)
    assert not cw.check("last-isle-position", other_map, lang="en").ok
    verdict = cw.check("last-isle-position", "a position", lang="en")
    assert verdict.text == text("learn.check.not_game", "en")


# --------------------------------------------------------------------------- showing


def test_no_answer_yet_asks_for_one():
    for name in IDS:
        verdict = cw.check(name, None, lang="en")
        assert not verdict.ok and verdict.text == text("learn.check.no_answer", "en")


def test_a_verdict_shows_as_a_box_that_escapes_its_text():
    verdict = Verdict(False, "Not yet.", "<b>bid</b>", "a & b", "en")
    page = verdict._repr_html_()
    assert 'role="status"' in page and "&lt;b&gt;bid&lt;/b&gt;" in page and "a &amp; b" in page
    assert str(verdict) == "Not yet. <b>bid</b> Hint: a & b" == repr(verdict)
    assert "✓" in Verdict(True, "Right!", "x", lang="en")._repr_html_()


def test_an_exercise_shows_its_question_and_its_position():
    for name in IDS:
        e = exercise(name)
        with cw.language("en"):
            page = e._repr_html_()
        assert e.question("en").split(":")[0].replace("'", "&#x27;") in page
        pictured = e.kind != "position" and e.record is None
        assert ("<svg" in page) == pictured, name


def test_an_unknown_exercise_names_the_exercises():
    with pytest.raises(LessonError, match="revenue") as info:
        cw.check("juggling", 3)
    assert info.value.msg.key == "learn.error.exercise"


@pytest.mark.parametrize(
    "bad",
    [
        Exercise("x", "riddle"),
        Exercise("x", "lesson", lesson="no-such-lesson"),
        Exercise("x", "count", count={"luck": {}}),
        Exercise("x", "position", goal={"owns": "naxos"}),
    ],
)
def test_a_malformed_exercise_is_refused(bad):
    with pytest.raises(LessonError):
        ex._validate(bad, "exercises.json: $.exercises[0]")
