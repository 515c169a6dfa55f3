"""Finishing a game: result, statistics, ratings and rating events in one transaction.

Two rules of docs/rules.md ("Ratings") are decided here:

* ratings move by the game's result points before the cube (short 1/2/3, long 1/3/3):
  the cube counts for the score of a match, never for ratings;
* between the same two players only the first `PAIR_DAILY_LIMIT` rated games of a local
  day (the leaderboard's zone) change ratings. A "rated game" is one game played to its end
  in a rated games row: a single game, or each game of a rated match (ratings move after
  every game of a match). Later games that day count in the statistics only, whatever the
  variant and whoever sat where; the day is the one on which the game ends. A tournament's
  games (`tournament_games`) are rated whatever the day's count, and do not count in it.

A correspondence game moves the players' correspondence rating (`correspondence_ratings`)
and nothing else; its rating events are marked `pool = 'correspondence'`, and the pair's
daily limit counts the games of each pool apart.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from engine.ratings import (
    START_RATING,
    is_mars,
    rating_delta,
    result_points,
    validate_result,
)
from storage import reviews
from storage.clock import opt_epoch, to_epoch
from storage.db import Database, Tx
from storage.fairness import SeedTake, take_seeds
from storage.games import GAME_CHANGED, append_log, bump_version, fetch_game
from storage.leaderboard import day_bounds, local_date
from storage.models import CORRESPONDENCE, LIVE, Finish, Game, LogEntry, Pool, RatingChange
from storage.outbox import add_notice

PAIR_DAILY_LIMIT = 3
PAIR_DAILY_LIMIT_REASON = "pair_daily_limit"


def pool_of(game: Game) -> Pool:
    """Which rating the game moves."""
    return CORRESPONDENCE if game.timing.correspondence else LIVE


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
    zone: ZoneInfo | None = None,
    notice: Mapping[str, Any] | None = None,
    seeds: Iterable[SeedTake] = (),
) -> Finish:
    """Record the end of one game of `game_id` and return the new version and rating changes.

    `points` is the game's score (the result's points times the cube), stored for the
    match. Both humans' per-variant statistics are updated. In a rated game both ratings
    move by `rating_delta` of the result's points without the cube, and a rating event per
    player is written, unless the pair has had its `PAIR_DAILY_LIMIT` rated games today in
    `zone` (default: `db.day_zone`, the leaderboard's zone): then `rating_changes` is empty
    and `rating_skipped_reason` is "pair_daily_limit". With `match_over=False` (a match goes
    on) the games row stays active with `state_json` and `deadline` for the next game;
    otherwise it becomes "finished" with this result and its seats are freed. With `notice`
    (what the result message says), a "result" notice goes into the outbox in the same
    transaction, with `changes` (each rating change as [player, before, after]) and
    `rating_skipped` (the reason, or null) added: the message is then sent exactly once
    however the process or Telegram fails. A match that is over is queued for its analysis
    (`storage.reviews`) in the same transaction. The match's next game takes its players' dice
    seeds (`seeds`, see `storage.fairness.take_seeds`) in the same transaction. Raises like
    `save_game` on a stale version (`SeedTaken` when the seeds changed meanwhile), and
    ValueError when the result is impossible for the game; then nothing is written.
    """
    if winner_seat not in (0, 1):
        raise ValueError(f"winner seat must be 0 or 1, got {winner_seat}")
    stamp = to_epoch(now)
    start, end = day_bounds(local_date(now, zone or db.day_zone), zone or db.day_zone)
    skipped: str | None = None
    async with db.transaction() as tx:
        await _bump(tx, game_id, expected_version, winner_seat, result, points, state_json,
                    stamp, match_over, deadline)
        game = await fetch_game(tx, game_id)
        validate_result(game.variant, result, points, game.cube)
        await append_log(tx, game_id, game.version, log, now)
        await take_seeds(tx, list(seeds))
        await tx.execute(
            "INSERT INTO game_results (game_id, winner_seat, result, points, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (game_id, winner_seat, result, points, stamp),
        )
        await _count_stats(tx, game, winner_seat, result)
        changes: tuple[RatingChange, ...] = ()
        if game.rated:
            played = 0 if await in_tournament(tx, game_id) else await pair_rated_games(
                tx, game, to_epoch(start), to_epoch(end))
            if played >= PAIR_DAILY_LIMIT:
                skipped = PAIR_DAILY_LIMIT_REASON
            else:
                changes = await _rate(tx, game, winner_seat, result, stamp)
        if notice is not None:
            payload = {**notice, "changes": [[c.player_id, c.before, c.after] for c in changes],
                       "rating_skipped": skipped}
            await add_notice(tx, game_id, "result", json.dumps(payload), now)
        if match_over:  # analysed without a press (core.reviews), lost to no kill
            await reviews.enqueue(tx, game_id, now)
        if db.game_notices:
            await tx.notify(GAME_CHANGED, f"{game_id}:{game.version}")
    return Finish(version=game.version, match_over=match_over, rating_changes=changes,
                  rating_skipped_reason=skipped)


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


async def pair_rated_games(tx: Tx, game: Game, start: int, end: int) -> int:
    """Rated games between the game's two players that moved ratings in [start, end).

    Each such game wrote one rating event per player, so the events of one of them in
    games against the other count the games, in any variant and either seat order, of the
    game's own rating pool (live or correspondence). A tournament's games are not counted.
    """
    me, other = game.players
    value = await tx.fetchval(
        "SELECT COUNT(*) FROM rating_events AS e JOIN games AS g ON g.id = e.game_id"
        " WHERE e.player_id = ? AND e.created_at >= ? AND e.created_at < ?"
        " AND e.pool = ? AND (g.player0_id = ? OR g.player1_id = ?)"
        " AND NOT EXISTS (SELECT 1 FROM tournament_games AS t WHERE t.game_id = g.id)",
        (me, start, end, pool_of(game), other, other),
    )
    return int(value or 0)


async def in_tournament(tx: Tx, game_id: int) -> bool:
    """Whether the game is one of a tournament's (its pairs' daily limit does not apply)."""
    return await tx.fetchone("SELECT 1 FROM tournament_games WHERE game_id = ?",
                             (game_id,)) is not None


async def _ensure_stats(tx: Tx, player_id: int, variant: str) -> None:
    await tx.execute(
        "INSERT INTO player_stats (player_id, variant, rating) VALUES (?, ?, ?)"
        " ON CONFLICT (player_id, variant) DO NOTHING",
        (player_id, variant, START_RATING),
    )


_WON = (
    "UPDATE player_stats SET games = games + 1, wins = wins + 1, streak = streak + 1,"
    " best_streak = CASE WHEN streak + 1 > best_streak THEN streak + 1 ELSE best_streak END,"
    " marses_given = marses_given + ?, koks_given = koks_given + ?"
    " WHERE player_id = ? AND variant = ?"
)
_LOST = (
    "UPDATE player_stats SET games = games + 1, losses = losses + 1, streak = 0,"
    " marses_taken = marses_taken + ?, koks_taken = koks_taken + ?"
    " WHERE player_id = ? AND variant = ?"
)


async def _count_stats(tx: Tx, game: Game, winner_seat: int, result: str) -> None:
    """Games, wins, losses, marses, koks and streaks of every human in the game.

    Rows are written in ascending player id (PostgreSQL locks them in that order).
    """
    mars, koks = int(is_mars(result)), int(result == "koks")
    humans = sorted((player, seat) for seat, player in enumerate(game.players)
                    if player is not None)
    for player, seat in humans:
        await _ensure_stats(tx, player, game.variant)
        await tx.execute(_WON if seat == winner_seat else _LOST,
                         (mars, koks, player, game.variant))


async def _rate(
    tx: Tx, game: Game, winner_seat: int, result: str, stamp: int
) -> tuple[RatingChange, ...]:
    """Move both ratings of the game's pool (live or correspondence) by the same amount
    and log a rating event for each player."""
    winner, loser = game.players[winner_seat], game.players[1 - winner_seat]
    assert winner is not None and loser is not None  # rated games are between humans
    pool = pool_of(game)
    table = "correspondence_ratings" if pool == CORRESPONDENCE else "player_stats"
    if pool == CORRESPONDENCE:  # rows written in ascending player id, as _count_stats does
        for player in sorted((winner, loser)):
            await tx.execute(
                "INSERT INTO correspondence_ratings (player_id, variant, rating)"
                " VALUES (?, ?, ?) ON CONFLICT (player_id, variant) DO NOTHING",
                (player, game.variant, START_RATING))
    before = {p: await _rating(tx, table, p, game.variant) for p in (winner, loser)}
    delta = rating_delta(before[winner], before[loser], result_points(game.variant, result),
                         game.variant)
    changes = (
        RatingChange(winner, before[winner], before[winner] + delta),
        RatingChange(loser, before[loser], before[loser] - delta),
    )
    for change in changes:
        await tx.execute(
            f"UPDATE {table} SET rating = ?, rated_games = rated_games + 1"
            " WHERE player_id = ? AND variant = ?",
            (change.after, change.player_id, game.variant),
        )
        await tx.execute(
            "INSERT INTO rating_events (player_id, variant, delta, rating_after, game_id,"
            " created_at, pool) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (change.player_id, game.variant, change.delta, change.after, game.id, stamp,
             pool),
        )
    return changes


async def _rating(tx: Tx, table: str, player_id: int, variant: str) -> int:
    # Written in this transaction (_count_stats, _rate): on PostgreSQL the row is locked.
    value = await tx.fetchval(
        f"SELECT rating FROM {table} WHERE player_id = ? AND variant = ?",
        (player_id, variant),
    )
    assert value is not None  # created above
    return int(value)
