"""Start-up of a worker process the bot spawns (the analysis pool): kept tiny, because the
worker imports this module before anything else, and without aiogram."""

from __future__ import annotations

import os
import threading
import time

PARENT_CHECK_SECONDS = 1.0


def start(niceness: int) -> None:
    """Run below the bot (`niceness`), and end when the bot is gone: a killed bot leaves no
    worker computing for nobody (a pool's worker would otherwise finish its call first and
    linger)."""
    os.nice(niceness)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)  # the bot died: nobody will read what this process computes

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
