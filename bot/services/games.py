"""GameService: every change to a game goes through here, in the order ARCHITECTURE.md gives.

1. the callback is answered at once; 2. under the game's lock the stored game is loaded and
the presser and the button's version are checked (a stale or foreign press gets an alert and
changes nothing); 3. the engine applies the step and storage saves it in one transaction
(version + 1, the move log appended); 4. each player's board message is redrawn (the
`BoardPublisher`); 5. when the computer is to act it thinks in a worker thread, then back
to 3. The database is the truth: every message can be redrawn from the stored game.

How games between people begin (links, groups, cards, rematches) is `ChallengeService`'s;
the turn timer's is `Timers`'; results are worded by the `Announcer`.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime, timedelta

from aiogram import Bot

from bot.callbacks import Act, GameCb
from bot.config import Settings
from bot.services import computer
from bot.services.announce import Announcer, Outcome
from bot.services.boards import BoardPublisher, computer_seat
from bot.services.fullmoves import finish_steps
from bot.services.live import Live, Taken
from bot.services.locks import KeyedLocks
from bot.services.people import People
from bot.services.settings import CONFIRM_MOVES, PlayerSettings
from engine.dice import DiceSource, SecretDice
from engine.errors import EngineError
from engine.game import Game, MatchState, Phase
from storage import games, results
from storage.db import Database
from storage.errors import GameNotActive, GameNotFound, VersionConflict
from storage.models import Game as Row
from storage.models import LogEntry

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]
Answer = Callable[[str | None, bool], Awaitable[None]]  # (text, show_alert)


class Busy(Exception):
    """The player is already in a game."""


class GameService:
    def __init__(self, bot: Bot, db: Database, settings: Settings, *, clock: Clock,
                 people: People, publisher: BoardPublisher, announcer: Announcer,
                 dice: DiceSource | None = None,
                 player_settings: PlayerSettings | None = None) -> None:
        self.bot, self.db, self.settings, self.clock = bot, db, settings, clock
        self.people, self.publisher, self.announcer = people, publisher, announcer
        self.player_settings = player_settings  # None: every turn ends with Done
        self.dice = dice or SecretDice()
        self.locks = KeyedLocks()
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
        live = self.new_live(variant, length, cube, computer_seat=1)
        now = self.clock()
        row = await games.create_game(
            self.db, variant=variant, players=(player_id, None), level=level,
            state_json=live.dump(), now=now, deadline=self._deadline(live, (player_id, None)),
            match_length=length, cube=cube, log=opening_log(live.game))
        await self.begin(row, live)
        return row

    def new_live(self, variant: str, length: int, cube: bool,
                 computer_seat: int | None) -> Live:
        """A new game after its opening roll and whatever plays itself from there."""
        live = Live(Game.new(variant, self.dice, match=MatchState(length), cube=cube))
        self._auto(live, computer_seat)
        return live

    async def begin(self, row: Row, live: Live) -> None:
        """Show a newly stored game and let the computer act if it is its turn."""
        for hook in self.on_begin:
            await hook(row)
        async with self.locks.hold(row.id):
            await self._continue(row, live)

    # -- button presses ------------------------------------------------------------

    async def press(self, user_id: int, data: GameCb, answer: Answer) -> None:
        async with self.locks.hold(data.game):
            t = await self.people.translator(user_id)
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
                await answer(None, False)
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
            await answer(None, False)
            try:
                await self._apply(row, live, seat, data)
            except (VersionConflict, GameNotActive):  # the game moved on meanwhile
                log.info("game %s changed under a press; showing it as stored", row.id)
                row = await games.load_game(self.db, row.id)
                await self.publisher.publish(row, Live.load(row.state_json), only_seat=seat)

    async def _apply(self, row: Row, live: Live, seat: int, data: GameCb) -> None:
        game = live.game
        entries: list[LogEntry] = []
        try:
            if data.a is Act.PICK:
                self.publisher.select(row.id, seat, data.src)
                return await self.publisher.publish(row, live, only_seat=seat)
            if data.a is Act.BACK:
                self.publisher.unselect(row.id, seat)
                return await self.publisher.publish(row, live, only_seat=seat)
            self.publisher.unselect(row.id, seat)
            if data.a is Act.GO:
                for step in live.go(data.src, data.dst):
                    entries.append(LogEntry("step", str(step), seat))
            elif data.a is Act.FULL:  # a one-tap full move: the rest of the turn at once
                steps = finish_steps(live, data.src)
                live.steps.extend(Taken.of(step) for step in steps)  # each with its die
                live.turn()  # the steps must replay
                entries += [LogEntry("step", str(step), seat) for step in steps]
            elif data.a is Act.UNDO:
                if not live.steps:
                    return None
                src, dst = live.steps.pop()
                entries.append(LogEntry("undo", f"{src}/{dst}", seat))
            elif data.a is Act.DONE:
                entries.append(self._play_built_turn(live, seat))
            elif data.a is Act.ROLL:
                d1, d2 = game.roll(seat, self.dice)
                entries.append(LogEntry("roll", f"{d1}-{d2}", seat))
            elif data.a is Act.DOUBLE:
                game.double(seat)
                entries.append(LogEntry("double", str(game.cube_value * 2), seat))
            elif data.a is Act.TAKE:
                game.take(seat)
                entries.append(LogEntry("take", str(game.cube_value), seat))
            elif data.a is Act.DROP:
                game.drop(seat)
                entries.append(LogEntry("drop", str(game.cube_value), seat))
            elif data.a is Act.RESIGN_YES:
                game.resign(seat, computer.expected_loss)
                entries.append(LogEntry("resign", "", seat))
            else:  # a button this service never offers
                return await self.publisher.publish(row, live, only_seat=seat)
        except (EngineError, KeyError) as exc:
            log.info("refused %s in game %s: %s", data.a, row.id, exc)
            return await self.publisher.publish(row, Live.load(row.state_json))  # as stored
        # A step inside a turn changes only the mover's board (the other player's board is
        # redrawn when the turn is played) and leaves the turn's timer running.
        within_turn = data.a in (Act.GO, Act.UNDO, Act.FULL)
        if data.a in (Act.GO, Act.FULL) and await self._ends_without_done(row, live, seat):
            entries.append(self._play_built_turn(live, seat))
            within_turn = False
        await self._commit_and_continue(row, live, entries,
                                        only_seat=seat if within_turn else None,
                                        keep_deadline=within_turn)

    def _play_built_turn(self, live: Live, seat: int) -> LogEntry:
        """Play the turn the steps have built (Done, or its last die without Done)."""
        play = live.turn().finish()
        live.steps.clear()
        live.game.play(seat, play)
        return LogEntry("move", str(play.move) or "pass", seat)

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

    async def _commit_and_continue(self, row: Row, live: Live, entries: list[LogEntry],
                                   only_seat: int | None = None,
                                   keep_deadline: bool = False) -> None:
        """Automatic play (rolls, forced moves, passes, the computer), saved step by step."""
        entries += self._auto(live, computer_seat(row))
        row, live = await self._commit(row, live, entries, keep_deadline)
        await self._continue(row, live, only_seat)

    async def _continue(self, row: Row, live: Live, only_seat: int | None = None) -> None:
        """Show the saved game, then let the computer act (and save) while it is its turn."""
        seat = computer_seat(row)
        await self.publisher.publish_safely(row, live, only_seat)
        while row.status == "active" and live.game.to_act == seat:
            entries = await self._computer_acts(live, row.level or "intermediate")
            entries += self._auto(live, seat)
            row, live = await self._commit(row, live, entries)
            await self.publisher.publish_safely(row, live)

    def _auto(self, live: Live, computer_seat: int | None) -> list[LogEntry]:
        """Rolls that need no decision and moves that need no choice."""
        game, entries = live.game, []
        while game.phase is not Phase.OVER and game.to_act != computer_seat:
            seat = game.seat
            if game.phase is Phase.ROLL and not game.can_double(seat):
                before = len(game.history)
                d1, d2 = game.roll(seat, self.dice)
                entries.append(LogEntry("roll", f"{d1}-{d2}", seat))
                if any(e["type"] == "pass" for e in game.history[before:]):
                    entries.append(LogEntry("pass", f"{d1}-{d2}", seat))
            elif game.phase is Phase.MOVE and not live.steps and game.turn().is_forced:
                play = game.turn().plays[0]
                game.play(seat, play)
                entries.append(LogEntry("move", str(play.move), seat))
            else:
                break
        return entries

    async def _computer_acts(self, live: Live, level: str) -> list[LogEntry]:
        game, seat = live.game, live.game.to_act
        if game.phase is Phase.DOUBLED:
            if await computer.takes(game, level):
                game.take(seat)
                return [LogEntry("take", str(game.cube_value), seat)]
            game.drop(seat)
            return [LogEntry("drop", str(game.cube_value), seat)]
        entries = []
        if game.phase is Phase.ROLL:
            if game.can_double(seat) and await computer.wants_to_double(game, level):
                game.double(seat)
                return [LogEntry("double", str(game.cube_value * 2), seat)]
            before = len(game.history)
            d1, d2 = game.roll(seat, self.dice)
            entries.append(LogEntry("roll", f"{d1}-{d2}", seat))
            if any(e["type"] == "pass" for e in game.history[before:]):
                return [*entries, LogEntry("pass", f"{d1}-{d2}", seat)]
        if game.phase is Phase.MOVE and game.seat == seat:
            play = await computer.choose_move(game, level)
            game.play(seat, play)
            entries.append(LogEntry("move", str(play.move), seat))
        return entries

    # -- saving ----------------------------------------------------------------------

    async def _commit(self, row: Row, live: Live, entries: list[LogEntry],
                      keep_deadline: bool = False) -> tuple[Row, Live]:
        """Save the change in one transaction; a finished game also writes its result."""
        now = self.clock()
        result = live.game.result
        if result is not None or not keep_deadline:  # the turn changed hands or ended
            self.publisher.unselect(row.id)
        if result is None:
            state = live.dump()
            deadline = row.deadline if keep_deadline else self._deadline(live, row.players)
            version = await games.save_game(self.db, row.id, row.version, state_json=state,
                                            deadline=deadline, now=now, log=entries)
            # The row as now stored, without reading it back.
            return replace(row, version=version, state_json=state, deadline=deadline), live
        following = live.game.next_game(self.dice)
        next_live = Live(following, number=live.number + 1) if following else live
        if following:
            entries += self._auto(next_live, computer_seat(row))
        finish = await results.finish_game(
            self.db, row.id, row.version, winner_seat=result.winner, result=result.kind.value,
            points=result.points, state_json=next_live.dump(), now=now, log=entries,
            match_over=following is None,
            deadline=self._deadline(next_live, row.players) if following else None)
        new_row = await games.load_game(self.db, row.id)
        await self.announcer.result(new_row, live, Outcome(
            result.winner, result.kind.value, result.points, result.reason.value,
            finish.match_over, finish.rating_changes))
        return new_row, next_live

    def _deadline(self, live: Live, seats: tuple[int | None, int | None]) -> datetime | None:
        """When the turn expires. The computer's turn is due at once: if the process stops
        before the computer has moved, the timer loop finds the game and lets it move."""
        game = live.game
        if game.phase is Phase.OVER:
            return None
        if seats[game.to_act] is None:
            return self.clock()
        return self.clock() + timedelta(seconds=self.settings.move_timeout_seconds)

    # -- the turn timer ----------------------------------------------------------------

    async def expire(self, game_id: int) -> None:
        """The turn's time is up: the player to act loses (the timer loop calls this)."""
        async with self.locks.hold(game_id):
            row = await games.load_game(self.db, game_id)
            if row.status != "active" or row.deadline is None or row.deadline > self.clock():
                return
            live = Live.load(row.state_json)
            seat = live.game.to_act
            if row.players[seat] is None:  # the computer's turn was interrupted: resume it
                await self._continue(row, live)
                return
            live.steps.clear()
            live.game.timeout(seat, computer.expected_loss)
            try:
                await self._commit_and_continue(row, live, [LogEntry("timeout", "", None)])
            except VersionConflict:
                log.info("game %s changed while timing out; the next tick decides", game_id)

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


def opening_log(game: Game) -> list[LogEntry]:
    """The move-log lines of a game's first events (a forced opening move logs its move)."""
    return [LogEntry(event["type"], str(event.get("move", event.get("dice", ""))),
                     event.get("seat", event.get("starter"))) for event in game.history]
