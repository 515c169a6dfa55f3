"""After the game: the result message's Replay, File and Dice buttons, and /seed (a player's own
dice seed, mixed into their next games)."""

from __future__ import annotations

import logging

from aiogram import Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject
from aiogram.types import CallbackQuery, Message

from bot.plumbing.retry import FAULTS
from bot.plumbing.telegram_io import GROUPS, bot_of, send_text, uploading_document
from bot.services import Services
from bot.views.callbacks import AfterCb
from bot.views.fairness import commitment_line
from core.live import Live
from core.rebuild import LogDoesNotReplay
from i18n import Translator
from storage import boards, games
from storage.errors import GameNotFound
from storage.fairness import MAX_CLIENT_SEED
from storage.models import Player

log = logging.getLogger(__name__)
CLEAR = ("-", "off")  # `/seed -` forgets the seed


async def after_game(query: CallbackQuery, callback_data: AfterCb, player: Player,
                     t: Translator, services: Services) -> None:
    """Replay, File or Dice: sent to the chat of the result message (a player's private
    chat, or the group that watched the game)."""
    try:
        row = await games.load_game(services.db, callback_data.game)
    except GameNotFound:
        await query.answer(t("after-unavailable"), show_alert=True)
        return
    chat = query.message.chat if query.message is not None else None
    seat = row.seat_of(player.id)
    # In a group, the group saw the game: anyone in it may watch it again.
    if chat is not None and chat.type in GROUPS:
        shown = {m.chat_id for m in await boards.board_messages(services.db, row.id)
                 if m.player_id is None}
        if chat.id not in shown:
            await query.answer(t("after-not-player"), show_alert=True)
            return
        t = await services.people.chat_translator(chat.id, row)
    elif seat is None:
        await query.answer(t("after-not-player"), show_alert=True)
        return
    target = chat.id if chat is not None else player.id
    await query.answer(t("after-preparing"))
    # The proof read in a player's own chat ends with their next seed's commitment.
    upcoming = (await services.fairness.next_commitment(player.id)
                if callback_data.a == "dice" and target == player.id else None)

    async def send() -> bool:
        if callback_data.a == "replay":
            return await services.afterplay.send_replay(target, row, callback_data.n,
                                                        seat if seat is not None else 0, t)
        if callback_data.a == "dice":
            return await services.afterplay.send_dice_proof(target, row, callback_data.n, t,
                                                            upcoming)
        return await services.afterplay.send_match_file(target, row, callback_data.n, t)

    sent: bool | None
    try:
        if callback_data.a == "dice":  # a short text: no "sending a file…" meanwhile
            sent = await send()
        else:
            async with uploading_document(bot_of(query), target):
                sent = await send()
    except LogDoesNotReplay:
        log.exception("game %s: the stored log does not replay", row.id)
        sent = None
    except FAULTS as exc:  # Telegram failing, or asking to wait longer than a press may
        services.afterplay.later(exc, send, f"{callback_data.a} of game {row.id}")
        return
    except TelegramAPIError as exc:  # blocked, say
        log.info("sending the %s of game %s failed: %s", callback_data.a, row.id,
                 type(exc).__name__)
        return
    if not sent:
        await send_text(bot_of(query), target,
                        t("after-not-over") if sent is False else t("after-failed"))


async def seed(message: Message, command: CommandObject, player: Player, t: Translator,
               services: Services) -> None:
    """`/seed text` sets the player's own seed, `/seed` shows it, `/seed -` forgets it; the
    first two also show the SHA-256 of the player's next server seed (the commitment the
    player's own seed should come after)."""
    text = " ".join((command.args or "").split())
    if text in CLEAR:
        await services.fairness.set_client_seed(player.id, None)
        await message.answer(t("seed-cleared"))
        return
    if len(text) > MAX_CLIENT_SEED:
        await message.answer(t("seed-too-long", limit=MAX_CLIENT_SEED))
        return
    if text:
        await services.fairness.set_client_seed(player.id, text)
        own = t("seed-set", seed=text)
    else:
        current = await services.fairness.client_seed(player.id)
        own = t("seed-current", seed=current) if current else t("seed-none")
    lines = [own, t("seed-next", hash=await services.fairness.next_commitment(player.id))]
    if not text:
        lines.append(t("seed-why"))
    lines += await _playing_now(player, t, services)
    await message.answer("\n".join(lines))


async def _playing_now(player: Player, t: Translator, services: Services) -> list[str]:
    """The commitment of the game the player is in (the boards show it on the first board
    only): a heading and each seat's SHA-256; nothing outside a game with fair dice."""
    for row in await games.active_games(services.db, player.id):
        committed = commitment_line(t, Live.load(row.state_json),
                                    await services.people.names(row, t))
        if committed:
            return ["", t("seed-this-game"), committed]
    return []


def make_router() -> Router:
    router = Router(name="afterplay")
    router.callback_query.register(after_game, AfterCb.filter())
    router.message.register(seed, Command("seed"))
    return router
