"""What a player (or a watcher) sees of a game, as facts: the board from their side
(`render.scene.Scene`: checkers in their numbering, dice, the moves since they last acted,
cube, score, result). Both doors draw from it: the Telegram door's picture, the web
board's SVG."""

from __future__ import annotations

from core.history import Event, marks, since_last_action
from core.live import Live
from engine.game import MatchState, Phase
from render.scene import CubeOwner, CubeState, Outcome, Scene

Names = tuple[str, str]  # by seat


def scene_for(live: Live, seat: int, names: Names, *, is_player: bool = True,
              selected: int | None = None, targets: tuple[int, ...] = ()) -> Scene:
    """The board as the player in `seat` sees it (a watcher sees seat 0's side, with
    `is_player` False); `selected` and `targets` highlight a chosen checker's moves."""
    game = live.game
    dice = game.dice if game.phase is Phase.MOVE else None
    return Scene(
        position=live.position_for(seat),
        viewer_color="white" if seat == 0 else "black",
        viewer_to_move=game.to_act == seat,  # the ring: the taker while a double waits
        dice=dice,
        dice_used=live.dice_used() if dice else (),
        moves=recent_marks(live, seat, is_player),  # every move since the viewer acted
        built=tuple((step.src, step.dst) for step in live.steps)
        if game.phase is Phase.MOVE else (),
        built_by_viewer=game.seat == seat,
        selected=selected,
        targets=targets,
        names=(names[seat], names[1 - seat]),
        score=_score(live, seat),
        cube=cube_state(live, seat),
        # The last board says who won and how; with `score` (before this game) it shows
        # the match score after it.
        result=Outcome.of(game.result, seat) if game.result else None,
    )


def recent(live: Live, seat: int, is_player: bool = True) -> list[Event]:
    """What happened since the viewer last acted; a shared board (everybody's) tells the
    player to act what happened since they last acted. Worked out once per state and seat
    (the picture's marks and the caption both ask); the list is shared: read it only."""
    game = live.game
    seat = seat if is_player else game.to_act
    key = (len(game.history), game.phase)
    kept = live.memo.get("recent")
    if kept is None or kept[0] != key:
        kept = live.memo["recent"] = (key, {})
    by_seat: dict[int, list[Event]] = kept[1]
    found = by_seat.get(seat)
    if found is None:
        found = by_seat[seat] = since_last_action(live, seat)
    return found


def recent_marks(live: Live, seat: int, is_player: bool = True
                 ) -> tuple[tuple[tuple[tuple[int, int], ...], bool], ...]:
    """The moves to mark on the viewer's board, oldest first; they stay marked while a turn
    is being built (whose steps the scene marks too: `Scene.built`)."""
    return marks(recent(live, seat, is_player), seat)


def _score(live: Live, seat: int) -> tuple[int, int, int] | None:
    match = live.game.match
    if match.length <= 1:
        return None
    return match.score[seat], match.score[1 - seat], match.length


def final_match(live: Live) -> MatchState:
    """The match as it stands for the reader: once the game is over, the score after it
    (the game's own `match` keeps the score before it, for the picture and the engine)."""
    game = live.game
    return game.match.after(game.result) if game.result is not None else game.match


def cube_state(live: Live, seat: int) -> tuple[int, CubeOwner, CubeState] | None:
    """The cube as the board should show it: (value, owner, state), or None without the
    cube. An offered double shows the new value on the side of the player asked; in the
    Crawford game the cube lies in the centre, crossed out ("crawford")."""
    game = live.game
    if not game.cube_enabled:
        return None
    if game.phase is Phase.DOUBLED:
        asked: CubeOwner = "viewer" if game.to_act == seat else "opponent"
        return game.cube_value * 2, asked, "offered"
    if game.match.crawford:
        return game.cube_value, "center", "crawford"
    owner: CubeOwner = "center" if game.cube_owner is None else (
        "viewer" if game.cube_owner == seat else "opponent")
    return game.cube_value, owner, "normal"
