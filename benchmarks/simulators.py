"""The two Bot API simulators' cost per call (docs/architecture.md, "Two Bot API
simulators"): `sendMessage` through aiogram to local play's in-process session and to the
test kit's fake over HTTP on 127.0.0.1.

    python -m benchmarks.simulators [--calls 500] [--runs 3]
"""

from __future__ import annotations

import argparse
import asyncio
import time

from aiogram import Bot

from bot.local.telegram import LocalTelegram
from testkit.fake_telegram import FakeTelegram
from testkit.fixtures import bot_for

CHAT = 1


async def per_call(bot: Bot, calls: int) -> float:
    """Milliseconds a `sendMessage`, after one to warm up."""
    await bot.send_message(CHAT, "warm")
    began = time.perf_counter()
    for n in range(calls):
        await bot.send_message(CHAT, f"message {n}")
    return (time.perf_counter() - began) / calls * 1000


async def main(calls: int, runs: int) -> None:
    for _ in range(runs):
        local = await per_call(Bot("1:LOCAL", session=LocalTelegram()), calls)
        async with FakeTelegram() as fake:
            fake.user(CHAT, "Ali")
            bot = bot_for(fake)
            try:
                http = await per_call(bot, calls)
            finally:
                await bot.session.close()
        print(f"sendMessage: local play {local:.3f} ms, the fake over HTTP {http:.3f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(main(args.calls, args.runs))
