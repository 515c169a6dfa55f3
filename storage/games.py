"""Games and the move log, saved with optimistic concurrency.

Every write to a game names the version the caller loaded; the UPDATE matches only that
version and bumps it, so a stale or doubled button press changes nothing and raises
`VersionConflict`. The move-log rows of a step go in the same transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from storage.clock import from_epoch, opt_datetime, opt_epoch, to_epoch
from storage.db import Database, Row, Tx
from storage.errors import (
    ConstraintViolation,
    GameNotActive,
    GameNotFound,
    PlayerBusy,
    PlayerNotFound,
    StorageError,
    VersionConflict,
)
from storage.fairness import SeedTake, take_seeds
from storage.models import HOST_WINDOW, VARIANTS, Game, GameResult, LogEntry, LoggedMove, Timing

GAME_COLUMNS = (
    "id, variant, player0_id, player1_id, level, match_length, cube, rated, status, "
    "state_json, version, deadline, winner_seat, result, points, created_at, updated_at, "
    "finished_at, control, warn_lead, correspondence"
)

# When an active game next needs the timer loop (epoch seconds): the moment to warn its
# player (`deadline - warn_lead`), or, once the warning of this deadline is claimed
# (`warned_deadline`), the deadline itself. Migration 0020's index `games_active_wake` is on
# exactly this expression (and id), under exactly `_WAKING`: a query must spell them the
# same way to be answered from the index (tests/storage/test_waking.py checks the plans).
WAKE = ("(CASE WHEN warned_deadline = deadline THEN deadline"
        " ELSE deadline - warn_lead END)")
_WAKING = "status = 'active' AND deadline IS NOT NULL"
# The most games one timer pass loads (`waking_games`).
WAKE_BATCH = 500
WakeKey = tuple[int, int]  # a game's place in the loop's order: (`WAKE`, epoch s; id)

# Told with "id:version" to the other processes when a game is saved, "id:version:deadline"
# (epoch seconds, empty for none) when its deadline moved without a new version (PostgreSQL,
# when `Database.game_notices` is on): their live web boards read it.
GAME_CHANGED = "nard_game_changed"


async def create_game(
    db: Database,
    *,
    variant: str,
    players: tuple[int | None, int | None],
    state_json: str,
    now: datetime,
    deadline: datetime | None = None,
    level: str | None = None,
    match_length: int = 1,
    cube: bool = False,
    rated: bool | None = None,
    log: Iterable[LogEntry] = (),
    seeds: Iterable[SeedTake] = (),
    timing: Timing = HOST_WINDOW,
) -> Game:
    """Store a new active game at version 1; `players[seat]` None is the computer.

    `rated` defaults to "both players are human"; a game against the computer is never
    rated. Human players must have been stored with `upsert_player` first. Raises
    `PlayerBusy` when a player is already in an active game, `SeedTaken` when the dice seeds
    the game took (`seeds`) changed meanwhile (and stores nothing either way).
    """
    async with db.transaction() as tx:
        game_id = await insert_game(
            tx,
            variant=variant,
            players=players,
            state_json=state_json,
            now=now,
            deadline=deadline,
            level=level,
            match_length=match_length,
            cube=cube,
            rated=rated,
            timing=timing,
        )
        await append_log(tx, game_id, 1, log, now)
        await take_seeds(tx, list(seeds))
        return await fetch_game(tx, game_id)


async def insert_game(
    tx: Tx,
    *,
    variant: str,
    players: tuple[int | None, int | None],
    state_json: str,
    now: datetime,
    deadline: datetime | None,
    level: str | None,
    match_length: int,
    cube: bool,
    rated: bool | None,
    timing: Timing = HOST_WINDOW,
) -> int:
    """Insert an active games row and seat its players: the only way a game is made.

    The `active_seats` table (kept by triggers on `games`) is the guard: a player already
    seated raises `PlayerBusy` and the caller's transaction rolls back. On PostgreSQL the
    players' rows are locked first, so two simultaneous creations for one player are
    decided here, one after the other, and not by the key.
    """
    humans = sorted({p for p in players if p is not None})
    rated = len([p for p in players if p is not None]) == 2 if rated is None else rated
    _check_new_game(variant, players, level, rated)
    marks = ", ".join("?" * len(humans))
    found = await tx.fetchall(
        f"SELECT id FROM players WHERE id IN ({marks}) ORDER BY id"
        + tx.lock("FOR NO KEY UPDATE"), humans)
    missing = sorted(set(humans) - {row["id"] for row in found})
    if missing:
        raise PlayerNotFound(f"player {missing[0]} is not stored")
    seated = None if timing.correspondence else await tx.fetchone(
        f"SELECT player_id, game_id FROM active_seats WHERE player_id IN ({marks})"
        " ORDER BY player_id", humans)
    if seated is not None:
        raise PlayerBusy(seated["player_id"], seated["game_id"])
    stamp = to_epoch(now)
    try:
        return await tx.fetchval(
            "INSERT INTO games (variant, player0_id, player1_id, level, match_length, cube,"
            " rated, state_json, deadline, created_at, updated_at, control, warn_lead,"
            " correspondence) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
            (variant, *players, level, match_length, int(cube), int(rated), state_json,
             opt_epoch(deadline), stamp, stamp, timing.control, timing.warn_lead,
             int(timing.correspondence)),
        )
    except ConstraintViolation as exc:
        if exc.table == "active_seats":  # seated by a writer that skipped the lock above
            raise PlayerBusy(humans[0]) from exc
        raise


def _check_new_game(
    variant: str, players: tuple[int | None, int | None], level: str | None, rated: bool
) -> None:
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    humans = [p for p in players if p is not None]
    if not humans:
        raise ValueError("a game needs at least one human player")
    if len(humans) == 2 and humans[0] == humans[1]:
        raise ValueError("a player cannot play against themselves")
    if (level is None) != (len(humans) == 2):
        raise ValueError("a computer level is required exactly when the computer plays")
    if rated and len(humans) != 2:
        raise ValueError("only games between two humans are rated")


async def load_game(db: Database, game_id: int) -> Game:
    async with db.read() as tx:
        return await fetch_game(tx, game_id)


async def load_game_with_setting(db: Database, game_id: int, player_id: int, name: str
                                 ) -> tuple[Game, str | None]:
    """The game and one setting of a player (`storage.settings`; None: never changed), in
    one read: a press that may end a turn reads the Done setting with its game."""
    row = await db.fetchone(
        f"SELECT {GAME_COLUMNS}, (SELECT value FROM player_settings WHERE player_id = ?"
        " AND name = ?) AS setting FROM games WHERE id = ?", (player_id, name, game_id))
    if row is None:
        raise GameNotFound(f"game {game_id} does not exist")
    return game_from_row(row), row["setting"]


async def game_version(db: Database, game_id: int) -> int | None:
    """The game's stored version (None: no such game), without reading its state."""
    value = await db.fetchval("SELECT version FROM games WHERE id = ?", (game_id,))
    return None if value is None else int(value)


