"""Who is who: stored players (cached), their languages, the names a board shows (both
doors read them).

Every redraw needs both players' names and each viewer's language, so player rows are
cached; the cache is a bounded LRU whose entries also expire after a short time, because
another process (or a /lang press) may change a player and memory must not grow with the
number of players ever seen.
"""

from __future__ import annotations

import time
from collections import Counter, OrderedDict
from collections.abc import Callable
from typing import Any

from i18n import Translator, available_languages, pick_language
from storage import chats, players
from storage.db import Database
from storage.models import Game as Row
from storage.models import Player

CACHE_SIZE = 10_000
CACHE_SECONDS = 30.0


def evict(cached: OrderedDict[Any, tuple[Any, ...]], size: int, ttl: float,
          now: float) -> None:
    """Drop the least recently used rows of an LRU of `(fetched at, ...)` tuples beyond
    `size`, and those at the old end that have expired: an expired row is never served
    again, so keeping it until `size` newer players push it out only costs memory. (A row
    is fetched again once expired, so one last used more than `ttl` ago has expired;
    expired rows behind a fresher one go when they reach the old end.)"""
    while cached and (len(cached) > size or now - next(iter(cached.values()))[0] >= ttl):
        cached.popitem(last=False)


class People:
    def __init__(self, db: Database, default_language: str, *,
                 monotonic: Callable[[], float] = time.monotonic,
                 size: int = CACHE_SIZE, ttl: float = CACHE_SECONDS) -> None:
        self.db, self.default_language = db, default_language
        self.monotonic, self.size, self.ttl = monotonic, size, ttl
        self._players: OrderedDict[int, tuple[float, Player | None]] = OrderedDict()

    async def player(self, player_id: int) -> Player | None:
        """A stored player, cached for a short time."""
        now = self.monotonic()
        cached = self._players.get(player_id)
        if cached is not None and now - cached[0] < self.ttl:
            self._players.move_to_end(player_id)
            return cached[1]
        found = await players.get_player(self.db, player_id)
        self._players[player_id] = (now, found)
        self._players.move_to_end(player_id)
        self._evict(now)
        return found

    def _evict(self, now: float) -> None:
        evict(self._players, self.size, self.ttl, now)

    def __len__(self) -> int:
        return len(self._players)

    def forget(self, player_id: int) -> None:
        """Drop the cached row after the player changed (name, language)."""
        self._players.pop(player_id, None)

    async def translator(self, player_id: int) -> Translator:
        player = await self.player(player_id)
        saved = player.language if player else None
        return Translator(pick_language(saved, None, self.default_language))

    async def name(self, player_id: int) -> str:
        player = await self.player(player_id)
        return player.name if player else "?"

    async def names(self, row: Row, t: Translator) -> tuple[str, str]:
        """Both seats' names as `t`'s reader sees them (the computer's in their language)."""
        names = []
        for occupant in row.players:
            if occupant is None:
                names.append(t("computer-name", level=t(f"level-{row.level}")))
            else:
                names.append(await self.name(occupant))
        return names[0], names[1]

    async def seat_translator(self, row: Row, seat: int) -> Translator:
        """The language the player in `seat` reads (the default for the computer)."""
        player = row.players[seat]
        return await self.translator(player) if player is not None else Translator(
            self.default_language)

    async def chat_translator(self, chat_id: int, row: Row | None = None, *,
                              starter: int | None = None) -> Translator:
        """A group's language (`group_translator`); the game's starter (the player in seat 0
        of `row`, or `starter`: whoever posts the challenge) breaks a tie."""
        first = row.players[0] if row is not None else starter
        player = await self.player(first) if first is not None else None
        return await group_translator(self.db, chat_id, self.default_language,
                                      player.language if player else None)


def group_language(chosen: str | None, members: list[str], default: str,
                   asker: str | None = None) -> str:
    """The language a group is answered in: the one an admin chose with /lang, else the
    one most of its players read (`members`: their languages, the group's first players
    first), whoever asks. A tie goes to the language of the group's earliest player among
    the tied (who set up its first game), so the answer never depends on the asker. A
    group with no known players yet: `asker`'s (whoever posts its first challenge), else
    the default."""
    if chosen is not None:
        return pick_language(chosen, None, default)
    spoken = [code for code in map(_spoken, members) if code is not None]
    if spoken:
        votes = Counter(spoken)
        top = max(votes.values())
        tied = {code for code, count in votes.items() if count == top}
        return next(code for code in spoken if code in tied)
    return pick_language(None, asker, default)


def _spoken(code: str | None) -> str | None:
    """A stored language code ("ru", "uz-UZ") as one of the bot's languages, or None."""
    language = (code or "").split("-")[0].lower()
    return language if language in available_languages() else None


async def group_translator(db: Database, chat_id: int, default: str,
                           asker: str | None = None) -> Translator:
    """A translator in `group_language` of the group `chat_id`."""
    chosen, members = await chats.chat_languages(db, chat_id)
    return Translator(group_language(chosen, members, default, asker))
