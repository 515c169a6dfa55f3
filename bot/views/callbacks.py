"""Callback data of every inline button, each well under Telegram's 64 bytes.

A game button carries the game id, the game's version when the button was drawn and the
choice. The server recomputes everything from the stored game: a button only selects one of
the options the server offered, and a press with an old version changes nothing.

Anybody can send any callback data (a modified client, a bot framework), so every field is
typed with its range: ids and versions fit SQLite's signed 64-bit integers, points are 0–25,
actions and options are the known ones. Data that does not parse into one of these classes
is refused at the edge (`bot/handlers/middlewares.py` `CallbackGuard`) before any lookup, and no
callback data ever names a player: cards and challenges are stored records found by an
unguessable code.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from aiogram.filters import Filter
from aiogram.filters.callback_data import CallbackData
from aiogram.types import CallbackQuery
from pydantic import Field, model_validator

from engine.position import BAR
from storage.models import LIVE, Pool

MAX_CALLBACK_BYTES = 64  # Telegram's limit: longer data never comes from a real button
SQL_INT_MAX = 2**63 - 1  # SQLite's (and PostgreSQL's BIGINT) largest integer

RowId = Annotated[int, Field(ge=0, le=SQL_INT_MAX)]
Point = Annotated[int, Field(ge=0, le=BAR)]
# Challenge codes and card ids: URL-safe base64 (secrets.token_urlsafe), short.
Code = Annotated[str, Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
Word = Annotated[str, Field(max_length=16, pattern=r"^[a-z]*$")]
# A time control's token (core/timecontrol.py), empty for "not chosen": the host's default.
ControlToken = Annotated[str, Field(max_length=13,
                                    pattern=r"^(?:|m\d{1,6}|c\d{1,4}\+\d{1,5}|d\d{1,2})$")]
VariantName = Literal["short", "long"]  # a variant as the buttons spell it
_VARIANT_NAMES: dict[str, VariantName] = {"short": "short", "long": "long"}


def variant_name(variant: str) -> VariantName:
    """A stored variant (str or engine Variant) as the buttons' type; KeyError for others."""
    return _VARIANT_NAMES[variant]


class Act(StrEnum):
    PICK = "p"  # show the destinations of the checker on `src`
    GO = "g"  # move the checker on `src` to `dst` (one die or several)
    FULL = "f"  # play one-tap full move number `src` (core.fullmoves)
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
    HINT = "h"  # the best three moves of the roll (unrated games against the computer)


class GameCb(CallbackData, prefix="g"):
    game: RowId
    v: RowId
    a: Act
    src: Point = 0
    # A point, or for "resign: yes" the number of the game of the match it was asked in.
    dst: Annotated[int, Field(ge=0, le=255)] = 0

    @model_validator(mode="after")
    def _fits_the_action(self) -> GameCb:
        if self.a in (Act.PICK, Act.GO) and self.src < 1:
            raise ValueError("no checker to move on point 0")
        if self.a is Act.GO and self.dst >= BAR:
            raise ValueError("a checker never moves onto the bar")
        if self.a is Act.RESIGN_YES and self.src > 2:
            raise ValueError("a seat is 1 or 2")
        if self.a not in (Act.PICK, Act.GO, Act.RESIGN_YES) and self.dst > BAR:
            raise ValueError("out of range")
        return self


class NewGameCb(CallbackData, prefix="n"):
    """The new-game menu: each press fills in one more option."""

    variant: Literal["", "short", "long"] = ""
    opponent: Literal["", "ai", "friend"] = ""
    level: Word = ""
    length: Annotated[int, Field(ge=0, le=7)] = 0  # match length (1, 3, 5, 7)
    cube: Annotated[int, Field(ge=-1, le=1)] = -1  # -1 not chosen yet, 0 off, 1 on
    tc: ControlToken = ""  # the time control, chosen on the last question ("": the default)


class LangCb(CallbackData, prefix="l"):
    code: Annotated[str, Field(pattern=r"^[a-z]{2}$")]


class ChallengeCb(CallbackData, prefix="c"):
    """Cancel an open challenge (by its creator)."""

    code: Code
    a: Literal["cancel"] = "cancel"


class TopCb(CallbackData, prefix="top"):
    """The leaderboard: which variant and which period."""

    variant: VariantName = "short"
    period: Literal["day", "week", "all", "pr"] = "day"  # pr: the week's best PR
    pool: Pool = LIVE  # which rating (docs/rules.md)


class JoinCb(CallbackData, prefix="j"):
    """Join an open challenge posted in a group (only in that group)."""

    code: Code


class CardCb(CallbackData, prefix="ic"):
    """Accept an inline challenge card: the id of the stored card, nothing else.

    The creator and the variant are in the card's record (`storage/cards.py`); the id is
    random, so nobody can make a card for somebody else.
    """

    card: Code


