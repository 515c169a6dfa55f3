"""Build the Bot and Dispatcher from the settings and run long polling."""

from __future__ import annotations

import asyncio
import logging

from aiogram import Bot, Dispatcher
from aiogram.client.session.aiohttp import AiohttpSession
from aiogram.client.telegram import TelegramAPIServer

from bot.config import Settings

log = logging.getLogger("bot")


def make_bot(settings: Settings) -> Bot:
    """A Bot talking to Telegram, or to `TELEGRAM_API_URL` when it is set."""
    session = None
    if settings.telegram_api_url:
        session = AiohttpSession(api=TelegramAPIServer.from_base(settings.telegram_api_url))
    return Bot(token=settings.bot_token.get_secret_value(), session=session)


def make_dispatcher(settings: Settings) -> Dispatcher:
    return Dispatcher(settings=settings)


async def serve(settings: Settings) -> None:
    bot = make_bot(settings)
    dispatcher = make_dispatcher(settings)
    try:
        await dispatcher.start_polling(bot, handle_signals=True)
    finally:
        await bot.session.close()


def run(settings: Settings) -> int:
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    asyncio.run(serve(settings))
    return 0
