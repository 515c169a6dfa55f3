"""Matchmaking: players waiting for a rated opponent, and pairing them in one transaction.

A request names the variant, the match lengths the player accepts (a bit mask), the
cube (without, with, either) and the time control's token, and keeps the player's rating
at the time. Two requests are compatible when the variant and the time control are the
same, the length masks share a length and the cube choices agree (or either side does not
mind). A live search pairs only players who are not in a live game; a correspondence one
(`live=False`) does not mind (correspondence games take no live seat). Among compatible
requests a newcomer is paired with the closest rating that the rating window allows; the
window widens with the time waited (`WINDOWS`), and the wider of the two players' windows
decides. Pairing, marking both requests and creating the game happen in one transaction,
so two players asking at the same moment make one game and nobody is paired twice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from engine.game import OFFERED_LENGTHS, has_cube
from storage.clock import from_epoch, opt_datetime, to_epoch
from storage.db import Database, Tx
from storage.errors import ConstraintViolation, StorageError
from storage.fairness import SeedTake, pending_seeds, take_seeds
from storage.games import append_log, fetch_game, insert_game
from storage.models import HOST_WINDOW, VARIANTS, Game, LogEntry, Timing

# A search's match lengths as a bit mask: a bit for each length offered.
LENGTH_BITS = {length: 1 << n for n, length in enumerate(OFFERED_LENGTHS)}
ANY_LENGTH = (1 << len(OFFERED_LENGTHS)) - 1
CUBE_OFF, CUBE_ON, CUBE_EITHER = 0, 1, 2

# How far apart two ratings may be, by how long a request has waited: from `seconds` on,
# a gap up to `gap` (None: any gap). The wider window of the two players applies.
WINDOWS: tuple[tuple[int, int | None], ...] = ((0, 150), (20, 300), (40, 600), (60, None))
_UNLIMITED = 1_000_000_000  # any gap (an INTEGER on both engines)
# PostgreSQL advisory lock keys: one pairing at a time per variant.
_PAIRING_LOCK = {"short": 0x6E6D0001, "long": 0x6E6D0002}

_COLUMNS = ("id, player_id, variant, lengths, cube, rating, status, created_at, ended_at,"
            " game_id, chat_id, message_id, shown_at, control")


class AlreadySearching(StorageError):
    """The player has a waiting request already."""


@dataclass(frozen=True, slots=True)
class MatchRequest:
    id: int
    player_id: int
    variant: str
    lengths: int  # bit mask, see LENGTH_BITS
    cube: int  # CUBE_OFF, CUBE_ON or CUBE_EITHER
    rating: int
    status: str  # waiting | matched | cancelled | expired
    created_at: datetime
    ended_at: datetime | None
    game_id: int | None
    chat_id: int | None
    message_id: int | None
    shown_at: datetime | None
    control: str | None = None  # the time control's token (None: the host's move window)

    def waited(self, now: datetime) -> float:
        return (now - self.created_at).total_seconds()


@dataclass(frozen=True, slots=True)
class NewGame:
    """What the caller stores as the paired game: its first state, deadline and log, and
    the dice seeds it took from its players (`storage.fairness.take_seeds`)."""

    state_json: str
    deadline: datetime | None
    log: tuple[LogEntry, ...] = ()
    seeds: tuple[SeedTake, ...] = ()
    timing: Timing = HOST_WINDOW


@dataclass(frozen=True, slots=True)
class Pairing:
    game: Game
    requests: tuple[MatchRequest, MatchRequest]  # by seat: the one who waited longer first
    length: int
    cube: bool


def window(waited: float) -> int | None:
    """The rating gap a request accepts after waiting `waited` seconds (None: any)."""
    gap: int | None = WINDOWS[0][1]
    for seconds, allowed in WINDOWS:
        if waited >= seconds:
            gap = allowed
    return gap


def lengths_mask(lengths: Iterable[int]) -> int:
    mask = 0
    for length in lengths:
        if length not in LENGTH_BITS:
            raise ValueError(f"a match is 1, 3, 5 or 7 points long, not {length}")
        mask |= LENGTH_BITS[length]
    return mask


def agreed(a: MatchRequest, b: MatchRequest) -> tuple[int, bool]:
    """The match length and cube two compatible requests play: the shortest common length
    (the quickest rated result), the cube only when one asked for it and the other agrees."""
    common = a.lengths & b.lengths
    length = min(n for n, bit in LENGTH_BITS.items() if common & bit)
    cube = has_cube(a.variant) and CUBE_ON in (a.cube, b.cube)
    return length, cube


async def create_request(db: Database, *, player_id: int, variant: str, lengths: int,
                         cube: int, rating: int, now: datetime,
                         control: str | None = None) -> MatchRequest:
    """Start a search under the time control `control` (a token; None: the host's move
    window; only searches of the same control are paired); `AlreadySearching` when the
    player has one going."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    if not 1 <= lengths <= ANY_LENGTH or cube not in (CUBE_OFF, CUBE_ON, CUBE_EITHER):
        raise ValueError("bad match lengths or cube choice")
    if not has_cube(variant):
        cube = CUBE_OFF
    try:
        async with db.transaction() as tx:
            if await _waiting(tx, player_id) is not None:
                raise AlreadySearching(player_id)
            request_id = await tx.fetchval(
                "INSERT INTO match_requests (player_id, variant, lengths, cube, rating,"
                " created_at, control) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (player_id, variant, lengths, cube, rating, to_epoch(now), control),
            )
            request = await _fetch(tx, request_id)
            assert request is not None  # inserted just above, in this transaction
            return request
    except ConstraintViolation as exc:
        # PostgreSQL: a simultaneous search of the same player committed first (READ
        # COMMITTED showed neither the other): the unique index had the last word.
        if exc.kind == "unique":
            raise AlreadySearching(player_id) from exc
        raise


