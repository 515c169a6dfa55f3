"""The 💡 Hint button of a board (core/hints.py decides and ranks): the best three moves of
the roll with how far each is behind the best, in the player's words, as the press's answer
(an alert; a message when it is too long for one)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from aiogram import Bot

from bot.plumbing.telegram_io import send_text
from core.hints import Hint, HintRefusal, Hints
from core.history import thrown
from i18n import Translator
from i18n.figures import hint_lines
from i18n.people import People

ALERT_CHARS = 200  # Telegram's longest callback alert
Answer = Callable[[str | None, bool], Awaitable[None]]
REFUSALS = {HintRefusal.NOT_YOURS: "alert-not-player", HintRefusal.RATED: "hint-rated",
            HintRefusal.NOT_NOW: "hint-not-now"}


def hint_text(t: Translator, hint: Hint) -> str:
    """The hint's lines (`i18n.figures.hint_lines`, as the web board words them), one a
    line."""
    return "\n".join(hint_lines(t, thrown(hint.dice), hint.moves))


class HintService:
    def __init__(self, bot: Bot, hints: Hints, people: People) -> None:
        self.bot, self.hints, self.people = bot, hints, people

    async def press(self, user_id: int, game_id: int, answer: Answer) -> None:
        t = await self.people.translator(user_id)
        got = await self.hints.ask(game_id, user_id)
        if isinstance(got, HintRefusal):
            await answer(t(REFUSALS[got]), True)
            return
        text = hint_text(t, got)
        if len(text) <= ALERT_CHARS:
            await answer(text, True)
            return
        await answer(None, False)
        await send_text(self.bot, user_id, text)
