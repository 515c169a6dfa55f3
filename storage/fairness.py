"""Provably fair dice: each player's next server seed and own seed, each finished game's
dice record, and the dice statistics of a player (docs/fairness.md).

A player's next server seed (`players.next_seed`) is drawn before it is used, so its SHA-256
can be shown first. Every way a game is made reads its players' pending seeds
(`pending_seeds`), builds the game from them and, in the transaction that stores the game,
replaces them with fresh ones (`take_seeds`): only if they are still the ones read, so a
seed is never used by two games, and a game that is not stored takes nothing. The seeds
then live in the game's state (`state_json`) while it is played; when the game ends its
record is written here, and only then are they shown.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from storage.clock import to_epoch
from storage.db import Database, Tx
from storage.errors import PlayerNotFound, StorageError

MAX_CLIENT_SEED = 64  # characters of a player's own seed


class SeedTaken(StorageError):
    """A player's pending seed (or own seed) changed after it was read for a new game:
    another game took it (or /seed changed it) meanwhile. Nothing was stored; read again."""

    def __init__(self, player_id: int) -> None:
        super().__init__(f"player {player_id}'s next seed changed while a game was made")
        self.player_id = player_id


@dataclass(frozen=True, slots=True)
class Pending:
    """What a new game of the player reads: their next server seed (None: none drawn yet)
    and their own seed ("" for none)."""

    player_id: int
    server_seed: str | None
    client_seed: str


@dataclass(frozen=True, slots=True)
class SeedTake:
    """A new game takes `pending` (as read) and leaves `fresh` as the player's next seed."""

    pending: Pending
    fresh: str


@dataclass(frozen=True, slots=True)
class FairRecord:
    """The dice record of game `game_number` of the games row `game_id`."""

    game_id: int
    game_number: int
    game_key: str  # the "game" input of every die
    commitment: str  # what was shown: the seats' SHA-256s comma-joined (older: the one seed's)
    seed: str  # the dice seed
    client_seeds: tuple[str, ...]  # by seat ("" for none)
    server_seeds: tuple[str, ...] = ()  # by seat ("" the computer); () for older records


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


async def pending_seeds(tx: Tx | Database, players: Sequence[int | None]
                        ) -> tuple[Pending | None, ...]:
    """What a new game of `players` (by seat; None the computer) would take. In a write
    transaction the players' rows are locked (PostgreSQL) until it ends."""
    humans = [p for p in players if p is not None]
    marks = ", ".join("?" * len(humans))
    lock = tx.lock("FOR NO KEY UPDATE") if isinstance(tx, Tx) else ""
    rows = await tx.fetchall(
        f"SELECT id, next_seed, client_seed FROM players WHERE id IN ({marks}) ORDER BY id"
        + lock, humans) if humans else []
    found = {row["id"]: Pending(row["id"], row["next_seed"], row["client_seed"] or "")
             for row in rows}
    missing = sorted(set(humans) - set(found))
    if missing:
        raise PlayerNotFound(f"player {missing[0]} is not stored")
    return tuple(None if p is None else found[p] for p in players)


async def take_seeds(tx: Tx, takes: Sequence[SeedTake]) -> None:
    """In the transaction that stores a new game: each player's next seed becomes `fresh`,
    if their next seed and own seed are still the ones read; `SeedTaken` (and the caller's
    transaction rolls back) when not."""
    for take in takes:
        pending = take.pending
        changed = await tx.execute(
            "UPDATE players SET next_seed = ? WHERE id = ? AND COALESCE(next_seed, '') = ?"
            " AND COALESCE(client_seed, '') = ?",
            (take.fresh, pending.player_id, pending.server_seed or "", pending.client_seed))
        if changed != 1:
            raise SeedTaken(pending.player_id)


async def next_seed(db: Database, player_id: int, fresh: str) -> str:
    """The player's next server seed; `fresh` becomes it when none was drawn yet."""
    async with db.transaction() as tx:
        await tx.execute("UPDATE players SET next_seed = ? WHERE id = ? AND next_seed IS NULL",
                         (fresh, player_id))
        seed = await tx.fetchone("SELECT next_seed FROM players WHERE id = ?", (player_id,))
    if seed is None:
        raise PlayerNotFound(f"player {player_id} is not stored")
    return seed["next_seed"]


async def record_game(db: Database, record: FairRecord, *, now: datetime) -> None:
    """Keep a finished game's dice record (written again, it stays as first written)."""
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO fair_dice (game_id, game_number, game_key, commitment, seed,"
            " client_seeds, server_seeds, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, game_number) DO NOTHING",
            (record.game_id, record.game_number, record.game_key, record.commitment,
             record.seed, json.dumps(list(record.client_seeds), ensure_ascii=False),
             json.dumps(list(record.server_seeds)) if record.server_seeds else None,
             to_epoch(now)))


async def game_records(db: Database, game_id: int) -> dict[int, FairRecord]:
    """The dice records of the games of `game_id` that have ended, by game number."""
    rows = await db.fetchall(
        "SELECT game_id, game_number, game_key, commitment, seed, client_seeds, server_seeds"
        " FROM fair_dice WHERE game_id = ? ORDER BY game_number", (game_id,))
    return {row["game_number"]: FairRecord(
        row["game_id"], row["game_number"], row["game_key"], row["commitment"], row["seed"],
        tuple(json.loads(row["client_seeds"])),
        tuple(json.loads(row["server_seeds"])) if row["server_seeds"] else ()) for row in rows}


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
