"""Typed errors of the engine; all are `ValueError`s so callers can catch broadly."""


class EngineError(ValueError):
    """Base of every error the engine raises for bad input."""


class PositionError(EngineError):
    """A board that cannot be a position (checker counts, shared points, bad codes)."""


class NotationError(EngineError):
    """Move text that does not parse."""


class IllegalMoveError(EngineError):
    """A well-formed move or step that the rules do not allow here."""


class GameStateError(EngineError):
    """An action that does not fit the game's current phase (e.g. moving before rolling)."""
