"""The web API's JSON, typed: every answer the web door sends (HTTP bodies and the live
socket's messages) and the request bodies it reads, as TypedDicts.

The builders (`web/app.py`, `web/state.py`, `web/replay.py`, `web/controls.py`,
`web/layout.py`, `web/sharing.py`, `web/live.py`) return these types, so a renamed key fails
mypy; docs/web.md's tables describe the same fields, and `tests/web/test_schema.py` holds
the two together (and real answers to these types). `typing_extensions.TypedDict`, not
`typing`'s: on Python 3.11 only it carries what pydantic needs to validate an answer in the
tests.
"""

from typing import Generic, Literal, NotRequired, TypeVar

from typing_extensions import TypedDict

T = TypeVar("T")
Side = Literal["viewer", "opponent"]  # whose: the viewer's side or the opponent's
Point = tuple[int, Side | None]  # a point of the board: [count, owner]
Segment = tuple[int, int]  # [from, to] in the viewer's numbering


class Sides(TypedDict, Generic[T]):
    """One figure for each side of the board."""

    viewer: T
    opponent: T


# -- the state of a game (docs/web.md, "The state of a game") ----------------------------


class Control(TypedDict):
    """A time control the host offers, named in the reader's language."""

    token: str
    kind: Literal["move", "clock", "correspondence"]
    text: str


class Clock(Control):
    """The time control and its clocks at the server's `now`."""

    deadline: str | None
    remaining: float | None
    mover: Side | None
    warn: float | None
    delay: NotRequired[float | None]  # a match clock's: the mover's delay left
    banks: NotRequired[Sides[float | None]]  # a match clock's: each player's bank


class Cube(TypedDict):
    value: int
    owner: Literal["viewer", "opponent", "center"]
    state: Literal["normal", "offered", "crawford"]


class Score(TypedDict):
    viewer: int
    opponent: int
    length: int


class Marked(TypedDict):
    """A move the page marks and animates."""

    by: Side
    segments: list[Segment]


class Recent(TypedDict):
    """Something that happened since the viewer last acted."""

    kind: str
    by: Side | None
    dice: NotRequired[list[int]]
    move: NotRequired[str]
    segments: NotRequired[list[Segment]]
    forced: NotRequired[bool]
    value: NotRequired[int]
    result: NotRequired[str]


class Can(TypedDict):
    """The actions open to the viewer now."""

    roll: bool
    double: bool
    take: bool
    drop: bool
    undo: bool
    done: bool
    resign: bool
    finish: bool
    hint: bool


class LogLine(TypedDict):
    """A line of the move list, as `/log` words it."""

    n: int
    by: Side
    text: str


class Outcome(TypedDict):
    """How a game ended (a replay's last frame)."""

    winner: Side
    kind: str
    points: int
    cube: int
    reason: str
    match_over: bool


class Result(Outcome):
    """How a game ended, worded; for a player also play again and the skill lines."""

    kind_text: str
    reason_text: str
    rematch: NotRequired[bool]
    skill: NotRequired[list[str]]


class StateTexts(TypedDict):
    status: str
    opening: str | None
    double: NotRequired[str]


class Board(TypedDict):
    """What a state and a replay's frame both draw."""

    version: int
    variant: str
    color: Literal["white", "black"]
    names: Sides[str]
    points: list[Point]
    bar: Sides[int]
    off: Sides[int]
    pips: Sides[int]
    dice: list[int] | None
    dice_used: list[int]
    dice_of: Side
    cube: Cube | None
    score: Score | None
    moves: list[Marked]
    steps: list[Segment]


class GameState(Board):
    """A game as one viewer sees it (`web.state.game_state`)."""

    game: int
    status: str  # active, finished, aborted
    number: int
    seat: int | None
    computer: bool
    level: str | None
    phase: str  # roll, move, doubled, over
    to_act: Side
    you_act: bool
    deadline: str | None
    now: str
    clock: Clock
    recent: list[Recent]
    can: Can
    movable: dict[str, dict[str, list[int]]]
    finishes: list[str]
    log: list[LogLine]
    result: Result | None
    texts: StateTexts


# -- the replay viewer -------------------------------------------------------------------


class Frame(Board):
    """One frame of a replay, drawn as a state is; `version` is the frame's index."""

    caption: str
    result: Outcome | None


class Mistake(TypedDict):
    frame: int
    by: Side
    grade: str
    loss: float
    text: str


class Frames(TypedDict):
    """`GET api/games/<id>/frames`."""

    number: int
    analysed: bool
    frames: list[Frame]
    mistakes: list[Mistake]
    texts: dict[str, str]


# -- the board's layout (`web/layout.py`) -------------------------------------------------


class LayoutPoint(TypedDict):
    triangle: list[list[float]]
    stack: list[list[int]]
    label: list[int]
    top: bool
    dark: bool


class LayoutDice(TypedDict):
    viewer: list[list[int]]
    opponent: list[list[int]]
    viewer4: list[list[int]]
    opponent4: list[list[int]]


class CubeSpots(TypedDict):
    viewer: list[int]
    opponent: list[int]
    center: list[int]


