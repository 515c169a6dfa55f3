"""The pictures of the bot at work (README.md, docs/): scripted sessions against the fake
Bot API.

    python -m testkit.screenshots docs

Each scenario plays through the real Dispatcher (seeded dice, a fixed clock) and saves the
messages a player sees, drawn by `testkit.chatshot`.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from testkit.chatshot import render_chat
from testkit.clocks import FakeClock
from testkit.fake_telegram import FakeTelegram
from testkit.harness import Harness, make_harness


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


async def analysis(h: Harness, out: Path) -> None:
    """A short-nard game with the cube between two computers at Intermediate, stored as
    Ali's and Vali's, its result delivered, Ali presses 📊 Analysis (2-ply, worker process)."""
    from testkit.played import play, stored_finished_game

    for user, name in ((7101, "Ali"), (7102, "Vali")):
        h.fake.user(user, name, language_code="en").command("/start")
        await h.feed()
    game_id = await stored_finished_game(h.app, play("short", 4, cube=True), (7101, 7102),
                                         h.clock())
    await h.app.results.deliver(game_id)
    result = next(m for m in h.fake.messages(7101) if any(
        text == "📊 Analysis" for text, _ in m.buttons))
    h.fake.user(7101, "Ali").press(result, next(
        data for text, data in result.buttons if text == "📊 Analysis" and data is not None))
    await h.feed()
    await h.app.analysis.drain()
    await h.app.analysis.stop()
    await h.app.core.stop()
    answer = [m for m in h.fake.messages(7101) if m.message_id >= result.message_id]
    (out / "chat-analysis.png").write_bytes(render_chat(answer[:3]))
    pictures = [m for m in answer if m.photo is not None]
    if pictures:
        (out / "analysis-mistake.png").write_bytes(pictures[0].photo or b"")


async def tournament_watching(h: Harness, out: Path) -> None:
    """An eight-player knock-out begins: the group's news with its watch buttons (the web
    board's and the chat view's), then a watcher's chat view after a few moves."""
    from bot.views.webapp import WebApp
    from testkit.driver import choose, to_act
    from testkit.tournament_play import (
        GROUP,
        PLAYERS,
        full_tournament,
        tick,
        tournament_games,
    )

    h.app.boards.web = WebApp("https://nard.example/app/")
    t = await full_tournament(h, PLAYERS, 7001, "🏆 Knock-out", "Short nard", "1 game",
                              "Without the cube", "8", "When full")
    await tick(h)
    news = [m for m in h.fake.messages(GROUP) if (m.text or "").startswith("🏆 Round 1")]
    (out / "chat-tournament-news.png").write_bytes(render_chat(news))
    watched = (await tournament_games(h, t.id))[0]
    watcher = h.fake.user(7100, "Nodira", language_code="en")
    watcher.command("/start")
    await h.feed()
    watcher.command(f"/start watch-{watched.id}")
    await h.feed()
    for _ in range(6):  # a few steps of the players' turns
        chat = await to_act(h, watched.id)
        pressed = choose(h.board(chat).buttons)
        if pressed is None:
            break
        h.fake.user(chat, "P").press(h.board(chat), pressed.pack())
        await h.feed()
    (out / "chat-tournament-watching.png").write_bytes(
        render_chat(h.fake.messages(watcher.id)[-2:]))


SCENARIOS = (matchmaking, analysis, tournament_watching)


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
