"""The mover's buttons in a group game as an ephemeral message (`GROUP_EPHEMERAL_BUTTONS`).

Bot API ephemeral messages are shown to one member of a group only. With them the shared
board carries no action buttons and shows the position and whose turn it is; the player
to act gets their buttons (in their own language) as an ephemeral message in the group,
edited as they build the turn, and deleted when the turn passes to the other player, the
computer or the game ends. A step or a chosen checker then changes only that message, not
the group's board (docs/performance.md, "Ephemeral buttons in groups").

Telegram does not promise that an ephemeral message reaches a member who is offline, so
the setting is off by default; the group's board keeps its web board button either way.
Which ephemeral message holds a game's buttons is kept in this process's memory: after a
restart, or when another process draws the next change, the mover gets a new message and
the old one stays until Telegram lets it expire (its buttons then answer as an old board's
do: out of date).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest
from aiogram.types import EphemeralMessageParameters, InlineKeyboardMarkup

from bot.views.board import Viewer, keyboard_for
from core.live import Live
from core.locks import KeyedLocks
from engine.game import Phase
from i18n.people import People
from storage.models import Game as Row

log = logging.getLogger(__name__)
NOT_MODIFIED = "message is not modified"


class MoverButtons:
    """One ephemeral message per group game: the buttons of the player to act."""

    def __init__(self, bot: Bot, people: People,
                 selection: Callable[[Row, Live, int], int | None]) -> None:
        self.bot, self.people, self.selection = bot, people, selection
        self.shown: dict[int, tuple[int, int, int]] = {}  # game -> (chat, receiver, id)
        self.locks = KeyedLocks()

    async def show(self, row: Row, live: Live, chat_id: int) -> None:
        """Bring the mover's buttons up to date: edit them, or move them to the new mover
        (deleting the old ones), or take them away when nobody may act in the chat."""
        async with self.locks.hold(row.id):
            actor = live.game.to_act
            player = row.players[actor] if live.game.phase is not Phase.OVER else None
            held = self.shown.get(row.id)
            if held is not None and held[1] != player:
                await self._delete(row.id, held)
                held = None
            if player is None:
                return
            t = await self.people.translator(player)
            names = await self.people.names(row, t)
            # Labelled in the group picture's numbers (seat 0's), as its shared buttons are.
            keyboard = keyboard_for(live, Viewer(actor, t, names), row.id, row.version,
                                    self.selection(row, live, actor), numbers_of=0)
            text = t("group-your-buttons", name=names[actor])
            try:
                if held is None:
                    await self._send(row.id, chat_id, player, text, keyboard)
                else:
                    await self.bot.edit_ephemeral_message_text(
                        chat_id=chat_id, receiver_user_id=player,
                        ephemeral_message_id=held[2], text=text, reply_markup=keyboard)
            except TelegramBadRequest as exc:
                if NOT_MODIFIED in exc.message:
                    return
                log.info("ephemeral buttons of game %s: %s; sent anew", row.id, exc.message)
                self.shown.pop(row.id, None)
                await self._send(row.id, chat_id, player, text, keyboard)

    async def _send(self, game_id: int, chat_id: int, player: int, text: str,
                    keyboard: InlineKeyboardMarkup | None) -> None:
        try:
            sent = await self.bot.send_message(
                chat_id, text, reply_markup=keyboard,
                ephemeral_message_parameters=EphemeralMessageParameters(
                    receiver_user_id=player))
        except TelegramAPIError as exc:  # the web board button stays on the group's board
            log.warning("ephemeral buttons of game %s not sent: %s", game_id, exc)
            return
        if sent.ephemeral_message_id is not None:
            self.shown[game_id] = (chat_id, player, sent.ephemeral_message_id)

    async def _delete(self, game_id: int, held: tuple[int, int, int]) -> None:
        self.shown.pop(game_id, None)
        chat_id, receiver, message_id = held
        try:
            await self.bot.delete_ephemeral_message(chat_id=chat_id, receiver_user_id=receiver,
                                                    ephemeral_message_id=message_id)
        except TelegramAPIError as exc:  # gone already (expired): nothing to take away
            log.info("ephemeral buttons of game %s not deleted: %s", game_id, exc)
