"""Game buttons and the game commands (/games, /resign, /rules)."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, Message

from bot.callbacks import GameCb
from bot.i18n import Translator
from bot.services.games import GameService
from storage.models import Player

router = Router(name="play")


@router.callback_query(GameCb.filter())
async def press(query: CallbackQuery, callback_data: GameCb, service: GameService) -> None:
    async def answer(text: str | None, alert: bool) -> None:
        await query.answer(text, show_alert=alert)

    await service.press(query.from_user.id, callback_data, answer)


@router.message(Command("games"))
async def show_game(message: Message, player: Player, t: Translator,
                    service: GameService) -> None:
    if not await service.redraw(player.id):
        await message.answer(t("no-game"))


@router.message(Command("resign"))
async def resign(message: Message, player: Player, t: Translator, service: GameService) -> None:
    if not await service.resign_prompt(player.id):
        await message.answer(t("no-game"))


@router.message(Command("rules"))
async def rules(message: Message, t: Translator) -> None:
    await message.answer(t("rules-short"))
    await message.answer(t("rules-long"))
