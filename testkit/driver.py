"""A test player that presses the buttons the bot offers, the way a person would."""

from __future__ import annotations

from bot.views.callbacks import Act, GameCb
from core.live import Live
from storage import games
from testkit.harness import Harness

# What a player presses first when several game buttons are offered.
PREFERENCE = (Act.DONE, Act.GO, Act.PICK, Act.ROLL, Act.TAKE)


def game_buttons(buttons: list[tuple[str, str | None]]) -> list[tuple[str, GameCb]]:
    out = []
    for text, data in buttons:
        if data and data.startswith("g:"):
            out.append((text, GameCb.unpack(data)))
    return out


def choose(buttons: list[tuple[str, str | None]]) -> GameCb | None:
    """The button to press: Done when offered, else the furthest move, else a checker."""
    offered = game_buttons(buttons)
    for act in PREFERENCE:
        matching = [data for _, data in offered if data.a is act]
        if matching:
            # GO buttons come nearest first: the furthest one makes games short.
            return matching[-1] if act is Act.GO else matching[0]
    return None


def choice(buttons: list[tuple[str, str | None]]) -> str:
    """The callback data of `choose`'s button, on a board that offers one."""
    chosen = choose(buttons)
    assert chosen is not None, buttons
    return chosen.pack()


async def resign(h, loser: int) -> None:
    """Resign through the buttons: 🏳 on the newest board, then "Yes, resign"."""
    board = h.board(loser)
    flag = next(data for text, data in board.buttons if text.startswith("🏳"))
    user = h.fake.user(loser, "X")
    user.press(board, flag)
    await h.feed()
    confirm = next(data for _, data in h.fake.buttons(loser, board.message_id)
                   if data and ":ry:" in data)
    user.press(h.fake.message(loser, board.message_id), confirm)
    await h.feed()


async def to_act(h: Harness, game_id: int) -> int:
    """The player to act in the stored game."""
    row = await games.load_game(h.app.db, game_id)
    player = row.players[Live.load(row.state_json).game.to_act]
    assert player is not None
    return player


async def press_until(h: Harness, game_id: int, act: Act) -> int:
    """Press the offered buttons until the player to act is offered `act`; their chat."""
    for _ in range(200):
        chat = await to_act(h, game_id)
        board = h.board(chat)
        if any(d.a is act for _, d in game_buttons(board.buttons)):
            return chat
        h.fake.user(chat, "P").press(board, choice(board.buttons))
        await h.feed()
    raise AssertionError(f"{act} never offered")


def press(h: Harness, chat: int, act: Act) -> None:
    """Press the `act` button of `chat`'s newest board (the update is queued, not fed)."""
    board = h.board(chat)
    data = next(d for _, d in game_buttons(board.buttons) if d.a is act)
    h.fake.user(chat, "P").press(board, data.pack())


async def play_again(h: Harness, chat: int, at_once: bool = False) -> dict:
    """Press the rematch button of `chat`'s newest board; fed unless `at_once`."""
    board = h.board(chat)
    [data] = [d for _, d in game_buttons(board.buttons) if d.a is Act.REMATCH]
    update = h.fake.user(chat, "P").press(board, data.pack())
    if not at_once:
        await h.feed()
    return update
