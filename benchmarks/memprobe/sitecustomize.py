"""A memory probe for the soak's bot process (not imported by anything else).

    SOAK_PYTHONPATH=benchmarks/memprobe SOAK_DUMP=/tmp/probe.txt \
        python -m benchmarks.soak --updates 20000 [SOAK_TRACEMALLOC=1]

Python imports `sitecustomize` at start-up from the path: in `python -m bot` this installs
a SIGUSR1 handler, and `benchmarks.soak` sends SIGUSR1 after each RSS sample. Each signal
appends to SOAK_DUMP: RSS, glibc's malloc totals (mallinfo2: heap, mmapped, in use, free),
the change in gc object counts by type since the first sample, the sizes of the bot's
bounded caches, and with SOAK_TRACEMALLOC=1 (slow: about 2x) the top allocation sites by
file:line, as a diff against the first sample.
"""

from __future__ import annotations

import collections
import ctypes
import gc
import os
import signal
import sys
import time

_OUT = os.environ.get("SOAK_DUMP", "memprobe.txt")
_TRACE = os.environ.get("SOAK_TRACEMALLOC") == "1"
_first: dict[str, object] = {}
MB = 2**20


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def _rss() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / MB


def _malloc() -> str:
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallinfo2.restype = _MallInfo2
    except (OSError, AttributeError):
        return "   malloc: not glibc"
    info = libc.mallinfo2()
    return (f"   malloc: heaps {info.arena / MB:.1f} MB, mmapped {info.hblkhd / MB:.1f} MB, "
            f"in use {info.uordblks / MB:.1f} MB, free {info.fordblks / MB:.1f} MB")


def _caches() -> str:
    out = []
    try:
        import bot.i18n as i18n
        import bot.services.views as views
        import render.compose as compose
        from bot.middlewares import PlayerMiddleware
        from bot.services.once import Once
        from bot.services.people import People

        out.append(f"tiles {len(compose._tiles)} ({compose._tile_bytes / MB:.1f} MB)")
        for name, cached in (("keyboards", views._markup), ("buttons", views._button),
                             ("texts", i18n._formatted)):
            out.append(f"{name} {cached.cache_info().currsize}")
        for thing in gc.get_objects():
            if isinstance(thing, People):
                out.append(f"people {len(thing._players)}")
            elif isinstance(thing, PlayerMiddleware):
                out.append(f"known players {len(thing)}")
            elif isinstance(thing, Once):
                out.append(f"finished menus {len(thing)}")
    except Exception as exc:  # the bot's layout changed: say so, keep the rest
        out.append(repr(exc))
    return "   caches: " + ", ".join(out)


def _dump(signum: int, frame: object) -> None:
    lines = [f"==== {time.strftime('%X')} RSS {_rss():.1f} MB, "
             f"threads {len(os.listdir('/proc/self/task'))}", _malloc()]
    gc.collect()
    counts = collections.Counter(type(o).__name__ for o in gc.get_objects())
    if "counts" in _first:
        diff = counts.copy()
        diff.subtract(_first["counts"])  # type: ignore[arg-type]
        lines.append("   objects since the first sample: " + ", ".join(
            f"{name} {n:+d}" for name, n in diff.most_common(15)))
    else:
        _first["counts"] = counts
    lines.append(_caches())
    if _TRACE:
        import tracemalloc

        snapshot = tracemalloc.take_snapshot()
        lines.append(f"   traced {tracemalloc.get_traced_memory()[0] / MB:.1f} MB")
        if "snapshot" in _first:
            lines.extend(f"   {stat}" for stat in snapshot.compare_to(
                _first["snapshot"], "lineno")[:25])  # type: ignore[arg-type]
        else:
            _first["snapshot"] = snapshot
    with open(_OUT, "a") as out:
        out.write("\n".join(lines) + "\n")


if getattr(sys, "orig_argv", [""])[-1] == "bot":
    if _TRACE:
        import tracemalloc

        tracemalloc.start()
    signal.signal(signal.SIGUSR1, _dump)