async def waiting_request(db: Database, player_id: int) -> MatchRequest | None:
    """The player's search in progress, if any."""
    async with db.read() as tx:
        return await _waiting(tx, player_id)


async def get_request(db: Database, request_id: int) -> MatchRequest | None:
    async with db.read() as tx:
        return await _fetch(tx, request_id)


async def pair(db: Database, request_id: int, now: datetime,
               make_game: Callable[..., NewGame], *, live: bool = True) -> Pairing | None:
    """Pair the waiting request with the best partner now, creating their rated game;
    `live` False for a correspondence search (neither player's live game is in the way).

    `make_game(variant, length, cube, pending)` gives the game's first state; `pending` is
    what the players' dice seeds are (`storage.fairness.pending_seeds`, by seat), read in
    this transaction with the players' rows locked. None when the request is no longer
    waiting or no partner fits (yet).
    """
    async with db.transaction() as tx:
        request = await _fetch(tx, request_id)
        if request is None or request.status != "waiting":
            return None
        # Pairings of a variant happen one at a time (SQLite's write lock does this by
        # itself), so two newcomers never both take the same waiting player.
        if tx.engine == "postgres":
            await tx.execute("SELECT pg_advisory_xact_lock(?)", (_PAIRING_LOCK[request.variant],))
        request = await _fetch(tx, request_id)
        if request is None or request.status != "waiting" or (live and await _playing(
                tx, request.player_id)):
            return None
        partner = await _partner(tx, request, now, live=live)
        if partner is None:
            return None
        first, second = sorted((request, partner), key=lambda r: (r.created_at, r.id))
        # A search cancelled or expired meanwhile (those do not take the pairing lock):
        # lock both rows and check they are still waiting before making the game.
        still = await tx.fetchall(
            "SELECT id FROM match_requests WHERE id IN (?, ?) AND status = 'waiting'"
            + tx.lock("FOR UPDATE"), (first.id, second.id))
        if len(still) != 2:
            return None
        length, cube = agreed(first, second)
        pending = await pending_seeds(tx, (first.player_id, second.player_id))
        new = make_game(request.variant, length, cube, pending)
        game_id = await insert_game(
            tx, variant=request.variant, players=(first.player_id, second.player_id),
            state_json=new.state_json, now=now, deadline=new.deadline, level=None,
            match_length=length, cube=cube, rated=True, timing=new.timing)
        await append_log(tx, game_id, 1, new.log, now)
        await take_seeds(tx, new.seeds)
        changed = await tx.execute(
            "UPDATE match_requests SET status = 'matched', game_id = ?, ended_at = ?"
            " WHERE id IN (?, ?) AND status = 'waiting'",
            (game_id, to_epoch(now), first.id, second.id))
        if changed != 2:  # cannot happen inside the write transaction; never pair half
            raise StorageError(f"requests {first.id}, {second.id} changed while pairing")
        game = await fetch_game(tx, game_id)
        matched_first, matched_second = await _fetch(tx, first.id), await _fetch(tx, second.id)
        # Both rows were updated just above, in this transaction.
        assert matched_first is not None and matched_second is not None
    return Pairing(game, (matched_first, matched_second), length, cube)


