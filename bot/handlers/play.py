"""Game buttons and the game commands (/games, /rules); /resign is `bot.handlers.resign`."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.plumbing.telegram_io import answer as answer_query
from bot.plumbing.telegram_io import bot_of, uploading_photo
from bot.services import Services
from bot.views.callbacks import Act, GameCb
from i18n import Translator
from storage.models import Player


async def press(query: CallbackQuery, callback_data: GameCb, services: Services,
                t: Translator) -> None:
    async def answer(text: str | None, alert: bool) -> None:
        # The press counts whatever happens to its answer: too late to answer, a 429 that
        # is not waited out under the game's lock, Telegram failing (the retry policy).
        await answer_query(query, text, alert)

    if callback_data.a is Act.REMATCH:
        await services.challenges.rematch(query.from_user.id, callback_data.game, answer)
    else:
        await services.presses.press(query.from_user.id, callback_data, answer, t)


async def show_game(message: Message, player: Player, t: Translator, services: Services) -> None:
    async with uploading_photo(bot_of(message), message.chat.id):
        shown = await services.boarding.show(player.id)
    if not shown:
        await message.answer(t("no-game"))


async def rules(message: Message, t: Translator) -> None:
    await message.answer(t("rules-short"))
    await message.answer(t("rules-long"))


def make_router() -> Router:
    router = Router(name="play")
    router.callback_query.register(press, GameCb.filter())
    router.message.register(show_game, Command("games"))
    router.message.register(rules, Command("rules"))
    return router
