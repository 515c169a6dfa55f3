"""Typed errors of the storage layer; callers catch these, never sqlite3's."""

from __future__ import annotations

import sqlite3


class StorageError(Exception):
    """Base class of every error raised on purpose by `storage`."""


class DatabaseUnavailable(StorageError):
    """The database cannot be opened: a bad path or URL, not a database, no server.

    The message names the path or the URL without its password, on one line.
    """


class DatabaseBlip(StorageError):
    """The connection to the database failed under a statement (the server restarted, the
    connection was cut, the server is still starting): nothing of the transaction was
    saved, or (lost during its COMMIT) maybe all of it. Worth trying again shortly; the
    storage layer has logged the outage (one line when it starts, one when it ends)."""


class MigrationError(StorageError):
    """The schema cannot be brought to the version this code expects (e.g. it is newer)."""


# The sqlite3.IntegrityError base is transitional: code written for SQLite that catches it
# keeps working on PostgreSQL (the repository's own code no longer does: it catches
# ConstraintViolation or a subclass, as new code should).
class ConstraintViolation(StorageError, sqlite3.IntegrityError):
    """A statement broke a constraint (unique, foreign key, check), on either engine.

    `kind` is "unique", "foreign_key", "check", "not_null" or "other"; `table` is the
    table the engine names (None when it names none).
    """

    def __init__(self, message: str, table: str | None = None, kind: str = "other") -> None:
        super().__init__(message)
        self.table = table
        self.kind = kind


class ChallengeCodeTaken(ConstraintViolation):
    """A challenge with this code exists already (e.g. two first presses of one card)."""

    def __init__(self, code: str) -> None:
        super().__init__(f"challenge {code!r} exists already", "challenges", "unique")
        self.code = code


class PlayerBusy(StorageError):
    """A game cannot start: `player_id` is already seated in an active game.

    Raised by every way a games row is made (`create_game`, `accept_challenge`); the
    database guard (the `active_seats` table) makes the check and the creation atomic.
    """

    def __init__(self, player_id: int, game_id: int | None = None) -> None:
        where = f" (game {game_id})" if game_id is not None else ""
        super().__init__(f"player {player_id} is already in an active game{where}")
        self.player_id = player_id
        self.game_id = game_id


class NotFound(StorageError):
    """A row the caller named does not exist."""


class GameNotFound(NotFound):
    pass


class PlayerNotFound(NotFound):
    pass


class VersionConflict(StorageError):
    """The game changed since the caller loaded it; nothing was written."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id}: expected version {expected}, stored {actual}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


class GameNotActive(StorageError):
    """The game is finished or aborted; it takes no more steps."""

    def __init__(self, game_id: int, status: str) -> None:
        super().__init__(f"game {game_id} is {status}")
        self.game_id = game_id
        self.status = status


class ChallengeUnavailable(StorageError):
    """A challenge cannot be accepted or cancelled; `reason` says why.

    Reasons: "not_found", "accepted", "expired", "cancelled", "own" (the creator
    tried to accept it), "not_creator" (someone else tried to cancel it).
    """

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"challenge {code!r}: {reason}")
        self.code = code
        self.reason = reason
