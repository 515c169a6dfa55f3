"""After a game: play again, the analysis, the replay, asked for from any door.

Against the computer, play again is a new game at once, made here. Everything else goes
where a door sends it (`AfterGameNews`: the Telegram door sends a rematch challenge, the
analysis and the replay into the player's chat); when no door of this process sends it,
the request is `Unavailable`.
"""

from __future__ import annotations

from typing import Protocol

from core.games import GameService
from core.tournaments import rematch_allowed
from storage.models import Game as Row


class Unavailable(Exception):
    """No door of this process sends what was asked for."""


class NotWhileTournamentRuns(Exception):
    """The game is a tournament's, still running: a rematch would keep a player who is
    still in it busy (and out of the arena's pairing)."""


class AfterGameNews(Protocol):
    """What a door sends a player after a game, whichever door they asked from."""

    async def rematch(self, player_id: int, game_id: int) -> None:
        """Offer the game's opponent a new game (the same variant, length and cube)."""

    async def analysis(self, player_id: int, game_id: int, number: int) -> None:
        """Send the analysis of game `number` of the match (starting it when needed)."""

    async def replay(self, player_id: int, game_id: int, number: int) -> None:
        """Send the replay of game `number` of the match."""


class AfterGame:
    def __init__(self, service: GameService, news: AfterGameNews) -> None:
        self.service, self.news = service, news  # news: raises Unavailable when no door sends

    async def rematch(self, player_id: int, row: Row) -> Row | None:
        """Play `row`'s game again, under its time control: against the computer the new
        game at once (`Busy` or `PlayerBusy` when the player is in a game already); with a
        person None, the offer being sent by a door. `NotWhileTournamentRuns` for a
        running tournament's game."""
        if not await self.rematchable(row):
            raise NotWhileTournamentRuns(f"game {row.id}")
        if row.level is not None:
            return await self.service.start_vs_computer(
                player_id, row.variant, row.level, row.match_length, row.cube,
                self.service.control_of(row))  # the same time control
        await self.news.rematch(player_id, row.id)
        return None

    async def rematchable(self, row: Row) -> bool:
        """Whether "Play again" may follow `row`'s game: not once it is over in a
        tournament still running (`core.tournaments.rematch_allowed`)."""
        return await rematch_allowed(self.service.db, row)

    async def analyse(self, player_id: int, row: Row, number: int) -> None:
        await self.news.analysis(player_id, row.id, number)

    async def replay(self, player_id: int, row: Row, number: int) -> None:
        await self.news.replay(player_id, row.id, number)
