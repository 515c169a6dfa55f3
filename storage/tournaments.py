"""Tournaments in group chats: the stored tournament, its players, its pairings and the group
messages showing it. The rules (seeding, the bracket, an arena's pairing and scoring) are
the core's (`core/tournaments.py`); here is how they are kept.

Every change to a tournament is made under its row's lock (`locked`: one write
transaction, the row read `FOR UPDATE` on PostgreSQL, SQLite's `BEGIN IMMEDIATE` alone),
so two processes, two timers or a timer and a press never decide the same thing twice:
a pairing's game is made in the transaction that marks it playing (`Locked.start_game`),
so it is made once, and a result is settled in the transaction that marks its pairing
done. Each change raises the tournament's `version`; the messages showing it record the
version they show (`tournament_messages`), so a message left behind is found and redrawn.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Literal

from engine.position import Variant
from engine.ratings import START_RATING
from storage.clock import from_epoch, opt_datetime, opt_epoch, to_epoch
from storage.db import Database, Row, Tx
from storage.errors import ConstraintViolation, PlayerNotFound, StorageError
from storage.fairness import pending_seeds, take_seeds
from storage.games import append_log, fetch_game, insert_game
from storage.matchmaking import NewGame
from storage.models import VARIANTS, Game

Format = Literal["knockout", "arena", "swiss"]
FORMATS: tuple[Format, ...] = ("knockout", "arena", "swiss")
MIN_PLAYERS, MAX_PLAYERS = 4, 64
MessageKind = Literal["lobby", "picture", "final"]

_T_COLUMNS = ("id, chat_id, creator_id, variant, format, match_length, cube, capacity,"
              " starts_at, minutes, status, created_at, started_at, ends_at, finished_at,"
              " winner_id, version, control")
_E_COLUMNS = ("e.player_id, p.name, e.joined, e.joined_at, e.entered, e.state, e.seed,"
              " e.rating, e.score, e.games, e.wins, e.streak, e.last_opponent, e.results,"
              " e.free_since")
_P_COLUMNS = ("id, tournament_id, round, slot, player0_id, player1_id, status, game_id,"
              " due_at, winner_id, outcome, result, score0, score1, points0, points1,"
              " created_at, finished_at")
_M_COLUMNS = "tournament_id, kind, chat_id, message_id, shown_version, claimed_until"

# The columns a caller may change, and how a value is stored.
_TOURNAMENT_FIELDS = {"status", "started_at", "ends_at", "finished_at", "winner_id"}
_ENTRANT_FIELDS = {"entered", "state", "seed", "rating", "score", "games", "wins", "streak",
                   "last_opponent", "results", "free_since"}
_PAIRING_FIELDS = {"player0_id", "player1_id", "status", "game_id", "due_at", "winner_id",
                   "outcome", "result", "score0", "score1", "points0", "points1",
                   "finished_at"}


class TournamentExists(StorageError):
    """The group has a tournament that is open or running already."""

    def __init__(self, chat_id: int, tournament_id: int | None = None) -> None:
        super().__init__(f"chat {chat_id} has tournament {tournament_id} going")
        self.chat_id, self.tournament_id = chat_id, tournament_id


class AlreadyEntered(StorageError):
    """The player is entered in a tournament already (this one or another)."""

    def __init__(self, player_id: int, tournament_id: int | None) -> None:
        super().__init__(f"player {player_id} is entered in tournament {tournament_id}")
        self.player_id, self.tournament_id = player_id, tournament_id


@dataclass(frozen=True, slots=True)
class Tournament:
    id: int
    chat_id: int
    creator_id: int
    variant: Variant
    format: Format
    match_length: int
    cube: bool
    capacity: int
    starts_at: datetime | None  # None: when `capacity` players have joined
    minutes: int | None  # an arena's length
    status: str  # open | running | finished | cancelled
    created_at: datetime
    started_at: datetime | None
    ends_at: datetime | None
    finished_at: datetime | None
    winner_id: int | None
    version: int
    control: str | None = None  # its games' time control token (None: the host's window)

    @property
    def live(self) -> bool:
        return self.status in ("open", "running")


@dataclass(frozen=True, slots=True)
class Entrant:
    player_id: int
    name: str
    joined: int  # 1, 2, …: the order of joining
    joined_at: datetime
    entered: bool
    state: str  # in | left | out
    seed: int | None
    rating: int | None
    score: int
    games: int
    wins: int
    streak: int
    last_opponent: int | None
    results: tuple[int, ...]  # an arena's points of each game, oldest first
    free_since: datetime | None


@dataclass(frozen=True, slots=True)
class Pairing:
    id: int
    tournament_id: int
    round: int
    slot: int
    players: tuple[int | None, int | None]
    status: str  # waiting | playing | done
    game_id: int | None
    due_at: datetime | None
    winner_id: int | None
    outcome: str | None  # played | bye | forfeit | no_show
    result: str | None
    score: tuple[int | None, int | None]
    points: tuple[int | None, int | None]
    created_at: datetime
    finished_at: datetime | None

    @property
    def ready(self) -> bool:
        """Both players are known."""
        return self.players[0] is not None and self.players[1] is not None


@dataclass(frozen=True, slots=True)
class News:
    """A piece of a tournament's news (`tournament_news`): `topic` names it once."""

    tournament_id: int
    topic: str
    chat_id: int
    message_id: int  # 0: not posted yet; -1: not to be posted


