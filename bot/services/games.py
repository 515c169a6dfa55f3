"""GameService: every change to a game goes through here, in the order ARCHITECTURE.md gives.

1. the callback is answered at once; 2. under the game's lock the stored game is loaded and
the presser and the button's version are checked (a stale or foreign press gets an alert and
changes nothing); 3. the engine applies the step and storage saves it in one transaction
(version + 1, the move log appended); 4. each player's board message is redrawn (the
`BoardPublisher`); 5. when the computer is to act it thinks in a worker process, then back
to 3. The database is the truth: every message can be redrawn from the stored game.

How games between people begin (links, groups, cards, rematches) is `ChallengeService`'s;
the turn timer's is `Timers`'; results are worded by the `Announcer`.

A press is answered once its change is saved (or refused), so an answered press is never
lost. The move log is derived from the engine's history at each save (`eventlog`), the turn's
deadline from the turn clock's rule (`turnclock`), and a finished game's result message is
put in the outbox in the same transaction as the result.

Dice: each game's provably fair dice (`Fairness`, kept in the game's state), dealt from its
players' pending seeds, which the transaction storing the game takes (`dealing`), unless a
dice source is injected (tests, benchmarks): then that source throws every game's dice.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TypeVar

from aiogram import Bot

from bot.config import Settings
from bot.services.announce import Announcer, result_notice
from bot.services.boards import BoardPublisher, computer_seat
from bot.services.fairness import Dealt, Fairness
from bot.services.people import People
from bot.views.callbacks import Act, GameCb
from core import computer, eventlog, turnclock
from core.computer import Computer
from core.fullmoves import finish_steps
from core.live import Live, Taken
from core.locks import KeyedLocks
from core.settings import CONFIRM_MOVES, PlayerSettings
from engine.dice import DiceSource, SecretDice
from engine.errors import EngineError
from engine.game import Game, MatchState, Phase
from i18n import Translator
from storage import games, results
from storage.db import Database, GameLock
from storage.errors import GameNotActive, GameNotFound, PlayerBusy, VersionConflict
from storage.fairness import Pending, SeedTaken
from storage.models import Game as Row
from storage.models import LogEntry

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]
# Tries at storing a new game whose players' seeds changed after they were read (another
# game took them, or /seed changed the player's own): each try reads them again.
DEAL_TRIES = 3
T = TypeVar("T")
Answer = Callable[[str | None, bool], Awaitable[None]]  # (text, show_alert)


class Busy(Exception):
    """The player is already in a game."""


@dataclass(frozen=True)
class Opening:
    """A new game as it is to be stored: its state, first deadline and first log lines."""

    state_json: str
    deadline: datetime | None
    log: list[LogEntry]


class _Answer:
    """A press's answer, given exactly once (later calls do nothing). Answering is a
    Telegram call: the game's database lock is released first (`held`)."""

    def __init__(self, answer: Answer) -> None:
        self._answer, self.given = answer, False
        self.held: GameLock | None = None

    async def __call__(self, text: str | None, alert: bool) -> None:
        if self.held is not None:
            await self.held.release()
        if self.given:
            return
        self.given = True
        try:
            await self._answer(text, alert)
        except Exception:  # the press stands whatever happens to its answer
            log.warning("answering a press failed", exc_info=True)


