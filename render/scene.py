"""What one board picture shows: a plain value the bot builds from its game record."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.position import BAR, OFF, Position, opp_point
from render.geometry import Side

Color = Literal["white", "black"]
CubeOwner = Literal["viewer", "opponent", "center"]


@dataclass(frozen=True)
class Scene:
    """One board picture, seen by one player (the viewer).

    `position.me` is always the viewer, whoever is on roll (the bot swaps the position when
    the viewer is not on roll). Points in `selected` and `targets` are the viewer's numbers;
    `last_move` segments are in the numbering of whoever made the move (25 = bar, 0 = off).
    """

    position: Position
    viewer_color: Color = "white"
    viewer_to_move: bool = True
    dice: tuple[int, int] | None = None
    dice_used: tuple[int, ...] = ()
    last_move: tuple[tuple[int, int], ...] = ()
    last_move_by_viewer: bool = False
    selected: int | None = None
    targets: tuple[int, ...] = ()
    names: tuple[str, str] = ("", "")
    score: tuple[int, int, int] | None = None
    cube: tuple[int, CubeOwner] | None = None
    caption: str = ""

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
        for src, dst in self.last_move:
            if not (1 <= src <= BAR and OFF <= dst < BAR):
                raise ValueError(f"bad last-move segment {src}/{dst}")
        if self.selected is not None and not 1 <= self.selected <= BAR:
            raise ValueError(f"selected must be a point 1..24 or 25 (bar): {self.selected}")
        if not all(OFF <= t < BAR for t in self.targets):
            raise ValueError(f"targets must be points 1..24 or 0 (off): {self.targets!r}")
        if len(self.names) != 2:
            raise ValueError("names must be (viewer, opponent)")
        if self.cube is not None and self.cube[1] not in ("viewer", "opponent", "center"):
            raise ValueError(f"cube owner must be viewer, opponent or center: {self.cube[1]!r}")

    @property
    def opponent_color(self) -> Color:
        return "black" if self.viewer_color == "white" else "white"

    def color(self, side: Side) -> Color:
        return self.viewer_color if side == "viewer" else self.opponent_color

    def counts(self, side: Side) -> tuple[int, ...]:
        """The 26 counts of `side` in its own numbering (0 off, 25 bar)."""
        return self.position.me if side == "viewer" else self.position.opp

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
