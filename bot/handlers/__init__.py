"""Routers per feature, ordered in one place."""

from __future__ import annotations

from aiogram import Router


def get_routers() -> list[Router]:
    from bot.handlers import newgame, play, start

    return [start.router, newgame.router, play.router]