async def fetch_game(tx: Tx, game_id: int) -> Game:
    row = await tx.fetchone(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,))
    if row is None:
        raise GameNotFound(f"game {game_id} does not exist")
    return game_from_row(row)


async def save_game(
    db: Database,
    game_id: int,
    expected_version: int,
    *,
    state_json: str,
    deadline: datetime | None,
    now: datetime,
    log: Iterable[LogEntry] = (),
    status: str = "active",
) -> int:
    """Store a step of an active game; returns the new version (`expected_version` + 1).

    Raises `VersionConflict` when the stored version differs, `GameNotActive` when the game
    is over, and writes nothing then. `status="aborted"` ends the game without a result
    (finish a game with `finish_game`) and frees its players' seats. This is the path of
    every button press.
    """
    if status not in ("active", "aborted"):
        raise ValueError(f"save_game cannot set status {status!r}; use finish_game")
    stamp = to_epoch(now)
    update = (state_json, opt_epoch(deadline), status, stamp if status == "aborted" else None,
              stamp, game_id, expected_version)
    entries = list(log)
    if db.engine == "postgres":  # one statement, one round trip: atomic by itself
        async with db.autocommit() as tx:
            columns = ([e.seat for e in entries], [e.kind for e in entries],
                       [e.notation for e in entries], [e.number for e in entries],
                       [e.data for e in entries])
            query = _SAVE_LOG_AND_NOTIFY if db.game_notices else _SAVE_AND_LOG
            if await tx.fetchval(query, (*update, *columns)) != 1:
                raise update_refused(game_id, expected_version,
                                     await tx.fetchone(_WHY_NOT, (game_id,)))
        return expected_version + 1
    # SQLite: one INSERT into the connection's `game_save` view (SQLITE_SESSION), whose
    # trigger checks, updates and logs: one statement, one trip to aiosqlite's thread.
    logged = json.dumps([(e.seat, e.kind, e.notation, e.number, e.data) for e in entries])
    try:
        await db.write(_SAVE_VIEW, (*update, logged))
    except ConstraintViolation as exc:
        if str(exc) != _REFUSED:
            raise
        raise update_refused(game_id, expected_version,
                             await db.fetchone(_WHY_NOT, (game_id,))) from None
    return expected_version + 1


