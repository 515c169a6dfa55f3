"""CPU of what a board shows besides its picture: the scene, the caption and the keyboard.

    python -m benchmarks.views [--variant short] [--games 20] [--presses 1000] [--repeat 5]

Plays `benchmarks.bot`'s presses once, recording every board drawn (the stored state, the
viewer's seat, the chosen checker), then draws them again the way a press does, each from a
freshly loaded `Live` (`Live.load`, `scene_for`, `caption_for`, `keyboard_for`; no picture,
no Telegram, no storage), `--repeat` times, and prints the CPU per board (the best and the
median pass). The part of a press that `bot/views/board.py`, `bot/views/recap.py` and
`core/history.py` cost, measured without the noise of the rest.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from datetime import UTC, datetime
from typing import Any

from benchmarks import bot as bench
from bot.services.boards import BoardPublisher
from bot.views.board import Viewer, caption_for, keyboard_for, scene_for
from core.live import Live
from i18n import Translator

NAMES = ("Ali", "Vali")


def record(variant: str, games: int, presses: int) -> list[tuple[Any, ...]]:
    boards: list[tuple[Any, ...]] = []
    original = BoardPublisher.board

    async def board(self: BoardPublisher, row: Any, live: Live, viewer: Viewer) -> Any:
        boards.append((row.state_json, viewer.seat, self.selection(row, live, viewer.seat),
                       row.id, row.version, row.deadline))
        return await original(self, row, live, viewer)

    BoardPublisher.board = board  # type: ignore[method-assign]
    try:
        args = argparse.Namespace(games=games, presses=presses, seed=1)
        asyncio.run(bench.run(variant, args))
    finally:
        BoardPublisher.board = original  # type: ignore[method-assign]
    return boards


def draw(boards: list[tuple[Any, ...]]) -> None:
    t = Translator("en")
    now = datetime.now(UTC)
    for state, seat, selected, game_id, version, deadline in boards:
        live = Live.load(state)
        viewer = Viewer(seat, t, NAMES)
        targets = tuple(live.turn().destinations(selected)) if selected is not None else ()
        scene_for(live, viewer, selected, targets)
        caption_for(live, viewer, deadline=deadline, now=now, computer_seat=None)
        keyboard_for(live, viewer, game_id, version, selected)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", choices=bench.VARIANTS, default="short")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--presses", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    boards = record(args.variant, args.games, args.presses)
    draw(boards)  # warm: the engine's kept rolls, the texts
    passes = []
    for _ in range(args.repeat):
        start = time.process_time()
        draw(boards)
        passes.append((time.process_time() - start) / len(boards) * 1e6)
    print(f"{args.variant}: {len(boards)} boards; scene, caption and keyboard: CPU per board "
          f"{min(passes):.0f} us best, {statistics.median(passes):.0f} us median "
          f"of {args.repeat} passes")


if __name__ == "__main__":
    main()
