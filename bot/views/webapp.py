"""The buttons that open the web board (a Telegram Mini App, `web/`).

In a private chat a board message gets a web-app button that opens the page on its game;
Telegram allows web-app buttons only there, so a group's board gets a URL button to the
bot's direct Mini App link with the game as its start parameter (`g<id>`: the page opens
that game, read-only for whoever does not play in it). The chat's menu button opens the
page's lobby.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, MenuButtonWebApp, WebAppInfo
from aiogram.utils.deep_linking import create_startapp_link

from i18n import Translator


@dataclass(frozen=True)
class WebApp:
    """Where the web board is: its public address, and its short name from BotFather for
    direct links (None: the bot's Main Mini App)."""

    url: str
    short_name: str | None = None

    def game_url(self, game_id: int) -> str:
        return f"{self.url}?game={game_id}"

    async def direct_link(self, bot: Bot, game_id: int) -> str:
        """The t.me link that opens the Mini App on a game, from any chat (aiogram's
        `create_startapp_link`: the bot's username, the app's short name, the game)."""
        return await create_startapp_link(bot, f"g{game_id}", app_name=self.short_name)


def board_button(t: Translator, web: WebApp, game_id: int) -> InlineKeyboardButton:
    """A private board message's "Open board" button."""
    return InlineKeyboardButton(text=t("btn-web-board"),
                                web_app=WebAppInfo(url=web.game_url(game_id)))


def group_button(t: Translator, link: str) -> InlineKeyboardButton:
    """A group board's "Open board" button: the direct `link` (web-app buttons are
    private)."""
    return InlineKeyboardButton(text=t("btn-web-board"), url=link)


def menu_button(t: Translator, web: WebApp) -> MenuButtonWebApp:
    """The chat's menu button: the page's lobby (my games, new game, find an opponent)."""
    return MenuButtonWebApp(text=t("btn-web-lobby"), web_app=WebAppInfo(url=web.url))
