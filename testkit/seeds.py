"""The provably fair dice as players read them: seeds revealed, commitments shown."""

from __future__ import annotations

import json
import re

from testkit.fake_telegram import StoredMessage
from testkit.harness import Harness

USER = 1001
COMMITTED = re.compile(r"🔒 Dice seed \(([^)]+)\): SHA-256 ([0-9a-f]{64})")
REVEALED = re.compile(r"🔓 Dice seed \(([^)]+)\): ([0-9a-f]{64})")
COMMAND = re.compile(r"^python -m engine\.fairness verify .*$", re.MULTILINE)


def result_message(h: Harness, chat: int) -> StoredMessage:
    """The newest result message of `chat` (the one with the 🎲 Dice button)."""
    found = [m for m in h.fake.messages(chat) if _dice_button(m) is not None]
    assert found, h.fake.transcript(chat)
    return found[-1]


def _dice_button(message: StoredMessage) -> str | None:
    return next((data for _, data in message.buttons if data and data.startswith("ap:dice:")),
                None)


async def dice_proof(h: Harness, chat: int, presser: int | None = None) -> str:
    """The proof of the newest result's dice in `chat`: its 🎲 Dice button pressed (by
    `presser`, the chat's own user by default), the text it sends there."""
    result = result_message(h, chat)
    data = _dice_button(result)
    assert data is not None
    h.fake.user(presser or chat, "?").press(result, data)
    await h.feed()
    text = h.fake.last_message(chat).text or ""
    assert "🔓" in text, h.fake.transcript(chat)
    return text


def seeds_of(text: str) -> list[str]:
    """The server seeds a result message reveals, in seat order."""
    return [seed for _, seed in REVEALED.findall(text)]


def commitments_of(text: str) -> list[str]:
    """The commitments a board shows, in seat order."""
    return [hash_ for _, hash_ in COMMITTED.findall(text)]


def stored_events(log: dict, number: int) -> list[dict]:
    """The logged events of game `number` of a match log (steps and undos have none)."""
    return [json.loads(line.data) for line in log[number] if line.data is not None]
