"""A game as the bot keeps it: the engine game plus the steps of the turn being built.

Everything lives in the games row's `state_json`, so a restart finds the same board and the
same half-played turn; nothing about a game is kept only in memory. The engine's history
(rolls, moves, passes, cube actions) is enough to recover the board before any of its
events (`Live.before`), which is what the captions, the move marks and `/log` read.

Each step of the turn being built is saved with the die it used (`[src, dst, die]`): a
bear-off may use a die larger than its point, and the board must grey out the die really
used. States saved before dice were recorded hold `[src, dst]` pairs; they load, and
replaying them picks the die the buttons would have.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine.errors import EngineError, IllegalMoveError
from engine.events import seat_of
from engine.fairness import FairDice, dice_of_history
from engine.game import Game, Phase
from engine.moves import Move, Step
from engine.position import BAR, Position, opp_point
from engine.resolve import apply_steps
from engine.turn import Turn, TurnStep

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Taken:
    """One step of the turn being built, as saved: its points and the die it used."""

    src: int
    dst: int
    die: int | None = None  # None: saved before dice were recorded; the replay decides

    def __iter__(self) -> Iterator[int]:
        # Unpacks as the (src, dst) pair a button names, for callers that see steps so.
        yield self.src
        yield self.dst

    def to_json(self) -> list[int]:
        return [self.src, self.dst] if self.die is None else [self.src, self.dst, self.die]

    @classmethod
    def of(cls, value: Any) -> Taken:
        """A step from its saved form (`[src, dst]` or `[src, dst, die]`) or a Taken."""
        if isinstance(value, Taken):
            return value
        if isinstance(value, TurnStep):
            return cls(value.src, value.dst, value.die)
        src, dst, *rest = value
        return cls(int(src), int(dst), int(rest[0]) if rest and rest[0] is not None else None)


@dataclass(frozen=True)
class PendingTurn:
    """A turn whose last die is played, without Done: it is sent by itself at `at` unless
    taken back first. Meanwhile the games row's deadline is `at` (or the turn's own, when
    sooner) and `deadline` keeps the turn's own (None: none), for the turn clock; `played`:
    when the last die was played (the player's time stops there, `turnclock.charge`)."""

    at: datetime
    deadline: datetime | None = None
    played: datetime | None = None

    def to_json(self) -> dict[str, str | None]:
        return {"at": self.at.isoformat(),
                "deadline": self.deadline.isoformat() if self.deadline else None,
                "played": self.played.isoformat() if self.played else None}

    @classmethod
    def of(cls, data: dict[str, str | None] | None) -> PendingTurn | None:
        if not data or not data.get("at"):
            return None
        deadline, played = data.get("deadline"), data.get("played")
        return cls(datetime.fromisoformat(str(data["at"])),
                   datetime.fromisoformat(deadline) if deadline else None,
                   datetime.fromisoformat(played) if played else None)


def own_deadline(stored: dict[str, Any], deadline: datetime | None) -> datetime | None:
    """The deadline of the turn a saved state (`stored`, its JSON as a dict) waits on:
    the games row's `deadline`, or the turn's own while a pending turn waits to be sent."""
    pending = PendingTurn.of(stored.get("pending"))
    return pending.deadline if pending is not None else deadline


@dataclass
class _Building:
    """The `Turn` of one game state, and the saved steps it has played."""

    game: Game
    stamp: int  # the game's history length when the turn was made
    turn: Turn
    synced: list[Taken]

    def sync(self, steps: list[Taken]) -> None:
        """Undo and replay only where `steps` differs from what the turn has played;
        steps given as bare pairs get the die the replay chose."""
        turn, taken = self.turn, self.turn.taken
        same = 0
        for done, wanted in zip(taken, map(Taken.of, steps), strict=False):
            if (done.src, done.dst) != (wanted.src, wanted.dst) or wanted.die not in (
                    None, done.die):
                break
            same += 1
        for _ in range(len(taken) - same):
            turn.undo()
        self.synced[same:] = []
        for wanted in map(Taken.of, steps[same:]):
            turn.play((wanted.src, wanted.dst), wanted.die)
        steps[same:] = [Taken.of(step) for step in turn.taken[same:]]
        self.synced[:] = steps



@dataclass
class Live:
    game: Game
    steps: list[Taken] = field(default_factory=list)
    number: int = 1  # which game of the match
    # Seconds of the doubler's turn window left when the double was offered: the window
    # waits while the opponent answers and goes on after a take (one window per turn).
    paused: float | None = None
    # The game's provably fair dice (engine.fairness): its secret seed, the "game" input and
    # the players' seeds; None for a game whose dice were injected (tests) or began before.
    fair: FairDice | None = None
    # A match clock's banks, by seat: the seconds each player has beyond the delay for the
    # rest of the match (core.timecontrol); None for the other controls.
    banks: list[float] | None = None
    # The turn built to its last die, waiting a moment to be sent (the player may Undo).
    pending: PendingTurn | None = None
    # Seats that chose not to double this game: their dice roll by themselves.
    rolls_always: list[int] = field(default_factory=list)
    _building: _Building | None = field(default=None, repr=False, compare=False)
    _before: _Rewind | None = field(default=None, repr=False, compare=False)
    # What readers of this state worked out once (events, captions): a redraw asks for the
    # same facts for each viewer. Each entry records the history length it was made for.
    memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    # The text this state was loaded from and its parse, which nothing here changes (the
    # lists a Live changes are copies): `stored` hands it to the save instead of a second
    # parse of the same text.
    _loaded: tuple[str, dict[str, Any]] | None = field(default=None, repr=False,
                                                       compare=False)

    @classmethod
    def load(cls, state_json: str) -> Live:
        data = json.loads(state_json)
        fair, banks = data.get("fair"), data.get("banks")
        live = cls(Game.from_dict(data["game"]), [Taken.of(s) for s in data["steps"]],
                   data.get("number", 1), data.get("paused"),
                   FairDice.from_dict(fair) if fair else None,
                   None if banks is None else list(banks),
                   PendingTurn.of(data.get("pending")), list(data.get("rolls_always", [])))
        live._loaded = (state_json, data)
        return live

    def stored(self, state_json: str) -> dict[str, Any]:
        """`state_json` as a dict, to read only: the parse this state was loaded from when
        it is that same text, else a new one."""
        if self._loaded is not None and self._loaded[0] == state_json:
            return self._loaded[1]
        parsed: dict[str, Any] = json.loads(state_json)
        return parsed

    def dump(self) -> str:
        if self.steps and self.game.phase is Phase.MOVE:
            # Records the die of steps added as bare pairs; steps that do not replay are
            # saved as they are (loading refuses them, as it always did).
            with suppress(EngineError):
                self.turn()
        data = {"game": self.game.to_dict(own_events=False), "number": self.number,
                "steps": [Taken.of(s).to_json() for s in self.steps]}
        if self.paused is not None:
            data["paused"] = self.paused
        if self.pending is not None and self.steps and self.game.phase is Phase.MOVE:
            data["pending"] = self.pending.to_json()
        if self.rolls_always:
            data["rolls_always"] = self.rolls_always
        if self.banks is not None:
            data["banks"] = [round(bank, 3) for bank in self.banks]
        if self.fair is not None:  # its counter follows from the history (`fair_dice`)
            data["fair"] = {k: v for k, v in self.fair.to_dict().items() if k != "counter"}
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False)

    def turn_deadline(self, deadline: datetime | None) -> datetime | None:
        """The running turn's own deadline, given the games row's `deadline` (which is the
        moment a pending turn is sent, while one waits): what the clocks show."""
        return self.pending.deadline if self.pending is not None else deadline

    def without_steps(self) -> Live:
        """The same game without the steps of the turn being built (what the waiting player
        sees: turns, not steps)."""
        return Live(self.game, [], self.number, self.paused, self.fair, self.banks,
                    self.pending, self.rolls_always)

    def fair_dice(self) -> FairDice | None:
        """The game's fair dice, continuing after the dice its history has drawn (so a
        change retried after a conflict draws the same dice again)."""
        if self.fair is None:
            return None
        return FairDice(self.fair.seed, self.fair.game, self.fair.client_seeds,
                        len(dice_of_history(self.game.history)))

    # -- the turn being built ----------------------------------------------------------

    def turn(self) -> Turn:
        """The turn under construction, with the steps taken so far played.

        One `Turn` per game state, kept in line with `steps` (a redraw asks for it several
        times, a press changes a step or two). Callers leave it as they found it
        (`destinations` undoes its steps). IllegalMoveError when the steps do not replay.
        """
        building = self._building
        if (building is None or building.game is not self.game
                or building.stamp != len(self.game.history)):
            building = self._building = _Building(self.game, len(self.game.history),
                                                  self.game.turn(), [])
        if building.synced != self.steps:  # `steps` was changed from outside
            building.sync(self.steps)
        return building.turn

    def go(self, src: int, dst: int) -> list[TurnStep]:
        """Play the destination button `src→dst`: the steps its label promises.

        The path is the turn's `destinations(src)[dst]` (a single die where one reaches,
        otherwise one checker's steps in a row); they are appended to `steps` and returned
        with their dice. IllegalMoveError when the button is not offered now.
        """
        turn = self.turn()
        path = turn.destinations(src).get(dst)
        if path is None:
            raise IllegalMoveError(f"{Step(src, dst)} is not offered now")
        for step in path:
            turn.play(step)
        played = list(turn.taken[len(turn.taken) - len(path):])
        taken = [Taken.of(step) for step in played]
        self.steps.extend(taken)
        assert self._building is not None  # made by self.turn() above
        self._building.synced.extend(taken)
        return played

    def undo(self) -> TurnStep | None:
        """Take back the last step taken (one die); None when there is none."""
        if not self.steps:
            return None
        turn = self.turn()
        last = turn.taken[-1]
        turn.undo()
        self.steps.pop()
        assert self._building is not None  # made by self.turn() above
        self._building.synced.pop()
        return last

    def dice_used(self) -> tuple[int, ...]:
        """The dice the steps of the turn being built have used, in order."""
        if self.game.phase is not Phase.MOVE or not self.steps:
            return ()
        return tuple(step.die for step in self.turn().taken)

    def position_for(self, seat: int) -> Position:
        """What `seat` sees, with the steps of the turn being built already shown."""
        if self.game.phase is Phase.MOVE and self.steps:
            now = apply_steps(self.game.position, self.turn().steps)
            return now if seat == self.game.seat else now.swapped()
        return self.game.position_for(seat)

    def before(self, index: int) -> Position | None:
        """The board as the seat of history event `index` saw it just before that event
        (its own checkers as `me`); None for events without a seat (opening, result).

        Worked out backwards from the current board by taking moves back (their notation
        marks every hit), so it is exact after a restart, needs no move generation, and
        costs only as many steps back as the oldest event asked for.
        """
        history = self.game.history
        if self._before is None or self._before.length != len(history):
            self._before = _Rewind(self.game)
        return self._before.upto(index)

    def first_turn(self, index: int) -> bool:
        """Whether history event `index` came before its seat's first move or pass."""
        history = self.game.history
        seat = seat_of(history[index])
        return not any(event["type"] in ("move", "pass") and seat_of(event) == seat
                       for event in history[:index])


