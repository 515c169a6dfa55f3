"""Hand-written rule tests for short nard and the rules common to both variants (docs/rules.md).

Every board is written in the mover's numbering (24 -> 1, 25 = bar, 0 = off). The opponent's
checkers are also given on MY points (short nard: my p is the opponent's 25 - p), which keeps
each diagram readable; the helper converts them. Checkers not placed are borne off.
"""

from __future__ import annotations

import pytest

from engine.dice import FixedDice
from engine.errors import GameStateError, IllegalMoveError, NotationError, PositionError
from engine.game import Game, GameResult, MatchState, Phase, Reason
from engine.movegen import legal_moves
from engine.moves import Move, Step
from engine.position import Position, Variant, opp_point
from engine.resolve import resolve_move
from engine.result import ResultKind, kind_points, loss_kind, race_estimate
from engine.turn import Turn

SHORT = Variant.SHORT
FAR = {18: 15}  # an opponent parked out of the way (its 7 point), for bear-off positions


# -- helpers -----------------------------------------------------------------------------


def side(points: dict[int, int]) -> list[int]:
    """26 counts from {point: count}; the checkers not placed are borne off."""
    counts = [0] * 26
    for point, n in points.items():
        counts[point] += n
    counts[0] += 15 - sum(counts)
    return counts


def raw(points: dict[int, int]) -> list[int]:
    """26 counts from {point: count}, nothing added."""
    counts = [0] * 26
    for point, n in points.items():
        counts[point] += n
    return counts


def short(me: dict[int, int], opp_on_my_points: dict[int, int]) -> Position:
    """A short-nard position; the opponent's checkers are given on MY points (25 = its bar)."""
    opp = {(25 if p == 25 else 25 - p): n for p, n in opp_on_my_points.items()}
    return Position(SHORT, side(me), side(opp))


def ms(*texts: str) -> set[frozenset[str]]:
    """Moves as sets of parts, so that `13/8 13/11` and `13/11 13/8` compare equal."""
    return {frozenset(text.split()) for text in texts}


def moves(position: Position, dice: tuple[int, int]) -> set[frozenset[str]]:
    return ms(*(str(play.move) for play in legal_moves(position, dice)))


def mover_after(position: Position, dice: tuple[int, int]) -> list[tuple[int, ...]]:
    """The mover's side after each legal play (the play's `after.opp`)."""
    return [play.after.opp for play in legal_moves(position, dice)]


def first_steps(position: Position, dice: tuple[int, int]) -> set[tuple[int, int]]:
    return {(s.src, s.dst) for s in Turn(position, dice).legal_steps()}


def game_at(position: Position, **kw) -> Game:
    """A game at `position` with seat 0 on roll (before rolling)."""
    return Game(variant=position.variant, position=position, seat=0, phase=Phase.ROLL, **kw)


def illegal(position: Position, dice: tuple[int, int], text: str) -> bool:
    try:
        resolve_move(position, dice, text)
    except IllegalMoveError:
        return True
    return False


# -- board, numbering, checkers ----------------------------------------------------------------


def test_short_start_position():
    start = Position.initial(SHORT)
    assert start.me == tuple(side({24: 2, 13: 5, 8: 3, 6: 5}))
    assert start.opp == start.me  # mirrored: the same counts in the opponent's numbering
    # The opponent's 24, 13, 8 and 6 are my 1, 12, 17 and 19.
    assert [start.opp_at(p) for p in (1, 12, 17, 19)] == [2, 5, 3, 5]
    assert sum(start.opp_at(p) for p in range(1, 25)) == 15
    assert start.pips() == (167, 167)


def test_short_numbering_is_mirrored():
    assert [opp_point(SHORT, p) for p in range(1, 25)] == list(range(24, 0, -1))


