"""The pictures and widgets a tutorial shows follow ``cw.set_language`` when no ``lang=`` is
given (issue 14, "One setting"): the static board (``cw.svg.board`` and a game's own picture),
``cw.Board``, ``cw.GameView`` and ``cw.Replay``. An explicit ``lang=`` still wins.
"""

from __future__ import annotations

import cyclades_widgets as cw
from cyclades_widgets.i18n import language


def test_the_static_board_follows_the_session_language():
    game = cw.Game.new(players=3, seed=46)
    with language("zh"):
        chinese = cw.svg.board(game)._repr_svg_()
        own = game._repr_svg_()
        english = cw.svg.board(game, lang="en")._repr_svg_()
    assert "教师视角" in chinese and "Teacher's view" not in chinese
    assert "教师视角" in own and "Teacher's view" not in own
    assert "Teacher's view" in english
    with language("en"):
        assert "Teacher's view" in game._repr_svg_()


def test_the_widgets_follow_the_session_language():
    game = cw.Game.new(players=3, seed=46)
    game.advance(to="cycle", bots={name: cw.GreedyBot(seed=1) for name in game.players})
    with language("zh"):
        board, view, replay = cw.Board(game), cw.GameView(game), cw.Replay(game.record)
        explicit = cw.Board(game, lang="en")
    assert (board.lang, view.board.lang, replay.board.lang, explicit.lang) == ("zh",) * 3 + ("en",)
    assert view.board.text("board.button.continue") == "继续"
    with language("en"):
        assert cw.Board(game).lang == "en"
