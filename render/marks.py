"""Highlights: the moves to show (amber) and the step interface (cyan): a chosen checker,
its destinations, and the steps of the turn being built.

Moves are given in the mover's numbering; they are shown in the viewer's: a ring round the
checkers that arrived, a dashed empty circle where checkers left (on a bar, one circle
however many checkers entered: a stack of them would look like checkers), and the point
numbers badged, so '12 → 18' can be read off the frame at a glance. When several moves are shown
(everything since the viewer's last turn), the newest is bright amber and the older ones a
fainter amber with thinner rings.

This module only decides what is marked where; compose.py draws it as part of the layer
(point column, bar, tray, point number) that the mark sits on.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from engine.position import BAR, OFF, opp_point
from render import geometry as g
from render import theme
from render.scene import Scene, Segment, Side

Stacks = dict[int, tuple[Side, int]]
LAST_MOVE_RING = 4
OLDER_MOVE_RING = 3
STEP_RING = 5

# A mark on a stack: (kind, colour, line width, slot); kind "ring" (arrived), "ghost" (left)
# or "target" (the step interface's destination); the slot counts discs from the stack's
# edge (0) like geometry.stack_centers.
Mark = tuple[str, theme.RGB, int, int]
# Where a stack stands: (viewer point 1..24, "viewer") or (25, side) for a side's bar.
Spot = tuple[int, Side]
Pill = tuple[theme.RGB, bool]  # a point-number badge: colour, filled
Outline = tuple[int, int, theme.RGB]  # borne-off slabs first..last outlined in a colour


def net_move(scene: Scene, segments: tuple[Segment, ...],
             by_viewer: bool) -> tuple[Counter[int], Counter[int]]:
    """Net departures and arrivals of one move, in viewer points (25 bar, 0 off).

    A checker playing on through a point (24/18/13) leaves no mark on the point it passed.
    """

    def viewer_point(point: int) -> int:
        if point in (OFF, BAR) or by_viewer:
            return point
        return opp_point(scene.position.variant, point)

    net: Counter[int] = Counter()
    for src, dst in segments:
        net[viewer_point(src)] -= 1
        net[viewer_point(dst)] += 1
    came_from = Counter({p: -n for p, n in net.items() if n < 0})
    went_to = Counter({p: n for p, n in net.items() if n > 0})
    return came_from, went_to


@dataclass
class Trail:
    """What one side's marked moves left behind: for each viewer point (25 bar, 0 off),
    the moves (by index, oldest first) that a checker left from or arrived by."""

    left: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    arrived: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))


def trails(scene: Scene) -> dict[Side, Trail]:
    """The marked moves, followed in order: a checker that arrived by one move and left by
    a later one marks only where it started and where it stands now."""
    out: dict[Side, Trail] = {"viewer": Trail(), "opponent": Trail()}
    for index, (segments, by_viewer) in enumerate(scene.marked_moves()):
        trail = out["viewer" if by_viewer else "opponent"]
        came_from, went_to = net_move(scene, segments, by_viewer)
        for point, n in came_from.items():
            for _ in range(n):
                if trail.arrived[point]:
                    trail.arrived[point].pop()  # it moved on
                else:
                    trail.left[point].append(index)
        for point, n in went_to.items():
            trail.arrived[point].extend([index] * n)
    return out


def style(scene: Scene, index: int) -> tuple[theme.RGB, int]:
    """Colour and ring width of the marks of move `index`: the turn being built in the step
    interface's colour; of the moves played, the newest bright, older faint."""
    newest = len(scene.marked_moves()) - 1
    if scene.built:
        if index == newest:
            return theme.STEP, LAST_MOVE_RING
        newest -= 1
    if index == newest:
        return theme.LAST_MOVE, LAST_MOVE_RING
    return theme.LAST_MOVE_OLD, OLDER_MOVE_RING


def spot(side: Side, point: int) -> Spot:
    """The stack key of viewer point `point` (1..24) or of `side`'s bar (25)."""
    return (point, side) if point == BAR else (point, "viewer")


