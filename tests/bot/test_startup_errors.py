"""`python -m bot` with a database it cannot use: one line naming it, exit status 2.
So with a token that cannot be one: it never hangs; so with a Bot API that refuses getMe;
so without a token where nobody could play locally (a service).

Also the DATABASE_URL setting: which database the settings open.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from aiogram.utils.token import TokenValidationError
from pydantic import SecretStr

from bot.__main__ import main as bot_main
from bot.__main__ import service_start
from bot.app import build
from bot.config import ConfigError, load_settings
from storage.migrations import latest_version
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.postgres import free_port

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ("BOT_TOKEN", "DATABASE_PATH", "DATABASE_URL", "TELEGRAM_API_URL", "LOG_LEVEL")


def start(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    # The Bot API is never reached: the database (or the token) fails first.
    base.update(BOT_TOKEN="123:abc", TELEGRAM_API_URL=f"http://127.0.0.1:{free_port()}",
                PYTHONPATH=str(ROOT), LOG_LEVEL="INFO")
    base.update(env)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=base,
                          capture_output=True, text=True, timeout=60)


def assert_one_line(result: subprocess.CompletedProcess[str], *fragments: str) -> str:
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for fragment in fragments:
        assert fragment in lines[0], lines[0]
    return lines[0]


@pytest.mark.slow  # this and the next four: a `python -m bot` that opens its database
def test_missing_folder(tmp_path: Path) -> None:
    path = tmp_path / "no" / "such" / "folder" / "nard.db"
    assert_one_line(start(tmp_path, DATABASE_PATH=str(path)), str(path))


@pytest.mark.slow
def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    assert_one_line(start(tmp_path, DATABASE_PATH=str(tmp_path)), str(tmp_path))


@pytest.mark.slow
def test_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "corrupt.db"
    path.write_bytes(b"\x00garbage, not SQLite" * 500)
    assert_one_line(start(tmp_path, DATABASE_URL=f"sqlite:///{path.name}"), path.name,
                    "not a database")


@pytest.mark.slow
def test_newer_schema(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {latest_version() + 1}")
    assert_one_line(start(tmp_path, DATABASE_PATH=str(path)), str(path), "newer")


@pytest.mark.slow
def test_unreachable_postgres_hides_the_password(tmp_path: Path) -> None:
    url = f"postgresql://nard:pa55word@127.0.0.1:{free_port()}/nard"
    line = assert_one_line(start(tmp_path, DATABASE_URL=url), "127.0.0.1", "nard:***@")
    assert "pa55word" not in line


def test_unsupported_url(tmp_path: Path) -> None:
    line = assert_one_line(start(tmp_path, DATABASE_URL="mysql://root:topsecret@db/nard"),
                           "DATABASE_URL")
    assert "topsecret" not in line


@pytest.mark.parametrize("token", ["no-colon-s3cr3t", "123456:s3cr3t with spaces"])
def test_a_malformed_token(tmp_path: Path, token: str) -> None:
    # Before the check it went as far as Bot(), printed a traceback and never exited (the
    # database's thread, opened first, was left running).
    started = time.monotonic()
    line = assert_one_line(start(tmp_path, BOT_TOKEN=token), "BOT_TOKEN")
    assert "s3cr3t" not in line
    assert time.monotonic() - started < 30  # about 0.4 s on a quiet machine
    assert not (tmp_path / "nard.sqlite3").exists()  # stopped before anything was opened


async def test_a_token_the_bot_refuses_leaves_nothing_running(tmp_path: Path) -> None:
    settings = load_settings(bot_token="1:a", database_path=str(tmp_path / "nard.db"))
    settings = settings.model_copy(update={"bot_token": SecretStr("no token")})  # unchecked
    before = set(threading.enumerate())
    with pytest.raises(TokenValidationError):
        await build(settings)
    assert set(threading.enumerate()) <= before  # e.g. no database thread to wait for
    assert not (tmp_path / "nard.db").exists()


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)


@pytest.mark.usefixtures("clean_env")
def test_database_setting() -> None:
    assert load_settings(bot_token="1:a").database == "nard.sqlite3"
    assert load_settings(bot_token="1:a", database_path="x.db").database == "x.db"
    settings = load_settings(bot_token="1:a", database_path="x.db",
                             database_url="postgresql://u:pw-s3cr3t@h/d")
    assert settings.database == "postgresql://u:pw-s3cr3t@h/d"
    assert "s3cr3t" not in repr(settings)  # (not "secret": WEBHOOK_SECRET's name is in it)
    assert load_settings(bot_token="1:a", database_url=" ").database == "nard.sqlite3"
    with pytest.raises(ConfigError, match="DATABASE_URL") as caught:
        load_settings(bot_token="1:a", database_url="oracle://u:secret@h/d")
    assert "secret" not in str(caught.value)


@pytest.mark.slow  # a `python -m bot` that opens its database and asks the Bot API
async def test_a_bot_api_that_refuses_get_me_stops_the_start(
        tmp_path: Path, fake_telegram: FakeTelegram) -> None:  # noqa: F811
    """A JSON 404 to getMe (a wrong token in the URL, a wrong TELEGRAM_API_URL) ended in a
    traceback and exit status 1, and systemd started it again every 2 s."""
    fake_telegram.fail_next("getMe", 404, times=1000)
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    env.update(BOT_TOKEN=fake_telegram.token, TELEGRAM_API_URL=fake_telegram.url,
               PYTHONPATH=str(ROOT), LOG_LEVEL="WARNING", COMPUTER_WORKERS="0")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=tmp_path, env=env,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 60)
    result = subprocess.CompletedProcess([], process.returncode, out.decode(), err.decode())
    line = assert_one_line(result, "getMe", "Not Found", "BOT_TOKEN", "TELEGRAM_API_URL")
    assert fake_telegram.token not in line


@pytest.mark.parametrize("service", ["journal", "webhook", "dotenv"])
def test_a_service_without_a_token_stops_rather_than_play_locally(
        service: str, clean_env: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """docs/hosting.md: a service whose token is lost exits 2 (systemd then leaves it
    stopped); only a person's `python -m bot`, without `.env`, plays locally instead."""
    monkeypatch.setenv("MALLOC_ARENA_MAX", "2")  # main() leaves this process's allocator be
    monkeypatch.setenv("MALLOC_MMAP_THRESHOLD_", "131072")
    monkeypatch.delenv("JOURNAL_STREAM", raising=False)
    monkeypatch.delenv("BOT_MODE", raising=False)
    if service == "journal":  # stderr is systemd's journal, as systemd says it
        stderr = os.fstat(2)
        monkeypatch.setenv("JOURNAL_STREAM", f"{stderr.st_dev}:{stderr.st_ino}")
    elif service == "webhook":
        monkeypatch.setenv("BOT_MODE", "webhook")
        monkeypatch.setenv("WEBHOOK_URL", "https://bot.example.com/tg")
        monkeypatch.setenv("WEBHOOK_SECRET", "s3cret")
    else:
        (tmp_path / ".env").write_text("DATABASE_PATH=nard.db\n")
    assert bot_main([]) == 2
    [line] = capsys.readouterr().err.strip().splitlines()
    assert "BOT_TOKEN is not set" in line and "not playing locally" in line, line
    assert not list(tmp_path.glob("*.sqlite3"))


def test_a_person_without_a_token_or_env_plays_locally(
        clean_env: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JOURNAL_STREAM", "1:2")  # inherited from a session, not stderr's
    monkeypatch.delenv("BOT_MODE", raising=False)
    assert service_start() is None
