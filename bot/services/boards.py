"""Board messages: drawing a stored game for each viewer and keeping their messages current.

A private game has one board message per player (their side at the bottom, in their
language, with their buttons); a group game has one shared message, redrawn through the
coalescer at the group's pace. The database is the truth: every board is drawn from the
stored game, so any message can be redrawn at any time.

Each board message records the game version it shows. A redraw never replaces a newer
board with an older one, and a message left behind its game (the process stopped between
saving and redrawing, or Telegram failed) is found and redrawn by the timer loop, at
start-up first (`BoardRepair.sweep`).

Redraws never go backwards, whichever task, retry, repair or process sends them: every send
or edit of a board message first claims its version in the database (`storage.boards`:
granted only for a version at least as new as every one claimed or shown, and only while
no other send of the message may still be on its way), holds the message in this process
while it is on its way, renews the claim before each retry (a retry of a version the game
has moved past is given up), and records as shown only what Telegram got. A redraw that
finds another send on its way is drawn again when that one's claim ends (`later`).

The publisher hears every committed change of the game core (`on_change`) and draws it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from functools import partial

from aiogram import Bot
from aiogram.types import InlineKeyboardMarkup

from bot.plumbing.pacing import Coalescer
from bot.plumbing.retry import FAULTS, answered, watching
from bot.plumbing.telegram_io import (
    BOARD_TIMEOUT,
    Board,
    Unreachable,
    edit_board,
    edit_caption,
    send_board,
    send_text,
)
from bot.services.ephemeral import MoverButtons
from bot.views.board import (
    GameTag,
    Viewer,
    caption_for,
    keyboard_for,
    resign_keyboard,
    scene_for,
    viewer_of,
)
from bot.views.resigning import resign_question
from bot.views.webapp import WebApp, board_button, group_button
from core.events import Change, What
from core.hints import offers_hints
from core.live import Live
from core.locks import KeyedLocks
from core.timecontrol import TimeControl, stored_control
from engine.game import Phase
from engine.position import opp_point
from i18n import Translator
from i18n.people import People
from storage import boards, games, presence
from storage.db import Database
from storage.errors import DatabaseBlip
from storage.models import BoardMessage
from storage.models import Game as Row

log = logging.getLogger(__name__)
Clock = Callable[[], datetime]
# How long a claim on a board message lasts from a try of its send: one try's longest
# (BOARD_TIMEOUT) and a margin. Renewed before every try.
SEND_LEASE = BOARD_TIMEOUT + 2
Later = Callable[[int, float], None]  # (game, seconds): draw the game's boards again then
Send = Callable[[int], Awaitable[int | None]]  # message id (0: none) -> the id showing it
# What a board says of the event its game is part of: (game, seat or None for a group's
# board, language) -> a caption line and whether Play again is offered (tournaments).
Tagger = Callable[[Row, int | None, Translator], Awaitable[GameTag | None]]
# (row shown, its reader (None: a group), saved no later than, reached at): a board of the
# turn reached the player to act (`GameService.board_reached`: waiting is not charged).
Reached = Callable[..., Awaitable[bool]]


class Superseded(Exception):
    """A retry of a board send was given up: the game moved on, or the claim was lost."""


class _Tries:
    """Watches the tries of one claimed send (`bot.plumbing.retry.watching`): before a
    retry, the claim is renewed and the game must still be at the claimed version; after
    each try, whether Telegram may have carried it out without telling us."""

    def __init__(self, publisher: BoardPublisher, game_id: int, chat_id: int, version: int,
                 token: str) -> None:
        self.publisher, self.game_id, self.chat_id = publisher, game_id, chat_id
        self.version, self.token = version, token
        self.uncertain = False  # a try whose fate is unknown: its claim must run out

    async def before(self, attempt: int) -> None:
        db = self.publisher.db
        if (await games.game_version(db, self.game_id) or 0) > self.version or \
                not await boards.renew_send(db, self.game_id, self.chat_id, self.version,
                                            token=self.token, now=self.publisher.clock(),
                                            lease=SEND_LEASE):
            raise Superseded(f"game {self.game_id}: version {self.version} is out of date")

    def after(self, error: BaseException | None) -> None:
        if error is not None and not answered(error):
            self.uncertain = True


class BoardPublisher:
    def __init__(self, bot: Bot, db: Database, people: People, coalescer: Coalescer, *,
                 clock: Clock, render: Callable[..., bytes], later: Later,
                 drawn: Callable[[int], None], web: WebApp | None = None,
                 tags: Sequence[Tagger] = (), reached: Reached | None = None,
                 ephemeral: bool = False) -> None:
        self.bot, self.db, self.people, self.coalescer = bot, db, people, coalescer
        self.clock, self.render = clock, render
        self.web = web  # the web board: each board message gets a button opening it
        # The checker each (game, seat) has chosen: what its buttons show, nothing more.
        self._selected: dict[tuple[int, int], int] = {}
        self._sending = KeyedLocks()  # (game, chat): one send of a message at a time here
        # Draw a game's boards again in some seconds (the repairs: `BoardRepair.later`).
        self.later = later
        # Told of every player a board was sent to (their game buttons go first).
        self.drawn = drawn
        # Chats that refused a board lately: not tried again until they write to the bot.
        self.unreachable = Unreachable(clock)
        # Asked for every board drawn; the first tag given is shown (the tournaments').
        self.tags = tuple(tags)
        self.reached = reached
        # Each game's newest version this process heard of, and when (its save was no later).
        self._heard: dict[int, tuple[int, datetime]] = {}
        # GROUP_EPHEMERAL_BUTTONS: a group game's mover gets the buttons alone.
        self.mover_buttons = MoverButtons(bot, people, self.selection) if ephemeral else None

    # -- the chosen checker ------------------------------------------------------------

    def select(self, game_id: int, seat: int, point: int) -> None:
        self._selected[(game_id, seat)] = point

    def unselect(self, game_id: int, seat: int | None = None) -> None:
        """Forget the chosen checker of `seat` (or of both seats)."""
        for each in (0, 1) if seat is None else (seat,):
            self._selected.pop((game_id, each), None)

    @property
    def selections(self) -> int:
        """How many chosen checkers are remembered (one per game and seat at most)."""
        return len(self._selected)

    def selection(self, row: Row, live: Live, seat: int) -> int | None:
        """The checker `seat` has chosen, while it is that seat's move."""
        if live.game.phase is not Phase.MOVE or live.game.to_act != seat:
            return None
        return self._selected.get((row.id, seat))

    # -- the game core's changes ---------------------------------------------------------

    async def on_change(self, change: Change) -> None:
        """Draw a committed change where the game is shown (a failure to draw a played
        change is logged: the timer loop redraws every board left behind its game)."""
        row, live, what, seat = change.row, change.live, change.what, change.seat
        if what is What.STEP:
            self.unselect(row.id, seat)
            await self.publish_safely(row, live, seat, step=True)
        elif what in (What.BEGAN, What.MOVED, What.ENDED):
            self.unselect(row.id)  # the turn changed hands or ended: no checker stays chosen
            await self.publish_safely(row, live)
        elif what is What.REFUSED:
            self.unselect(row.id, seat)
            await self.publish(row, live)
        elif what is What.SHOW:
            if not self.coalescer.waiting(row.id):  # else its redraw is on its way
                await self.publish(row, live, only_seat=seat)
        elif what is What.BEHIND:
            await self.publish(row, live, behind_only=True)
        elif what is What.WARNING and seat is not None:
            await self.warn(row, seat)

    async def warn(self, row: Row, seat: int) -> None:
        """Tell the player in `seat` how many seconds of their turn are left (a
        correspondence game's reminder is `bot.services.correspondence`'s)."""
        player = row.players[seat]
        if player is None or row.deadline is None or player in self.unreachable \
                or row.timing.correspondence:
            return
        t = await self.people.translator(player)
        left = max(0, round((row.deadline - self.clock()).total_seconds()))
        await send_text(self.bot, player, t("timer-warning", seconds=left))

    # -- redrawing ---------------------------------------------------------------------

    async def publish(self, row: Row, live: Live, only_seat: int | None = None, *,
                      step: bool = False, behind_only: bool = False) -> None:
        """Redraw every board message of the game (or only one player's).

        A message already showing a newer version is left alone (a redraw never goes
        backwards); with `behind_only` so is one showing this version. `step`: this version
        differs from the one before only by the mover's steps, so the other player's board,
        if it showed the version before, still shows the game as that player sees it.
        """
        self.heard(row)
        stored = await boards.board_messages(self.db, row.id)
        shared = [message for message in stored if message.player_id is None]
        if shared:  # a group game: one board for everybody, redrawn at the group's pace
            if self.mover_buttons is not None:  # the mover's buttons, theirs alone
                await self.mover_buttons.show(row, live, shared[0].chat_id)
                if step or only_seat is not None:  # the group sees turns, not steps
                    if step:
                        await boards.carry_forward(self.db, row.id, [shared[0].chat_id],
                                                   row.version - 1, row.version)
                    return
            for message in shared:
                if behind_only and not message.behind(row.version, self.clock()):
                    continue
                await self.coalescer.submit(message.chat_id, partial(
                    self._redraw_group, row.id, message.chat_id), slot=row.id)
            return
        private = {message.chat_id: message for message in stored}
        watchers = [m for m in stored if m.chat_id not in row.players]
        waiting, failed = [], None
        for seat, player in enumerate(row.players):
            if player is None:
                continue
            shown = private.get(player)
            if only_seat is not None and seat != only_seat:
                waiting.append(player)
                continue
            if shown is not None and (shown.shown_version > row.version or (
                    behind_only and not shown.behind(row.version, self.clock()))):
                continue
            try:
                await self._show(row, live, seat, shown)
            except Exception as exc:  # still draw the other player's board
                failed = exc
        for message in watchers:  # watchers see turns, as the waiting player does
            if only_seat is not None:
                waiting.append(message.chat_id)
            elif message.shown_version <= row.version and (
                    not behind_only or message.behind(row.version, self.clock())):
                try:
                    await self._show_watcher(row, live, message.chat_id)
                except Exception as exc:  # still draw the others' boards
                    failed = exc
        if step and waiting:
            await boards.carry_forward(self.db, row.id, waiting, row.version - 1, row.version)
        if failed is not None:
            raise failed

    async def publish_safely(self, row: Row, live: Live, only_seat: int | None = None, *,
                             step: bool = False) -> None:
        """Redraw, but never let a Telegram failure stop the game: the database is the truth,
        and the timer loop redraws every board left behind its game."""
        try:
            await self.publish(row, live, only_seat, step=step)
        except FAULTS:  # the retry policy has logged why; the board is drawn later
            log.warning("redrawing game %s failed; it is redrawn later", row.id)
        except DatabaseBlip:  # logged once per outage; the timer loop redraws it later
            pass
        except Exception:
            log.exception("redrawing game %s failed", row.id)

    async def _show(self, row: Row, live: Live, seat: int, message: BoardMessage | None
                    ) -> None:
        """Draw `row` for the player in `seat` into their board message (a new one when
        there is none or it is gone), and record the version it shows."""
        player = row.players[seat]
        assert player is not None
        viewer = await viewer_of(self.people, row, seat)
        board = await self.board(row, live, viewer)
        if await self._deliver(row.id, player, row.version, player,
                               self._sender(player, board)) \
                and (message is None or message.shown_version < row.version):
            await self._reached(row, player, player)

    async def _show_watcher(self, row: Row, live: Live, chat_id: int) -> None:
        """Draw `row` into a watcher's board message in their private chat."""
        board = await self.watcher_board(row, live, chat_id)
        await self._deliver(row.id, chat_id, row.version, chat_id,
                            self._sender(chat_id, board))

    async def watch(self, row: Row, live: Live, chat_id: int) -> bool:
        """Send the game's board, read-only, to a watcher's private chat as a new message
        that is kept current like the players' boards (its row names the watcher as
        `player_id`; the players' own rows are theirs). False when the chat refuses it."""
        board = await self.watcher_board(row, live, chat_id)
        async with self._sending.hold((row.id, chat_id)):
            new_id = await send_board(self.bot, chat_id, board, self.unreachable)
            if new_id is None:
                return False
            await boards.replace_board_message(self.db, row.id, chat_id, new_id,
                                               player_id=chat_id, version=row.version,
                                               now=self.clock())
        return True

    def _sender(self, chat_id: int, board: Board) -> Send:
        """Send `board` as a new message (into message id 0) or edit it into the message;
        the id of the message showing it, or None when the chat refuses it."""
        async def send(message_id: int) -> int | None:
            if chat_id in self.unreachable:  # as refused (the chat is written to later)
                return None
            if message_id == 0:
                return await send_board(self.bot, chat_id, board, self.unreachable)
            return await edit_board(self.bot, chat_id, message_id, board, self.unreachable)
        return send

    async def _deliver(self, game_id: int, chat_id: int, version: int,
                       player_id: int | None, send: Send, *, whole: bool = True) -> bool:
        """Send `version` of the game's board message in `chat_id` under a claim (see the
        module docstring): False when it was not sent (a newer version is claimed or shown,
        or another send is on its way: then the boards are drawn again after it). Telegram
        failing raises its error (`FAULTS`) as the send itself does. `whole`: the send
        draws the picture too (not only the caption)."""
        async with self._sending.hold((game_id, chat_id)):
            token = presence.token_of(self.db.instance)
            claim = await boards.claim_send(self.db, game_id, chat_id, version,
                                            player_id=player_id, token=token,
                                            now=self.clock(), lease=SEND_LEASE)
            if not claim.granted:
                if claim.wait:
                    self.later(game_id, claim.wait)
                return False
            tries = _Tries(self, game_id, chat_id, version, token)
            shown: int | None = None
            try:
                with watching(tries):
                    new_id = await send(claim.message_id)
                # The chat refuses the board: nothing more to do for this version.
                shown = claim.message_id if new_id is None else new_id
                if new_id is not None and player_id is not None:
                    self.drawn(player_id)
            except Superseded as exc:
                log.info("%s: a retry of its board in chat %s is given up", exc, chat_id)
                self.later(game_id, 1.0)  # drawn again as stored then (if still behind)
                return False
            finally:
                with contextlib.suppress(Exception):  # (a closing database at a stop)
                    await boards.finish_send(
                        self.db, game_id, chat_id, version, token=token,
                        claimed_id=claim.message_id, shown_id=shown,
                        release=not tries.uncertain, now=self.clock(), claim=claim,
                        whole=whole)
            return True

    def heard(self, row: Row) -> datetime:
        """When this process first heard of `row`'s version (it was saved no later)."""
        known = self._heard.get(row.id)
        if row.status != "active":
            self._heard.pop(row.id, None)
        elif known is None or known[0] != row.version:
            known = self._heard[row.id] = (row.version, self.clock())
        return self.clock() if known is None else known[1]

    async def _reached(self, row: Row, chat_id: int, player_id: int | None) -> None:
        """A board showing `row` first reached `chat_id`: the core moves the turn's deadline
        on by the time the player to act waited for it (a chat that refused it is none)."""
        if self.reached is None or chat_id in self.unreachable or row.status != "active":
            return
        # A blip: the turn keeps its deadline (nothing is lost but the credit).
        with contextlib.suppress(DatabaseBlip):
            await self.reached(row, player_id, saved_at=self.heard(row), at=self.clock())

    async def shows(self, row: Row, seat: int) -> bool:
        """Whether the board the player in `seat` looks at shows the game as stored."""
        stored = await boards.board_messages(self.db, row.id)
        shared = [message for message in stored if message.player_id is None]
        mine = shared or [m for m in stored if m.chat_id == row.players[seat]]
        return bool(mine) and all(m.shown_version >= row.version for m in mine)

    async def send_anew(self, row: Row, live: Live, player_id: int) -> None:
        """Send the player's board again as a new message (e.g. after /games); a group
        game's shared board is sent anew in its group."""
        group = next((m.chat_id for m in await boards.board_messages(self.db, row.id)
                      if m.player_id is None), None)
        if group is not None:
            chat, board = group, await self.group_board(row, live, group)
        else:
            seat = row.seat_of(player_id)
            assert seat is not None
            viewer = await viewer_of(self.people, row, seat)
            chat, board = player_id, await self.board(row, live, viewer)
        async with self._sending.hold((row.id, chat)):
            try:
                new_id = await send_board(self.bot, chat, board, self.unreachable)
            except FAULTS:  # the board message there stays; the timer loop looks after it
                log.warning("sending game %s's board to %s failed", row.id, chat)
                return
            if new_id is not None:  # a new message: edits on their way to the old one
                await boards.replace_board_message(  # no longer count
                    self.db, row.id, chat, new_id,
                    player_id=None if group is not None else player_id,
                    version=row.version, now=self.clock())

    async def _redraw_group(self, game_id: int, chat_id: int) -> None:
        """Show the game as stored *now* in the group (a queued redraw shows the latest)."""
        row = await games.load_game(self.db, game_id)
        live = Live.load(row.state_json)
        message = next((m for m in await boards.board_messages(self.db, game_id)
                        if m.chat_id == chat_id), None)
        if message is None or message.shown_version > row.version:
            return
        board = await self.group_board(row, live, chat_id)
        try:  # (a board promised to the group and never posted is sent as a new message)
            if await self._deliver(game_id, chat_id, row.version, None,
                                   self._sender(chat_id, board)) \
                    and message.shown_version < row.version:
                await self._reached(row, chat_id, None)
        except FAULTS:  # the retry policy has logged why; the timer loop draws it later
            log.warning("redrawing game %s in group %s failed", game_id, chat_id)

    # -- what a board shows ------------------------------------------------------------

    async def group_board(self, row: Row, live: Live, chat_id: int) -> Board:
        """The shared board: seat 0 always at the bottom, the buttons of the seat to act.

        One numbering throughout, seat 0's, that never flips: the picture's point numbers,
        the caption's moves and the move buttons' labels (the top player's `13→7` is
        written `12→18`, as the picture numbers those points; its data stays the mover's).
        """
        t = await self.people.chat_translator(chat_id, row)
        names = await self.people.names(row, t)
        alone = self.mover_buttons is not None and live.game.phase is not Phase.OVER
        if alone:  # the position and whose turn: the mover's steps are on their buttons
            live = live.without_steps()
        actor = live.game.to_act
        selected = None if alone else self.selection(row, live, actor)
        targets = tuple(live.turn().destinations(selected)) if selected is not None else ()
        if actor != 0:  # the highlights are in the mover's numbers; the picture is seat 0's
            selected = None if selected is None else _to_other_side(live, selected)
            targets = tuple(_to_other_side(live, point) for point in targets)
        watcher = Viewer(0, t, names, is_player=False)
        scene = scene_for(live, watcher, selected, targets)
        photo = await asyncio.to_thread(self.render, scene)
        tag = await self.tag(row, None, t)
        caption = caption_for(live, watcher, deadline=live.turn_deadline(row.deadline),
                              now=self.clock(), computer_seat=None, tag=tag,
                              control=control_of(row))
        web = None
        if self.web is not None:
            web = group_button(t, await self.web.direct_link(self.bot, row.id))
        if alone:  # no action buttons for everybody: the web board's alone
            keyboard = InlineKeyboardMarkup(inline_keyboard=[[web]]) if web else None
        else:
            keyboard = keyboard_for(live, Viewer(actor, t, names), row.id, row.version,
                                    self.selection(row, live, actor), web,
                                    rematch=tag is None or tag.rematch, numbers_of=0)
        return Board(photo, caption, keyboard)

    async def watcher_board(self, row: Row, live: Live, chat_id: int) -> Board:
        """A watcher's board in their private chat: seat 0 at the bottom, whole turns, no
        game buttons (the web board's, when there is one: it watches live too)."""
        t = await self.people.translator(chat_id)
        watcher = Viewer(0, t, await self.people.names(row, t), is_player=False)
        scene = scene_for(live.without_steps() if live.steps else live, watcher, None, ())
        photo = await asyncio.to_thread(self.render, scene)
        caption = caption_for(live, watcher, deadline=live.turn_deadline(row.deadline),
                              now=self.clock(),
                              computer_seat=row.computer_seat,
                              tag=await self.tag(row, None, t), control=control_of(row))
        keyboard = None
        if self.web is not None:
            keyboard = InlineKeyboardMarkup(
                inline_keyboard=[[board_button(t, self.web, row.id)]])
        return Board(photo, caption, keyboard)

    async def board(self, row: Row, live: Live, viewer: Viewer) -> Board:
        if live.steps and live.game.to_act != viewer.seat:
            # The waiting player sees turns, not the steps of the turn being built: their
            # board changes when the move is played (so a step redraws only the mover's).
            live = live.without_steps()
        selected = self.selection(row, live, viewer.seat)
        targets = tuple(live.turn().destinations(selected)) if selected is not None else ()
        scene = scene_for(live, viewer, selected, targets)
        photo = await asyncio.to_thread(self.render, scene)
        tag = await self.tag(row, viewer.seat, viewer.t)
        caption = caption_for(live, viewer, deadline=live.turn_deadline(row.deadline),
                              now=self.clock(), computer_seat=row.computer_seat, tag=tag,
                              control=control_of(row))
        web = board_button(viewer.t, self.web, row.id) if self.web is not None else None
        keyboard = keyboard_for(live, viewer, row.id, row.version, selected, web,
                                rematch=tag is None or tag.rematch, hint=offers_hints(row))
        return Board(photo, caption, keyboard)

    async def tag(self, row: Row, seat: int | None, t: Translator) -> GameTag | None:
        """What the board says of the game's tournament, if it is one's (`tags`)."""
        for tagger in self.tags:
            tag = await tagger(row, seat, t)
            if tag is not None:
                return tag
        return None

    async def ask_resign(self, row: Row, live: Live, seat: int, t: Translator) -> None:
        """Where the player sees the board, ask what /resign asks (what resigning costs as
        the position stands) under it, with "Yes, resign" and "No, play on". "No" redraws
        the board, its caption too."""
        for message in await boards.board_messages(self.db, row.id):
            if message.player_id is None:  # a group board: only `seat` may confirm
                t = await self.people.chat_translator(message.chat_id, row)
            elif message.player_id != row.players[seat]:
                continue
            viewer = Viewer(seat, t, await self.people.names(row, t))
            question = resign_question(t, live.game, seat, viewer.names)
            if message.player_id is None:  # everybody reads it: say who is asked
                question = t("resign-asking", name=viewer.names[seat]) + "\n" + question
            keyboard = resign_keyboard(viewer, row.id, row.version, live.number)

            async def ask(message_id: int, chat_id: int = message.chat_id,
                          question: str = question,
                          keyboard: InlineKeyboardMarkup = keyboard) -> int | None:
                if message_id:  # (an edit that fails changes nothing: the board stays)
                    await edit_caption(self.bot, chat_id, message_id, question, keyboard)
                return message_id

            # Under the board's claim: the question never lands after a newer board.
            await self._deliver(row.id, message.chat_id, row.version, message.player_id, ask,
                                whole=False)


def control_of(row: Row) -> TimeControl | None:
    """The game's time control as stored (None: the host's move window)."""
    return stored_control(row.timing.control) if row.timing.control else None


def _to_other_side(live: Live, point: int) -> int:
    """A point of the seat to act in the other seat's numbers (the bar and off stay)."""
    if point in (0, 25):
        return point
    return opp_point(live.game.variant, point)