class _Rewind:
    """The boards before a game's history events, found newest first and remembered."""

    def __init__(self, game: Game) -> None:
        self.history = game.history
        self.length = len(game.history)
        self.board, self.seat = game.position, game.seat  # `board.me` is `seat`'s
        self.cursor = self.length  # events from here on are done
        self.found: dict[int, Position | None] = {}

    def upto(self, index: int) -> Position | None:
        """The board before event `index`; None also for every event before a move that
        does not take back (a history not made by the engine: nothing is shown then,
        rather than a wrong board)."""
        while self.cursor > index:
            self.cursor -= 1
            event = self.history[self.cursor]
            mover = seat_of(event)
            if mover is None:
                self.found[self.cursor] = None
                continue
            if mover != self.seat:  # see the board from the event's seat
                self.board, self.seat = self.board.swapped(), mover
            if event["type"] == "move":
                try:
                    self.board = _take_back(self.board, event["move"])
                except EngineError:
                    log.warning("a move of the history does not take back: %s", event)
                    self.found.update(dict.fromkeys(range(self.cursor + 1), None))
                    self.cursor = 0
                    break
            # A pass, a roll or a cube action leaves the board as it was.
            self.found[self.cursor] = self.board
        return self.found[index]


def _take_back(after: Position, notation: str) -> Position:
    """The mover's board before `notation`, from the mover's board after it."""
    me, opp = list(after.me), list(after.opp)
    for step in Move.parse(notation).steps if notation else ():
        me[step.dst] -= 1
        me[step.src] += 1
        if step.hit:
            opp[BAR] -= 1
            opp[opp_point(after.variant, step.dst)] += 1
    return Position(after.variant, me, opp)  # validated: PositionError if it cannot be
