"""Routers per feature, ordered in one place."""

from __future__ import annotations

from aiogram import Router


def get_routers() -> list[Router]:
    """Fresh routers for one Dispatcher, in the order they are asked."""
    from bot.handlers import (
        afterplay,
        analysis,
        fallback,
        groups,
        log,
        matchmaking,
        newgame,
        play,
        resign,
        settings,
        start,
        stats,
        tournaments,
    )

    return [play.make_press_router(),  # the game buttons first: most updates are theirs
            start.make_router(), newgame.make_router(), matchmaking.make_router(),
            play.make_router(), stats.make_router(), groups.make_router(), log.make_router(),
            settings.make_router(), resign.make_router(), analysis.make_router(),
            afterplay.make_router(), tournaments.make_router(),
            fallback.make_router()]  # the fallback last
