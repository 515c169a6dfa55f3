"""Run one benchmark on two commits alternately and print the ratio of their figures.

    python -m benchmarks.compare --base accde45 --head HEAD --runs 3 \\
        -- benchmarks.bot --games 20 --presses 1000

Each commit is checked out into a temporary `git worktree` under /tmp (`--head .` measures
the working tree as it is, uncommitted changes included). The benchmark runs as
`python -m <module> <args>` with this Python (the current virtualenv: its packages serve
both commits), the worktree as its working directory and `PYTHONPATH` set to it, so the
commit's own `bot`, `engine`, `render` and `storage` are imported, not the editable
install's; before measuring, each worktree's module paths are printed and checked.

By default the benchmark module itself (`benchmarks/<name>.py`) is copied from the current
checkout into each worktree, so both commits are measured by the same benchmark code (with
the benchmark folder's modules an older commit lacks, such as `benchmarks/figures.py`);
`--own-bench` runs each commit's own copy instead, `--bench-from REV` the copy of commit REV
in both (e.g. to repeat a measurement made with an older benchmark).

The runs alternate, the side that goes first swapping every round (base head, head base,
...), so a machine that gets busier or quieter meanwhile weighs on both. From each run's
output every "CPU per press" / "CPU per turn" figure is read (each `<label>: CPU per <unit>
<x> ms`; the old `CPU <x> ms per press` too; and benchmarks.bot's CPU per press of the event
loop, the render threads and SQLite's thread; `--figure NAME=REGEX` adds any other), and
for each figure the medians of the two commits and their ratio head / base are printed,
with every run's figure. Standard library only.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

PACKAGES = ("bot", "engine", "render", "storage")
LABEL = re.compile(r"^(?P<label>[\w-]+): ")
FIGURE = re.compile(r"CPU per (?P<unit>press|turn) (?P<value>\d+(?:\.\d+)?) ms")
THREAD = re.compile(r"(?P<role>event loop|to_thread workers|SQLite thread) "
                    r"(?P<value>\d+(?:\.\d+)?) ms")
OLD_FIGURE = re.compile(r"CPU (?P<value>\d+(?:\.\d+)?) ms per (?P<unit>press|turn)")


def git(*args: str, cwd: Path) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                          text=True).stdout.strip()


def figures(output: str) -> dict[str, float]:
    """Every CPU-per-press and CPU-per-turn figure in a benchmark's output, by name."""
    found: dict[str, float] = {}
    for line in output.splitlines():
        label = LABEL.match(line)
        matches = list(FIGURE.finditer(line))
        for match in matches:
            name = f"{label['label'] + ' ' if label else ''}CPU per {match['unit']}"
            found[name] = float(match["value"])
        if not matches:
            for match in OLD_FIGURE.finditer(line):
                found.setdefault(f"CPU per {match['unit']}", float(match["value"]))
        if "CPU per press by thread:" in line:  # benchmarks.bot's split, e.g. the event loop
            for match in THREAD.finditer(line.split("CPU per press by thread:", 1)[1]):
                name = f"{label['label'] + ' ' if label else ''}{match['role']} per press"
                found[name] = float(match["value"])
    return found