@dataclass(frozen=True, slots=True)
class TournamentMessage:
    tournament_id: int
    kind: MessageKind
    chat_id: int
    message_id: int  # 0: not posted yet
    shown_version: int
    claimed_until: datetime | None


# -- creating and reading ---------------------------------------------------------------


async def create_tournament(db: Database, *, chat_id: int, creator_id: int, variant: str,
                            format: Format, match_length: int, cube: bool, capacity: int,
                            starts_at: datetime | None, minutes: int | None,
                            now: datetime, control: str | None = None) -> Tournament:
    """Store an open tournament and promise its lobby message to the group (message id 0).
    `TournamentExists` when the group has one open or running."""
    if variant not in VARIANTS or format not in FORMATS:
        raise ValueError(f"unknown variant or format: {variant!r}, {format!r}")
    if not MIN_PLAYERS <= capacity <= MAX_PLAYERS:
        raise ValueError(f"a tournament has {MIN_PLAYERS} to {MAX_PLAYERS} places")
    try:
        async with db.transaction() as tx:
            return await insert_tournament(
                tx, chat_id=chat_id, creator_id=creator_id, variant=variant, format=format,
                match_length=match_length, cube=cube, capacity=capacity,
                starts_at=starts_at, minutes=minutes, now=now, control=control)
    except ConstraintViolation as exc:  # PostgreSQL: a simultaneous creation committed first
        if exc.kind == "unique" and exc.table == "tournaments":
            raise TournamentExists(chat_id) from exc
        raise


async def insert_tournament(tx: Tx, *, chat_id: int, creator_id: int, variant: str,
                            format: str, match_length: int, cube: bool, capacity: int,
                            starts_at: datetime | None, minutes: int | None, now: datetime,
                            control: str | None) -> Tournament:
    """`create_tournament` inside the caller's transaction (a schedule opens one in the
    transaction that moves it on)."""
    if await tx.fetchone("SELECT 1 FROM players WHERE id = ?", (creator_id,)) is None:
        raise PlayerNotFound(f"player {creator_id} is not stored")
    going = await tx.fetchval(
        "SELECT id FROM tournaments WHERE chat_id = ? AND status IN ('open', 'running')",
        (chat_id,))
    if going is not None:
        raise TournamentExists(chat_id, going)
    row = await tx.fetchone(
        "INSERT INTO tournaments (chat_id, creator_id, variant, format, match_length,"
        " cube, capacity, starts_at, minutes, created_at, control)"
        f" VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING {_T_COLUMNS}",
        (chat_id, creator_id, variant, format, match_length, int(cube), capacity,
         opt_epoch(starts_at), minutes, to_epoch(now), control))
    assert row is not None
    tournament = _tournament(row)
    await _add_message(tx, tournament.id, "lobby", chat_id)
    return tournament


async def get_tournament(db: Database, tournament_id: int) -> Tournament | None:
    row = await db.fetchone(f"SELECT {_T_COLUMNS} FROM tournaments WHERE id = ?",
                            (tournament_id,))
    return None if row is None else _tournament(row)


