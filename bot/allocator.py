"""glibc's allocator, set up for one long-lived process with a few worker threads.

The bot's memory that grows after warm-up is not Python objects (every cache is bounded)
but C memory that `free` keeps: glibc gives each thread that allocates while the others
hold their arenas an arena of its own (up to 8 per core), and the board renders (asyncio's
pool, up to 6 threads), the computer's 2 threads and aiosqlite's thread each fragment one.
A freed chunk inside an arena stays resident until `malloc_trim` hands its pages back.
Measured with `python -m benchmarks.soak` (README, "What keeps games safe"): with at most
`ARENAS` arenas and a trim on the timer loop's beat the heaps hold 7-15 MB free instead of
40-45 MB, and the RSS growth from 10,000 to 20,000 updates fell from 39 to 23 MB.

Both are glibc calls through ctypes; elsewhere (musl, macOS) they do nothing. An operator's
`MALLOC_ARENA_MAX` in the environment wins over `limit_arenas`.
"""

from __future__ import annotations

import ctypes
import logging
import os
import platform
from collections.abc import Mapping
from functools import cache

log = logging.getLogger(__name__)

M_ARENA_MAX = -8  # mallopt's parameter number (glibc malloc.h)
ARENAS = 2
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


def trim() -> bool:
    """Hand the free pages of every arena back to the system (glibc's `malloc_trim(0)`):
    True when some memory was released."""
    libc = _glibc()
    return libc is not None and libc.malloc_trim(0) == 1
