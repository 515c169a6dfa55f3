"""Which processes using the database still run (storage/presence.py): a process killed
with SIGKILL is seen gone, one still running is seen present, on both engines."""

from __future__ import annotations

import asyncio
import errno
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from storage import Database, postgres, presence
from storage.connect import open_database
from storage.presence import FilePresence, owner, token_of
from testkit.processes import read_line
from testkit.waiting import until

ANNOUNCING = """
import asyncio, sys
from storage.connect import open_database

async def main():
    db = await open_database(sys.argv[1])
    print(await db.announce(), flush=True)
    await asyncio.sleep(600)

asyncio.run(main())
"""


async def test_a_killed_process_is_gone_and_a_running_one_present(
        db: Database, database_url: str) -> None:
    child = subprocess.Popen([sys.executable, "-c", ANNOUNCING, database_url],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        name = (await read_line(child, 60, "the child's name")).strip()
        assert len(name) == 8
        assert await db.present(name) is True
        assert await db.announce() != name
        assert await db.present(name) is True  # asking does not end it
        os.kill(child.pid, signal.SIGKILL)
        await asyncio.to_thread(child.wait, 30)

        async def gone() -> bool:  # (PostgreSQL's backend notices the closed connection)
            return await db.present(name) is False
        await until(gone, 30, "the killed process to be seen gone")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait(30)


async def test_a_process_that_closes_its_database_is_gone(database_url: str) -> None:
    first, second = await open_database(database_url), await open_database(database_url)
    try:
        name = await first.announce()
        assert name is not None and await second.present(name) is True
        assert await first.present(name) is True
        await first.close()

        async def gone() -> bool:
            return await second.present(name) is False
        await until(gone, 30, "the closed process to be seen gone")
        # A name that is not a process's, and no name at all: cannot be told.
        assert await second.present("not a name") is None
    finally:
        await second.close()


async def test_in_memory_nobody_else_runs() -> None:
    db = await open_database(":memory:")
    try:
        name = await db.announce()
        assert name is not None and await db.present(name) is True
        assert await db.present("0badcafe") is False
    finally:
        await db.close()


def test_the_files_of_processes_gone_are_cleared_at_the_next_announce(tmp_path: Path) -> None:
    folder = tmp_path / "nard.sqlite3-presence"
    folder.mkdir()
    (folder / "0badcafe").touch()  # a process that died
    (folder / ".0badcafe").touch()  # one that died while announcing
    (folder / "notes.txt").touch()  # not ours: left alone
    here = FilePresence(folder)
    name = here.announce()
    assert name is not None
    assert sorted(p.name for p in folder.iterdir()) == sorted([name, "notes.txt"])
    here.close()
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]
    fresh = FilePresence(tmp_path / "new-presence")
    assert fresh.announce() is not None
    assert oct(fresh.folder.stat().st_mode & 0o777) == oct(0o700)  # names are nobody's business
    fresh.close()


def test_an_unwritable_folder_leaves_presence_unknown(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")  # the folder's place is taken by a file: it cannot be made
    here = FilePresence(blocked / "presence")
    assert here.announce() is None
    assert here.present("0badcafe") is None


def test_send_tokens_name_their_process() -> None:
    token = token_of("0badcafe")
    assert owner(token) == "0badcafe" and token != token_of("0badcafe")
    assert owner(token_of(None)) is None
    assert owner("a") is None and owner(None) is None and owner("0BADCAFE.1") is None


async def test_a_name_already_held_is_never_taken_twice(
        database_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = await open_database(database_url), await open_database(database_url)
    try:
        taken = await first.announce()
        assert taken is not None
        names = iter([taken, "1234abcd"])
        monkeypatch.setattr(presence, "new_name", lambda: next(names))
        monkeypatch.setattr(postgres, "new_name", lambda: next(names))
        assert await second.announce() == "1234abcd"
        assert await first.present("1234abcd") is True
        assert await second.present(taken) is True
    finally:
        await first.close()
        await second.close()


def test_a_lock_that_cannot_be_asked_leaves_presence_unknown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    here = FilePresence(tmp_path / "presence")
    assert here.announce() is not None
    (here.folder / "0badcafe").touch()

    def no_locks(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")
    monkeypatch.setattr(presence.fcntl, "flock", no_locks)
    assert here.present("0badcafe") is None  # its lease is waited for
    here.close()