async def cancel_request(db: Database, player_id: int, now: datetime) -> MatchRequest | None:
    """End the player's search; the request as it was, or None when there was none."""
    async with db.transaction() as tx:
        row = await tx.fetchone(
            "UPDATE match_requests SET status = 'cancelled', ended_at = ?"
            f" WHERE player_id = ? AND status = 'waiting' RETURNING {_COLUMNS}",
            (to_epoch(now), player_id))
    return None if row is None else replace(_request(row), status="waiting", ended_at=None)


async def expire_requests(db: Database, now: datetime, max_wait: timedelta
                          ) -> list[MatchRequest]:
    """End the searches that waited `max_wait` or longer; returns them (to say so)."""
    cutoff = to_epoch(now - max_wait)
    async with db.transaction() as tx:
        rows = await tx.fetchall(
            "UPDATE match_requests SET status = 'expired', ended_at = ?"
            f" WHERE status = 'waiting' AND created_at <= ? RETURNING {_COLUMNS}",
            (to_epoch(now), cutoff))
    return sorted((_request(row) for row in rows), key=lambda r: r.id)


async def waiting_requests(db: Database, *, limit: int = 1000) -> list[MatchRequest]:
    """The searches in progress, the longest waiting first."""
    rows = await db.fetchall(
        f"SELECT {_COLUMNS} FROM match_requests WHERE status = 'waiting'"
        " ORDER BY created_at, id LIMIT ?", (limit,))
    return [_request(row) for row in rows]


async def searching(db: Database, control: str | None = None) -> dict[str, int]:
    """How many players are searching, per variant (only for games under `control` when
    given)."""
    only = "" if control is None else " AND COALESCE(control, '') = ?"
    rows = await db.fetchall(
        "SELECT variant, COUNT(*) AS n FROM match_requests WHERE status = 'waiting'"
        f"{only} GROUP BY variant", () if control is None else (control,))
    counts: dict[str, int] = dict.fromkeys(VARIANTS, 0)
    counts.update({row["variant"]: row["n"] for row in rows})
    return counts


async def set_message(db: Database, request_id: int, chat_id: int, message_id: int,
                      now: datetime) -> None:
    """Remember the request's "searching…" message (and that it shows the state of now)."""
    async with db.transaction() as tx:
        await tx.execute(
            "UPDATE match_requests SET chat_id = ?, message_id = ?, shown_at = ? WHERE id = ?",
            (chat_id, message_id, to_epoch(now), request_id))


async def mark_shown(db: Database, request_id: int, now: datetime) -> None:
    async with db.transaction() as tx:
        await tx.execute("UPDATE match_requests SET shown_at = ? WHERE id = ?",
                         (to_epoch(now), request_id))


# -- inside a transaction ---------------------------------------------------------------


async def _fetch(tx: Tx, request_id: int) -> MatchRequest | None:
    row = await tx.fetchone(f"SELECT {_COLUMNS} FROM match_requests WHERE id = ?",
                            (request_id,))
    return None if row is None else _request(row)


async def _waiting(tx: Tx, player_id: int) -> MatchRequest | None:
    row = await tx.fetchone(
        f"SELECT {_COLUMNS} FROM match_requests WHERE player_id = ? AND status = 'waiting'",
        (player_id,))
    return None if row is None else _request(row)


async def _playing(tx: Tx, player_id: int) -> bool:
    return await tx.fetchone("SELECT 1 FROM active_seats WHERE player_id = ?",
                             (player_id,)) is not None


# A compatible waiting request of another player (for a live game: one not in a live
# game), whose rating is within the wider of the two windows. `{side}` walks the rating
# index up or down from the asker's rating, so the first row found is the nearest allowed
# one on that side.
_PARTNER = f"""
SELECT {_COLUMNS} FROM match_requests AS r
WHERE r.status = 'waiting' AND r.variant = ? AND r.player_id <> ?
  AND COALESCE(r.control, '') = ?
  AND {{side}}
  AND (r.lengths & ?) <> 0
  AND (r.cube = 2 OR ? = 2 OR r.cube = ?)
  AND (ABS(r.rating - ?) <= ?
       OR (r.created_at <= ? AND ABS(r.rating - ?) <= ?)
       OR (r.created_at <= ? AND ABS(r.rating - ?) <= ?)
       OR r.created_at <= ?)
  {{seated}}
ORDER BY {{order}}
LIMIT 1
"""
_FREE = "AND NOT EXISTS (SELECT 1 FROM active_seats AS s WHERE s.player_id = r.player_id)"
# Equal ratings go to the longest waiting, so the walk orders by (rating, created_at, id);
# downwards the nearest rating is found first, then the longest waiting at that rating.
_SIDES = {"above": ("r.rating >= ?", "r.rating, r.created_at, r.id"),
          "below": ("r.rating < ?", "r.rating DESC"), "at": ("r.rating = ?", "r.created_at, r.id")}
