"""Analysis helpers: rank_plays and the exact bear-off play of the strong levels."""

import pytest

import ai
from ai import arena, bearoff, play, sage
from ai.levels import get_level
from engine.movegen import legal_moves
from engine.position import Position, Variant
from testkit.positions import random_positions


def side(points):
    counts = [0] * 26
    for p, n in points.items():
        counts[p] = n
    counts[0] = 15 - sum(points.values())
    return counts


@pytest.mark.parametrize("variant", ["short", "long"])
@pytest.mark.parametrize("ply", [1, 2])
def test_rank_plays_scores_every_legal_play_best_first(variant, ply):
    for pos, dice in random_positions(variant, 3, seed=11):
        ranked = ai.rank_plays(pos, dice, ply)
        legal = {p.after for p in legal_moves(pos, dice)}
        assert {p.after for p, _ in ranked} == legal
        equities = [e for _, e in ranked]
        assert equities == sorted(equities, reverse=True)
        assert all(-3.0 <= e <= 3.0 for e in equities)


def test_rank_plays_without_bgsage_uses_our_network(no_bgsage):
    pos, dice = random_positions("short", 1, seed=2)[0]
    assert len(ai.rank_plays(pos, dice, 2)) == len(legal_moves(pos, dice))


def test_rank_plays_in_an_exact_race_and_a_win():
    # Checkers on my 6 and 2, 6-4 to play: 6/off 2/off wins; 6/2/off does not.
    pos = Position("short", side({6: 1, 2: 1}), side({1: 14}))  # it has one off: plain
    best, equity = ai.rank_plays(pos, (6, 4), 2)[0]
    assert str(best.move) in ("6/off 2/off", "2/off 6/off") and equity == 1.0
    with pytest.raises(ValueError):
        ai.rank_plays(pos, (6, 4), 4)


@pytest.mark.parametrize("variant", ["short", "long"])
def test_strong_levels_play_bear_offs_exactly(variant):
    # My 6 and 5 points with two each, the opponent needs two more rolls: with 6-1 the
    # database's best is the play that leaves the fewest rolls.
    pos = Position(variant, side({6: 2, 5: 2, 1: 1}), side({2: 2, 1: 2}))
    assert bearoff.is_exact(pos)
    plays = legal_moves(pos, (6, 1))
    exact = play.exact_scores(pos, plays)
    best = plays[int(exact.argmax())]
    for level in ("strong", "master"):
        assert ai.choose_move(pos, (6, 1), level).after == best.after
    assert not get_level(variant, "intermediate").exact_bearoff


def test_arena_can_give_one_side_other_weights(tmp_path):
    from ai import model

    path = str(model.weights_path(Variant.LONG))
    r = arena.run(Variant.LONG, "network", "network", 2, seed=3, a_weights=path)
    assert r["a_weights"] == path and "b_weights" not in r
    # The same network on both sides with duplicate dice: exactly even.
    assert r["points_per_game_a"] == 0.0


def test_sage_every_play_searched():
    pytest.importorskip("bgsage")
    if not sage.available():
        pytest.skip("bgsage disabled")
    pos, dice = random_positions("short", 1, seed=5)[0]
    plays = legal_moves(pos, dice)
    deep = sage.scores(pos, dice, plays, "2ply", every_play=True)
    assert all(s > -10 for s in deep)
