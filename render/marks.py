"""Highlights: the last move (amber) and the step interface (cyan).

The last move is given in the mover's numbering; it is shown in the viewer's: a ring round
the checkers that arrived, a hollow ghost where checkers left, and the point numbers
badged, so '12 → 18' can be read off the frame at a glance.

This module only decides what is marked where; compose.py draws it as part of the layer
(point column, bar, tray, point number) that the mark sits on.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from engine.position import BAR, OFF, opp_point
from render import geometry as g
from render import theme
from render.scene import Scene, Side

Stacks = dict[int, tuple[Side, int]]
LAST_MOVE_RING = 4
STEP_RING = 5

# A mark on a stack: ("ring", colour, ring width, slot) or ("ghost", colour, 0, slot), the
# slot counting discs from the stack's edge (0) like geometry.stack_centers.
Mark = tuple[str, theme.RGB, int, int]
# Where a stack stands: (viewer point 1..24, "viewer") or (25, side) for a side's bar.
Spot = tuple[int, Side]
Pill = tuple[theme.RGB, bool]  # a point-number badge: colour, filled


def mover(scene: Scene) -> Side:
    return "viewer" if scene.last_move_by_viewer else "opponent"


def last_move(scene: Scene) -> tuple[Counter[int], Counter[int]]:
    """Net departures and arrivals of the last move, in viewer points (25 bar, 0 off).

    A checker playing on through a point (24/18/13) leaves no mark on the point it passed.
    """

    def viewer_point(point: int) -> int:
        if point in (OFF, BAR) or scene.last_move_by_viewer:
            return point
        return opp_point(scene.position.variant, point)

    net: Counter[int] = Counter()
    for src, dst in scene.last_move:
        net[viewer_point(src)] -= 1
        net[viewer_point(dst)] += 1
    came_from = Counter({p: -n for p, n in net.items() if n < 0})
    went_to = Counter({p: n for p, n in net.items() if n > 0})
    return came_from, went_to


def spot(side: Side, point: int) -> Spot:
    """The stack key of viewer point `point` (1..24) or of `side`'s bar (25)."""
    return (point, side) if point == BAR else (point, "viewer")


def label_pills(scene: Scene) -> dict[int, list[Pill]]:
    """Badges on the point numbers, in drawing order: hollow where a move starts, filled
    where it ends; then the step interface's selection (hollow) and targets (filled)."""
    pills: dict[int, list[Pill]] = defaultdict(list)
    came_from, went_to = last_move(scene)
    for points, filled in ((came_from, False), (went_to, True)):
        for point in points:
            if 1 <= point <= 24:
                pills[point].append((theme.LAST_MOVE, filled))
    if scene.selected is not None and scene.selected != BAR:
        pills[scene.selected].append((theme.STEP, False))
    for point in scene.targets:
        if point != OFF:
            pills[point].append((theme.STEP, True))
    return pills


class TrayMarks:
    """Marks inside a tray: an outline round borne-off slabs first..last, a lit next slot."""

    def __init__(self) -> None:
        self.outline: tuple[int, int] | None = None
        self.step_slot: int | None = None


def stack_marks(scene: Scene, stacks: Stacks) -> tuple[list[tuple[Spot, Mark]],
                                                         dict[Side, TrayMarks]]:
    """Rings and ghosts on stacks, in drawing order, and the marks in the trays."""
    marks: list[tuple[Spot, Mark]] = []
    trays = {"viewer": TrayMarks(), "opponent": TrayMarks()}
    came_from, went_to = last_move(scene)
    side = mover(scene)
    for point, n in went_to.items():
        if point == OFF:
            off = scene.counts(side)[OFF]
            if off:
                trays[side].outline = (max(0, off - n), off - 1)
            continue
        shown = min(stacks.get(point, (side, 0))[1], g.MAX_STACK)
        for k in range(max(0, shown - n), shown):
            marks.append((spot(side, point), ("ring", theme.LAST_MOVE, LAST_MOVE_RING, k)))
    for point, n in came_from.items():
        count = scene.counts(side)[BAR] if point == BAR else stacks.get(point, (side, 0))[1]
        for k in range(count, min(count + n, g.MAX_STACK)):
            marks.append((spot(side, point), ("ghost", theme.LAST_MOVE, 0, k)))

    me = scene.position.me
    if scene.selected is not None and me[scene.selected]:
        top = min(me[scene.selected], g.MAX_STACK) - 1
        marks.append((spot("viewer", scene.selected), ("ring", theme.STEP, STEP_RING, top)))
    for point in scene.targets:
        if point == OFF:
            trays["viewer"].step_slot = min(me[OFF], 14)
            continue
        owner, count = stacks.get(point, ("viewer", 0))
        # Onto an opposing blot the ghost covers it: the hit is visible before it happens.
        slot = min(count, g.MAX_STACK - 1) if owner == "viewer" else 0
        marks.append((spot("viewer", point), ("ghost", theme.STEP, 0, slot)))
    return marks, trays
