"""The cube by buttons, a match going on to its next game, and Telegram's edit errors."""

from __future__ import annotations

from bot.views.callbacks import Act
from core.live import Live
from storage import boards, games
from testkit.driver import choose, game_buttons
from testkit.friends import (
    ALI,
    VALI,
    finish_by_resignation,
    finish_by_resignation_in_match,
    play_until,
    start,
    to_move,
)
from testkit.harness import Harness


async def test_double_take_then_drop(harness: Harness) -> None:
    h = harness
    game_id = await start(h, "1 game", "With the cube")
    doubler = await play_until(h, game_id, Act.ROLL)
    board = h.board(doubler)
    double = next(d for _, d in game_buttons(board.buttons) if d.a is Act.DOUBLE)
    h.fake.user(doubler, "D").press(board, double.pack())
    await h.feed()
    taker = VALI if doubler == ALI else ALI
    assert {d.a for _, d in game_buttons(h.board(taker).buttons)} >= {Act.TAKE, Act.DROP}
    take = next(d for _, d in game_buttons(h.board(taker).buttons) if d.a is Act.TAKE)
    h.fake.user(taker, "T").press(h.board(taker), take.pack())
    await h.feed()
    game = Live.load((await games.load_game(h.app.db, game_id)).state_json).game
    assert game.cube_value == 2
    assert game.cube_owner == (await games.load_game(h.app.db, game_id)).players.index(taker)
    # Only the cube's owner may redouble: the owner doubles to 4, the other drops.
    redoubler = await play_until(h, game_id, Act.DOUBLE)
    assert redoubler == taker
    board = h.board(redoubler)
    h.fake.user(redoubler, "R").press(board, next(
        d for _, d in game_buttons(board.buttons) if d.a is Act.DOUBLE).pack())
    await h.feed()
    dropper = doubler
    drop = next(d for _, d in game_buttons(h.board(dropper).buttons) if d.a is Act.DROP)
    h.fake.user(dropper, "X").press(h.board(dropper), drop.pack())
    await h.feed()
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "finished" and row.points == 2  # lost at the cube's value, 2
    assert row.winner_seat == row.players.index(redoubler)


async def test_a_match_goes_on_to_its_next_game(harness: Harness) -> None:
    h = harness
    game_id = await start(h, "To 3 points", "Without the cube")
    await finish_by_resignation_in_match(h, game_id, VALI)
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "active"  # the match goes on in the same row
    live = Live.load(row.state_json)
    assert live.number == 2 and live.game.match.score[row.players.index(ALI)] == 1
    assert "Match to 3: 1–0" in (h.board(ALI).caption or "")
    assert any("Game 2" in (m.text or "") for m in h.fake.messages(ALI))


async def test_a_lost_board_message_is_sent_again(harness: Harness) -> None:
    h = harness
    game_id = await start(h, "1 game", "Without the cube")
    chat = to_move(h)
    old = h.board(chat)
    h.fake.fail_next("editMessageMedia", 400, "Bad Request: message to edit not found")
    h.fake.user(chat, "X").press(old, choose(old.buttons).pack())
    await h.feed()
    new = h.board(chat)
    assert new.message_id != old.message_id
    stored = {m.chat_id: m.message_id for m in await boards.board_messages(h.app.db, game_id)}
    assert stored[chat] == new.message_id


async def test_a_player_who_blocked_the_bot_does_not_stop_the_game(harness: Harness) -> None:
    h = harness
    game_id = await start(h, "1 game", "Without the cube")
    chat = to_move(h)
    other = VALI if chat == ALI else ALI
    h.fake.block(other)
    user = h.fake.user(chat, "X")
    version = (await games.load_game(h.app.db, game_id)).version
    for _ in range(3):
        board = h.board(chat)
        data = choose(board.buttons)
        if data is None:
            break
        user.press(board, data.pack())
        await h.feed()
    assert (await games.load_game(h.app.db, game_id)).version > version
    await finish_by_resignation(h, game_id, chat)