async def chat_tournament(db: Database, chat_id: int) -> Tournament | None:
    """The group's tournament that is open or running, if any."""
    row = await db.fetchone(
        f"SELECT {_T_COLUMNS} FROM tournaments WHERE chat_id = ?"
        " AND status IN ('open', 'running')", (chat_id,))
    return None if row is None else _tournament(row)


async def live_tournaments(db: Database) -> list[Tournament]:
    """Every tournament open or running, oldest first."""
    rows = await db.fetchall(
        f"SELECT {_T_COLUMNS} FROM tournaments WHERE status IN ('open', 'running') ORDER BY id")
    return [_tournament(row) for row in rows]


async def entrants(db: Database, tournament_id: int) -> list[Entrant]:
    async with db.read() as tx:
        return await _entrants(tx, tournament_id)


async def pairings(db: Database, tournament_id: int) -> list[Pairing]:
    async with db.read() as tx:
        return await _pairings(tx, tournament_id)


async def game_pairing(db: Database, game_id: int) -> Pairing | None:
    """The tournament pairing whose game `game_id` is, if it is one."""
    row = await db.fetchone(f"SELECT {_P_COLUMNS} FROM tournament_games WHERE game_id = ?",
                            (game_id,))
    return None if row is None else _pairing(row)


async def entered_in(db: Database, player_id: int) -> int | None:
    """The tournament the player is entered in (not over, not left, not knocked out)."""
    value = await db.fetchval(
        "SELECT tournament_id FROM tournament_players WHERE player_id = ? AND entered = 1",
        (player_id,))
    return None if value is None else int(value)


async def player_record(db: Database, player_id: int) -> tuple[int, int]:
    """(tournaments played, tournaments won): those that started with the player in them."""
    row = await db.fetchone(
        "SELECT COUNT(*), SUM(CASE WHEN t.winner_id = ? THEN 1 ELSE 0 END)"
        " FROM tournament_players AS e JOIN tournaments AS t ON t.id = e.tournament_id"
        " WHERE e.player_id = ? AND t.started_at IS NOT NULL AND t.status <> 'cancelled'",
        (player_id, player_id))
    return (int(row[0] or 0), int(row[1] or 0)) if row is not None else (0, 0)


# -- one change, under the tournament's lock ---------------------------------------------


