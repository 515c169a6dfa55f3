"""Hand-written rule tests for long nard (docs/rules.md, "Long nard" and "Common ground").

Every board is written in the mover's numbering (24 -> 1, 24 = the head, 0 = off). The
opponent's checkers are given on MY points (long nard: my p is the opponent's p - 12 or
p + 12, so its head is my 12 and its home my 13..18); the helper converts them. Checkers not
placed are borne off. The opponent's route, in my numbering, runs 12..1 and then 24..13.
"""

from __future__ import annotations

import pytest

from engine.dice import FixedDice
from engine.errors import IllegalMoveError, PositionError
from engine.game import Game, Phase, Reason
from engine.movegen import legal_moves
from engine.position import Position, Variant, opp_point
from engine.resolve import resolve_move
from engine.result import ResultKind, kind_points, loss_kind, race_estimate
from engine.turn import Turn

LONG = Variant.LONG
OPP_ROUTE = (*range(12, 0, -1), *range(24, 12, -1))  # the opponent's route in my numbering
FAR = {18: 15}  # the opponent's checkers all on its 6 point, out of the way


# -- helpers -----------------------------------------------------------------------------


def side(points: dict[int, int]) -> list[int]:
    """26 counts from {point: count}; the checkers not placed are borne off."""
    counts = [0] * 26
    for point, n in points.items():
        counts[point] += n
    counts[0] += 15 - sum(counts)
    return counts


def long_(me: dict[int, int], opp_on_my_points: dict[int, int]) -> Position:
    """A long-nard position; the opponent's checkers are given on MY points."""
    opp = {(p - 12 if p > 12 else p + 12): n for p, n in opp_on_my_points.items()}
    return Position(LONG, side(me), side(opp))


def ms(*texts: str) -> set[frozenset[str]]:
    """Moves as sets of parts, so the order in which parts are written does not matter."""
    return {frozenset(text.split()) for text in texts}


def moves(position: Position, dice: tuple[int, int], first_turn: bool = False):
    return ms(*(str(p.move) for p in legal_moves(position, dice, first_turn=first_turn)))


def first_steps(position: Position, dice: tuple[int, int]) -> set[tuple[int, int]]:
    return {(s.src, s.dst) for s in Turn(position, dice).legal_steps()}


def legal(position: Position, dice: tuple[int, int], text: str, first_turn: bool = False):
    try:
        resolve_move(position, dice, text, first_turn=first_turn)
    except IllegalMoveError:
        return False
    return True


def has_six_block(me: tuple[int, ...] | list[int]) -> bool:
    """Six or more of my points in a row along the opponent's route."""
    run = 0
    for point in OPP_ROUTE:
        run = run + 1 if me[point] else 0
        if run >= 6:
            return True
    return False


def game_at(position: Position, **kw) -> Game:
    kw.setdefault("moved", [True, True])
    return Game(variant=LONG, position=position, seat=0, phase=Phase.ROLL, **kw)


START = Position.initial(LONG)


# -- board and numbering ---------------------------------------------------------------------


def test_long_start_position():
    assert START.me == tuple(side({24: 15})) and START.opp == START.me
    assert START.opp_at(12) == 15  # the opponent's head is my 12
    assert sum(START.opp_at(p) for p in range(1, 25)) == 15
    assert START.pips() == (360, 360)


def test_long_numbering_heads_diagonally_opposite():
    assert [opp_point(LONG, p) for p in range(1, 25)] == [*range(13, 25), *range(1, 13)]
    assert opp_point(LONG, 24) == 12 and opp_point(LONG, 12) == 24
    assert [opp_point(LONG, p) for p in range(13, 19)] == [1, 2, 3, 4, 5, 6]  # their home


def test_long_nard_has_no_bar():
    me = side({24: 14})
    me[0], me[25] = 0, 1
    with pytest.raises(PositionError):
        Position(LONG, me, side({24: 15}))


def test_one_checker_per_point_owner():
    with pytest.raises(PositionError):
        long_({12: 1, 24: 14}, {12: 15})


# -- no hitting ---------------------------------------------------------------------------------