@pytest.mark.parametrize(
    "me, opp",
    [
        (raw({13: 14}), side({13: 15})),  # 14 checkers
        (raw({13: 16}), side({13: 15})),  # 16 checkers
        (side({6: 15}), side({19: 15})),  # both on my 6 (= the opponent's 19)
        (side({6: 15})[:25], side({13: 15})),  # 25 entries
    ],
    ids=["fourteen", "sixteen", "shared-point", "short-list"],
)
def test_bad_boards_are_refused(me, opp):
    with pytest.raises(PositionError):
        Position(SHORT, me, opp)


def test_both_sides_cannot_have_won():
    with pytest.raises(PositionError):
        Position(SHORT, side({}), side({}))


def test_position_round_trips_through_dict():
    pos = short({25: 1, 13: 4, 6: 5}, {1: 2, 9: 1, 25: 1})
    assert Position.from_dict(pos.to_dict()) == pos
    assert pos.swapped().swapped() == pos


# -- dice: two separate moves, doubles four times, every stop legal ----------------------------


def test_two_numbers_are_two_moves_by_one_or_two_checkers():
    found = moves(Position.initial(SHORT), (3, 1))
    assert ms("13/9") <= found  # one checker plays both numbers
    assert ms("13/10 8/7") <= found  # two checkers, one number each
    for play in legal_moves(Position.initial(SHORT), (3, 1)):
        assert len(play.move.steps) == 2


def test_a_double_is_played_four_times():
    plays = legal_moves(Position.initial(SHORT), (1, 1))
    assert plays
    assert all(len(play.move.steps) == 4 for play in plays)
    assert resolve_move(Position.initial(SHORT), (1, 1), "8/7(2) 6/5(2)").after.opp == tuple(
        side({24: 2, 13: 5, 8: 1, 7: 2, 6: 3, 5: 2})
    )


def test_every_stop_of_one_checker_must_be_open():
    # 6-1 from 13: 13/7 is closed, so the checker must go 13/12/6.
    pos = short({13: 1}, {7: 2})
    assert moves(pos, (6, 1)) == ms("13/6")
    assert first_steps(pos, (6, 1)) == {(13, 12)}
    assert resolve_move(pos, (6, 1), "13/12/6").after.opp == tuple(side({6: 1}))
    with pytest.raises(IllegalMoveError):
        resolve_move(pos, (6, 1), "13/7/6")


@pytest.mark.parametrize(
    "closed, expected",
    [(9, "13/11"), (7, "13/9"), (5, "13/7"), (3, "13/5")],
)
def test_a_double_stops_at_the_first_closed_point(closed, expected):
    # 2-2 with a single checker on 13: it plays as many twos as it can (full-move rule).
    assert moves(short({13: 1}, {closed: 2}), (2, 2)) == ms(expected)


# -- full-move rule and the larger die ---------------------------------------------------------

# X on 20, Y on 10; my 9 and 5 closed. 20/14 (the 6) would leave the 5 unplayable
# (14/9 and 10/5 closed); 20/15 10/4 plays both numbers, so it is the only legal move.
TRAP = short({20: 1, 10: 1}, {9: 2, 5: 2})


def test_both_dice_must_be_played_when_possible():
    assert moves(TRAP, (6, 5)) == ms("20/15 10/4")
    for one_die in ("20/14", "10/4", "20/15"):
        with pytest.raises(IllegalMoveError):
            resolve_move(TRAP, (6, 5), one_die)


def test_step_interface_offers_only_steps_that_start_a_full_move():
    turn = Turn(TRAP, (6, 5))
    assert {(s.src, s.dst) for s in turn.legal_steps()} == {(20, 15), (10, 4)}
    with pytest.raises(IllegalMoveError):
        turn.play((20, 14))
    assert not turn.is_complete
    turn.play((10, 4))
    assert not turn.is_complete
    with pytest.raises(IllegalMoveError):
        turn.finish()
    turn.play((20, 15))
    assert turn.is_complete and turn.is_forced
    assert str(turn.finish().move) == "20/15 10/4"
    assert turn.undo() == Step(20, 15)


