"""Stored game analyses (docs/ai.md, "Analysis"): the job's state, its figures and
decisions, and who waits for it.

A game of a match (`game_id`, `game_number`) is analysed once. `claim` starts the job (or
takes over one whose claim ran out: its process stopped); the job renews its claim as it
goes (`renew`) and stores everything at once when done (`save`). A player who asks while it
runs is a waiter (`add_waiter`): their progress message becomes the answer when it is done.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from storage.clock import from_epoch, to_epoch
from storage.db import Database


@dataclass(frozen=True, slots=True)
class FigureRow:
    """One player's figures for an analysed game (`player_id` None: the computer)."""

    seat: int
    player_id: int | None
    decisions: int
    total_loss: float
    inaccuracies: int
    errors: int
    blunders: int
    missed_doubles: int
    wrong_doubles: int
    wrong_takes: int
    wrong_drops: int


@dataclass(frozen=True, slots=True)
class DecisionRow:
    """One decision: `position` is the engine's position as JSON, `dice` "6-5" or ""."""

    idx: int
    turn: int
    seat: int
    kind: str
    position: str
    dice: str
    played: str
    best: str
    played_equity: float
    best_equity: float
    cube_value: int
    cube_owner: int | None


@dataclass(frozen=True, slots=True)
class Waiter:
    game_id: int
    game_number: int
    player_id: int
    chat_id: int
    message_id: int


@dataclass(frozen=True, slots=True)
class ErrorRatePoint:
    """A player's error rate in one analysed game, for /me and its chart."""

    game_id: int
    game_number: int
    error_rate: float
    finished_at: datetime


_FIGURES = ("seat, player_id, decisions, total_loss, inaccuracies, errors, blunders,"
            " missed_doubles, wrong_doubles, wrong_takes, wrong_drops")
_DECISIONS = ("idx, turn, seat, kind, position, dice, played, best, played_equity,"
              " best_equity, cube_value, cube_owner")


async def status(db: Database, game_id: int, number: int) -> str | None:
    """"running", "done", or None when the game was never asked for."""
    return await db.fetchval(
        "SELECT status FROM analyses WHERE game_id = ? AND game_number = ?", (game_id, number))


async def claim(db: Database, game_id: int, number: int, now: datetime,
                until: datetime) -> bool:
    """Start the analysis of a game, or take over a running one whose claim ran out.

    True when the caller now runs the job (until `until`, unless renewed); False when it is
    done or another job holds it.
    """
    async with db.transaction() as tx:
        got = await tx.fetchval(
            "INSERT INTO analyses (game_id, game_number, status, claimed_until, started_at)"
            " VALUES (?, ?, 'running', ?, ?)"
            " ON CONFLICT (game_id, game_number) DO UPDATE"
            " SET claimed_until = excluded.claimed_until, started_at = excluded.started_at"
            " WHERE analyses.status = 'running' AND analyses.claimed_until <= ?"
            " RETURNING game_number",
            (game_id, number, to_epoch(until), to_epoch(now), to_epoch(now)))
    return got is not None


async def renew(db: Database, game_id: int, number: int, until: datetime) -> None:
    async with db.transaction() as tx:
        await tx.execute(
            "UPDATE analyses SET claimed_until = ?"
            " WHERE game_id = ? AND game_number = ? AND status = 'running'",
            (to_epoch(until), game_id, number))


async def release(db: Database, game_id: int, number: int) -> None:
    """Give up a running job's claim (a graceful stop): the next start takes it at once."""
    async with db.transaction() as tx:
        await tx.execute(
            "UPDATE analyses SET claimed_until = 0"
            " WHERE game_id = ? AND game_number = ? AND status = 'running'", (game_id, number))


async def abandoned(db: Database, now: datetime) -> list[tuple[int, int]]:
    """Running analyses whose claim ran out (their process stopped), oldest first."""
    rows = await db.fetchall(
        "SELECT game_id, game_number FROM analyses WHERE status = 'running'"
        " AND claimed_until <= ? ORDER BY started_at, game_id, game_number", (to_epoch(now),))
    return [(row["game_id"], row["game_number"]) for row in rows]


async def save(db: Database, game_id: int, number: int, *, engine: str,
               figures: Sequence[FigureRow], decisions: Sequence[DecisionRow],
               now: datetime) -> None:
    """Store the finished analysis in one transaction; the job's row becomes "done"."""
    stamp = to_epoch(now)
    async with db.transaction() as tx:
        await tx.execute("DELETE FROM analysis_decisions WHERE game_id = ? AND game_number = ?",
                         (game_id, number))
        await tx.execute("DELETE FROM analysis_figures WHERE game_id = ? AND game_number = ?",
                         (game_id, number))
        await tx.executemany(
            f"INSERT INTO analysis_decisions (game_id, game_number, {_DECISIONS})"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, number, d.idx, d.turn, d.seat, d.kind, d.position, d.dice, d.played,
              d.best, d.played_equity, d.best_equity, d.cube_value, d.cube_owner)
             for d in decisions])
        await tx.executemany(
            f"INSERT INTO analysis_figures (game_id, game_number, {_FIGURES}, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, number, f.seat, f.player_id, f.decisions, f.total_loss,
              f.inaccuracies, f.errors, f.blunders, f.missed_doubles, f.wrong_doubles,
              f.wrong_takes, f.wrong_drops, stamp) for f in figures])
        await tx.execute(
            "UPDATE analyses SET status = 'done', engine = ?, finished_at = ?"
            " WHERE game_id = ? AND game_number = ?", (engine, stamp, game_id, number))


