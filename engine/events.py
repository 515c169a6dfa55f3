"""The events of a game's history (`Game.history`), one typed dict per kind.

Each event is a plain dict at run time (it is stored as JSON as it is: in the saved game and,
one per line, in the move log), typed here so that mypy checks every key the engine writes
and every key a reader takes: `Event` is a union discriminated by `type`, so a reader narrows
on `event["type"] == "move"` (or `in ("move", "pass")`) before it reads the move's keys.
`tests/engine/test_events.py` plays games and checks every logged event against these types.

A `NotRequired` key is either logged only at times (a roll's `opening`) or missing from games
stored before it was logged (the opening's `ties`, a pass's `why`).
"""

# No `from __future__ import annotations` here: Python 3.11 reads `NotRequired` in a
# TypedDict only from evaluated annotations (`__optional_keys__`, which the tests check).
from collections.abc import Iterable, Sequence
from typing import Any, Literal, NotRequired, TypedDict, cast, get_args, get_type_hints


class OpeningEvent(TypedDict):
    """The opening throw: seat 0's die, seat 1's die; `starter` had the higher one."""

    type: Literal["opening"]
    dice: list[int]
    starter: int
    ties: NotRequired[list[list[int]]]  # equal throws before it, rolled again


class RollEvent(TypedDict):
    """The dice of a turn. Short nard's first turn takes the opening throw (`opening`)."""

    type: Literal["roll"]
    seat: int
    dice: list[int]
    opening: NotRequired[bool]  # only ever true: these dice are the opening throw's


class MoveEvent(TypedDict):
    """A whole move in the mover's numbering (`24/18 13/11*`), with its dice."""

    type: Literal["move"]
    seat: int
    dice: list[int]
    move: str


class BlockData(TypedDict):
    """Why no checker can move `die`: each try as [from, to, why] (`engine.passes.Why`)."""

    die: int
    tries: list[list[int | str]]


class PassData(TypedDict):
    """Why a roll cannot be played (`engine.passes.PassReason` as JSON): for the kind `bar`
    the checkers on the bar and each closed entry as [die, point, opposing checkers]; for
    `no_move` each number's block."""

    kind: str  # an `engine.passes.PassKind` value
    dice: list[int]
    bar: NotRequired[int]
    closed: NotRequired[list[list[int]]]
    blocks: NotRequired[list[BlockData]]


class PassEvent(TypedDict):
    """A roll with no legal move: the turn passes."""

    type: Literal["pass"]
    seat: int
    dice: list[int]
    why: NotRequired[PassData]  # missing from games stored before reasons were logged


class DoubleEvent(TypedDict):
    type: Literal["double"]
    seat: int
    value: int  # the cube's value offered


class TakeEvent(TypedDict):
    type: Literal["take"]
    seat: int
    value: int  # the cube's value now, owned by `seat`


class DropEvent(TypedDict):
    type: Literal["drop"]
    seat: int


class ResignEvent(TypedDict):
    type: Literal["resign"]
    seat: int


class TimeoutEvent(TypedDict):
    type: Literal["timeout"]
    seat: int


class ResultEvent(TypedDict):
    """The end of the game: always the last event."""

    type: Literal["result"]
    winner: int
    kind: str  # an `engine.result.ResultKind` value
    points: int
    reason: str  # an `engine.game.Reason` value


Event = (OpeningEvent | RollEvent | MoveEvent | PassEvent | DoubleEvent | TakeEvent
         | DropEvent | ResignEvent | TimeoutEvent | ResultEvent)
# Each kind's typed dict by its `type`: {"opening": OpeningEvent, …}.
EVENT_TYPES: dict[str, type[Any]] = {
    get_args(get_type_hints(form)["type"])[0]: form for form in get_args(Event)}


def seat_of(event: Event) -> int | None:
    """The seat that acted; None for the opening and the result (which name no seat)."""
    if event["type"] == "opening" or event["type"] == "result":
        return None
    return event["seat"]


def loaded(events: Iterable[Any]) -> list[Event]:
    """A history read back from JSON (a saved game, the move log's `data` lines) as events.

    Not checked key by key: the engine wrote it, and a history that is not the engine's
    fails where it is replayed (`core.rebuild`, `ai.review.replay`) as before."""
    return cast("list[Event]", list(events))


def result_of(history: Sequence[Event]) -> ResultEvent | None:
    """The game's result (its last event), or None while the game is played."""
    for event in reversed(history):
        if event["type"] == "result":
            return event
    return None


def pair(dice: list[int]) -> tuple[int, int]:
    """An event's `dice` (always two: a roll, or the opening's die per seat) as a pair."""
    return int(dice[0]), int(dice[1])
