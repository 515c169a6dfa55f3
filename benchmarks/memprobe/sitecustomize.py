"""A memory probe for the soak's bot process (not imported by anything else).

    SOAK_PYTHONPATH=$PWD/benchmarks/memprobe SOAK_DUMP=/tmp/probe.txt \
        python -m benchmarks.soak --updates 20000 [SOAK_TRACEMALLOC=1] [SOAK_KEYS=/tmp/k.pkl]

(an absolute path: the bot runs in a temporary directory). Python imports `sitecustomize`
at start-up from the path: in `python -m bot` this installs a SIGUSR1 handler, and
`benchmarks.soak` sends SIGUSR1 after each RSS sample. Each signal appends to SOAK_DUMP:
RSS, glibc's malloc totals (mallinfo2: heap, mmapped, in use, free), Python's small-object
arenas, the change in gc object counts by type since the first sample, the sizes and hit
counts of the bot's bounded caches (tile lookups and builds are counted from the first
sample on), and with SOAK_TRACEMALLOC=1 (slow: about 2x) the top allocation sites by
file:line, as a diff against the first sample. SOAK_KEYS pickles each cache's key stream
(from the first sample on), to replay it offline at other bounds; the streams take memory
of their own, so a run with it measures no growth.
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
_KEYS = os.environ.get("SOAK_KEYS")  # a file: the caches' key streams, pickled
_streams: dict[str, list] = collections.defaultdict(list)
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


def _pymalloc() -> str:
    """Python's small-object allocator: arenas held (1 MiB each) and bytes in use, from
    `sys._debugmallocstats`, which writes to the C stderr: caught through a pipe-less
    temporary file on fd 2."""
    import tempfile

    with tempfile.TemporaryFile() as caught:
        saved = os.dup(2)
        try:
            sys.stderr.flush()
            os.dup2(caught.fileno(), 2)
            sys._debugmallocstats()
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        caught.seek(0)
        stats = caught.read().decode(errors="replace")
    found = {}
    for line in stats.splitlines():
        name, _, value = line.partition("=")
        if value.strip().replace(",", "").isdigit():
            found.setdefault(name.strip("# ").strip(), int(value.strip().replace(",", "")))
    return (f"   pymalloc: arenas {found.get('arenas allocated current', 0)}, "
            f"in blocks {found.get('bytes in allocated blocks', 0) / MB:.1f} MB, "
            f"free blocks {found.get('bytes in available blocks', 0) / MB:.1f} MB")


def _count_tiles() -> None:
    """With SOAK_KEYS, record the tile cache's key stream: wrap `render.compose.TILES.tile`
    (called under compose's lock, so the stream needs none). The cache counts its lookups,
    builds and their time itself."""
    import render.compose as compose

    if not _KEYS or getattr(compose.TILES.tile, "probe", False):
        return
    plain = compose.TILES.tile

    def counted(key):  # type: ignore[no-untyped-def]
        tile = plain(key)
        _streams["tiles"].append((hash(key), tile.nbytes))
        return tile

    counted.probe = True  # type: ignore[attr-defined]
    compose.TILES.tile = counted  # type: ignore[method-assign]
    # The lru_caches, looked up by their module's global name at each call.
    import bot.views.board as views
    import i18n as i18n

    for module, name, stream in ((views, "game_markup", "keyboards"),
                                 (views, "game_button", "buttons"),
                                 (i18n, "formatted", "texts")):
        setattr(module, name, _recording(getattr(module, name), _streams[stream]))


def _recording(cached, stream):  # type: ignore[no-untyped-def]
    def call(*args):  # type: ignore[no-untyped-def]
        stream.append(hash(args))
        return cached(*args)

    if hasattr(cached, "cache_info"):
        call.cache_info = cached.cache_info
    return call


def _app() -> object | None:
    """The running bot's App (a local of the timer loop's coroutine): the services were
    made before `gc.freeze`, so gc.get_objects does not see them."""
    import asyncio

    for task in asyncio.all_tasks():
        frame = getattr(task.get_coro(), "cr_frame", None)
        if frame is not None and "app" in frame.f_locals:
            return frame.f_locals["app"]
    return None


def _caches() -> str:
    out = []
    try:
        import bot.views.board as views
        import i18n as i18n
        import render.compose as compose

        tiles = compose.TILES
        out.append(f"tiles {len(tiles)} ({tiles.nbytes / MB:.1f} MB)")
        if tiles.lookups:
            out.append(f"tile lookups {tiles.lookups}, built {tiles.built} "
                       f"({tiles.build_seconds * 1000 / max(tiles.built, 1):.2f} ms each)")
        for name, cached in (("keyboards", views.game_markup), ("buttons", views.game_button),
                             ("texts", i18n.formatted)):
            if not hasattr(cached, "cache_info"):  # not cached (any more)
                continue
            info = cached.cache_info()
            out.append(f"{name} {info.currsize} (hits {info.hits}, misses {info.misses})")
        app = _app()
        if app is not None:
            out.append(f"people {len(app.people)}, known players {len(app.players)}")
        _count_tiles()
    except Exception as exc:  # the bot's layout changed: say so, keep the rest
        out.append(repr(exc))
    return "   caches: " + ", ".join(out)


def _dump(signum: int, frame: object) -> None:
    lines = [f"==== {time.strftime('%X')} RSS {_rss():.1f} MB, "
             f"threads {len(os.listdir('/proc/self/task'))}", _malloc(), _pymalloc()]
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
    if _KEYS:
        import pickle

        with open(_KEYS, "wb") as out:
            pickle.dump(dict(_streams), out)


if getattr(sys, "orig_argv", [""])[-1] == "bot":
    if _TRACE:
        import tracemalloc

        tracemalloc.start()
    signal.signal(signal.SIGUSR1, _dump)