class Locked:
    """A tournament's row held for one change (`locked`): read what is needed, write what
    changed; the version goes up once when anything was written."""

    def __init__(self, tx: Tx, tournament: Tournament, now: datetime) -> None:
        self.tx, self.tournament, self.now = tx, tournament, now
        self.changed = False
        self._entrants: list[Entrant] | None = None

    @property
    def id(self) -> int:
        return self.tournament.id

    async def entrants(self) -> list[Entrant]:
        if self._entrants is None:
            self._entrants = await _entrants(self.tx, self.id)
        return self._entrants

    async def pairings(self, *, open_only: bool = False) -> list[Pairing]:
        return await _pairings(self.tx, self.id, open_only=open_only)

    async def pairing(self, pairing_id: int) -> Pairing | None:
        row = await self.tx.fetchone(
            f"SELECT {_P_COLUMNS} FROM tournament_games WHERE id = ? AND tournament_id = ?",
            (pairing_id, self.id))
        return None if row is None else _pairing(row)

    async def seated(self, players: Iterable[int]) -> set[int]:
        """Those of `players` in an active game now (any game)."""
        wanted = sorted(set(players))
        if not wanted:
            return set()
        marks = ", ".join("?" * len(wanted))
        rows = await self.tx.fetchall(
            f"SELECT player_id FROM active_seats WHERE player_id IN ({marks})", wanted)
        return {int(row[0]) for row in rows}

    async def ratings(self, players: Sequence[int]) -> dict[int, int]:
        """The players' ratings in the tournament's variant (the start rating if none)."""
        wanted = sorted(set(players))
        if not wanted:
            return {}
        marks = ", ".join("?" * len(wanted))
        rows = await self.tx.fetchall(
            f"SELECT player_id, rating FROM player_stats WHERE variant = ?"
            f" AND player_id IN ({marks})", (self.tournament.variant, *wanted))
        found = {int(row[0]): int(row[1]) for row in rows}
        return {player: found.get(player, START_RATING) for player in wanted}

    async def game(self, game_id: int) -> Game:
        return await fetch_game(self.tx, game_id)

    async def entered_elsewhere(self, player_id: int) -> int | None:
        """The tournament the player is entered in, if any (this one included)."""
        where = await self.tx.fetchval(
            "SELECT tournament_id FROM tournament_players WHERE player_id = ? AND entered = 1",
            (player_id,))
        return None if where is None else int(where)

    async def add_entrant(self, player_id: int) -> None:
        """Enter the player (last in the order of joining). `AlreadyEntered` when the player
        is entered in a tournament already (this one or another)."""
        where = await self.entered_elsewhere(player_id)
        if where is not None:
            raise AlreadyEntered(player_id, where)
        joined = await self.tx.fetchval(
            "SELECT COALESCE(MAX(joined), 0) + 1 FROM tournament_players"
            " WHERE tournament_id = ?", (self.id,))
        await self.tx.execute(
            "INSERT INTO tournament_players (tournament_id, player_id, joined, joined_at,"
            " free_since) VALUES (?, ?, ?, ?, ?)",
            (self.id, player_id, joined, to_epoch(self.now), to_epoch(self.now)))
        self._touched()

    async def remove_entrant(self, player_id: int) -> bool:
        """Take a player off the list (before the start)."""
        removed = await self.tx.execute(
            "DELETE FROM tournament_players WHERE tournament_id = ? AND player_id = ?",
            (self.id, player_id))
        if removed:
            self._touched()
        return removed == 1

    async def update_entrant(self, player_id: int, **fields: Any) -> None:
        await self._update("tournament_players", _ENTRANT_FIELDS, fields,
                           "tournament_id = ? AND player_id = ?", (self.id, player_id))

    async def release_all(self) -> None:
        """The tournament is over: nobody is entered in it any more."""
        await self.tx.execute(
            "UPDATE tournament_players SET entered = 0 WHERE tournament_id = ? AND entered = 1",
            (self.id,))
        self._touched()

    async def update(self, **fields: Any) -> None:
        """Change the tournament's own columns (status, times, winner)."""
        await self._update("tournaments", _TOURNAMENT_FIELDS, fields, "id = ?", (self.id,))
        self.tournament = replace(self.tournament, **fields)

    async def add_pairing(self, round: int, slot: int, players: tuple[int | None, int | None],
                          **fields: Any) -> int:
        pairing_id = await self.tx.fetchval(
            "INSERT INTO tournament_games (tournament_id, round, slot, player0_id, player1_id,"
            " created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (self.id, round, slot, players[0], players[1], to_epoch(self.now)))
        if fields:
            await self.update_pairing(int(pairing_id), **fields)
        self._touched()
        return int(pairing_id)

    async def update_pairing(self, pairing_id: int, *, status_was: str | None = None,
                             **fields: Any) -> bool:
        """Change a pairing; with `status_was`, only if its status is still that. True when
        it changed."""
        where = "id = ? AND tournament_id = ?"
        params: tuple[Any, ...] = (pairing_id, self.id)
        if status_was is not None:
            where, params = where + " AND status = ?", (*params, status_was)
        return await self._update("tournament_games", _PAIRING_FIELDS, fields, where, params)

    async def next_slot(self, round: int) -> int:
        value = await self.tx.fetchval(
            "SELECT COALESCE(MAX(slot), 0) + 1 FROM tournament_games"
            " WHERE tournament_id = ? AND round = ?", (self.id, round))
        return int(value)

    async def start_game(self, pairing: Pairing, make_game: Callable[..., NewGame]) -> Game:
        """Make the pairing's game (rated, its players by seat) and mark the pairing playing,
        in this transaction: a pairing's game is made once. `make_game(variant, length,
        cube, pending)` gives its first state (`pending`: the players' dice seeds). Raises
        `PlayerBusy` when a player sits in another game (nothing is kept: the caller's
        transaction rolls back)."""
        first, second = pairing.players
        assert first is not None and second is not None
        t = self.tournament
        pending = await pending_seeds(self.tx, (first, second))
        new = make_game(t.variant, t.match_length, t.cube, pending)
        game_id = await insert_game(
            self.tx, variant=t.variant, players=(first, second), state_json=new.state_json,
            now=self.now, deadline=new.deadline, level=None, match_length=t.match_length,
            cube=t.cube, rated=True, timing=new.timing)
        await append_log(self.tx, game_id, 1, new.log, self.now)
        await take_seeds(self.tx, new.seeds)
        if not await self.update_pairing(pairing.id, status_was="waiting", status="playing",
                                         game_id=game_id, due_at=None):
            raise StorageError(f"pairing {pairing.id} changed while its game was made")
        return await fetch_game(self.tx, game_id)

    async def add_message(self, kind: MessageKind) -> None:
        """Promise a message of `kind` to the tournament's group (posted by the door)."""
        await _add_message(self.tx, self.id, kind, self.tournament.chat_id)

    def _touched(self) -> None:
        self.changed = True
        self._entrants = None  # read again when next asked

    async def _update(self, table: str, allowed: set[str], fields: dict[str, Any],
                      where: str, params: tuple[Any, ...]) -> bool:
        unknown = set(fields) - allowed
        if unknown:
            raise ValueError(f"cannot set {sorted(unknown)} of {table}")
        if not fields:
            return False
        names = sorted(fields)
        values = [_stored(fields[name]) for name in names]
        changed = await self.tx.execute(
            f"UPDATE {table} SET {', '.join(f'{n} = ?' for n in names)} WHERE {where}",
            (*values, *params))
        if changed:
            self._touched()
        return changed > 0


@asynccontextmanager
async def locked(db: Database, tournament_id: int, now: datetime) -> AsyncIterator[Locked | None]:
    """`async with locked(db, id, now) as held:` one change of the tournament under its
    row's lock (None when there is no such tournament); its version goes up by one when
    anything was written. Everything is rolled back on an error."""
    async with db.transaction() as tx:
        row = await tx.fetchone(f"SELECT {_T_COLUMNS} FROM tournaments WHERE id = ?"
                                + tx.lock("FOR UPDATE"), (tournament_id,))
        if row is None:
            yield None
            return
        held = Locked(tx, _tournament(row), now)
        yield held
        if held.changed:
            await tx.execute("UPDATE tournaments SET version = version + 1 WHERE id = ?",
                             (tournament_id,))
            held.tournament = replace(held.tournament, version=held.tournament.version + 1)


# -- the group messages (the door's) -------------------------------------------------------


async def messages(db: Database, tournament_id: int) -> dict[str, TournamentMessage]:
    rows = await db.fetchall(
        f"SELECT {_M_COLUMNS} FROM tournament_messages WHERE tournament_id = ?",
        (tournament_id,))
    return {row["kind"]: _message(row) for row in rows}


async def record_shown(db: Database, tournament_id: int, kind: MessageKind, message_id: int,
                       version: int) -> bool:
    """The message of `kind` is `message_id` and shows `version`; False (nothing written)
    when it shows a newer version already."""
    async with db.transaction() as tx:
        changed = await tx.execute(
            "UPDATE tournament_messages SET message_id = ?, shown_version = ?,"
            " claimed_until = NULL, claimed_by = NULL WHERE tournament_id = ? AND kind = ?"
            " AND shown_version <= ?", (message_id, version, tournament_id, kind, version))
    return changed == 1


async def claim_message(db: Database, tournament_id: int, kind: MessageKind, now: datetime,
                        until: datetime) -> bool:
    """Take the posting of a message not posted yet (the final announcement) until `until`,
    in this process's name: True for one caller of every process at a time. A claim held
    by a process that is gone (`storage.presence`) is taken over at once."""
    return await _claim(db, "tournament_messages", "kind", tournament_id, kind, now, until)


async def _claim(db: Database, table: str, column: str, tournament_id: int, key: str,
                 now: datetime, until: datetime) -> bool:
    """Claim the unposted row (`message_id` 0) of `table` whose `column` is `key`: free,
    expired, or held by a process that is gone."""
    stamp = to_epoch(now)
    held = await db.fetchone(
        f"SELECT claimed_by FROM {table} WHERE tournament_id = ? AND {column} = ?"
        " AND message_id = 0 AND claimed_until > ?", (tournament_id, key, stamp))
    gone = held["claimed_by"] if held is not None and await db.gone(held["claimed_by"]) \
        else None
    async with db.transaction() as tx:
        changed = await tx.execute(
            f"UPDATE {table} SET claimed_until = ?, claimed_by = ?"
            f" WHERE tournament_id = ? AND {column} = ? AND message_id = 0"
            " AND (claimed_until IS NULL OR claimed_until <= ? OR claimed_by = ?)",
            (to_epoch(until), db.instance, tournament_id, key, stamp, gone))
    return changed == 1


async def reminders_due(db: Database, now: datetime, lead: timedelta) -> list[Tournament]:
    """Open tournaments starting within `lead` of `now`, announced longer ago than that,
    whose group has not had its reminder (`tournament_news` topic "reminder")."""
    rows = await db.fetchall(
        f"SELECT {_T_COLUMNS} FROM tournaments AS t WHERE status = 'open'"
        " AND starts_at > ? AND starts_at <= ? AND starts_at - created_at > ?"
        " AND NOT EXISTS (SELECT 1 FROM tournament_news AS n WHERE n.tournament_id = t.id"
        " AND n.topic = 'reminder') ORDER BY id",
        (to_epoch(now), to_epoch(now + lead), int(lead.total_seconds())))
    return [_tournament(row) for row in rows]


async def behind(db: Database, finished_since: datetime) -> list[int]:
    """Tournaments (open, running or finished since `finished_since`) with a message that
    does not show them as stored, or one (or news) not posted yet; oldest first."""
    rows = await db.fetchall(
        "SELECT DISTINCT t.id FROM tournaments AS t JOIN tournament_messages AS m"
        " ON m.tournament_id = t.id"
        " WHERE (t.status IN ('open', 'running') OR t.finished_at >= ?)"
        " AND ((m.kind <> 'final' AND m.shown_version < t.version) OR m.message_id = 0"
        " OR EXISTS (SELECT 1 FROM tournament_news AS n WHERE n.tournament_id = t.id"
        " AND n.message_id = 0))"
        " ORDER BY t.id",
        (to_epoch(finished_since),))
    return [int(row[0]) for row in rows]


# -- the news (the door's) -------------------------------------------------------------------


async def add_news(db: Database, tournament_id: int, items: Sequence[tuple[str, int]],
                   now: datetime) -> None:
    """Record news worked out from the tournament, each (topic, chat) once, in this order;
    topics recorded already are left as they are."""
    if not items:
        return
    async with db.transaction() as tx:
        for topic, chat_id in items:
            await tx.execute(
                "INSERT INTO tournament_news (tournament_id, topic, chat_id, created_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (tournament_id, topic) DO NOTHING",
                (tournament_id, topic, chat_id, to_epoch(now)))


async def note_once(db: Database, tournament_id: int, topic: str, chat_id: int,
                    now: datetime) -> bool:
    """Record that a note of `topic` (not news the sweep posts: message_id -1) is told now;
    False when it was told already (another update, another process)."""
    async with db.transaction() as tx:
        return await tx.execute(
            "INSERT INTO tournament_news (tournament_id, topic, chat_id, message_id, created_at)"
            " VALUES (?, ?, ?, -1, ?) ON CONFLICT (tournament_id, topic) DO NOTHING",
            (tournament_id, topic, chat_id, to_epoch(now))) == 1


async def news(db: Database, tournament_id: int) -> list[News]:
    """The tournament's news, in the order it came."""
    rows = await db.fetchall(
        "SELECT tournament_id, topic, chat_id, message_id FROM tournament_news"
        " WHERE tournament_id = ? ORDER BY id", (tournament_id,))
    return [News(row["tournament_id"], row["topic"], row["chat_id"], row["message_id"])
            for row in rows]


async def unposted_news(db: Database, tournament_id: int) -> list[News]:
    """The news not posted yet, in the order it came."""
    rows = await db.fetchall(
        "SELECT tournament_id, topic, chat_id, message_id FROM tournament_news"
        " WHERE tournament_id = ? AND message_id = 0 ORDER BY id", (tournament_id,))
    return [News(row["tournament_id"], row["topic"], row["chat_id"], row["message_id"])
            for row in rows]


async def claim_news(db: Database, tournament_id: int, topic: str, now: datetime,
                     until: datetime) -> bool:
    """Take the posting of news not posted yet until `until`, in this process's name (as
    `claim_message`: a claim held by a process that is gone is taken over at once)."""
    return await _claim(db, "tournament_news", "topic", tournament_id, topic, now, until)


async def record_news(db: Database, tournament_id: int, topic: str, message_id: int) -> None:
    """The news is posted as `message_id` (-1: not to be posted)."""
    async with db.transaction() as tx:
        await tx.execute(
            "UPDATE tournament_news SET message_id = ?, claimed_until = NULL,"
            " claimed_by = NULL WHERE tournament_id = ? AND topic = ?",
            (message_id, tournament_id, topic))


async def _add_message(tx: Tx, tournament_id: int, kind: MessageKind, chat_id: int) -> None:
    await tx.execute(
        "INSERT INTO tournament_messages (tournament_id, kind, chat_id) VALUES (?, ?, ?)"
        " ON CONFLICT (tournament_id, kind) DO NOTHING", (tournament_id, kind, chat_id))


# -- rows ------------------------------------------------------------------------------


async def _entrants(tx: Tx, tournament_id: int) -> list[Entrant]:
    rows = await tx.fetchall(
        f"SELECT {_E_COLUMNS} FROM tournament_players AS e JOIN players AS p"
        " ON p.id = e.player_id WHERE e.tournament_id = ? ORDER BY e.joined",
        (tournament_id,))
    return [_entrant(row) for row in rows]


async def _pairings(tx: Tx, tournament_id: int, *, open_only: bool = False) -> list[Pairing]:
    rows = await tx.fetchall(
        f"SELECT {_P_COLUMNS} FROM tournament_games WHERE tournament_id = ?"
        + (" AND status <> 'done'" if open_only else "") + " ORDER BY round, slot",
        (tournament_id,))
    return [_pairing(row) for row in rows]


def _stored(value: Any) -> Any:
    if isinstance(value, datetime):
        return to_epoch(value)
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, tuple):  # an arena's results
        return " ".join(str(v) for v in value)
    return value


