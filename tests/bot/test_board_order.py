"""Redraws never go backwards: a board edit for a version is never sent after one for a
newer version of the same message, across tasks, retries, the repairs and processes.

Seen in a real deployment: after a SIGTERM, older edits (v114, v111) of a board reached
Telegram after a newer one (v115) while the database recorded 115 as shown; nothing ever
repaired it. Here two "processes" (two apps on one database, one fake Bot API) race the
same board message while the fake holds an edit on its way (a slow Telegram) and applies it
late, or answers it 429. Afterwards every board must show the stored game, and the edits
each message received must never go back to an older version, as long as the process that
sent the older edit still runs. A process that is gone sends nothing more, and the next one
does not wait for its sends (storage/presence.py); if Telegram carries out its last request
late, after a newer one, the board goes back until that request's lease ends, and is sent
again then.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from bot.services.boards import SEND_LEASE
from bot.views.callbacks import Act, GameCb
from core.live import Live
from storage import boards, games
from testkit.clocks import FakeClock
from testkit.driver import press, press_until, resign
from testkit.fake_telegram import FakeTelegram, StoredMessage
from testkit.fixtures import bot_for, fake_telegram  # noqa: F401 - a fixture
from testkit.friends import ALI, VALI, english_friend_game
from testkit.harness import Harness, make_harness, stop_harness
from testkit.lifecycle import assert_boards_show_the_stored_game
from testkit.waiting import until

Sleep = Callable[[float], Awaitable[None]]


class LateEdits:
    """The next edit of a chat is held on its way (a slow Telegram) and applied when
    released, whoever sent it and whether or not its sender is still there."""

    def __init__(self, fake: FakeTelegram) -> None:
        self.original = fake._edit_message_media
        self.chat: int | None = None
        self.hit, self.go, self.landed = asyncio.Event(), asyncio.Event(), asyncio.Event()
        fake.register("editMessageMedia", self._edit)

    def hold(self, chat: int) -> None:
        self.chat = chat
        self.hit.clear()

    async def _edit(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        if self.chat is not None and params.get("chat_id") == self.chat:
            self.chat = None
            self.hit.set()
            await self.go.wait()
            try:
                return self.original(params, files)
            finally:
                self.landed.set()
        return self.original(params, files)


class Gate:
    """A sleep that waits until the test opens the gate (then passes the clock on)."""

    def __init__(self, clock: FakeClock) -> None:
        self.clock, self.open, self.waiting = clock, asyncio.Event(), 0

    async def __call__(self, seconds: float) -> None:
        self.waiting += 1
        await self.open.wait()
        await self.clock.sleep(seconds)


def version_shown(markup: dict[str, Any] | None) -> float:
    """The game version a board's buttons were drawn for (a board without game buttons, a
    finished game's, counts as the newest)."""
    versions = [GameCb.unpack(button["callback_data"]).v
                for row in (markup or {}).get("inline_keyboard", []) for button in row
                if str(button.get("callback_data", "")).startswith("g:")]
    return max(versions) if versions else float("inf")


def never_backwards(message: StoredMessage) -> None:
    """The edits the message received, in the order Telegram applied them, never go back
    to an older version."""
    seen = [version_shown(edit.reply_markup) for edit in message.edits
            if edit.method == "editMessageMedia"]
    assert seen == sorted(seen), seen


async def board_messages(h: Harness, game_id: int) -> list[StoredMessage]:
    return [h.fake.message(m.chat_id, m.message_id)
            for m in await boards.board_messages(h.app.db, game_id)]


async def a_turn_ends_with_an_edit_on_its_way(a: Harness, late: LateEdits
                                              ) -> tuple[int, int, int]:
    """A friend game on process A whose mover ends a turn; A's edit of the other player's
    board is held on its way (a slow Telegram) and A takes no more updates. Returns (game,
    mover, other player)."""
    game_id = await english_friend_game(a)
    mover = await press_until(a, game_id, Act.DONE)
    other = VALI if mover == ALI else ALI
    late.hold(other)
    press(a, mover, Act.DONE)
    feeding = asyncio.create_task(a.feed())
    await asyncio.wait_for(late.hit.wait(), 30)
    feeding.cancel()
    await asyncio.gather(feeding, return_exceptions=True)
    return game_id, mover, other


