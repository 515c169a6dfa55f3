"""Bot API calls held on their way to the fake Bot API, so that a test can kill the real
`python -m bot` at exactly that moment (tests/e2e's kill tests)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from testkit.fake_telegram import ApiError, FakeTelegram

HANDLERS = {"editMessageMedia": "_edit_message_media", "sendPhoto": "_send_photo",
            "sendMessage": "_send_message"}
Rule = Callable[[dict[str, Any]], bool]


class Holds:
    """Bot API calls made to hang on their way to the fake (they never reach its chats):
    the process can then be killed at exactly that moment. An edit held `late` is carried
    out when released, after its sender is gone (Telegram slow to act on it)."""

    def __init__(self, fake: FakeTelegram) -> None:
        self.rules: list[tuple[str, Rule, bool]] = []
        self.hit = asyncio.Event()
        self.release = asyncio.Event()
        self.landed = asyncio.Event()  # a late edit was carried out
        self.hit_at = 0.0  # when (monotonic) the last held call was held
        for method, name in HANDLERS.items():
            fake.register(method, self._wrap(method, getattr(fake, name)))

    def _wrap(self, method: str, original: Callable[..., Any]) -> Callable[..., Any]:
        async def handler(params: dict[str, Any], files: dict[str, bytes]) -> Any:
            rule = next((r for r in self.rules if r[0] == method and r[1](params)), None)
            if rule is None:
                return original(params, files)
            self.rules.remove(rule)
            self.hit_at = time.monotonic()
            self.hit.set()
            await self.release.wait()  # the process is killed meanwhile
            if rule[2]:
                try:
                    return original(params, files)  # carried out now, after all
                finally:
                    self.landed.set()
            raise ApiError(500, "Internal Server Error: the sender is gone")
        return handler

    def arm(self, method: str, when: Rule = lambda p: True, late: bool = False) -> None:
        """Hold the next `method` call whose parameters satisfy `when`."""
        self.hit.clear()
        self.landed.clear()
        self.rules.append((method, when, late))

    def free(self) -> None:
        """Let every held call go (and forget the rules not yet met)."""
        self.rules.clear()
        self.release.set()
        self.release = asyncio.Event()
