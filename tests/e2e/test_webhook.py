"""`python -m bot` in webhook mode: a real process on 127.0.0.1 that Telegram (the fake)
posts updates to, and the one-off commands that tell Telegram where to post.

The bot answers through the fake Bot API; a request without the right secret token header
is refused with 401 and never handled; polling is refused while a webhook is set; SIGTERM
stops the process cleanly, worker processes included.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import re
import signal
import sys
from pathlib import Path

import aiohttp
import pytest

from bot.views.callbacks import Act
from testkit.driver import choose, game_buttons
from testkit.fake_telegram import SECRET_HEADER, FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.processes import SECRET, free_port, gone

pytestmark = pytest.mark.slow  # real `python -m bot` processes: seconds to minutes a test

ROOT = Path(__file__).resolve().parents[2]
USER = 4001


def bot_env(fake: FakeTelegram, tmp_path: Path, port: int, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("BOT_", "TELEGRAM_", "WEBHOOK_", "COMPUTER_"))}
    env.update(BOT_TOKEN=fake.token, TELEGRAM_API_URL=fake.url,
               DATABASE_PATH=str(tmp_path / "nard.sqlite3"), LOG_LEVEL="INFO",
               PYTHONPATH=str(ROOT), WEBHOOK_URL=f"http://127.0.0.1:{port}/tg/updates",
               WEBHOOK_SECRET=SECRET, WEBHOOK_HOST="127.0.0.1", WEBHOOK_PORT=str(port))
    env.update(extra)
    return env


async def command(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    """`python -m bot <args>`, awaited so that the fake keeps serving meanwhile."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", *args, cwd=ROOT, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode()


async def wait_healthy(port: int, bot: asyncio.subprocess.Process) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    async with aiohttp.ClientSession() as session:
        while loop.time() < deadline:
            assert bot.returncode is None, "the bot exited"
            try:
                async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
                    if response.status == 200:
                        return
            except aiohttp.ClientConnectionError:
                pass
            await asyncio.sleep(0.1)
    raise TimeoutError("the webhook server did not come up")


async def post(url: str, update: dict, headers: dict[str, str]) -> int:
    async with aiohttp.ClientSession() as session, session.post(
            url, json=update, headers=headers) as response:
        return response.status


