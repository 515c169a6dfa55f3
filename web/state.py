"""A game as one viewer of the web board sees it: a JSON-ready dict.

The same facts as the chat board (`core.seen.scene_for`: the board from the viewer's side,
dice, the moves since they last acted, cube, score, result), plus what the page needs to
let them act: the checkers they may move now and where each may go (a destination that
takes several dice lists the points it stops on), the actions open to them, the deadline
and the version every action must name. Points are in the viewer's numbering (1-24, 0 borne
off, 25 the bar): the viewer's home is 1-6, bottom right. A watcher sees seat 0's side.

While a turn is being built, only its mover sees its steps; everybody else sees turns (as
the chat boards do).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, TypeVar

from core.analysis import Skill
from core.clockface import clock_face
from core.fullmoves import one_taps
from core.hints import offers_hints
from core.history import Event, since_last_action
from core.live import Live
from core.seen import final_match, scene_for
from core.timecontrol import TimeControl
from engine.game import Phase
from engine.moves import seen_from_other_side
from engine.numbering import line_numbers
from engine.position import BAR, OFF, Position, Variant, opp_point
from i18n import Translator
from i18n.figures import local_notation, points_text, pr_text
from storage.models import Game as Row
from web.controls import clock_json
from web.schema import (
    Can,
    Cube,
    GameState,
    LogLine,
    Marked,
    Point,
    Recent,
    Result,
    Score,
    Segment,
    Side,
    Sides,
)

Names = tuple[str, str]  # by seat
T = TypeVar("T")


def sides(pair: tuple[T, T]) -> Sides[T]:
    """A pair (the viewer's first) as the page reads it: `{viewer, opponent}`."""
    return {"viewer": pair[0], "opponent": pair[1]}


def to_viewer(variant: Variant, point: int, mine: bool) -> int:
    """A point in the viewer's numbering: their own, or the opponent's `point` turned."""
    if mine or point in (OFF, BAR):
        return point
    return opp_point(variant, point)


def board_points(position: Position, variant: Variant) -> list[Point]:
    """The 24 points, point 1 first, in the viewer's numbering: `[count, owner]`."""
    points: list[Point] = []
    for point in range(1, 25):
        mine = position.me[point]
        theirs = position.opp[opp_point(variant, point)]
        points.append((mine, "viewer") if mine else (theirs, "opponent") if theirs
                      else (0, None))
    return points


def game_state(row: Row, live: Live, seat: int | None, names: Names, t: Translator,
               now: datetime, control: TimeControl) -> GameState:
    """What `seat` (None: a watcher) sees of the stored game `row`/`live`, played under
    `control`, at `now`."""
    game = live.game
    side = 0 if seat is None else seat
    if live.steps and game.to_act != seat:  # the others see turns, not the steps
        live = live.without_steps()
    scene = scene_for(live, side, names, is_player=seat is not None)
    position = scene.position
    variant = Variant(game.variant)
    points = board_points(position, variant)
    acting = row.status == "active" and seat is not None and game.to_act == seat
    # The running turn's own deadline (not the moment a pending turn is sent).
    deadline = live.turn_deadline(row.deadline) if row.status == "active" else None
    phase = game.phase.value
    building = acting and game.phase is Phase.MOVE
    taps = one_taps(live) if building else []
    state: GameState = {
        "game": row.id,
        "version": row.version,
        "variant": variant.value,
        "status": row.status,
        "number": live.number,
        "seat": seat,
        "color": scene.viewer_color,
        "names": {"viewer": names[side], "opponent": names[1 - side]},
        "computer": row.computer_seat is not None,
        "level": row.level,
        "phase": phase,
        "to_act": _whose(game.to_act == side),
        "you_act": acting,
        "points": points,
        "bar": {"viewer": position.me[BAR], "opponent": position.opp[BAR]},
        "off": {"viewer": position.me[OFF], "opponent": position.opp[OFF]},
        "pips": sides(position.pips()),
        "dice": list(scene.dice) if scene.dice else None,
        "dice_used": list(scene.dice_used),
        "dice_of": _whose(game.seat == side),
        "cube": _cube(scene.cube),
        "score": _score(live, side),
        "deadline": deadline.isoformat() if deadline else None,
        "now": now.isoformat(),
        "clock": clock_json(clock_face(row, live, control, now), side, t),
        "moves": [_move(variant, segments, own) for segments, own in scene.moves],
        "recent": [_event(variant, event, side) for event in since_last_action(live, side)],
        "can": _can(row, live, seat, acting, bool(taps)),
        "movable": _movable(live) if building else {},
        "steps": [(step.src, step.dst) for step in live.turn().steps] if building else [],
        "finishes": [local_notation(t, str(option.move)) for option in taps],
        "log": move_list(live, side, t),
        "result": _result(live, side, t) if game.result is not None else None,
        "texts": {"status": "", "opening": _opening(live, names, t)},
    }
    state["texts"]["status"] = _status(state, live, t)
    return state


def move_list(live: Live, side: int, t: Translator) -> list[LogLine]:
    """The game's moves and passes so far, in `side`'s numbering, worded as `/log` words
    them (`5-2: 13/8 6/4`, `6-6: no move`): `{n, by, text}`, `n` the line of the move list
    (`/log`'s and the analysis's numbers)."""
    history = live.game.history
    variant = Variant(live.game.variant)
    found: list[LogLine] = []
    for number, raw in zip(line_numbers(history), history, strict=True):
        if raw["type"] not in ("move", "pass"):
            continue
        own = raw["seat"] == side
        d1, d2 = sorted((int(d) for d in raw["dice"]), reverse=True)
        if raw["type"] == "pass":
            text = t("log-pass", d1=d1, d2=d2)
        else:
            move = raw["move"] if own else seen_from_other_side(raw["move"], variant)
            text = f"{d1}-{d2}: {local_notation(t, move)}"
        found.append({"n": number, "by": _whose(own), "text": text})
    return found


def _opening(live: Live, names: Names, t: Translator) -> str | None:
    """The opening roll, as the chat words it (each seat's die); None before it."""
    history = live.game.history
    first = history[0] if history else None
    if first is None or first["type"] != "opening":
        return None
    d0, d1 = first["dice"]
    return t("seen-opening", first=names[0], d1=int(d0), second=names[1], d2=int(d1))


def skill_lines(skills: Mapping[int, Skill], side: int, names: Names,
                t: Translator) -> list[str]:
    """The result screen's PR and luck over the match's analysed games: a title, then the
    viewer's line and the opponent's (nothing before the first analysis)."""
    if not skills:
        return []
    lines = [t("web-skill-title", games=max(s.games for s in skills.values()))]
    for seat in (side, 1 - side):
        if seat in skills:
            s = skills[seat]
            lines.append(t("web-skill-player", name=names[seat], pr=pr_text(t, s.pr),
                           luck=points_text(t, s.luck), adjusted=points_text(t, s.adjusted)))
    return lines


def _cube(cube: tuple[Any, ...] | None) -> Cube | None:
    if cube is None:
        return None
    value, owner, *rest = cube
    return {"value": value, "owner": owner, "state": rest[0] if rest else "normal"}


def _score(live: Live, side: int) -> Score | None:
    match = final_match(live)
    if match.length <= 1:
        return None
    return {"viewer": match.score[side], "opponent": match.score[1 - side],
            "length": match.length}


def _move(variant: Variant, segments: tuple[tuple[int, int], ...], own: bool
          ) -> Marked:
    """A move to show (and animate): its segments in the viewer's numbering."""
    return {"by": _whose(own), "segments": _segments(variant, segments, own)}


def _segments(variant: Variant, segments: tuple[tuple[int, int], ...], own: bool
              ) -> list[Segment]:
    """A move's segments in the viewer's numbering (the opponent's turned)."""
    return [(to_viewer(variant, a, own), to_viewer(variant, b, own)) for a, b in segments]


def _whose(own: bool) -> Side:
    return "viewer" if own else "opponent"


def _event(variant: Variant, event: Event, side: int) -> Recent:
    """One thing that happened since the viewer last acted, as data."""
    own = event.seat == side
    item: Recent = {"kind": event.kind, "by": None if event.seat is None else _whose(own)}
    if event.dice:
        item["dice"] = list(event.thrown())
    if event.kind == "move":
        # In the viewer's numbers, as the board numbers its points.
        item["move"] = event.move if own else seen_from_other_side(event.move, variant)
        item["segments"] = _segments(variant, event.segments(), own)
        item["forced"] = event.forced
    if event.value:
        item["value"] = event.value
    if event.result:
        item["result"] = event.result
    return item


def _can(row: Row, live: Live, seat: int | None, acting: bool, taps: bool
         ) -> Can:
    game = live.game
    phase = game.phase
    turn = live.turn() if acting and phase is Phase.MOVE else None
    return {
        "roll": acting and phase is Phase.ROLL,
        "double": acting and phase is Phase.ROLL and game.can_double(game.to_act),
        "take": acting and phase is Phase.DOUBLED,
        "drop": acting and phase is Phase.DOUBLED,
        "undo": bool(turn is not None and live.steps),
        "done": bool(turn is not None and turn.is_complete),
        "resign": row.status == "active" and seat is not None and phase is not Phase.OVER,
        "finish": taps,
        # A hint ranks the whole roll: before its first step, as `core.hints` allows it.
        "hint": bool(turn is not None and not live.steps and live.pending is None
                     and offers_hints(row)),
    }


def _movable(live: Live) -> dict[str, dict[str, list[int]]]:
    """For each checker the viewer may move now (by its point), where it may go: each
    destination with the points it passes on the way (empty for one die)."""
    turn = live.turn()
    found: dict[str, dict[str, list[int]]] = {}
    for src in sorted({step.src for step in turn.legal_steps()}, reverse=True):
        found[str(src)] = {str(dst): [step.dst for step in path[:-1]]
                           for dst, path in sorted(turn.destinations(src).items())}
    return found


def _result(live: Live, side: int, t: Translator) -> Result:
    result = live.game.result
    assert result is not None
    match = final_match(live)
    return {"winner": _whose(result.winner == side),
            "kind": result.kind.value, "points": result.points, "cube": result.cube,
            "reason": result.reason.value, "match_over": match.winner is not None,
            "kind_text": t(f"kind-{result.kind.value}"),
            "reason_text": t(f"reason-{result.reason.value}")}


def _status(state: GameState, live: Live, t: Translator) -> str:
    """One line saying whose turn it is and what to do next: roll (or double), take or
    drop, move so many more checkers, press Done (or that the played turn goes by itself in
    a moment); or whom the viewer waits for."""
    if state["status"] != "active":
        return t("web-status-over")
    if not state["you_act"]:
        return t("web-status-waiting", name=state["names"]["opponent"])
    can = state["can"]
    if state["phase"] == "roll":
        return t("web-status-roll" if can["double"] else "web-status-roll-only")
    if state["phase"] == "doubled":
        return t("web-status-doubled")
    if live.pending is not None:  # played to its last die: sent by itself in a moment
        return t("your-move-pending", move=local_notation(t, str(live.turn().move())))
    if can["done"]:
        return t("web-status-done")
    turn = live.turn()
    return t("web-status-move-more", count=turn.length - len(turn.taken))
