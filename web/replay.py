"""The replay viewer's data: a finished game's frames and mistakes as JSON for the page.

`GET api/games/<id>/frames?number=N` answers `core.replay.replay_of` (the frames the chat's
GIF is drawn from, seen by the asker: a player from their side, anybody else from seat 0's)
in the shape `board.js` draws a state in: points in the viewer's numbering, bar, off,
pips, dice, the move marked, cube, score and result. No rule is worked out here.
"""

from __future__ import annotations

from core.replay import Mistake, Replay
from engine.position import BAR, OFF, Variant
from i18n import Translator
from render.scene import Scene
from web.schema import Cube, Frame, Frames, Marked, Outcome, Score, Side
from web.schema import Mistake as MistakeJson
from web.state import board_points, sides, to_viewer

# The viewer's texts (formatted without arguments).
REPLAY_TEXTS = ("web-replay-title", "web-replay-first", "web-replay-back",
                "web-replay-play", "web-replay-pause", "web-replay-forward",
                "web-replay-last", "web-replay-mistakes", "web-replay-no-analysis",
                "web-replay-next-mistake", "web-back")


def frame_json(scene: Scene, variant: Variant, index: int, match_over: bool = False
               ) -> Frame:
    """One frame as the page's board draws a state (`match_over`: its result won the
    match)."""
    position = scene.position
    mover: Side = "viewer" if scene.last_move_by_viewer else "opponent"
    moves: list[Marked] = [] if not scene.last_move else [{
        "by": mover, "segments": [(to_viewer(variant, a, mover == "viewer"),
                                   to_viewer(variant, b, mover == "viewer"))
                                  for a, b in scene.last_move]}]
    to_move: Side = "viewer" if scene.viewer_to_move else "opponent"
    cube: Cube | None = None
    if scene.cube is not None:
        value, owner, *rest = scene.cube
        cube = {"value": value, "owner": owner, "state": rest[0] if rest else "normal"}
    score: Score | None = None
    if scene.score is not None:
        mine, theirs, length = scene.score
        score = {"viewer": mine, "opponent": theirs, "length": length}
    result: Outcome | None = None
    if scene.result is not None:
        r = scene.result
        result = {"winner": r.winner, "kind": r.kind, "points": r.points, "cube": r.cube,
                  "reason": r.reason, "match_over": match_over}
    return {
        "version": index, "variant": variant.value, "color": scene.viewer_color,
        "names": sides(scene.names),
        "points": board_points(position, variant),
        "bar": {"viewer": position.me[BAR], "opponent": position.opp[BAR]},
        "off": {"viewer": position.me[OFF], "opponent": position.opp[OFF]},
        "pips": sides(position.pips()),
        "dice": list(scene.dice) if scene.dice else None, "dice_used": [],
        "dice_of": to_move, "cube": cube, "score": score, "moves": moves, "steps": [],
        "caption": scene.caption, "result": result,
    }


def mistake_json(mistake: Mistake, side: int, names: tuple[str, str],
                 t: Translator) -> MistakeJson:
    """A mistake, worded: who, its grade, what was played and what was best."""
    return {"frame": mistake.frame, "by": "viewer" if mistake.seat == side else "opponent",
            "grade": mistake.grade, "loss": mistake.loss,
            "text": t("web-replay-mistake", name=names[mistake.seat],
                      grade=t(GRADES[mistake.grade]),
                      played=_cube_word(mistake.played, t), best=_cube_word(mistake.best, t),
                      loss=f"{mistake.loss:.3f}")}


def replay_json(replay: Replay, variant: Variant, names: tuple[str, str],
                t: Translator, match_over: bool = False) -> Frames:
    """The viewer's whole answer: frames, mistakes, whether the game was analysed, texts
    (`match_over`: the game's result won the match)."""
    return {"number": replay.number, "analysed": replay.analysed,
            "frames": [frame_json(scene, variant, i, match_over)
                       for i, scene in enumerate(replay.frames)],
            "mistakes": [mistake_json(m, replay.seat, names, t) for m in replay.mistakes],
            "texts": {key: t(key) for key in REPLAY_TEXTS}}


def _cube_word(action: str, t: Translator) -> str:
    """A cube action in the reader's words; a move as written."""
    return t(CUBE_WORDS[action]) if action in CUBE_WORDS else action


GRADES = {"inaccuracy": "analysis-grade-inaccuracy", "error": "analysis-grade-error",
          "blunder": "analysis-grade-blunder"}
CUBE_WORDS = {"double": "web-replay-cube-double", "no_double": "web-replay-cube-no_double",
              "take": "web-replay-cube-take", "drop": "web-replay-cube-drop"}
