"""What players tripped on, through the real Dispatcher and the fake Bot API: each test
failed before its fix."""

from __future__ import annotations

import re

from storage import games
from tests.bot.conftest import Harness
from tests.bot.driver import choose
from tests.bot.test_friends import ALI, VALI, friend_game, to_move

# "🔒 Dice seed (Ali): SHA-256 …" in any language.
COMMITTED = re.compile(r"🔒 [^(\n]*\(([^)]+)\): SHA-256 ([0-9a-f]{64})")


async def play_turns(h: Harness, game_id: int, turns: int) -> None:
    """Press the offered buttons until `turns` turns have been played."""
    users = {ALI: h.fake.user(ALI, "Ali"), VALI: h.fake.user(VALI, "Vali", language_code="ru")}
    moved = 0
    while moved < turns:
        assert (await games.load_game(h.app.db, game_id)).status == "active"
        chat = to_move(h)
        board = h.board(chat)
        data = choose(board.buttons)
        assert data is not None, h.fake.transcript(chat)
        users[chat].press(board, data.pack())
        await h.feed()
        moved += to_move(h) != chat  # the turn passed to the other player


# -- 1. the dice's commitment: on the first board, not above every move ---------------------


async def test_the_dice_commitment_is_shown_on_the_first_board_not_on_every_move(
        harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    first = {chat: h.board(chat).caption or "" for chat in (ALI, VALI)}
    committed = {chat: COMMITTED.findall(caption) for chat, caption in first.items()}
    assert [name for name, _ in committed[ALI]] == ["Ali", "Vali"], first[ALI]
    assert [hash_ for _, hash_ in committed[VALI]] == [hash_ for _, hash_ in committed[ALI]]
    await play_turns(h, game_id, 3)  # both players have moved
    for chat in (ALI, VALI):
        caption = h.board(chat).caption or ""
        assert "SHA-256" not in caption and "🔒" not in caption, caption
    # The commitment is one command away while the game goes on: /seed shows it.
    h.fake.user(ALI, "Ali").command("/seed")
    await h.feed()
    text = h.fake.last_message(ALI).text or ""
    assert COMMITTED.findall(text) == committed[ALI], text