def test_either_die_but_not_both_plays_the_larger():
    # One checker on 20, my 11 closed: 20/14 or 20/17, never both (14/11 and 17/11).
    pos = short({20: 1}, {11: 2})
    assert moves(pos, (6, 3)) == ms("20/14")
    assert moves(pos, (3, 6)) == ms("20/14")  # the order of the dice does not matter
    with pytest.raises(IllegalMoveError):
        resolve_move(pos, (6, 3), "20/17")


def test_only_the_smaller_die_playable_plays_the_smaller():
    # 20/14 closed and 17/11 closed: the 3 is the only number that can be played.
    assert moves(short({20: 1}, {11: 2, 14: 2}), (6, 3)) == ms("20/17")


# -- openings -------------------------------------------------------------------------------


def test_opening_3_1_has_16_moves():
    assert moves(Position.initial(SHORT), (3, 1)) == ms(
        "24/20", "13/9", "8/4", "6/2",
        "24/21 24/23", "24/21 8/7", "24/21 6/5",
        "24/23 13/10", "24/23 8/5", "24/23 6/3",
        "13/10 8/7", "13/10 6/5", "8/5 8/7", "8/5 6/5", "8/7 6/3", "6/3 6/5",
    )  # fmt: skip
    assert len(legal_moves(Position.initial(SHORT), (3, 1))) == 16


def test_opening_5_2_has_8_moves():
    # 24/19 and 6/1 land on closed points; 13/8 8/6 and 13/11/6 are the same move 13/6.
    assert moves(Position.initial(SHORT), (5, 2)) == ms(
        "13/6", "13/8 13/11", "13/11 8/3", "13/8 6/4",
        "24/22 13/8", "24/22 8/3", "8/3 6/4", "8/3 8/6",
    )  # fmt: skip
    assert len(legal_moves(Position.initial(SHORT), (5, 2))) == 8


def test_a_closed_point_cannot_be_landed_on():
    start = Position.initial(SHORT)
    assert (24, 19) not in first_steps(start, (5, 2))  # the opponent's 6 point, 5 checkers
    assert (6, 1) not in first_steps(start, (5, 2))  # its 24 point, 2 checkers
    with pytest.raises(IllegalMoveError):
        resolve_move(start, (5, 2), "24/19 24/22")


# -- hitting ------------------------------------------------------------------------------------


def test_example_6_2_hits_11_9_and_plays_13_7():
    pos = short({13: 1, 11: 1}, {9: 1, 1: 2})
    assert moves(pos, (6, 2)) == ms("13/7 11/9*", "11/9*/3", "11/3", "13/5")
    play = resolve_move(pos, (6, 2), "11/9* 13/7")
    assert play.after.opp == tuple(side({9: 1, 7: 1}))
    assert play.after.me[25] == 1  # the hit blot is on the bar
    assert play.after.me[16] == 0  # and no longer on my 9 (its 16)
    # 13 cannot reach 9: that needs a 4.
    assert not any(s.dst == 9 and s.src == 13 for s in Turn(pos, (6, 2)).legal_steps())


def test_hit_on_an_intermediate_stop_24_18_13():
    pos = short({24: 1, 8: 1}, {18: 1, 1: 2})
    found = moves(pos, (6, 5))
    assert ms("24/18*/13") <= found  # stops on 18, hits, goes on to 13
    assert ms("24/13") <= found  # via 19: no hit
    hit = resolve_move(pos, (6, 5), "24/18*/13")
    assert hit.move.steps == (Step(24, 18, True), Step(18, 13, False))
    assert hit.after.me[25] == 1 and hit.after.opp[13] == 1
    quiet = resolve_move(pos, (6, 5), "24/13")
    assert quiet.after.me[25] == 0 and quiet.after.me[25 - 18] == 1


def test_hit_on_an_intermediate_stop_13_7_2():
    pos = short({13: 1}, {7: 1, 1: 2})
    assert moves(pos, (6, 5)) == ms("13/7*/2", "13/2")
    play = resolve_move(pos, (6, 5), "13/7*/2")
    assert play.after.me[25] == 1 and play.after.opp[2] == 1


