"""Resolve a move written by a person (or another program) against the legal moves."""

from __future__ import annotations

from engine.errors import IllegalMoveError
from engine.movegen import Play, legal_moves
from engine.moves import Move, Step
from engine.position import BAR, OFF, Position, Variant, opp_point


def resolve_move(
    position: Position, dice: tuple[int, int], move: Move | str, *, first_turn: bool = False
) -> Play:
    """The legal play that `move` denotes, matched by the position it produces.

    Segments may span several dice (`24/13`), be written in any order and chain through
    intermediate points (`13/7*/1`); a checker landing on a lone opposing checker hits it.
    Raises NotationError for bad text and IllegalMoveError for a move the dice do not allow.
    """
    if isinstance(move, str):
        move = Move.parse(move)
    plays = legal_moves(position, dice, first_turn=first_turn)
    if not move.steps:
        if plays:
            raise IllegalMoveError("a move is possible, so the turn cannot be passed")
        return Play(Move(), position.swapped())
    after = apply_steps(position, move.steps).swapped()
    for play in plays:
        if play.after == after:
            return play
    raise IllegalMoveError(f"{move} is not a legal move for {dice[0]}-{dice[1]}")


def apply_steps(position: Position, steps: tuple[Step, ...]) -> Position:
    """The position after `steps`, still from the mover's side (for showing a partial turn).

    Checks only that each checker exists and lands on a point it may occupy; legality of
    the whole turn is `resolve_move`'s job.
    """
    me, opp = list(position.me), list(position.opp)
    for step in steps:
        if not me[step.src]:
            raise IllegalMoveError(f"no checker of yours on {step}")
        me[step.src] -= 1
        if step.dst != OFF:
            there = opp_point(position.variant, step.dst)
            blocked = opp[there] >= 2 or (position.variant is Variant.LONG and opp[there])
            if blocked:
                raise IllegalMoveError(f"{step}: the point is held by the opponent")
            if opp[there] == 1:
                opp[there], opp[BAR] = 0, opp[BAR] + 1
        me[step.dst] += 1
    return Position._trusted(position.variant, tuple(me), tuple(opp))
