"""Games in group chats (/nard, Join) and challenge cards shared through inline mode."""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass

from aiogram import Bot, F, Router
from aiogram.exceptions import TelegramAPIError
from aiogram.filters import Command, CommandObject
from aiogram.types import (
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQuery,
    InlineQueryResultArticle,
    InlineQueryResultUnion,
    InputTextMessageContent,
    Message,
)

from bot.handlers.refusals import accepted_or_alert
from bot.plumbing.retry import FAULTS
from bot.plumbing.telegram_io import GROUPS, answer, show
from bot.services import Services
from bot.views.callbacks import CardCb, JoinCb
from bot.views.timecontrols import time_line
from core.options import LENGTHS, has_cube
from core.timecontrol import Offer, TimeControl, UnknownControl
from engine.position import VARIANTS
from i18n import Translator
from i18n.controls import control_name
from storage.models import Game as Row
from storage.models import Player


@dataclass(frozen=True)
class NardOptions:
    variant: str = "short"
    length: int = 1
    cube: bool = False
    control: str = ""  # a time control's token ("": the host's default)


class BadOption(ValueError):
    """A word of /nard's options that cannot be played, and why (a key of `_REFUSALS`)."""

    def __init__(self, reason: str, word: str) -> None:
        word = word if len(word) <= 16 else word[:16] + "…"  # quoted back: keep it short
        super().__init__(word)
        self.reason, self.word = reason, word


_REFUSALS = {"length": "nard-bad-length", "word": "nard-bad-word", "long-cube": "nard-long-cube",
             "control": "tc-nard-unknown"}
# A word meant as a time control: its kind's letter, then a number (`m120`, `c8+20`, `d1`).
_CONTROL_WORD = re.compile(r"[mcd]\d.*")


def parse_options(args: str | None, offer: Offer | None = None) -> NardOptions:
    """`/nard [short|long] [1|3|5|7] [cube] [control]`, in any order; short nard, one game
    under the host's default control by default. `control` is one of `offer`'s tokens.

    Anything else is refused rather than ignored (`/nard short 9` must not quietly become a
    single game): BadOption names the word and why.
    """
    variant, length, cube, control = "short", 1, False, ""
    # Compared as text: int() of a 5,000-digit (or a superscript) "number" raises.
    lengths = {str(n): n for n in LENGTHS}
    for word in (args or "").lower().split()[:8]:
        if word in VARIANTS:
            variant = word
        elif word in lengths:
            length = lengths[word]
        elif word.isdigit() or word.isdecimal():
            raise BadOption("length", word)
        elif word == "cube":
            cube = True
        elif _CONTROL_WORD.fullmatch(word):
            try:  # one spelling of each control: c08+020 is c8+20
                control = TimeControl.parse(word).token
                if offer is None:
                    raise UnknownControl(word)
                offer.get(control)
            except UnknownControl:
                raise BadOption("control", word) from None
        else:
            raise BadOption("word", word)
    if cube and not has_cube(variant):
        raise BadOption("long-cube", "cube")
    return NardOptions(variant, length, cube, control)


async def nard(message: Message, command: CommandObject, player: Player,
               services: Services) -> None:
    offer = services.controls
    try:
        options = parse_options(command.args, offer)
    except BadOption as exc:
        t = await services.people.chat_translator(message.chat.id, starter=player.id)
        tokens = ", ".join(c.token for c in offer.controls)
        await message.reply(t(_REFUSALS[exc.reason], word=exc.word[:32], controls=tokens))
        return
    await services.challenges.post_group(message.chat.id, player.id, options.variant,
                                       options.length, options.cube,
                                       offer.choose(options.control))


async def join(query: CallbackQuery, callback_data: JoinCb, player: Player, t: Translator,
               services: Services) -> None:
    if query.message is None:  # a Join button is never on an inline message
        return await answer(query, t("challenge-not-joinable"), alert=True)
    chat_id = query.message.chat.id
    joined: list[Row] = []

    async def joining() -> None:
        joined.append(await services.challenges.join_group(callback_data.code, player.id,
                                                         chat_id))

    if not await accepted_or_alert(query, t, joining()):
        return
    await answer(query)  # a late answer must not undo the join
    services.pacing.note(chat_id)
    # The language the game's board speaks in this group.
    t = await services.people.chat_translator(chat_id, joined[0])
    await show(query, t("group-challenge-taken", name=player.name))


async def cards(query: InlineQuery, t: Translator, player: Player, services: Services) -> None:
    """Typing @bot in any chat offers a short-nard and a long-nard challenge card under each
    offered time control (the default's first); typing a control's token (`@bot c8+20`)
    offers that control's two. The Share button of a challenge link types its code, which
    offers that challenge's card.

    Each card is a stored record; its Accept button carries the record's random id only.
    """
    typed = query.query.strip()[:64]
    own = await services.challenges.challenge_card(typed, player.id, t) if typed else None
    if own is not None:
        await query.answer([own], cache_time=5, is_personal=True)
        return
    offer = services.controls
    controls = [c for c in offer.controls if c.token == typed] or offer.controls  # default first
    results: list[InlineQueryResultUnion] = []
    for card, control in await services.challenges.offer_cards(player.id, controls):
        variant, name = card.variant, control_name(t, control)
        text = t("card-text", name=player.name, variant=t(f"variant-{variant}"))
        results.append(InlineQueryResultArticle(
            # The default's cards keep the ids they had before controls: "short", "long".
            id=variant if control == offer.default else f"{variant}-{control.token}",
            title=t("tc-card-title", variant=t(f"variant-{variant}"), control=name),
            description=t("card-description"),
            input_message_content=InputTextMessageContent(
                message_text=text + "\n" + time_line(t, control)),
            reply_markup=InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
                text=t("btn-accept"), callback_data=CardCb(card=card.id).pack())]]),
        ))
    # Personal (the card names its sender) and short-lived, so nobody gets another's card.
    await query.answer(results, cache_time=5, is_personal=True)


async def accept_card(query: CallbackQuery, callback_data: CardCb, player: Player,
                      t: Translator, services: Services) -> None:
    inline_message_id = query.inline_message_id
    if inline_message_id is None:  # a card is an inline message, nothing else
        return await answer(query, t("challenge-not-joinable"), alert=True)
    started: list[tuple[object, list[int]]] = []

    async def accepting() -> None:
        started.append(await services.challenges.accept_card(
            inline_message_id, callback_data.card, player.id))

    if await accepted_or_alert(query, t, accepting()):
        _, unseen = started[0]
        if player.id in unseen:  # never opened the bot: open it (its board is waiting)
            with contextlib.suppress(TelegramAPIError):
                await query.answer(t("card-open-bot"), url=await services.challenges.link("play"))
        else:
            await answer(query, t("card-accepted"))


async def group_lang_allowed(bot: Bot, chat_id: int, user_id: int) -> bool:
    """Whether the user may set the group's language; no when Telegram cannot tell us."""
    try:
        member = await bot.get_chat_member(chat_id, user_id)
    except (TelegramAPIError, *FAULTS):
        return False
    return member.status in ("creator", "administrator")


def make_router() -> Router:
    router = Router(name="groups")
    router.message.register(nard, Command("nard"), F.chat.type.in_(GROUPS))
    router.callback_query.register(join, JoinCb.filter())
    router.inline_query.register(cards)
    router.callback_query.register(accept_card, CardCb.filter())
    return router
