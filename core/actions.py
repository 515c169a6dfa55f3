"""What a player asks of a game, and why a request is refused.

A door (a Telegram button, a web request) turns its input into an `Action`: the game, the
version the player saw, and the choice. The core checks it against the stored game; a
refusal is a `Refusal`, which each door words in the player's language.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from core.live import Live

if TYPE_CHECKING:
    from storage.models import Game as Row


class Act(StrEnum):
    GO = "go"  # move the checker on `src` to `dst` (one die or several)
    FULL = "full"  # play the rest of the turn: one-tap finish number `src` (core.fullmoves)
    UNDO = "undo"  # take back the last step of the turn being built
    DONE = "done"  # play the turn the steps have built
    ROLL = "roll"  # `src` ROLL_ALWAYS: and roll by itself for the rest of this game
    DOUBLE = "double"
    TAKE = "take"
    DROP = "drop"
    RESIGN = "resign"
    # Changes nothing: the door shows the checked game (a chosen checker), at the current
    # version and on the player's turn only.
    VIEW = "view"
    # Changes nothing, at any version and turn: e.g. asking whether to resign.
    VIEW_ANYTIME = "view-anytime"


ROLL_ALWAYS = 1  # Act.ROLL's `src`: the player will not double this game (no more asking)

# Actions that never change the game's version, and those whose version is not checked.
KEEPS_VERSION = frozenset({Act.VIEW, Act.VIEW_ANYTIME})
ANY_VERSION = frozenset({Act.VIEW_ANYTIME, Act.RESIGN})
# Steps inside a turn: only the mover's view changes, and the turn's timer keeps running.
WITHIN_TURN = frozenset({Act.GO, Act.UNDO, Act.FULL})


@dataclass(frozen=True, slots=True)
class Action:
    """One request of a player: `version` is the game's version the player saw.

    `src`/`dst` are points in the mover's numbering (0 borne off, 25 the bar) for GO, the
    finish's index for FULL. RESIGN may name the seat and the game of the match its
    question was asked for (`seat`, `number`): a question left over from another seat or an
    earlier game of the match is refused as stale.

    `answered_with_game`: the door's answer shows the game as stored (the web API's does),
    so a refusal announces nothing (no `What.SHOW` or `What.REFUSED`): no other view is
    redrawn for it. A chat button's refusal is announced, to show its sender the game.
    """

    game: int
    version: int
    act: Act
    src: int = 0
    dst: int = 0
    seat: int | None = None
    number: int | None = None
    answered_with_game: bool = False


class Refusal(StrEnum):
    """Why an action changed nothing (the doors' texts are `alert-<value>`)."""

    FINISHED = "finished"  # the game is over (or unknown)
    NOT_PLAYER = "not-player"  # the sender does not play in it
    STALE = "stale"  # made on an older version of the game
    NOT_YOUR_TURN = "not-your-turn"
    ILLEGAL = "illegal"  # the rules do not allow it in the stored position
    UNAVAILABLE = "unavailable"  # the database did not answer: nothing was saved


def seat_or_refusal(row: Row, user_id: int) -> int | Refusal:
    """The seat of `user_id` in the stored game `row`, or the refusal any action of theirs
    gets there: they do not play in it, or it is over."""
    seat = row.seat_of(user_id)
    if seat is None:
        return Refusal.NOT_PLAYER
    if row.status != "active":
        return Refusal.FINISHED
    return seat


def turn_refusal(row: Row, seat: int, version: int, live: Live | None = None
                 ) -> Refusal | None:
    """The refusal of an action made on `version` by the player in `seat`, checked against
    the stored game: STALE on another version, NOT_YOUR_TURN when the other player is to
    act (`live`: `row`'s game, read from it when not given)."""
    if version != row.version:
        return Refusal.STALE
    if live is None:
        live = Live.load(row.state_json)
    return Refusal.NOT_YOUR_TURN if live.game.to_act != seat else None


# How a door hears the outcome of an action: None once it is applied (or changed nothing
# without a reason to tell), a refusal otherwise. Called exactly once per action.
Respond = Callable[[Refusal | None], Awaitable[None]]

# Told, in the task that acts, once an action's outcome is final (saved, refused, or nothing
# to save) and its answer given: a door that must know when a request is safe to
# acknowledge (the webhook: bot/plumbing/webhook.py) sets it before handling the request.
decided: ContextVar[Callable[[], None] | None] = ContextVar("action_decided", default=None)
