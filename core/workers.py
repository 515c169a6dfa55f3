"""Where CPU-heavy work runs: the computer's decisions and the post-game analysis.

A runner has one method that matters: ``await runner.run(fn, *args, **kwargs)`` calls a
top-level function (importable by name, with picklable arguments and result) somewhere
that does not block the event loop, and returns its result or raises its exception.

* `ProcessPool`: a `spawn` process pool. Our network's 2-ply search is pure Python around
  small NumPy products: it holds the GIL, so in a worker *thread* it slows every other
  game's presses (`benchmarks/computer.py` compares the two). Workers are warmed once by an
  initializer (weights and analyzers loaded before the first real call) and may run below
  the bot (`niceness`: the analysis). A worker that dies or hangs does not hang a game: the
  call is retried once in a fresh pool, then run in a thread, and each step is logged.
* `ThreadRunner`: two threads of the computer's own (the behaviour before the pool, and
  `COMPUTER_WORKERS=0`).
* `InlineRunner`: runs the call synchronously in the event loop, for tests that want the
  simplest, most deterministic path.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import multiprocessing
import multiprocessing.connection
import os
import queue
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol, TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")
DEFAULT_TIMEOUT = 30.0  # seconds one call may run in a worker before the worker is replaced
THREADS = 2  # a ThreadRunner's threads


class Runner(Protocol):
    async def run(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T: ...

    async def close(self) -> None: ...


def default_workers() -> int:
    """Cores − 1 (the event loop keeps one), at least 1."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


class InlineRunner:
    """Runs each call at once, in the event loop's thread (tests)."""

    async def run(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        return fn(*args, **kwargs)

    async def close(self) -> None:
        return None


class ThreadRunner:
    """Runs each call in a small thread pool of its own, not in asyncio's default pool
    (which renders boards and may grow to min(32, cores + 4) threads): Open Sage keeps
    about 20 MB of search memory per analyzer in every thread that ever ran it, for good
    (docs/performance.md, "The computer's threads"). Its analyzers serialise calls of one
    level anyway, so two threads lose no speed that matters."""

    def __init__(self, threads: int = THREADS) -> None:
        self._executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="computer")

    async def run(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor,
                                          functools.partial(fn, *args, **kwargs))

    async def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)


def _worker_start(initializer: Callable[[], None] | None, niceness: int, ready: Any) -> None:
    """Runs first in every worker. Ctrl+C reaches the whole process group: the parent
    decides when workers stop, so they ignore SIGINT. A worker whose parent is killed
    (SIGKILL, the OOM killer) would wait for work forever, or finish a long call for
    nobody: it exits with its parent. An initializer that fails is logged and not raised:
    raising would break the whole pool; the call that needs what failed to load raises on
    its own, in the caller. Last, the worker tells its pid (`start` waits for it, `_stop`
    kills what it lists)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if niceness:
        os.nice(niceness)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_exit_with, args=(parent.sentinel,), daemon=True,
                         name="parent-watch").start()
    if initializer is not None:
        try:
            initializer()
        except Exception:
            logging.getLogger(__name__).exception("the worker's initializer failed")
    ready.put(os.getpid())


def _exit_with(parent_sentinel: int) -> None:
    multiprocessing.connection.wait([parent_sentinel])  # readable once the parent is gone
    os._exit(0)


def worker_pid() -> int:
    """The worker's process id (a call that does nothing else: it starts the workers)."""
    return os.getpid()


