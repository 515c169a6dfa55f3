"""The Analysis button under a result message (`bot.services.analysis`)."""

from __future__ import annotations

from aiogram import Router
from aiogram.types import CallbackQuery

from bot.plumbing.telegram_io import answer, chat_of
from bot.services import Services
from bot.views.callbacks import AnalysisCb


async def press(query: CallbackQuery, callback_data: AnalysisCb, services: Services) -> None:
    async def reply(text: str | None, alert: bool) -> None:
        await answer(query, text, alert)  # a press answered too late is dropped quietly

    await services.analysis.press(query.from_user.id, chat_of(query), callback_data, reply)


def make_router() -> Router:
    router = Router(name="analysis")
    router.callback_query.register(press, AnalysisCb.filter())
    return router
