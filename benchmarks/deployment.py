"""Deploy nard-bot the way docs/hosting.md says, on this machine, and play through it.

Run it from the repository, as root on Debian 12 (it installs nginx and PostgreSQL with
apt-get when they are missing) or as a user who has them installed:

    .venv/bin/python -m benchmarks.deployment [--processes 3] [--workers 1] [--keep]

Nothing global changes: nginx and PostgreSQL run as instances of their own, from Debian's
binaries, in a temporary folder, on free ports of 127.0.0.1, and are stopped at the end
(`--keep` keeps the folder and its logs). Each step is the docs' own:

1. Debian's packages: nginx, postgresql, openssl.
2. A self-signed certificate for 127.0.0.1 (the docs use Let's Encrypt's).
3. PostgreSQL: a cluster with Debian's authentication (peer on the local socket,
   scram-sha-256 over TCP), then the docs' commands as the `postgres` user: the role with a
   password (`createuser --pwprompt`), the database it owns (`createdb --owner`), and
   `max_connections` checked against processes x 21 + 10 (raised, and the server
   restarted, when it is short).
4. The bot's folder with `.env` made by the docs' own commands of step 3 (run by sh: mode
   0600), and the processes started as the template unit deploy/nard-bot@.service starts
   them (the environment's BOT_MODE=webhook and WEBHOOK_PORT over `.env`), one at a time,
   each timed from its start to its first `/healthz` 200 with its computer worker warming.
   The units are checked with `systemd-analyze verify` when it is installed (no systemd
   runs them here).
5. nginx with deploy/nginx-nard.conf itself: only the listening address, the certificate
   and the upstream's ports are replaced (each must be found, so the file and this script
   cannot drift apart).
6. A fake Bot API (testkit/fake_telegram.py) that the processes call
   (TELEGRAM_API_URL) and that posts updates to https://127.0.0.1:<nginx>/tg/updates with
   the secret token, checking the certificate, one at a time and again after an error, as
   Telegram does; `python -m bot set-webhook` tells it where.
7. Play through nginx: a friend game and a game against the computer through the chat's
   buttons, a game against the computer through the web board's API (a signed Mini App
   user), the web board's page, its files and its WebSocket (`api/live`, watching the
   friend game: pushes from whichever process saved a change), `/healthz` asked every
   50 ms, a user writing /help five times a second. Meanwhile a rolling restart, as the
   docs' loop does it: SIGTERM one process, wait for it to exit, start it, wait for its
   own /healthz, then the next. Every answer that is not 2xx is counted (the client's view
   and nginx's access log).
8. Two PostgreSQL restarts (a fast shutdown and a start, as `pg_ctl restart` does) while
   five games are played (three friend games, two against the computer): every press of
   those games is counted as applied (answered, the game moved on), answered "nothing was
   saved, press again" (then pressed again), or neither; every game must finish with a log
   that replays and one result, and the processes' logs must hold no traceback.
9. Backup and restore as the docs say: `pg_dump --format=custom` under umask 077 (the file
   must be 0600) while the bot runs, restored with `pg_restore --no-owner --role=nard` into
   a fresh database created with the right owner, and opened by the bot's code; SQLite's
   `.backup` likewise.

Prints a summary; exits 1 when a check failed (2 when the machine lacks what it needs).
`--nginx-defaults` runs the same with nginx's default failure handling (no `max_fails=0`,
`proxy_next_upstream error timeout`: no POST sent again once it reached a process), to see
what the config's choices buy.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import getpass
import glob
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiohttp

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DEPLOY = ROOT / "deploy"
ROLE = DATABASE = "nard"
CONNECTIONS_PER_PROCESS = 21  # storage/postgres.py: a pool of 10, 10 for game locks, LISTEN
SPARE_CONNECTIONS = 10  # psql, pg_dump, this script's own look at the database
PLAYER_A, PLAYER_B, PLAYER_C, PLAYER_D, CHATTER = 7001, 7002, 7003, 7004, 7005
OUTAGE_PLAYERS = range(7101, 7108)  # the five games of the PostgreSQL restarts: 3 + 2 games
OUTAGE_PRESSES = 40  # then a friend game of that phase is resigned
FRIEND_PRESSES = 60  # then the friend game is resigned (the computer games are played out)
WEBHOOK_PATH = "/tg/updates"
WEBAPP_PATH = "/app/"


# --------------------------------------------------------------------------- helpers


def say(line: str = "") -> None:
    print(line, flush=True)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def die_with_parent() -> None:
    """In a child: SIGTERM when this script dies, so a killed run leaves nothing behind."""
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def run(cmd: Sequence[str], *, user: dict[str, Any] | None = None, show: bool = True,
        check: bool = True, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """Run a command as the docs write it (printed with a `$`), as `user` (sudo -u)."""
    if show:
        who = "sudo -u postgres " if user else ""
        say(f"    $ {who}{' '.join(shlex.quote(str(part)) for part in cmd)}")
    done = subprocess.run([str(part) for part in cmd], capture_output=True, text=True,
                          timeout=300, **(user or {}), **kwargs)
    if check and done.returncode != 0:
        raise Failed(f"{cmd[0]} exited {done.returncode}: "
                     f"{' '.join((done.stderr or done.stdout).split())[-600:]}")
    return done


class Failed(Exception):
    """A step of the deployment failed; the message says which and why."""


class Unsupported(Exception):
    """This machine lacks what the check needs (exit status 2)."""


@dataclass
class Report:
    """Figures and checks for the summary."""

    lines: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def add(self, line: str) -> None:
        self.lines.append(line)
        say(f"  -> {line}")

    def check(self, ok: bool, what: str) -> None:
        if not ok:
            self.problems.append(what)
            say(f"  !! {what}")


# --------------------------------------------------------------------------- 1. packages


def postgres_binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: [int(n) for n in re.findall(r"\d+", p)])
    return Path(found[-1]).parent if found else None


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx",) if os.access(p, os.X_OK)), None)


def ensure_packages() -> tuple[str, Path]:
    """nginx and PostgreSQL from Debian's packages (installed when missing, as root)."""
    missing = [package for package, present in (
        ("nginx", nginx_binary()), ("postgresql", postgres_binaries()),
        ("openssl", shutil.which("openssl"))) if not present]
    if missing:
        if os.geteuid() != 0 or not shutil.which("apt-get"):
            raise Unsupported(f"install {' '.join(missing)} (Debian: apt-get install -y "
                              f"{' '.join(missing)}), or run this as root")
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        run(["apt-get", "update", "-q"], env=env)
        run(["apt-get", "install", "-y", "-q", *missing], env=env)
    nginx, binaries = nginx_binary(), postgres_binaries()
    if nginx is None or binaries is None:
        raise Unsupported("nginx or PostgreSQL is still missing after apt-get install")
    return nginx, binaries


