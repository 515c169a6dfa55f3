"""The t.me links that open the web board from a group (aiogram's deep-link helper)."""

from __future__ import annotations

from bot.views.webapp import WebApp


def test_a_group_boards_link_opens_the_mini_app_on_its_game() -> None:
    main = WebApp("https://nard.example/app/")
    assert main.direct_link("nard_bot", 12) == "https://t.me/nard_bot?startapp=g12"
    named = WebApp("https://nard.example/app/", short_name="board")
    assert named.direct_link("nard_bot", 12) == "https://t.me/nard_bot/board?startapp=g12"