async def engine_of(db: Database, game_id: int, number: int) -> str:
    return await db.fetchval(
        "SELECT engine FROM analyses WHERE game_id = ? AND game_number = ?",
        (game_id, number)) or ""


async def figures(db: Database, game_id: int, number: int) -> list[FigureRow]:
    rows = await db.fetchall(
        f"SELECT {_FIGURES} FROM analysis_figures WHERE game_id = ? AND game_number = ?"
        " ORDER BY seat", (game_id, number))
    return [FigureRow(*row) for row in rows]


async def decisions(db: Database, game_id: int, number: int,
                    seat: int | None = None) -> list[DecisionRow]:
    """The game's decisions in order (of one seat, or of both)."""
    if seat is None:
        rows = await db.fetchall(
            f"SELECT {_DECISIONS} FROM analysis_decisions WHERE game_id = ? AND game_number = ?"
            " ORDER BY idx", (game_id, number))
    else:
        rows = await db.fetchall(
            f"SELECT {_DECISIONS} FROM analysis_decisions WHERE game_id = ? AND game_number = ?"
            " AND seat = ? ORDER BY idx", (game_id, number, seat))
    return [DecisionRow(*row) for row in rows]


async def add_waiter(db: Database, waiter: Waiter, now: datetime) -> bool:
    """Remember who waits (with their progress message); False when they already wait in
    that chat (nothing changed)."""
    async with db.transaction() as tx:
        got = await tx.fetchval(
            "INSERT INTO analysis_waiters (game_id, game_number, player_id, chat_id,"
            " message_id, created_at) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game_id, game_number, player_id, chat_id) DO NOTHING"
            " RETURNING message_id",
            (waiter.game_id, waiter.game_number, waiter.player_id, waiter.chat_id,
             waiter.message_id, to_epoch(now)))
    return got is not None


async def waiting(db: Database, game_id: int, number: int,
                  player_id: int | None = None, chat_id: int | None = None) -> list[Waiter]:
    """Who waits for the analysis (one player in one chat, or everyone), oldest first."""
    rows = await db.fetchall(
        "SELECT game_id, game_number, player_id, chat_id, message_id FROM analysis_waiters"
        " WHERE game_id = ? AND game_number = ? ORDER BY created_at, player_id, chat_id",
        (game_id, number))
    found = [Waiter(*row) for row in rows]
    return [w for w in found if (player_id is None or w.player_id == player_id)
            and (chat_id is None or w.chat_id == chat_id)]


async def stranded(db: Database) -> list[Waiter]:
    """Waiters of analyses already done: their process stopped between storing the answer
    and sending it."""
    rows = await db.fetchall(
        "SELECT w.game_id, w.game_number, w.player_id, w.chat_id, w.message_id"
        " FROM analysis_waiters w JOIN analyses a"
        " ON a.game_id = w.game_id AND a.game_number = w.game_number"
        " WHERE a.status = 'done' ORDER BY w.created_at, w.game_id, w.player_id")
    return [Waiter(*row) for row in rows]


async def remove_waiter(db: Database, waiter: Waiter) -> bool:
    """Take a waiter off the list; True for the one caller that removed it (who answers)."""
    async with db.transaction() as tx:
        removed = await tx.execute(
            "DELETE FROM analysis_waiters WHERE game_id = ? AND game_number = ?"
            " AND player_id = ? AND chat_id = ?",
            (waiter.game_id, waiter.game_number, waiter.player_id, waiter.chat_id))
    return removed == 1


async def forget(db: Database, game_id: int, number: int) -> None:
    """Drop an unfinished analysis (it failed) with its waiters: a new press starts again."""
    async with db.transaction() as tx:
        found = await tx.fetchval(
            "SELECT status FROM analyses WHERE game_id = ? AND game_number = ?"
            + tx.lock("FOR UPDATE"), (game_id, number))
        if found != "running":
            return  # a finished analysis is kept
        for table in ("analysis_waiters", "analysis_decisions", "analysis_figures"):
            await tx.execute(f"DELETE FROM {table} WHERE game_id = ? AND game_number = ?",
                             (game_id, number))
        await tx.execute("DELETE FROM analyses WHERE game_id = ? AND game_number = ?"
                         " AND status = 'running'", (game_id, number))


async def error_rates(db: Database, player_id: int, *, limit: int = 100) -> list[ErrorRatePoint]:
    """The player's error rate in each of their last `limit` analysed games (games with at
    least one decision), oldest first."""
    rows = await db.fetchall(
        "SELECT game_id, game_number, decisions, total_loss, finished_at FROM analysis_figures"
        " WHERE player_id = ? AND decisions > 0"
        " ORDER BY finished_at DESC, game_id DESC, game_number DESC LIMIT ?",
        (player_id, limit))
    return [ErrorRatePoint(row["game_id"], row["game_number"],
                           1000.0 * row["total_loss"] / row["decisions"],
                           from_epoch(row["finished_at"])) for row in reversed(rows)]


async def average_error_rate(db: Database, player_id: int) -> tuple[float, int]:
    """The mean of the player's per-game error rates over all their analysed games, and
    how many games that is ((0.0, 0) when none)."""
    row = await db.fetchone(
        "SELECT AVG(1000.0 * total_loss / decisions) AS rate, COUNT(*) AS games"
        " FROM analysis_figures WHERE player_id = ? AND decisions > 0", (player_id,))
    if row is None or not row["games"]:
        return 0.0, 0
    return float(row["rate"]), int(row["games"])
