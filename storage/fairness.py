"""Provably fair dice: the players' own seeds, each finished game's dice record, and the
dice statistics of a player (issue 16).

A game's secret server seed lives in its state (`state_json`) while it is played; when the
game ends its record is written here, and only then is it shown.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from storage.clock import to_epoch
from storage.db import Database, Tx
from storage.errors import PlayerNotFound

MAX_CLIENT_SEED = 64  # characters of a player's own seed


@dataclass(frozen=True, slots=True)
class FairRecord:
    """The dice record of game `game_number` of the games row `game_id`."""

    game_id: int
    game_number: int
    game_key: str  # the "game" input of every die
    commitment: str
    seed: str
    client_seeds: tuple[str, ...]  # by seat ("" for none)


@dataclass(frozen=True, slots=True)
class DiceStats:
    """A player's own rolls over all their games (the opening throw's single dice and short
    nard's first move, which takes the opening dice, are not rolls)."""

    rolls: int
    doubles: int
    pips: int  # a double counts four times its number


async def set_client_seed(db: Database, player_id: int, seed: str | None, *,
                          now: datetime) -> None:
    """The player's seed for their next games (None: none)."""
    if seed is not None and not 1 <= len(seed) <= MAX_CLIENT_SEED:
        raise ValueError(f"a seed is 1 to {MAX_CLIENT_SEED} characters")
    async with db.transaction() as tx:
        changed = await tx.execute(
            "UPDATE players SET client_seed = ?, updated_at = ? WHERE id = ?",
            (seed, to_epoch(now), player_id))
    if not changed:
        raise PlayerNotFound(f"player {player_id} is not stored")


async def client_seed(db: Database, player_id: int) -> str | None:
    return await db.fetchval("SELECT client_seed FROM players WHERE id = ?", (player_id,))


async def client_seeds(tx: Tx | Database, players: Sequence[int | None]) -> tuple[str, ...]:
    """The seeds of a new game's players, by seat ("" for none and for the computer)."""
    humans = [p for p in players if p is not None]
    found: dict[int, str] = {}
    if humans:
        marks = ", ".join("?" * len(humans))
        rows = await tx.fetchall(
            f"SELECT id, client_seed FROM players WHERE id IN ({marks})", humans)
        found = {row["id"]: row["client_seed"] for row in rows if row["client_seed"]}
    return tuple(found.get(p, "") if p is not None else "" for p in players)


async def record_game(db: Database, record: FairRecord, *, now: datetime) -> None:
    """Keep a finished game's dice record (written again, it stays as first written)."""
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO fair_dice (game_id, game_number, game_key, commitment, seed,"
            " client_seeds, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, game_number) DO NOTHING",
            (record.game_id, record.game_number, record.game_key, record.commitment,
             record.seed, json.dumps(list(record.client_seeds), ensure_ascii=False),
             to_epoch(now)))


async def game_records(db: Database, game_id: int) -> dict[int, FairRecord]:
    """The dice records of the games of `game_id` that have ended, by game number."""
    rows = await db.fetchall(
        "SELECT game_id, game_number, game_key, commitment, seed, client_seeds"
        " FROM fair_dice WHERE game_id = ? ORDER BY game_number", (game_id,))
    return {row["game_number"]: FairRecord(
        row["game_id"], row["game_number"], row["game_key"], row["commitment"], row["seed"],
        tuple(json.loads(row["client_seeds"]))) for row in rows}


# A roll's notation is "d-d"; short nard's first move, which takes the opening throw's dice,
# is logged as a roll marked "opening" in its data and is not counted.
_ROLLS = (
    "SELECT COUNT(*) AS rolls,"
    " COALESCE(SUM(CASE WHEN substr(m.notation, 1, 1) = substr(m.notation, 3, 1)"
    " THEN 1 ELSE 0 END), 0) AS doubles,"
    " COALESCE(SUM(CASE WHEN substr(m.notation, 1, 1) = substr(m.notation, 3, 1)"
    " THEN 4 * CAST(substr(m.notation, 1, 1) AS INTEGER)"
    " ELSE CAST(substr(m.notation, 1, 1) AS INTEGER) + CAST(substr(m.notation, 3, 1) AS INTEGER)"
    " END), 0) AS pips"
    " FROM moves m JOIN games g ON g.id = m.game_id"
    " WHERE m.kind = 'roll' AND length(m.notation) = 3"
    " AND (m.data IS NULL OR m.data NOT LIKE '%\"opening\":true%')"
    " AND ((g.player0_id = ? AND m.seat = 0) OR (g.player1_id = ? AND m.seat = 1))"
)


async def dice_stats(db: Database, player_id: int) -> DiceStats:
    row = await db.fetchone(_ROLLS, (player_id, player_id))
    assert row is not None
    return DiceStats(int(row["rolls"]), int(row["doubles"]), int(row["pips"]))
