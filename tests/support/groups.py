"""Group games: /nard in a group, joined by a second player."""

from __future__ import annotations

from core.live import Live
from storage import games
from tests.support.harness import Harness

GROUP, ALI, VALI, WATCHER = -100500, 5001, 5002, 5003


async def group_game(h: Harness, options: str = "long") -> int:
    """Ali's `/nard options` in GROUP, Vali joins; the game's id."""
    h.fake.group(GROUP, "Nard club")
    h.fake.user(ALI, "Ali").command(f"/nard {options}", chat=GROUP)
    await h.feed()
    assert "Who's in?" in (h.fake.last_message(GROUP).text or "")
    h.fake.user(VALI, "Vali").press_button(GROUP, "🎲 Join")
    await h.feed()
    [row] = await games.active_games(h.app.db, ALI)
    assert row.players == (ALI, VALI)
    return row.id


async def mover(h: Harness, game_id: int) -> int | None:
    """The player to act in the stored game (None once it is over)."""
    row = await games.load_game(h.app.db, game_id)
    if row.status != "active":
        return None
    return row.players[Live.load(row.state_json).game.to_act]


async def press_flag(h: Harness, chat: int, player: int):
    board = h.board(chat)
    flag = next(data for text, data in board.buttons if text.startswith("🏳"))
    h.fake.user(player, "P").press(board, flag)
    await h.feed()
    return h.fake.message(chat, board.message_id)


async def resign_in_group(h: Harness, game_id: int) -> int:
    """The player to act resigns by 🏳 and "Yes, resign" on the group's board."""
    player = await mover(h, game_id)
    assert player is not None
    board = await press_flag(h, GROUP, player)
    confirm = next(data for _, data in board.buttons if data and ":ry:" in data)
    h.fake.user(player, "P").press(board, confirm)
    await h.feed()
    return player
