"""GameService: every change to a game goes through here, in the order ARCHITECTURE.md gives.

1. the callback is answered at once; 2. under the game's lock the stored game is loaded and
the presser and the button's version are checked (a stale or foreign press gets an alert and
changes nothing); 3. the engine applies the step and storage saves it in one transaction
(version + 1, the move log appended); 4. each player's board message is redrawn; 5. when the
computer is to act it thinks in a worker thread, then back to 3. The database is the truth:
every message can be redrawn from the stored game.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import sqlite3
from collections import defaultdict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import partial

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import Act, CardCb, GameCb, JoinCb
from bot.config import Settings
from bot.i18n import Translator, pick_language
from bot.services import computer
from bot.services.coalesce import Coalescer
from bot.services.live import Live
from bot.services.views import Viewer, caption_for, keyboard_for, resign_keyboard, scene_for
from bot.telegram_io import Board, edit_board, edit_card, edit_keyboard, send_board, send_text
from engine.dice import DiceSource, SecretDice
from engine.errors import EngineError
from engine.game import Game, MatchState, Phase
from engine.position import opp_point
from render.board import render_board
from storage import boards, challenges, chats, games, players, results
from storage.db import Database
from storage.errors import ChallengeUnavailable, GameNotActive, GameNotFound, VersionConflict
from storage.models import Challenge, LogEntry, Player, RatingChange
from storage.models import Game as Row

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]
Answer = Callable[[str | None, bool], Awaitable[None]]  # (text, show_alert)
CHALLENGE_HOURS = 24
WARN_BEFORE = 0.25  # warn when a quarter of the turn's time is left


class Busy(Exception):
    """The player is already in a game."""


class GroupBoardFailed(Exception):
    """The group did not accept the game's board; the game was called off."""


@dataclass
class Outcome:
    """What ending a game did, for the result messages."""

    winner: int
    kind: str
    points: int
    reason: str
    match_over: bool
    changes: tuple[RatingChange, ...]