async def test_an_edit_of_a_stopping_process_that_lands_late_is_not_overtaken(
        fake_telegram: FakeTelegram, database_url: str) -> None:  # noqa: F811
    fake, clock = fake_telegram, FakeClock()
    late = LateEdits(fake)
    a = await make_harness(fake, database_url, seed=1, clock=clock)
    b = await make_harness(fake, database_url, seed=2, clock=clock)
    gate = Gate(clock)
    b.app.repair.sleep = gate  # B's later redraws wait for the test
    try:
        # A is told to stop (a deploy) while its edit is on its way: it takes no more
        # updates, but it runs on, its edit still on its way to Telegram.
        game_id, mover, _ = await a_turn_ends_with_an_edit_on_its_way(a, late)
        # B (the new process) carries on: the mover resigns, B draws the end.
        await resign(b, mover)
        row = await games.load_game(b.app.db, game_id)
        assert row.status == "finished"
        # Telegram applies A's old edit only now.
        late.go.set()
        await asyncio.wait_for(late.landed.wait(), 30)
        gate.open.set()
        await b.app.repair.drain()
        await assert_boards_show_the_stored_game(b, game_id)
        for message in await board_messages(b, game_id):
            never_backwards(message)
    finally:
        late.go.set()
        gate.open.set()
        await stop_harness(a)
        await stop_harness(b)


async def test_an_edit_of_a_process_that_is_gone_is_put_right_when_its_lease_ends(
        fake_telegram: FakeTelegram, database_url: str) -> None:  # noqa: F811
    fake, clock = fake_telegram, FakeClock()
    late = LateEdits(fake)
    a = await make_harness(fake, database_url, seed=1, clock=clock)
    b = await make_harness(fake, database_url, seed=2, clock=clock)
    try:
        # A is gone (killed, or stopped) while its edit is on its way to Telegram.
        game_id, mover, other = await a_turn_ends_with_an_edit_on_its_way(a, late)
        await stop_harness(a)
        # B does not wait for A's lease: it draws the end at once ...
        await resign(b, mover)
        await b.app.repair.drain()
        row = await games.load_game(b.app.db, game_id)
        stored = next(m for m in await boards.board_messages(b.app.db, game_id)
                      if m.chat_id == other)
        board = fake.message(other, stored.message_id)
        assert version_shown(board.reply_markup) == row.version
        # ... and when Telegram carries out A's old edit after it (the one way a board can
        # go back: a dead process's request carried out late), the board is sent again
        # once A's lease would have ended.
        late.go.set()
        await asyncio.wait_for(late.landed.wait(), 30)
        assert version_shown(board.reply_markup) < row.version
        clock.advance(SEND_LEASE)
        await b.app.timers.tick()
        await b.app.coalescer.drain()
        await assert_boards_show_the_stored_game(b, game_id)
        assert version_shown(board.reply_markup) == row.version
    finally:
        late.go.set()
        await stop_harness(b)


async def test_a_retry_never_sends_an_older_board_after_a_newer_one(
        fake_telegram: FakeTelegram, database_url: str) -> None:  # noqa: F811
    fake, clock = fake_telegram, FakeClock()
    retry_wait = Gate(clock)
    a = await make_harness(fake, database_url, seed=1, clock=clock, sleep=retry_wait)
    b = await make_harness(fake, database_url, seed=2, clock=clock)
    gate = Gate(clock)
    b.app.repair.sleep = gate
    try:
        game_id = await english_friend_game(a)
        mover = await press_until(a, game_id, Act.DONE)
        other = VALI if mover == ALI else ALI
        # A's edit of the other board is answered 429 (retry after 1 s): A waits to retry.
        fake.fail_next("editMessageMedia", 429, retry_after=1,
                       when=lambda p: p.get("chat_id") == other)
        press(a, mover, Act.DONE)
        feeding = asyncio.create_task(a.feed())
        await until(lambda: bool(retry_wait.waiting) or feeding.done(), 30,
                    "A to wait to retry its edit")
        assert retry_wait.waiting, feeding
        # Meanwhile the game moves on through B: the mover resigns.
        await resign(b, mover)
        # A's retry comes after B's newer board was decided: it must not send the old one.
        retry_wait.open.set()
        await feeding
        gate.open.set()
        await b.app.repair.drain()
        await a.app.repair.drain()
        await assert_boards_show_the_stored_game(b, game_id)
        for message in await board_messages(b, game_id):
            never_backwards(message)
        stored = await games.load_game(b.app.db, game_id)
        assert Live.load(stored.state_json).game.result is not None
    finally:
        retry_wait.open.set()
        gate.open.set()
        await stop_harness(a)
        await stop_harness(b)

