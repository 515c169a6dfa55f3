"""Game buttons and the game commands (/games, /rules); /resign is `bot.handlers.resign`."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.handlers.resign import ask_resign_for
from bot.plumbing.telegram_io import answer as answer_query
from bot.plumbing.telegram_io import bot_of, uploading_photo
from bot.services import Services
from bot.views.callbacks import Act, GameCb, GamesCb
from i18n import Translator
from storage import games
from storage.models import Player


async def press(query: CallbackQuery, callback_data: GameCb, services: Services,
                t: Translator) -> None:
    async def answer(text: str | None, alert: bool) -> None:
        # The press counts whatever happens to its answer: too late to answer, a 429 that
        # is not waited out under the game's lock, Telegram failing (the retry policy).
        await answer_query(query, text, alert)

    if callback_data.a is Act.REMATCH:
        await services.challenges.rematch(query.from_user.id, callback_data.game, answer)
    elif callback_data.a is Act.HINT:  # changes nothing in the game: no gate, no lock
        await services.hints.press(query.from_user.id, callback_data.game, answer)
    else:
        await services.presses.press(query.from_user.id, callback_data, answer, t)


async def show_game(message: Message, player: Player, t: Translator, services: Services) -> None:
    """/games: the player's open games, each with a button that sends its board anew; the
    board at once when the only one is a live game."""
    rows = await games.open_games(services.db, player.id)
    if not rows:
        await message.answer(t("no-game"))
        return
    if len(rows) == 1 and not rows[0].timing.correspondence:  # the one game is live
        async with uploading_photo(bot_of(message), message.chat.id):
            if await services.boarding.show(player.id, rows[0].id):
                return
    text, keyboard = await services.correspondence.listing(rows, player.id, t)
    await message.answer(text, reply_markup=keyboard)


async def open_game(query: CallbackQuery, callback_data: GamesCb, player: Player,
                    t: Translator, services: Services) -> None:
    """A game of /games or of a turn message: its board sent anew (or /resign's question,
    `resign.ask_for`)."""
    if callback_data.a == "resign":
        await ask_resign_for(query, callback_data.game, player, t, services)
        return
    async with uploading_photo(bot_of(query), player.id):
        shown = await services.correspondence.open(player.id, callback_data.game)
    await answer_query(query, None if shown else t("alert-not-player"), not shown)


async def rules(message: Message, t: Translator) -> None:
    await message.answer(t("rules-short"))
    await message.answer(t("rules-long"))


def make_press_router() -> Router:
    """The game buttons alone, asked first: a press is most of the updates, and no other
    router's filters can take its data (`g:` is GameCb's prefix alone), so it need not pass
    through theirs (each a CallbackData unpack refused with an exception)."""
    router = Router(name="press")
    router.callback_query.register(press, GameCb.filter())
    return router


def make_router() -> Router:
    router = Router(name="play")
    router.message.register(show_game, Command("games"))
    router.callback_query.register(open_game, GamesCb.filter())
    router.message.register(rules, Command("rules"))
    return router
