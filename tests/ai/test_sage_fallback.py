import pytest

import ai
from ai import model, play, sage, search
from ai.levels import get_level
from engine.movegen import legal_moves
from testkit.positions import random_positions


def test_fallback_without_bgsage_uses_our_network(no_bgsage):
    assert not sage.available()
    for pos, dice in random_positions("short", 5, seed=4):
        plays = legal_moves(pos, dice)
        strong = ai.choose_move(pos, dice, "strong")
        assert strong == plays[int(model.scores(pos, plays).argmax())]
        master = ai.choose_move(pos, dice, "master")
        assert master == plays[int(search.scores(pos, plays).argmax())]


def test_bgsage_ranks_every_legal_move_and_picks_its_best():
    pytest.importorskip("bgsage")
    if not sage.available():
        pytest.skip("bgsage disabled by NARD_AI_NO_BGSAGE")
    for pos, dice in random_positions("short", 8, seed=6):
        plays = legal_moves(pos, dice)
        scores = sage.scores(pos, dice, plays, "1ply")
        assert all(s > -10 for s in scores)  # every one of our moves was found by bgsage
        best = plays[int(scores.argmax())]
        if len(plays) > 1:
            assert play.select(get_level("short", "sage1"), pos, dice, plays) == best


def test_board_conversion():
    from engine.position import Position
    board = sage.board(Position.initial("short"))
    assert board == [0, -2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5,
                     5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2, 0]
    with pytest.raises(ValueError):
        sage.board(Position.initial("long"))