def test_no_landing_on_a_single_opposing_checker():
    pos = long_({24: 14, 20: 1}, {18: 1, 12: 14})
    plays = legal_moves(pos, (6, 1))
    assert plays
    assert all(step.dst != 18 for play in plays for step in play.move.steps)
    assert not legal(pos, (6, 1), "24/18 20/19")
    assert not legal(pos, (6, 1), "20/14 24/18")
    # Nor may a checker stop there on the way: 24/17 goes by 23, never by 18.
    assert ms("24/17") <= moves(pos, (6, 1))
    assert (24, 18) not in first_steps(pos, (6, 1))
    assert all(not step.hit for play in plays for step in play.move.steps)


def test_no_landing_on_the_opponents_head():
    assert moves(START, (6, 6)) == ms("24/18")  # 18/12 would land on its head


# -- the head rule and the openings --------------------------------------------------------------


@pytest.mark.parametrize(
    "dice, expected",
    [
        ((6, 6), ["24/18(2)"]),  # the other two sixes are lost
        ((4, 4), ["24/16(2)"]),
        ((3, 3), ["24/15 24/21", "24/18(2)"]),
        ((6, 5), ["24/13"]),  # 24/18/13: one checker leaves the head
        ((5, 3), ["24/16"]),
        ((5, 5), ["24/4"]),  # not an exceptional double: one checker only
        ((2, 2), ["24/16"]),
        ((1, 1), ["24/20"]),
    ],
)
def test_opening_first_turn(dice, expected):
    assert moves(START, dice, first_turn=True) == ms(*expected)


def test_opening_6_5_is_24_18_13():
    play = resolve_move(START, (6, 5), "24/18/13", first_turn=True)
    assert play.after.opp == tuple(side({24: 14, 13: 1}))
    assert not legal(START, (6, 5), "24/18 24/19", first_turn=True)


def test_opening_6_6_plays_two_sixes():
    (play,) = legal_moves(START, (6, 6), first_turn=True)
    assert play.after.opp == tuple(side({24: 13, 18: 2}))
    assert len(play.move.steps) == 2


@pytest.mark.parametrize(
    "dice, expected", [((6, 6), "24/18"), ((4, 4), "24/16"), ((3, 3), "24/15")]
)
def test_head_rule_on_a_later_turn(dice, expected):
    # Not the first roll: only one checker may leave the head, whatever the double.
    assert moves(START, dice, first_turn=False) == ms(expected)


def test_head_rule_5_3_not_first_turn():
    pos = long_({24: 14, 13: 1}, {12: 14, 1: 1})
    assert not legal(pos, (5, 3), "24/19 24/21")
    assert legal(pos, (5, 3), "24/16")
    assert legal(pos, (5, 3), "24/19 13/10")
    assert legal(pos, (5, 3), "24/21 13/8")
    assert legal(pos, (5, 3), "13/5")
    for play in legal_moves(pos, (5, 3)):
        assert sum(step.src == 24 for step in play.move.steps) <= 1


def test_head_rule_first_turn_exception_when_the_opponent_closed_the_way():
    # The opponent opened 5-5 with 24/4: its 4 is my 16. My 4-4 can only bring two to 20.
    pos = long_({24: 15}, {12: 14, 16: 1})
    assert moves(pos, (4, 4), first_turn=True) == ms("24/20(2)")
    assert moves(pos, (6, 6), first_turn=True) == ms("24/18(2)")
    assert moves(pos, (3, 3), first_turn=True) == ms("24/15 24/21", "24/18(2)")


# -- the six-block rule ------------------------------------------------------------------------

# Five in a row on my 9..5 and a checker on 13: 13/10 would make 10..5, six in a row.
FIVE = {24: 9, 13: 1, 9: 1, 8: 1, 7: 1, 6: 1, 5: 1}


