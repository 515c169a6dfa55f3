"""render_replay: a whole game as one animated GIF, one frame per move.

`replay_scenes(game, seat)` turns a finished (or running) engine game into the frames, as
the player in `seat` sees them: the start, then one frame per move (its dice, the checkers
that moved marked, the move written in numbers: `13/7* 8/4`), per pass (the dice, `—`), per
cube action (the double offered, then taken), and the end with the result banner. Every
frame prints the viewer's point numbers, and every move is written in them: the other
seat's `13/7` (its own numbers) is the viewer's `12/18` in short nard, so the numbers stay
put while the checkers move, and a move reads on its frame as written.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from typing import TypedDict

import numpy as np
from PIL import Image

from engine.events import pair
from engine.game import Game
from engine.moves import Move, seen_from_other_side
from engine.position import Position
from engine.resolve import apply_steps
from render.compose import compose_palette
from render.encode import TRANSPARENT
from render.scene import Color, Cube, Outcome, Scene

MS_PER_FRAME = 1100  # long enough to read a move and see it on the board
LAST_FRAME_MS = 4000  # the result stays up before the animation loops
PASS = "—"  # the caption of a turn with no legal move
FRAMED = frozenset({"move", "pass", "double", "take"})  # and the result, once there is one


def render_replay(frames: Sequence[Scene], *, ms_per_frame: int = MS_PER_FRAME,
                  last_frame_ms: int = LAST_FRAME_MS) -> bytes:
    """An animated GIF (looping) of `frames`, the last one held for `last_frame_ms`.

    GIF because Telegram plays it inline (sendAnimation) on every client. All frames share
    the board palette; in each frame after the first, pixels unchanged since the previous
    frame are transparent, so a move costs a few KB instead of a whole board. A frame
    identical to the one before it is folded into it by Pillow (durations add up).
    """
    if not frames:
        raise ValueError("a replay needs at least one frame")
    pictures = [compose_palette(scene) for scene in frames]
    palette = pictures[0].getpalette()
    assert palette is not None  # compose_palette draws in "P" mode
    out_frames = [pictures[0]]
    previous = np.asarray(pictures[0])
    for picture in pictures[1:]:
        current = np.asarray(picture)
        delta = Image.fromarray(np.where(current == previous, TRANSPARENT, current)
                                .astype(np.uint8), "P")
        delta.putpalette(palette)
        out_frames.append(delta)
        previous = current
    durations = [ms_per_frame] * len(out_frames)
    durations[-1] = max(ms_per_frame, last_frame_ms)
    out = io.BytesIO()
    out_frames[0].save(out, "GIF", save_all=True, append_images=out_frames[1:],
                       duration=durations, loop=0, disposal=1, transparency=TRANSPARENT,
                       optimize=False)
    return out.getvalue()


class _Frame(TypedDict):
    """What every frame of one replay shares."""

    viewer_color: Color
    score: tuple[int, int, int] | None
    names: tuple[str, str]


def replay_scenes(game: Game, seat: int, names: tuple[str, str] = ("", ""),
                  notation: Callable[[str], str] | None = None) -> list[Scene]:
    """The frames of `game` from its history, seen by the player in `seat`.

    `names` are by seat. Positions are rebuilt by playing the logged moves from the start,
    so the last frame shows exactly the game's final position. `notation` rewrites a move
    as its frame writes it (the reader's words for the bar and off).
    """
    board = Position.initial(game.variant)  # seat 0's view throughout
    match = game.match
    score = (match.score[seat], match.score[1 - seat], match.length) if match.length > 1 \
        else None
    cube_value, cube_owner = 1, None
    base: _Frame = {"viewer_color": "white" if seat == 0 else "black", "score": score,
                    "names": (names[seat], names[1 - seat])}

    def cube(offered_to: int | None = None) -> Cube | None:
        if not game.cube_enabled:
            return None
        if offered_to is not None:
            return cube_value * 2, "viewer" if offered_to == seat else "opponent", "offered"
        if match.crawford:
            return 1, "center", "crawford"
        if cube_owner is None:
            return cube_value, "center"
        return cube_value, "viewer" if cube_owner == seat else "opponent"

    def seen(position: Position) -> Position:
        return position if seat == 0 else position.swapped()

    def written(mover: int, move: str) -> str:
        # Every move in the viewer's numbers, those printed on every frame.
        mine = move if mover == seat else seen_from_other_side(move, game.variant)
        return notation(mine) if notation is not None else mine

    first = game.history[0] if game.history else None
    starter = first["starter"] if first is not None and first["type"] == "opening" else 0
    frames = [Scene(seen(board), viewer_to_move=starter == seat if first is not None else True,
                    cube=cube(), **base)]
    shown = set(framed(game))
    last: Scene = frames[0]
    for index, event in enumerate(game.history):
        if index not in shown:  # the opening, rolls (shown with their move), resignations
            continue
        if event["type"] == "move":
            mover = event["seat"]
            steps = Move.parse(event["move"]).steps
            after = apply_steps(board if mover == 0 else board.swapped(), steps)
            board = after if mover == 0 else after.swapped()
            last = Scene(seen(board), viewer_to_move=mover == seat, dice=pair(event["dice"]),
                         last_move=tuple((s.src, s.dst) for s in steps),
                         last_move_by_viewer=mover == seat,
                         caption=written(mover, event["move"]), cube=cube(), **base)
        elif event["type"] == "pass":
            last = Scene(seen(board), viewer_to_move=event["seat"] == seat,
                         dice=pair(event["dice"]), caption=PASS, cube=cube(), **base)
        elif event["type"] == "double":
            last = Scene(seen(board), viewer_to_move=event["seat"] != seat,
                         cube=cube(1 - event["seat"]), **base)  # the player asked is to act
        elif event["type"] == "take":
            cube_value, cube_owner = event["value"], event["seat"]
            last = Scene(seen(board), viewer_to_move=event["seat"] != seat, cube=cube(), **base)
        elif game.result is not None:  # the result (framed only once there is one)
            last = Scene(seen(board), viewer_to_move=last.viewer_to_move, dice=last.dice,
                         last_move=last.last_move, last_move_by_viewer=last.last_move_by_viewer,
                         cube=cube(), result=Outcome.of(game.result, seat), **base)
        frames.append(last)
    return frames


def framed(game: Game) -> list[int]:
    """The indexes in `game.history` of the events that get a frame of their own, in order
    (frame k + 1 of `replay_scenes` shows event `framed(game)[k]`; frame 0 is the start)."""
    return [index for index, event in enumerate(game.history)
            if event["type"] in FRAMED or (event["type"] == "result"
                                           and game.result is not None)]