def test_passing_over_a_blot_does_not_hit_it():
    pos = short({13: 1}, {9: 1, 1: 2})
    play = resolve_move(pos, (6, 5), "13/2")  # 13/7/2 or 13/8/2 pass over 9
    assert play.after.me[25] == 0


# -- the bar ----------------------------------------------------------------------------------


def test_bar_checker_enters_first_and_nothing_else_moves():
    pos = short({25: 1, 13: 8, 6: 6}, {1: 2})
    assert first_steps(pos, (6, 5)) == {(25, 19), (25, 20)}  # 25 - die
    for play in legal_moves(pos, (6, 5)):
        assert play.move.steps[0].src == 25


def test_bar_entry_with_the_open_number_then_the_other_die_is_free():
    # 19 closed: enter with the 5 on 20, then the 6 may be played by any checker.
    pos = short({25: 1, 13: 2, 6: 3}, {19: 2})
    assert first_steps(pos, (6, 5)) == {(25, 20)}
    assert moves(pos, (6, 5)) == ms("bar/20 13/7", "bar/14")


def test_two_on_bar_one_enters_and_the_other_die_is_lost():
    pos = short({25: 2, 13: 13}, {19: 2})
    assert moves(pos, (6, 5)) == ms("bar/20")
    (after,) = mover_after(pos, (6, 5))
    assert after[25] == 1 and after[20] == 1 and after[13] == 13


def test_two_on_bar_both_enter():
    pos = short({25: 2, 13: 13}, {1: 2})
    (after,) = mover_after(pos, (6, 5))
    assert after == tuple(side({20: 1, 19: 1, 13: 13}))


def test_two_on_bar_with_a_double_dice_left_are_played_normally():
    pos = short({25: 2, 13: 13}, {1: 2})
    plays = legal_moves(pos, (4, 4))
    assert moves(pos, (4, 4)) == ms(
        "bar/21(2) 13/9(2)", "bar/21(2) 13/5", "bar/17 bar/21 13/9", "bar/17(2)", "bar/13 bar/21",
    )  # fmt: skip
    for play in plays:
        steps = play.move.steps
        assert [s.src for s in steps[:2]] == [25, 25] and len(steps) == 4


def test_three_on_bar_a_double_enters_three_and_plays_the_fourth():
    assert moves(short({25: 3, 13: 12}, {1: 2}), (2, 2)) == ms(
        "bar/23(3) 13/11", "bar/21 bar/23(2)",
    )  # fmt: skip


def test_blocked_bar_loses_the_turn():
    # 19 and 20 closed: neither die enters, and the 14 free checkers may not move instead.
    pos = short({25: 1, 13: 14}, {19: 2, 20: 2})
    assert legal_moves(pos, (6, 5)) == []
    turn = Turn(pos, (6, 5))
    assert turn.is_pass and turn.legal_steps() == []
    with pytest.raises(IllegalMoveError):
        resolve_move(pos, (6, 5), "13/7 13/8")
    assert resolve_move(pos, (6, 5), Move()).after == pos.swapped()


def test_a_pass_is_not_allowed_when_a_move_exists():
    with pytest.raises(IllegalMoveError):
        resolve_move(Position.initial(SHORT), (6, 5), Move())


def test_game_passes_a_blocked_turn_by_itself():
    game = game_at(short({25: 1, 13: 14}, {19: 2, 20: 2, 1: 2}))
    game.roll(0, (6, 5))
    assert game.phase is Phase.ROLL and game.seat == 1
    assert [e["type"] for e in game.history[-2:]] == ["roll", "pass"]


# -- bearing off --------------------------------------------------------------------------------


def test_bear_off_exactly():
    play = resolve_move(short({6: 1, 5: 1}, FAR), (6, 5), "6/off 5/off")
    assert play.after.opp[0] == 15


def test_bear_off_must_use_a_checker_on_a_higher_point():
    # 5-4, checkers on 6, 2, 2: neither number may bear off from 2 while 6 is occupied.
    pos = short({6: 1, 2: 2}, FAR)
    assert first_steps(pos, (5, 4)) == {(6, 1), (6, 2)}
    assert sorted(mover_after(pos, (5, 4))) == sorted(
        [tuple(side({2: 1, 1: 1})), tuple(side({2: 2}))]
    )
    assert illegal(pos, (5, 4), "2/off(2)")


