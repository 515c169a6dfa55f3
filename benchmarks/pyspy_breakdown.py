"""Where the event loop's CPU goes in a press, from a py-spy recording of `benchmarks.bot`.

    .venv/bin/py-spy record --gil --threads --rate 500 --format raw -o /tmp/press.raw \\
        -- .venv/bin/python -m benchmarks.bot --games 20 --presses 1000 --variant short
    .venv/bin/python -m benchmarks.pyspy_breakdown /tmp/press.raw [--top 40]

With `--gil` py-spy samples only the thread holding the GIL, so a sample is Python CPU work
(a thread waiting for the GIL, a queue or a socket is never counted). Work done with the
GIL released (SQLite's statements, the PNG deflate, numpy's copies) is not seen: the CPU
split by thread that `benchmarks.bot` prints measures that part.

Event-loop samples are split into the presses (`Dispatcher.feed_update` on the stack), the
benchmark's own driver (choosing a button, building the update), the set-up (apps, games)
and asyncio's own loop (selecting, waking from threads: no coroutine on the stack, almost
all of it for the presses). Each press sample is put in one component by the innermost
frame of this project's code (a pydantic call made by the keyboard counts as the
keyboard's); aiogram, pydantic and asyncio frames with no project frame below them count as
the Dispatcher's. A second table gives inclusive shares of a few functions.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter

FRAME = re.compile(r"^(?P<func>.+?) \((?P<file>[^()]+?)(?::\d+)?\)$")

# The component of a project file (first match wins), in the order the issue names them.
COMPONENTS: tuple[tuple[str, str], ...] = (
    ("bot/handlers/", "Dispatcher and middlewares"),
    ("bot/plumbing/inflight.py", "Dispatcher and middlewares"),
    ("bot/views/callbacks.py", "Dispatcher and middlewares"),
    ("bot/services/presses.py", "Dispatcher and middlewares"),
    ("core/gate.py", "Dispatcher and middlewares"),
    ("core/fullmoves.py", "one-tap finishes (fullmoves)"),
    ("bot/views/", "captions, keyboards, recaps (views)"),
    ("core/history.py", "captions, keyboards, recaps (views)"),
    ("core/seen.py", "captions, keyboards, recaps (views)"),
    ("i18n/", "captions, keyboards, recaps (views)"),
    ("bot/plumbing/pacing.py", "pacing claims (pacing)"),
    ("core/", "game core (games, live, eventlog, timers)"),
    ("bot/services/", "the Telegram door's services (boards, results)"),
    ("bot/plumbing/", "Bot API calls (telegram_io, retry, aiogram methods)"),
    ("render/", "rendering (render/, in the event loop: scene)"),
    ("storage/", "SQLite (storage/, the event loop's side)"),
    ("engine/", "engine (rules, turns, moves)"),
    ("benchmarks/", "benchmark driver"),
)
PROJECT = ("bot/", "core/", "i18n/", "render/", "storage/", "engine/", "benchmarks/")
INCLUSIVE = (
    "GameService.act", "GameService._commit", "GameService._play_built_turn",
    "BoardPublisher.publish", "BoardPublisher.board", "BoardPublisher._show", "caption_for",
    "keyboard_for", "_status", "recent", "one_taps", "scene_for", "edit_board",
    "record_shown", "carry_forward", "save_game", "load_game", "Live.load", "Live.dump",
    "Live.turn", "Game.play", "PlayerMiddleware.__call__", "CallbackGuard.__call__",
    "to_thread", "Connection._execute", "CallbackData.unpack", "answer",
)


def component(path: str) -> str | None:
    for prefix, name in COMPONENTS:
        if prefix in path:
            return name
    return None


def project_file(path: str) -> bool:
    return any(path.startswith(p) or f"/{p}" in path for p in PROJECT)


def parse(line: str) -> tuple[str, list[tuple[str, str]], int] | None:
    stack, _, count = line.rstrip("\n").rpartition(" ")
    if not stack or not count.isdigit():
        return None
    parts = stack.split(";")
    frames = []
    for part in parts[1:]:
        match = FRAME.match(part)
        if match:
            frames.append((match["func"], match["file"]))
    return parts[0], frames, int(count)


def role(thread: str, frames: list[tuple[str, str]]) -> str:
    funcs = {func for func, _ in frames}
    files = {file for _, file in frames}
    if any("concurrent/futures/thread.py" in f for f in files):
        return "render threads (with the GIL)"
    if any("aiosqlite" in f for f in files) and "_connection_worker_thread" in " ".join(funcs):
        return "SQLite thread (with the GIL)"
    if "Runner.run" not in funcs:
        return "start-up and exit" if "MainThread" in thread else "other threads"
    if "Dispatcher.feed_update" in funcs:
        return "event loop: presses"
    if funcs & {"start_games", "build", "turns_played", "thread_cpu"}:
        return "event loop: set-up"
    if any(f.endswith("bot.py") for f in files) and funcs & {"run", "main"}:
        return "event loop: benchmark driver"
    return "event loop: asyncio itself"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("raw", help="py-spy record --gil --format raw output")
    parser.add_argument("--top", type=int, default=0,
                        help="also list the N functions with the most press samples "
                             "(inclusive and own)")
    args = parser.parse_args()
    by_role: Counter[str] = Counter()
    by_component: Counter[str] = Counter()
    inclusive: Counter[str] = Counter()
    top_inclusive: Counter[str] = Counter()
    top_own: Counter[str] = Counter()
    with open(args.raw) as raw:
        for line in raw:
            parsed = parse(line)
            if parsed is None:
                continue
            thread, frames, count = parsed
            where = role(thread, frames)
            by_role[where] += count
            if where != "event loop: presses":
                continue
            name = next((component(file) for _, file in reversed(frames)
                         if project_file(file)), None) or "Dispatcher and middlewares"
            by_component[name] += count
            for func in {func for func, _ in frames}:
                if func in INCLUSIVE:
                    inclusive[func] += count
            if args.top:
                for key in {f"{func} ({file})" for func, file in frames}:
                    top_inclusive[key] += count
                func, file = frames[-1]
                top_own[f"{func} ({file})"] += count
    loop = sum(c for r, c in by_role.items() if r.startswith("event loop")
               and r != "event loop: set-up")
    presses = by_role["event loop: presses"]
    print(f"samples holding the GIL: {sum(by_role.values())}; event loop without the "
          f"set-up: {loop}")
    for name, count in by_role.most_common():
        share = f"{100 * count / loop:5.1f} % of the event loop" if name.startswith(
            "event loop") and name != "event loop: set-up" else ""
        print(f"  {count:7d}  {name:34} {share}")
    print("\nthe presses' event-loop samples by component (innermost project frame):")
    for name, count in by_component.most_common():
        print(f"  {100 * count / presses:5.1f} %  {name}")
    print("\ninclusive (% of the presses' event-loop samples with the function on the stack):")
    for name, count in inclusive.most_common():
        print(f"  {100 * count / presses:5.1f} %  {name}")
    if args.top:
        print(f"\ntop {args.top} inclusive:")
        for name, count in top_inclusive.most_common(args.top):
            print(f"  {100 * count / presses:5.1f} %  {name}")
        print(f"top {args.top} own:")
        for name, count in top_own.most_common(args.top):
            print(f"  {100 * count / presses:5.1f} %  {name}")


if __name__ == "__main__":
    main()
