"""/play and "Find an opponent": choose the variant, the match lengths and the cube, search."""

from __future__ import annotations

import contextlib

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import Command
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.callbacks import MatchCb
from bot.i18n import Translator
from bot.services.games import Busy
from bot.services.matchmaking import AlreadySearching, MatchmakingService
from storage.matchmaking import ANY_LENGTH, CUBE_EITHER, CUBE_OFF, CUBE_ON, LENGTH_BITS
from storage.models import Player

VARIANTS = ("short", "long")


def question(data: MatchCb, t: Translator) -> tuple[str, InlineKeyboardMarkup] | None:
    """The next question of the search menu, or None when every option is chosen."""
    def button(text: str, **update: object) -> InlineKeyboardButton:
        return InlineKeyboardButton(text=text,
                                    callback_data=data.model_copy(update=update).pack())

    if data.variant not in VARIANTS:
        return t("mm-ask-variant"), InlineKeyboardMarkup(inline_keyboard=[[
            button(t("btn-short"), variant="short"), button(t("btn-long"), variant="long")]])
    if not data.lengths:
        lengths = [button(t("btn-length", points=n), lengths=bit)
                   for n, bit in LENGTH_BITS.items()]
        return t("mm-ask-length"), InlineKeyboardMarkup(inline_keyboard=[
            lengths[:2], lengths[2:], [button(t("btn-mm-any-length"), lengths=ANY_LENGTH)]])
    if data.variant == "short" and data.cube < 0:
        return t("mm-ask-cube"), InlineKeyboardMarkup(inline_keyboard=[
            [button(t("btn-cube-off"), cube=CUBE_OFF), button(t("btn-cube-on"), cube=CUBE_ON)],
            [button(t("btn-mm-any-cube"), cube=CUBE_EITHER)]])
    return None


def valid(data: MatchCb) -> bool:
    return (data.variant in VARIANTS and 1 <= data.lengths <= ANY_LENGTH
            and data.cube in (CUBE_OFF, CUBE_ON, CUBE_EITHER, -1))


async def play(message: Message, t: Translator) -> None:
    text, keyboard = question(MatchCb(), t)  # type: ignore[misc]
    await message.answer(text, reply_markup=keyboard)


async def choose(query: CallbackQuery, callback_data: MatchCb, player: Player, t: Translator,
                 matchmaking: MatchmakingService) -> None:
    data = callback_data
    if data.a == "cancel":
        found = await matchmaking.cancel(player.id)
        with contextlib.suppress(TelegramBadRequest):
            await query.answer(None if found else t("mm-not-searching"))
        return
    with contextlib.suppress(TelegramBadRequest):
        await query.answer()
    asked = question(data, t) if data.a == "menu" else None
    if asked is not None:
        if query.message is not None:
            with contextlib.suppress(TelegramBadRequest):  # a double tap changes nothing
                await query.message.edit_text(asked[0], reply_markup=asked[1])  # type: ignore[union-attr]
        return
    if not valid(data):
        await _say(query, t("bad-option"))
        return
    if data.a == "menu" and query.message is not None:  # the menu has done its job
        with contextlib.suppress(TelegramBadRequest):
            await query.message.delete()  # type: ignore[union-attr]
    cube = CUBE_OFF if data.variant == "long" else max(data.cube, CUBE_OFF)
    try:
        await matchmaking.search(player.id, data.variant, data.lengths, cube)
    except Busy:
        await _say(query, t("busy"))
    except AlreadySearching:
        pass  # the waiting message was shown again


async def _say(query: CallbackQuery, text: str) -> None:
    if query.message is not None:
        await query.message.answer(text)  # type: ignore[union-attr]


def make_router() -> Router:
    router = Router(name="matchmaking")
    router.message.register(play, Command("play"), F.chat.type == ChatType.PRIVATE)
    router.callback_query.register(choose, MatchCb.filter())
    return router
