
import pytest

import ai
from ai.levels import LEVEL_LABELS, LEVELS, get_level
from ai.noise import noise
from engine.movegen import legal_moves
from engine.position import Position
from testkit.positions import random_positions


def test_levels_are_five_named_and_ordered():
    for variant in ("short", "long"):
        assert LEVELS[variant] == ("beginner", "casual", "intermediate", "strong", "master")
    assert LEVEL_LABELS["master"] == "Master"


@pytest.mark.parametrize("variant", ["short", "long"])
def test_every_level_returns_a_legal_move_deterministically(variant):
    for pos, dice in random_positions(variant, 6, seed=3):
        legal = {p.after for p in legal_moves(pos, dice, first_turn=False)}
        for level in LEVELS[variant]:
            play = ai.choose_move(pos, dice, level)
            assert play.after in legal
            assert ai.choose_move(pos, dice, level) == play


def test_first_turn_allows_two_from_the_head():
    play = ai.choose_move(Position.initial("long"), (6, 6), "master", first_turn=True)
    assert play.after.opp[24] == 13  # 24/18(2): the head-rule exception


def test_no_legal_move_raises():
    me = [0] * 26
    me[25] = 1
    me[13] = 14
    opp = [0] * 26
    for q in range(1, 7):  # the opponent holds its whole home, where I enter: I dance
        opp[q] = 2
    opp[13] = 3
    pos = Position("short", me, opp)
    with pytest.raises(ValueError, match="no legal move"):
        ai.choose_move(pos, (3, 5), "master")


def test_unknown_level_raises():
    with pytest.raises(ValueError):
        ai.choose_move(Position.initial("short"), (3, 1), "grandmaster")
    with pytest.raises(ValueError):
        get_level("long", "pubeval")


def test_noise_depends_on_the_position_only():
    pos = Position.initial("short")
    afters = [p.after for p in legal_moves(pos, (6, 5))]
    a = noise("beginner", pos, afters, 0.3)
    assert (a == noise("beginner", pos, afters, 0.3)).all()
    assert not (a == noise("casual", pos, afters, 0.3)).all()
    assert (noise("beginner", pos, afters, 0.0) == 0).all()
    # The same candidate gets the same noise wherever it stands in the list.
    assert noise("beginner", pos, afters[::-1], 0.3)[-1] == a[0]


def test_weak_levels_err_but_not_always():
    """Beginner differs from the noiseless heuristic sometimes, not everywhere."""
    samples = random_positions("short", 40, seed=8)
    diff = sum(ai.choose_move(p, d, "beginner") != ai.choose_move(p, d, "casual")
               for p, d in samples)
    assert 0 < diff < len(samples)


def test_choose_move_is_thread_safe():
    from concurrent.futures import ThreadPoolExecutor

    jobs = [(pos, dice, variant, level)
            for variant in ("short", "long")
            for pos, dice in random_positions(variant, 4, seed=12)
            for level in ("casual", "intermediate", "strong", "master")]
    expected = [ai.choose_move(pos, dice, level) for pos, dice, _, level in jobs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda job: ai.choose_move(job[0], job[1], job[3]), jobs * 2))
    assert got == expected * 2


def test_the_api_runs_in_a_spawned_process_pool():
    """The bot may call the AI from a process pool: functions and arguments pickle, and each
    process loads its networks itself."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pos = Position.initial("long")
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        play = pool.submit(ai.choose_move, pos, (6, 5), "master", first_turn=True).result()
        kind = pool.submit(ai.expected_loss, pos, leaver_on_roll=True).result()
    assert play == ai.choose_move(pos, (6, 5), "master", first_turn=True)
    assert kind == ai.expected_loss(pos, leaver_on_roll=True)
