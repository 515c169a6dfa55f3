"""The t.me links that open the web board from a group (aiogram's create_startapp_link)."""

from __future__ import annotations

from bot.views.webapp import WebApp
from testkit.groups import GROUP, group_game
from testkit.harness import Harness


async def test_a_group_boards_link_opens_the_mini_app_on_its_game(harness: Harness) -> None:
    bot = harness.app.bot  # the fake Bot API's getMe names it nard_test_bot
    main = WebApp("https://nard.example/app/")
    assert await main.direct_link(bot, 12) == "https://t.me/nard_test_bot?startapp=g12"
    named = WebApp("https://nard.example/app/", short_name="board")
    assert await named.direct_link(bot, 12) == (
        "https://t.me/nard_test_bot/board?startapp=g12")


async def test_a_group_board_carries_the_link_to_its_game(group_harness: Harness) -> None:
    h = group_harness
    h.app.boards.web = WebApp("https://nard.example/app/", short_name="board")
    game_id = await group_game(h, "short")
    urls = [b.get("url") for row in h.board(GROUP).inline_keyboard for b in row]
    assert f"https://t.me/nard_test_bot/board?startapp=g{game_id}" in urls, urls