# By (side, live): the statements, made once.
_WALKS = {(name, live): _PARTNER.format(side=side, order=order, seated=_FREE if live else "")
          for name, (side, order) in _SIDES.items() for live in (True, False)}


async def _partner(tx: Tx, request: MatchRequest, now: datetime, *, live: bool = True
                   ) -> MatchRequest | None:
    """The best partner for `request` now: the nearest rating allowed, then the longest
    waiting."""
    own = window(request.waited(now))
    since = [to_epoch(now) - seconds for seconds, _ in WINDOWS]
    gaps = [gap for _, gap in WINDOWS]
    assert gaps[-1] is None and len(WINDOWS) == 4  # the statement spells out four windows
    rating = request.rating
    head = (request.variant, request.player_id, request.control or "")
    tail = (request.lengths, request.cube, request.cube,
            rating, _UNLIMITED if own is None else own,
            since[1], rating, gaps[1], since[2], rating, gaps[2], since[3])
    found = []
    above = await tx.fetchone(_WALKS["above", live], (*head, rating, *tail))
    if above is not None:
        found.append(_request(above))
    below = await tx.fetchone(_WALKS["below", live], (*head, rating, *tail))
    if below is not None:
        oldest = await tx.fetchone(_WALKS["at", live], (*head, below["rating"], *tail))
        found.append(_request(oldest if oldest is not None else below))
    if not found:
        return None
    return min(found, key=lambda r: (abs(r.rating - rating), r.created_at, r.id))


def _request(row: Any) -> MatchRequest:
    return MatchRequest(
        id=row["id"], player_id=row["player_id"], variant=row["variant"],
        lengths=row["lengths"], cube=row["cube"], rating=row["rating"], status=row["status"],
        created_at=from_epoch(row["created_at"]), ended_at=opt_datetime(row["ended_at"]),
        game_id=row["game_id"], chat_id=row["chat_id"], message_id=row["message_id"],
        shown_at=opt_datetime(row["shown_at"]), control=row["control"])


# -- telling subscribers that someone is searching --------------------------------------


async def subscribers(db: Database, setting: str, *, searcher: int, now: datetime,
                      quiet: timedelta, limit: int) -> list[int]:
    """Players who asked to be told of searches (`setting` on) and may be told now: not the
    searcher, not in a game, not searching themselves, not told within `quiet`."""
    rows = await db.fetchall(
        "SELECT s.player_id FROM player_settings AS s"
        " WHERE s.name = ? AND s.value = '1' AND s.player_id <> ?"
        " AND NOT EXISTS (SELECT 1 FROM active_seats AS a WHERE a.player_id = s.player_id)"
        " AND NOT EXISTS (SELECT 1 FROM match_requests AS r"
        "                 WHERE r.player_id = s.player_id AND r.status = 'waiting')"
        " AND NOT EXISTS (SELECT 1 FROM match_notices AS n"
        "                 WHERE n.player_id = s.player_id AND n.sent_at > ?)"
        " ORDER BY s.updated_at, s.player_id LIMIT ?",
        (setting, searcher, to_epoch(now - quiet), limit))
    return [row["player_id"] for row in rows]


async def claim_notice(db: Database, player_id: int, now: datetime, quiet: timedelta) -> bool:
    """Record that `player_id` is told now, unless they were told within `quiet` (another
    search, or another process, got there first): True when this caller may tell them."""
    async with db.transaction() as tx:
        row = await tx.fetchone(
            "INSERT INTO match_notices (player_id, sent_at) VALUES (?, ?)"
            " ON CONFLICT (player_id) DO UPDATE SET sent_at = excluded.sent_at"
            " WHERE match_notices.sent_at <= ? RETURNING player_id",
            (player_id, to_epoch(now), to_epoch(now - quiet)))
    return row is not None
