"""A group board keeps one numbering, seat 0's, whoever acts: the picture, the caption's moves
and the move buttons' labels (their data stays in the mover's numbers)."""

from __future__ import annotations

import re

import pytest

from bot.views.callbacks import Act, GameCb
from render.scene import Scene
from testkit.driver import choose, game_buttons
from testkit.groups import ALI, GROUP, VALI, group_game, mover
from testkit.harness import Harness


def _numbers(text: str) -> list[int]:
    """The point numbers a button's label writes (`13→7*` -> [13, 7]; `6→off` -> [6])."""
    return [int(number) for number in re.findall(r"\d+", text)]


def _printed(scene: Scene) -> dict[int, int]:
    """The number printed on the picture -> the point (in the picture's geometry) it labels."""
    return {scene.point_label(point): point for point in range(1, 25)}


async def _top_players_turn(h: Harness, variant: str
                            ) -> tuple[list[Scene], list[tuple[str, GameCb]]]:
    """Play until Vali (seat 1, at the top of the group board) begins a move: the scenes
    drawn so far (the newest last) and the board's move buttons then."""
    scenes: list[Scene] = []
    draw = h.app.boards.render
    h.app.boards.render = lambda scene: scenes.append(scene) or draw(scene)
    game_id = await group_game(h, variant)
    users = {ALI: h.fake.user(ALI, "Ali"), VALI: h.fake.user(VALI, "Vali")}
    for _ in range(20):
        player = await mover(h, game_id)
        assert player is not None
        board = h.board(GROUP)
        buttons = game_buttons(board.buttons)
        if player == VALI and any(data.a is Act.GO for _, data in buttons):
            return scenes, [(text, data) for text, data in buttons if data.a is Act.GO]
        users[player].press(board, choose(board.buttons).pack())
        await h.feed()
    raise AssertionError("the top player never had a move to make")


def _vali(scene: Scene, point: int) -> int:
    """How many of the top player's checkers stand on the picture's `point`."""
    side, count = scene.occupied().get(point, ("nobody", 0))
    return count if side == "opponent" else 0


@pytest.mark.parametrize("variant", ["short", "long"])
async def test_the_top_players_buttons_read_on_the_picture(
        group_harness: Harness, variant: str) -> None:
    h = group_harness
    scenes, goes = await _top_players_turn(h, variant)
    scene = scenes[-1]
    assert not scene.viewer_to_move  # seat 0 sits at the bottom; the top player acts
    assert scene.numbering == "viewer"  # seat 0's numbers, never flipped
    printed = _printed(scene)
    for text, _ in goes:
        src, dst = _numbers(text)[0], _numbers(text)[-1]
        # The button's first number is printed where the top player's checkers stand ...
        assert _vali(scene, printed[src]), (text, scene.occupied())
        # ... and its last where one may land: not on a point the bottom player holds.
        side, count = scene.occupied().get(printed[dst], ("nobody", 0))
        assert side != "viewer" or (variant == "short" and count == 1), (text, side, count)
    # Pressing `a→b` takes a checker from the point printed `a` to the one printed `b`.
    text, data = goes[0]
    src, dst = _numbers(text)[0], _numbers(text)[-1]
    h.fake.user(VALI, "Vali").press(h.board(GROUP), data.pack())
    await h.feed()
    after = scenes[-1]
    assert after is not scene and _printed(after) == printed  # still the top player's turn
    assert _vali(after, printed[src]) == _vali(scene, printed[src]) - 1, text
    assert _vali(after, printed[dst]) == _vali(scene, printed[dst]) + 1, text


async def test_seat_zeros_turn_keeps_seat_zeros_numbers(group_harness: Harness) -> None:
    h = group_harness
    scenes: list[Scene] = []
    draw = h.app.boards.render
    h.app.boards.render = lambda scene: scenes.append(scene) or draw(scene)
    game_id = await group_game(h, "short")
    for _ in range(20):
        if await mover(h, game_id) == ALI and scenes:
            break
        board = h.board(GROUP)
        h.fake.user(VALI, "Vali").press(board, choose(board.buttons).pack())
        await h.feed()
    assert await mover(h, game_id) == ALI
    assert scenes[-1].numbering == "viewer"
    assert [scenes[-1].point_label(p) for p in range(1, 25)] == list(range(1, 25))
