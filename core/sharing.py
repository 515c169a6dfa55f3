"""Sharing a finished game from any door: its result card or a challenge, prepared as a
message the player sends to any chat, and the result picture a story can show.

A door that can prepare messages (the Telegram door: Bot API `savePreparedInlineMessage`)
hands the core a `Shares` (`Door.sharing`); the web board asks through `Core.sharing`
(the first such door) and gives the prepared
message's id to `Telegram.WebApp.shareMessage`. Without such a door the request is
`core.aftergame.Unavailable`. The result picture is served publicly (Telegram fetches a
story's media and a card's photo by URL), so its address carries a signature
(`picture_path`): only an address the bot made is served.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from typing import Protocol

PICTURE = re.compile(r"^(\d{1,18})-(\d{1,3})-([01])-([0-9a-f]{20})\.png$")


class ShareFailed(Exception):
    """The door could not prepare the message (Telegram refused or did not answer)."""


@dataclass(frozen=True, slots=True)
class Picture:
    """Whose result picture an address names: game `number` of match `game`, seen by `seat`."""

    game: int
    number: int
    seat: int


class Shares(Protocol):
    """What a door that prepares messages does (each answers the prepared message's id, or
    raises `ShareFailed`)."""

    async def result_card(self, player_id: int, game_id: int, number: int,
                          picture_url: str | None) -> str:
        """The result of game `number` of the match, as a card with its picture."""

    async def challenge(self, player_id: int, game_id: int) -> str:
        """A new challenge of the player's, with the game's variant, length, cube and
        time control, as the card a friend accepts."""


def _signature(secret: str, game: int, number: int, seat: int) -> str:
    message = f"picture:{game}:{number}:{seat}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()[:20]


def picture_path(secret: str, picture: Picture) -> str:
    """The file name of a result picture's public address, signed with `secret`."""
    signature = _signature(secret, picture.game, picture.number, picture.seat)
    return f"{picture.game}-{picture.number}-{picture.seat}-{signature}.png"


def picture_of(secret: str, name: str) -> Picture | None:
    """The picture a file name made by `picture_path` names; None for any other name."""
    found = PICTURE.match(name)
    if found is None:
        return None
    game, number, seat = (int(found.group(i)) for i in (1, 2, 3))
    if not hmac.compare_digest(found.group(4), _signature(secret, game, number, seat)):
        return None
    return Picture(game, number, seat)
