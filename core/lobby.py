"""A player's games still being played, for a door's lobby: at most one live game (the
rule for live play) and any number of correspondence games."""

from __future__ import annotations

from dataclasses import dataclass

from core.games import GameService
from core.live import Live
from core.timecontrol import TimeControl
from storage import games
from storage.models import Game as Row


@dataclass(frozen=True)
class OpenGame:
    row: Row
    live: Live
    seat: int  # the player's
    control: TimeControl

    @property
    def my_turn(self) -> bool:
        return self.live.game.to_act == self.seat


async def open_games(service: GameService, player_id: int) -> list[OpenGame]:
    """The player's games being played: the live one first, then the correspondence
    games, the soonest deadline first (`storage.games.open_games`)."""
    rows = await games.open_games(service.db, player_id)
    found: list[OpenGame] = []
    for row in rows:  # (the live game and the correspondence ones: two disjoint lists)
        seat = row.seat_of(player_id)
        if seat is not None:
            found.append(OpenGame(row, Live.load(row.state_json), seat,
                                  service.control_of(row)))
    return found
