"""A result message goes out once while a slow send of it is on its way (bot/services/
results.py): the sender holds the notice for as long as a try of the send may take, so
another process's timer does not send it again meanwhile.

Before, the claim was 5 s, whatever the send took: a send slower than that (Telegram slow,
a retry after a 5xx) let the other process's timer send a second copy.
"""

from __future__ import annotations

import asyncio
from typing import Any

from storage import games, outbox
from testkit.clocks import FakeClock
from testkit.driver import resign
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.friends import ALI, VALI, english_friend_game
from testkit.harness import make_harness, stop_harness
from testkit.lifecycle import results


class SlowResults:
    """The next result message's send is held on its way until released."""

    def __init__(self, fake: FakeTelegram) -> None:
        self.original = fake._send_message
        self.armed = False
        self.hit, self.go = asyncio.Event(), asyncio.Event()
        fake.register("sendMessage", self._send)

    async def _send(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        if self.armed and "You " in str(params.get("text")):
            self.armed = False
            self.hit.set()
            await self.go.wait()
        return self.original(params, files)


async def test_a_slow_result_send_is_not_sent_again_by_another_process(
        fake_telegram: FakeTelegram, database_url: str) -> None:  # noqa: F811
    fake, clock = fake_telegram, FakeClock()
    slow = SlowResults(fake)
    a = await make_harness(fake, database_url, seed=1, clock=clock)
    b = await make_harness(fake, database_url, seed=2, clock=clock)
    try:
        game_id = await english_friend_game(a)
        slow.armed = True
        resigning = asyncio.create_task(resign(a, ALI))
        await asyncio.wait_for(slow.hit.wait(), 30)  # A sends the result: slowly
        clock.advance(8)  # a slow try: Telegram answers within a try's 10 s
        assert await b.app.results.deliver() == 0  # B's timer finds it held: not sent
        slow.go.set()
        await resigning
        assert (await games.load_game(a.app.db, game_id)).status == "finished"
        assert not await outbox.pending_notices(a.app.db)
        assert len(results(a, ALI)) == 1 and len(results(a, VALI)) == 1
    finally:
        slow.go.set()
        await stop_harness(a)
        await stop_harness(b)
