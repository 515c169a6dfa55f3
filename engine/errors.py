"""Typed errors of the engine; all are `ValueError`s so callers can catch broadly."""

import reprlib


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


def shown(value: object) -> str:
    """A short, bounded text of a value for an error message (never the whole of a huge or
    deeply nested input)."""
    return _REPR.repr(value)


_REPR = reprlib.Repr()
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = 40
_REPR.maxlevel = 3
