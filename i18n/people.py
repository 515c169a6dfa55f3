"""Who is who, in words: the players' names and languages, the names a board shows (both
doors read them).

The rows come from the core's one cache of players (`core.people.Players`, handed in as
`rows`: this layer does not import the core), so a row a door signed in is the row read
here, and a language changed is read again everywhere at once.
"""

from __future__ import annotations

from collections import Counter
from typing import Protocol

from i18n import Translator, available_languages, pick_language
from storage import chats
from storage.db import Database
from storage.models import Game as Row
from storage.models import Player


class Rows(Protocol):
    """Where the stored players are read (`core.people.Players`)."""

    async def player(self, player_id: int) -> Player | None: ...


class People:
    def __init__(self, db: Database, default_language: str, *, rows: Rows) -> None:
        self.db, self.default_language, self.rows = db, default_language, rows

    async def player(self, player_id: int) -> Player | None:
        """A stored player (cached by `rows`)."""
        return await self.rows.player(player_id)

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