class MatchCb(CallbackData, prefix="mm"):
    """Find an opponent: the menu (`a="menu"`), start the search (`"go"`), or `"cancel"`.

    `lengths` is a bit mask of accepted match lengths (0: not chosen yet), `cube` 0 without,
    1 with, 2 either (-1: not chosen yet), `tc` the time control ("": the default).
    """

    a: Literal["menu", "go", "cancel"] = "menu"
    variant: Literal["", "short", "long"] = ""
    lengths: Annotated[int, Field(ge=0, le=15)] = 0
    cube: Annotated[int, Field(ge=-1, le=2)] = -1
    tc: ControlToken = ""


class TourneyMenuCb(CallbackData, prefix="tm"):
    """/tournament's menu in a group: each press fills in one more option (empty, 0 or -1:
    not chosen yet). `start` is 0 for "when full", else the minutes until the start; `tc`
    the games' time control, chosen with it ("": the default). `at` (minutes past
    midnight in the group's zone; -1: none) and `daily` make it a schedule (an admin's
    `/tournament 20:00` or `/tournament daily 20:00`): its start is `at`, not asked."""

    f: Literal["", "knockout", "arena", "swiss"] = ""
    variant: Literal["", "short", "long"] = ""
    length: Annotated[int, Field(ge=0, le=7)] = 0
    cube: Annotated[int, Field(ge=-1, le=1)] = -1
    minutes: Annotated[int, Field(ge=0, le=60)] = 0
    cap: Annotated[int, Field(ge=0, le=64)] = 0
    start: Annotated[int, Field(ge=-1, le=60)] = -1
    tc: ControlToken = ""
    at: Annotated[int, Field(ge=-1, le=1439)] = -1
    daily: Annotated[int, Field(ge=0, le=1)] = 0


class TourneyCb(CallbackData, prefix="tn"):
    """A tournament lobby's buttons: the tournament and what to do. Who presses is who
    acts (no data names a player); the buttons work only in the tournament's own group,
    and starting or calling off only for its creator or a group admin."""

    id: RowId
    a: Literal["join", "leave", "start", "cancel"]


class ScheduleCb(CallbackData, prefix="ts"):
    """A tournament schedule's Cancel button (its group's admins only)."""

    id: RowId


class SettingCb(CallbackData, prefix="set"):
    """Turn one of the player's settings on or off (the value to set, so a repeated press
    changes nothing)."""

    name: Annotated[str, Field(min_length=1, max_length=24, pattern=r"^[a-z_]+$")]
    on: Annotated[int, Field(ge=0, le=1)]


class GamesCb(CallbackData, prefix="gm"):
    """A game of /games (and of a correspondence turn message): send its board anew
    (`a="open"`), or ask /resign's question for it (`"resign"`). Who pressed is never taken
    from here: the handler checks the presser plays in the game."""

    game: RowId
    a: Literal["open", "resign"] = "open"


class ResignCb(CallbackData, prefix="rsg"):
    """The answer to /resign's question: `v` is the version the cost was worked out for,
    `number` the game of the match it was asked about."""

    game: RowId
    v: RowId
    number: Annotated[int, Field(ge=1, le=255)]
    yes: Annotated[int, Field(ge=0, le=1)]


class AnalysisCb(CallbackData, prefix="an"):
    """The Analysis button of a result message: the game and its number in the match.
    Who pressed is never taken from here: the handler checks the presser played."""

    game: RowId
    n: Annotated[int, Field(ge=1, le=255)]


class AfterCb(CallbackData, prefix="ap"):
    """A result message's Replay (`a="replay"`), File (`"file"`) or Dice (`"dice"`: the fair
    dice's proof) of game `n` of `game`."""

    a: Literal["replay", "file", "dice"]
    game: RowId
    n: Annotated[int, Field(ge=1, le=255)] = 1


RULES = "rules"  # the Rules button of /start and /help
SHOW_GAME = "show-game"  # /new while playing: the player's current board, sent again
_PLAIN = frozenset({RULES, SHOW_GAME})  # buttons whose data is a bare word


class Plain(Filter):
    """The button whose data is the bare word `word` (RULES, SHOW_GAME).

    Not `F.data == word`: aiogram runs a magic filter, a plain function, in a worker thread
    (`asyncio.to_thread`) for every callback query that reaches it, about 0.09 ms of CPU a
    time, and every game press passed two of them. A `Filter` is awaited in the loop."""

    def __init__(self, word: str) -> None:
        self.word = word

    async def __call__(self, query: CallbackQuery) -> bool:
        return query.data == self.word

_BY_PREFIX: dict[str, type[CallbackData]] = {
    cls.__prefix__: cls for cls in (GameCb, NewGameCb, LangCb, ChallengeCb, TopCb, JoinCb,
                                    CardCb, MatchCb, SettingCb, ResignCb, AnalysisCb,
                                    AfterCb, TourneyMenuCb, TourneyCb, GamesCb,
                                    ScheduleCb)
}


def parse(data: str | None) -> CallbackData | str | None:
    """The button `data` stands for, or None when no button of this bot carries it."""
    if not data or len(data.encode()) > MAX_CALLBACK_BYTES:
        return None
    if data in _PLAIN:
        return data
    cls = _BY_PREFIX.get(data.split(":", 1)[0])
    if cls is None:
        return None
    try:
        return cls.unpack(data)
    except (TypeError, ValueError):  # pydantic's ValidationError is a ValueError
        return None
