"""Games stored in a chosen position (crafted), then played on through the buttons."""

from __future__ import annotations

from typing import Any

from bot.views.callbacks import Act, GameCb
from core.live import Live
from engine.game import Phase
from engine.position import Position
from storage import games
from testkit.driver import game_buttons
from testkit.harness import Harness

# The mover's last two checkers on 6 and 2, the opponent's all on its 1-point (my 24).
BEAR_OFF = Position("short", [13, 0, 1, 0, 0, 0, 1] + [0] * 19, [0, 15] + [0] * 24)


async def craft(h: Harness, game_id: int, position: Position, *, seat: int, phase: Phase,
                dice: tuple[int, int] | None = None, **fields: Any) -> int:
    """Store the game as `seat` to act in `position` (its own view); returns that player."""
    row = await games.load_game(h.app.db, game_id)
    live = Live.load(row.state_json)
    game = live.game
    game.position, game.seat, game.phase, game.dice = position, seat, phase, dice
    game.moved = [True, True]
    for name, value in fields.items():
        setattr(game, name, value)
    live.steps = []
    await games.save_game(h.app.db, game_id, row.version, state_json=live.dump(),
                          deadline=row.deadline, now=h.clock())
    player = row.players[seat]
    assert player is not None
    h.fake.user(player, "P").command("/games")  # a fresh board of the stored game
    await h.feed()
    return player


def buttons(h: Harness, chat: int, act: Act) -> list[tuple[str, GameCb]]:
    """The `act` buttons of `chat`'s newest board."""
    return [(text, data) for text, data in game_buttons(h.board(chat).buttons) if data.a is act]


async def press(h: Harness, chat: int, data: GameCb) -> dict[str, Any] | None:
    """Press `data` on `chat`'s newest board; the callback's answer (None: none yet)."""
    update = h.fake.user(chat, "P").press(h.board(chat), data.pack())
    await h.feed()
    return h.fake.callback_answer(update)


async def mover_of(h: Harness, game_id: int) -> int:
    """The seat (0 or 1) to act in the stored game."""
    row = await games.load_game(h.app.db, game_id)
    return Live.load(row.state_json).game.to_act


# The winner (on roll) has one checker left on its 1-point; the loser has borne off nothing
# and has no checker in the winner's home: resigning loses a mars.
HOPELESS = Position("short", [14, 1] + [0] * 24, [0] * 13 + [15] + [0] * 12)
