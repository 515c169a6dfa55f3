"""Players and games written straight into storage (no bot in between)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from storage import Database, Game, create_game

T0 = datetime(2026, 3, 14, 12, 0, tzinfo=UTC)
STATE = '{"variant": "short", "me": [0], "opp": [0]}'
ALICE, BOB, CAROL, DAVE = 101, 102, 103, 104


async def human_game(db: Database, variant: str = "short", players: tuple[int, int] = (ALICE, BOB),
                     **options: Any) -> Game:
    """A game between two people (Alice and Bob unless told), created at T0."""
    return await create_game(
        db, variant=variant, players=players, state_json=STATE, now=T0, **options
    )
