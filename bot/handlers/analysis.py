"""The Analysis button under a result message (`bot.services.analysis`)."""

from __future__ import annotations

import contextlib

from aiogram import Router
from aiogram.exceptions import TelegramBadRequest
from aiogram.types import CallbackQuery

from bot.callbacks import AnalysisCb
from bot.services.analysis import AnalysisService


async def press(query: CallbackQuery, callback_data: AnalysisCb,
                analysis: AnalysisService) -> None:
    async def answer(text: str | None, alert: bool) -> None:
        with contextlib.suppress(TelegramBadRequest):  # a press answered too late
            await query.answer(text, show_alert=alert)

    chat = query.message.chat.id if query.message is not None else query.from_user.id
    await analysis.press(query.from_user.id, chat, callback_data, answer)


def make_router() -> Router:
    router = Router(name="analysis")
    router.callback_query.register(press, AnalysisCb.filter())
    return router
