"""`python -m bot` as a real process against a hostile fake Bot API.

The Bot API is not there when the bot starts (it waits, it does not exit); then the API
answers with redirect loops, dropped connections and a proxy's HTML page, while a few
hundred random updates (forged buttons, huge numbers, every shape of callback query) come
in. The process keeps serving, answers every button press, and its log holds neither the
token nor a traceback.
"""

from __future__ import annotations

import socket
import subprocess
from functools import partial
from pathlib import Path

import pytest

from testkit.faults import FaultyTelegram
from testkit.fuzz import UpdateFuzzer
from testkit.processes import start_bot
from testkit.waiting import patient
from testkit.waiting import until as wait_until

pytestmark = pytest.mark.slow  # real `python -m bot` processes: seconds to minutes a test

TOKEN = "987654:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw"
UPDATES = 300


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


until = partial(wait_until, timeout=60.0)


async def test_a_hostile_bot_api_and_random_updates(tmp_path: Path) -> None:
    fake = FaultyTelegram(TOKEN, port=free_port())
    db, log = tmp_path / "nard.sqlite3", tmp_path / "bot.log"
    bot = start_bot(fake, str(db), log)  # the API is down: connections are refused
    try:
        await until(lambda: log.exists() and "not answering" in log.read_text(errors="replace"),
                    what="the bot did not wait for the API")
        assert bot.poll() is None  # still running
        await fake.start()
        user = fake.user(4001, "Ali")
        mark = fake.mark()
        user.command("/start")
        await fake.wait_for("sendMessage", after=mark, timeout=60)

        # Redirect loops (their error text holds the URL with the token), dropped
        # connections, a proxy's error page; also on the long poll itself.
        fake.fault("sendMessage", "redirect", times=3)
        fake.fault("getUpdates", "redirect")
        fake.fault("*", "disconnect", times=4)
        fake.fault("*", "html", times=4)
        fuzzer = UpdateFuzzer(fake, seed=7, users=30, groups=3)
        for _ in range(UPDATES):
            fuzzer.step()
        await fake.wait_delivered(timeout=120)
        def unanswered() -> list[str]:
            return [q for q in fuzzer.callback_ids if fake.callback_answer(q) is None]

        await until(lambda: not unanswered(), timeout=120, what="unanswered presses")
        mark = fake.mark()
        user.command("/help")  # still serving
        await fake.wait_for("sendMessage", after=mark, timeout=60)
        assert ("getUpdates", "redirect") in fake.faulted
        assert {kind for _, kind in fake.faulted} == {"redirect", "disconnect", "html"}
    finally:
        try:
            bot.terminate()
            bot.wait(patient(30))
        except subprocess.TimeoutExpired as stuck:
            bot.kill()
            bot.wait(30)
            raise AssertionError(f"the bot did not stop on SIGTERM in {patient(30):.0f} s"
                                 " (killed)") from stuck
        finally:
            await fake.stop()
    text = log.read_text(errors="replace")
    assert TOKEN not in text and TOKEN.split(":")[1] not in text, text[-3000:]
    assert "<token>" in text  # the URL was logged, redacted
    assert "Traceback" not in text, text[-5000:]
    assert " ERROR " not in text.replace("ERROR aiogram.dispatcher: Failed to fetch", ""), (
        [line for line in text.splitlines() if " ERROR " in line][:10])
