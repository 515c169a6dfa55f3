"""What each viewer is told and sees (core/events.py, core/seen.py), with no door: every
change the core announces names whom it concerns (a step: the mover alone; a move:
everybody; a stale press: its sender), and the scene drawn from an announced change shows
each player the board from their side (the turn being built, the moves since they last
acted, the cube offered to them, the result as theirs), a watcher seat 0's. Both engines.
(tests/bot/test_seen.py words these facts as the chat's captions.)"""

from __future__ import annotations

from core.actions import Act, Action, Refusal
from core.events import Change, What
from core.seen import scene_for
from engine.moves import Move
from testkit.core_door import (
    ALI,
    VALI,
    Table,
    act,
    ask,
    friends,
    play_turn,
    stored,
    to_act,
)

NAMES = ("Ali", "Vali")  # by seat: the challenger sits in seat 0


def last(t: Table, game_id: int) -> Change:
    return [c for c in t.heard.changes if c.game_id == game_id][-1]


async def test_a_step_is_told_to_the_mover_alone_and_a_move_to_everybody(
        table: Table) -> None:
    t = table
    game_id = await friends(t)
    player, seat, row, live = await to_act(t, game_id)
    assert t.heard.of(game_id) == [(What.BEGAN, None)]
    first, *rest = live.game.turn().plays[0].move.steps
    assert await ask(t, player, act(row, Act.GO, first.src, first.dst)) == [None]
    assert t.heard.of(game_id)[-1] == (What.STEP, seat)
    for step in rest:
        row = (await stored(t, game_id))[0]
        assert await ask(t, player, act(row, Act.GO, step.src, step.dst)) == [None]
    row = (await stored(t, game_id))[0]
    assert await ask(t, player, act(row, Act.DONE)) == [None]
    assert t.heard.of(game_id)[-1] == (What.MOVED, None)
    # An old board's press: its sender alone is shown the stored game again.
    other = VALI if player == ALI else ALI
    assert await ask(t, player, Action(game_id, row.version, Act.GO, 1, 2)) == [
        Refusal.STALE]
    assert t.heard.of(game_id)[-1] == (What.SHOW, seat)
    assert (await to_act(t, game_id))[0] == other


async def test_the_turn_being_built_is_the_movers_own(table: Table) -> None:
    t = table
    game_id = await friends(t)
    player, seat, row, live = await to_act(t, game_id)
    step = live.game.turn().plays[0].move.steps[0]
    assert await ask(t, player, act(row, Act.GO, step.src, step.dst)) == [None]
    change = last(t, game_id)
    mover = scene_for(change.live, seat, NAMES)
    other = scene_for(change.live, 1 - seat, NAMES)
    assert mover.built == ((step.src, step.dst),) and mover.built_by_viewer
    assert mover.dice_used == (step.src - step.dst,) and mover.viewer_to_move
    assert not other.built_by_viewer and not other.viewer_to_move
    assert mover.dice == other.dice == change.live.game.dice
    # One board, from each side: the step already shown on both.
    assert other.position == mover.position.swapped()
    assert mover.position.me[step.src] == live.game.position.me[step.src] - 1
    assert mover.names == (NAMES[seat], NAMES[1 - seat])
    assert other.names == (NAMES[1 - seat], NAMES[seat])
    assert mover.viewer_color == ("white" if seat == 0 else "black")


async def test_each_player_sees_the_moves_since_they_last_acted(table: Table) -> None:
    t = table
    game_id = await friends(t)
    _, seat, _, live = await to_act(t, game_id)
    move = live.game.turn().plays[0].move
    await play_turn(t, game_id)
    change = last(t, game_id)
    assert change.what is What.MOVED
    segments = tuple((s.src, s.dst) for s in Move.parse(str(move)).steps)
    # The one who moved keeps their move marked as theirs; the other sees it as the
    # opponent's, in the mover's numbering, until they act.
    assert scene_for(change.live, seat, NAMES).moves == ((segments, True),)
    assert scene_for(change.live, 1 - seat, NAMES).moves == ((segments, False),)
    # A watcher sees seat 0's side and what happened since the player to act last acted.
    watcher = scene_for(change.live, 0, NAMES, is_player=False)
    assert watcher.position == change.live.position_for(0)
    assert [s for s, _ in watcher.moves] == [segments]
    assert watcher.viewer_to_move == (change.live.game.to_act == 0)


async def test_the_cube_offered_is_seen_on_the_side_of_the_player_asked(
        table: Table) -> None:
    t = table
    game_id = await friends(t, length=3, cube=True)
    await play_turn(t, game_id)
    doubler, seat, row, _ = await to_act(t, game_id)
    before = scene_for(last(t, game_id).live, seat, NAMES)
    assert before.cube == (1, "center", "normal")
    assert await ask(t, doubler, act(row, Act.DOUBLE)) == [None]
    change = last(t, game_id)
    assert (change.what, change.seat) == (What.MOVED, None)
    assert scene_for(change.live, seat, NAMES).cube == (2, "opponent", "offered")
    assert scene_for(change.live, 1 - seat, NAMES).cube == (2, "viewer", "offered")
    assert scene_for(change.live, 1 - seat, NAMES).viewer_to_move  # the taker answers
    assert scene_for(change.live, seat, NAMES).score == (0, 0, 3)
    # A watcher is told what the player asked has seen since they last acted.
    watcher = scene_for(change.live, 0, NAMES, is_player=False)
    asked = scene_for(change.live, 1 - seat, NAMES)
    assert watcher.moves and [s for s, _ in watcher.moves] == [s for s, _ in asked.moves]
    taker, _, row, _ = await to_act(t, game_id)
    assert await ask(t, taker, act(row, Act.TAKE)) == [None]
    change = last(t, game_id)
    assert scene_for(change.live, seat, NAMES).cube == (2, "opponent", "normal")
    assert scene_for(change.live, 1 - seat, NAMES).cube == (2, "viewer", "normal")


async def test_the_result_is_each_players_own(table: Table) -> None:
    t = table
    game_id = await friends(t)
    row, live = await stored(t, game_id)
    assert await ask(t, VALI, Action(game_id, row.version, Act.RESIGN,
                                     number=live.number)) == [None]
    change = last(t, game_id)
    assert change.what is What.ENDED and change.seat is None
    ali, vali = (scene_for(change.live, seat, NAMES) for seat in (0, 1))
    assert ali.result is not None and ali.result.winner == "viewer"
    assert vali.result is not None and vali.result.winner == "opponent"
    assert ali.result.reason == vali.result.reason == "resign"
    assert ali.dice is None and not ali.built