class GameService:
    def __init__(self, bot: Bot, db: Database, settings: Settings, *, clock: Clock,
                 dice: DiceSource | None = None,
                 render: Callable = render_board, coalescer: Coalescer | None = None) -> None:
        self.bot, self.db, self.settings, self.clock = bot, db, settings, clock
        self.coalescer = coalescer or Coalescer()
        self.dice = dice or SecretDice()
        self.render = render
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._selected: dict[tuple[int, int], int] = {}  # (game, seat) -> chosen point: UI only
        self._warned: set[tuple[int, datetime]] = set()
        self._players: dict[int, Player | None] = {}

    # -- starting games ------------------------------------------------------------

    async def active_game(self, player_id: int) -> Row | None:
        found = await games.active_games(self.db, player_id)
        return found[0] if found else None

    async def start_vs_computer(self, player_id: int, variant: str, level: str, length: int,
                                cube: bool) -> Row:
        if await self.active_game(player_id):
            raise Busy
        live = self._new_live(variant, length, cube, computer_seat=1)
        now = self.clock()
        row = await games.create_game(
            self.db, variant=variant, players=(player_id, None), level=level,
            state_json=live.dump(), now=now, deadline=self._deadline(live, (player_id, None)),
            match_length=length, cube=cube, log=_opening_log(live.game))
        async with self._locks[row.id]:
            await self._continue(row, live)
        return row

    async def create_challenge(self, player_id: int, variant: str, length: int,
                               cube: bool) -> Challenge:
        if await self.active_game(player_id):
            raise Busy
        now = self.clock()
        return await challenges.create_challenge(
            self.db, creator_id=player_id, variant=variant, now=now,
            expires_at=now + timedelta(hours=CHALLENGE_HOURS), match_length=length, cube=cube)

    async def accept_challenge(self, code: str, player_id: int) -> Row:
        """Join a friend's challenge; both play in their private chats with the bot."""
        row, live = await self._accept(code, player_id)
        for seat, player in enumerate(row.players):
            viewer = await self._viewer(row, seat)
            await send_text(self.bot, player, viewer.t(  # type: ignore[arg-type]
                "game-started", variant=viewer.t(f"variant-{row.variant}"),
                name=viewer.names[1 - seat]))
        async with self._locks[row.id]:
            await self._continue(row, live)
        return row

    async def join_group_challenge(self, code: str, player_id: int, chat_id: int) -> Row:
        """Join an open challenge in a group: the game runs in one group message."""
        row, live = await self._accept(code, player_id)
        now = self.clock()
        for player in row.players:
            await chats.add_chat_member(self.db, chat_id, player, now=now)  # type: ignore[arg-type]
        message_id = await send_board(self.bot, chat_id, await self._group_board(row, live,
                                                                                 chat_id))
        self.coalescer.note(chat_id)
        if message_id is None:  # the group does not let the bot post its board
            await games.save_game(self.db, row.id, row.version, state_json=row.state_json,
                                  deadline=None, now=now, status="aborted")
            t = await self.chat_translator(chat_id, row)
            await send_text(self.bot, chat_id, t("group-no-board"))
            raise GroupBoardFailed
        await boards.put_board_message(self.db, row.id, chat_id, message_id, player_id=None,
                                       now=now)
        async with self._locks[row.id]:
            await self._continue(row, live)
        return row

    async def _accept(self, code: str, player_id: int) -> tuple[Row, Live]:
        """Accept a challenge (storage lets only the first acceptance through)."""
        challenge = await challenges.get_challenge(self.db, code)
        open_to_me = (challenge is not None and challenge.status == "open"
                      and challenge.creator_id != player_id)
        playing = open_to_me and (  # type: ignore[union-attr]
            await self.active_game(player_id) or await self.active_game(challenge.creator_id))
        if playing:
            raise Busy
        variant = challenge.variant if challenge else "short"
        live = self._new_live(variant, challenge.match_length if challenge else 1,
                              challenge.cube if challenge else False, computer_seat=None)
        now = self.clock()
        _, row = await challenges.accept_challenge(
            self.db, code, player_id, now=now, state_json=live.dump(),
            deadline=now + timedelta(seconds=self.settings.move_timeout_seconds))
        return row, live

    def _new_live(self, variant: str, length: int, cube: bool,
                  computer_seat: int | None) -> Live:
        live = Live(Game.new(variant, self.dice, match=MatchState(length), cube=cube))
        self._auto(live, computer_seat)
        return live

    # -- button presses ------------------------------------------------------------

    async def press(self, user_id: int, data: GameCb, answer: Answer) -> None:
        async with self._locks[data.game]:
            t = await self._translator(user_id)
            try:
                row = await games.load_game(self.db, data.game)
            except GameNotFound:
                return await answer(t("alert-finished"), True)
            seat = row.seat_of(user_id)
            if seat is None:
                return await answer(t("alert-not-player"), True)
            if data.a is Act.REMATCH:
                await answer(None, False)
                return await self._rematch(row, seat)
            if row.status != "active":
                return await answer(t("alert-finished"), True)
            live = Live.load(row.state_json)
            # Resigning is a player's right at any moment, from any board of the game.
            if data.a in (Act.RESIGN, Act.RESIGN_NO):
                await answer(None, False)
                if data.a is Act.RESIGN:
                    return await self._ask_resign(row, live, seat, t)
                return await self._publish(row, live, only_seat=seat)
            if data.a is Act.RESIGN_YES and (
                    (data.src and data.src - 1 != seat) or data.dst != live.number):
                # Another player's prompt, or a prompt left over from an earlier game.
                return await answer(t("alert-stale"), True)
            if data.a is not Act.RESIGN_YES:
                if data.v != row.version:
                    await answer(t("alert-stale"), True)
                    # The player may never have received the latest board: send it.
                    return await self._publish(row, live, only_seat=seat)
                if live.game.to_act != seat:
                    return await answer(t("alert-not-your-turn"), True)
            await answer(None, False)
            try:
                await self._apply(row, live, seat, data)
            except (VersionConflict, GameNotActive):  # the game moved on meanwhile
                log.info("game %s changed under a press; showing it as stored", row.id)
                row = await games.load_game(self.db, row.id)
                await self._publish(row, Live.load(row.state_json), only_seat=seat)

    async def _apply(self, row: Row, live: Live, seat: int, data: GameCb) -> None:
        game, key = live.game, (row.id, seat)
        entries: list[LogEntry] = []
        try:
            if data.a is Act.PICK:
                self._selected[key] = data.src
                return await self._publish(row, live, only_seat=seat)
            if data.a is Act.BACK:
                self._selected.pop(key, None)
                return await self._publish(row, live, only_seat=seat)
            self._selected.pop(key, None)
            if data.a is Act.GO:
                path = live.turn().destinations(data.src)[data.dst]
                for step in path:
                    live.steps.append((step.src, step.dst))
                    entries.append(LogEntry("step", str(step), seat))
                live.turn()  # the steps must replay; KeyError/EngineError otherwise
            elif data.a is Act.UNDO:
                if not live.steps:
                    return None
                src, dst = live.steps.pop()
                entries.append(LogEntry("undo", f"{src}/{dst}", seat))
            elif data.a is Act.DONE:
                play = live.turn().finish()
                live.steps.clear()
                game.play(seat, play)
                entries.append(LogEntry("move", str(play.move) or "pass", seat))
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
        except (EngineError, KeyError) as exc:
            log.info("refused %s in game %s: %s", data.a, row.id, exc)
            return await self._publish(row, Live.load(row.state_json))  # as stored
        # A step inside a turn changes only the mover's board (the other player's board is
        # redrawn when the turn is played) and leaves the turn's timer running.
        within_turn = data.a in (Act.GO, Act.UNDO)
        await self._commit_and_continue(row, live, entries,
                                        only_seat=seat if within_turn else None,
                                        keep_deadline=within_turn)

    async def _commit_and_continue(self, row: Row, live: Live, entries: list[LogEntry],
                                   only_seat: int | None = None,
                                   keep_deadline: bool = False) -> None:
        """Automatic play (rolls, forced moves, passes, the computer), saved step by step."""
        entries += self._auto(live, _computer_seat(row))
        row, live = await self._commit(row, live, entries, keep_deadline)
        await self._continue(row, live, only_seat)

    async def _continue(self, row: Row, live: Live, only_seat: int | None = None) -> None:
        """Show the saved game, then let the computer act (and save) while it is its turn."""
        computer_seat = _computer_seat(row)
        await self._publish_safely(row, live, only_seat)
        while row.status == "active" and live.game.to_act == computer_seat:
            entries = await self._computer_acts(live, row.level or "intermediate")
            entries += self._auto(live, computer_seat)
            row, live = await self._commit(row, live, entries)
            await self._publish_safely(row, live)

    async def _publish_safely(self, row: Row, live: Live, only_seat: int | None = None) -> None:
        """Redraw, but never let a Telegram failure stop the game: the database is the truth,
        and the next press or /games redraws the board."""
        try:
            await self._publish(row, live, only_seat)
        except Exception:
            log.exception("redrawing game %s failed", row.id)

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
            for seat in (0, 1):
                self._selected.pop((row.id, seat), None)
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
            entries += self._auto(next_live, _computer_seat(row))
        finish = await results.finish_game(
            self.db, row.id, row.version, winner_seat=result.winner, result=result.kind.value,
            points=result.points, state_json=next_live.dump(), now=now, log=entries,
            match_over=following is None,
            deadline=self._deadline(next_live, row.players) if following else None)
        new_row = await games.load_game(self.db, row.id)
        await self._announce(new_row, live, Outcome(
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

    # -- timers ------------------------------------------------------------------------

    async def tick(self) -> None:
        """One pass of the timer loop: time out overdue turns, warn those running out."""
        now = self.clock()
        warn_from = now + timedelta(seconds=self.settings.move_timeout_seconds * WARN_BEFORE)
        for row in await games.expired_games(self.db, warn_from):
            try:
                if row.deadline is not None and row.deadline <= now:
                    await self._expire(row.id)
                elif (row.id, row.deadline) not in self._warned:
                    self._warned.add((row.id, row.deadline))
                    await self._warn(row)
            except Exception:  # one game's trouble must not hold up the others' timers
                log.exception("the timer failed on game %s", row.id)

    async def _expire(self, game_id: int) -> None:
        async with self._locks[game_id]:
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

    async def _warn(self, row: Row) -> None:
        live = Live.load(row.state_json)
        player = row.players[live.game.to_act]
        if player is None or row.deadline is None:
            return
        t = await self._translator(player)
        left = max(0, int((row.deadline - self.clock()).total_seconds()))
        await send_text(self.bot, player, t("timer-warning", seconds=left))

    # -- messages ----------------------------------------------------------------------

    async def _publish(self, row: Row, live: Live, only_seat: int | None = None) -> None:
        """Redraw every board message of the game (or only one player's)."""
        stored = await boards.board_messages(self.db, row.id)
        shared = [message for message in stored if message.player_id is None]
        if shared:  # a group game: one board for everybody, redrawn at the group's pace
            for message in shared:
                await self.coalescer.submit(message.chat_id, partial(
                    self._redraw_group, row.id, message.chat_id), slot=row.id)
            return
        private = {message.chat_id: message for message in stored}
        for seat, player in enumerate(row.players):
            if player is None or (only_seat is not None and seat != only_seat):
                continue
            viewer = await self._viewer(row, seat)
            board = await self._board(row, live, viewer)
            message = private.get(player)
            if message is None:
                new_id = await send_board(self.bot, player, board)
            else:
                new_id = await edit_board(self.bot, player, message.message_id, board)
            if new_id is not None and (message is None or new_id != message.message_id):
                await boards.put_board_message(self.db, row.id, player, new_id,
                                               player_id=player, now=self.clock())

    async def _redraw_group(self, game_id: int, chat_id: int) -> None:
        """Show the game as stored *now* in the group (a queued redraw shows the latest)."""
        row = await games.load_game(self.db, game_id)
        live = Live.load(row.state_json)
        message = next((m for m in await boards.board_messages(self.db, game_id)
                        if m.chat_id == chat_id), None)
        if message is None:
            return
        board = await self._group_board(row, live, chat_id)
        new_id = await edit_board(self.bot, chat_id, message.message_id, board)
        if new_id is not None and new_id != message.message_id:
            await boards.put_board_message(self.db, game_id, chat_id, new_id, player_id=None,
                                           now=self.clock())

    async def _group_board(self, row: Row, live: Live, chat_id: int) -> Board:
        """The shared board: seat 0 always at the bottom, the buttons of the seat to act."""
        t = await self.chat_translator(chat_id, row)
        names = await self._names(row, t)
        actor = live.game.to_act
        selected = self._selection(row, live, actor)
        targets = tuple(live.turn().destinations(selected)) if selected is not None else ()
        if actor != 0:  # the highlights are in the mover's numbers; the picture is seat 0's
            selected = None if selected is None else _to_other_side(live, selected)
            targets = tuple(_to_other_side(live, point) for point in targets)
        watcher = Viewer(0, t, names, is_player=False)
        photo = await asyncio.to_thread(self.render, scene_for(live, watcher, selected, targets))
        caption = caption_for(live, watcher, deadline=row.deadline, now=self.clock(),
                              computer_seat=None)
        keyboard = keyboard_for(live, Viewer(actor, t, names), row.id, row.version,
                                self._selection(row, live, actor))
        return Board(photo, caption, keyboard)

    def _selection(self, row: Row, live: Live, seat: int) -> int | None:
        """The checker `seat` has chosen, while it is that seat's move."""
        if live.game.phase is not Phase.MOVE or live.game.to_act != seat:
            return None
        return self._selected.get((row.id, seat))

    async def _board(self, row: Row, live: Live, viewer: Viewer) -> Board:
        selected = self._selection(row, live, viewer.seat)
        targets = tuple(live.turn().destinations(selected)) if selected is not None else ()
        scene = scene_for(live, viewer, selected, targets)
        photo = await asyncio.to_thread(self.render, scene)
        caption = caption_for(live, viewer, deadline=row.deadline, now=self.clock(),
                              computer_seat=_computer_seat(row))
        keyboard = keyboard_for(live, viewer, row.id, row.version, selected)
        return Board(photo, caption, keyboard)

    async def _ask_resign(self, row: Row, live: Live, seat: int, t: Translator) -> None:
        """Swap the buttons for "resign? yes / no" where the player sees the board."""
        for message in await boards.board_messages(self.db, row.id):
            if message.player_id is None:  # a group board: only `seat` may confirm
                t = await self.chat_translator(message.chat_id, row)
            elif message.player_id != row.players[seat]:
                continue
            viewer = Viewer(seat, t, await self._names(row, t))
            await edit_keyboard(self.bot, message.chat_id, message.message_id,
                                resign_keyboard(viewer, row.id, row.version, live.number))

    async def _announce(self, row: Row, live: Live, outcome: Outcome) -> None:
        if outcome.match_over:
            await self._update_card(row, outcome)
        changes = {change.player_id: change for change in outcome.changes}
        shared = [m for m in await boards.board_messages(self.db, row.id) if m.player_id is None]
        for message in shared:  # a group game: the result goes to the group
            t = await self.chat_translator(message.chat_id, row)
            names = await self._names(row, t)
            lines = [t("group-result", winner=names[outcome.winner],
                       loser=names[1 - outcome.winner], points=outcome.points,
                       kind=t(f"kind-{outcome.kind}"), reason=t(f"reason-{outcome.reason}"))]
            for seat, player in enumerate(row.players):
                if player in changes:
                    change = changes[player]
                    lines.append(t("group-rating", name=names[seat],
                                   delta=f"{change.delta:+d}", rating=str(change.after)))
            await send_text(self.bot, message.chat_id, "\n".join(lines))
            self.coalescer.note(message.chat_id)
        if shared:
            return
        for seat, player in enumerate(row.players):
            if player is None:
                continue
            viewer = await self._viewer(row, seat)
            t = viewer.t
            won = outcome.winner == seat
            lines = [t("result-win" if won else "result-loss", points=outcome.points,
                       kind=t(f"kind-{outcome.kind}"), reason=t(f"reason-{outcome.reason}"))]
            if row.match_length > 1:
                match = live.game.match.after(live.game.result)  # type: ignore[arg-type]
                lines.append(t("match-score", length=row.match_length,
                               me=match.score[seat], them=match.score[1 - seat]))
                lines.append(t("match-won" if won else "match-lost") if outcome.match_over
                             else t("match-next", number=live.number + 1))
            if player in changes:
                change = changes[player]
                lines.append(t("rating-change", delta=f"{change.delta:+d}",
                               rating=str(change.after)))  # no thousands separator
            await send_text(self.bot, player, "\n".join(lines))

    async def redraw(self, player_id: int) -> bool:
        """Send the player's board again as a new message (e.g. after /games)."""
        row = await self.active_game(player_id)
        if row is None:
            return False
        async with self._locks[row.id]:
            row = await games.load_game(self.db, row.id)
            live = Live.load(row.state_json)
            seat = row.seat_of(player_id)
            viewer = await self._viewer(row, seat)  # type: ignore[arg-type]
            new_id = await send_board(self.bot, player_id, await self._board(row, live, viewer))
            if new_id is not None:
                await boards.put_board_message(self.db, row.id, player_id, new_id,
                                               player_id=player_id, now=self.clock())
        return True

    async def resign_prompt(self, player_id: int) -> bool:
        row = await self.active_game(player_id)
        if row is None:
            return False
        seat = row.seat_of(player_id)
        await self._ask_resign(row, Live.load(row.state_json), seat,  # type: ignore[arg-type]
                               await self._translator(player_id))
        return True

    async def _rematch(self, row: Row, seat: int) -> None:
        player = row.players[seat]
        assert player is not None
        t = await self._translator(player)
        shared = [m for m in await boards.board_messages(self.db, row.id) if m.player_id is None]
        if shared:  # in a group the rematch is a new open challenge there
            for message in shared:
                await self.post_group_challenge(message.chat_id, player, row.variant,
                                                row.match_length, row.cube)
            return
        try:
            if row.level is not None:
                await self.start_vs_computer(player, row.variant, row.level, row.match_length,
                                             row.cube)
                return
            challenge = await self.create_challenge(player, row.variant, row.match_length,
                                                    row.cube)
        except Busy:
            await send_text(self.bot, player, t("busy"))
            return
        other = row.players[1 - seat]
        me = await self.player(player)
        link = await self.challenge_link(challenge.code)
        await send_text(self.bot, player, t("rematch-sent", link=link))
        if other is not None:
            await send_text(self.bot, other, (await self._translator(other))(
                "rematch-offer", name=me.name if me else "?", link=link))

    async def post_group_challenge(self, chat_id: int, player_id: int, variant: str,
                                   length: int, cube: bool) -> None:
        """An open challenge in a group, with a Join button for its other members."""
        t = await self.chat_translator(chat_id)
        try:
            challenge = await self.create_challenge(player_id, variant, length, cube)
        except Busy:
            await send_text(self.bot, chat_id, t("busy"))
            return
        await chats.add_chat_member(self.db, chat_id, player_id, now=self.clock())
        me = await self.player(player_id)
        text = t("group-challenge", name=me.name if me else "?",
                 variant=t(f"variant-{variant}"), points=length)
        join = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
            text=t("btn-join"), callback_data=JoinCb(code=challenge.code).pack())]])
        await send_text(self.bot, chat_id, text, join)
        self.coalescer.note(chat_id)

    async def accept_card(self, inline_message_id: str, data: CardCb, player_id: int) -> Row:
        """Accept an inline challenge card: the game runs in both private chats.

        The card itself is the challenge: its first acceptance creates and accepts a
        challenge keyed by the card, so a second press finds it taken.
        """
        code = "i" + hashlib.sha256(inline_message_id.encode()).hexdigest()[:15]
        if await challenges.get_challenge(self.db, code) is None:
            if data.creator == player_id:
                raise ChallengeUnavailable(code, "own")
            now = self.clock()
            with contextlib.suppress(sqlite3.IntegrityError):  # a simultaneous press made it
                await challenges.create_challenge(
                    self.db, creator_id=data.creator, variant=data.variant, now=now,
                    expires_at=now + timedelta(hours=CHALLENGE_HOURS), code=code)
        row, live = await self._accept(code, player_id)
        creator = await self._translator(data.creator)
        await chats.put_game_card(self.db, row.id, inline_message_id, creator.language)
        await self._update_card(row)
        async with self._locks[row.id]:
            await self._continue(row, live)
        return row

    async def _update_card(self, row: Row, outcome: Outcome | None = None) -> None:
        """Keep an inline challenge card in step with its game: playing, then the result."""
        card = await chats.game_card(self.db, row.id)
        if card is None:
            return
        inline_message_id, language = card
        t = Translator(language)
        a, b = await self._names(row, t)
        if outcome is None:
            text = t("card-playing", a=a, b=b, variant=t(f"variant-{row.variant}"))
            me = await self.bot.me()
            markup = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
                text=t("btn-open-board"), url=f"https://t.me/{me.username}?start=play")]])
        else:
            winner, loser = (a, b) if outcome.winner == 0 else (b, a)
            text = t("card-result", winner=winner, loser=loser, points=outcome.points,
                     kind=t(f"kind-{outcome.kind}"))
            markup = None
        await edit_card(self.bot, inline_message_id, text, markup)

    async def challenge_link(self, code: str) -> str:
        me = await self.bot.me()
        return f"https://t.me/{me.username}?start={code}"

    # -- who is who --------------------------------------------------------------------

    async def player(self, player_id: int) -> Player | None:
        """A stored player, cached: every redraw needs names and languages."""
        if player_id not in self._players:
            self._players[player_id] = await players.get_player(self.db, player_id)
        return self._players[player_id]

    def forget_player(self, player_id: int) -> None:
        """Drop the cached row after the player changed (name, language)."""
        self._players.pop(player_id, None)

    async def _translator(self, player_id: int) -> Translator:
        player = await self.player(player_id)
        saved = player.language if player else None
        return Translator(pick_language(saved, None, self.settings.default_language))

    async def _viewer(self, row: Row, seat: int) -> Viewer:
        player = row.players[seat]
        t = await self._translator(player) if player is not None else Translator(
            self.settings.default_language)
        return Viewer(seat, t, await self._names(row, t))

    async def _names(self, row: Row, t: Translator) -> tuple[str, str]:
        names = []
        for occupant in row.players:
            if occupant is None:
                names.append(t("computer-name", level=t(f"level-{row.level}")))
            else:
                stored = await self.player(occupant)
                names.append(stored.name if stored else "?")
        return names[0], names[1]

    async def chat_translator(self, chat_id: int, row: Row | None = None) -> Translator:
        """A group's language: set by an admin with /lang, else its first game's starter's."""
        language = await chats.chat_language(self.db, chat_id)
        if language is None and row is not None and row.players[0] is not None:
            return await self._translator(row.players[0])
        return Translator(pick_language(language, None, self.settings.default_language))


def _to_other_side(live: Live, point: int) -> int:
    """A point of the seat to act in the other seat's numbers (the bar and off stay)."""
    if point in (0, 25):
        return point
    return opp_point(live.game.variant, point)


def _computer_seat(row: Row) -> int | None:
    for seat, player in enumerate(row.players):
        if player is None:
            return seat
    return None


def _opening_log(game: Game) -> list[LogEntry]:
    """The move-log lines of a game's first events (a forced opening move logs its move)."""
    return [LogEntry(event["type"], str(event.get("move", event.get("dice", ""))),
                     event.get("seat", event.get("starter"))) for event in game.history]
