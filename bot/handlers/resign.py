"""/resign: a new message at the bottom of the chat saying what resigning costs now, with
Yes and No. Yes resigns through the same path as the board's own 🏳 button."""

from __future__ import annotations

import contextlib

from aiogram import Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import Command
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.plumbing.telegram_io import answer as answer_query
from bot.plumbing.telegram_io import message_of
from bot.services import Services
from bot.views.callbacks import Act, GameCb, ResignCb
from bot.views.resigning import resign_question
from core.live import Live
from i18n import Translator
from storage import games
from storage.errors import GameNotFound
from storage.models import Game as Row
from storage.models import Player


def question(row: Row, player_id: int, t: Translator, names: tuple[str, str]
             ) -> tuple[str, InlineKeyboardMarkup]:
    """"Resign? You lose 2 points: mars" for the game as stored, with Yes and No."""
    live = Live.load(row.state_json)
    seat = row.seat_of(player_id)
    assert seat is not None
    asked = resign_question(t, live.game, seat, names)

    def button(text: str, yes: int) -> InlineKeyboardButton:
        data = ResignCb(game=row.id, v=row.version, number=live.number, yes=yes)
        return InlineKeyboardButton(text=text, callback_data=data.pack())

    return asked, InlineKeyboardMarkup(inline_keyboard=[[
        button(t("btn-resign-yes"), 1), button(t("btn-resign-no"), 0)]])


async def resign(message: Message, player: Player, t: Translator, services: Services) -> None:
    """/resign: the question for the player's game; with several open games (a live one,
    correspondence ones), first which one, by buttons."""
    rows = await games.open_games(services.db, player.id)
    if not rows:
        await message.answer(t("no-game"))
        return
    if len(rows) > 1:
        listed, keyboard = await services.correspondence.listing(rows, player.id, t,
                                                                 action="resign")
        await message.answer(t("resign-which") + "\n\n" + listed, reply_markup=keyboard)
        return
    [row] = rows
    text, keyboard = question(row, player.id, t, await services.people.names(row, t))
    await message.answer(text, reply_markup=keyboard)


async def ask_resign_for(query: CallbackQuery, game_id: int, player: Player, t: Translator,
                         services: Services) -> None:
    """The game chosen among several after /resign: its question, in place of the list."""
    try:
        row = await games.load_game(services.db, game_id)
    except GameNotFound:
        row = None
    if row is None or row.seat_of(player.id) is None:
        with contextlib.suppress(TelegramBadRequest):
            await query.answer(t("alert-not-player"), show_alert=True)
        return
    with contextlib.suppress(TelegramBadRequest):
        await query.answer()
    if row.status != "active":
        text, keyboard = t("alert-finished"), None
    else:
        text, keyboard = question(row, player.id, t, await services.people.names(row, t))
        # Which game the question is about: its line of the list it was chosen from.
        rows = [open_row.id for open_row in await games.open_games(services.db, player.id)]
        number = rows.index(row.id) + 1 if row.id in rows else 1
        line, _ = await services.correspondence.line(row, player.id, t, number)
        text = f"{line}\n\n{text}"
    message = message_of(query)
    if message is not None:
        with contextlib.suppress(TelegramBadRequest):
            await message.edit_text(text, reply_markup=keyboard)


async def answer(query: CallbackQuery, callback_data: ResignCb, player: Player, t: Translator,
                 services: Services) -> None:
    async def reply(text: str | None, alert: bool) -> None:
        # The confirmation counts whatever happens to its answer (too late to answer, a 429
        # not waited out under the game's lock, Telegram failing), as a game press's does.
        await answer_query(query, text, alert)

    async def edit(text: str, keyboard: InlineKeyboardMarkup | None = None) -> None:
        message = message_of(query)
        if message is not None:
            with contextlib.suppress(TelegramBadRequest):
                await message.edit_text(text, reply_markup=keyboard)

    try:
        row = await games.load_game(services.db, callback_data.game)
    except GameNotFound:
        return await reply(t("alert-finished"), True)
    seat = row.seat_of(player.id)
    if seat is None:
        return await reply(t("alert-not-player"), True)
    if row.status != "active" or Live.load(row.state_json).number != callback_data.number:
        await reply(t("alert-finished"), True)  # that game (of the match) is over
        return await edit(t("alert-finished"))
    if not callback_data.yes:
        await reply(None, False)
        return await edit(t("resign-cancelled"))
    if row.version != callback_data.v:  # the game moved on: the cost may be another now
        await reply(t("resign-changed"), True)
        return await edit(*question(row, player.id, t, await services.people.names(row, t)))
    confirm = GameCb(game=row.id, v=row.version, a=Act.RESIGN_YES, src=seat + 1,
                     dst=callback_data.number)
    await services.presses.press(player.id, confirm, reply)
    await edit(t("resign-done"))


def make_router() -> Router:
    router = Router(name="resign")
    router.message.register(resign, Command("resign"))
    router.callback_query.register(answer, ResignCb.filter())
    return router