@pytest.mark.parametrize(
    "extra, allowed",
    [
        (None, False),  # all 15 on its head (my 12), none past the block
        (11, False),  # on my 11: before the block on its route
        (4, True),  # on my 4: just past the block
        (2, True),
        (20, True),  # its 8, far along
        (14, True),  # its 2
    ],
)
def test_six_block_needs_an_opposing_checker_past_it(extra, allowed):
    opp = {12: 15} if extra is None else {12: 14, extra: 1}
    pos = long_(FIVE, opp)
    assert ((13, 10) in first_steps(pos, (3, 1))) is allowed
    assert legal(pos, (3, 1), "13/10 24/23") is allowed
    if not allowed:
        assert not any(has_six_block(p.after.opp) for p in legal_moves(pos, (3, 1)))


def test_six_block_across_my_1_and_24_counts():
    pos = long_({24: 10, 23: 1, 8: 1, 3: 1, 2: 1, 1: 1}, {12: 15})
    steps = first_steps(pos, (4, 2))
    assert (24, 22) not in steps  # 3, 2, 1, 24, 23, 22
    assert (8, 4) not in steps  # 4, 3, 2, 1, 24, 23
    assert {(24, 20), (23, 21), (8, 6)} <= steps
    assert not any(has_six_block(p.after.opp) for p in legal_moves(pos, (4, 2)))
    assert not legal(pos, (4, 2), "8/4 24/22")
    # With an opposing checker past those blocks (my 20 = its 8) both are allowed.
    pos = long_({24: 10, 23: 1, 8: 1, 3: 1, 2: 1, 1: 1}, {12: 14, 20: 1})
    assert {(24, 22), (8, 4)} <= first_steps(pos, (4, 2))
    assert legal(pos, (4, 2), "8/4 24/22")


@pytest.mark.parametrize(
    "me, dice, step, move, held",
    [
        # 15, 14, 13 and 12, 11, 10: six in a row on my side, never on the opponent's route.
        (
            {24: 9, 17: 1, 15: 1, 14: 1, 13: 1, 11: 1, 10: 1},
            (5, 1),
            (17, 12),
            "17/12 24/23",
            range(10, 16),
        ),
        # 13 and 12..8: the same, completed on 13.
        (
            {24: 9, 14: 1, 12: 1, 11: 1, 10: 1, 9: 1, 8: 1},
            (1, 2),
            (14, 13),
            "14/13 24/22",
            range(8, 14),
        ),
    ],
)
def test_a_run_across_my_12_and_13_is_never_a_block(me, dice, step, move, held):
    # The opponent has left its head; all its checkers are on my 18 and 20 (its 6 and 8),
    # none past my 15..13 on its route.
    pos = long_(me, {18: 14, 20: 1})
    assert step in first_steps(pos, dice)
    after = resolve_move(pos, dice, move).after.opp
    assert all(after[p] for p in held)


def test_six_block_checked_after_every_step_order_matters():
    # 17..13 held: 24/18 first would make 18..13; after 17/16 it makes nothing.
    pos = long_({24: 10, 17: 1, 16: 1, 15: 1, 14: 1, 13: 1}, {12: 15})
    assert (24, 18) not in first_steps(pos, (6, 1))
    assert legal(pos, (6, 1), "24/18 17/16")  # played as 17/16 then 24/18
    turn = Turn(pos, (6, 1))
    turn.play((17, 16))
    assert (24, 18) in {(s.src, s.dst) for s in turn.legal_steps()}
    turn.play((24, 18))
    assert turn.is_complete


def test_six_block_on_an_intermediate_stop_is_refused():
    # 13/10/8 would hold 10..5 after its first step; 13/11/8 is closed by the checker on 11.
    # The final position (no block) does not matter: the step itself is illegal.
    pos = long_(FIVE, {12: 14, 11: 1})
    assert not legal(pos, (3, 2), "13/8")
    target = tuple(side({24: 9, 9: 1, 8: 2, 7: 1, 6: 1, 5: 1}))
    assert all(p.after.opp != target for p in legal_moves(pos, (3, 2)))
    assert (13, 10) not in first_steps(pos, (3, 2))


def test_full_move_rule_applies_to_what_the_six_block_leaves():
    # 5..1 held, one checker on 17. 17/11/6 would complete 6..1 (the opponent is all on its
    # head, my 12, which also closes 17/12), so only the 6 can be played.
    pos = long_({17: 1, 5: 3, 4: 3, 3: 3, 2: 3, 1: 2}, {12: 15})
    assert moves(pos, (6, 5)) == ms("17/11")
    assert not legal(pos, (6, 5), "17/6")


