"""The README's pictures of the bot at work: scripted sessions against the fake Bot API.

    python -m tests.support.screenshots docs

Each scenario plays through the real Dispatcher (seeded dice, a fixed clock) and saves the
messages a player sees, drawn by `tests.support.chatshot`.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from tests.bot.conftest import FakeClock, Harness, make_harness
from tests.support.chatshot import render_chat
from tests.support.fake_telegram import FakeTelegram


async def matchmaking(h: Harness, out: Path) -> None:
    leyla = h.fake.user(7002, "Leyla", language_code="en")
    ali = h.fake.user(7001, "Alisher", language_code="uz")
    leyla.command("/new")
    await h.feed()
    for label in ("Short nard", "🔎 Find an opponent", "Any length", "Either"):
        leyla.press_button(leyla.id, label)
        await h.feed()
    h.clock.advance(35)
    await h.app.timers.tick()
    (out / "chat-matchmaking-waiting.png").write_bytes(
        render_chat([h.fake.last_message(leyla.id)]))
    ali.command("/play")
    await h.feed()
    for label in ("Qisqa nard", "3 ochkogacha", "Farqi yoʻq"):
        ali.press_button(ali.id, label)
        await h.feed()
    found = [m for m in h.fake.messages(leyla.id) if m.text and "Opponent found" in m.text]
    (out / "chat-matchmaking-found.png").write_bytes(render_chat([*found, h.board(leyla.id)]))


SCENARIOS = (matchmaking,)


async def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for scenario in SCENARIOS:
        with tempfile.TemporaryDirectory() as folder:
            async with FakeTelegram() as fake:
                h = await make_harness(fake, Path(folder), clock=FakeClock())
                try:
                    await scenario(h, out)
                finally:
                    await h.app.db.close()
                    await h.app.bot.session.close()


if __name__ == "__main__":
    asyncio.run(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs")))
