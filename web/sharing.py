"""Sharing from the web board: a finished game's result card or a challenge as a prepared
message (`core.sharing`: the Telegram door saves it with `savePreparedInlineMessage`, the
page hands its id to `Telegram.WebApp.shareMessage`), and the result picture a story shows
(`Telegram.WebApp.shareToStory` with the picture's public, signed address).

* `POST api/games/<id>/share` `{what: "result" | "challenge" | "story"}`: `{id}` of the
  prepared message, or for a story `{media, text}`; 403 for a game the asker did not play,
  409 while it is on, 404 when no door of the process prepares messages.
* `GET share/<game>-<number>-<seat>-<signature>.png`: the result picture, without sign-in
  (Telegram fetches it), only at an address this bot signed.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from aiohttp import web

from core.aftergame import Unavailable
from core.replay import replay_of
from core.sharing import Picture, ShareFailed, Shares, picture_of, picture_path
from i18n import Translator
from i18n.people import People
from render import render_board
from storage import games
from storage.db import Database
from storage.errors import GameNotFound
from web.schema import Prepared, Story

WHAT = ("result", "challenge", "story")
# The result screen's texts for sharing and the replay (formatted without arguments).
SHARE_TEXTS = ("web-replay-open", "web-share-result", "web-share-challenge",
               "web-share-story", "web-share-unavailable")
KEPT_PICTURES = 32  # drawn pictures kept (a shared card is fetched a few times at once)


def share_texts(t: Translator) -> dict[str, str]:
    """The page's texts for sharing and the replay, in the reader's language."""
    return {key: t(key) for key in SHARE_TEXTS}


class ShareError(Exception):
    """A share the API refuses: the status and the reason."""

    def __init__(self, status: int, reason: str, text: str | None = None) -> None:
        super().__init__(reason)
        self.status, self.text = status, text  # text: the reason in the reader's words


class SharePictures:
    """The result pictures, drawn once each (the last frame of `core.replay`)."""

    def __init__(self, db: Database, people: People, secret: str, public_url: str | None
                 ) -> None:
        self.db, self.people, self.secret = db, people, secret
        self.public_url = public_url  # WEBAPP_URL: a story's media must be fetched by Telegram
        self._drawn: OrderedDict[Picture, bytes] = OrderedDict()

    def url(self, request: web.Request, base_path: str, picture: Picture) -> str:
        """The picture's absolute address (WEBAPP_URL's, else the request's origin)."""
        base = self.public_url or f"{request.scheme}://{request.host}{base_path}"
        if not base.endswith("/"):
            base += "/"
        return f"{base}share/{picture_path(self.secret, picture)}"

    async def serve(self, request: web.Request) -> web.Response:
        picture = picture_of(self.secret, request.match_info["name"])
        if picture is None:
            raise web.HTTPNotFound()
        png = self._drawn.get(picture)
        if png is None:
            png = await self._draw(picture)
            self._drawn[picture] = png
            while len(self._drawn) > KEPT_PICTURES:
                self._drawn.popitem(last=False)
        return web.Response(body=png, content_type="image/png",
                            headers={"Cache-Control": "public, max-age=86400"})

    async def _draw(self, picture: Picture) -> bytes:
        try:
            row = await games.load_game(self.db, picture.game)
        except GameNotFound:
            raise web.HTTPNotFound() from None
        t = await self.people.seat_translator(row, picture.seat)
        names = await self.people.names(row, t)
        replay = await replay_of(self.db, row, picture.number, picture.seat, names)
        if replay is None:
            raise web.HTTPNotFound()
        return await asyncio.to_thread(render_board, replay.frames[-1])


async def share(shares: Shares, pictures: SharePictures, request: web.Request,
                base_path: str, user_id: int, row: Any, number: int, seat: int | None,
                what: object, t: Translator) -> Prepared | Story:
    """The answer of `POST api/games/<id>/share` for `user_id`, who signed in."""
    if what not in WHAT:
        raise ShareError(400, "`what` is one of " + ", ".join(WHAT))
    if seat is None:
        raise ShareError(403, "you did not play in this game")
    if row.status == "active":
        raise ShareError(409, "the game is still being played")
    picture = pictures.url(request, base_path, Picture(row.id, number, seat))
    if what == "story":
        return {"media": picture, "text": t("share-story-text")}
    try:
        if what == "result":
            https = picture.startswith("https://")  # Telegram fetches photos over https only
            return {"id": await shares.result_card(user_id, row.id, number,
                                                   picture if https else None)}
        return {"id": await shares.challenge(user_id, row.id)}
    except Unavailable:
        raise ShareError(404, "not available here") from None
    except ShareFailed:
        raise ShareError(502, "Telegram did not prepare the message",
                         t("web-share-failed")) from None