def test_larger_die_rule_applies_to_what_the_six_block_leaves():
    # The opponent is all on my 10 (its 22), not past the block 6..1. 17/11 and 17/12 are both
    # open but neither can go on to 6: either number, not both, so the larger (6) is played.
    pos = long_({17: 1, 5: 3, 4: 3, 3: 3, 2: 3, 1: 2}, {10: 15})
    assert moves(pos, (6, 5)) == ms("17/11")
    assert not legal(pos, (6, 5), "17/12")


@pytest.mark.parametrize(
    "move, after",
    [
        # 10/5 leaves 10 empty: 9..5 is five in a row, no block.
        ("10/5 24/23", {24: 9, 23: 1, 9: 1, 8: 1, 7: 1, 6: 1, 5: 1}),
        # 6/5 leaves 6 empty (10, 9, 8, 7 and 5), then 10/5 lands on my own point.
        ("6/5 10/5", {24: 10, 9: 1, 8: 1, 7: 1, 5: 2}),
    ],
)
def test_a_step_that_leaves_its_own_point_is_judged_on_the_board_it_makes(move, after):
    # My 10..6 held, the opponent on its head. A step from one end of the run to an empty
    # point next to the other end keeps five in a row: it makes no block and is legal.
    pos = long_({24: 10, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}, {12: 15})
    assert legal(pos, (5, 1), move)
    assert resolve_move(pos, (5, 1), move).after.opp == tuple(side(after))


def test_a_step_that_leaves_its_own_point_is_offered_by_the_buttons():
    pos = long_({24: 10, 10: 1, 9: 1, 8: 1, 7: 1, 6: 1}, {12: 15})
    assert {(10, 5), (6, 5)} <= first_steps(pos, (5, 1))


# -- bearing off ------------------------------------------------------------------------------


def test_long_bear_off_exactly():
    play = resolve_move(long_({6: 1, 5: 1}, FAR), (6, 5), "6/off 5/off")
    assert play.after.opp[0] == 15


def test_long_bear_off_must_use_a_checker_on_a_higher_point():
    pos = long_({6: 1, 2: 2}, FAR)
    assert first_steps(pos, (5, 4)) == {(6, 1), (6, 2)}
    assert moves(pos, (5, 4)) == ms("6/1 2/off", "6/off")  # 6/2/off
    assert not legal(pos, (5, 4), "2/off(2)")


def test_long_bear_off_from_the_highest_point():
    assert moves(long_({3: 1, 2: 1}, FAR), (6, 5)) == ms("3/off 2/off")


def test_long_not_obliged_to_bear_off():
    assert moves(long_({6: 1, 3: 1}, FAR), (3, 2)) == ms("6/4 3/off", "6/1")


def test_long_no_bear_off_while_a_checker_is_outside_home():
    pos = long_({13: 1, 5: 1, 4: 1}, FAR)
    assert moves(pos, (5, 4)) == ms("13/4", "13/8 5/1")
    pos = long_({7: 1, 3: 1}, FAR)
    assert first_steps(pos, (6, 3)) == {(7, 1), (7, 4)}


# -- results ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "loser_on_my_points, kind",
    [
        ({13: 14}, ResultKind.PLAIN),  # one borne off
        ({13: 15}, ResultKind.HOME_MARS),  # all 15 home (its 1), none off
        ({13: 5, 14: 5, 18: 5}, ResultKind.HOME_MARS),
        ({13: 14, 12: 1}, ResultKind.MARS),  # one still on its head
        ({1: 15}, ResultKind.MARS),
        ({3: 1, 13: 14}, ResultKind.MARS),  # in the winner's home: no koks in long nard
    ],
)
def test_long_loss_kind(loser_on_my_points, kind):
    assert loss_kind(long_({}, loser_on_my_points)) is kind