def check_imports(tree: Path, env: dict[str, str]) -> None:
    """Print where the worktree's Python imports the project from; stop if elsewhere."""
    code = ("import importlib, sys\n"
            f"for name in {PACKAGES!r}:\n"
            "    print(name, importlib.import_module(name).__file__)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, check=True,
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        name, path = line.split(" ", 1)
        ok = Path(path).resolve().is_relative_to(tree.resolve())
        print(f"  {name:8} {path}{'' if ok else '  <- NOT the worktree'}")
        if not ok:
            sys.exit(f"{tree}: {name} is imported from {path}, not from the worktree")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        usage="python -m benchmarks.compare [--base REV] [--head REV|.] [--runs N] "
              "[--own-bench] [--keep] -- MODULE [ARGS...]")
    parser.add_argument("--base", default="main", help="the reference commit (default main)")
    parser.add_argument("--head", default=".",
                        help="the commit measured against it; '.' is the working tree as it "
                             "is (default)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each commit")
    parser.add_argument("--own-bench", action="store_true",
                        help="run each commit's own benchmark module (default: the current "
                             "checkout's, copied into both worktrees)")
    parser.add_argument("--bench-from", metavar="REV",
                        help="copy the benchmark module as it is at commit REV instead")
    parser.add_argument("--figure", action="append", default=[], metavar="NAME=REGEX",
                        help="also read the figure NAME from each run's output: the first "
                             "group of REGEX's first match (e.g. 'p99=p99 ([0-9.]+) ms'); "
                             "repeatable")
    parser.add_argument("--keep", action="store_true", help="keep the temporary worktrees")
    parser.add_argument("command", nargs=argparse.REMAINDER,
                        help="-- MODULE [ARGS...], e.g. -- benchmarks.bot --games 20")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("name the benchmark module after --")
    module, bench_args = command[0], command[1:]
    extra = []
    for spec in args.figure:
        name, sep, pattern = spec.partition("=")
        if not sep or re.compile(pattern).groups < 1:
            parser.error(f"--figure {spec!r}: NAME=REGEX with a group for the number")
        extra.append((name, pattern))
    here = Path(git("rev-parse", "--show-toplevel", cwd=Path.cwd()))
    bench_file = here / (module.replace(".", "/") + ".py")

    folder = Path(tempfile.mkdtemp(prefix="nard-compare-", dir="/tmp"))
    trees: dict[str, Path] = {}
    labels: dict[str, str] = {}
    try:
        for side, rev in (("base", args.base), ("head", args.head)):
            if rev == ".":
                trees[side] = here
                dirty = git("status", "--porcelain", "--untracked-files=no", cwd=here)
                at = git("log", "-1", "--format=%h %cs %s", "HEAD", cwd=here)
                labels[side] = (f"working tree at {at}"
                                + (" + uncommitted changes" if dirty else ""))
                continue
            commit = git("rev-parse", "--verify", f"{rev}^{{commit}}", cwd=here)
            tree = folder / f"{side}-{commit[:10]}"
            git("worktree", "add", "--detach", str(tree), commit, cwd=here)
            trees[side] = tree
            labels[side] = f"{rev} = {git('log', '-1', '--format=%h %cs %s', commit, cwd=here)}"
            if not args.own_bench and tree != here:
                shutil.copyfile(bench_file, tree / bench_file.relative_to(here))
                # The benchmark's helpers an older commit lacks (benchmarks/figures.py,
                # added after accde45): added, never overwriting the commit's own.
                for helper in bench_file.parent.glob("*.py"):
                    target = tree / helper.relative_to(here)
                    if not target.exists():
                        shutil.copyfile(helper, target)
        if args.bench_from:  # the benchmark as it was at that commit, in both trees
            text = git("show", f"{args.bench_from}:{bench_file.relative_to(here)}", cwd=here)
            for tree in trees.values():
                if tree == here:
                    sys.exit("--bench-from needs two commits (not '.'): it would overwrite "
                             f"{bench_file}")
                (tree / bench_file.relative_to(here)).write_text(text + "\n")
        envs: dict[str, dict[str, str]] = {}
        for side, tree in trees.items():
            print(f"{side}: {labels[side]}\n  worktree {tree}")
            envs[side] = {**os.environ, "PYTHONPATH": str(tree)}
            check_imports(tree, envs[side])
        source = (f"commit {args.bench_from}" if args.bench_from else
                  "each commit its own" if args.own_bench else "the current checkout")
        print(f"benchmark: python -m {' '.join(command)} ({source}'s "
              f"{bench_file.relative_to(here)}), {args.runs} runs each, alternating")

        results: dict[str, list[dict[str, float]]] = {"base": [], "head": []}
        for round_ in range(args.runs):
            order = ("base", "head") if round_ % 2 == 0 else ("head", "base")
            for side in order:
                before = os.times()
                done = subprocess.run([sys.executable, "-m", module, *bench_args],
                                      cwd=trees[side], env=envs[side], capture_output=True,
                                      text=True)
                after = os.times()
                if done.returncode:
                    sys.exit(f"{side} run failed ({done.returncode}):\n{done.stderr[-3000:]}")
                found = figures(done.stdout)
                for name, pattern in extra:
                    match = re.search(pattern, done.stdout)
                    if match:
                        found[name] = float(match.group(1))
                if not found:
                    sys.exit(f"{side}: no figure found in the output:\n{done.stdout}")
                results[side].append(found)
                child_cpu = (after.children_user + after.children_system
                             - before.children_user - before.children_system)
                print(f"run {round_ + 1} {side}: " + ", ".join(
                    f"{name} {value:.2f}" for name, value in found.items())
                    + f" (whole process {child_cpu:.1f} s CPU)", flush=True)

        print(f"\n{'figure':24} {'base median':>12} {'head median':>12} {'head/base':>10}"
              "   base runs | head runs")
        for name in results["base"][0]:
            base = [run[name] for run in results["base"] if name in run]
            head = [run[name] for run in results["head"] if name in run]
            if not head:
                print(f"{name:24} {statistics.median(base):12.2f} {'-':>12}")
                continue
            ratio = statistics.median(head) / statistics.median(base)
            print(f"{name:24} {statistics.median(base):12.2f} {statistics.median(head):12.2f}"
                  f" {ratio:10.3f}   {' '.join(f'{v:.2f}' for v in base)} | "
                  f"{' '.join(f'{v:.2f}' for v in head)}")
    finally:
        for tree in trees.values():
            if tree != here and not args.keep:
                subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=here,
                               capture_output=True)
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
