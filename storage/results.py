"""Finishing a game: result, statistics, ratings and rating events in one transaction."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from storage.clock import opt_epoch, to_epoch
from storage.db import Database, Tx
from storage.games import append_log, bump_version, fetch_game
from storage.models import Finish, Game, LogEntry, RatingChange
from storage.ratings import START_RATING, is_mars, rating_delta, validate_result


async def finish_game(
    db: Database,
    game_id: int,
    expected_version: int,
    *,
    winner_seat: int,
    result: str,
    points: int,
    state_json: str,
    now: datetime,
    log: Iterable[LogEntry] = (),
    match_over: bool = True,
    deadline: datetime | None = None,
) -> Finish:
    """Record the end of one game of `game_id` and return the new version and rating changes.

    `points` is the game's score (the result's points times the cube). Both humans' per-
    variant statistics are updated; in a rated game both ratings move by `rating_delta`
    and a rating event per player is written. With `match_over=False` (a match goes on)
    the games row stays active with `state_json` and `deadline` for the next game;
    otherwise it becomes "finished" with this result. Raises like `save_game` on a stale
    version, and ValueError when the result is impossible for the game; then nothing is
    written.
    """
    if winner_seat not in (0, 1):
        raise ValueError(f"winner seat must be 0 or 1, got {winner_seat}")
    stamp = to_epoch(now)
    async with db.transaction() as tx:
        await _bump(tx, game_id, expected_version, winner_seat, result, points, state_json,
                    stamp, match_over, deadline)
        game = await fetch_game(tx, game_id)
        validate_result(game.variant, result, points, game.cube)
        await append_log(tx, game_id, game.version, log, now)
        await tx.execute(
            "INSERT INTO game_results (game_id, winner_seat, result, points, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (game_id, winner_seat, result, points, stamp),
        )
        await _count_stats(tx, game, winner_seat, result)
        changes = await _rate(tx, game, winner_seat, points, stamp) if game.rated else ()
    return Finish(version=game.version, match_over=match_over, rating_changes=changes)


async def _bump(
    tx: Tx,
    game_id: int,
    expected: int,
    winner_seat: int,
    result: str,
    points: int,
    state_json: str,
    stamp: int,
    match_over: bool,
    deadline: datetime | None,
) -> None:
    if match_over:
        await bump_version(
            tx, game_id, expected,
            "state_json = ?, deadline = NULL, status = 'finished', winner_seat = ?,"
            " result = ?, points = ?, finished_at = ?",
            (state_json, winner_seat, result, points, stamp), now=stamp,
        )
    else:
        await bump_version(
            tx, game_id, expected, "state_json = ?, deadline = ?",
            (state_json, opt_epoch(deadline)), now=stamp,
        )


async def _ensure_stats(tx: Tx, player_id: int, variant: str) -> None:
    await tx.execute(
        "INSERT OR IGNORE INTO player_stats (player_id, variant, rating) VALUES (?, ?, ?)",
        (player_id, variant, START_RATING),
    )


async def _count_stats(tx: Tx, game: Game, winner_seat: int, result: str) -> None:
    """Games, wins, losses, marses, koks and streaks of every human in the game."""
    mars, koks = int(is_mars(result)), int(result == "koks")
    winner, loser = game.players[winner_seat], game.players[1 - winner_seat]
    if winner is not None:
        await _ensure_stats(tx, winner, game.variant)
        await tx.execute(
            "UPDATE player_stats SET games = games + 1, wins = wins + 1,"
            " streak = streak + 1, best_streak = MAX(best_streak, streak + 1),"
            " marses_given = marses_given + ?, koks_given = koks_given + ?"
            " WHERE player_id = ? AND variant = ?",
            (mars, koks, winner, game.variant),
        )
    if loser is not None:
        await _ensure_stats(tx, loser, game.variant)
        await tx.execute(
            "UPDATE player_stats SET games = games + 1, losses = losses + 1, streak = 0,"
            " marses_taken = marses_taken + ?, koks_taken = koks_taken + ?"
            " WHERE player_id = ? AND variant = ?",
            (mars, koks, loser, game.variant),
        )


async def _rate(
    tx: Tx, game: Game, winner_seat: int, points: int, stamp: int
) -> tuple[RatingChange, ...]:
    """Move both ratings by the same amount and log a rating event for each player."""
    winner, loser = game.players[winner_seat], game.players[1 - winner_seat]
    assert winner is not None and loser is not None  # rated games are between humans
    before = {p: await _rating(tx, p, game.variant) for p in (winner, loser)}
    delta = rating_delta(before[winner], before[loser], points, game.variant)
    changes = (
        RatingChange(winner, before[winner], before[winner] + delta),
        RatingChange(loser, before[loser], before[loser] - delta),
    )
    for change in changes:
        await tx.execute(
            "UPDATE player_stats SET rating = ?, rated_games = rated_games + 1"
            " WHERE player_id = ? AND variant = ?",
            (change.after, change.player_id, game.variant),
        )
        await tx.execute(
            "INSERT INTO rating_events (player_id, variant, delta, rating_after, game_id,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (change.player_id, game.variant, change.delta, change.after, game.id, stamp),
        )
    return changes


async def _rating(tx: Tx, player_id: int, variant: str) -> int:
    row = await tx.fetchone(
        "SELECT rating FROM player_stats WHERE player_id = ? AND variant = ?",
        (player_id, variant),
    )
    assert row is not None  # _count_stats created the row
    return int(row["rating"])
