"""Typed errors of the storage layer; callers catch these, never sqlite3's."""

from __future__ import annotations


class StorageError(Exception):
    """Base class of every error raised on purpose by `storage`."""


class MigrationError(StorageError):
    """The schema cannot be brought to the version this code expects."""


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