# --------------------------------------------------------------------------- 2. TLS


def certificate(folder: Path) -> tuple[Path, Path, ssl.SSLContext]:
    """A self-signed certificate for 127.0.0.1, and a client context that trusts only it."""
    cert, key = folder / "fullchain.pem", folder / "privkey.pem"
    run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
         "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
         "-keyout", key, "-out", cert])
    key.chmod(0o600)
    context = ssl.create_default_context(cafile=str(cert))
    return cert, key, context


# --------------------------------------------------------------------------- 3. PostgreSQL


class Postgres:
    """A cluster of its own, set up with Debian's defaults, then the docs' commands."""

    def __init__(self, binaries: Path, folder: Path) -> None:
        self.bin = binaries
        self.folder = folder  # the data directory's parent and the socket's directory
        self.data = folder / "data"
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.user: dict[str, Any] = {}
        self.superuser = getpass.getuser()
        if os.geteuid() == 0:  # initdb refuses root: the server is the postgres user's
            import pwd

            entry = pwd.getpwnam("postgres")
            self.user = {"user": entry.pw_uid, "group": entry.pw_gid, "extra_groups": []}
            self.superuser = "postgres"
            folder.mkdir(mode=0o700, exist_ok=True)
            os.chown(folder, entry.pw_uid, entry.pw_gid)
        else:
            folder.mkdir(mode=0o700, exist_ok=True)
        # What the docs' `sudo -u postgres createuser …` finds on a Debian host: the server.
        self.env = {"PATH": f"{binaries}:/usr/bin:/bin", "PGHOST": str(folder),
                    "PGPORT": str(self.port), "LANG": "C.UTF-8"}

    def tool(self, name: str, *args: str, show: bool = True, **kwargs: Any
             ) -> subprocess.CompletedProcess[str]:
        return run([name, *args], user=self.user, env=self.env, cwd=self.folder, show=show,
                   **kwargs)

    def init(self) -> None:
        self.tool("initdb", "-D", str(self.data), "-U", self.superuser, "-E", "UTF8",
                  "--locale=C.UTF-8", "--auth-local=peer", "--auth-host=scram-sha-256",
                  show=False)
        with (self.data / "postgresql.conf").open("a") as conf:
            conf.write(f"\nport = {self.port}\nlisten_addresses = '127.0.0.1'\n"
                       f"unix_socket_directories = '{self.folder}'\n")
        self.start()

    def start(self) -> None:
        log = (self.folder / "server.log").open("ab")
        self.process = subprocess.Popen(
            [str(self.bin / "postgres"), "-D", str(self.data)], stdout=log, stderr=log,
            cwd=self.folder, preexec_fn=die_with_parent, **self.user)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise Failed(f"postgres exited: {self.log_tail()}")
            if self.tool("pg_isready", "-q", show=False, check=False).returncode == 0:
                return
            time.sleep(0.2)
        raise Failed(f"postgres did not start in 60 s: {self.log_tail()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # fast shutdown
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(30)
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def log_tail(self) -> str:
        with contextlib.suppress(OSError):
            return " ".join((self.folder / "server.log").read_text(errors="replace")
                            .split())[-600:]
        return ""

    def psql(self, sql: str, database: str = "postgres") -> str:
        return self.tool("psql", "-XtAc", sql, database, show=False).stdout.strip()

    def create_role_and_database(self, password: str, processes: int, report: Report) -> str:
        """The docs' step 2 (docs/hosting.md); returns DATABASE_URL."""
        # createuser reads the password from the terminal, else from its input: a new
        # session has no terminal.
        self.tool("createuser", "--pwprompt", ROLE, input=f"{password}\n{password}\n",
                  start_new_session=True)
        self.tool("createdb", f"--owner={ROLE}", "--encoding=UTF8", "--template=template0",
                  DATABASE)
        limit = int(self.psql("SHOW max_connections"))
        reserved = int(self.psql("SHOW superuser_reserved_connections"))
        needed = processes * CONNECTIONS_PER_PROCESS + SPARE_CONNECTIONS + reserved
        say(f"    max_connections {limit}; needed: {processes} x "
            f"{CONNECTIONS_PER_PROCESS} + {SPARE_CONNECTIONS} + {reserved} reserved = {needed}")
        if limit < needed:
            self.tool("psql", "-c", f"ALTER SYSTEM SET max_connections = {needed}")
            self.restart()
            limit = int(self.psql("SHOW max_connections"))
        report.check(limit >= needed, f"max_connections {limit} < {needed}")
        owner = self.psql(f"SELECT pg_get_userbyid(datdba) FROM pg_database "
                          f"WHERE datname = '{DATABASE}'")
        report.check(owner == ROLE, f"database {DATABASE} is owned by {owner!r}, not {ROLE}")
        report.add(f"PostgreSQL {self.psql('SHOW server_version')}: role {ROLE} "
                   f"(scram-sha-256 password), database {DATABASE} owned by {owner}, "
                   f"max_connections {limit} >= {needed}")
        return f"postgresql://{ROLE}:{password}@127.0.0.1:{self.port}/{DATABASE}"


# --------------------------------------------------------------------------- 5. nginx


def render_site(text: str, *, listen: int, cert: Path, key: Path, ports: list[int],
                defaults: bool = False) -> str:
    """deploy/nginx-nard.conf for this machine: every replaced piece must be in the file
    (the docs include the file itself), so a change there that this script does not know
    of stops it instead of testing something else."""
    replacements = [
        ("listen 443 ssl;", f"listen 127.0.0.1:{listen} ssl;"),
        ("/etc/letsencrypt/live/bot.example.com/fullchain.pem", str(cert)),
        ("/etc/letsencrypt/live/bot.example.com/privkey.pem", str(key)),
    ]
    for old, new in replacements:
        if text.count(old) != 1:
            raise Failed(f"deploy/nginx-nard.conf: expected {old!r} once")
        text = text.replace(old, new)
    servers = re.compile(r"^( +)server 127\.0\.0\.1:\d+ max_fails=0;\n"
                         r"(?:\1server 127\.0\.0\.1:\d+ max_fails=0;\n)*", re.M)
    found = servers.search(text)
    if found is None:
        raise Failed("deploy/nginx-nard.conf: no `server 127.0.0.1:PORT max_fails=0;` lines")
    fails = "" if defaults else " max_fails=0"
    lines = "".join(f"{found.group(1)}server 127.0.0.1:{port}{fails};\n" for port in ports)
    text = text[:found.start()] + lines + text[found.end():]
    if defaults:  # nginx's own: proxy_next_upstream error timeout
        text = re.sub(r"^ *proxy_next_upstream .*;\n", "", text, flags=re.M)
    return text


class Nginx:
    """An nginx instance of its own: `nginx -p <folder> -c nginx.conf` around the site."""

    def __init__(self, binary: str, folder: Path, site: str) -> None:
        self.binary = binary
        self.folder = folder
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        folder.mkdir(mode=0o755)
        (folder / "nard-bot.conf").write_text(site)
        # Debian's /etc/nginx/nginx.conf does the same: an http block that includes the site.
        (folder / "nginx.conf").write_text(f"""\
worker_processes auto;
pid {folder}/nginx.pid;
error_log {folder}/error.log notice;
events {{
    worker_connections 1024;
}}
http {{
    log_format timed '$msec $status $request_method $uri "$upstream_addr" '
                     '"$upstream_status" $request_time';
    access_log {folder}/access.log timed;
    include {folder}/nard-bot.conf;
}}
""")

    def args(self) -> list[str]:
        return [self.binary, "-p", f"{self.folder}/", "-c", str(self.folder / "nginx.conf"),
                "-e", str(self.folder / "error.log")]

    def start(self) -> None:
        run([*self.args(), "-t"], show=False)
        self.process = subprocess.Popen([*self.args(), "-g", "daemon off;"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        preexec_fn=die_with_parent)
        deadline = time.monotonic() + 30
        while not (self.folder / "nginx.pid").exists():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise Failed(f"nginx did not start: {self.error_log()[-600:]}")
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # graceful
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(30)
        self.process = None

    def error_log(self) -> str:
        with contextlib.suppress(OSError):
            return (self.folder / "error.log").read_text(errors="replace")
        return ""

    def access_log(self) -> list[tuple[float, int, str, str, str, str]]:
        """(time, status, method, uri, upstream addresses, upstream statuses) per request."""
        entries = []
        with contextlib.suppress(OSError):
            for line in (self.folder / "access.log").read_text(errors="replace").splitlines():
                found = re.match(r'(\S+) (\d+) (\S+) (\S+) "([^"]*)" "([^"]*)"', line)
                if found:
                    entries.append((float(found.group(1)), int(found.group(2)), found.group(3),
                                    found.group(4), found.group(5), found.group(6)))
        return entries


def verify_units(folder: Path, report: Report) -> None:
    """`systemd-analyze verify` on the units of deploy/ (ExecStart pointed at this venv)."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        report.add("systemd units: not verified (no systemd-analyze on this machine)")
        return
    folder.mkdir()
    names = []
    for unit in sorted(DEPLOY.glob("*.service")) + sorted(DEPLOY.glob("*.timer")):
        text = unit.read_text().replace("/srv/nard-bot/.venv/bin/python", sys.executable)
        name = unit.name.replace("@.service", "@8080.service")
        (folder / name).write_text(text)
        names.append(name)
    done = run([analyze, "verify", *[str(folder / name) for name in names]], check=False,
               show=False)
    complaints = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    report.check(done.returncode == 0 and not complaints,
                 f"systemd-analyze verify: {' | '.join(complaints)[-600:]}")
    report.add(f"systemd units verified (systemd-analyze verify): {', '.join(names)}")


# --------------------------------------------------------------------------- 4. the bots


class Bots:
    """The webhook processes, started as deploy/nard-bot@.service starts them."""

    def __init__(self, folder: Path, ports: list[int]) -> None:
        self.folder = folder
        self.ports = ports
        self.processes: dict[int, subprocess.Popen[bytes]] = {}
        self.started: dict[int, float] = {}

    def environment(self, index: int) -> dict[str, str]:
        # The unit's environment: no inherited settings, then Environment= over .env.
        keep = {k: v for k, v in os.environ.items()
                if k in ("PATH", "LANG", "LC_ALL", "HOME", "TZ")}
        return {**keep, "BOT_MODE": "webhook", "WEBHOOK_PORT": str(self.ports[index])}

    def start(self, index: int) -> None:
        log = (self.folder / f"bot{index}.log").open("ab")
        self.started[index] = time.monotonic()
        self.processes[index] = subprocess.Popen(
            [sys.executable, "-m", "bot"], cwd=self.folder, env=self.environment(index),
            stdout=log, stderr=subprocess.STDOUT, preexec_fn=die_with_parent)

    async def healthy(self, index: int, http: aiohttp.ClientSession,
                      timeout: float = 300.0) -> float:
        """Seconds from the start to the first /healthz 200 on the process's own port."""
        url = f"http://127.0.0.1:{self.ports[index]}/healthz"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            process = self.processes[index]
            if process.poll() is not None:
                raise Failed(f"process {index} exited {process.returncode}: "
                             f"{self.log(index)[-1500:]}")
            with contextlib.suppress(aiohttp.ClientError, TimeoutError):
                async with http.get(url, timeout=aiohttp.ClientTimeout(total=2)) as response:
                    if response.status == 200:
                        return time.monotonic() - self.started[index]
            await asyncio.sleep(0.1)
        raise Failed(f"process {index} not healthy within {timeout:.0f} s")

    async def stop(self, index: int, timeout: float = 30.0) -> float:
        """SIGTERM (systemctl stop with KillMode=mixed); seconds until it exited."""
        process = self.processes[index]
        started = time.monotonic()
        process.send_signal(signal.SIGTERM)
        while process.poll() is None:
            if time.monotonic() - started > timeout:  # TimeoutStopSec: then SIGKILL
                process.kill()
            await asyncio.sleep(0.05)
        return time.monotonic() - started

    def stop_all(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(40)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(30)

    def log(self, index: int) -> str:
        with contextlib.suppress(OSError):
            return (self.folder / f"bot{index}.log").read_text(errors="replace")
        return ""


def env_from_docs(folder: Path, *, token: str, password: str, host: str, pg_port: int,
                  workers: int, extra: dict[str, str]) -> Path:
    """`.env` made by the shell commands of docs/hosting.md's step 3 themselves (run by sh,
    as the user running this: there is no `nard` here), for this machine's addresses, then
    `extra` (the fake Bot API) appended."""
    text = (ROOT / "docs" / "hosting.md").read_text()
    found = re.search(r"^```sh\n(TOKEN=.*?\n)(sudo -u nard sh -c '(umask 077 && cat > "
                      r"/srv/nard-bot/\.env)' <<END\n.*?^END\n)", text, re.M | re.S)
    if found is None:
        raise Failed("docs/hosting.md: step 3's `cat > /srv/nard-bot/.env` block is not there")
    script = found.group(2).replace(f"sudo -u nard sh -c '{found.group(3)}'",
                                    f"sh -c '{found.group(3)}'")
    replacements = [("/srv/nard-bot/.env", str(folder / ".env")),
                    ("bot.example.com", host), ("@127.0.0.1:5432/", f"@127.0.0.1:{pg_port}/"),
                    ("COMPUTER_WORKERS=1\n", f"COMPUTER_WORKERS={workers}\n")]
    for old, new in replacements:
        if old not in script:
            raise Failed(f"docs/hosting.md: step 3's .env has no {old!r}")
        script = script.replace(old, new)
    say("    $ TOKEN=…; " + found.group(2).splitlines()[0] + " … END")
    run(["sh", "-c", script], show=False, env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
                                               "TOKEN": token, "PASSWORD": password})
    path = folder / ".env"
    with path.open("a") as env:
        env.writelines(f"{key}={value}\n" for key, value in extra.items())
    return path


# --------------------------------------------------------------------------- 7. traffic


@dataclass
class Traffic:
    """Every answer seen by a client, by what asked: (time, status)."""

    seen: dict[str, list[tuple[float, int]]] = field(default_factory=dict)
    errors: Counter[str] = field(default_factory=Counter)

    def add(self, what: str, status: int) -> None:
        self.seen.setdefault(what, []).append((time.time(), status))

    def count(self, what: str, start: float = 0.0, end: float = float("inf")
              ) -> tuple[int, int, int]:
        """(answers, not 2xx, 502) for `what` between start and end."""
        answers = [s for t, s in self.seen.get(what, []) if start <= t <= end]
        return (len(answers), sum(1 for s in answers if not 200 <= s < 300),
                sum(1 for s in answers if s == 502))


async def deliver(fake: Any, context: ssl.SSLContext, stop: asyncio.Event,
                  traffic: Traffic) -> None:
    """Telegram's side: each update posted through nginx, one at a time, again after an
    error (Telegram waits longer; 0.2 s here)."""
    while not stop.is_set():
        if not fake.pending_updates:
            await asyncio.sleep(0.01)
            continue
        try:
            statuses = await fake.deliver_webhook(ssl=context)
        except aiohttp.ClientError as exc:
            traffic.errors[f"webhook: {type(exc).__name__}"] += 1
            await asyncio.sleep(0.2)
            continue
        for status in statuses:
            traffic.add("webhook", status)
        if statuses and not 200 <= statuses[-1] < 300:
            await asyncio.sleep(0.2)


async def probe(http: aiohttp.ClientSession, base: str, stop: asyncio.Event,
                traffic: Traffic) -> None:
    """A load balancer's health check through nginx, every 50 ms."""
    while not stop.is_set():
        try:
            async with http.get(base + "/healthz") as response:
                traffic.add("healthz", response.status)
        except aiohttp.ClientError as exc:
            traffic.errors[f"healthz: {type(exc).__name__}"] += 1
        await asyncio.sleep(0.05)


async def chatter(fake: Any, stop: asyncio.Event) -> None:
    """A user who keeps asking for /help: updates flowing all the time."""
    user = fake.user(CHATTER, "Chatty")
    while not stop.is_set():
        user.command("/help")
        await asyncio.sleep(0.2)


@dataclass
class Live:
    connects: int = 0
    states: int = 0
    closes: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    version: int = 0


async def watch(http: aiohttp.ClientSession, url: str, init_data: str, game: int,
                stop: asyncio.Event, live: Live) -> None:
    """The page's live connection through nginx: sign in, take the pushes, reconnect and
    resume by version when the process behind it stops (as web/static/api.js does)."""
    pause = 0.25
    while not stop.is_set():
        try:
            async with http.ws_connect(url, heartbeat=20.0) as socket_:
                live.connects += 1
                await socket_.send_json({"auth": init_data, "game": game,
                                         "version": live.version})
                while True:
                    message = await socket_.receive()
                    if message.type != aiohttp.WSMsgType.TEXT:
                        break
                    data = json.loads(message.data)
                    if data.get("type") == "state":
                        live.states += 1
                        live.version = max(live.version, int(data["state"]["version"]))
                        pause = 0.25
                # The code the server closed with (its close frame), else what ended it.
                code = message.data if message.type is aiohttp.WSMsgType.CLOSE \
                    else f"{message.type.name.lower()} {socket_.close_code}"
                live.closes.append(f"{code} at {time.strftime('%H:%M:%S')}")
        except (aiohttp.ClientError, TimeoutError) as exc:
            live.failures.append(type(exc).__name__)
        if not stop.is_set():
            await asyncio.sleep(pause)
            pause = min(pause * 2, 4.0)


@dataclass
class WebGame:
    game: int = 0
    actions: int = 0
    refused: int = 0
    status: str = ""


async def web_game(http: aiohttp.ClientSession, base: str, init_data: str,
                   traffic: Traffic, result: WebGame) -> None:
    """A game against the computer played through the web board's API, through nginx:
    roll, move the first movable checker to its first destination, done; read the game
    while the computer plays."""
    headers = {"Authorization": f"tma {init_data}"}

    async def call(method: str, path: str, body: dict[str, Any] | None = None
                   ) -> tuple[int, Any]:
        while True:
            try:
                async with http.request(method, base + path, json=body,
                                        headers=headers) as response:
                    traffic.add("web " + method, response.status)
                    data = await response.json(content_type=None) \
                        if response.content_type == "application/json" else None
                    if response.status in (429, 502, 503, 504):
                        await asyncio.sleep(0.5)
                        # A 429 was refused before anything was done (the per-process rate
                        # limit): any request goes again, as a player taps again.
                        if method == "GET" or response.status == 429:
                            continue
                    return response.status, data
            except aiohttp.ClientError as exc:
                traffic.errors[f"web {method}: {type(exc).__name__}"] += 1
                await asyncio.sleep(0.5)
                if method != "GET":
                    return 0, None

    status, data = await call("POST", "api/games", {"variant": "short", "level": "beginner",
                                                    "length": 1, "cube": False})
    if status != 200:
        raise Failed(f"web board: a new game got {status} {data}")
    result.game = data["game"]
    state: dict[str, Any] = (await call("GET", f"api/games/{result.game}"))[1]
    deadline = time.monotonic() + 900
    while state["status"] == "active" and time.monotonic() < deadline:
        body: dict[str, Any] | None = None
        if state["you_act"] and state["can"]["roll"]:
            body = {"act": "roll"}
        elif state["you_act"] and state["phase"] == "move" and state["movable"]:
            src, targets = next(iter(state["movable"].items()))
            body = {"act": "go", "src": int(src), "dst": int(next(iter(targets)))}
        elif state["you_act"] and state["can"]["done"]:
            body = {"act": "done"}
        if body is None:  # the computer's turn (or nothing open yet): read it again
            await asyncio.sleep(0.3)
            state = (await call("GET", f"api/games/{result.game}"))[1]
            continue
        status, data = await call("POST", f"api/games/{result.game}/actions",
                                  {**body, "version": state["version"]})
        result.actions += 1
        if status == 200:
            state = data["state"]
        elif status == 409 and data and "state" in data:
            result.refused += 1
            state = data["state"]
        else:  # a lost answer: read the game as it is now
            state = (await call("GET", f"api/games/{result.game}"))[1]
    result.status = state["status"]


# --------------------------------------------------------------------------- the run


@dataclass
class Setup:
    folder: Path
    context: ssl.SSLContext
    nginx: Nginx
    postgres: Postgres
    bots: Bots
    database_url: str
    password: str
    processes: int
    workers: int


async def play(setup: Setup, report: Report) -> None:
    from storage import games
    from storage.connect import open_database
    from testkit import cluster as scale
    from testkit.fake_telegram import FakeTelegram
    from web.auth import sign_init_data

    bots, nginx = setup.bots, setup.nginx
    base = f"https://127.0.0.1:{nginx.port}"
    connector = aiohttp.TCPConnector(ssl=setup.context, limit=50)
    http = aiohttp.ClientSession(connector=connector,
                                 timeout=aiohttp.ClientTimeout(total=30))
    fake = await FakeTelegram().start()
    say("\n== .env (docs/hosting.md, step 3)")
    # The fake Bot API instead of Telegram's (a self-hosted Bot API server is set so).
    env = env_from_docs(bots.folder, token=fake.token, password=setup.password,
                        host=f"127.0.0.1:{nginx.port}", pg_port=setup.postgres.port,
                        workers=setup.workers, extra={"TELEGRAM_API_URL": fake.url})
    mode = env.stat().st_mode & 0o777
    report.check(mode == 0o600, f".env has mode {mode:o}, not 600")
    settings = dict(line.split("=", 1) for line in env.read_text().splitlines())
    report.check(settings.get("WEBHOOK_URL") == f"{base}{WEBHOOK_PATH}"
                 and settings.get("WEBAPP_URL") == f"{base}{WEBAPP_PATH}"
                 and len(settings.get("WEBHOOK_SECRET", "")) >= 32,
                 f".env: {sorted(settings)}")
    say(f"    .env: mode {mode:o}, settings {', '.join(settings)}")
    stop, quiet = asyncio.Event(), asyncio.Event()  # quiet: the chatter stops
    tasks: list[asyncio.Task[Any]] = []
    db = None
    try:
        # -- start: one process first (it migrates), then the others, one at a time
        say("\n== start the processes (systemctl start nard-bot@PORT, one at a time)")
        startup = []
        for index in range(setup.processes):
            bots.start(index)
            seconds = await bots.healthy(index, http)
            startup.append(seconds)
            say(f"    nard-bot@{bots.ports[index]}: /healthz 200 after {seconds:.1f} s")
        migrated = [line for line in bots.log(0).splitlines() if "migrated to version" in line]
        workers_ready = re.findall(r"computer: \d+ worker process\(es\) ready in ([\d.]+) s",
                                   "".join(bots.log(i) for i in range(setup.processes)))
        report.add("start-up, from start to its /healthz 200 (COMPUTER_WORKERS="
                   f"{setup.workers}, one process at a time): "
                   + ", ".join(f"{s:.1f} s" for s in startup)
                   + (f"; of which the worker pool's warming: {', '.join(workers_ready)} s"
                      if workers_ready else ""))
        report.add("the first process logged: " + (
            migrated[0].split(": ", 1)[-1] if migrated else
            "no 'migrated to version N' line (this branch does not log it yet)"))

        say("\n== tell Telegram (the fake) where to post: python -m bot set-webhook")
        for command in ("set-webhook", "webhook-info"):
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", command, cwd=bots.folder,
                env=bots.environment(0), stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.STDOUT)
            out, _ = await process.communicate()
            say(f"    $ python -m bot {command}")
            for line in out.decode().splitlines():
                say(f"      {line}")
            report.check(process.returncode == 0, f"python -m bot {command} failed")
        report.check(fake.webhook.get("url") == f"{base}{WEBHOOK_PATH}",
                     f"the webhook is {fake.webhook.get('url')}")

        # -- the web board through nginx
        say("\n== the web board through nginx")
        user_d = {"id": PLAYER_D, "first_name": "Dana", "language_code": "en"}
        init_d = sign_init_data(fake.token, user_d, datetime.now(UTC))
        checks = []
        async with http.get(base + "/app", allow_redirects=False) as response:
            checks.append(f"/app {response.status} -> {response.headers.get('Location')}")
            report.check(response.status in (301, 308), f"/app answered {response.status}")
        async with http.get(base + WEBAPP_PATH) as response:
            page = await response.text()
            checks.append(f"{WEBAPP_PATH} {response.status} ({len(page)} bytes)")
            report.check(response.status == 200 and "<html" in page.lower(),
                         f"the page: {response.status}")
            scripts = re.findall(r'src="([^"]+\.js)"', page)
        for script in scripts:
            if script.startswith("http"):
                continue  # Telegram's own script
            async with http.get(base + WEBAPP_PATH + script.lstrip("./")) as response:
                body = await response.read()
                checks.append(f"{script} {response.status} ({len(body)} bytes)")
                report.check(response.status == 200, f"{script}: {response.status}")
        async with http.get(base + WEBAPP_PATH + "api/session",
                            headers={"Authorization": f"tma {init_d}"}) as response:
            session = await response.json()
            checks.append(f"api/session {response.status} (user {session['user']['id']})")
            report.check(response.status == 200 and session["user"]["id"] == PLAYER_D,
                         f"api/session: {response.status}")
        async with http.get(base + WEBAPP_PATH + "api/session") as response:
            checks.append(f"api/session without init data {response.status}")
            report.check(response.status == 401, "api/session without init data was let in")
        async with http.get(base + "/healthz") as response:
            checks.append(f"/healthz {response.status}")
            report.check(response.status == 200, f"/healthz through nginx: {response.status}")
        async with http.get(base + "/anything-else") as response:
            checks.append(f"/anything-else {response.status}")
        report.add("through nginx: " + "; ".join(checks))

        # -- play, with traffic flowing all the time
        say("\n== play through nginx, then a rolling restart while updates keep flowing")
        traffic = Traffic()
        tasks += [asyncio.create_task(deliver(fake, setup.context, stop, traffic)),
                  asyncio.create_task(probe(http, base, stop, traffic)),
                  asyncio.create_task(chatter(fake, quiet))]
        db = await open_database(setup.database_url)
        cluster = scale.Cluster(fake, setup.database_url, bots.folder)
        cluster.db = db
        fake.user(PLAYER_D, "Dana").command("/start")
        friend = await scale.friend_game(cluster, PLAYER_A, PLAYER_B)
        computer = await scale.computer_game(cluster, PLAYER_C)
        say(f"    friend game {friend} (players {PLAYER_A}, {PLAYER_B}), chat game against "
            f"the computer {computer} (player {PLAYER_C}) started")
        live = Live()
        init_a = sign_init_data(fake.token, {"id": PLAYER_A, "first_name": "P7001",
                                             "language_code": "en"}, datetime.now(UTC))
        tasks.append(asyncio.create_task(watch(
            http, f"wss://127.0.0.1:{nginx.port}{WEBAPP_PATH}api/live", init_a, friend,
            stop, live)))
        webs: list[WebGame] = []
        restarted = asyncio.Event()

        async def web_games() -> None:
            """Games through the web board's API, one after another, until the restart
            is over."""
            while not restarted.is_set():
                webs.append(WebGame())
                await web_game(http, base + WEBAPP_PATH, init_d, traffic, webs[-1])

        playing = [asyncio.create_task(cluster.play(friend, FRIEND_PRESSES)),
                   asyncio.create_task(cluster.play(computer, 0)),
                   asyncio.create_task(web_games())]
        await asyncio.sleep(8)  # some play before the restart

        window_start = time.time()
        restarts = []
        for index in range(setup.processes):
            stopped = await bots.stop(index)
            bots.start(index)
            up = await bots.healthy(index, http)
            restarts.append((stopped, up))
            say(f"    {time.strftime('%H:%M:%S')} nard-bot@{bots.ports[index]}: exited "
                f"{stopped:.1f} s after SIGTERM, /healthz 200 {up:.1f} s after its start")
        window_end = time.time()
        restarted.set()
        say("    rolling restart done; playing on")
        await asyncio.wait_for(asyncio.gather(*playing), 900)
        quiet.set()
        await cluster.until(lambda: scale.settled(cluster), 120, "every process to settle")
        await asyncio.sleep(1.0)  # the last pushes on their way to the page

        # -- figures (the updates go on flowing: step 8 needs them)
        rows = [await games.load_game(db, g) for g in (friend, computer, *[w.game for w in webs])]
        presses = len(cluster.presses)
        unanswered = sum(1 for p in cluster.presses if fake.callback_answer(p.query) is None)
        report.add(f"games: friend game {friend} {rows[0].status} "
                   f"(resigned after {FRIEND_PRESSES} presses at most), chat game against the "
                   f"computer {computer} {rows[1].status}, {presses} presses in all "
                   f"({unanswered} unanswered, pressed again); {len(webs)} games against the "
                   f"computer through the web board's API, "
                   f"{dict(Counter(row.status for row in rows[2:]))} "
                   f"({sum(w.actions for w in webs)} actions, "
                   f"{sum(w.refused for w in webs)} refused as stale)")
        report.check(all(row.status == "finished" for row in rows),
                      f"games not finished: {[(r.id, r.status) for r in rows]}")
        report.add(f"WebSocket through nginx (friend game, player {PLAYER_A}): "
                   f"{live.connects} upgrades, {live.states} state pushes, closes "
                   f"{', '.join(live.closes) or 'none'}, failed attempts "
                   f"{dict(Counter(live.failures))}, last version {live.version}")
        report.check(live.connects >= 1 and live.states >= 2,
                     "the WebSocket got no pushes through nginx")
        report.check(live.version == rows[0].version,
                     f"the WebSocket saw version {live.version}, the game is at "
                     f"{rows[0].version}")
        stops = ", ".join(f"{s:.1f}" for s, _ in restarts)
        ups = ", ".join(f"{u:.1f}" for _, u in restarts)
        report.add(f"rolling restart ({window_end - window_start:.0f} s): exited after SIGTERM "
                   f"in {stops} s; /healthz 200 again {ups} s after each start")
        for what in ("webhook", "healthz", "web GET", "web POST"):
            total, bad, bad502 = traffic.count(what)
            during = traffic.count(what, window_start, window_end)
            report.add(f"{what}: {total} answers, {bad} not 2xx ({bad502} x 502); during the "
                       f"restart {during[0]} answers, {during[1]} not 2xx ({during[2]} x 502)")
        if traffic.errors:
            report.add(f"client-side errors: {dict(traffic.errors)}")
        summarize_nginx(nginx, window_start, window_end, report)
        await outages(setup, cluster, report)
    finally:
        stop.set()
        quiet.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if db is not None:
            await db.close()
        await http.close()
        bots.stop_all()
        await fake.stop()


async def outages(setup: Setup, cluster: Any, report: Report) -> None:
    """Step 8: two PostgreSQL restarts while five games are played."""
    from core.live import Live as Stored
    from i18n import Translator, available_languages
    from storage import games
    from storage.errors import DatabaseBlip
    from testkit import cluster as scale
    from testkit.lifecycle import replay

    say("\n== two PostgreSQL restarts while five games are played")
    try_again = {Translator(lang)("alert-unavailable") for lang in available_languages()}
    logged = [len(setup.bots.log(i)) for i in range(setup.processes)]
    players = list(OUTAGE_PLAYERS)
    started = [await scale.friend_game(cluster, players[i], players[i + 1]) for i in (0, 2, 4)]
    started += [await scale.computer_game(cluster, players[6])]
    first_press = len(cluster.presses)

    async def play(game_id: int, limit: int) -> None:
        while True:
            try:
                return await cluster.play(game_id, limit)
            except DatabaseBlip:  # this script's read, not the bot's: look again
                await asyncio.sleep(0.5)

    playing = [asyncio.create_task(play(g, OUTAGE_PRESSES)) for g in started[:3]]
    playing.append(asyncio.create_task(play(started[3], 0)))
    await asyncio.sleep(4)
    down = []
    for _ in range(2):
        before = time.monotonic()
        await asyncio.to_thread(setup.postgres.restart)
        down.append(time.monotonic() - before)
        say(f"    {time.strftime('%H:%M:%S')} PostgreSQL restarted ({down[-1]:.1f} s)")
        await asyncio.sleep(6)
    # The fifth game begins after the restarts and plays on beside the others.
    fifth = await scale.computer_game(cluster, players[5])
    started.append(fifth)
    playing.append(asyncio.create_task(play(fifth, 0)))
    await asyncio.wait_for(asyncio.gather(*playing), 900)
    applied = again = neither = 0
    db = cluster.db
    for press in cluster.presses[first_press:]:
        answer = cluster.fake.callback_answer(press.query)
        text = (answer or {}).get("text") or ""
        if answer is None:
            neither += 1
        elif text in try_again:
            again += 1
        else:
            row = await games.load_game(db, press.game)
            if row.version > press.data.v or row.status != "active":
                applied += 1
            else:
                neither += 1
    rows = [await games.load_game(db, g) for g in started]
    replays = 0
    for row in rows:
        played = replay(await games.match_log(db, row.id), row.variant, row.match_length,
                        row.cube)
        results = await games.game_results(db, row.id)
        if (row.status == "finished" and len(results) == 1
                and played[-1].to_dict() == Stored.load(row.state_json).game.to_dict()):
            replays += 1
    tracebacks = sum(setup.bots.log(i)[logged[i]:].count("Traceback")
                     for i in range(setup.processes))
    outage_lines = sum(setup.bots.log(i)[logged[i]:].count("the database is not answering")
                       for i in range(setup.processes))
    report.add(f"two PostgreSQL restarts ({', '.join(f'{d:.1f}' for d in down)} s each) "
               f"during {len(rows)} games: {applied + again + neither} presses, {applied} "
               f"applied, {again} answered 'nothing was saved, press again', {neither} "
               f"neither; games {dict(Counter(r.status for r in rows))}, {replays} of "
               f"{len(rows)} replay from their logs with one result; {outage_lines} "
               f"'not answering' lines, {tracebacks} tracebacks in the processes' logs")
    report.check(neither == 0, f"{neither} presses neither applied nor answered 'press again'")
    report.check(replays == len(rows), "a game of the restarts does not replay to its result")
    report.check(tracebacks == 0, f"{tracebacks} tracebacks during the PostgreSQL restarts")


def summarize_nginx(nginx: Nginx, start: float, end: float, report: Report) -> None:
    entries = nginx.access_log()
    statuses = Counter(status for _, status, *_ in entries)
    during = [e for e in entries if start <= e[0] <= end]
    retried = sum(1 for e in during if "," in e[4])
    bad = [e for e in entries if e[1] >= 500]
    burst = longest = 0
    for entry in entries:  # the longest run of consecutive 502s
        burst = burst + 1 if entry[1] == 502 else 0
        longest = max(longest, burst)
    report.add(f"nginx's access log: {len(entries)} requests, statuses "
               f"{dict(sorted(statuses.items()))}; during the restart {len(during)}, of which "
               f"{retried} passed on to the next process; longest run of 502s: {longest}")
    for entry in bad[:10]:
        report.add(f"  {entry[1]} {entry[2]} {entry[3]} upstream {entry[4]} ({entry[5]})")
    errors: Counter[str] = Counter()
    for line in nginx.error_log().splitlines():
        for kind in ("Connection refused", "no live upstreams", "prematurely closed",
                     "Connection reset", "timed out"):
            if kind in line:
                errors[kind] += 1
    if errors:
        report.add(f"nginx's error log: {dict(errors)}")
    report.check(statuses.get(502, 0) == 0, f"{statuses.get(502, 0)} answers 502 through nginx")


# --------------------------------------------------------------------------- 8. backups


async def backups(setup: Setup, report: Report) -> None:
    from storage.connect import open_database

    postgres, folder = setup.postgres, setup.folder
    say("\n== back up while the bot runs, restore into a fresh database")
    dump = postgres.folder / "nard.dump"
    await asyncio.to_thread(postgres.tool, "pg_dump", "--format=custom", f"--file={dump}",
                            DATABASE, umask=0o077)
    mode = dump.stat().st_mode & 0o777
    report.check(mode == 0o600, f"the dump has mode {mode:o}, not 600")
    await asyncio.to_thread(postgres.tool, "createdb", f"--owner={ROLE}", "--encoding=UTF8",
                            "--template=template0", "nard_restored")
    await asyncio.to_thread(postgres.tool, "pg_restore", "--no-owner", f"--role={ROLE}",
                            "--dbname=nard_restored", str(dump))
    owners = postgres.psql("SELECT string_agg(DISTINCT tableowner, ',') FROM pg_tables "
                           "WHERE schemaname = 'public'", "nard_restored")
    counts = [postgres.psql("SELECT count(*) || '/' || (SELECT count(*) FROM moves) "
                            "FROM games", name) for name in (DATABASE, "nard_restored")]
    restored_url = setup.database_url.rsplit("/", 1)[0] + "/nard_restored"
    restored = await open_database(restored_url)  # as the bot opens it: no migration due
    version = await restored.fetchall("SELECT max(version) FROM schema_migrations")
    await restored.close()
    report.check(owners == ROLE, f"restored tables owned by {owners!r}")
    report.check(counts[0] == counts[1], f"games/moves {counts[0]} live, {counts[1]} restored")
    report.add(f"pg_dump --format=custom under umask 077: {dump.stat().st_size // 1024} KB, "
               f"mode {mode:o}; restored with --no-owner --role={ROLE} into a database "
               f"created --owner={ROLE}: tables owned by {owners}, games/moves {counts[1]} "
               f"(live {counts[0]}), schema version {version[0][0]}, opened by the bot's code")

    # SQLite: the docs' `sqlite3 … ".backup …"` under umask 077, while a connection is open.
    say("    $ umask 077; sqlite3 nard.sqlite3 \".backup 'nard-backup.sqlite3'\"")
    sqlite = folder / "sqlite"
    sqlite.mkdir()
    live = await open_database(str(sqlite / "nard.sqlite3"))
    try:
        copy = sqlite / "nard-backup.sqlite3"
        await asyncio.to_thread(run, ["sqlite3", str(sqlite / "nard.sqlite3"),
                                      f".backup '{copy}'"], umask=0o077, show=False)
        check = run(["sqlite3", str(copy), "PRAGMA integrity_check; PRAGMA user_version;"],
                    show=False).stdout.split()
    finally:
        await live.close()
    copy_mode = copy.stat().st_mode & 0o777
    report.check(copy_mode == 0o600 and check[0] == "ok", f"sqlite backup: {copy_mode:o} {check}")
    report.add(f"SQLite .backup under umask 077 while open: mode {copy_mode:o}, integrity "
               f"{check[0]}, user_version {check[1]}")


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.deployment",
                                     description=__doc__.split("\n\n")[0] if __doc__ else "")
    parser.add_argument("--processes", type=int, default=3, help="webhook processes (3)")
    parser.add_argument("--workers", type=int, default=1, help="COMPUTER_WORKERS of each (1)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    parser.add_argument("--nginx-defaults", action="store_true",
                        help="nginx's default failure handling instead of the config's")
    args = parser.parse_args(argv)
    report = Report()
    started = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="nard-deploy-"))
    folder.chmod(0o755)  # nginx's workers and the postgres user pass through it
    postgres: Postgres | None = None
    nginx: Nginx | None = None
    try:
        say("== packages (Debian): nginx, postgresql, openssl")
        nginx_bin, pg_bin = ensure_packages()
        say(f"    {run([nginx_bin, '-v'], show=False).stderr.strip()}; PostgreSQL binaries "
            f"{pg_bin}")
        say("\n== TLS: a self-signed certificate for 127.0.0.1")
        tls = folder / "tls"
        tls.mkdir(mode=0o700)
        cert, key, context = certificate(tls)

        say("\n== PostgreSQL: the role and the database (docs/hosting.md, step 2)")
        postgres = Postgres(pg_bin, folder / "pg")
        postgres.init()
        password = secrets.token_hex(16)  # as step 2 makes it
        url = postgres.create_role_and_database(password, args.processes, report)

        say("\n== nginx with deploy/nginx-nard.conf (docs/hosting.md, \"nginx in front\")")
        ports = [free_port() for _ in range(args.processes)]
        listen = free_port()
        site = render_site((DEPLOY / "nginx-nard.conf").read_text(), listen=listen, cert=cert,
                           key=key, ports=ports, defaults=args.nginx_defaults)
        nginx = Nginx(nginx_bin, folder / "nginx", site)
        nginx.port = listen
        nginx.start()
        report.add(f"nginx: TLS on 127.0.0.1:{listen} in front of processes on "
                   f"{', '.join(map(str, ports))}"
                   + (" (nginx's default failure handling)" if args.nginx_defaults else ""))
        verify_units(folder / "units", report)

        srv = folder / "srv"
        srv.mkdir(mode=0o700)
        bots = Bots(srv, ports)
        setup = Setup(folder, context, nginx, postgres, bots, url, password, args.processes,
                      args.workers)

        async def everything() -> None:
            await play(setup, report)
            await backups(setup, report)

        asyncio.run(everything())
    except Unsupported as exc:
        say(f"deployment check: cannot run here: {exc}")
        return 2
    except Failed as exc:
        report.problems.append(str(exc))
        say(f"  !! {exc}")
    except Exception as exc:  # a check that could not finish: say where
        import traceback

        traceback.print_exc()
        report.problems.append(f"{type(exc).__name__}: {str(exc)[:2000]}")
    finally:
        if nginx is not None:
            nginx.stop()
        if postgres is not None:
            postgres.stop()
        if args.keep or report.problems:
            say(f"\n(kept {folder}: the processes' logs are in srv/, nginx's in nginx/)")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    say(f"\n== summary ({time.monotonic() - started:.0f} s)")
    for line in report.lines:
        say(f"* {line}")
    for problem in report.problems:
        say(f"FAILED: {problem}")
    say("deployment check: " + ("FAILED" if report.problems else "passed"))
    return 1 if report.problems else 0


if __name__ == "__main__":
    sys.exit(main())
