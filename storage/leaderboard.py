"""Leaderboards per variant: points gained in a local day or week, and all-time rating.

A day is [local midnight, next local midnight) in the configured zone, so it lasts 23 or
25 hours across a daylight-saving change; a week starts on Monday. Ties are broken by the
smaller player id, so ranks are distinct and stable. Only players with a rating event in
the period (a rated game) appear in a period board; only players with a rated game appear
in the all-time board. Each board is of one rating (`pool`): "live" (games played in one
sitting) or "correspondence" (docs/rules.md, "Ratings").

The week's best PR (`pr_leaderboard`) ranks by PR over the analysed rated games of matches
that finished in the week, lowest first, only players with `PR_MIN_DECISIONS` decisions in
them (so one lucky short game cannot top it); every game a player has, both ratings' pools.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from storage.clock import to_epoch
from storage.db import Database
from storage.models import CORRESPONDENCE, LIVE, Leaderboard, Pool, PrBoard, PrStanding, Standing

# A week's decisions a player needs for the PR board: three or four whole games (a short
# nard game gives each side 25 to 60, docs/ai.md "PR on every match").
PR_MIN_DECISIONS = 120

_RANKED = """
WITH ranked AS (
    SELECT player_id, value, ROW_NUMBER() OVER (ORDER BY value DESC, player_id) AS rank
    FROM ({source}) AS period
)
SELECT r.rank, r.player_id, p.name, p.username, r.value
FROM ranked AS r JOIN players AS p ON p.id = r.player_id
WHERE r.rank <= ? OR r.player_id = ?
ORDER BY r.rank
"""

# A group board ranks only the group's players (`chat_members`); "? IS NULL" keeps one
# statement for both the global and the group board (the CAST gives PostgreSQL its type).
_IN_CHAT = (" AND (CAST(? AS BIGINT) IS NULL OR player_id IN"
            " (SELECT player_id FROM chat_members WHERE chat_id = ?))")

_PERIOD = _RANKED.format(
    source="SELECT player_id, SUM(delta) AS value FROM rating_events"
    " WHERE variant = ? AND pool = ? AND created_at >= ? AND created_at < ?" + _IN_CHAT
    + " GROUP BY player_id"
)

# By pool: the table each rating lives in.
_ALL_TIME = {pool: _RANKED.format(
    source=f"SELECT player_id, rating AS value FROM {table}"
    " WHERE variant = ? AND rated_games > 0" + _IN_CHAT
) for pool, table in ((LIVE, "player_stats"), (CORRESPONDENCE, "correspondence_ratings"))}


# Each player's analysed decisions and equity lost in the rated games of the matches that
# finished in [start, end) (of the group's players with a chat).
_PR_WEEK = (
    "SELECT f.player_id, SUM(f.total_loss) AS loss, SUM(f.decisions) AS decisions"
    " FROM analysis_figures AS f JOIN games AS g ON g.id = f.game_id"
    " WHERE f.player_id IS NOT NULL AND g.rated = 1 AND g.variant = ?"
    " AND g.finished_at >= ? AND g.finished_at < ?" + _IN_CHAT + " GROUP BY f.player_id")
_PR_RANKED = (
    "WITH week AS (" + _PR_WEEK + "), ranked AS (SELECT player_id, loss, decisions,"
    " ROW_NUMBER() OVER (ORDER BY loss / decisions, player_id) AS rank"
    " FROM week WHERE decisions >= ?)"
    " SELECT r.rank, r.player_id, p.name, p.username, r.loss, r.decisions"
    " FROM ranked AS r JOIN players AS p ON p.id = r.player_id"
    " WHERE r.rank <= ? OR r.player_id = ? ORDER BY r.rank")


def local_date(now: datetime, zone: ZoneInfo) -> date:
    """The date `now` falls on in `zone` (the leaderboard's "today")."""
    return now.astimezone(zone).date()


def day_bounds(day: date, zone: ZoneInfo) -> tuple[datetime, datetime]:
    """UTC instants of local midnight starting `day` and the next local midnight."""
    return _midnight(day, zone), _midnight(day + timedelta(days=1), zone)


def week_bounds(day: date, zone: ZoneInfo) -> tuple[datetime, datetime]:
    """UTC instants bounding the Monday-to-Sunday week containing `day`."""
    monday = day - timedelta(days=day.weekday())
    return _midnight(monday, zone), _midnight(monday + timedelta(days=7), zone)


def _midnight(day: date, zone: ZoneInfo) -> datetime:
    # Where midnight is skipped by a DST jump, fold=0 maps it to the jump's instant.
    return datetime.combine(day, time(0), zone).astimezone(UTC)


async def daily_leaderboard(
    db: Database, variant: str, day: date, zone: ZoneInfo, *,
    limit: int = 10, player_id: int | None = None, chat_id: int | None = None,
    pool: Pool = LIVE,
) -> Leaderboard:
    """Top `limit` by rating points gained on local `day`, and `player_id`'s own line.

    With `chat_id`, only the players of that group are ranked (likewise below).
    """
    start, end = day_bounds(day, zone)
    return await period_leaderboard(db, variant, start, end, limit=limit, player_id=player_id,
                                    chat_id=chat_id, pool=pool)


async def weekly_leaderboard(
    db: Database, variant: str, day: date, zone: ZoneInfo, *,
    limit: int = 10, player_id: int | None = None, chat_id: int | None = None,
    pool: Pool = LIVE,
) -> Leaderboard:
    start, end = week_bounds(day, zone)
    return await period_leaderboard(db, variant, start, end, limit=limit, player_id=player_id,
                                    chat_id=chat_id, pool=pool)


async def period_leaderboard(
    db: Database, variant: str, start: datetime, end: datetime, *,
    limit: int = 10, player_id: int | None = None, chat_id: int | None = None,
    pool: Pool = LIVE,
) -> Leaderboard:
    """Players ranked by the sum of their rating deltas with start <= time < end."""
    params = (variant, pool, to_epoch(start), to_epoch(end), chat_id, chat_id, limit,
              player_id)
    return await _board(db, _PERIOD, params, player_id, limit)


async def alltime_leaderboard(
    db: Database, variant: str, *, limit: int = 10, player_id: int | None = None,
    chat_id: int | None = None, pool: Pool = LIVE,
) -> Leaderboard:
    """Players with at least one rated game (of the pool), by current rating."""
    params = (variant, chat_id, chat_id, limit, player_id)
    return await _board(db, _ALL_TIME[pool], params, player_id, limit)


async def pr_leaderboard(
    db: Database, variant: str, day: date, zone: ZoneInfo, *, limit: int = 10,
    player_id: int | None = None, chat_id: int | None = None,
    least: int = PR_MIN_DECISIONS,
) -> PrBoard:
    """The best PR of the week containing local `day`, and `player_id`'s line (or, when
    they have too few decisions, how many they have)."""
    start, end = week_bounds(day, zone)
    week = (variant, to_epoch(start), to_epoch(end), chat_id, chat_id)
    rows = await db.fetchall(_PR_RANKED, (*week, least, limit, player_id))
    standings = [PrStanding(row["rank"], row["player_id"], row["name"], row["username"],
                            500.0 * float(row["loss"]) / int(row["decisions"]),
                            int(row["decisions"])) for row in rows]
    me = next((s for s in standings if s.player_id == player_id), None)
    mine = me.decisions if me is not None else 0
    if me is None and player_id is not None:
        own = await db.fetchone(
            "SELECT decisions FROM (" + _PR_WEEK + ") AS week WHERE player_id = ?",
            (*week, player_id))
        mine = int(own["decisions"]) if own is not None else 0
    return PrBoard(top=tuple(s for s in standings if s.rank <= limit), me=me,
                   my_decisions=mine, least=least)


async def _board(
    db: Database, sql: str, params: tuple[object, ...], player_id: int | None, limit: int
) -> Leaderboard:
    rows = await db.fetchall(sql, params)
    standings = [Standing(*row) for row in rows]
    me = next((s for s in standings if s.player_id == player_id), None)
    return Leaderboard(top=tuple(s for s in standings if s.rank <= limit), me=me)


async def rated_games_played(db: Database, variant: str, day: date, zone: ZoneInfo, *,
                             chat_id: int | None = None) -> int:
    """How many rated games (each game of a match counts) ended on the local `day`; with
    `chat_id`, only games of that group's players (the players its board ranks), wherever
    they were played."""
    start, end = day_bounds(day, zone)
    row = await db.fetchone(
        "SELECT COUNT(*) AS n FROM game_results AS r JOIN games AS g ON g.id = r.game_id"
        " WHERE g.rated = 1 AND g.variant = ? AND r.created_at >= ? AND r.created_at < ?"
        " AND (CAST(? AS BIGINT) IS NULL OR EXISTS (SELECT 1 FROM chat_members AS m"
        " WHERE m.chat_id = ? AND m.player_id IN (g.player0_id, g.player1_id)))",
        (variant, to_epoch(start), to_epoch(end), chat_id, chat_id))
    return 0 if row is None else int(row["n"])