class Colors(TypedDict):
    band: str
    band_text: str
    band_muted: str
    frame: str
    frame_edge: str
    frame_text: str
    field: str
    point_light: str
    point_dark: str
    tray: str
    last_move: str
    last_move_old: str
    step: str
    score: str
    cube_face: str
    cube_text: str
    cross: str
    checker: dict[str, list[str]]
    die: dict[str, list[str]]


class Layout(TypedDict):
    """The board's geometry and colours, in the PNG board's pixels."""

    width: int
    height: int
    checker_r: int
    max_stack: int
    point_w: int
    die: int
    cube: int
    slab_h: int
    frame: list[int]
    field: list[int]
    bar_x: list[int]
    mid_y: int
    points: dict[str, LayoutPoint]
    bar: Sides[list[list[int]]]
    tray: Sides[list[int]]
    slabs: Sides[list[list[int]]]
    tray_count: Sides[list[int]]
    dice: LayoutDice
    cube_at: CubeSpots
    bands: Sides[list[int]]
    result: list[int]
    colors: Colors


# -- the session and the lobby -----------------------------------------------------------


class User(TypedDict):
    id: int
    name: str


class Offered(TypedDict):
    """The time controls the host offers for a new game."""

    all: list[Control]
    default: str
    computer_default: str


class OpenGame(TypedDict):
    """A game being played, as the lobby lists it."""

    game: int
    variant: str
    opponent: str
    to_act: Side
    clock: Clock


class Session(TypedDict):
    """`GET api/session`."""

    user: User
    language: str
    texts: dict[str, str]
    layout: Layout
    active: int | None
    start: int | None
    levels: list[str]
    lengths: list[int]
    controls: Offered
    games: list[OpenGame]


class Lobby(TypedDict):
    """`GET api/games`."""

    games: list[OpenGame]
    now: str


# -- answers to actions and questions ----------------------------------------------------


class Applied(TypedDict):
    """An action applied: the game as stored afterwards."""

    state: GameState


class Refused(TypedDict):
    """409: an action refused; the game as it is now."""

    refusal: str
    text: str
    state: GameState


class Error(TypedDict):
    """Any 4xx or 5xx: the reason (in English, for the developer)."""

    error: str


class WordedError(Error):
    """An error the page shows: the reason also worded in the user's language."""

    text: str


class NotSaved(TypedDict):
    """503: the database did not answer the core's tries; nothing was saved."""

    error: str
    refusal: Literal["unavailable"]
    text: str


class SavedUnread(TypedDict):
    """202: saved, but the game cannot be read back yet."""

    error: str
    applied: Literal[True]
    text: str


class ResignCost(TypedDict):
    """`GET api/games/<id>/resign`."""

    points: int
    kind: str
    text: str
    match_ends: bool
    version: int


class HintMove(TypedDict):
    move: str
    equity: float
    behind: float


class Hint(TypedDict):
    """`GET api/games/<id>/hint`."""

    dice: list[int]
    moves: list[HintMove]
    lines: list[str]


class Created(TypedDict):
    """A game made (a new game against the computer, play again against it)."""

    game: int


class Busy(TypedDict):
    """409: the user plays already."""

    refusal: Literal["busy"]


class BusyIn(Busy):
    """409: the user plays already, in `game`."""

    game: int | None


class Search(TypedDict):
    """A search for an opponent as it stands."""

    searching: bool
    search: int | None
    game: int | None


class Cancelled(TypedDict):
    cancelled: bool


class Sent(TypedDict):
    """Sent to the player's chat with the bot."""

    sent: Literal[True]


class Prepared(TypedDict):
    """A prepared message's id, for `Telegram.WebApp.shareMessage`."""

    id: str


class Story(TypedDict):
    """A story's picture and text, for `Telegram.WebApp.shareToStory`."""

    media: str
    text: str


# -- the live socket ---------------------------------------------------------------------


class StatePush(TypedDict):
    """The game changed (`again`: the page's version again, e.g. with a moved deadline)."""

    type: Literal["state"]
    state: GameState
    again: NotRequired[Literal[True]]


class WarningPush(TypedDict):
    """A quarter of the player's time is left."""

    type: Literal["warning"]
    game: int


# -- request bodies (each value is checked by its handler before use) --------------------


class ActionBody(TypedDict):
    act: str
    version: int
    src: NotRequired[int]
    dst: NotRequired[int]


class NewGameBody(TypedDict):
    variant: str
    level: str
    length: NotRequired[int]
    cube: NotRequired[bool]
    control: NotRequired[str]


class SearchBody(TypedDict):
    variant: str
    lengths: NotRequired[int]
    cube: NotRequired[int]
    control: NotRequired[str]


class ShareBody(TypedDict):
    what: Literal["result", "challenge", "story"]


class HelloBody(TypedDict):
    """The live socket's first message."""

    auth: str
    game: int
    version: NotRequired[int]
    deadline: NotRequired[str | None]


# Any HTTP answer's body (`web.app.answer` takes only these).
Answer = (GameState | Frames | Session | Lobby | Applied | Refused | Error | WordedError
          | NotSaved | SavedUnread | ResignCost | Hint | Created | Busy | BusyIn | Search
          | Cancelled | Sent | Prepared | Story)
# Any message of the live socket.
Push = StatePush | WarningPush