def test_bear_off_from_the_highest_point_when_nothing_is_higher():
    assert moves(short({3: 1, 2: 1}, FAR), (6, 5)) == ms("3/off 2/off")
    # 6-6 with checkers on 4, 2 and 1: each six bears off the highest checker left.
    pos = short({4: 1, 2: 1, 1: 1}, FAR)
    assert mover_after(pos, (6, 6)) == [tuple(side({}))]


def test_not_obliged_to_bear_off_when_another_play_exists():
    pos = short({6: 1, 3: 1}, FAR)
    assert moves(pos, (3, 2)) == ms("6/4 3/off", "6/1")  # 6/1 bears nothing off
    assert resolve_move(pos, (3, 2), "6/3/1").after.opp == tuple(side({3: 1, 1: 1}))
    assert resolve_move(short({6: 1, 5: 1}, FAR), (6, 5), "6/1 5/off").after.opp == tuple(
        side({1: 1})
    )


def test_no_bear_off_while_a_checker_is_outside_home():
    pos = short({13: 1, 5: 1, 4: 1}, FAR)
    assert moves(pos, (5, 4)) == ms("13/4", "13/8 5/1")
    assert all(after[0] == 12 for after in mover_after(pos, (5, 4)))
    # The checker on 7 must come home before the 3 may bear off.
    pos = short({7: 1, 3: 1}, FAR)
    assert first_steps(pos, (6, 3)) == {(7, 1), (7, 4)}
    assert moves(pos, (6, 3)) == ms("7/1 3/off", "7/off")


def test_a_checker_hit_during_bear_off_must_come_back_first():
    # 10 borne off, one checker on the bar: it enters, and nothing may be borne off.
    pos = short({25: 1, 6: 2, 5: 2}, {1: 2})
    plays = legal_moves(pos, (6, 5))
    assert moves(pos, (6, 5)) == ms("bar/14")
    assert all(p.move.steps[0].src == 25 and p.after.opp[0] == 10 for p in plays)
    # Entered but not home yet: still no bearing off.
    assert moves(short({20: 1, 3: 2}, {1: 2}), (6, 3)) == ms("20/11")


# -- results ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "loser_on_my_points, kind",
    [
        ({13: 14}, ResultKind.PLAIN),  # one borne off
        ({13: 15}, ResultKind.MARS),  # nothing borne off
        ({7: 15}, ResultKind.MARS),  # just outside the winner's home
        ({25: 1, 13: 14}, ResultKind.KOKS),  # on the bar
        ({6: 1, 13: 14}, ResultKind.KOKS),  # in the winner's home (its 19)
        ({1: 1, 13: 14}, ResultKind.KOKS),  # in the winner's home (its 24)
        ({1: 1, 13: 13}, ResultKind.PLAIN),  # in the winner's home, but one borne off
    ],
)
def test_loss_kind(loser_on_my_points, kind):
    assert loss_kind(short({}, loser_on_my_points)) is kind


def test_short_result_points():
    points = [kind_points(SHORT, k) for k in (ResultKind.PLAIN, ResultKind.MARS, ResultKind.KOKS)]
    assert points == [1, 2, 3]


def test_winner_is_the_first_to_bear_off_all_15():
    game = game_at(short({2: 1}, {6: 1, 13: 14}))
    game.roll(0, (2, 1))
    game.play(0, "2/off")
    assert game.phase is Phase.OVER
    assert game.result == GameResult(0, ResultKind.KOKS, 1, 3, Reason.BORNE_OFF)


def test_game_points_are_result_times_cube():
    game = game_at(short({2: 1}, {13: 15}), cube_enabled=True, cube_value=4, cube_owner=1)
    game.roll(0, (6, 1))
    game.play(0, "2/off")
    assert (game.result.kind, game.result.points) == (ResultKind.MARS, 8)