def label_pills(scene: Scene) -> dict[int, list[Pill]]:
    """Badges on the point numbers, in drawing order: for each marked move, oldest first,
    hollow where it started and filled where it ended; then the step interface's selection
    (hollow) and targets (filled)."""
    found: set[tuple[int, int, bool]] = set()
    for trail in trails(scene).values():
        for points, filled in ((trail.left, False), (trail.arrived, True)):
            for point, indexes in points.items():
                if 1 <= point <= 24:
                    found.update((index, point, filled) for index in indexes)
    pills: dict[int, list[Pill]] = defaultdict(list)
    for index, point, filled in sorted(found):
        pills[point].append((style(scene, index)[0], filled))
    if scene.selected is not None and scene.selected != BAR:
        pills[scene.selected].append((theme.STEP, False))
    for point in scene.targets:
        if point != OFF:
            pills[point].append((theme.STEP, True))
    return pills


class TrayMarks:
    """Marks inside a tray: outlines round borne-off slabs, a lit next slot."""

    def __init__(self) -> None:
        self.outlines: tuple[Outline, ...] = ()
        self.step_slot: int | None = None


def _tray_outlines(scene: Scene, off: int, indexes: list[int]) -> tuple[Outline, ...]:
    """Outlines round the slabs the marked moves bore off: the newest at the top of the
    pile, each move's slabs in one outline."""
    outlines: list[Outline] = []
    top = off
    for index in sorted(set(indexes), reverse=True):
        n = indexes.count(index)
        first = max(0, top - n)
        if first < top:
            outlines.append((first, top - 1, style(scene, index)[0]))
        top = first
    return tuple(reversed(outlines))


def stack_marks(scene: Scene, stacks: Stacks) -> tuple[list[tuple[Spot, Mark]],
                                                         dict[Side, TrayMarks]]:
    """Rings and ghosts on stacks, in drawing order (older moves first), and the marks in
    the trays."""
    found: list[tuple[int, Spot, Mark]] = []
    trays: dict[Side, TrayMarks] = {"viewer": TrayMarks(), "opponent": TrayMarks()}
    for side, trail in trails(scene).items():
        for point, indexes in trail.arrived.items():
            if not indexes:
                continue
            if point == OFF:
                trays[side].outlines = _tray_outlines(scene, scene.counts(side)[OFF], indexes)
                continue
            owner, count = stacks.get(point, (side, 0))
            if owner != side:  # the checker that arrived has been hit since
                continue
            shown = min(count, g.MAX_STACK)
            newest_first = sorted(indexes, reverse=True)[:shown]
            for k, index in zip(range(shown - 1, -1, -1), newest_first, strict=False):
                color, width = style(scene, index)
                found.append((index, spot(side, point), ("ring", color, width, k)))
        for point, indexes in trail.left.items():
            count = scene.counts(side)[BAR] if point == BAR else stacks.get(point, (side, 0))[1]
            newest_first = sorted(indexes, reverse=True)
            if point == BAR:  # one mark says "came in from the bar", however many did:
                newest_first = newest_first[:1]  # a column of rings would read as checkers
            for k, index in zip(range(count, g.MAX_STACK), newest_first, strict=False):
                color, width = style(scene, index)
                found.append((index, spot(side, point), ("ghost", color, width, k)))
    marks = [(where, mark) for _, where, mark in sorted(found, key=lambda item: item[0])]

    me = scene.position.me
    if scene.selected is not None and me[scene.selected]:
        top = min(me[scene.selected], g.MAX_STACK) - 1
        marks.append((spot("viewer", scene.selected), ("ring", theme.STEP, STEP_RING, top)))
    for point in scene.targets:
        if point == OFF:
            trays["viewer"].step_slot = min(me[OFF], 14)
            continue
        owner, count = stacks.get(point, ("viewer", 0))
        # Onto an opposing blot the target covers it: the hit is visible before it happens.
        slot = min(count, g.MAX_STACK - 1) if owner == "viewer" else 0
        marks.append((spot("viewer", point), ("target", theme.STEP, 0, slot)))
    return marks, trays
