"""A test player that presses the buttons the bot offers, the way a person would."""

from __future__ import annotations

from bot.views.callbacks import Act, GameCb

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
