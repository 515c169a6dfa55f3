"""Kills and restarts: `python -m bot` SIGKILLed at many chosen moments of games, and stopped
with SIGTERM while a slow Bot API holds its redraws; the figures of docs/performance.md
("Kills and restarts").

The playing, killing and checking live in tests/e2e/test_lifecycle_kills.py (the suite runs
it with 8 kills); this runs it with more kills and prints only its figures: per engine the
kills by moment, the presses applied or offered again, the games lost on time, and how long
after the new process's first Bot API call every board was current (median, max, restarts
over 2 s); then the SIGTERM tests' lines.

    python -m benchmarks.kills [--kills 24] [--engines sqlite,postgres] [--seed 7]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TEST = "tests/e2e/test_lifecycle_kills.py"
# The lines the test prints for the record (`-s`).
FIGURES = ("SQLite:", "PostgreSQL:", "    ", "  presses:", "SIGTERM")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=24)
    parser.add_argument("--engines", default="sqlite,postgres")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    env = {**os.environ, "NARD_KILLS": str(args.kills), "NARD_KILL_SEED": str(args.seed),
           "NARD_TEST_ENGINES": args.engines}
    run = subprocess.run([sys.executable, "-m", "pytest", "-n0", "-s", "-q",
                          "-p", "no:cacheprovider", TEST], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    for line in run.stdout.splitlines():
        if line.startswith(FIGURES):
            print(line)
    if run.returncode:
        print(run.stdout[-4000:], run.stderr[-2000:], sep="\n")
    return run.returncode


if __name__ == "__main__":
    sys.exit(main())
