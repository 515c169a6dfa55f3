"""One game from the opening roll to its result, inside a match, with the doubling cube.

The two players are seats 0 and 1. `Game.position` is always seen from the seat to move
(`Game.seat`). Every state change is an explicit method that checks the phase and the
acting seat and raises `GameStateError` (or `IllegalMoveError`) without changing anything.
A game round-trips through JSON (`to_dict` / `from_dict`), history included.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from engine.dice import DiceSource, roll
from engine.errors import GameStateError, IllegalMoveError, shown
from engine.events import (
    DoubleEvent,
    DropEvent,
    Event,
    MoveEvent,
    OpeningEvent,
    PassEvent,
    ResignEvent,
    ResultEvent,
    RollEvent,
    TakeEvent,
    TimeoutEvent,
    loaded,
)
from engine.movegen import Play, check_dice, has_legal_move, legal_moves, play_reaching
from engine.moves import Move
from engine.passes import explain
from engine.position import CHECKERS, OFF, Position, Variant
from engine.resolve import resolve_move
from engine.result import ExpectedLoss, ResultKind, kind_points, loss_kind, race_estimate
from engine.turn import Turn

MAX_CUBE = 64
MAX_MATCH = 25
MATCH_LENGTHS = range(1, MAX_MATCH + 1, 2)  # odd lengths only: a match cannot end level
# The match lengths the doors offer (storage's search masks have a bit for each).
OFFERED_LENGTHS = (1, 3, 5, 7)
# The cube's values: it doubles from 1 up to MAX_CUBE.
CUBE_VALUES = tuple(1 << n for n in range(MAX_CUBE.bit_length()))


def has_cube(variant: str) -> bool:
    """Whether `variant` is played with the doubling cube: long nard never is."""
    return variant == Variant.SHORT


class Phase(StrEnum):
    ROLL = "roll"  # the seat to move may double (cube on) or roll
    MOVE = "move"  # dice rolled; the seat to move chooses a move
    DOUBLED = "doubled"  # the other seat answers a double: take or drop
    OVER = "over"


class Reason(StrEnum):
    BORNE_OFF = "borne_off"
    DROP = "drop"
    RESIGN = "resign"
    TIMEOUT = "timeout"


@dataclass(frozen=True)
class MatchState:
    """Where a game stands in its match: length, score before it, Crawford flags."""

    length: int = 1
    score: tuple[int, int] = (0, 0)
    crawford: bool = False  # this is the Crawford game: no doubling
    post_crawford: bool = False  # the Crawford game has been played

    def __post_init__(self) -> None:
        length = self.length
        if (not isinstance(length, int) or isinstance(length, bool)
                or length not in MATCH_LENGTHS):
            raise GameStateError(
                f"a match is played to an odd number of points from 1 to {MAX_MATCH} "
                f"(1, 3, 5, 7, ...), not {shown(length)}")

    def need(self, seat: int) -> int:
        return self.length - self.score[seat]

    def after(self, result: GameResult) -> MatchState:
        """The match state after `result`; `winner` tells whether it is over. A score
        stops at the match's length: points won beyond it do not count (a gammon at a cube
        of 2 ends a match to 3 at 3, not 4)."""
        score = list(self.score)
        score[result.winner] = min(score[result.winner] + result.points, self.length)
        new_score = (score[0], score[1])
        crawford = (
            not self.crawford
            and not self.post_crawford
            and self.length > 1
            and max(new_score) == self.length - 1
        )
        return MatchState(self.length, new_score, crawford, self.post_crawford or self.crawford)

    @property
    def winner(self) -> int | None:
        for seat in (0, 1):
            if self.score[seat] >= self.length:
                return seat
        return None


@dataclass(frozen=True)
class GameResult:
    winner: int
    kind: ResultKind
    cube: int
    points: int
    reason: Reason


@dataclass
class Game:
    variant: Variant
    position: Position
    seat: int
    phase: Phase
    match: MatchState = field(default_factory=MatchState)
    cube_enabled: bool = False
    cube_value: int = 1
    cube_owner: int | None = None
    dice: tuple[int, int] | None = None
    opening: tuple[int, int] = (0, 0)  # the opening roll: seat 0's die, seat 1's die
    moved: list[bool] = field(default_factory=lambda: [False, False])
    history: list[Event] = field(default_factory=list)  # engine/events.py
    result: GameResult | None = None

    # -- starting ------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        variant: Variant | str,
        dice: DiceSource,
        *,
        match: MatchState | None = None,
        cube: bool = False,
    ) -> Game:
        """A game after its opening roll (each seat one die, ties rolled again).

        Short nard: the higher die starts and plays both numbers at once. Long nard: the
        higher die starts and then rolls both dice as on any turn.
        """
        variant = Variant(variant)
        if cube and not has_cube(variant):
            raise GameStateError("long nard is played without the doubling cube")
        ties: list[list[int]] = []  # equal throws, rolled again (logged: every die counts)
        while True:
            opening = (dice.roll_die(), dice.roll_die())
            if opening[0] != opening[1]:
                break
            ties.append(list(opening))
        starter = 0 if opening[0] > opening[1] else 1
        game = cls(
            variant=variant,
            position=Position.initial(variant),
            seat=starter,
            phase=Phase.ROLL,
            match=match or MatchState(),
            cube_enabled=cube,
            opening=opening,
        )
        game._log(OpeningEvent(type="opening", dice=list(opening), starter=starter, ties=ties))
        if variant is Variant.SHORT:  # the opening dice are the first roll: no new dice
            game._set_dice((opening[starter], opening[1 - starter]), from_opening=True)
        return game

    # -- facts ---------------------------------------------------------------------

    @property
    def to_act(self) -> int:
        """The seat whose action the game waits for."""
        return 1 - self.seat if self.phase is Phase.DOUBLED else self.seat

    @property
    def first_turn(self) -> bool:
        """The seat to move has not moved yet (long nard's head-rule exception)."""
        return not self.moved[self.seat]

    def position_for(self, seat: int) -> Position:
        """The position seen from `seat` (its checkers as `me`)."""
        return self.position if seat == self.seat else self.position.swapped()

    def legal_plays(self) -> list[Play]:
        return legal_moves(self.position, self._rolled(), first_turn=self.first_turn)

    def turn(self) -> Turn:
        """A step-by-step builder for the current roll."""
        return Turn(self.position, self._rolled(), first_turn=self.first_turn)

    def can_double(self, seat: int) -> bool:
        return (
            self.cube_enabled
            and self.phase is Phase.ROLL
            and seat == self.seat
            and self.cube_owner in (None, seat)
            and not self.match.crawford
            and self.cube_value < MAX_CUBE
            # In a match a cube already worth what either side needs is dead.
            and (self.match.length == 1 or self.cube_value < max(self.match.need(0),
                                                                 self.match.need(1)))
        )

    # -- actions -------------------------------------------------------------------

    def roll(self, seat: int, dice: DiceSource | tuple[int, int]) -> tuple[int, int]:
        """Roll for the seat to move. With no legal move the turn passes at once."""
        self._expect(Phase.ROLL, seat)
        rolled = check_dice(dice) if isinstance(dice, tuple) else roll(dice)
        self._set_dice(rolled)
        return rolled

    def play(self, seat: int, move: Move | Play | str) -> Play:
        """Play a full move for the seat to move (a Play from `legal_plays`, a Move or text)."""
        self._expect(Phase.MOVE, seat)
        if isinstance(move, Play):
            # Equal results are the same move, whatever order its steps were taken in: the
            # one `legal_plays` lists (from the roll's kept results, not a new search).
            play = play_reaching(self.position, self.dice, move.after,  # type: ignore[arg-type]
                                 first_turn=self.first_turn)
            if play is None:
                raise IllegalMoveError(f"{move.move} is not a legal move here")
        else:
            play = resolve_move(self.position, self._rolled(), move, first_turn=self.first_turn)
        self._log(MoveEvent(type="move", seat=seat, dice=list(self.dice or ()),
                            move=str(play.move)))
        self._finish_turn(play.after)
        return play

    def double(self, seat: int) -> None:
        if not self.can_double(seat):
            raise GameStateError("you cannot double now")
        self.phase = Phase.DOUBLED
        self._log(DoubleEvent(type="double", seat=seat, value=self.cube_value * 2))

    def take(self, seat: int) -> None:
        self._expect(Phase.DOUBLED, seat)
        self.cube_value *= 2
        self.cube_owner = seat
        self.phase = Phase.ROLL
        self._log(TakeEvent(type="take", seat=seat, value=self.cube_value))

    def drop(self, seat: int) -> GameResult:
        self._expect(Phase.DOUBLED, seat)
        self._log(DropEvent(type="drop", seat=seat))
        return self._end(1 - seat, ResultKind.PLAIN, Reason.DROP)

    def resign(self, seat: int, estimate: ExpectedLoss = race_estimate) -> GameResult:
        """`seat` gives up; it loses what the position makes the expected result."""
        return self._abandon(seat, Reason.RESIGN, estimate)

    def timeout(self, seat: int, estimate: ExpectedLoss = race_estimate) -> GameResult:
        """`seat` let its timer run out (it must be the seat the game waits for)."""
        if seat != self.to_act:
            raise GameStateError("only the player the game waits for can run out of time")
        return self._abandon(seat, Reason.TIMEOUT, estimate)

    # -- internals -----------------------------------------------------------------

    def _abandon(self, seat: int, reason: Reason, estimate: ExpectedLoss) -> GameResult:
        if self.phase is Phase.OVER:
            raise GameStateError("the game is over")
        self._log(ResignEvent(type="resign", seat=seat) if reason is Reason.RESIGN
                  else TimeoutEvent(type="timeout", seat=seat))
        winner = 1 - seat
        # The position as it stands: whose turn it is, and its dice if already rolled.
        kind = estimate(self.position_for(winner), leaver_on_roll=seat == self.seat,
                        dice=self.dice if self.phase is Phase.MOVE else None,
                        first_turn=self.first_turn)
        return self._end(winner, kind, reason)

    def _set_dice(self, dice: tuple[int, int], from_opening: bool = False) -> None:
        self.dice = dice
        self.phase = Phase.MOVE
        if from_opening:
            self._log(RollEvent(type="roll", seat=self.seat, dice=list(dice), opening=True))
        else:
            self._log(RollEvent(type="roll", seat=self.seat, dice=list(dice)))
        if not has_legal_move(self.position, dice, first_turn=self.first_turn):
            # The reason travels with the pass, so every reader of the history can say why.
            why = explain(self.position, dice, self.first_turn).to_dict()
            self._log(PassEvent(type="pass", seat=self.seat, dice=list(dice), why=why))
            self._finish_turn(self.position.swapped())

    def _finish_turn(self, after: Position) -> None:
        mover = self.seat
        self.moved[mover] = True
        self.dice = None
        self.position, self.seat = after, 1 - mover
        if after.opp[OFF] == CHECKERS:  # the mover has borne off everything
            self._end(mover, loss_kind(after.swapped()), Reason.BORNE_OFF)
        else:
            self.phase = Phase.ROLL

    def _end(self, winner: int, kind: ResultKind, reason: Reason) -> GameResult:
        points = kind_points(self.variant, kind) * self.cube_value
        self.result = GameResult(winner, kind, self.cube_value, points, reason)
        self.phase = Phase.OVER
        self.dice = None
        self._log(ResultEvent(type="result", winner=winner, kind=kind.value, points=points,
                              reason=reason.value))
        return self.result

    def _expect(self, phase: Phase, seat: int | None = None) -> None:
        if self.phase is not phase:
            raise GameStateError(f"the game waits for {self.phase.value}, not {phase.value}")
        if seat is not None and seat != self.to_act:
            raise GameStateError("it is not your turn")

    def _rolled(self) -> tuple[int, int]:
        """The dice of the move phase (it always has them)."""
        self._expect(Phase.MOVE)
        assert self.dice is not None
        return self.dice

    def _log(self, event: Event) -> None:
        self.history.append(event)

    # -- JSON ----------------------------------------------------------------------

    def to_dict(self, *, own_events: bool = True) -> dict[str, Any]:
        """The game as plain data. `own_events=False` lists the history's own event dicts
        instead of copies: for a caller that only reads them, such as a JSON dump."""
        return {
            "variant": self.variant.value,
            "board": self.position.to_dict(),
            "seat": self.seat,
            "phase": self.phase.value,
            "match": {**asdict(self.match), "score": list(self.match.score)},
            "cube_enabled": self.cube_enabled,
            "cube_value": self.cube_value,
            "cube_owner": self.cube_owner,
            "dice": list(self.dice) if self.dice else None,
            "opening": list(self.opening),
            "moved": list(self.moved),
            "history": ([dict(event) for event in self.history] if own_events
                        else list(self.history)),
            "result": None if self.result is None else {
                **asdict(self.result), "kind": self.result.kind.value,
                "reason": self.result.reason.value,
            },
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        try:
            match = data["match"]
            result = data["result"]
            return cls(
                variant=Variant(data["variant"]),
                position=Position.from_dict(data["board"]),
                seat=int(data["seat"]),
                phase=Phase(data["phase"]),
                match=MatchState(match["length"], tuple(match["score"]), match["crawford"],
                                 match["post_crawford"]),
                cube_enabled=bool(data["cube_enabled"]),
                cube_value=int(data["cube_value"]),
                cube_owner=data["cube_owner"],
                dice=tuple(data["dice"]) if data["dice"] else None,
                opening=tuple(data["opening"]),
                moved=list(data["moved"]),
                history=loaded(data["history"]),
                result=None if result is None else GameResult(
                    result["winner"], ResultKind(result["kind"]), result["cube"],
                    result["points"], Reason(result["reason"])),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise GameStateError(f"not a saved game: {exc}") from None

    def next_game(self, dice: DiceSource) -> Game | None:
        """The next game of the match after this one, or None when the match is over."""
        if self.result is None:
            raise GameStateError("the game is not over")
        match = self.match.after(self.result)
        if match.winner is not None:
            return None
        return Game.new(self.variant, dice, match=match, cube=self.cube_enabled)
