"""/play and "Find an opponent": choose the variant, the match lengths, the cube and the time
control, search."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.enums import ChatType
from aiogram.filters import Command
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.plumbing.telegram_io import answer, bot_of, chat_of, remove, send_text, show
from bot.services import Services
from bot.views.callbacks import MatchCb
from bot.views.timecontrols import ask_control
from core.matchmaking import AlreadySearching
from core.options import BUSY, has_cube
from core.timecontrol import Offer, UnknownControl
from engine.position import VARIANTS
from i18n import Translator
from storage.matchmaking import ANY_LENGTH, CUBE_EITHER, CUBE_OFF, CUBE_ON, LENGTH_BITS
from storage.models import Player


def question(data: MatchCb, t: Translator, offer: Offer
             ) -> tuple[str, InlineKeyboardMarkup] | None:
    """The next question of the search menu, or None when every option is chosen. The last
    question also chooses the time control (every offered one; the default marked)."""
    def button(text: str, **update: object) -> InlineKeyboardButton:
        return InlineKeyboardButton(text=text,
                                    callback_data=data.model_copy(update=update).pack())

    def choose_control(token: str) -> MatchCb:
        return data.model_copy(update={"tc": token})

    if data.variant not in VARIANTS:
        return t("mm-ask-variant"), InlineKeyboardMarkup(inline_keyboard=[[
            button(t("btn-short"), variant="short"), button(t("btn-long"), variant="long")]])
    if not data.lengths:
        lengths = [button(t("btn-length", points=n), lengths=bit)
                   for n, bit in LENGTH_BITS.items()]
        asked = t("mm-ask-length"), InlineKeyboardMarkup(inline_keyboard=[
            lengths[:2], lengths[2:], [button(t("btn-mm-any-length"), lengths=ANY_LENGTH)]])
        return asked if has_cube(data.variant) else ask_control(t, asked, offer, data.tc,
                                                                  choose_control)
    if has_cube(data.variant) and data.cube < 0:
        return ask_control(t, (t("mm-ask-cube"), InlineKeyboardMarkup(inline_keyboard=[
            [button(t("btn-cube-off"), cube=CUBE_OFF), button(t("btn-cube-on"), cube=CUBE_ON)],
            [button(t("btn-mm-any-cube"), cube=CUBE_EITHER)]])), offer, data.tc, choose_control)
    return None


def valid(data: MatchCb) -> bool:
    return (data.variant in VARIANTS and 1 <= data.lengths <= ANY_LENGTH
            and data.cube in (CUBE_OFF, CUBE_ON, CUBE_EITHER, -1))


async def play(message: Message, t: Translator, services: Services) -> None:
    asked = question(MatchCb(), t, services.controls)
    assert asked is not None  # an empty search menu asks its first question
    text, keyboard = asked
    await message.answer(text, reply_markup=keyboard)


async def choose(query: CallbackQuery, callback_data: MatchCb, player: Player, t: Translator,
                 services: Services) -> None:
    data = callback_data
    if data.a == "cancel":
        found = await services.matchmaking.cancel(player.id)
        return await answer(query, None if found else t("mm-not-searching"))
    await answer(query)
    asked = question(data, t, services.controls) if data.a == "menu" else None
    if asked is not None:  # a double tap finds it shown: nothing to do
        return await show(query, *asked)
    try:
        control = services.controls.choose(data.tc)
    except UnknownControl:
        control = None
    if not valid(data) or control is None:
        await send_text(bot_of(query), chat_of(query), t("bad-option"))
        return
    if data.a == "menu":  # the menu has done its job
        await remove(query)
    cube = max(data.cube, CUBE_OFF) if has_cube(data.variant) else CUBE_OFF
    try:
        await services.matchmaking.search(player.id, data.variant, data.lengths, cube,
                                          control)
    except BUSY:
        await send_text(bot_of(query), chat_of(query), t("busy"))
    except AlreadySearching:
        pass  # the waiting message was shown again


def make_router() -> Router:
    router = Router(name="matchmaking")
    router.message.register(play, Command("play"), F.chat.type == ChatType.PRIVATE)
    router.callback_query.register(choose, MatchCb.filter())
    return router
