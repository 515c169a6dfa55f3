"""/new: choose the variant, the opponent, the level, the match length and the cube."""

from __future__ import annotations

from aiogram import F, Router
from aiogram.filters import Command
from aiogram.types import CallbackQuery, InlineKeyboardButton, InlineKeyboardMarkup, Message
from aiogram.utils.chat_action import ChatActionSender

from bot.callbacks import ChallengeCb, MatchCb, NewGameCb
from bot.handlers.refusals import refusal
from bot.i18n import Translator
from bot.services.boarding import Boarding
from bot.services.challenges import CHALLENGE_HOURS, ChallengeService
from bot.services.computer import LEVEL_NAMES
from bot.services.games import Busy, GameService
from bot.services.people import People
from storage import challenges
from storage.errors import ChallengeUnavailable
from storage.models import Player

LENGTHS = (1, 3, 5, 7)
SHOW_GAME = "show-game"  # the player's current board, sent again


def _button(text: str, data: NewGameCb) -> InlineKeyboardButton:
    return InlineKeyboardButton(text=text, callback_data=data.pack())


def next_question(data: NewGameCb, t: Translator) -> tuple[str, InlineKeyboardMarkup] | None:
    """The next question of the menu and its buttons, or None when every option is chosen."""
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
        return t("new-level"), _rows(
            [_button(t(f"level-{name}"), data.model_copy(update={"level": name}))
             for name in LEVEL_NAMES], per_row=1)
    if not data.length:
        return t("new-length"), _rows(
            [_button(t("btn-length", points=n), data.model_copy(update={"length": n}))
             for n in LENGTHS])
    if data.cube < 0 and data.variant == "short":
        return t("new-cube"), _rows(
            [_button(t("btn-cube-off"), data.model_copy(update={"cube": 0})),
             _button(t("btn-cube-on"), data.model_copy(update={"cube": 1}))])
    return None


def _rows(buttons: list[InlineKeyboardButton], per_row: int = 2) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[buttons[i:i + per_row] for i in range(0, len(buttons), per_row)])


def valid(data: NewGameCb) -> bool:
    return (data.variant in ("short", "long") and data.opponent in ("ai", "friend")
            and (data.opponent == "friend" or data.level in LEVEL_NAMES)
            and data.length in LENGTHS)


async def already_playing(player: Player, t: Translator, service: GameService,
                          people: People) -> tuple[str, InlineKeyboardMarkup] | None:
    """What to say at once to a player who asks for a new game while in one."""
    row = await service.active_game(player.id)
    if row is None:
        return None
    seat = row.seat_of(player.id)
    names = await people.names(row, t)
    text = t("new-busy", variant=t(f"variant-{row.variant}"),
             name=names[1 - seat] if seat is not None else "?")
    return text, InlineKeyboardMarkup(inline_keyboard=[[
        InlineKeyboardButton(text=t("btn-show-game"), callback_data=SHOW_GAME)]])


async def new(message: Message, player: Player, t: Translator, service: GameService,
              people: People) -> None:
    text, keyboard = await already_playing(player, t, service, people) or next_question(
        NewGameCb(), t)  # type: ignore[misc]
    await message.answer(text, reply_markup=keyboard)


async def show_game(query: CallbackQuery, player: Player, t: Translator,
                    boarding: Boarding) -> None:
    await query.answer()
    if not await boarding.show(player.id):
        await query.message.answer(t("no-game"))  # type: ignore[union-attr]


async def choose(query: CallbackQuery, callback_data: NewGameCb, player: Player, t: Translator,
                 service: GameService, challenge_service: ChallengeService,
                 people: People) -> None:
    await query.answer()
    busy = await already_playing(player, t, service, people) if callback_data == NewGameCb(
        ) else None
    if busy is not None and query.message is not None:  # "New game" pressed while playing
        await query.message.answer(busy[0], reply_markup=busy[1])  # type: ignore[union-attr]
        return
    question = next_question(callback_data, t)
    if question is not None and query.message is not None:
        text, keyboard = question
        await query.message.edit_text(text, reply_markup=keyboard)  # type: ignore[union-attr]
        return
    if not valid(callback_data):
        await query.message.answer(t("bad-option"))  # type: ignore[union-attr]
        return
    cube = callback_data.variant == "short" and callback_data.cube == 1
    try:
        if callback_data.opponent == "ai":
            await query.message.delete()  # type: ignore[union-attr]
            chat = query.message.chat.id  # type: ignore[union-attr]
            # The first board (and maybe the computer's first move) takes a moment.
            async with ChatActionSender.upload_photo(chat_id=chat, bot=query.bot):  # type: ignore[arg-type]
                await service.start_vs_computer(player.id, callback_data.variant,
                                                callback_data.level, callback_data.length, cube)
            return
        challenge = await challenge_service.create(player.id, callback_data.variant,
                                                   callback_data.length, cube)
    except Busy:
        await query.message.answer(t("busy"))  # type: ignore[union-attr]
        return
    link = await challenge_service.link(challenge.code)
    keyboard = InlineKeyboardMarkup(inline_keyboard=[
        *challenge_service.share_buttons(t, challenge.code, link),
        [InlineKeyboardButton(text=t("btn-cancel"),
                              callback_data=ChallengeCb(code=challenge.code).pack())],
    ])
    await query.message.edit_text(  # type: ignore[union-attr]
        t("challenge-created", link=link, hours=CHALLENGE_HOURS), reply_markup=keyboard)


async def cancel(query: CallbackQuery, callback_data: ChallengeCb, player: Player, t: Translator,
                 service: GameService) -> None:
    try:
        await challenges.cancel_challenge(service.db, callback_data.code, player.id)
    except ChallengeUnavailable as exc:
        await query.answer(refusal(t, exc), show_alert=True)
        return
    await query.answer()
    await query.message.edit_text(t("challenge-cancelled"))  # type: ignore[union-attr]


def make_router() -> Router:
    router = Router(name="newgame")
    router.message.register(new, Command("new"))
    router.callback_query.register(choose, NewGameCb.filter())
    router.callback_query.register(cancel, ChallengeCb.filter())
    router.callback_query.register(show_game, F.data == SHOW_GAME)
    return router
