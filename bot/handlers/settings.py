"""/settings: the player's toggles, each with a button that flips it."""

from __future__ import annotations

import contextlib

from aiogram import Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.filters import Command
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.plumbing.telegram_io import message_of
from bot.services import Services
from bot.views.callbacks import SettingCb
from core.settings import TOGGLES, Toggle
from i18n import Translator
from storage.models import Player


def settings_view(t: Translator, values: list[tuple[Toggle, bool]]
                  ) -> tuple[str, InlineKeyboardMarkup]:
    lines, buttons = [t("settings-title")], []
    for toggle, on in values:
        state = t("settings-on") if on else t("settings-off")
        lines.append(f"\n{'✅' if on else '⬜'} {t(f'setting-{toggle.name}')}: {state}")
        lines.append(t(f"setting-{toggle.name}-about"))
        buttons.append([InlineKeyboardButton(
            text=f"{'✅' if on else '⬜'} {t(f'setting-{toggle.name}')}",
            callback_data=SettingCb(name=toggle.name, on=0 if on else 1).pack())])
    return "\n".join(lines), InlineKeyboardMarkup(inline_keyboard=buttons)


async def show(message: Message, player: Player, t: Translator, services: Services) -> None:
    text, keyboard = settings_view(t, await services.player_settings.toggles(player.id))
    await message.answer(text, reply_markup=keyboard)


async def flip(query: CallbackQuery, callback_data: SettingCb, player: Player, t: Translator,
               services: Services) -> None:
    toggle = TOGGLES.get(callback_data.name)
    if toggle is None or callback_data.on not in (0, 1):  # a button this bot never made
        await query.answer()
        return
    await services.player_settings.set(player.id, toggle, bool(callback_data.on))
    await query.answer(t("settings-saved"))
    text, keyboard = settings_view(t, await services.player_settings.toggles(player.id))
    message = message_of(query)
    if message is not None:
        with contextlib.suppress(TelegramBadRequest):  # the same press twice: not modified
            await message.edit_text(text, reply_markup=keyboard)


def make_router() -> Router:
    router = Router(name="settings")
    router.message.register(show, Command("settings"))
    router.callback_query.register(flip, SettingCb.filter())
    return router
