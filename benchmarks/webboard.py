"""The web board's page: its weight, and how smoothly a checker follows a drag.

Run: .venv/bin/python benchmarks/webboard.py [--drags N] [--scale S] [--control TOKEN]

* Page weight: the bytes of web/static (Telegram's script is not ours and not counted),
  and what they come to gzipped.
* Dragging: the real bot and web door (as in the tests: the fake Bot API, SQLite) serve a
  game against the computer; Debian's headless Chromium opens it on a phone's viewport
  (390 x 844 CSS px, twice the pixel density) and a mouse drags a movable checker round a
  loop in 250 small steps (8 ms apart plus Playwright's round trip: the rate is printed),
  then drops it back where it was lifted. Measured in the page: the requestAnimationFrame
  callbacks during each drag (frames per second, frame intervals); in Chromium's
  performance trace (devtools.timeline): the Layout and style-recalculation events and the
  main thread's busy time during the drags.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import itertools
import json
import math
import statistics
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import percentile
from engine.dice import SeededDice
from testkit.browser import (
    centre,
    chromium,
    new_context,
    open_page,
    page_url,
    settled,
)
from testkit.fake_telegram import FakeTelegram
from testkit.web import make_web_harness

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
PLAYER = 7301
STEPS = 250  # input events in one drag
RECORD = """() => {
    window.frames_ = [];
    window.recording_ = true;
    const tick = (t) => {
        window.frames_.push(t);
        if (window.recording_) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
}"""


def page_weight() -> tuple[dict[str, int], int, int]:
    """The page's own files (telegram-local.js stands in for Telegram's script: not ours to
    send in production, not counted)."""
    own = [p for p in sorted(STATIC.iterdir()) if p.is_file() and p.name != "telegram-local.js"]
    files = {p.name: p.stat().st_size for p in own}
    raw = sum(files.values())
    packed = sum(len(gzip.compress(p.read_bytes(), 9)) for p in own)
    return files, raw, packed


async def drags(count: int, scale: float, control: str | None = None) -> dict[str, object]:
    """`control`: the game's time control token (None: the host's default)."""
    body: dict[str, object] = {"variant": "short", "level": "beginner", "length": 1}
    if control:
        body["control"] = control
    with tempfile.TemporaryDirectory() as folder:
        async with FakeTelegram() as fake:
            wh = await make_web_harness(fake, Path(folder))
            try:
                wh.core.games.dice = SeededDice(3)
                fake.user(PLAYER, "Ali").command("/start")
                await wh.feed()
                status, data = await wh.call("POST", "api/games", PLAYER, body)
                assert status == 200, data
                async with chromium() as browser:
                    context = await new_context(browser, scale=scale)
                    page, errors = await open_page(context, page_url(
                        wh.url, wh.init_data(PLAYER), query=f"?game={data['game']}"))
                    await settled(page)
                    result = await measure(browser, page, count)
                    assert not errors, errors
                    return result
            finally:
                await wh.close()


async def measure(browser, page, count: int) -> dict[str, object]:  # type: ignore[no-untyped-def]
    """Drag `count` times; the figures of the frames and of the trace during the drags."""
    intervals: list[float] = []
    rates: list[float] = []
    await browser.start_tracing(page=page, categories=[
        "devtools.timeline", "disabled-by-default-devtools.timeline"])
    for _ in range(count):
        x, y = await centre(page, ".board .hit.movable")
        await page.mouse.move(x, y)
        await page.mouse.down()
        await page.mouse.move(x + 3, y - 8)  # past the slop: the checker is lifted
        await page.evaluate(RECORD)
        await page.evaluate("() => console.timeStamp('drag-start')")
        for i in range(STEPS):  # a loop over the board, an input event every 8 ms
            angle = 2 * math.pi * i / STEPS
            await page.mouse.move(x + 90 * (1 - math.cos(angle)), y - 70 * math.sin(angle))
            await asyncio.sleep(0.008)
        await page.evaluate("() => console.timeStamp('drag-end')")
        frames = await page.evaluate("() => { window.recording_ = false; return window.frames_; }")
        await page.mouse.move(x, y)
        await page.mouse.up()  # dropped where it was lifted: put back, nothing sent
        await settled(page)
        gaps = [b - a for a, b in itertools.pairwise(frames)]
        intervals += gaps
        rates.append(1000 * len(gaps) / (frames[-1] - frames[0]))
    trace = json.loads(await browser.stop_tracing())
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    marks = sorted((e["ts"], e["args"]["data"]["message"]) for e in events
                   if e.get("name") == "TimeStamp")
    windows = [(a[0], b[0]) for a, b in zip(marks[::2], marks[1::2], strict=True)
               if a[1] == "drag-start" and b[1] == "drag-end"]
    assert len(windows) == count, marks
    renderer = next(e["pid"] for e in events if e.get("name") == "TimeStamp")
    inside = [e for e in events if e.get("pid") == renderer and
              any(a <= e.get("ts", -1) <= b for a, b in windows)]
    busy = sum(e.get("dur", 0) for e in inside if e.get("name") == "RunTask"
               and e.get("tid") == next(x["tid"] for x in events if x.get("name") == "TimeStamp"))
    span = sum(b - a for a, b in windows)
    ordered = sorted(intervals)
    return {
        "drags": count,
        "frames": len(intervals) + count,
        "fps": [round(r, 1) for r in rates],
        "frame_interval_ms": {"median": round(statistics.median(ordered), 2),
                              "p95": round(percentile(ordered, 0.95), 2),
                              "max": round(ordered[-1], 2),
                              "over_20ms": sum(1 for g in ordered if g > 20)},
        "layout_events": sum(1 for e in inside if e.get("name") == "Layout"),
        "layout_ms": round(sum(e.get("dur", 0) for e in inside
                               if e.get("name") == "Layout") / 1000, 1),
        "style_recalcs": sum(1 for e in inside if e.get("name") in (
            "UpdateLayoutTree", "RecalculateStyles")),
        "style_ms": round(sum(e.get("dur", 0) for e in inside if e.get("name") in (
            "UpdateLayoutTree", "RecalculateStyles")) / 1000, 1),
        "drag_seconds": round(span / 1e6, 2),
        "input_events_per_s": round(count * STEPS / (span / 1e6), 1),
        "paints": sum(1 for e in inside if e.get("name") == "Paint"),
        "main_thread_busy_percent": round(100 * busy / span, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--drags", type=int, default=3)
    parser.add_argument("--scale", type=float, default=2.0, help="device pixel ratio")
    parser.add_argument("--control", default=None,
                        help="the game's time control (c8+20, m120; default: the host's)")
    args = parser.parse_args()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, check=False).stdout.strip()
    print(f"commit {commit}, {datetime.now(UTC):%Y-%m-%d}")
    files, raw, packed = page_weight()
    print(f"page weight: {raw:,} bytes in {len(files)} files ({packed:,} gzipped), "
          "Telegram's script not counted")
    for name, size in files.items():
        print(f"  {name:12} {size:7,}")
    figures = asyncio.run(drags(args.drags, args.scale, args.control))
    print("dragging:", json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