# -- resignation, timeout: the expected result -------------------------------------------------


def test_resigning_the_opening_position_is_a_plain_loss():
    assert race_estimate(Position.initial(SHORT)) is ResultKind.PLAIN
    game = Game.new(SHORT, FixedDice(6, 1))
    result = game.resign(1)
    assert (result.winner, result.kind, result.points, result.reason) == (
        0, ResultKind.PLAIN, 1, Reason.RESIGN,
    )  # fmt: skip


@pytest.mark.parametrize(
    "leaver, kind",
    [
        ({13: 15}, ResultKind.MARS),  # hopeless race, nothing borne off
        ({25: 1, 13: 14}, ResultKind.KOKS),  # ... with a checker on the bar
        ({4: 1, 13: 14}, ResultKind.KOKS),  # ... with a checker in the winner's home
        ({13: 14}, ResultKind.PLAIN),  # one checker already borne off
    ],
)
def test_resigning_a_hopeless_race(leaver, kind):
    # The winner has one checker left on its 1 point.
    assert race_estimate(short({1: 1}, leaver)) is kind


@pytest.mark.parametrize("leaver_point, kind", [(10, ResultKind.PLAIN), (9, ResultKind.MARS)])
def test_expected_result_rule_as_documented(leaver_point, kind):
    # Documented rule (engine.result.race_estimate): the winner plays the dice it has rolled;
    # then the leaver, to move, is marsed only if the pips it needs to bear off its first
    # checker (pips to bring all home + 1), less 8 for being on roll, exceed the winner's
    # pip count; a tie is plain. Winner: one checker on 6, rolled 1-1: 6/2, 2 pips left.
    # Leaver: 14 on its 6 point (= my 19) and one on my leaver_point (its 25 - p):
    # my 10 -> its 15 -> 9 + 1 - 8 = 2 (tie, plain); my 9 -> its 16 -> 10 + 1 - 8 = 3 > 2.
    assert race_estimate(short({6: 1}, {19: 14, leaver_point: 1}), dice=(1, 1)) is kind
    # Before the roll the winner's checker on 6 comes off with 27 of 36 rolls: a mars.
    assert race_estimate(short({6: 1}, {19: 14, leaver_point: 1})) is ResultKind.MARS


def test_resign_uses_the_expected_result_and_the_cube():
    pos = short({1: 1}, {25: 1, 13: 14})
    game = game_at(pos, cube_enabled=True, cube_value=2, cube_owner=1)
    result = game.resign(1)
    assert (result.winner, result.kind, result.points) == (0, ResultKind.KOKS, 6)
    with pytest.raises(GameStateError):
        game.resign(0)  # the game is over


def test_timeout_counts_like_resigning():
    game = Game.new(SHORT, FixedDice(2, 5))  # seat 1 starts with 5-2
    with pytest.raises(GameStateError):
        game.timeout(0)  # only the player the game waits for
    result = game.timeout(1)
    assert (result.winner, result.kind, result.reason) == (0, ResultKind.PLAIN, Reason.TIMEOUT)
    hopeless = game_at(short({1: 1}, {13: 15}))
    assert hopeless.timeout(0).kind is ResultKind.PLAIN  # the winner-to-be ran out: plain
    hopeless = game_at(short({13: 15}, {24: 1}))
    assert hopeless.timeout(0).kind is ResultKind.MARS  # the leaver was losing a mars


# -- opening roll -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rolls, starter, dice",
    [
        ((5, 2), 0, (5, 2)),
        ((2, 5), 1, (5, 2)),
        ((3, 3, 1, 6), 1, (6, 1)),  # a tie is rolled again
        ((4, 4, 6, 6, 6, 1), 0, (6, 1)),  # as often as needed
    ],
)
def test_short_opening_roll(rolls, starter, dice):
    game = Game.new(SHORT, FixedDice(*rolls))
    assert game.seat == starter
    assert game.phase is Phase.MOVE  # the starter plays both opening numbers at once
    assert game.dice == dice and game.dice[0] != game.dice[1]  # never a double
    assert game.opening == rolls[-2:]


