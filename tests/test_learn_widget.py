"""The ``Learn`` widget without a browser: its buttons call the course, a move on the board
is taken in, and what it shows follows the course's view. (A browser test of the widget
is still to do; the logic it would exercise is tested here and in test_learn_course.py.)"""

from __future__ import annotations

import html
import re

import pytest
from pseudo import unwrapped

import cyclades_widgets as cw
from cyclades_widgets.i18n import LANGS, PSEUDO, language, text
from cyclades_widgets.learn.widget import Learn


@pytest.fixture
def learn(tmp_path):
    return Learn(lesson="take-ios", progress=tmp_path / "progress.json", lang="en")


def _board_move(learn: Learn, move: str) -> None:
    """What a click does: the board plays on its game and calls its listeners."""
    learn.board.game.play(move)
    learn.board.game = learn.board.game


def test_learn_is_public_and_lazy():
    assert cw.Learn is Learn


def test_the_goal_is_the_first_thing_after_the_heading(learn):
    assert "Goal: Take Ios this turn." in learn.goal.value
    assert learn.children.index(learn.goal) == 1
    assert learn.board.game is learn.course.run.game
    assert learn.board.viewer == "Athens"


def test_a_move_on_the_board_meets_the_goal(learn):
    _board_move(learn, "move troops naxos>ios 1")
    assert learn.course.view().status == "success"
    assert "Ios is yours" in learn.feedback.value
    assert "1 of" in learn.progress_label.value


def test_the_hint_button_lights_the_board(learn):
    learn.buttons["hint"].click()
    assert learn.board.highlights == {"places": ["ios"], "arrows": []}
    assert "territory marker" in learn.feedback.value


def test_show_me_then_next_lesson(learn):
    learn.buttons["show_me"].click()
    assert learn.course.run.status == "success"
    learn.buttons["next"].click()
    assert learn.course.lesson.id == "sea-battle"
    assert learn.board.game is learn.course.run.game
    assert learn.feedback.value == ""


def test_reset_starts_the_board_again(learn):
    _board_move(learn, "end")
    assert "Not this time" not in learn.feedback.value  # the lesson's own failure text
    assert learn.course.view().status == "failed"
    learn.buttons["reset"].click()
    assert learn.course.view().status == "playing"
    assert learn.board.game.to_act == "Athens"


def test_continue_shows_only_at_a_coachs_pause(tmp_path):
    learn = Learn(lesson="first-cycle", progress=tmp_path / "p.json", lang="en")
    assert learn.buttons["continue"].layout.display is None
    assert "Continue" in learn.coach.value
    for _ in range(4):
        learn.buttons["continue"].click()
    assert learn.buttons["continue"].layout.display == "none"
    assert learn.course.run.your_turn


def test_texts_are_escaped(tmp_path):
    learn = Learn(lesson="goal", progress=tmp_path / "p.json", lang="en")
    learn.course.feedback = "<b>bold</b>"
    learn._texts(learn.course.view())
    assert "&lt;b&gt;" in learn.feedback.value and "<b>" not in learn.feedback.value


@pytest.mark.parametrize("lang", LANGS)
def test_the_widget_speaks_the_learners_language(tmp_path, lang):
    """Every word Learn mode shows around the board is the catalog's, in its language."""
    learn = Learn(lesson="take-ios", progress=tmp_path / "p.json", lang=lang)
    names = {"hint": "hint", "show_me": "show_me", "reset": "reset", "continue": "continue"}
    names |= {"previous": "previous", "next": "next"}
    for button, key in names.items():
        assert learn.buttons[button].description == text(f"learn.ui.{key}", lang)
    goal = text("learn.ui.goal", lang, goal=text("learn.lesson.take-ios.objective", lang))
    assert html.escape(goal) in learn.goal.value
    assert learn.board.lang == lang


def test_the_widget_shows_only_catalog_words_in_the_pseudo_language(tmp_path):
    """The pseudo-locale walk of the widget's own texts (the board walks its own)."""
    with language(PSEUDO):
        learn = Learn(lesson="first-cycle", progress=tmp_path / "p.json")
        shown = [b.description for b in learn.buttons.values()]
        learn.buttons["hint"].click()
        for part in (learn.heading, learn.progress_label, learn.goal, learn.intro):
            shown.append(part.value)
        shown += [learn.coach.value, learn.feedback.value]
    for value in shown:
        plain = re.sub(r"<[^>]+>", " ", html.unescape(value))
        assert unwrapped(plain, {"Athens", "Sparta", "Corinth", "·"}) == [], value
