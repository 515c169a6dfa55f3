"""Challenges: a code a player shares; the first other player to accept starts the game."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import datetime

from storage.clock import from_epoch, opt_datetime, to_epoch
from storage.db import Database, Row, Tx
from storage.errors import (
    ChallengeCodeTaken,
    ChallengeUnavailable,
    ConstraintViolation,
    PlayerNotFound,
)
from storage.fairness import SeedTake, take_seeds
from storage.games import append_log, fetch_game, insert_game
from storage.models import (
    HOST_WINDOW,
    VARIANTS,
    Challenge,
    ChallengeStatus,
    Game,
    LogEntry,
    Timing,
)

_COLUMNS = (
    "id, code, creator_id, variant, match_length, cube, rated, status, created_at,"
    " expires_at, accepted_by, accepted_at, game_id, control"
)


def new_code() -> str:
    """Eight URL-safe characters: fits a /start deep link, and 48 bits are unguessable."""
    return secrets.token_urlsafe(6)


async def create_challenge(
    db: Database,
    *,
    creator_id: int,
    variant: str,
    now: datetime,
    expires_at: datetime,
    match_length: int = 1,
    cube: bool = False,
    rated: bool = True,
    code: str | None = None,
    control: str | None = None,
) -> Challenge:
    """Store an open challenge; the code is random unless given (an inline card's, tests).

    Raises `ChallengeCodeTaken` when a challenge with `code` exists already.
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    code = code or new_code()
    try:
        async with db.transaction() as tx:
            if await tx.fetchone("SELECT 1 FROM players WHERE id = ?", (creator_id,)) is None:
                raise PlayerNotFound(f"player {creator_id} is not stored")
            row = await tx.fetchone(
                "INSERT INTO challenges (code, creator_id, variant, match_length, cube, rated,"
                " created_at, expires_at, control) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
                f" RETURNING {_COLUMNS}",
                (code, creator_id, variant, match_length, int(cube), int(rated),
                 to_epoch(now), to_epoch(expires_at), control),
            )
    except ConstraintViolation as exc:
        if exc.kind == "unique" and exc.table == "challenges":
            raise ChallengeCodeTaken(code) from exc
        raise
    assert row is not None
    return _challenge(row)


async def rematch_challenge(
    db: Database,
    *,
    game_id: int,
    creator_id: int,
    variant: str,
    now: datetime,
    expires_at: datetime,
    match_length: int = 1,
    cube: bool = False,
    control: str | None = None,
) -> tuple[Challenge, bool]:
    """The one open "Play again" challenge of finished game `game_id`.

    Returns (the challenge, True) when `creator_id` made it now, or (the challenge another
    player of the game made first, False): both players pressing Play again, even at the
    same moment, get the same challenge (a unique index on open rematches decides).
    """
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    stamp = to_epoch(now)
    async with db.transaction() as tx:
        # An open rematch whose time is up no longer counts (and must not block a new one).
        await tx.execute(
            "UPDATE challenges SET status = 'expired' WHERE rematch_of = ? AND status = 'open'"
            " AND expires_at <= ?", (game_id, stamp))
        made = await tx.execute(
            "INSERT INTO challenges (code, creator_id, variant, match_length, cube, rated,"
            " created_at, expires_at, rematch_of, control) VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?)"
            " ON CONFLICT (rematch_of) WHERE status = 'open' AND rematch_of IS NOT NULL"
            " DO NOTHING",
            (new_code(), creator_id, variant, match_length, int(cube), stamp,
             to_epoch(expires_at), game_id, control),
        )
        row = await tx.fetchone(
            f"SELECT {_COLUMNS} FROM challenges WHERE rematch_of = ? AND status = 'open'",
            (game_id,))
    assert row is not None
    return _challenge(row), made == 1


async def get_challenge(db: Database, code: str) -> Challenge | None:
    row = await db.fetchone(f"SELECT {_COLUMNS} FROM challenges WHERE code = ?", (code,))
    return None if row is None else _challenge(row)


async def accept_challenge(
    db: Database,
    code: str,
    player_id: int,
    *,
    now: datetime,
    state_json: str,
    deadline: datetime | None = None,
    log: Iterable[LogEntry] = (),
    board_chat_id: int | None = None,
    seeds: Iterable[SeedTake] = (),
    timing: Timing = HOST_WINDOW,
) -> tuple[Challenge, Game]:
    """Accept an open challenge and create its game (creator seat 0) in one transaction.

    `log` is the new game's first move-log lines (its opening). With `board_chat_id` the
    game's board is promised to that group chat (a board message row with message id 0),
    so a restart before the board is posted still knows where it belongs. Only the first
    acceptance succeeds; any other raises `ChallengeUnavailable` with the reason
    ("accepted", "expired", "cancelled", "own", "not_found") and changes nothing.
    `PlayerBusy` when the creator or the acceptor is in an active game already, `SeedTaken`
    when the dice seeds the game took (`seeds`) changed meanwhile.
    """
    stamp = to_epoch(now)
    async with db.transaction() as tx:
        challenge = _acceptable(await _fetch(tx, code, lock=True), code, player_id, stamp)
        game_id = await insert_game(
            tx,
            variant=challenge.variant,
            players=(challenge.creator_id, player_id),
            state_json=state_json,
            now=now,
            deadline=deadline,
            level=None,
            match_length=challenge.match_length,
            cube=challenge.cube,
            rated=challenge.rated,
            timing=timing,
        )
        await append_log(tx, game_id, 1, log, now)
        await take_seeds(tx, list(seeds))
        if board_chat_id is not None:
            await tx.execute(
                "INSERT INTO board_messages"
                " (game_id, chat_id, message_id, player_id, updated_at, shown_version)"
                " VALUES (?, ?, 0, NULL, ?, 0)",
                (game_id, board_chat_id, stamp),
            )
        await tx.execute(
            "UPDATE challenges SET status = 'accepted', accepted_by = ?, accepted_at = ?,"
            " game_id = ? WHERE id = ? AND status = 'open'",
            (player_id, stamp, game_id, challenge.id),
        )
        accepted = await _fetch(tx, code)
        game = await fetch_game(tx, game_id)
    assert accepted is not None
    return accepted, game


def _acceptable(challenge: Challenge | None, code: str, player_id: int, stamp: int) -> Challenge:
    if challenge is None:
        raise ChallengeUnavailable(code, "not_found")
    if challenge.status != "open":
        raise ChallengeUnavailable(code, challenge.status)
    if to_epoch(challenge.expires_at) <= stamp:
        raise ChallengeUnavailable(code, "expired")
    if challenge.creator_id == player_id:
        raise ChallengeUnavailable(code, "own")
    return challenge


async def cancel_challenge(db: Database, code: str, player_id: int) -> Challenge:
    """The creator withdraws an open challenge."""
    async with db.transaction() as tx:
        challenge = await _fetch(tx, code, lock=True)
        if challenge is None:
            raise ChallengeUnavailable(code, "not_found")
        if challenge.creator_id != player_id:
            raise ChallengeUnavailable(code, "not_creator")
        if challenge.status != "open":
            raise ChallengeUnavailable(code, challenge.status)
        await tx.execute("UPDATE challenges SET status = 'cancelled' WHERE id = ?",
                         (challenge.id,))
        cancelled = await _fetch(tx, code)
    assert cancelled is not None
    return cancelled


async def expire_challenges(db: Database, now: datetime) -> list[Challenge]:
    """Mark open challenges whose time is up as expired; returns them (to edit their cards)."""
    async with db.transaction() as tx:
        rows = await tx.fetchall(
            "UPDATE challenges SET status = 'expired' WHERE status = 'open' AND expires_at <= ?"
            f" RETURNING {_COLUMNS}",
            (to_epoch(now),),
        )
    return sorted((_challenge(row) for row in rows), key=lambda c: c.id)


async def _fetch(tx: Tx, code: str, *, lock: bool = False) -> Challenge | None:
    """The challenge; `lock` holds its row until the transaction ends (PostgreSQL)."""
    row = await tx.fetchone(f"SELECT {_COLUMNS} FROM challenges WHERE code = ?"
                            + (tx.lock("FOR UPDATE") if lock else ""), (code,))
    return None if row is None else _challenge(row)


def _challenge(row: Row, status: ChallengeStatus | None = None) -> Challenge:
    return Challenge(
        id=row["id"],
        code=row["code"],
        creator_id=row["creator_id"],
        variant=row["variant"],
        match_length=row["match_length"],
        cube=bool(row["cube"]),
        rated=bool(row["rated"]),
        status=status or row["status"],
        created_at=from_epoch(row["created_at"]),
        expires_at=from_epoch(row["expires_at"]),
        accepted_by=row["accepted_by"],
        control=row["control"],
        accepted_at=opt_datetime(row["accepted_at"]),
        game_id=row["game_id"],
    )
