"""Edits of a group's board per turn, with and without ephemeral buttons
(`GROUP_EPHEMERAL_BUTTONS`, bot/services/ephemeral.py).

    python -m benchmarks.group_ephemeral [--turns 40] [--seed 1] [--variant short]

For each setting (off, then on): the real bot (build(), SQLite in a temporary folder) on
the fake Bot API (testkit/fake_telegram.py), a group game of two players (`/nard`,
Join) with the same seeded dice, and `--turns` turns played step by step as a player
presses the buttons they see (testkit/groups.py: roll, take, done, a destination,
a checker; no one-tap full moves): the group's board with the setting off, their own
ephemeral message with it on. Printed per setting: presses a turn, edits of the group's
board a turn (editMessage*), photos sent to the group a turn, and the ephemeral calls a
turn (sent, edited, deleted). The figures count Bot API calls, not time: they do not
depend on the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import TEST_TOKEN
from testkit.groups import group_game, play_group_turns
from testkit.harness import make_harness, stop_harness

EDITS = ("editMessageText", "editMessageCaption", "editMessageMedia",
         "editMessageReplyMarkup")
EPHEMERAL = ("editEphemeralMessageText", "editEphemeralMessageReplyMarkup",
             "deleteEphemeralMessage")


async def measure(folder: Path, ephemeral: bool, turns: int, seed: int,
                  variant: str) -> dict[str, float]:
    async with FakeTelegram(TEST_TOKEN) as fake:
        h = await make_harness(fake, folder / f"{ephemeral}.sqlite3", seed=seed,
                               group_ephemeral_buttons=ephemeral)
        try:
            game = await group_game(h, variant)
            start = fake.mark()
            played = await play_group_turns(h, game, turns)
            sent = [r for r in fake.requests[start:] if r.method == "sendMessage"]
            private = sum(1 for r in sent if not r.params.get("ephemeral_message_parameters"))
        finally:
            await stop_harness(h)
    n = played["turns"]
    return {"turns": n, "presses": played["presses"] / n,
            "group edits": sum(played.get(m, 0) for m in EDITS) / n,
            "group photos": played.get("sendPhoto", 0) / n,
            "ephemeral calls": (sum(played.get(m, 0) for m in EPHEMERAL)
                                + played.get("sendMessage", 0) - private) / n}


async def main(turns: int, seed: int, variant: str) -> list[dict[str, float]]:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for ephemeral in (False, True):
            row = await measure(Path(folder), ephemeral, turns, seed, variant)
            rows.append(row)
            print(f"ephemeral buttons {'on ' if ephemeral else 'off'}: {row['turns']:.0f} "
                  f"turns, {row['presses']:.2f} presses a turn, {row['group edits']:.2f} "
                  f"edits of the group's board a turn, {row['group photos']:.2f} photos "
                  f"sent to it a turn, {row['ephemeral calls']:.2f} ephemeral calls a turn",
                  flush=True)
    off, on = rows
    print(f"group edits a turn: {off['group edits']:.2f} -> {on['group edits']:.2f} "
          f"({on['group edits'] / off['group edits']:.2f}x)")
    return rows


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", choices=("short", "long"), default="short")
    args = parser.parse_args()
    asyncio.run(main(args.turns, args.seed, args.variant))
