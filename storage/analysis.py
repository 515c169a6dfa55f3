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
from typing import Any

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
    luck: float = 0.0  # the sum of the player's rolls' luck, in points (ai/luck.py)
    luck_rolls: int = 0  # the rolls judged (0: stored before luck was judged)
    result: float = 0.0  # the player's result in points: + won, - lost


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
class MatchFigures:
    """A player's figures summed over the analysed games of one match (/me, the web
    board's result): PR from `total_loss` and `decisions`, luck, and the result."""

    game_id: int
    games: int  # analysed games of the match
    decisions: int
    total_loss: float
    luck: float
    opponent_luck: float
    luck_rolls: int
    result: float
    finished_at: datetime


@dataclass(frozen=True, slots=True)
class ErrorRatePoint:
    """A player's error rate in one analysed game, for /me and its chart."""

    game_id: int
    game_number: int
    error_rate: float
    finished_at: datetime


_FIGURES = ("seat, player_id, decisions, total_loss, inaccuracies, errors, blunders,"
            " missed_doubles, wrong_doubles, wrong_takes, wrong_drops, luck, luck_rolls, result")
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
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(game_id, number, f.seat, f.player_id, f.decisions, f.total_loss,
              f.inaccuracies, f.errors, f.blunders, f.missed_doubles, f.wrong_doubles,
              f.wrong_takes, f.wrong_drops, f.luck, f.luck_rolls, f.result, stamp)
             for f in figures])
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


_MATCHES = (
    "SELECT {group}, COUNT(*) AS games, SUM(f.decisions) AS decisions,"
    " SUM(f.total_loss) AS total_loss, SUM(f.luck) AS luck, SUM(o.luck) AS opponent_luck,"
    " SUM(f.luck_rolls) AS luck_rolls, SUM(f.result) AS result,"
    " MAX(f.finished_at) AS finished_at"
    " FROM analysis_figures f JOIN analysis_figures o ON o.game_id = f.game_id"
    " AND o.game_number = f.game_number AND o.seat = 1 - f.seat")


def _match(row: Any) -> MatchFigures:
    return MatchFigures(row["game_id"], int(row["games"]), int(row["decisions"]),
                        float(row["total_loss"]), float(row["luck"]),
                        float(row["opponent_luck"]), int(row["luck_rolls"]),
                        float(row["result"]), from_epoch(row["finished_at"]))


async def match_figures(db: Database, game_id: int) -> dict[int, MatchFigures]:
    """Each seat's figures over the analysed games of the match (`game_id`), by seat
    (empty before the first game's analysis)."""
    rows = await db.fetchall(
        _MATCHES.format(group="f.seat, f.game_id")
        + " WHERE f.game_id = ? GROUP BY f.seat, f.game_id", (game_id,))
    return {int(row["seat"]): _match(row) for row in rows}


async def player_matches(db: Database, player_id: int, *, limit: int = 20
                         ) -> list[MatchFigures]:
    """The player's figures in each of their last `limit` matches with an analysed game,
    oldest first."""
    rows = await db.fetchall(
        _MATCHES.format(group="f.game_id") + " WHERE f.player_id = ? GROUP BY f.game_id"
        " ORDER BY MAX(f.finished_at) DESC, f.game_id DESC LIMIT ?", (player_id, limit))
    return [_match(row) for row in reversed(rows)]
