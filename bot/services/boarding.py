"""Players who cannot see their board yet: the first timer waits for them.

The bot cannot write to someone who has never opened it (Telegram answers 403), so a game
accepted on an inline card can begin before one of its players can see a board. Such a game
is held: its first deadline is `WAIT_SECONDS` away instead of a turn's time, the player is
sent to the bot (the card's "Open my board" link, or the acceptor's own press answered with
the deep link), and when they open it (`/start play` or `/games`) their board is sent and the
first turn's timer starts afresh. If the time runs out before everybody can see a board, the
game is called off, unrated, instead of being lost on time by someone who never saw it.

"Can see the board" means "the bot has a board message of this game in their chat": it is
stored only when sending the board worked.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from aiogram import Bot
from aiogram.exceptions import TelegramBadRequest, TelegramForbiddenError, TelegramNotFound

from bot.plumbing.telegram_io import edit_card, edit_keyboard, send_text
from bot.services.boards import BoardPublisher
from bot.services.repair import SETTLING
from core.games import GameService
from core.live import Live
from i18n import Translator
from i18n.people import People
from storage import boards, chats, games
from storage.db import Database
from storage.errors import GameNotFound
from storage.models import Game as Row

log = logging.getLogger(__name__)
WAIT_SECONDS = 300  # how long a game waits for a player to open the bot
WAIT_MINUTES = WAIT_SECONDS // 60


class Boarding:
    def __init__(self, bot: Bot, db: Database, service: GameService, publisher: BoardPublisher,
                 people: People, *, clock: Callable[[], datetime]) -> None:
        self.bot, self.db, self.service, self.publisher = bot, db, service, publisher
        self.people, self.clock = people, clock

    async def reachable(self, player_id: int) -> bool:
        """Can the bot write to the player? (A "typing…" action: 403 when it cannot.)"""
        try:
            await self.bot.send_chat_action(player_id, "typing")  # the retry policy applies
        except (TelegramForbiddenError, TelegramNotFound):
            return False
        except TelegramBadRequest as exc:  # "chat not found": never talked to the bot
            log.info("cannot reach %s: %s", player_id, exc.message)
            return False
        return True

    def first_deadline(self, everyone_reachable: bool) -> datetime | None:
        """The deadline a new game between people starts with: its time control's first
        turn (None) when both can be shown the board, else the wait for the missing."""
        return None if everyone_reachable else self.clock() + timedelta(seconds=WAIT_SECONDS)

    async def unseen(self, row: Row) -> list[int]:
        """The players of a private game who have no board message of it."""
        stored = await boards.board_messages(self.db, row.id)
        if any(message.player_id is None for message in stored):
            return []  # a group game: one shared board
        # message_id 0: a board promised or refused (the chat could not be written to).
        shown = {message.player_id for message in stored if message.message_id}
        return [player for player in row.players if player is not None and player not in shown]

    async def show(self, player_id: int, game_id: int | None = None) -> bool:
        """Send the player's board of `game_id` (None: their live game) again as a new
        message; when it is the last one missing, the game's first turn timer starts now.
        False when the player has no such game in progress."""
        if game_id is None:
            row = await self.service.active_game(player_id)
            if row is None:
                return False
            game_id = row.id
        async with self.service.holding(game_id):
            try:
                row = await games.load_game(self.db, game_id)
            except GameNotFound:
                return False
            live = Live.load(row.state_json)
            seat = row.seat_of(player_id)
            if seat is None:  # (not theirs, or a game another process just replaced)
                return False
            if row.status == "active" and await self.unseen(row) == [player_id]:
                row = await self.service.restart_clock(row)
                # The other player's board shows the new timer (this one's is sent below).
                await self.publisher.publish_safely(row, live, only_seat=1 - seat)
            await self.publisher.send_anew(row, live, player_id)
        return True

    async def expire(self, game_id: int) -> None:
        """The timer loop's hook: a game still waiting for a player is called off; any
        other game times out as usual."""
        row = await games.load_game(self.db, game_id)
        if row.status == "active" and row.deadline is not None and row.deadline <= self.clock() \
                and self._settled(row) and await self.unseen(row):
            await self._call_off(game_id)
            return
        await self.service.expire(game_id)

    def _settled(self, row: Row) -> bool:
        """Not a game just made: its first boards may be on their way from another process
        (a game against the computer is due at once, before its board is sent)."""
        return row.created_at <= self.clock() - SETTLING

    async def _call_off(self, game_id: int) -> None:
        async def unseen_now(row: Row) -> list[int]:
            return await self.unseen(row) if self._settled(row) else []

        row, missing = await self.service.call_off(game_id, unseen_now)
        if not missing:
            return
        absent = [await self.people.name(player) for player in missing]
        for message in await boards.board_messages(self.db, row.id):
            t = await self.people.translator(message.chat_id)
            await edit_keyboard(self.bot, message.chat_id, message.message_id, None)
            await send_text(self.bot, message.chat_id,
                            t("game-called-off", name=", ".join(absent), minutes=WAIT_MINUTES))
        card = await chats.game_card(self.db, row.id)
        if card is not None:
            inline_message_id, language = card
            t = Translator(language)
            await edit_card(self.bot, inline_message_id,
                            t("card-called-off", name=", ".join(absent)), None)