def test_every_game_of_a_match_opens_the_same_way():
    game = Game.new(SHORT, FixedDice(6, 1), match=MatchState(length=3))
    game.resign(1)  # seat 0 wins 1 point
    nxt = game.next_game(FixedDice(2, 2, 1, 4))
    assert nxt.match.score == (1, 0)
    assert (nxt.seat, nxt.phase, nxt.dice) == (1, Phase.MOVE, (4, 1))


# -- doubling cube, match, Crawford --------------------------------------------------------------


def test_cube_centred_then_owned_by_the_taker():
    game = Game.new(SHORT, FixedDice(5, 2), cube=True)  # seat 0 has rolled 5-2
    assert not game.can_double(0)  # only before rolling
    game.play(0, "13/8 13/11")
    assert game.can_double(1) and not game.can_double(0)  # centred: the player to roll
    game.double(1)
    assert game.phase is Phase.DOUBLED and game.to_act == 0
    game.take(0)
    assert (game.cube_value, game.cube_owner, game.phase, game.seat) == (2, 0, Phase.ROLL, 1)
    assert not game.can_double(1)  # the cube belongs to seat 0 now
    with pytest.raises(GameStateError):
        game.double(1)
    game.roll(1, (3, 1))
    game.play(1, "8/5 6/5")
    assert game.can_double(0)  # the owner may redouble
    game.double(0)
    result = game.drop(1)
    # Declining loses the game at the current value (2), not the offered 4.
    assert (result.winner, result.kind, result.cube, result.points, result.reason) == (
        0, ResultKind.PLAIN, 2, 2, Reason.DROP,
    )  # fmt: skip


def test_take_doubles_the_value():
    game = game_at(Position.initial(SHORT), cube_enabled=True)
    for value, seat in ((2, 0), (4, 1), (8, 0)):
        game.double(game.seat)
        game.take(1 - game.seat)
        assert (game.cube_value, game.cube_owner) == (value, 1 - seat)
        game.seat = 1 - game.seat  # hand the roll to the cube owner (skipping the turn)


def test_cube_off_by_default_and_capped_at_64():
    assert not game_at(Position.initial(SHORT)).can_double(0)
    assert game_at(Position.initial(SHORT), cube_enabled=True, cube_value=32).can_double(0)
    assert not game_at(Position.initial(SHORT), cube_enabled=True, cube_value=64).can_double(0)


@pytest.mark.parametrize("cube, allowed", [(1, True), (2, True), (4, False)])
def test_cube_above_the_match_needs_is_pointless(cube, allowed):
    game = game_at(
        Position.initial(SHORT),
        cube_enabled=True,
        cube_value=cube,
        cube_owner=None if cube == 1 else 0,
        match=MatchState(length=5, score=(1, 2)),  # seat 0 needs 4, seat 1 needs 3
    )
    assert game.can_double(0) is allowed


def test_crawford_game_has_no_doubling():
    match = MatchState(length=5, score=(3, 1))
    crawford = match.after(GameResult(0, ResultKind.PLAIN, 1, 1, Reason.BORNE_OFF))
    assert (crawford.score, crawford.crawford) == ((4, 1), True)
    game = game_at(Position.initial(SHORT), cube_enabled=True, match=crawford)
    assert not game.can_double(0)
    game.seat = 1
    assert not game.can_double(1)
    after = crawford.after(GameResult(1, ResultKind.PLAIN, 1, 1, Reason.BORNE_OFF))
    assert (after.score, after.crawford, after.post_crawford) == ((4, 2), False, True)
    assert game_at(Position.initial(SHORT), cube_enabled=True, match=after).can_double(0)
    # Only once per match: coming within one point again does not make another Crawford game.
    again = after.after(GameResult(1, ResultKind.PLAIN, 1, 2, Reason.BORNE_OFF))
    assert (again.score, again.crawford) == ((4, 4), False)