class GameService:
    def __init__(self, bot: Bot, db: Database, settings: Settings, *, clock: Clock,
                 people: People, publisher: BoardPublisher, announcer: Announcer,
                 dice: DiceSource | None = None, fairness: Fairness | None = None,
                 computer: Computer | None = None,
                 player_settings: PlayerSettings | None = None) -> None:
        self.bot, self.db, self.settings, self.clock = bot, db, settings, clock
        self.people, self.publisher, self.announcer = people, publisher, announcer
        self.player_settings = player_settings  # None: every turn ends with Done
        self.dice = dice  # None: each game's fair dice (or `secrets` without `fairness`)
        self.fairness = fairness
        self.computer = computer or Computer()  # its decisions run in the process pool
        self.locks = KeyedLocks()
        self.window = timedelta(seconds=settings.move_timeout_seconds)
        # Called with every game that begins (e.g. matchmaking ends the players' searches).
        self.on_begin: list[Callable[[Row], Awaitable[None]]] = []

    # -- starting games ------------------------------------------------------------

    async def active_game(self, player_id: int) -> Row | None:
        found = await games.active_games(self.db, player_id)
        return found[0] if found else None

    async def start_vs_computer(self, player_id: int, variant: str, level: str, length: int,
                                cube: bool) -> Row:
        if await self.active_game(player_id):
            raise Busy
        players = (player_id, None)

        async def store(dealt: Dealt | None) -> tuple[Row, Live]:
            live = self.new_live(variant, length, cube, computer_seat=1, dealt=dealt)
            opening = self.opening(live, computer_seat=1)
            row = await games.create_game(
                self.db, variant=variant, players=players, level=level,
                state_json=opening.state_json, now=self.clock(), deadline=opening.deadline,
                match_length=length, cube=cube, log=opening.log,
                seeds=dealt.takes if dealt else ())
            return row, live

        try:
            row, live = await self.dealing(players, store)
        except PlayerBusy:  # a simultaneous start won: the database's guard
            raise Busy from None
        await self.begin(row, live)
        return row

    def new_live(self, variant: str, length: int, cube: bool,
                 computer_seat: int | None, dealt: Dealt | None = None) -> Live:
        """A new game after its opening roll and whatever plays itself from there, with the
        fair dice `dealt` (`dealing`)."""
        fair = dealt.fair if dealt else None
        live = Live(Game.new(variant, fair or self._plain_dice(), match=MatchState(length),
                             cube=cube), fair=fair)
        self._auto(live, computer_seat)
        return live

    async def deal(self, players: Sequence[int | None]) -> Dealt | None:
        """The fair dice of a new game of `players` (by seat; None the computer), from their
        pending seeds; None when a dice source is injected."""
        if self.fairness is None or self.dice is not None:
            return None
        return self.deal_from(await self.fairness.pending(players))

    def deal_from(self, pending: Sequence[Pending | None]) -> Dealt | None:
        """The fair dice of a new game from its players' pending seeds as read (by seat)."""
        if self.fairness is None or self.dice is not None:
            return None
        return self.fairness.deal(pending)

    async def dealing(self, players: Sequence[int | None],
                      store: Callable[[Dealt | None], Awaitable[T]]) -> T:
        """`store(dealt)` makes and stores a new game with the dice dealt from its players'
        seeds, taking them in its transaction; when they changed meanwhile (`SeedTaken`:
        nothing was stored) the dice are dealt again from the seeds as they are now."""
        for _ in range(DEAL_TRIES - 1):
            with suppress(SeedTaken):
                return await store(await self.deal(players))
        return await store(await self.deal(players))

    def dice_for(self, live: Live) -> DiceSource:
        """Where the game's next die comes from."""
        if self.dice is not None:
            return self.dice
        return live.fair_dice() or SecretDice()

    def _plain_dice(self) -> DiceSource:
        return self.dice if self.dice is not None else SecretDice()

    def opening(self, live: Live, computer_seat: int | None = None) -> Opening:
        """What storing the new game `live` writes: its state, first deadline and first log
        lines (every way a game is made stores these three together)."""
        deadline = turnclock.next_deadline(None, live, None, now=self.clock(),
                                           window=self.window, computer=computer_seat)
        return Opening(live.dump(), deadline, eventlog.since(None, live))

    async def begin(self, row: Row, live: Live) -> None:
        """Show a newly stored game and let the computer act if it is its turn."""
        for hook in self.on_begin:
            await hook(row)
        async with self.locks.hold(row.id):
            await self._continue(row, live)

    # -- button presses ------------------------------------------------------------

    async def press(self, user_id: int, data: GameCb, answer: Answer) -> None:
        """Load, check, apply and save under the game's locks (this process's, then the
        database's across processes), then answer and redraw with the database's lock
        released: no other process waits on a Telegram call."""
        once = _Answer(answer)
        try:
            async with self.locks.hold(data.game):
                t = await self.people.translator(user_id)
                async with self.db.game_lock(data.game) as held:
                    once.held = held
                    await self._press(user_id, data, once, t)
        finally:
            await once(None, False)  # every press is answered, whatever happened

    async def _press(self, user_id: int, data: GameCb, answer: _Answer,
                     t: Translator) -> None:
        held = answer.held
        assert held is not None
        try:
            row = await games.load_game(self.db, data.game)
        except GameNotFound:
            return await answer(t("alert-finished"), True)
        seat = row.seat_of(user_id)
        if seat is None:
            return await answer(t("alert-not-player"), True)
        if row.status != "active":
            return await answer(t("alert-finished"), True)
        live = Live.load(row.state_json)
        # Resigning is a player's right at any moment, from any board of the game.
        if data.a in (Act.RESIGN, Act.RESIGN_NO):
            await answer(None, False)  # (releases the database's lock: nothing to save)
            if data.a is Act.RESIGN:
                return await self.publisher.ask_resign(row, live, seat, t)
            return await self.publisher.publish(row, live, only_seat=seat)
        if data.a is Act.RESIGN_YES and (
                (data.src and data.src - 1 != seat) or data.dst != live.number):
            # Another player's prompt, or a prompt left over from an earlier game.
            return await answer(t("alert-stale"), True)
        if data.a is not Act.RESIGN_YES:
            if data.v != row.version:
                if self.publisher.coalescer.waiting(row.id):
                    # A group board whose redraw is queued: the press is on the newest
                    # board sent, and the next one is on its way. Not "out of date".
                    return await answer(t("board-updating"), False)
                await answer(t("alert-stale"), True)
                # The player may never have received the latest board: send it.
                return await self.publisher.publish(row, live, only_seat=seat)
            if live.game.to_act != seat:
                return await answer(t("alert-not-your-turn"), True)
        try:
            await self._apply(row, live, seat, data, answer)
        except (VersionConflict, GameNotActive):  # the game moved on meanwhile
            log.info("game %s changed under a press; showing it as stored", row.id)
            await held.release()
            row = await games.load_game(self.db, row.id)
            await self.publisher.publish(row, Live.load(row.state_json), only_seat=seat)

    async def _apply(self, row: Row, live: Live, seat: int, data: GameCb,
                     answer: _Answer) -> None:
        game = live.game
        if data.a in (Act.PICK, Act.BACK):  # only the buttons change: nothing to save
            await answer(None, False)
            if data.a is Act.PICK:
                self.publisher.select(row.id, seat, data.src)
            else:
                self.publisher.unselect(row.id, seat)
            return await self.publisher.publish(row, live, only_seat=seat)
        self.publisher.unselect(row.id, seat)
        try:
            if data.a is Act.GO:
                live.go(data.src, data.dst)
            elif data.a is Act.FULL:  # a one-tap full move: the rest of the turn at once
                steps = finish_steps(live, data.src)
                live.steps.extend(Taken.of(step) for step in steps)  # each with its die
                live.turn()  # the steps must replay
            elif data.a is Act.UNDO:
                if live.undo() is None:  # nothing to take back
                    return await answer(None, False)
            elif data.a is Act.DONE:
                self._play_built_turn(live, seat)
            elif data.a is Act.ROLL:
                game.roll(seat, self.dice_for(live))
            elif data.a is Act.DOUBLE:
                game.double(seat)
            elif data.a is Act.TAKE:
                game.take(seat)
            elif data.a is Act.DROP:
                game.drop(seat)
            elif data.a is Act.RESIGN_YES:
                game.resign(seat, computer.expected_loss)
            else:  # a button this service never offers
                await answer(None, False)
                return await self.publisher.publish(row, live, only_seat=seat)
        except (EngineError, KeyError) as exc:
            log.info("refused %s in game %s: %s", data.a, row.id, exc)
            await answer(None, False)
            return await self.publisher.publish(row, Live.load(row.state_json))  # as stored
        # A step inside a turn changes only the mover's board (the other player's board is
        # redrawn when the turn is played) and leaves the turn's timer running.
        within_turn = data.a in (Act.GO, Act.UNDO, Act.FULL)
        if data.a in (Act.GO, Act.FULL) and await self._ends_without_done(row, live, seat):
            self._play_built_turn(live, seat)
            within_turn = False
        self._auto(live, computer_seat(row))
        row, live, ended = await self._commit(row, live, within_turn)
        await answer(None, False)  # saved: from here on the press cannot be lost
        await self._continue(row, live, seat if within_turn else None, ended=ended,
                             step=within_turn)

    @staticmethod
    def _play_built_turn(live: Live, seat: int) -> None:
        """Play the turn the steps have built (Done, or its last die without Done)."""
        play = live.turn().finish()
        live.steps.clear()
        live.game.play(seat, play)

    async def _ends_without_done(self, row: Row, live: Live, seat: int) -> bool:
        """The last die is played and the player does not confirm moves with Done.

        "The last die": nothing more can be played. A turn can be complete before that
        (6-4, checkers on 6 and 2: 6/off stands where 6/2/off ends, and 2/off may follow).
        """
        player = row.players[seat]
        turn = live.turn()
        if player is None or self.player_settings is None or not turn.is_complete \
                or turn.legal_steps():
            return False
        return not await self.player_settings.enabled(player, CONFIRM_MOVES)

    async def _continue(self, row: Row, live: Live, only_seat: int | None = None, *,
                        ended: bool = False, step: bool = False) -> None:
        """Show the saved game, then let the computer act (and save) while it is its turn."""
        seat = computer_seat(row)
        if ended:
            await self.announcer.deliver(row.id)
        await self.publisher.publish_safely(row, live, only_seat, step=step)
        while row.status == "active" and live.game.to_act == seat:
            # The computer's turn is load–think–save under the game's database lock (no
            # Telegram call inside): another process's timer, which resumes computer turns
            # left undone, skips a game whose lock is held, and one that got here first
            # has moved the game on: then this process leaves the turn to it.
            async with self.db.game_lock(row.id):
                if (await games.load_game(self.db, row.id)).version != row.version:
                    return
                await self._computer_acts(live, row.level or "intermediate")
                self._auto(live, seat)
                row, live, ended = await self._commit(row, live)
            if ended:
                await self.announcer.deliver(row.id)
            await self.publisher.publish_safely(row, live)

    def _auto(self, live: Live, computer_seat: int | None) -> None:
        """Rolls that need no decision and moves that need no choice."""
        game = live.game
        while game.phase is not Phase.OVER and game.to_act != computer_seat:
            seat = game.seat
            if game.phase is Phase.ROLL and not game.can_double(seat):
                game.roll(seat, self.dice_for(live))
            elif game.phase is Phase.MOVE and not live.steps and game.turn().is_forced:
                game.play(seat, game.turn().plays[0])
            else:
                break

    async def _computer_acts(self, live: Live, level: str) -> None:
        game, seat = live.game, live.game.to_act
        if game.phase is Phase.DOUBLED:
            if await self.computer.takes(game, level):
                game.take(seat)
            else:
                game.drop(seat)
            return
        if game.phase is Phase.ROLL:
            if game.can_double(seat) and await self.computer.wants_to_double(game, level):
                game.double(seat)
                return
            game.roll(seat, self.dice_for(live))  # a roll that cannot be played passes at once
        if game.phase is Phase.MOVE and game.seat == seat:
            game.play(seat, await self.computer.choose_move(game, level))

    # -- saving ----------------------------------------------------------------------

    async def _commit(self, row: Row, live: Live,
                      within_turn: bool = False) -> tuple[Row, Live, bool]:
        """Save the change in one transaction, its log lines derived from the engine's
        history; a finished game also writes its result (and the result's message to the
        outbox) and starts the next game of a match. Returns the row as stored, the game
        now in play and whether a game ended."""
        now = self.clock()
        stored = json.loads(row.state_json)
        if not within_turn:  # the turn changed hands or ended: no checker stays chosen
            self.publisher.unselect(row.id)
        result = live.game.result
        if result is None:
            deadline = turnclock.next_deadline(stored, live, row.deadline, now=now,
                                               window=self.window, computer=computer_seat(row))
            state = live.dump()
            version = await games.save_game(self.db, row.id, row.version, state_json=state,
                                            deadline=deadline, now=now,
                                            log=eventlog.since(stored, live))
            # The row as now stored, without reading it back.
            return replace(row, version=version, state_json=state, deadline=deadline), live, False
        self.publisher.unselect(row.id)
        live.paused = None
        notice = result_notice(live)

        async def store(dealt: Dealt | None) -> Live:
            """Finish the game; a match's next game takes its players' seeds here."""
            entries = eventlog.since(stored, live)
            fair = dealt.fair if dealt else None
            following = live.game.next_game(fair or self._plain_dice())
            next_live, deadline = live, None
            if following:
                next_live = Live(following, number=live.number + 1, fair=fair)
                self._auto(next_live, computer_seat(row))
                deadline = turnclock.next_deadline(None, next_live, None, now=now,
                                                   window=self.window,
                                                   computer=computer_seat(row))
                entries += eventlog.since(None, next_live)
            if self.fairness is not None and live.fair is not None:  # the seeds shown now
                upcoming = (dealt.next_commitments if dealt else
                            [await self.fairness.next_commitment(p) if p is not None else ""
                             for p in row.players])
                notice["fair"] = await self.fairness.record(row.id, live, upcoming)
            await results.finish_game(
                self.db, row.id, row.version, winner_seat=result.winner,
                result=result.kind.value, points=result.points, state_json=next_live.dump(),
                now=now, log=entries, match_over=following is None, deadline=deadline,
                notice=notice, seeds=dealt.takes if dealt else ())
            return next_live

        if notice["match_over"]:
            next_live = await store(None)
        else:
            next_live = await self.dealing(row.players, store)
        return await games.load_game(self.db, row.id), next_live, True

    # -- the turn timer and recovery ---------------------------------------------------

    async def expire(self, game_id: int) -> None:
        """The turn's time is up: the player to act loses (the timer loop calls this).

        Not a player who was never shown the board of this turn (the process stopped, or
        Telegram failed, before it reached them): they get the board now and a new window.
        Every process's timer loop comes here: a game whose database lock another process
        holds is left to it (no waiting: that process is pressing or timing it out), and
        the deadline is read again under the lock, so a timeout is applied once.
        """
        async with self.locks.hold(game_id):
            async with self.db.game_lock(game_id, wait=False) as held:
                if not held:
                    return
                row = await games.load_game(self.db, game_id)
                if (row.status != "active" or row.deadline is None
                        or row.deadline > self.clock()):
                    return
                live = Live.load(row.state_json)
                seat = live.game.to_act
                shown = row.players[seat] is not None and await self.publisher.shows(row, seat)
                if shown:
                    live.steps.clear()
                    live.game.timeout(seat, computer.expected_loss)
                    try:
                        row, live, ended = await self._commit(row, live)
                    except VersionConflict:
                        log.info("game %s changed while timing out; the next tick decides",
                                 game_id)
                        return
            if row.players[seat] is None:  # the computer's turn was interrupted: resume it
                await self._continue(row, live)
            elif not shown:
                await self._catch_up(row, live)
            else:
                await self._continue(row, live, ended=ended)

    async def catch_up(self, game_id: int) -> None:
        """Bring the game's board messages up to the stored game (the timer loop calls this
        for games whose boards are behind: after a restart, after a Telegram fault)."""
        async with self.locks.hold(game_id):
            row = await games.load_game(self.db, game_id)
            await self._catch_up(row, Live.load(row.state_json))

    async def _catch_up(self, row: Row, live: Live) -> None:
        """Redraw the boards behind the stored version. The player to act, when their board
        was behind, gets a full window from now: a deadline never runs out on a player who
        was not shown the board of their turn."""
        seat = live.game.to_act
        if (row.status == "active" and row.players[seat] is not None
                and not await self.publisher.shows(row, seat)):
            deadline = turnclock.whole_second(self.clock() + self.window)
            if (row.deadline is None or row.deadline < deadline) and await games.set_deadline(
                    self.db, row.id, row.version, deadline):
                row = replace(row, deadline=deadline)
        await self.publisher.publish(row, live, behind_only=True)

    # -- commands ----------------------------------------------------------------------

    async def redraw(self, player_id: int) -> bool:
        """Send the player's board again as a new message (e.g. after /games)."""
        row = await self.active_game(player_id)
        if row is None:
            return False
        async with self.locks.hold(row.id):
            row = await games.load_game(self.db, row.id)
            await self.publisher.send_anew(row, Live.load(row.state_json), player_id)
        return True

