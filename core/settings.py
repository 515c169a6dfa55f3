"""Per-player settings: a registry of on/off toggles with defaults, kept in storage.

A feature adds its toggle with `register(Toggle("name", default))`; /settings then shows it
with a button that flips it, labelled by the locale key `setting-<name>` and explained by
`setting-<name>-about` (both in every language). A toggle a player never changed has no
row: its default applies, so changing a default changes it for everyone who kept it.
Settings are read from the database when needed (one indexed read, no cache), so every
process of a scaled-out bot sees a change at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from storage import games
from storage import settings as stored
from storage.db import Database
from storage.models import Game


@dataclass(frozen=True)
class Toggle:
    name: str  # a short ASCII word: it travels in the toggle button's callback data
    default: bool


TOGGLES: dict[str, Toggle] = {}  # in the order /settings lists them


def register(toggle: Toggle) -> Toggle:
    TOGGLES[toggle.name] = toggle
    return toggle


# On: a turn ends when the player presses Done (Undo possible until then). Off (the
# default): a turn whose last die is played is sent by itself `UNDO_WINDOW` seconds later,
# Undo taking it back until then (Done sends it at once).
CONFIRM_MOVES = register(Toggle("confirm", default=False))
UNDO_WINDOW = 4  # seconds


def _value(text: str | None, toggle: Toggle) -> bool:
    return toggle.default if text is None else text == "1"


class PlayerSettings:
    def __init__(self, db: Database, clock: Callable[[], datetime]) -> None:
        self.db, self.clock = db, clock

    async def enabled(self, player_id: int, toggle: Toggle) -> bool:
        return _value(await stored.player_setting(self.db, player_id, toggle.name), toggle)

    async def with_game(self, game_id: int, player_id: int, toggle: Toggle
                        ) -> tuple[Game, bool]:
        """The stored game and the player's `toggle`, read together (one read)."""
        row, text = await games.load_game_with_setting(self.db, game_id, player_id,
                                                       toggle.name)
        return row, _value(text, toggle)

    async def toggles(self, player_id: int) -> list[tuple[Toggle, bool]]:
        """Every registered toggle with the player's value, in the registry's order."""
        saved = await stored.player_settings(self.db, player_id)
        return [(toggle, _value(saved.get(name), toggle)) for name, toggle in TOGGLES.items()]

    async def set(self, player_id: int, toggle: Toggle, on: bool) -> None:
        await stored.put_player_setting(self.db, player_id, toggle.name, "1" if on else "0",
                                        now=self.clock())