def _tournament(row: Row) -> Tournament:
    return Tournament(
        id=row["id"], chat_id=row["chat_id"], creator_id=row["creator_id"],
        variant=Variant(row["variant"]), format=row["format"],
        match_length=row["match_length"], cube=bool(row["cube"]), capacity=row["capacity"],
        starts_at=opt_datetime(row["starts_at"]), minutes=row["minutes"],
        status=row["status"], created_at=from_epoch(row["created_at"]),
        started_at=opt_datetime(row["started_at"]), ends_at=opt_datetime(row["ends_at"]),
        finished_at=opt_datetime(row["finished_at"]), winner_id=row["winner_id"],
        version=row["version"], control=row["control"])


def _entrant(row: Row) -> Entrant:
    return Entrant(
        player_id=row["player_id"], name=row["name"], joined=row["joined"],
        joined_at=from_epoch(row["joined_at"]), entered=bool(row["entered"]),
        state=row["state"], seed=row["seed"], rating=row["rating"], score=row["score"],
        games=row["games"], wins=row["wins"], streak=row["streak"],
        last_opponent=row["last_opponent"],
        results=tuple(int(v) for v in (row["results"] or "").split()),
        free_since=opt_datetime(row["free_since"]))


def _pairing(row: Row) -> Pairing:
    return Pairing(
        id=row["id"], tournament_id=row["tournament_id"], round=row["round"], slot=row["slot"],
        players=(row["player0_id"], row["player1_id"]), status=row["status"],
        game_id=row["game_id"], due_at=opt_datetime(row["due_at"]),
        winner_id=row["winner_id"], outcome=row["outcome"], result=row["result"],
        score=(row["score0"], row["score1"]), points=(row["points0"], row["points1"]),
        created_at=from_epoch(row["created_at"]), finished_at=opt_datetime(row["finished_at"]))


def _message(row: Row) -> TournamentMessage:
    return TournamentMessage(
        tournament_id=row["tournament_id"], kind=row["kind"], chat_id=row["chat_id"],
        message_id=row["message_id"], shown_version=row["shown_version"],
        claimed_until=opt_datetime(row["claimed_until"]))
