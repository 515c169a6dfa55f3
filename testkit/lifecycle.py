"""A bot "killed" and started again, and games rebuilt from their move logs."""

from __future__ import annotations

import re

from bot.app import give_grace
from bot.views.board import viewer_of
from core.live import Live
from core.rebuild import games_of_log
from engine.game import Game
from storage import boards, games
from testkit.clocks import FakeClock
from testkit.driver import choose, to_act
from testkit.fake_telegram import FakeTelegram
from testkit.harness import Harness, make_harness
from testkit.pixels import same_picture

WINDOW = 120  # the move timeout of a restarted app, in seconds
GRACE = 30  # RESTART_GRACE_SECONDS' default
GROUP = -100900  # the group of tests/bot/test_lifecycle_log.py


class Restartable:
    """An app that can be "killed" and started again on the same database and fake."""

    def __init__(self, fake: FakeTelegram, database_url: str, auto_analysis: int = 0) -> None:
        self.fake, self.database_url, self.clock = fake, database_url, FakeClock()
        self.auto_analysis = auto_analysis  # finished matches analysed unasked (0: off)
        self.h: Harness | None = None
        self.starts = 0

    async def start(self) -> Harness:
        self.starts += 1
        self.h = await make_harness(self.fake, self.database_url, seed=self.starts,
                                    clock=self.clock, timeout=WINDOW,
                                    auto_analysis=self.auto_analysis)
        return self.h

    async def kill(self) -> None:
        """Stop as SIGKILL would: no more requests, no clean-up of what was in flight."""
        assert self.h is not None
        await self.h.app.db.close()
        await self.h.app.bot.session.close()
        self.h = None

    async def restart(self) -> Harness:
        """Start again ("killed" first, unless it is already)."""
        if self.h is not None:
            await self.kill()
        h = await self.start()
        await give_grace(h.app, h.app.services.settings)  # as `python -m bot` starts
        await h.app.timers.tick()  # the timer loop's first pass, at start-up
        await h.app.coalescer.drain()
        return h


def results(h: Harness, chat: int) -> list[str]:
    """The result messages `chat` received."""
    return [m.text or "" for m in h.fake.messages(chat)
            if (m.text or "").startswith(("🏆 You won", "You lost"))]



async def assert_boards_show_the_stored_game(h: Harness, game_id: int) -> None:
    """Every board message of the game shows exactly what the bot draws for the stored game
    now: the picture, the caption and the buttons (of the stored version)."""
    row = await games.load_game(h.app.db, game_id)
    live = Live.load(row.state_json)
    publisher = h.app.boards
    messages = await boards.board_messages(h.app.db, game_id)
    assert messages
    for message in messages:
        assert message.shown_version == row.version, (message, row.version)
        shown = h.fake.message(message.chat_id, message.message_id)
        if message.player_id is None:
            expected = await publisher.group_board(row, live, message.chat_id)
        else:
            seat = row.seat_of(message.player_id)
            assert seat is not None
            expected = await publisher.board(row, live, await viewer_of(h.app.people, row, seat))
        # The time left is as of the drawing: a board drawn a few seconds ago is current.
        assert _untimed(shown.caption) == _untimed(expected.caption)
        assert shown.buttons == [(b.text, b.callback_data) for line in (
            expected.keyboard.inline_keyboard if expected.keyboard else []) for b in line]
        assert same_picture(shown.photo, expected.photo)


def _untimed(caption: str | None) -> str:
    return re.sub(r"⏱ \d+:\d\d", "⏱", caption or "")


def replay(log: dict[int, list], variant: str, length: int, cube: bool) -> list[Game]:
    """Every game of the match rebuilt from its log lines alone (`core.rebuild`, which the
    replays and match files use), after checking the log's shape: games numbered from 1,
    engine events on every line but a turn's steps and undos, and every game rebuilt."""
    assert sorted(log) == list(range(1, len(log) + 1))
    for lines in log.values():
        assert all((line.data is None) == (line.kind in ("step", "undo")) for line in lines)
    played = games_of_log(log, variant, length, cube)
    assert len(played) == len(log), (len(played), sorted(log))
    return played


async def presses(h: Harness, game_id: int, count: int) -> None:
    """Press what the player to act is offered, `count` times (or until the game ends)."""
    for _ in range(count):
        row = await games.load_game(h.app.db, game_id)
        if row.status != "active":
            return
        chat = await to_act(h, game_id)
        board = h.board(GROUP if await _in_group(h, game_id) else chat)
        data = choose(board.buttons)
        assert data is not None
        h.fake.user(chat, "P").press(board, data.pack())
        await h.feed()


async def _in_group(h: Harness, game_id: int) -> bool:
    return any(m.player_id is None for m in await boards.board_messages(h.app.db, game_id))