async def next_board(fake: FakeTelegram, drawn: int):
    """The player's newest board once it was redrawn (more than `drawn` sends and edits)
    and offers a move (the computer may be thinking first)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while loop.time() < deadline:
        boards = [m for m in fake.messages(USER) if m.photo is not None]
        if boards and len(boards) + sum(len(m.edits) for m in boards) > drawn and (
                choose(boards[-1].buttons) is not None):
            return boards[-1]
        await asyncio.sleep(0.02)
    raise TimeoutError(fake.transcript(USER))


async def test_set_delete_and_show_the_webhook_by_command(
        fake_telegram: FakeTelegram, tmp_path: Path) -> None:  # noqa: F811
    fake, port = fake_telegram, free_port()
    env = bot_env(fake, tmp_path, port)
    fake.user(USER, "Ali").command("/start")  # an update Telegram holds for the bot
    status, out, err = await command(env, "set-webhook", "--max-connections", "10")
    assert status == 0, err
    assert fake.webhook["url"] == f"http://127.0.0.1:{port}/tg/updates"
    assert fake.webhook["secret_token"] == SECRET
    # What the handlers use (a tournament's players leaving the group: chat_member).
    assert sorted(fake.webhook["allowed_updates"]) == [
        "callback_query", "chat_member", "inline_query", "message", "my_chat_member"]
    assert fake.webhook["max_connections"] == "10"
    assert f"url: http://127.0.0.1:{port}/tg/updates" in out and "pending updates: 1" in out
    assert SECRET not in out + err and fake.token.split(":")[1] not in out + err
    assert len(fake.calls("setWebhook")) == 1

    status, out, _ = await command(env, "webhook-info")
    assert status == 0 and f"127.0.0.1:{port}" in out

    status, out, _ = await command(env, "delete-webhook", "--drop-pending-updates")
    assert status == 0 and "url: (none" in out and "pending updates: 0" in out
    assert fake.webhook == {} and fake.pending_updates == []


async def test_a_bad_webhook_url_is_telegrams_one_line_error(
        fake_telegram: FakeTelegram, tmp_path: Path) -> None:  # noqa: F811
    env = bot_env(fake_telegram, tmp_path, 8443, WEBHOOK_URL="http://127.0.0.1:8443/a b")
    status, out, err = await command(env, "set-webhook")
    assert status == 1 and out == ""
    [line] = err.strip().splitlines()
    assert "bad webhook" in line


async def test_the_bot_serves_posted_updates_and_refuses_a_wrong_secret(
        fake_telegram: FakeTelegram, tmp_path: Path) -> None:  # noqa: F811
    fake, port = fake_telegram, free_port()
    env = bot_env(fake, tmp_path, port, BOT_MODE="webhook")
    log = (tmp_path / "bot.log").open("wb")
    bot = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=tmp_path,
                                               env=env, stdout=log, stderr=log)
    try:
        await wait_healthy(port, bot)
        assert fake.calls("setWebhook") == []  # a process never sets the webhook itself
        assert (await command(env, "set-webhook"))[0] == 0
        user = fake.user(USER, "Ali")
        url = f"http://127.0.0.1:{port}/tg/updates"

        # Forged requests: no header, a wrong secret. Refused, never handled.
        forged = user.command("/start")
        fake.pop_update()
        assert await post(url, forged, {}) == 401
        assert await post(url, forged, {SECRET_HEADER: "wrong"}) == 401
        assert await post(url, forged, {SECRET_HEADER: SECRET + "x"}) == 401
        assert await post(f"http://127.0.0.1:{port}/elsewhere", forged,
                          {SECRET_HEADER: SECRET}) == 404

        # As Telegram posts them: the bot answers through the Bot API.
        mark = fake.mark()
        user.command("/start")
        assert await fake.deliver_webhook() == [200]
        await fake.wait_for("sendMessage", lambda r: r.params.get("chat_id") == USER,
                            after=mark, timeout=30)
        assert not [r for r in fake.requests[:mark] if r.method == "sendMessage"]

        # A game against the computer, every press posted to the webhook.
        user.command("/new")
        await fake.deliver_webhook()
        await fake.wait_for("sendMessage", lambda r: r.params.get("text") == "Which game?",
                            timeout=30)
        labels = ("Long nard", "🤖 Computer", "Beginner", "1 game")
        for label, following in itertools.pairwise(labels):
            user.press_button(USER, label)
            await fake.deliver_webhook()
            await fake.wait_for("editMessageText", lambda r, f=following: f in str(
                r.params.get("reply_markup")), timeout=30)
        user.press_button(USER, labels[-1])
        await fake.deliver_webhook()
        board, drawn = await next_board(fake, 0), 1
        for _ in range(8):
            data = choose(board.buttons)
            assert data is not None, fake.transcript(USER)
            query = user.press(board, data.pack())["callback_query"]["id"]
            assert await fake.deliver_webhook() == [200]
            await fake.wait_for("answerCallbackQuery", lambda r, q=query: r.params.get(
                "callback_query_id") == q, timeout=30)
            board = await next_board(fake, drawn)
            boards = [m for m in fake.messages(USER) if m.photo is not None]
            drawn = len(boards) + sum(len(m.edits) for m in boards)
        offered = game_buttons(fake.last_message(USER).buttons)
        assert offered and all(d.a is not Act.REMATCH for _, d in offered)

        # Polling while the webhook is set would only meet 409s: refused, one clear line.
        polling = {**env, "BOT_MODE": "polling",
                   "DATABASE_PATH": str(tmp_path / "other.sqlite3")}
        status, _, err = await command(polling)
        assert status == 2 and "delete-webhook" in err and "Traceback" not in err

        bot.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(bot.wait(), 30) == 0
    finally:
        if bot.returncode is None:
            bot.kill()
            await bot.wait()
        log.close()
        print((tmp_path / "bot.log").read_text(errors="replace")[-3000:])
    text = (tmp_path / "bot.log").read_text(errors="replace")
    assert "Traceback" not in text
    assert SECRET not in text
    # The computer's workers stopped with the bot.
    pids = [int(p) for p in re.search(r"ready in .* \(pids ([\d, ]+)\)", text)[1].split(", ")]
    assert pids and all(gone(pid) for pid in pids)
