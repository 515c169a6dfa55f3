"""Luck and PR: how much the dice gave each side, and skill in the field's unit.

* **Luck of a roll** = the equity of the position with that roll (the roller's best play)
  minus the average of that equity over all 21 rolls (weighted 1/36 for a double, 2/36 for
  the others), for the player who rolled, in cubeless points per game (a mars 2, a koks 3)
  times the cube's value when it was rolled: GNU Backgammon's luck, in points. The judge is
  our network at 1-ply (each roll's every legal result valued statically, as gnubg's
  default luck analysis at 0-ply), exact where the bear-off database decides the race, and
  a result that ends the game is worth what it wins. A roll that cannot be played is the
  position passed to the opponent. Short nard's opening throw (one die each, which also
  decides who starts) is not counted; in long nard the opening throw only decides who
  starts, and the starter's first roll counts as any roll.
* **A side's luck** is the sum over its rolls; the **luck-adjusted result** of a side is its
  result in points (+ won, - lost) minus (its luck - the opponent's luck).
* **PR** (performance rating) = 500 x the mean equity lost per decision, the decisions
  counted as `ai.review` counts them (forced moves and passes left out; cube decisions in,
  a routine no-double left out). Below `MIN_DECISIONS` decisions there is no PR.

Pure and synchronous: the bot runs `game_luck` in its analysis worker process.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ai import bearoff, model
from ai.game import mover_won, win_points
from ai.network import equity
from ai.review import replay
from engine.events import Event, pair, result_of
from engine.game import MatchState
from engine.movegen import legal_moves
from engine.position import Position

ROLLS = tuple(((d1, d2), 1 if d1 == d2 else 2) for d1 in range(1, 7) for d2 in range(d1, 7))
PR_SCALE = 500.0  # PR = 500 x mean equity lost per decision
MIN_DECISIONS = 10  # fewer decisions in a game (or match) than this: too short to judge


def pr(total_loss: float, decisions: int) -> float | None:
    """500 x the mean equity lost per decision; None below `MIN_DECISIONS` decisions."""
    if decisions < MIN_DECISIONS:
        return None
    return PR_SCALE * total_loss / decisions


def roll_values(position: Position, first_turn: bool = False) -> dict[tuple[int, int], float]:
    """Each of the 21 rolls' equity for the player on roll (its best result, 1-ply).

    Every result of every roll is valued in one network batch; a race the bear-off
    database decides is exact, a result that ends the game is worth what it wins.
    """
    afters: dict[tuple[int, int], list[Position]] = {}
    for dice, _ in ROLLS:
        plays = legal_moves(position, dice, first_turn=first_turn)
        afters[dice] = [p.after for p in plays] or [position.swapped()]  # a pass
    unique = list({after for group in afters.values() for after in group})
    value: dict[Position, float] = {}
    network: list[Position] = []
    for after in unique:
        if mover_won(after):
            value[after] = float(win_points(after))
        elif bearoff.is_exact(after):
            value[after] = -float(equity(bearoff.race_probabilities(after), after.variant))
        else:
            network.append(after)
    if network:
        scores = -equity(model.probabilities(network), position.variant)
        value.update(zip(network, (float(x) for x in scores), strict=True))
    return {dice: max(value[a] for a in group) for dice, group in afters.items()}


def average(values: Mapping[tuple[int, int], float]) -> float:
    """The mean over the 36 rolls of the 21 rolls' values."""
    return sum(values[dice] * weight for dice, weight in ROLLS) / 36.0


def roll_luck(position: Position, dice: tuple[int, int], first_turn: bool = False) -> float:
    """The luck of rolling `dice` in `position` (`position.me` on roll), cubeless."""
    values = roll_values(position, first_turn)
    low, high = sorted(dice)
    return values[(low, high)] - average(values)


@dataclass(frozen=True)
class Roll:
    """A roll found in the game (cheap to pickle): the position before it, seen by the
    roller (`me`)."""

    seat: int
    position: Position
    dice: tuple[int, int]
    first_turn: bool
    cube_value: int


def rolls(variant: str, history: Sequence[Event], match: MatchState | None,
          cube: bool) -> list[Roll]:
    """Every counted roll of the game, in order (positional arguments, for an executor)."""
    found = []
    for _, event, game in replay(variant, history, match=match, cube=cube):
        if event["type"] == "roll":
            found.append(Roll(event["seat"], game.position, pair(event["dice"]),
                              game.first_turn, game.cube_value))
    return found


def luck_of(roll: Roll) -> float:
    """One roll's luck in points (cubeless equity times the cube's value)."""
    return roll.cube_value * roll_luck(roll.position, roll.dice, roll.first_turn)


@dataclass(frozen=True)
class Luck:
    """Each seat's luck in a game (points) and how many of its rolls were judged."""

    luck: tuple[float, float] = (0.0, 0.0)
    rolls: tuple[int, int] = (0, 0)


def total(found: Sequence[Roll], lucks: Sequence[float]) -> Luck:
    """Sum each seat's rolls' luck."""
    luck, count = [0.0, 0.0], [0, 0]
    for roll, value in zip(found, lucks, strict=True):
        luck[roll.seat] += value
        count[roll.seat] += 1
    return Luck((luck[0], luck[1]), (count[0], count[1]))


def game_luck(variant: str, history: Sequence[Event], match: MatchState | None,
              cube: bool) -> Luck:
    """Each seat's luck over the whole game (one call: a game's rolls take well under a
    second together)."""
    found = rolls(variant, history, match, cube)
    return total(found, [luck_of(r) for r in found])


def adjusted(result: float, own_luck: float, other_luck: float) -> float:
    """The luck-adjusted result: the result in points less the luck's difference."""
    return result - (own_luck - other_luck)


def result_points(history: Sequence[Event], seat: int) -> float:
    """The seat's result of the game in points: + what it won, - what it lost (0 when
    the history has no result)."""
    end = result_of(history)
    if end is None:
        return 0.0
    points = float(end["points"])
    return points if int(end["winner"]) == seat else -points

