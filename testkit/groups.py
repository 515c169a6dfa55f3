"""Group games: /nard in a group, joined by a second player."""

from __future__ import annotations

from bot.views.callbacks import GameCb
from core.live import Live
from storage import games
from testkit.harness import Harness

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
    flag = next(data for text, data in board.buttons
                if text.startswith("🏳") and data is not None)
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


# What a player presses first, step by step (no one-tap full moves, no cube, no resigning).
PREFERRED = ("r", "t", "ok", "g", "p")  # roll, take, done, go, pick


def next_press(buttons: list[tuple[str, str | None]]) -> str | None:
    """The callback data a player playing step by step presses among `buttons`."""
    acts: dict[str, str] = {}
    for _, data in buttons:
        if data and data.startswith("g:"):
            acts.setdefault(GameCb.unpack(data).a.value, data)
    return next((acts[act] for act in PREFERRED if act in acts), None)


async def play_group_turns(h: Harness, game_id: int, turns: int) -> dict[str, int]:
    """Both players play `turns` turns step by step, pressing the buttons they see (their
    ephemeral ones when the bot sends them such, else the group's board): the calls the
    bot made meanwhile, by method, and `turns` played and `presses`."""
    start = h.fake.mark()
    played = presses = 0
    last_mover = await mover(h, game_id)
    while played < turns:
        player = await mover(h, game_id)
        if player is None:
            break
        if player != last_mover:
            played, last_mover = played + 1, player
        user = h.fake.user(player, "P")
        ephemeral = h.fake.ephemeral_buttons(GROUP, user)
        data = next_press(ephemeral or h.board(GROUP).buttons)
        assert data is not None, (ephemeral, h.board(GROUP).buttons)
        if ephemeral:
            h.fake.press_ephemeral(user, GROUP, data)
        else:
            user.press(h.board(GROUP), data)
        presses += 1
        await h.feed()
    calls: dict[str, int] = {}
    for request in h.fake.requests[start:]:
        calls[request.method] = calls.get(request.method, 0) + 1
    return {**calls, "turns": played, "presses": presses}
