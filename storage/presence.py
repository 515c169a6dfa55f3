"""Which of the processes using a database are still running.

A process that sends boards announces itself (`Database.announce`): it takes a name, and
holds its presence in a way that ends by itself when the process ends, however it ends (a
SIGKILL, a crash, a machine losing power):

* SQLite: an exclusive `flock` on a file of that name in the folder `<database>-presence`
  beside the database file; the kernel drops the lock when the process is gone. An
  in-memory database has no other process.
* PostgreSQL: a session advisory lock (`PRESENCE_SPACE`, the name's number) held on the
  process's own connection (`storage.postgres`); the server drops it when the connection
  closes, which the kernel does when the process dies.

`Database.present(name)` asks: True (running), False (gone), None (cannot tell). The board
claims use it (`storage.boards.claim_send`): a newer board need not wait for the lease of a
send whose process is gone. Send tokens carry their process's name (`token_of`, `owner`).
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import secrets
from pathlib import Path

try:
    import fcntl
except ImportError:  # not on a POSIX system: presence cannot be told there
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

# The advisory-lock namespace of presences on PostgreSQL ("pr"); the migration and game
# locks use one-argument (bigint) keys, which never meet two-argument ones.
PRESENCE_SPACE = 0x7072
_NAME = re.compile(r"[0-9a-f]{8}")


def new_name() -> str:
    """A process's name: 8 hex digits, a number below 2**31 (PostgreSQL's int4 lock keys)."""
    return f"{secrets.randbelow(2**31 - 1) + 1:08x}"


def valid_name(name: str) -> bool:
    return _NAME.fullmatch(name) is not None


def number(name: str) -> int:
    return int(name, 16)


def token_of(name: str | None) -> str:
    """A send token (`storage.boards`) naming its process (`name`; None: not announced)."""
    return f"{name or ''}.{secrets.token_hex(6)}"


def owner(token: str | None) -> str | None:
    """The name of the process whose send `token` is, if the token names one."""
    if token is None:
        return None
    name = token.partition(".")[0]
    return name if valid_name(name) else None


class FilePresence:
    """Presence by file locks in one folder (SQLite; see the module docstring)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.name: str | None = None
        self._fd: int | None = None
        self._pid = os.getpid()  # (a forked child closing its copy removes nothing)

    def announce(self) -> str | None:
        """Hold a new name's file locked for as long as this process runs; the name, or None
        when the folder cannot be written (then nobody can tell this process has gone)."""
        if fcntl is None:
            return None
        try:
            self.folder.mkdir(mode=0o700, exist_ok=True)
            self._clear_gone()
            # Tried again when the name is taken, or another start clearing the folder
            # took the file away between its making and its locking.
            for _ in range(5):
                name = new_name()
                # Locked before it has its name: nobody ever finds the named file unlocked
                # while its process runs.
                temp = self.folder / f".{name}"
                try:
                    fd = os.open(temp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
                except FileExistsError:
                    continue
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    os.link(temp, self.folder / name)  # (never over another's: a new name)
                except OSError:
                    os.close(fd)
                    with contextlib.suppress(OSError):
                        os.unlink(temp)
                    continue
                with contextlib.suppress(OSError):  # (a stray temporary name harms nobody)
                    os.unlink(temp)
                self.name, self._fd, self._pid = name, fd, os.getpid()
                return name
            raise OSError("another process kept taking the file away")
        except OSError as exc:
            log.warning("cannot record this process's presence in %s: %s", self.folder, exc)
            return None

    def present(self, name: str) -> bool | None:
        if name == self.name:
            return True
        if fcntl is None or not valid_name(name) or not self.folder.is_dir():
            return None
        try:
            return not self._gone(self.folder / name)
        except OSError as exc:  # unreadable (another user's), or no locks on this filesystem
            log.warning("cannot tell whether process %s runs: %s", name, exc)
            return None

    def close(self) -> None:
        """Give the presence up (a stop): the file goes, then the lock."""
        if self._fd is None or self.name is None:
            return
        if self._pid == os.getpid():
            with contextlib.suppress(OSError):
                os.unlink(self.folder / self.name)
        os.close(self._fd)
        self._fd = None

    def _gone(self, path: Path) -> bool:
        """Whether nobody holds `path` locked; a file found so is removed (its process is
        gone, and names are never used twice)."""
        assert fcntl is not None
        try:
            fd = os.open(path, os.O_RDONLY)
        except FileNotFoundError:
            return True
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                return False
            with contextlib.suppress(OSError):
                os.unlink(path)
            return True
        finally:
            os.close(fd)

    def _clear_gone(self) -> None:
        for path in self.folder.iterdir():
            if valid_name(path.name.lstrip(".")):
                with contextlib.suppress(OSError):  # (another user's file: left alone)
                    self._gone(path)
