"""/new: choose the variant, the opponent, the level, the match length, the cube and the
time control."""

from __future__ import annotations

from aiogram import Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message

from ai.levels import level_pr
from bot.handlers.refusals import refusal
from bot.plumbing.telegram_io import (
    GROUPS,
    answer,
    bot_of,
    message_of,
    remove,
    show,
    uploading_photo,
)
from bot.services import Services
from bot.views.callbacks import SHOW_GAME, ChallengeCb, MatchCb, NewGameCb, Plain
from bot.views.timecontrols import ask_control, time_line
from core.challenges import CHALLENGE_HOURS
from core.options import BUSY, LENGTHS, LEVELS, has_cube, with_cube
from core.timecontrol import Offer, UnknownControl
from engine.position import VARIANTS
from i18n import Translator
from i18n.figures import pr_text
from storage import challenges
from storage.errors import ChallengeUnavailable
from storage.models import Player


def level_question(t: Translator, variant: str) -> str:
    """The level question, with each level's PR where it was measured ("Strong — plays
    like PR 9.1": `ai.levels.level_pr`, benchmarks/level_pr.py); the buttons keep the
    levels' names."""
    lines = [t("new-level")]
    measured = [(name, level_pr(variant, name)) for name in LEVELS]
    lines += [t("new-level-at-judge" if pr.at_judge else "new-level-pr",
                level=t(f"level-{name}"), pr=pr_text(t, pr.pr))
              for name, pr in measured if pr is not None]
    if len(lines) > 1:
        lines.append(t("new-level-pr-explain"))
    return "\n".join(lines)


def _button(text: str, data: NewGameCb) -> InlineKeyboardButton:
    return InlineKeyboardButton(text=text, callback_data=data.pack())


def next_question(data: NewGameCb, t: Translator, offer: Offer
                  ) -> tuple[str, InlineKeyboardMarkup] | None:
    """The next question of the menu and its buttons, or None when every option is chosen.
    The last question also chooses the time control: a row of the controls that fit the
    opponent, the chosen one marked (the host's default until another is pressed)."""
    if not data.variant:
        return t("new-variant"), _rows(
            [_button(t("btn-short"), data.model_copy(update={"variant": "short"})),
             _button(t("btn-long"), data.model_copy(update={"variant": "long"}))])
    if not data.opponent:
        search = InlineKeyboardButton(text=t("btn-find-opponent"), callback_data=MatchCb(
            variant=data.variant).pack())  # the search menu goes on from the variant
        keyboard = _rows(
            [_button(t("btn-vs-computer"), data.model_copy(update={"opponent": "ai"})),
             _button(t("btn-vs-friend"), data.model_copy(update={"opponent": "friend"}))])
        keyboard.inline_keyboard.insert(0, [search])
        return t("new-opponent"), keyboard
    if data.opponent == "ai" and not data.level:
        return level_question(t, data.variant), _rows(
            [_button(t(f"level-{name}"), data.model_copy(update={"level": name}))
             for name in LEVELS], per_row=1)
    if not data.length:
        text, keyboard = t("new-length"), _rows(
            [_button(t("btn-length", points=n), data.model_copy(update={"length": n}))
             for n in LENGTHS])
        if has_cube(data.variant):  # the cube comes next: the control is chosen there
            return text, keyboard
        return _with_controls(data, (text, keyboard), t, offer)
    if data.cube < 0 and has_cube(data.variant):
        return _with_controls(data, (t("new-cube"), _rows(
            [_button(t("btn-cube-off"), data.model_copy(update={"cube": 0})),
             _button(t("btn-cube-on"), data.model_copy(update={"cube": 1}))])), t, offer)
    return None


def _with_controls(data: NewGameCb, question: tuple[str, InlineKeyboardMarkup],
                   t: Translator, offer: Offer) -> tuple[str, InlineKeyboardMarkup]:
    """The last question with the time control's row (the computer: live ones only)."""
    return ask_control(t, question, offer, data.tc,
                       lambda token: data.model_copy(update={"tc": token}),
                       live_only=data.opponent == "ai")


def _rows(buttons: list[InlineKeyboardButton], per_row: int = 2) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[buttons[i:i + per_row] for i in range(0, len(buttons), per_row)])


def valid(data: NewGameCb) -> bool:
    return (data.variant in VARIANTS and data.opponent in ("ai", "friend")
            and (data.opponent == "friend" or data.level in LEVELS)
            and data.length in LENGTHS)


