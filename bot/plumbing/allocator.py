"""glibc's allocator, set up for one long-lived process with a few worker threads.

The bot's memory that grows after warm-up is not Python objects (every cache is bounded)
but C memory that `free` keeps: glibc gives each thread that allocates while the others
hold their arenas an arena of its own (up to 8 per core), and the board renders (asyncio's
pool, up to 6 threads), the computer's 2 threads and aiosqlite's thread each fragment one.
A freed chunk inside an arena stays resident until `malloc_trim` hands its pages back, so
the process keeps at most `ARENAS` arenas and trims on the timer loop's beat.

Large blocks are a second source: glibc serves a block of at least its mmap threshold
from a mapping of its own, returned to the system when freed, but raises the threshold to
the size of each such block freed (up to 32 MB). After the first board picture (a 0.8 MB
buffer) the pictures' buffers come from the heap, and the small long-lived allocations made
between them leave holes no trim can hand back. `fix_mmap_threshold` keeps glibc's starting
threshold (128 KB), which also stops the adjusting. The board renderer reuses its buffer,
so a board costs no fresh mapping. What each measure saved in `python -m benchmarks.soak`:
docs/performance.md, "Memory".

These are glibc calls through ctypes; elsewhere (musl, macOS) they do nothing. An
operator's `MALLOC_ARENA_MAX` or `MALLOC_MMAP_THRESHOLD_` in the environment wins.
"""

from __future__ import annotations

import ctypes
import logging
import os
import platform
from collections.abc import Mapping
from functools import cache

log = logging.getLogger(__name__)

M_ARENA_MAX = -8  # mallopt's parameter numbers (glibc malloc.h)
M_MMAP_THRESHOLD = -3
ARENAS = 2
MMAP_THRESHOLD = 128 * 1024  # glibc's starting value, kept
TRIM_EVERY = 60.0  # seconds between trims on the timer loop's beat


@cache
def _glibc() -> ctypes.CDLL | None:
    if platform.libc_ver()[0] != "glibc":
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return None
    libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    libc.malloc_trim.argtypes = [ctypes.c_size_t]
    return libc


def limit_arenas(count: int = ARENAS, environ: Mapping[str, str] = os.environ) -> bool:
    """At most `count` malloc arenas for the whole process; call it at start-up, before
    threads are made (glibc fixes its limit once it has 8 arenas). True when applied."""
    libc = _glibc()
    if libc is None or "MALLOC_ARENA_MAX" in environ:
        return False
    return libc.mallopt(M_ARENA_MAX, count) == 1


def fix_mmap_threshold(size: int = MMAP_THRESHOLD,
                       environ: Mapping[str, str] = os.environ) -> bool:
    """Blocks of `size` bytes or more always get a mapping of their own (freed back to the
    system with them), however large the blocks freed before. True when applied."""
    libc = _glibc()
    if libc is None or "MALLOC_MMAP_THRESHOLD_" in environ:
        return False
    return libc.mallopt(M_MMAP_THRESHOLD, size) == 1


def trim() -> bool:
    """Hand the free pages of every arena back to the system (glibc's `malloc_trim(0)`):
    True when some memory was released."""
    libc = _glibc()
    return libc is not None and libc.malloc_trim(0) == 1
