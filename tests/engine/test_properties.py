"""Property tests over positions from random play (hypothesis chooses seeds and dice)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.codes import from_long_code, from_position_id, long_code, position_id
from engine.movegen import legal_moves
from engine.moves import Move
from engine.position import CHECKERS, Position
from engine.randomplay import random_positions
from engine.resolve import resolve_move
from engine.turn import Turn

variants = st.sampled_from(["short", "long"])
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def a_position(variant: str, seed: int, depth: int) -> tuple[Position, tuple[int, int], bool]:
    *_, last = random_positions(variant, depth, seed)
    return last


@SETTINGS
@given(variants, st.integers(0, 10**6), st.integers(1, 150))
def test_fifteen_checkers_and_no_shared_points(variant: str, seed: int, depth: int) -> None:
    position, dice, first = a_position(variant, seed, depth)
    for play in legal_moves(position, dice, first_turn=first):
        after = play.after
        assert sum(after.me) == CHECKERS and sum(after.opp) == CHECKERS
        Position.from_dict(after.to_dict())  # validates overlap and the long-nard bar


@SETTINGS
@given(variants, st.integers(0, 10**6), st.integers(1, 150))
def test_notation_parses_back_to_the_same_result(variant: str, seed: int, depth: int) -> None:
    position, dice, first = a_position(variant, seed, depth)
    plays = legal_moves(position, dice, first_turn=first)
    assert len({play.after for play in plays}) == len(plays)  # distinct by result
    for play in plays:
        text = str(play.move)
        assert str(Move.parse(text)) == text
        assert resolve_move(position, dice, text, first_turn=first).after == play.after


@SETTINGS
@given(variants, st.integers(0, 10**6), st.integers(1, 120), st.randoms(use_true_random=False))
def test_step_interface_matches_full_moves(variant: str, seed: int, depth: int, rnd) -> None:
    position, dice, first = a_position(variant, seed, depth)
    legal = {play.after for play in legal_moves(position, dice, first_turn=first)}
    turn = Turn(position, dice, first_turn=first)
    # Every path of offered steps ends in a legal full move ...
    reached: set[Position] = set()
    _walk(turn, reached)
    assert reached == legal or (not legal and turn.is_pass)
    # ... and a random walk never gets stuck before the turn is complete.
    while not turn.is_complete:
        steps = turn.legal_steps()
        assert steps, "the step interface offered a dead end"
        turn.play(rnd.choice(steps))
    assert turn.finish().after in legal or turn.is_pass


def _walk(turn: Turn, reached: set[Position]) -> None:
    if turn.is_complete and not turn.is_pass:
        reached.add(turn.finish().after)
    for step in turn.legal_steps():
        turn.play(step)
        _walk(turn, reached)
        turn.undo()


@SETTINGS
@given(variants, st.integers(0, 10**6), st.integers(1, 200), st.booleans())
def test_codes_round_trip(variant: str, seed: int, depth: int, first: bool) -> None:
    position, _, _ = a_position(variant, seed, depth)
    if variant == "short":
        assert from_position_id(position_id(position)) == position
    else:
        assert from_long_code(long_code(position, first_turn=first)) == (position, first)
