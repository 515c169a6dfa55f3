"""Top-level functions for process-pool tests: a worker imports them by name."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from pathlib import Path


def in_worker() -> bool:
    return multiprocessing.parent_process() is not None


def pid_and(value: object, *, twice: bool = False) -> tuple[int, object]:
    return os.getpid(), (value, value) if twice else value


def refuse(message: str) -> None:
    raise ValueError(message)


def late_timeout() -> None:
    raise TimeoutError("the function's own TimeoutError")


def nap(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def die_once(marker: str) -> int:
    """Kills its worker the first time (when `marker` does not exist yet)."""
    path = Path(marker)
    if not path.exists():
        path.write_text("died")
        os.kill(os.getpid(), signal.SIGKILL)
    return os.getpid()


def die_in_worker() -> str:
    """Kills any worker that runs it; in a thread of the main process it answers."""
    if in_worker():
        os.kill(os.getpid(), signal.SIGKILL)
    return "thread"


def hang_in_worker() -> str:
    """Never returns in a worker; in a thread of the main process it answers."""
    if in_worker():
        while True:
            time.sleep(3600)
    return "thread"