class ProcessPool:
    """A `spawn` process pool with a timeout per call and replacement of broken workers.

    At most `workers` calls are in the pool at once; the others wait in the event loop
    (first come, first served), so the timeout measures a call's own work, never its wait.
    """

    def __init__(self, workers: int | None = None, *,
                 initializer: Callable[[], None] | None = None,
                 timeout: float = DEFAULT_TIMEOUT, niceness: int = 0) -> None:
        self.workers = workers or default_workers()
        self.timeout = timeout
        self.restarts = 0  # how many times a broken or stuck pool was replaced
        self.fallbacks = 0  # how many calls ran in a thread because the pool failed twice
        self._initializer, self._niceness = initializer, niceness
        self._context = multiprocessing.get_context("spawn")
        self._slots = asyncio.Semaphore(self.workers)
        self._executor = self._new_executor()
        self._fallback = ThreadRunner(1)  # for calls the pool failed twice
        self._generation = 0
        self._closed = False

    def _new_executor(self) -> ProcessPoolExecutor:
        # Each worker says when it is warm (its pid) on this queue; `start` waits for that
        # and `_stop` kills the workers listed there.
        self._ready = self._context.Queue()
        self._pids: set[int] = set()
        return ProcessPoolExecutor(self.workers, mp_context=self._context,
                                   initializer=_worker_start,
                                   initargs=(self._initializer, self._niceness, self._ready))

    async def start(self, timeout: float = 120.0) -> list[int]:
        """Start every worker and wait until each has run its initializer; returns their
        process ids. Raises when a worker dies on the way (BrokenProcessPool) or the workers
        are not ready within `timeout` (TimeoutError). Optional: without it workers start,
        and warm up, with the first calls."""
        # Calls submitted together, before any worker is idle, each start a worker of their
        # own (the executor starts workers on demand).
        calls = asyncio.gather(*(asyncio.wrap_future(self._executor.submit(worker_pid))
                                 for _ in range(self.workers)))
        ready, stop = self._ready, threading.Event()

        def read() -> list[int]:
            pids: list[int] = []
            while len(pids) < self.workers and not stop.is_set():
                with contextlib.suppress(queue.Empty):
                    pids.append(ready.get(timeout=0.2))
            return pids

        reading = asyncio.ensure_future(asyncio.to_thread(read))
        try:
            async with asyncio.timeout(timeout):
                # A worker that dies while warming fails `calls` long before `read` ends.
                done, _ = await asyncio.wait({reading, calls},
                                             return_when=asyncio.FIRST_EXCEPTION)
                if calls in done and (error := calls.exception()) is not None:
                    raise error
                pids = await reading
                await calls
        finally:
            stop.set()
            if not calls.done():
                calls.cancel()
        self._pids.update(pids)
        return sorted(pids)

    async def run(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> T:
        """`fn(*args, **kwargs)` in a worker, within the pool's timeout."""
        return await self.run_timed(self.timeout, fn, *args, **kwargs)

    async def run_timed(self, timeout: float, fn: Callable[..., T], /,
                        *args: Any, **kwargs: Any) -> T:
        """`run` with a time limit of its own (e.g. a whole game's analysis)."""
        if self._closed:
            raise RuntimeError("the process pool is closed")
        call = functools.partial(fn, *args, **kwargs)
        name = getattr(fn, "__qualname__", repr(fn))
        for attempt in (1, 2):
            async with self._slots:
                # Read the executor only now: a restart may have replaced it while we waited.
                executor, generation = self._executor, self._generation
                started = time.monotonic()
                try:
                    future = asyncio.wrap_future(executor.submit(call))
                except (BrokenProcessPool, RuntimeError):  # broken, or replaced meanwhile
                    problem = "the pool was broken"
                else:
                    # `wait` (not `wait_for`): a TimeoutError raised by `fn` is fn's own.
                    try:
                        done, _ = await asyncio.wait({future}, timeout=timeout)
                    except asyncio.CancelledError:
                        future.cancel()  # our caller gave up: nobody will read the result
                        raise
                    if not done:
                        future.cancel()
                        problem = f"no answer within {timeout:g} s"
                    elif future.cancelled():  # dropped by a replacement of the pool
                        problem = "the pool was replaced"
                    elif not isinstance(future.exception(), BrokenProcessPool):
                        return future.result()
                    else:
                        problem = "a worker died"
                if self._closed:
                    raise RuntimeError("the process pool is closed")
                log.warning("%s (attempt %d, %.1f s): %s; replacing the process pool",
                            name, attempt, time.monotonic() - started, problem)
                await self._replace(generation)
        self.fallbacks += 1
        log.error("%s failed twice in the process pool; running it in a thread", name)
        return await self._fallback.run(call)

    async def _replace(self, generation: int) -> None:
        """A fresh executor, unless another call has replaced this generation already."""
        if generation != self._generation or self._closed:
            return
        old, ready, pids = self._executor, self._ready, self._pids
        self._executor = self._new_executor()
        self._generation += 1
        self.restarts += 1
        await asyncio.to_thread(_stop, old, ready, pids)

    async def close(self) -> None:
        """Stop the workers: calls waiting for a slot fail, running ones are cut short."""
        if self._closed:
            return
        self._closed = True
        await self._fallback.close()
        await asyncio.to_thread(_stop, self._executor, self._ready, self._pids)


def _stop(executor: ProcessPoolExecutor, ready: Any, pids: set[int]) -> None:
    """Shut an executor down without waiting for work that may never end: its workers
    (those `ready` heard from) are killed, since a stuck one would keep its slot forever.
    (Python 3.14 has `terminate_workers`; before it the executor names its processes only
    in a private attribute: read too, as a worker just started has not told `ready` yet.)"""
    pids.update(getattr(executor, "_processes", None) or ())
    executor.shutdown(wait=False, cancel_futures=True)
    with contextlib.suppress(queue.Empty, OSError, ValueError):
        while True:  # the workers started since `start` (or never read)
            pids.add(ready.get_nowait())
    killed = [pid for pid in pids if _child_state(pid) not in (None, "Z", "X")]
    for pid in killed:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + 5.0  # dead (a zombie until the executor reaps it)
    while any(_child_state(pid) not in (None, "Z", "X") for pid in killed) \
            and time.monotonic() < deadline:
        time.sleep(0.01)
    ready.close()
    ready.join_thread()


def _child_state(pid: int) -> str | None:
    """The state letter of `pid` while it is a child of this process (R, S, Z, …); None
    when it is not (gone, or a recycled pid)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0] if int(fields[1]) == os.getpid() else None
