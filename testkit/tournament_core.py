"""The tournament core (core/tournaments.py) driven without Telegram: a clock the test
moves, a door that only records what it hears, the game core on a real database, a game
resigned through the game core (tests/core/test_tournaments.py, tests/bot's bracket test)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from core.actions import Act, Action, Refusal
from core.games import GameService
from core.live import Live
from core.tournaments import Tournaments
from engine.dice import SeededDice
from storage import games, upsert_player
from storage import tournaments as stored
from storage.connect import open_database
from storage.db import Database
from storage.models import Game as Row
from storage.tournaments import Pairing, Tournament
from testkit.waiting import close_database

T0 = datetime(2026, 5, 1, 18, 0, tzinfo=UTC)


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@dataclass
class News:
    changes: list[int] = field(default_factory=list)
    pairings: list[tuple[int, int]] = field(default_factory=list)

    async def changed(self, tournament: Tournament) -> None:
        self.changes.append(tournament.version)

    async def paired(self, tournament: Tournament, pairing: Pairing, game: Row) -> None:
        assert pairing.game_id == game.id and game.status == "active"
        self.pairings.append((pairing.round, pairing.slot))


@dataclass
class World:
    db: Database
    clock: Clock
    service: GameService
    core: Tournaments
    news: News


@asynccontextmanager
async def open_world(database_url: str, players: int = 10) -> AsyncIterator[World]:
    """The core on `database_url`, with players 1 to `players` stored (named P1, P2, …)."""
    db = await open_database(database_url)
    clock = Clock()
    service = GameService(db, clock=clock, window=timedelta(seconds=60), dice=SeededDice(5))
    news = News()
    core = Tournaments(db, service, news, clock=clock)
    for player in range(1, players + 1):
        await upsert_player(db, player, f"P{player}", username=None, language="en", now=T0)
    try:
        yield World(db, clock, service, core, news)
    finally:
        await close_database(db)


async def resign(w: World, game_id: int, loser: int) -> None:
    row = await games.load_game(w.db, game_id)
    refused: list[Refusal | None] = []

    async def respond(refusal: Refusal | None) -> None:
        refused.append(refusal)

    live = Live.load(row.state_json)
    await w.service.act(loser, Action(game_id, row.version, Act.RESIGN,
                                      number=live.number), respond)
    assert refused == [None]


async def playing(w: World, tournament_id: int) -> list[Pairing]:
    return [p for p in await stored.pairings(w.db, tournament_id) if p.status == "playing"]
