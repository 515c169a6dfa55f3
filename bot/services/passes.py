"""Why a roll could not be played, as data (RULES.md: "the player is told why").

A pass is decided inside the engine (`Game._set_dice`); the board before the roll and the
dice are recoverable from the stored history (`Live.before`), so the reason can be worked
out at any time, also after a restart, and worded in the reader's language.

Interim: the engine is to explain passes itself (a pure function in `engine/`); until it
does, this module classifies a pass from the position with the same two facts the engine
uses, and the wording (`bot/services/recap.py`) reads only `PassReason`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.position import BAR, Position, Variant


@dataclass(frozen=True)
class PassReason:
    """Why no die of `dice` could be played.

    * `bar`: the mover had a checker on the bar and every die's entry point is closed (the
      dice, larger first).
    * `blocked`: otherwise, the dice (larger first) that no checker could play.
    """

    dice: tuple[int, int]
    bar: tuple[int, ...] = ()
    blocked: tuple[int, ...] = ()


def explain_pass(position: Position, dice: tuple[int, int]) -> PassReason:
    """The reason for a pass with `dice` from `position` (the mover's side as `me`)."""
    distinct = tuple(sorted(set(dice), reverse=True))
    # A pass means no die could be played: from the bar every entry point was closed.
    if position.variant is Variant.SHORT and position.me[BAR]:
        return PassReason(dice, bar=distinct)
    return PassReason(dice, blocked=distinct)
