"""The allocator set-up that keeps the bot's RSS from creeping (bot/plumbing/allocator.py).

* `limit_arenas` caps glibc's malloc arenas however many threads allocate at once: a child
  process starts 8 threads that each hold a malloc'd block and counts the arenas glibc
  reports (`malloc_stats`); without the call the same child has more than 2.
* `fix_mmap_threshold` keeps large blocks out of the heap: in a child process a 1 MB block
  freed and allocated again is still a mapping of its own (glibc's default would serve the
  second from the heap, having raised its threshold when the first was freed).
* `trim` hands freed pages back (RSS falls after a hole-ridden heap is trimmed).
* The timer loop trims once every `TRIM_EVERY` seconds of its clock, not on every pass.
"""

from __future__ import annotations

import asyncio
import platform
import subprocess
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest

from bot.app import timer_loop
from bot.plumbing import allocator

ROOT = Path(__file__).resolve().parents[2]
glibc = pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's malloc only")

CHILD = """
import ctypes, sys, threading
from bot.plumbing.allocator import limit_arenas
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


MMAP_CHILD = """
import ctypes, sys
from bot.plumbing.allocator import fix_mmap_threshold
applied = fix_mmap_threshold(environ={}) if sys.argv[1] == "fix" else None
class Info(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]
libc = ctypes.CDLL("libc.so.6")
libc.malloc.restype = ctypes.c_void_p
libc.free.argtypes = [ctypes.c_void_p]
libc.mallinfo2.restype = Info
before = libc.mallinfo2().hblks
libc.free(libc.malloc(1 << 20))  # mapped (over 128 KB); glibc's default then adjusts
block = libc.malloc(1 << 20)
print(applied, libc.mallinfo2().hblks - before)  # 1 while the block has its own mapping
libc.free(block)
"""


def mapped_blocks(mode: str) -> str:
    done = subprocess.run([sys.executable, "-c", MMAP_CHILD, mode], cwd=ROOT,
                          capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@glibc
def test_a_fixed_mmap_threshold_keeps_large_blocks_out_of_the_heap() -> None:
    assert mapped_blocks("fix") == "True 1"
    assert mapped_blocks("default") == "None 0"  # the child would show the difference


def test_an_operators_mmap_threshold_wins() -> None:
    assert allocator.fix_mmap_threshold(environ={"MALLOC_MMAP_THRESHOLD_": "65536"}) is False


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

    async def run_timers(stop: asyncio.Event, *, interval: float,
                         first_pass: asyncio.Event | None,
                         after_pass: Sequence[Callable[[], object]]) -> None:
        while not stop.is_set():  # the core's loop (Core.run_timers), passes and upkeep
            await tick()
            for upkeep in after_pass:
                upkeep()

    app = SimpleNamespace(core=SimpleNamespace(run_timers=run_timers),
                          admission=SimpleNamespace(report=lambda: None))
    await timer_loop(app, stop, interval=0.0, clock=lambda: now[0],  # type: ignore[arg-type]
                     trim=lambda: trims.append(now[0]) or True)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    assert [(t - start).total_seconds() for t in trims] == [20, 80, 140]