def test_long_result_points():
    kinds = (ResultKind.PLAIN, ResultKind.MARS, ResultKind.HOME_MARS)
    assert [kind_points(LONG, k) for k in kinds] == [1, 3, 3]


@pytest.mark.parametrize(
    "loser, kind, points",
    [
        ({13: 15}, ResultKind.HOME_MARS, 3),
        ({13: 14, 19: 1}, ResultKind.MARS, 3),
        ({13: 13}, ResultKind.PLAIN, 1),
    ],
)
def test_long_game_ends_when_all_15_are_off(loser, kind, points):
    game = game_at(long_({1: 1}, loser))
    game.roll(0, (2, 1))
    game.play(0, "1/off")
    assert game.phase is Phase.OVER
    result = game.result
    assert (result.winner, result.kind, result.points, result.reason) == (
        0, kind, points, Reason.BORNE_OFF,
    )  # fmt: skip


# -- resignation --------------------------------------------------------------------------------


def test_long_resigning_the_opening_is_plain():
    assert race_estimate(START) is ResultKind.PLAIN
    game = Game.new(LONG, FixedDice(6, 1))
    assert game.resign(0).kind is ResultKind.PLAIN


def test_long_resigning_a_hopeless_race_is_mars():
    pos = long_({1: 1}, {12: 15})  # the leaver has not left its head; I have one pip to go
    assert race_estimate(pos) is ResultKind.MARS
    result = game_at(pos).resign(1)
    assert (result.winner, result.kind, result.points) == (0, ResultKind.MARS, 3)
    assert game_at(long_({1: 1}, {12: 14})).timeout(0).kind is ResultKind.PLAIN


# -- a long game from the opening roll ---------------------------------------------------------


def test_long_opening_roll_then_the_starter_rolls():
    game = Game.new(LONG, FixedDice(2, 2, 6, 1))  # a tie, then 6 against 1
    assert (game.seat, game.phase, game.dice, game.opening) == (0, Phase.ROLL, None, (6, 1))
    game.roll(0, (6, 6))  # the first move may be a double
    assert ms(*(str(p.move) for p in game.legal_plays())) == ms("24/18(2)")
    game.play(0, "24/18(2)")
    game.roll(1, (4, 4))  # the second player's first roll also has the exception
    assert ms(*(str(p.move) for p in game.legal_plays())) == ms("24/16(2)")
    game.play(1, "24/16(2)")
    game.roll(0, (6, 6))  # a later roll: one checker from the head, 18/12 closed
    assert ms(*(str(p.move) for p in game.legal_plays())) == ms("24/18")
    with pytest.raises(IllegalMoveError):
        game.play(0, "24/18(2)")
    game.play(0, "24/18")
    assert game.position.opp == tuple(side({24: 12, 18: 3}))


@pytest.mark.parametrize(
    "position, dice, first_turn",
    [
        (START, (3, 3), True),
        (long_(FIVE, {12: 14, 2: 1}), (3, 1), False),
        (long_({24: 10, 23: 1, 8: 1, 3: 1, 2: 1, 1: 1}, {12: 15}), (4, 2), False),
        (long_({6: 1, 5: 1}, FAR), (6, 5), False),
    ],
)
def test_every_generated_long_move_resolves_from_its_own_notation(position, dice, first_turn):
    for play in legal_moves(position, dice, first_turn=first_turn):
        again = resolve_move(position, dice, str(play.move), first_turn=first_turn)
        assert again.after == play.after


def test_step_interface_follows_the_head_rule():
    turn = Turn(START, (3, 3), first_turn=True)
    assert {(s.src, s.dst) for s in turn.legal_steps()} == {(24, 21)}
    turn.play((24, 21))
    turn.play((24, 21))  # the second checker may leave the head on the opening 3-3
    assert (24, 21) not in {(s.src, s.dst) for s in turn.legal_steps()}  # but not a third
    turn.play((21, 18))
    turn.play((21, 18))
    assert turn.is_complete and str(turn.finish().move) == "24/18(2)"
    later = Turn(START, (3, 3))
    later.play((24, 21))
    assert {(s.src, s.dst) for s in later.legal_steps()} == {(21, 18)}
