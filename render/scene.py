"""What one board picture shows: a plain value the bot builds from its game record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from engine.game import CUBE_VALUES, MAX_CUBE
from engine.game import Reason as EndReason
from engine.position import BAR, OFF, Position, opp_point
from engine.result import KIND_POINTS, ResultKind
from render.geometry import Side

if TYPE_CHECKING:
    from engine.game import GameResult

Color = Literal["white", "black"]
CubeOwner = Literal["viewer", "opponent", "center"]
# A cube that is not simply lying there: a double offered (the value is the new one, the
# owner the player being asked), or the Crawford game (no doubling: the cube is crossed).
CubeState = Literal["normal", "offered", "crawford"]
Cube = tuple[int, CubeOwner] | tuple[int, CubeOwner, CubeState]
Segment = tuple[int, int]  # (from, to) in the mover's numbering: 25 bar, 0 off
MoveMark = tuple[tuple[Segment, ...], bool]  # one move's segments, and whether the viewer played it
Kind = Literal["plain", "mars", "koks", "home_mars"]
Reason = Literal["borne_off", "drop", "resign", "timeout"]

# The engine's vocabulary (Kind and Reason above spell it for the type checker).
_KINDS = tuple(kind.value for kind in ResultKind)
_REASONS = tuple(reason.value for reason in EndReason)
_MAX_POINTS = max(max(points.values()) for points in KIND_POINTS.values()) * MAX_CUBE


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended, seen by the viewer (engine.game.GameResult from a seat).

    `points` are what the winner scores (the kind's value times `cube`); `reason` how it
    ended: all borne off, a dropped double, a resignation or a timeout.
    """

    winner: Side
    kind: Kind = "plain"
    points: int = 1
    cube: int = 1
    reason: Reason = "borne_off"

    def __post_init__(self) -> None:
        if self.winner not in ("viewer", "opponent"):
            raise ValueError(f"the winner is the viewer or the opponent, not {self.winner!r}")
        if self.kind not in _KINDS:
            raise ValueError(f"kind must be one of {_KINDS}, not {self.kind!r}")
        if self.reason not in _REASONS:
            raise ValueError(f"reason must be one of {_REASONS}, not {self.reason!r}")
        if self.cube not in CUBE_VALUES or not 1 <= self.points <= _MAX_POINTS:
            raise ValueError(f"bad points or cube: {self.points}, {self.cube}")

    @classmethod
    def of(cls, result: GameResult, seat: int) -> Outcome:
        """The engine's result of a game as the player in `seat` sees it."""
        return cls(winner="viewer" if result.winner == seat else "opponent",
                   kind=result.kind.value, points=result.points, cube=result.cube,
                   reason=result.reason.value)


