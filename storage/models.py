"""Rows as frozen dataclasses. Datetimes are aware and in UTC."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from engine.position import VARIANTS as VARIANTS  # the engine's vocabulary, re-exported
from engine.position import Variant
from engine.result import ResultKind

GameStatus = Literal["active", "finished", "aborted"]
ChallengeStatus = Literal["open", "accepted", "expired", "cancelled"]
# The two ratings (docs/rules.md, "Ratings"): games in one sitting, and correspondence games.
Pool = Literal["live", "correspondence"]
LIVE: Pool = "live"
CORRESPONDENCE: Pool = "correspondence"
POOLS: tuple[Pool, ...] = (LIVE, CORRESPONDENCE)


@dataclass(frozen=True, slots=True)
class Player:
    id: int  # Telegram user id
    name: str
    username: str | None
    language: str | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class Timing:
    """How a game's time is kept, as stored: its time control's token (None: a game begun
    before controls, under the host's move window), the seconds before a deadline at which
    the player is warned, and whether it is a correspondence game (which takes no seat:
    a player may have many beside one live game)."""

    control: str | None = None
    warn_lead: int = 30
    correspondence: bool = False


HOST_WINDOW = Timing()  # a game under the host's move window (every game before controls)


@dataclass(frozen=True, slots=True)
class Game:
    """A game, or a whole match when `match_length` > 1.

    `players[seat]` is a Telegram user id, or None for the computer (then `level` is set).
    `winner_seat`, `result` and `points` describe the deciding game once `status` is
    "finished"; every game of a match is in `game_results()`.
    """

    id: int
    variant: Variant
    players: tuple[int | None, int | None]
    level: str | None
    match_length: int
    cube: bool
    rated: bool
    status: GameStatus
    state_json: str
    version: int
    deadline: datetime | None
    winner_seat: int | None
    result: ResultKind | None
    points: int | None
    created_at: datetime
    updated_at: datetime
    finished_at: datetime | None
    timing: Timing = HOST_WINDOW

    def seat_of(self, player_id: int) -> int | None:
        """The seat (0 or 1) of a human player, or None when they are not in the game."""
        for seat, occupant in enumerate(self.players):
            if occupant is not None and occupant == player_id:
                return seat
        return None

    @property
    def computer_seat(self) -> int | None:
        """The seat the computer plays, if any."""
        for seat, occupant in enumerate(self.players):
            if occupant is None:
                return seat
        return None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One move-log line to append: a roll ("6-5"), a move ("24/18 13/11*"), a pass, a double…

    `number` is the game of the match it belongs to; `data` the engine's own record of the
    event (JSON), which a replay reads back.
    """

    kind: str
    notation: str
    seat: int | None = None  # None: the system, e.g. the turn timer
    number: int = 1
    data: str | None = None


@dataclass(frozen=True, slots=True)
class LoggedMove:
    id: int
    game_id: int
    version: int  # the game version this entry produced
    seat: int | None
    kind: str
    notation: str
    created_at: datetime
    number: int = 1  # the game of the match
    data: str | None = None  # the engine's event as JSON (None for steps and old lines)


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of one game inside a games row."""

    id: int
    game_id: int
    winner_seat: int
    result: ResultKind
    points: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class RatingChange:
    player_id: int
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Finish:
    """What `finish_game` did: the new version and, for a rated game, both rating changes.

    `rating_skipped_reason` says why a rated game moved no rating: "pair_daily_limit" (the
    two players have had their rated games of the day); None otherwise.
    """

    version: int
    match_over: bool
    rating_changes: tuple[RatingChange, ...]
    rating_skipped_reason: str | None = None


@dataclass(frozen=True, slots=True)
class BoardMessage:
    game_id: int
    chat_id: int
    message_id: int  # 0: no message there yet (or the chat refused it)
    player_id: int | None  # None: the board in a group chat
    updated_at: datetime
    shown_version: int = 0  # the game version the message shows
    # When to send it again although it shows its game (`storage.boards`: a send taken
    # over from a process that was gone); None: nothing to check.
    recheck_at: datetime | None = None

    def behind(self, version: int, now: datetime) -> bool:
        """Whether the message must be drawn again to show `version` of its game."""
        return self.shown_version < version or (
            self.recheck_at is not None and self.recheck_at <= now)


@dataclass(frozen=True, slots=True)
class Notice:
    """A message waiting in the outbox: sent exactly once, then deleted."""

    id: int
    game_id: int
    kind: str  # "result"
    payload: str  # JSON: what the message says
    done: tuple[int | str, ...]  # recipients already served (chat ids, "card")
    attempts: int
    due_at: datetime
    sender: str | None = None  # the process holding its claim (`storage.presence`)


@dataclass(frozen=True, slots=True)
class Challenge:
    id: int
    code: str
    creator_id: int
    variant: Variant
    match_length: int
    cube: bool
    rated: bool
    status: ChallengeStatus
    created_at: datetime
    expires_at: datetime
    accepted_by: int | None
    accepted_at: datetime | None
    game_id: int | None
    control: str | None = None  # the time control's token (None: the host's move window)


@dataclass(frozen=True, slots=True)
class RatingEvent:
    id: int
    player_id: int
    variant: Variant
    delta: int
    rating_after: int
    game_id: int
    created_at: datetime


@dataclass(frozen=True, slots=True)
class PlayerStats:
    player_id: int
    variant: Variant
    rating: int
    rated_games: int
    games: int
    wins: int
    losses: int
    marses_given: int
    marses_taken: int
    koks_given: int
    koks_taken: int
    streak: int  # current run of wins
    best_streak: int


@dataclass(frozen=True, slots=True)
class Standing:
    """One leaderboard line: `value` is points gained in the period, or the rating."""

    rank: int
    player_id: int
    name: str
    username: str | None
    value: int


@dataclass(frozen=True, slots=True)
class Leaderboard:
    top: tuple[Standing, ...]
    me: Standing | None  # the asking player's line, also when outside the top


@dataclass(frozen=True, slots=True)
class PrStanding:
    """One line of the week's PR board: the PR over `decisions` analysed decisions."""

    rank: int
    player_id: int
    name: str
    username: str | None
    pr: float
    decisions: int


@dataclass(frozen=True, slots=True)
class PrBoard:
    top: tuple[PrStanding, ...]
    me: PrStanding | None  # the asking player's line, also when outside the top
    my_decisions: int  # the asking player's decisions in the week (ranked or not)
    least: int  # the decisions a player needs to be ranked