def test_match_is_won_at_its_length():
    match = MatchState(length=3, score=(1, 0))
    won = match.after(GameResult(0, ResultKind.MARS, 1, 2, Reason.BORNE_OFF))
    assert won.winner == 0
    assert won.score == (3, 0)  # 4 points won, but a match to 3 ends at 3
    assert match.after(GameResult(1, ResultKind.KOKS, 4, 12, Reason.BORNE_OFF)).score == (1, 3)
    game = Game.new(SHORT, FixedDice(6, 1), match=match)
    game.resign(1)  # plain: 2-0, not yet over
    assert game.next_game(FixedDice(6, 1)) is not None
    game = Game.new(SHORT, FixedDice(6, 1), match=MatchState(length=3, score=(2, 0)))
    game.resign(1)
    assert game.next_game(FixedDice(6, 1)) is None


@pytest.mark.parametrize(
    "length, ok",
    [(1, True), (3, True), (7, True), (9, True), (25, True), (0, False), (2, False),
     (4, False), (24, False), (26, False), (27, False), (-1, False), (True, False),
     (3.0, False), ("3", False)],
)
def test_match_lengths_are_odd_from_1_to_25(length, ok):
    if ok:
        assert MatchState(length=length).length == length
    else:
        with pytest.raises(GameStateError, match="odd number of points from 1 to 25"):
            MatchState(length=length)


# -- notation ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, steps",
    [
        ("24/18 13/11*", [Step(24, 18), Step(13, 11, True)]),
        ("bar/22", [Step(25, 22)]),
        ("6/off", [Step(6, 0)]),
        ("24/18(2)", [Step(24, 18), Step(24, 18)]),
        ("13/7*/1", [Step(13, 7, True), Step(7, 1)]),
        ("bar/20 6/off(2)", [Step(25, 20), Step(6, 0), Step(6, 0)]),
    ],
)
def test_notation_round_trip(text, steps):
    move = Move.parse(text)
    assert list(move.steps) == steps
    assert str(move) == text
    assert str(Move.parse(str(move))) == text


def test_notation_joins_one_checkers_steps():
    assert str(Move((Step(24, 18), Step(18, 13)))) == "24/13"
    assert str(Move((Step(13, 7, True), Step(7, 1)))) == "13/7*/1"
    assert str(Move((Step(13, 11), Step(24, 18, True)))) == "24/18* 13/11"
    assert str(Move()) == ""


@pytest.mark.parametrize("text", ["", "24-18", "18/24", "24/18(5)", "bar", "6/off/3", "x/1"])
def test_bad_notation(text):
    with pytest.raises(NotationError):
        Move.parse(text)


@pytest.mark.parametrize(
    "position, dice",
    [
        (Position.initial(SHORT), (6, 5)),
        (Position.initial(SHORT), (2, 2)),
        (short({13: 1, 11: 1}, {9: 1, 1: 2}), (6, 2)),
        (short({25: 2, 13: 13}, {1: 2}), (4, 4)),
        (short({6: 1, 5: 1}, FAR), (6, 5)),
    ],
)
def test_every_generated_move_resolves_from_its_own_notation(position, dice):
    for play in legal_moves(position, dice):
        assert resolve_move(position, dice, str(play.move)).after == play.after


def test_destinations_of_one_checker():
    dests = Turn(Position.initial(SHORT), (6, 5)).destinations(24)
    assert set(dests) == {18, 13}  # 19 is closed; 13 is reached via 18
    assert dests[13] == (Step(24, 18), Step(18, 13))


def test_game_accepts_a_play_built_step_by_step_in_any_order() -> None:
    from engine.dice import FixedDice
    from engine.game import Game, Phase

    game = Game.new("short", FixedDice(3, 1))  # seat 0 starts with 3-1
    turn = game.turn()
    turn.play((6, 5))
    turn.play((8, 5))  # the representative order differs (8/5 first)
    game.play(0, turn.finish())
    assert game.phase is Phase.ROLL and game.history[-1]["move"] == "8/5 6/5"
