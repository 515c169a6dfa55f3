"""Callback data of every inline button, each well under Telegram's 64 bytes.

A game button carries the game id, the game's version when the button was drawn and the
choice. The server recomputes everything from the stored game: a button only selects one of
the options the server offered, and a press with an old version changes nothing.
"""

from __future__ import annotations

from enum import StrEnum

from aiogram.filters.callback_data import CallbackData


class Act(StrEnum):
    PICK = "p"  # show the destinations of the checker on `src`
    GO = "g"  # move the checker on `src` to `dst` (one die or several)
    FULL = "f"  # play one-tap full move number `src` (bot.services.fullmoves)
    BACK = "b"  # back from the destinations to the list of checkers
    UNDO = "u"
    DONE = "ok"
    ROLL = "r"
    DOUBLE = "x"
    TAKE = "t"
    DROP = "d"
    RESIGN = "rs"  # ask for confirmation
    RESIGN_YES = "ry"
    RESIGN_NO = "rn"
    REMATCH = "re"  # a new game (or the next game of the match) with the same players


class GameCb(CallbackData, prefix="g"):
    game: int
    v: int
    a: Act
    src: int = 0
    dst: int = 0


class NewGameCb(CallbackData, prefix="n"):
    """The new-game menu: each press fills in one more option."""

    variant: str = ""  # short | long
    opponent: str = ""  # ai | friend
    level: str = ""
    length: int = 0  # match length
    cube: int = -1  # -1 not chosen yet, 0 off, 1 on


class LangCb(CallbackData, prefix="l"):
    code: str


class ChallengeCb(CallbackData, prefix="c"):
    """Cancel an open challenge (by its creator)."""

    code: str
    a: str = "cancel"


class TopCb(CallbackData, prefix="top"):
    """The leaderboard: which variant and which period."""

    variant: str = "short"
    period: str = "day"  # day | week | all


class JoinCb(CallbackData, prefix="j"):
    """Join an open challenge posted in a group."""

    code: str


class CardCb(CallbackData, prefix="ic"):
    """Accept an inline challenge card: the creator and the variant travel in the card."""

    variant: str
    creator: int


class MatchCb(CallbackData, prefix="mm"):
    """Find an opponent: the menu (`a="menu"`), start the search (`"go"`), or `"cancel"`.

    `lengths` is a bit mask of accepted match lengths (0: not chosen yet), `cube` 0 without,
    1 with, 2 either (-1: not chosen yet).
    """

    a: str = "menu"
    variant: str = ""
    lengths: int = 0
    cube: int = -1


class SettingCb(CallbackData, prefix="set"):
    """Turn one of the player's settings on or off (the value to set, so a repeated press
    changes nothing)."""

    name: str
    on: int


class ResignCb(CallbackData, prefix="rsg"):
    """The answer to /resign's question: `v` is the version the cost was worked out for,
    `number` the game of the match it was asked about."""

    game: int
    v: int
    number: int
    yes: int
