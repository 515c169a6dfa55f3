"""Real processes: `python -m bot` started against a fake Bot API, ports, exits."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

from tests.support.fake_telegram import FakeTelegram

ROOT = Path(__file__).resolve().parents[2]
SECRET = "e2e_Secret-token"  # the webhook's secret token in the e2e tests


def start_bot(fake: FakeTelegram, database: str, log: Path, **settings: str
              ) -> subprocess.Popen:
    """`python -m bot` polling `fake`, on `database`, its output appended to `log`;
    `settings` are more environment variables."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("BOT_", "TELEGRAM_", "DATABASE_"))}
    env.update(BOT_TOKEN=fake.token, TELEGRAM_API_URL=fake.url, DATABASE_URL=database,
               MOVE_TIMEOUT_SECONDS="120", LOG_LEVEL="INFO", PYTHONPATH=str(ROOT))
    env.update(settings)
    return subprocess.Popen([sys.executable, "-m", "bot"], cwd=log.parent, env=env,
                            stdout=log.open("ab"), stderr=subprocess.STDOUT)



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
