"""`python -m bot --local` as a process: no token, nothing beyond 127.0.0.1, the real bot
answering the local chat, the web board signing in with the local init data, and a game
against the computer played through the chat's buttons."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
import pytest_asyncio

from testkit.processes import local_bot

ROOT = Path(__file__).resolve().parents[2]


class Local:
    def __init__(self, url: str, http: aiohttp.ClientSession) -> None:
        self.url, self.http = url, http
        self.init = ""

    def headers(self) -> dict[str, str]:
        return {"Authorization": "tma " + self.init}

    async def login(self, name: str) -> dict[str, Any]:
        async with self.http.post(self.url + "local/api/login", json={"name": name}) as r:
            assert r.status == 200
            me = await r.json()
        self.init = me["init_data"]
        return me

    async def say(self, text: str) -> None:
        async with self.http.post(self.url + "local/api/say", json={"text": text},
                                  headers=self.headers()) as r:
            assert r.status == 200, await r.text()

    async def press(self, message_id: int, data: str) -> None:
        async with self.http.post(self.url + "local/api/press", headers=self.headers(),
                                  json={"message_id": message_id, "data": data}) as r:
            assert r.status == 200, await r.text()

    async def chat(self, since: int = 0) -> dict[str, Any]:
        async with self.http.get(self.url + f"local/api/chat?since={since}",
                                 headers=self.headers()) as r:
            assert r.status == 200
            return await r.json()

    async def until(self, found: Any, timeout: float = 60.0) -> dict[str, Any]:
        """The chat once `found(messages)` holds (long polls; the bot runs in its process)."""
        loop = asyncio.get_running_loop()
        deadline, since = loop.time() + timeout, 0
        while True:
            chat = await asyncio.wait_for(self.chat(since), timeout)
            if found(chat["messages"]):
                return chat
            since = chat["version"]
            assert loop.time() < deadline, chat["messages"][-3:]

    async def button(self, text: str) -> None:
        """Press the newest button whose text contains `text`."""
        chat = await self.until(lambda ms: any(text in b["text"] for m in ms
                                               for row in m["buttons"] for b in row))
        for message in reversed(chat["messages"]):
            for row in message["buttons"]:
                for button in row:
                    if text in button["text"] and "callback_data" in button:
                        return await self.press(message["id"], button["callback_data"])
        raise AssertionError(f"no button {text!r}")


@pytest_asyncio.fixture
async def local(tmp_path: Path) -> AsyncIterator[Local]:
    async with local_bot(tmp_path) as (url, lines):
        # The one line that says why it plays locally, before anything else it prints.
        assert "BOT_TOKEN is not set: playing locally" in lines[0], lines[0]
        async with aiohttp.ClientSession() as http:
            yield Local(url, http)
    assert (tmp_path / "nard-local.sqlite3").exists()  # its own file, not nard.sqlite3
    assert not (tmp_path / "nard.sqlite3").exists()


@pytest.mark.slow
async def test_without_a_token_the_bot_plays_locally_in_the_browser(local: Local) -> None:
    me = await local.login("Ali")
    await local.say("/start")
    await local.until(lambda ms: any("Welcome" in (m["text"] or "") for m in ms))
    # The web board signs in with the local init data; forged init data is refused.
    async with local.http.get(local.url + "app/api/session", headers=local.headers()) as r:
        assert r.status == 200 and (await r.json())["user"]["id"] == me["id"]
    async with local.http.get(local.url + "app/api/session",
                              headers={"Authorization": "tma user=1&hash=0"}) as r:
        assert r.status == 401
    # A game against the computer, chosen with the chat's buttons.
    await local.say("/new")
    for choice in ("Short nard", "Computer", "Beginner", "1 game", "Without the cube"):
        await local.button(choice)
    chat = await local.until(lambda ms: any(m["kind"] == "photo" for m in ms))
    board = next(m for m in reversed(chat["messages"]) if m["kind"] == "photo")
    async with local.http.get(local.url + f"local/files/{board['file']}") as r:
        assert r.status == 200 and (await r.read())[:4] == b"\x89PNG"
    # The board message opens the web board on its game.
    opens = [b for row in board["buttons"] for b in row if "web_app" in b]
    assert opens and "/app/?game=" in opens[0]["web_app"]["url"]
    async with local.http.get(local.url + "app/api/session", headers=local.headers()) as r:
        assert (await r.json())["active"] is not None


@pytest.mark.slow
def test_a_busy_port_is_one_line_naming_the_option(tmp_path: Path) -> None:
    """The port taken: exit status 2 and one line saying so and naming --port, no
    traceback."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "DATABASE_"))}
    env["COMPUTER_WORKERS"] = "0"
    env["PYTHONPATH"] = str(ROOT)  # this checkout's code
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "bot", "--local", "--port", str(port)],
                              cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=120)
    output = done.stdout + done.stderr
    assert done.returncode == 2, output
    assert "Traceback" not in output, output
    [line] = [x for x in output.splitlines() if "cannot listen" in x]
    assert f"127.0.0.1:{port}" in line and "--port" in line, line