@dataclass(frozen=True)
class Scene:
    """One board picture, seen by one player (the viewer).

    `position.me` is always the viewer, whoever is on roll (the bot swaps the position when
    the viewer is not on roll). Points in `selected` and `targets` are the viewer's numbers;
    move segments are in the numbering of whoever made the move (25 = bar, 0 = off).

    * `last_move` / `last_move_by_viewer`: one move to mark (the newest).
    * `moves`: several moves to mark instead, oldest first, each `(segments, by_viewer)`
      (e.g. everything the opponent played since the viewer's last turn); the newest is
      marked like `last_move`, the older ones fainter. Give `moves` or `last_move`, not both.
    * `score`: the match score *before* this game, `(viewer, opponent, length)`.
    * `cube`: `(value, owner)` or `(value, owner, state)`. A centred cube (owner "center",
      value 1) shows 64. State "offered": a double to `value` offered to `owner` (the player
      who must take or drop); state "crawford": the Crawford game, the cube crossed out.
    * `result`: the game is over; the picture shows who won, the kind, the points, and the
      match score after the game (`score` plus the points).
    * `viewer_to_move`: the viewer is the one the game waits for (to roll, to move, or to
      take or drop an offered double): their band has the gold disc, the dice lie in their
      half. An offered cube lies in the doubler's half whatever this says.
    * `built`: the steps of the turn being built (`built_by_viewer`: the viewer's own), marked
      after `moves` in the step interface's colour, so a turn in progress shows both what the
      opponent did and what the mover has played so far.
    * `numbering`: whose numbers the point labels print. The picture keeps who sits where;
      "opponent" prints the opponent's numbers (as GNU Backgammon numbers the board for the
      player on roll), so a move written in the opponent's numbers reads on the picture.
    """

    position: Position
    viewer_color: Color = "white"
    viewer_to_move: bool = True
    dice: tuple[int, int] | None = None
    dice_used: tuple[int, ...] = ()
    last_move: tuple[Segment, ...] = ()
    last_move_by_viewer: bool = False
    selected: int | None = None
    targets: tuple[int, ...] = ()
    names: tuple[str, str] = ("", "")
    score: tuple[int, int, int] | None = None
    cube: Cube | None = None
    caption: str = ""
    moves: tuple[MoveMark, ...] = ()
    result: Outcome | None = None
    numbering: Side = "viewer"
    built: tuple[Segment, ...] = ()
    built_by_viewer: bool = True

    def __post_init__(self) -> None:
        # Fail here, with a clear message, rather than deep inside the drawing code.
        if self.viewer_color not in ("white", "black"):
            raise ValueError(f"viewer_color must be white or black, not {self.viewer_color!r}")
        if self.dice is not None and (
            len(self.dice) != 2 or not all(1 <= d <= 6 for d in self.dice)
        ):
            raise ValueError(f"dice must be two numbers 1..6, not {self.dice!r}")
        if not all(1 <= d <= 6 for d in self.dice_used) or len(self.dice_used) > 4:
            raise ValueError(f"dice_used must be up to four numbers 1..6: {self.dice_used!r}")
        _check_segments(self.last_move)
        _check_segments(self.built)
        if self.moves and self.last_move:
            raise ValueError("give either moves or last_move, not both")
        for move in self.moves:
            if len(move) != 2 or not isinstance(move[1], bool):
                raise ValueError(f"a marked move is (segments, by_viewer): {move!r}")
            _check_segments(move[0])
        if self.selected is not None and not 1 <= self.selected <= BAR:
            raise ValueError(f"selected must be a point 1..24 or 25 (bar): {self.selected}")
        if not all(OFF <= t < BAR for t in self.targets):
            raise ValueError(f"targets must be points 1..24 or 0 (off): {self.targets!r}")
        if len(self.names) != 2:
            raise ValueError("names must be (viewer, opponent)")
        if self.cube is not None:
            _check_cube(self.cube)
        if self.result is not None and not isinstance(self.result, Outcome):
            raise ValueError(f"result must be an Outcome, not {self.result!r}")
        if self.numbering not in ("viewer", "opponent"):
            raise ValueError(f"numbering must be viewer or opponent, not {self.numbering!r}")

    @property
    def opponent_color(self) -> Color:
        return "black" if self.viewer_color == "white" else "white"

    def color(self, side: Side) -> Color:
        return self.viewer_color if side == "viewer" else self.opponent_color

    def counts(self, side: Side) -> tuple[int, ...]:
        """The 26 counts of `side` in its own numbering (0 off, 25 bar)."""
        return self.position.me if side == "viewer" else self.position.opp

    def point_label(self, point: int) -> int:
        """The number printed at the viewer's point `point` (1..24)."""
        if self.numbering == "viewer":
            return point
        return opp_point(self.position.variant, point)  # its own inverse in both variants

    def occupied(self) -> dict[int, tuple[Side, int]]:
        """Occupied viewer points 1..24: who stands there and how many."""
        pos = self.position
        out: dict[int, tuple[Side, int]] = {}
        for point in range(1, 25):
            if pos.me[point]:
                out[point] = ("viewer", pos.me[point])
            elif theirs := pos.opp[opp_point(pos.variant, point)]:
                out[point] = ("opponent", theirs)
        return out

    def marked_moves(self) -> tuple[MoveMark, ...]:
        """The moves to mark, oldest first; the turn being built (`built`) last."""
        building = ((self.built, self.built_by_viewer),) if self.built else ()
        if self.last_move:
            return ((self.last_move, self.last_move_by_viewer), *building)
        return (*(move for move in self.moves if move[0]), *building)

    def cube_view(self) -> tuple[int, CubeOwner, CubeState] | None:
        """The cube as (value, owner, state), whichever form it was given in."""
        if self.cube is None:
            return None
        value, owner = self.cube[0], self.cube[1]
        return value, owner, self.cube[2] if len(self.cube) == 3 else "normal"

    def shown_score(self) -> tuple[int, int, int] | None:
        """The match score to draw: after the game once it is over."""
        if self.score is None or self.result is None:
            return self.score
        mine, theirs, length = self.score
        if self.result.winner == "viewer":
            return mine + self.result.points, theirs, length
        return mine, theirs + self.result.points, length


def _check_segments(segments: tuple[Segment, ...]) -> None:
    for segment in segments:
        if len(segment) != 2 or not (1 <= segment[0] <= BAR and OFF <= segment[1] < BAR):
            raise ValueError(f"bad move segment {segment!r}: from 1..25 (bar) to 0 (off)..24")


def _check_cube(cube: Cube) -> None:
    if len(cube) not in (2, 3):
        raise ValueError(f"cube is (value, owner) or (value, owner, state): {cube!r}")
    value, owner = cube[0], cube[1]
    state = cube[2] if len(cube) == 3 else "normal"
    if owner not in ("viewer", "opponent", "center"):
        raise ValueError(f"cube owner must be viewer, opponent or center: {owner!r}")
    if value not in CUBE_VALUES:
        raise ValueError(f"cube value must be 1, 2, 4 ... 64: {value!r}")
    if state not in ("normal", "offered", "crawford"):
        raise ValueError(f"cube state must be normal, offered or crawford: {state!r}")
    if state == "offered" and (owner == "center" or value < 2):
        raise ValueError("an offered cube names the player asked (viewer or opponent) and "
                         "the new value (2 or more)")
    if state == "crawford" and owner != "center":
        raise ValueError("in the Crawford game the cube lies in the centre")
