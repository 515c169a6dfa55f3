"""How a game's moves are numbered: one number per turn of the starter and the reply.

The move list (`/log`) writes a game as numbered lines, each the starter's turn and the
other player's reply (`3. ⚫ 3-2: 13/10 13/11*   ⚪ 2-2: bar/21 13/9`), with cube actions
where they happened. Everything that names a move by its number (the analysis: "Move 8")
uses the same numbers, so "Move 8" is line 8 of the list.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import Event, seat_of

# What the starter does first in a turn: a roll (or, in short nard's first turn, the move
# that plays the opening throw), a double, a move or a pass.
OPENERS = frozenset({"roll", "double", "move", "pass"})


def line_numbers(history: Sequence[Event]) -> list[int]:
    """The line number of each event of an engine history (0 before the first line: the
    opening throws, and anything before the first turn).

    A line begins when the starter begins a turn after the other player has played theirs
    (or at the first turn); everything up to the next such moment, the reply and any cube
    actions included, belongs to it. The result is given the number of the last line.
    """
    numbers: list[int] = []
    starter, number = 0, 0
    last_play: int | None = None  # whose move or pass the current line holds last
    for event in history:
        kind, seat = event["type"], seat_of(event)
        if event["type"] == "opening":
            starter = int(event["starter"])
        elif kind in OPENERS and seat == starter and (number == 0 or last_play == 1 - starter):
            number, last_play = number + 1, None
        if kind in ("move", "pass"):
            last_play = seat
        numbers.append(number)
    return numbers
