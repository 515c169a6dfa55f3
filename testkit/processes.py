"""Real processes: `python -m bot` started against a fake Bot API, ports, exits."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from testkit.fake_telegram import FakeTelegram
from testkit.waiting import patient

ROOT = Path(__file__).resolve().parents[1]
SECRET = "e2e_Secret-token"  # the webhook's secret token in the e2e tests


def start_bot(fake: FakeTelegram, database: str, log: Path, **settings: str
              ) -> subprocess.Popen:
    """`python -m bot` polling `fake`, on `database`, its output appended to `log`;
    `settings` are more environment variables."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("BOT_", "TELEGRAM_", "WEBHOOK_", "COMPUTER_", "DATABASE_"))}
    env.update(BOT_TOKEN=fake.token, TELEGRAM_API_URL=fake.url, DATABASE_URL=database,
               MOVE_TIMEOUT_SECONDS="120", LOG_LEVEL="INFO", PYTHONPATH=str(ROOT))
    env.update(settings)
    return subprocess.Popen([sys.executable, "-m", "bot"], cwd=log.parent, env=env,
                            stdout=log.open("ab"), stderr=subprocess.STDOUT)


def start_webhook_bot(fake: FakeTelegram, database: str, log: Path, *, port: int, url: str,
                      **settings: str) -> subprocess.Popen:
    """`python -m bot` in webhook mode (as `start_bot`): listening on 127.0.0.1:`port`,
    Telegram told to post to `url` with the secret `SECRET`, the computer in threads."""
    return start_bot(fake, database, log, BOT_MODE="webhook", WEBHOOK_SECRET=SECRET,
                     WEBHOOK_HOST="127.0.0.1", WEBHOOK_URL=url, WEBHOOK_PORT=str(port),
                     COMPUTER_WORKERS="0", **settings)



def free_port() -> int:
    """A TCP port on 127.0.0.1 that was free a moment ago."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def gone(pid: int) -> bool:
    """No such process, or a zombie (dead, not yet reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):  # gone between open and read
        return True
    return state in ("Z", "X")


async def read_line(process: subprocess.Popen[str], seconds: float, what: str = "a line", *,
                    tail: Callable[[], str] = str) -> str:
    """The next line `process` prints (its stdout a text pipe); after `seconds` (times the
    patience) without one, it is killed (so the reading thread ends) and an AssertionError
    names `what`, with `tail()` (what it printed before)."""
    assert process.stdout is not None
    try:
        return await asyncio.wait_for(asyncio.to_thread(process.stdout.readline),
                                      patient(seconds))
    except TimeoutError:
        process.kill()
        raise AssertionError(f"waited {patient(seconds):.0f} s for {what} from pid"
                             f" {process.pid} (killed)\n{tail()}") from None


LOCAL_READY = re.compile(r"open (http://127\.0\.0\.1:\d+/)")


@contextlib.asynccontextmanager
async def local_bot(folder: Path, *args: str) -> AsyncIterator[tuple[str, list[str]]]:
    """`python -m bot [args]` without a token (it plays locally) in `folder`, the computer in
    threads: its page's address once it says it, and the lines it printed up to then."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BOT_", "DATABASE_"))}
    env["COMPUTER_WORKERS"] = "0"
    env["PYTHONPATH"] = str(ROOT)  # this checkout, whichever the venv installed
    process = subprocess.Popen([sys.executable, "-m", "bot", *args], cwd=folder, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert process.stdout is not None
    lines: list[str] = []
    try:
        url = None
        for _ in range(200):
            line = await read_line(process, 60, "the local bot's address",
                                   tail=lambda: "".join(lines[-20:]))
            if not line:
                break
            lines.append(line)
            if match := LOCAL_READY.search(line):
                url = match.group(1)
                break
        assert url is not None, "".join(lines)
        yield url, lines
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