async def already_playing(player: Player, t: Translator, services: Services
                          ) -> tuple[str, InlineKeyboardMarkup] | None:
    """What to say at once to a player who asks for a new game while in one: that game's
    button, and a correspondence game with a friend (which takes no live seat) when the
    host offers one."""
    row = await services.games.active_game(player.id)
    if row is None:
        return None
    seat = row.seat_of(player.id)
    names = await services.people.names(row, t)
    text = t("new-busy", variant=t(f"variant-{row.variant}"),
             name=names[1 - seat] if seat is not None else "?")
    rows = [[InlineKeyboardButton(text=t("btn-show-game"), callback_data=SHOW_GAME)]]
    by_mail = [c for c in services.controls.controls if c.correspondence]
    if by_mail:
        menu = NewGameCb(opponent="friend", tc=by_mail[0].token)
        rows.append([_button(t("btn-tc-correspondence"), menu)])
    return text, InlineKeyboardMarkup(inline_keyboard=rows)


async def new(message: Message, player: Player, t: Translator, services: Services) -> None:
    asked = await already_playing(player, t, services) or next_question(
        NewGameCb(), t, services.controls)
    assert asked is not None  # an empty new-game menu asks its first question
    text, keyboard = asked
    await message.answer(text, reply_markup=keyboard)


async def show_game(query: CallbackQuery, player: Player, t: Translator,
                    services: Services) -> None:
    await answer(query)
    if not await services.boarding.show(player.id):
        await show(query, t("no-game"))


async def choose(query: CallbackQuery, callback_data: NewGameCb, player: Player, t: Translator,
                 services: Services) -> None:
    group = query.message.chat if query.message is not None else None
    if group is not None and group.type in GROUPS:  # /new's menu in a group: the group's words
        t = await services.people.chat_translator(group.id, starter=player.id)
    busy = await already_playing(player, t, services) if callback_data == NewGameCb(
        ) else None
    if busy is not None:  # "New game" pressed while playing
        await answer(query)
        message = message_of(query)
        if message is not None:
            await message.answer(busy[0], reply_markup=busy[1])
        return
    question = next_question(callback_data, t, services.controls)
    if question is not None:
        await answer(query)
        text, keyboard = question
        await show(query, text, keyboard)  # a double tap finds it shown: nothing to do
        return
    # The last option: the menu is finished once, however many taps arrive at once.
    if query.message is not None and not services.menus.first(
            (query.message.chat.id, query.message.message_id)):
        return await answer(query)
    await answer(query)
    try:
        control = services.controls.choose(callback_data.tc,
                                           live_only=callback_data.opponent == "ai")
    except UnknownControl:
        control = None
    if not valid(callback_data) or control is None:
        return await show(query, t("bad-option"))
    cube = with_cube(callback_data.variant, callback_data.cube == 1)
    async with services.starting.hold(player.id):  # one player starts one thing at a time
        try:
            if callback_data.opponent == "ai":
                await remove(query)
                own_chat = query.from_user.id  # the menu is private: the player's own chat
                # The first board (and maybe the computer's first move) takes a moment.
                async with uploading_photo(bot_of(query), own_chat):
                    await services.games.start_vs_computer(player.id, callback_data.variant,
                                                    callback_data.level, callback_data.length,
                                                    cube, control)
                return
            chat = query.message.chat if query.message is not None else None
            if chat is not None and chat.type in GROUPS:
                # A friend in a group is anyone here: an open challenge with Join, as /nard
                # posts it (a link would take the game out of the group).
                await remove(query)
                await services.challenges.post_group(chat.id, player.id,
                                                     callback_data.variant,
                                                     callback_data.length, cube, control)
                return
            challenge = await services.challenges.create(player.id, callback_data.variant,
                                                         callback_data.length, cube, control)
        except BUSY:  # the database's guard says the same
            return await show(query, t("busy"))
    link = await services.challenges.challenge_link(challenge)
    keyboard = InlineKeyboardMarkup(inline_keyboard=[
        *services.challenges.share_buttons(t, challenge.code, link),
        [InlineKeyboardButton(text=t("btn-cancel"),
                              callback_data=ChallengeCb(code=challenge.code).pack())],
    ])
    await show(query, t("challenge-created", link=link, hours=CHALLENGE_HOURS) + "\n"
               + time_line(t, control), keyboard)


async def cancel(query: CallbackQuery, callback_data: ChallengeCb, player: Player, t: Translator,
                 services: Services) -> None:
    try:
        await challenges.cancel_challenge(services.db, callback_data.code, player.id)
    except ChallengeUnavailable as exc:
        return await answer(query, refusal(t, exc), alert=True)
    await answer(query)
    await show(query, t("challenge-cancelled"))


def make_router() -> Router:
    router = Router(name="newgame")
    router.message.register(new, Command("new"))
    router.callback_query.register(choose, NewGameCb.filter())
    router.callback_query.register(cancel, ChallengeCb.filter())
    router.callback_query.register(show_game, Plain(SHOW_GAME))
    return router
