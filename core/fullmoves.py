"""One-tap full moves: the ways to finish the turn being built, when there are few.

When at most `ONE_TAP_LIMIT` distinct results can still be reached from the stored
position, dice and steps taken, the keyboard offers each as one button (`8/5 6/5`). A
button names its result by its index in `finishes(live)`: a deterministic order (by the
whole move's notation, then the resulting position) that depends only on the stored state,
never on how the engine happens to generate moves. The button's version ties it to that
state, and the server recomputes the list on every press, so a press only ever selects one
of the options the server itself offers.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.live import Live
from engine.game import Phase
from engine.moves import Move
from engine.position import Position
from engine.resolve import apply_steps
from engine.turn import Node, Turn, TurnStep

ONE_TAP_LIMIT = 6


@dataclass(frozen=True)
class Finish:
    move: Move  # the whole turn: the steps already taken and the rest (the button's label)
    rest: tuple[TurnStep, ...]  # what a tap plays, each step with its die


def finishes(live: Live, limit: int = ONE_TAP_LIMIT) -> list[Finish] | None:
    """The distinct ways to finish the turn from where it stands, in button order; None when
    there are more than `limit` (or it is not a turn in progress)."""
    game = live.game
    if game.phase is not Phase.MOVE:
        return None
    turn = live.turn()
    if turn.is_pass or (not live.steps and len(turn.plays) > limit):  # the common case, cheap
        return None
    taken = turn.steps
    found = _ends(turn, limit)
    if found is None:
        return None
    options = [Finish(Move(taken + tuple(step.step for step in rest)), rest)
               for rest in found.values()]
    keyed = sorted(zip(found, options, strict=True),
                   key=lambda pair: (str(pair[1].move), pair[0].me, pair[0].opp))
    return [finish for _, finish in keyed]


def one_taps(live: Live) -> list[Finish]:
    """The one-tap buttons the board offers: `finishes`, but none with one die left, where
    the step buttons already finish the turn in one press (no move is offered twice)."""
    if live.steps and len(live.turn().remaining_dice) <= 1:
        return []
    # Staying where the steps stand (a result reached with dice left) is Done's job.
    return [option for option in finishes(live) or [] if option.rest]


def finish_steps(live: Live, index: int) -> tuple[TurnStep, ...]:
    """The steps of the one-tap button `index`; KeyError when no such button is offered."""
    options = one_taps(live)
    if not 0 <= index < len(options):
        raise KeyError(index)
    return options[index].rest


def _ends(turn: Turn, limit: int) -> dict[Position, tuple[TurnStep, ...]] | None:
    """Each result reachable from the turn's current steps -> the steps that reach it; None
    as soon as more than `limit` are found. Leaves `turn` as it found it."""
    start = len(turn.taken)
    found: dict[Position, tuple[TurnStep, ...]] = {}
    expanded: set[Node] = set()

    def walk() -> bool:
        """False once there are too many results."""
        if turn.is_complete:
            found.setdefault(apply_steps(turn.position, turn.steps), turn.taken[start:])
            if len(found) > limit:
                return False
            # No return: a result may be reached before the dice are used up (6-4 with
            # checkers on 6 and 2: 6/off leaves what 6/2/off leaves), and play goes on.
        # Different orders of the same steps meet in the same place: expand it once.
        node = turn.node
        if node in expanded:
            return True
        expanded.add(node)
        for step in turn.legal_steps():
            turn.play(step)
            try:
                if not walk():
                    return False
            finally:
                turn.undo()
        return True

    return found if walk() else None
