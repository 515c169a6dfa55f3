"""Looking for an opponent through /play's menu."""

from __future__ import annotations

from testkit.harness import Harness


async def search(h: Harness, user_id: int, *labels: str, name: str = "P",
                 language: str = "en") -> None:
    """/play, then the menu's buttons."""
    user = h.fake.user(user_id, name, language_code=language)
    user.command("/play")
    await h.feed()
    for label in labels:
        user.press_button(user_id, label)
        await h.feed()