_SAVE = (
    "UPDATE games SET state_json = ?, deadline = ?, status = ?, finished_at = ?,"
    " version = version + 1, updated_at = ? WHERE id = ? AND version = ? AND status = 'active'"
)
# PostgreSQL: the UPDATE and the move log in one data-modifying WITH; the log rows are
# inserted only when the UPDATE matched, in the order given. Returns 1 or 0 (no match).
_SAVE_AND_LOG = (
    "WITH saved AS (" + _SAVE + " RETURNING id, version, updated_at),"
    " logged AS (INSERT INTO moves (game_id, version, seat, kind, notation, created_at,"
    " game_number, data)"
    " SELECT saved.id, saved.version, e.seat, e.kind, e.notation, saved.updated_at,"
    " e.game_number, e.data"
    " FROM saved, unnest(CAST(? AS INTEGER[]), CAST(? AS TEXT[]), CAST(? AS TEXT[]),"
    " CAST(? AS INTEGER[]), CAST(? AS TEXT[]))"
    " WITH ORDINALITY AS e (seat, kind, notation, game_number, data, n) ORDER BY e.n"
    " RETURNING 1)"
    " SELECT COUNT(*) FROM saved"
)
# The same, and "id:version" told to the processes listening (LISTEN/NOTIFY) at commit.
_SAVE_LOG_AND_NOTIFY = _SAVE_AND_LOG.replace(
    " SELECT COUNT(*) FROM saved",
    " SELECT COUNT(*) FROM (SELECT pg_notify('" + GAME_CHANGED + "',"
    " saved.id || ':' || saved.version) FROM saved) AS told")
