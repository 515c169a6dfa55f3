"""The allocator set-up that keeps the bot's RSS from creeping (bot/allocator.py).

* `limit_arenas` caps glibc's malloc arenas however many threads allocate at once: a child
  process starts 8 threads that each hold a malloc'd block and counts the arenas glibc
  reports (`malloc_stats`); without the call the same child has more than 2.
* `trim` hands freed pages back (RSS falls after a hole-ridden heap is trimmed).
* The timer loop trims once every `TRIM_EVERY` seconds of its clock, not on every pass.
"""

from __future__ import annotations

import asyncio
import platform
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot import allocator
from bot.app import timer_loop

ROOT = Path(__file__).resolve().parents[2]
glibc = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's malloc only")

CHILD = """
import ctypes, sys, threading
from bot.allocator import limit_arenas
applied = limit_arenas(2, environ={}) if sys.argv[1] == "limit" else None
libc = ctypes.CDLL("libc.so.6")
libc.malloc.restype = ctypes.c_void_p
barrier = threading.Barrier(8)
def work():
    block = libc.malloc(64 * 1024 - 64)  # below the mmap threshold: from an arena
    barrier.wait()  # all 8 hold an arena at the same time
    libc.free(ctypes.c_void_p(block))
threads = [threading.Thread(target=work) for _ in range(8)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
libc.malloc_stats()  # to stderr: one "Arena N:" block per arena
print(applied)
"""


def arenas(mode: str) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-c", CHILD, mode], cwd=ROOT, capture_output=True,
                          text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    return done.stderr.count("Arena "), done.stdout.strip()


@glibc
def test_limit_arenas_caps_the_arenas_of_many_threads() -> None:
    count, applied = arenas("limit")
    assert applied == "True"
    assert 1 <= count <= 2
    unlimited, _ = arenas("free")
    assert unlimited > 2  # the child would show the difference


def test_an_operators_malloc_arena_max_wins() -> None:
    assert allocator.limit_arenas(2, environ={"MALLOC_ARENA_MAX": "4"}) is False


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096 / 2**20


@glibc
def test_trim_hands_freed_pages_back() -> None:
    import ctypes

    libc = ctypes.CDLL("libc.so.6")
    libc.malloc.restype = ctypes.c_void_p
    libc.free.argtypes = [ctypes.c_void_p]
    libc.memset.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]
    blocks = [libc.malloc(8000) for _ in range(8000)]  # ~64 MB from the heap
    for block in blocks:
        libc.memset(block, 1, 8000)
    for block in blocks[:-1]:  # the last one pins the heap's top: free() keeps the pages
        libc.free(block)
    before = rss_mb()
    assert allocator.trim() is True
    assert rss_mb() < before - 30
    libc.free(blocks[-1])


async def test_the_timer_loop_trims_once_a_minute() -> None:
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    stop = asyncio.Event()
    passes, trims = [0], []

    async def tick() -> float:
        passes[0] += 1
        now[0] += timedelta(seconds=20)  # each pass 20 s after the one before
        if passes[0] == 8:
            stop.set()
        return 0.0

    async def sweep() -> None:
        pass

    app = SimpleNamespace(timers=SimpleNamespace(tick=tick),
                          challenges=SimpleNamespace(sweep_cards=sweep))
    await timer_loop(app, stop, interval=0.0, clock=lambda: now[0],  # type: ignore[arg-type]
                     trim=lambda: trims.append(now[0]) or True)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    assert [(t - start).total_seconds() for t in trims] == [20, 80, 140]
