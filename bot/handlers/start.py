"""/start, deep links into challenges, /help and /lang."""

from __future__ import annotations

import logging
import re

from aiogram import Bot, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from bot.handlers.fallback import GROUP_START, add_to_group
from bot.handlers.groups import group_lang_allowed
from bot.handlers.refusals import refusal
from bot.handlers.stats import ME_START, send_me
from bot.plumbing.telegram_io import (
    GROUPS,
    answer,
    bot_of,
    chat_of,
    send_text,
    uploading_photo,
)
from bot.services import Services
from bot.views.callbacks import RULES, LangCb, NewGameCb, Plain
from bot.views.timecontrols import read_payload
from bot.views.watching import watched_game
from bot.views.webapp import menu_button
from core.options import BUSY
from core.timecontrol import UnknownControl
from i18n import Translator, available_languages
from storage import chats, players
from storage.errors import ChallengeUnavailable
from storage.models import Player

log = logging.getLogger(__name__)

LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "uz": "Oʻzbekcha", "ky": "Кыргызча",
                  "az": "Azərbaycanca"}
# What Telegram lets a deep link carry: up to 64 of A-Z a-z 0-9 _ -. Anything else (a
# hand-typed "/start <10 KB>") is no challenge code and never reaches the database.
PAYLOAD = re.compile(r"[A-Za-z0-9_-]{1,64}")


def start_keyboard(t: Translator) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(inline_keyboard=[[
        InlineKeyboardButton(text=t("btn-new-game"), callback_data=NewGameCb().pack()),
        InlineKeyboardButton(text=t("btn-rules"), callback_data=RULES),
    ]])


async def rules_button(query: CallbackQuery, t: Translator) -> None:
    await answer(query)
    chat = chat_of(query)
    await send_text(bot_of(query), chat, t("rules-short"))
    await send_text(bot_of(query), chat, t("rules-long"))


def language_keyboard() -> InlineKeyboardMarkup:
    buttons = [InlineKeyboardButton(text=LANGUAGE_NAMES[code], callback_data=LangCb(code=code)
                                    .pack()) for code in available_languages()]
    return InlineKeyboardMarkup(inline_keyboard=[buttons[:3], buttons[3:]])


async def start_with_code(message: Message, command: CommandObject, player: Player,
                          t: Translator, services: Services) -> None:
    code = (command.args or "").strip()
    if code == GROUP_START and message.chat.type in GROUPS:  # just added by the startgroup link
        await message.answer(t("group-welcome"))
        return
    if not PAYLOAD.fullmatch(code):
        await message.answer(t("challenge-not-found"))
        return
    if code == "tournament":  # from a tournament's Join: the bot may write to them now
        await message.answer(t("tm-opened"))
        return
    if code == ME_START:  # from /me in a group: the statistics, here in private
        await send_me(bot_of(message), message.chat.id, player, t, services)
        return
    watched = watched_game(code)
    if watched is not None and message.chat.type not in GROUPS:  # a news' watch link
        async with uploading_photo(bot_of(message), message.chat.id):
            said = await services.tournaments.watch(message.chat.id, watched, t)
        if said is not None:
            await message.answer(said)
        return
    if code == "play":  # from an inline card: show this player's board here
        async with uploading_photo(bot_of(message), message.chat.id):
            shown = await services.boarding.show(player.id)
        if not shown:
            await message.answer(t("no-game"))
        return
    # The likelier reading first; when none finds a challenge, its refusal is the answer.
    refused: Exception | None = None
    for reading, token in read_payload(code):
        try:
            await services.challenges.accept(reading, player.id, token)
            return
        except (ChallengeUnavailable, UnknownControl) as exc:
            if isinstance(exc, ChallengeUnavailable) and exc.reason != "not_found":
                refused = exc  # it found the challenge: that is the answer
                break
            refused = refused or exc
        except BUSY as exc:
            refused = exc
            break
    if refused is not None:
        await message.answer(refusal(t, refused))


async def menu_in_language(bot: Bot, services: Services, chat_id: int, t: Translator
                           ) -> None:
    """The private chat's menu button (the web board's lobby) in the player's language: the
    bot-wide one is the host's default language."""
    web = services.boards.web
    if web is None:
        return
    try:
        await bot.set_chat_menu_button(chat_id=chat_id, menu_button=menu_button(t, web))
    except TelegramAPIError as exc:  # the button stays in the default language
        log.info("menu button for chat %s: %s", chat_id, exc)


async def start(message: Message, player: Player, t: Translator, services: Services) -> None:
    await message.answer(t("welcome", name=player.name), reply_markup=start_keyboard(t))
    if message.chat.type not in GROUPS:  # menu buttons are the private chats'
        await menu_in_language(bot_of(message), services, message.chat.id, t)
    if not player.language or player.language not in available_languages():
        await message.answer(t("choose-language"), reply_markup=language_keyboard())


async def help_(message: Message, t: Translator) -> None:
    keyboard = start_keyboard(t)
    if message.chat.type not in GROUPS:  # and a way to bring the bot into a group
        keyboard.inline_keyboard.extend((await add_to_group(message, t)).inline_keyboard)
    await message.answer(t("help"), reply_markup=keyboard)


async def lang(message: Message, t: Translator) -> None:
    await message.answer(t("choose-language"), reply_markup=language_keyboard())


async def set_lang(query: CallbackQuery, callback_data: LangCb, player: Player, t: Translator,
                   services: Services) -> None:
    if callback_data.code not in available_languages():
        return await answer(query, t("button-invalid"), alert=True)
    chat = query.message.chat if query.message is not None else None
    if chat is not None and chat.type in GROUPS:  # a group's language is its admins' choice
        if not await group_lang_allowed(bot_of(query), chat.id, player.id):
            return await answer(query, t("lang-admins-only"), alert=True)
        await chats.set_chat_language(services.db, chat.id, callback_data.code,
                                      now=services.clock())
        return await answer(query, Translator(callback_data.code)("language-set"))
    await players.set_language(services.db, player.id, callback_data.code,
                               now=services.clock())
    services.player_cache.forget(player.id)
    t = Translator(callback_data.code)
    await answer(query, t("language-set"))
    await send_text(bot_of(query), chat_of(query), t("language-set"),
                    start_keyboard(t))
    await menu_in_language(bot_of(query), services, chat_of(query), t)


def make_router() -> Router:
    router = Router(name="start")
    router.message.register(start_with_code, CommandStart(deep_link=True))
    router.message.register(start, CommandStart())
    router.message.register(help_, Command("help"))
    router.message.register(lang, Command("lang"))
    router.callback_query.register(set_lang, LangCb.filter())
    router.callback_query.register(rules_button, Plain(RULES))
    return router
