"""/tournament in a group: the menu, then the lobby's Join / Leave / Start now / Call off.
The tournament itself is the core's (`core.tournaments`), its messages the door's
(`bot/services/tournaments.py`)."""

from __future__ import annotations

import contextlib

from aiogram import F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import LEAVE_TRANSITION, ChatMemberUpdatedFilter, Command, CommandObject
from aiogram.types import CallbackQuery, ChatMemberUpdated, Message

from bot.handlers.groups import GROUPS
from bot.plumbing.retry import FAULTS
from bot.plumbing.telegram_io import answer, show
from bot.services import Services
from bot.views.callbacks import ScheduleCb, TourneyCb, TourneyMenuCb
from bot.views.schedules import LIST_WORDS, parse_schedule
from bot.views.tournaments import menu_question
from i18n import Translator
from storage import tournaments as stored
from storage.models import Player


async def tournament(message: Message, command: CommandObject, player: Player,
                     services: Services) -> None:
    """/tournament in a group: the menu's first question (or why not). An admin's
    `/tournament 20:00` or `/tournament daily 20:00` sets a schedule through the same menu;
    `/tournament schedule` lists the group's schedules."""
    t = await services.people.chat_translator(message.chat.id, starter=player.id)
    args = (command.args or "").strip()
    start = TourneyMenuCb()
    if args.lower() in LIST_WORDS:
        text, keyboard = await services.tournaments.schedules.listing(message.chat.id, t)
        await message.answer(text, reply_markup=keyboard)
        services.pacing.note(message.chat.id)
        return
    if args:
        when = parse_schedule(args)
        if when is None:
            await message.reply(t("tm-schedule-usage"))
            return
        if not await services.tournaments.is_admin(message.chat.id, player.id):
            await message.reply(t("tm-schedule-admins"))
            return
        start = TourneyMenuCb(at=when[0], daily=int(when[1]))
    elif await stored.chat_tournament(services.db, message.chat.id) is not None:
        await message.reply(t("tm-refused-exists"))
        return
    question = menu_question(start, t, services.controls)
    assert question is not None
    text, keyboard = question
    await message.answer(text, reply_markup=keyboard)
    services.pacing.note(message.chat.id)


async def tournament_in_private(message: Message, t: Translator) -> None:
    await message.answer(t("tournament-private"))


async def menu(query: CallbackQuery, callback_data: TourneyMenuCb, player: Player,
               t: Translator, services: Services) -> None:
    """A press in the menu: the next question, or the tournament opened."""
    if query.message is None or query.message.chat.type not in GROUPS:
        return await answer(query, t("tournament-private"), alert=True)
    chat_id = query.message.chat.id
    group = await services.people.chat_translator(chat_id, starter=player.id)
    question = menu_question(callback_data, group, services.controls)
    if question is not None:
        await answer(query)
        await show(query, *question)
        services.pacing.note(chat_id)
        return
    # A schedule is an admin's: another member's tap leaves the menu to the admins.
    if callback_data.at >= 0 and not await services.tournaments.is_admin(chat_id, player.id):
        return await answer(query, t("tm-schedule-admins"), alert=True)
    # The last choice: one tournament however many taps of it arrive at once.
    if not services.menus.first(("tournament", chat_id, query.message.message_id)):
        return await answer(query)
    refused = await services.tournaments.create(chat_id, player.id, callback_data,
                                                query.message.message_id, t)
    if refused is not None:
        return await answer(query, refused, alert=True)
    await answer(query)
    services.pacing.note(chat_id)


async def press(query: CallbackQuery, callback_data: TourneyCb, player: Player,
                t: Translator, services: Services) -> None:
    """Join, Leave, Start now, Call off."""
    if query.message is None:  # a lobby is a group message, never an inline one
        return await answer(query, t("tm-refused-other-chat"), alert=True)
    said = await services.tournaments.press(callback_data, player.id, query.message.chat.id, t)
    if said.url is not None:
        with contextlib.suppress(TelegramAPIError, *FAULTS):
            await query.answer(said.text, show_alert=said.alert, url=said.url)
        return
    await answer(query, said.text, alert=said.alert)


async def member_left(message: Message, services: Services) -> None:
    """A "left the group" service message: a player of its tournament is out of it."""
    user = message.left_chat_member
    if user is not None and not user.is_bot:
        await services.tournaments.left_group(message.chat.id, user.id,
                                              message.chat.title or "")


async def member_changed(event: ChatMemberUpdated, services: Services) -> None:
    """Someone left or was removed (the update Telegram sends a bot that is an admin)."""
    user = event.new_chat_member.user
    if not user.is_bot:
        await services.tournaments.left_group(event.chat.id, user.id, event.chat.title or "")


async def bot_left(event: ChatMemberUpdated, services: Services) -> None:
    """The bot was removed from a group: its tournament is called off."""
    await services.tournaments.bot_removed(event.chat.id, event.chat.title or "")


async def schedule_press(query: CallbackQuery, callback_data: ScheduleCb, player: Player,
                         t: Translator, services: Services) -> None:
    """A schedule's Cancel button (its group's admins only)."""
    if query.message is None:
        return await answer(query, t("tm-refused-other-chat"), alert=True)
    said = await services.tournaments.schedules.cancel(callback_data.id, player.id,
                                                       query.message.chat.id, t)
    await answer(query, said, alert=True)


def make_router() -> Router:
    router = Router(name="tournaments")
    router.message.register(tournament, Command("tournament"), F.chat.type.in_(GROUPS))
    router.message.register(tournament_in_private, Command("tournament"))
    router.callback_query.register(menu, TourneyMenuCb.filter())
    router.callback_query.register(press, TourneyCb.filter())
    router.message.register(member_left, F.left_chat_member, F.chat.type.in_(GROUPS))
    router.chat_member.register(member_changed, ChatMemberUpdatedFilter(LEAVE_TRANSITION),
                                F.chat.type.in_(GROUPS))
    router.my_chat_member.register(bot_left, ChatMemberUpdatedFilter(LEAVE_TRANSITION),
                                   F.chat.type.in_(GROUPS))
    router.callback_query.register(schedule_press, ScheduleCb.filter())
    return router