_WHY_NOT = "SELECT version, status FROM games WHERE id = ?"
# SQLite has no data-modifying WITH: a save is an INSERT into a view of this connection
# whose INSTEAD OF trigger refuses a game not at the expected version or not active (the
# message _REFUSED, nothing written), updates it and adds the log rows (a JSON array of
# [seat, kind, notation, game number, data], in order). One statement: all or nothing.
_REFUSED = "nard: save_game refused"
SQLITE_SESSION = (
    "CREATE TEMP VIEW game_save (state_json, deadline, status, finished_at, updated_at, id,"
    " expected, log) AS SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL",
    "CREATE TEMP TRIGGER game_save INSTEAD OF INSERT ON game_save BEGIN"
    f" SELECT RAISE(ABORT, '{_REFUSED}') WHERE NOT EXISTS (SELECT 1 FROM games"
    " WHERE id = NEW.id AND version = NEW.expected AND status = 'active');"
    " UPDATE games SET state_json = NEW.state_json, deadline = NEW.deadline,"
    " status = NEW.status, finished_at = NEW.finished_at, version = version + 1,"
    " updated_at = NEW.updated_at WHERE id = NEW.id;"
    " INSERT INTO moves (game_id, version, seat, kind, notation, created_at, game_number,"
    " data) SELECT NEW.id, NEW.expected + 1, json_extract(value, '$[0]'),"
    " json_extract(value, '$[1]'), json_extract(value, '$[2]'), NEW.updated_at,"
    " json_extract(value, '$[3]'), json_extract(value, '$[4]')"
    " FROM json_each(NEW.log) ORDER BY key; END",
)
_SAVE_VIEW = "INSERT INTO game_save VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
_INSERT_MOVE = (
    "INSERT INTO moves (game_id, version, seat, kind, notation, created_at, game_number, data)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


async def bump_version(
    tx: Tx, game_id: int, expected: int, assignments: str, params: tuple[Any, ...], now: int
) -> None:
    """UPDATE an active game at `expected` version to version + 1, or raise why not."""
    changed = await tx.execute(
        f"UPDATE games SET {assignments}, version = version + 1, updated_at = ?"
        " WHERE id = ? AND version = ? AND status = 'active'",
        (*params, now, game_id, expected),
    )
    if changed != 1:
        raise update_refused(game_id, expected, await tx.fetchone(_WHY_NOT, (game_id,)))


def update_refused(game_id: int, expected: int, found: Row | None) -> StorageError:
    """The error for an UPDATE … WHERE version = expected AND active that matched nothing."""
    if found is None:
        return GameNotFound(f"game {game_id} does not exist")
    if found["version"] != expected:
        return VersionConflict(game_id, expected, found["version"])
    return GameNotActive(game_id, found["status"])


async def append_log(
    tx: Tx, game_id: int, version: int, log: Iterable[LogEntry], now: datetime
) -> None:
    rows = _log_rows(game_id, version, log, to_epoch(now))
    if rows:
        await tx.executemany(_INSERT_MOVE, rows)


def _log_rows(
    game_id: int, version: int, log: Iterable[LogEntry], stamp: int
) -> list[tuple[object, ...]]:
    return [(game_id, version, e.seat, e.kind, e.notation, stamp, e.number, e.data)
            for e in log]


async def move_log(db: Database, game_id: int) -> list[LoggedMove]:
    """Every line of the game's (or the whole match's) log, in the order it happened."""
    rows = await db.fetchall(
        "SELECT id, game_id, version, seat, kind, notation, created_at, game_number, data"
        " FROM moves WHERE game_id = ? ORDER BY id",
        (game_id,),
    )
    return [LoggedMove(row["id"], row["game_id"], row["version"], row["seat"], row["kind"],
                       row["notation"], from_epoch(row["created_at"]), row["game_number"],
                       row["data"]) for row in rows]


async def match_log(db: Database, game_id: int) -> dict[int, list[LoggedMove]]:
    """The log of each game of the match (1, 2, …), each in order: the opening throws,
    rolls, moves, passes, cube actions, resignation or timeout and the result. Lines with a
    `data` record are the engine's events; "step" and "undo" lines (no `data`) record how a
    player built a move on the buttons and are not needed to replay the game."""
    games: dict[int, list[LoggedMove]] = {}
    for entry in await move_log(db, game_id):
        games.setdefault(entry.number, []).append(entry)
    return dict(sorted(games.items()))


async def game_results(db: Database, game_id: int) -> list[GameResult]:
    rows = await db.fetchall(
        "SELECT id, game_id, winner_seat, result, points, created_at FROM game_results"
        " WHERE game_id = ? ORDER BY id",
        (game_id,),
    )
    return [GameResult(row["id"], row["game_id"], row["winner_seat"], row["result"],
                       row["points"], from_epoch(row["created_at"])) for row in rows]


async def active_games(db: Database, player_id: int) -> list[Game]:
    """The player's live games (not correspondence) still being played, oldest first."""
    rows = await db.fetchall(
        f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' AND correspondence = 0"
        " AND (player0_id = ? OR player1_id = ?) ORDER BY id",
        (player_id, player_id),
    )
    return [game_from_row(row) for row in rows]


async def set_deadline(
    db: Database, game_id: int, version: int, deadline: datetime | None, *,
    keep_warning: bool = False, expected: datetime | None = None
) -> bool:
    """Move the turn's deadline without a new version (the board's buttons stay valid):
    the window restarts when a board reaches its player late (a new window, warned
    anew), or a restart's grace lengthens it (`keep_warning`: a turn already warned is
    not warned again). `expected`: only while the deadline is still that one. False when
    the game has moved on or ended meanwhile (nothing written)."""
    stamp = opt_epoch(deadline)
    keep = (", warned_deadline = CASE WHEN warned_deadline = deadline THEN ?"
            " ELSE warned_deadline END") if keep_warning else ""
    async with db.transaction() as tx:
        was = "" if expected is None else " AND deadline = ?"
        changed = await tx.execute(
            f"UPDATE games SET deadline = ?{keep} WHERE id = ? AND version = ?"
            f" AND status = 'active'{was}",
            (stamp, *((stamp,) if keep_warning else ()), game_id, version,
             *(() if expected is None else (to_epoch(expected),))),
        )
        if changed == 1 and db.game_notices:  # open pages show the new deadline
            await tx.notify(GAME_CHANGED, f"{game_id}:{version}:{'' if stamp is None else stamp}")
    return changed == 1


async def due_games(db: Database, until: datetime) -> list[Game]:
    """Active games whose turn deadline is at or before `until` (whole seconds, as stored),
    the soonest first."""
    rows = await db.fetchall(
        f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active'"
        " AND deadline IS NOT NULL AND deadline <= ? ORDER BY deadline, id",
        (to_epoch(until),),
    )
    return [game_from_row(row) for row in rows]


async def waking_games(db: Database, now: datetime, *, limit: int = WAKE_BATCH,
                       after: WakeKey | None = None) -> list[Game]:
    """Active games the timer loop must look at by `now` (their `WAKE` moment has come:
    the warning not yet given, or the deadline), the earliest moment first, at most
    `limit` of them: a pass stays bounded however many are due at once (after an outage),
    and a full batch tells the loop to come back at once for the rest. `after`: only the
    games after that one in this order (`wake_key`: past a batch the loop could not
    settle)."""
    since = ""
    params: tuple[int, ...] = (to_epoch(now),)
    if after is not None:
        since = f" AND {WAKE} >= ? AND ({WAKE} > ? OR id > ?)"
        params += (after[0], after[0], after[1])
    rows = await db.fetchall(
        f"SELECT {GAME_COLUMNS} FROM games WHERE {_WAKING} AND {WAKE} <= ?{since}"
        f" ORDER BY {WAKE}, id LIMIT ?",
        (*params, limit),
    )
    return [game_from_row(row) for row in rows]


async def wake_key(db: Database, game_id: int) -> WakeKey | None:
    """Where an active game stands in the timer loop's order (`WAKE`, id), or None when it
    has left it."""
    value = await db.fetchval(f"SELECT {WAKE} FROM games WHERE id = ? AND {_WAKING}",
                              (game_id,))
    return None if value is None else (int(value), game_id)


async def next_wake(db: Database, after: datetime) -> datetime | None:
    """The soonest `WAKE` moment later than `after`: when an active game next needs the
    timer loop (its warning, or its deadline once warned)."""
    value = await db.fetchval(  # (not MIN: the first of the index, on both engines)
        f"SELECT {WAKE} FROM games WHERE {_WAKING} AND {WAKE} > ? ORDER BY {WAKE} LIMIT 1",
        (to_epoch(after),))
    return None if value is None else from_epoch(value)


async def clocked_games(db: Database) -> list[Game]:
    """Active games under a match clock (whose turns a restart begins again)."""
    rows = await db.fetchall(
        f"SELECT {GAME_COLUMNS} FROM games WHERE status = 'active' AND control LIKE 'c%'"
        " ORDER BY id")
    return [game_from_row(row) for row in rows]


_SEAT_GAMES = (f"SELECT {GAME_COLUMNS} FROM games WHERE correspondence = 1"
               " AND status = 'active' AND player{seat}_id = ?")


async def correspondence_games(db: Database, player_id: int, *, limit: int = 50) -> list[Game]:
    """The player's correspondence games still being played, the soonest deadline first."""
    # Two halves, one per seat, so each reads its seat's partial index in deadline order
    # (one OR made SQLite take the index of all a player's games, finished ones too).
    rows = await db.fetchall(
        f"SELECT * FROM ({_SEAT_GAMES.format(seat=0)} UNION ALL"
        f" {_SEAT_GAMES.format(seat=1)}) AS mine ORDER BY deadline, id LIMIT ?",
        (player_id, player_id, limit),
    )
    return [game_from_row(row) for row in rows]


async def claim_warning(db: Database, game_id: int, deadline: datetime) -> bool:
    """Take the turn warning of the game's current `deadline` for sending: True for exactly
    one caller (of every process) per deadline, False when the deadline has changed or the
    warning is taken."""
    stamp = to_epoch(deadline)
    async with db.transaction() as tx:
        changed = await tx.execute(
            "UPDATE games SET warned_deadline = ? WHERE id = ? AND status = 'active'"
            " AND deadline = ? AND (warned_deadline IS NULL OR warned_deadline <> ?)",
            (stamp, game_id, stamp, stamp))
    return changed == 1


async def claim_turn(db: Database, game_id: int, version: int, turn: str) -> bool:
    """Take the "your turn" message of the game's `turn` (a key naming the turn, e.g.
    `bot.services.correspondence.turn_key`) at `version` for sending: True for exactly one
    caller (of every process, before and after restarts) per turn of an active game, and
    only while the game is still at `version` (a late announcement claims nothing)."""
    async with db.transaction() as tx:
        changed = await tx.execute(
            "UPDATE games SET turn_told = ? WHERE id = ? AND version = ?"
            " AND status = 'active' AND (turn_told IS NULL OR turn_told <> ?)",
            (turn, game_id, version, turn))
    return changed == 1


async def open_games(db: Database, player_id: int, *, limit: int = 50) -> list[Game]:
    """The player's games still being played: the live one (if any) first, then the
    correspondence games, the soonest deadline first."""
    return [*await active_games(db, player_id),
            *await correspondence_games(db, player_id, limit=limit)]


def game_from_row(row: Row) -> Game:
    return Game(
        id=row["id"],
        variant=row["variant"],
        players=(row["player0_id"], row["player1_id"]),
        level=row["level"],
        match_length=row["match_length"],
        cube=bool(row["cube"]),
        rated=bool(row["rated"]),
        status=row["status"],
        state_json=row["state_json"],
        version=row["version"],
        deadline=opt_datetime(row["deadline"]),
        winner_seat=row["winner_seat"],
        result=row["result"],
        points=row["points"],
        created_at=from_epoch(row["created_at"]),
        updated_at=from_epoch(row["updated_at"]),
        finished_at=opt_datetime(row["finished_at"]),
        timing=Timing(row["control"], row["warn_lead"], bool(row["correspondence"])),
    )
