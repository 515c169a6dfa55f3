"""Polling: an update aiogram cannot parse is skipped, not fetched again forever.

aiogram reads a `getUpdates` answer as one `list[Update]`: one update that does not fit its
schema (a Bot API newer than aiogram, a broken proxy, a bug on Telegram's side) fails the
whole answer with `ClientDecodeError`, the offset never moves past it, and the polling loop
asks for the same batch again and again ("Failed to fetch updates", with its back-off)
while every later update waits.

`SkipUnreadableUpdates`, a request middleware on the Bot's session, reads such an answer
again one update at a time: the updates that parse are handed to the polling loop as usual,
each one that does not is logged once (its id and what was wrong with it, never its content)
and skipped; the next `getUpdates` asks for updates after the highest skipped id too, so
Telegram forgets it (the polling loop moves the offset only past the updates it was given).
Any other answer, and every other method, passes through untouched; an answer that parses
costs nothing more.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from aiogram.client.session.middlewares.base import (
    BaseRequestMiddleware,
    NextRequestMiddlewareType,
)
from aiogram.exceptions import ClientDecodeError
from aiogram.methods import GetUpdates, TelegramMethod
from aiogram.types import Update
from pydantic import ValidationError

if TYPE_CHECKING:
    from aiogram import Bot
    from aiogram.methods.base import Response

log = logging.getLogger(__name__)


class SkipUnreadableUpdates(BaseRequestMiddleware):
    def __init__(self) -> None:
        self._offset: int | None = None  # the next poll's offset, past the skipped updates

    async def __call__(self, make_request: NextRequestMiddlewareType[Any], bot: Bot,
                       method: TelegramMethod[Any]) -> Response[Any]:
        if not isinstance(method, GetUpdates):
            return await make_request(bot, method)
        if self._offset is not None:
            # Every update below it was handed out or skipped: confirm them all.
            if method.offset is None or 0 <= method.offset < self._offset:
                method.offset = self._offset
            self._offset = None
        try:
            return await make_request(bot, method)
        except ClientDecodeError as exc:
            updates = self._readable(exc.data, bot)
            if updates is None:  # not a list of updates at all: aiogram's back-off
                raise
            # aiogram annotates Response, but its sessions return the method's result.
            return updates  # type: ignore[return-value]

    def _readable(self, data: object, bot: Bot) -> list[Update] | None:
        """The updates of a getUpdates answer that parse; None when the answer is not a
        successful list of updates, or every update in it parses (the fault is elsewhere)."""
        if not isinstance(data, dict) or data.get("ok") is not True:
            return None
        result = data.get("result")
        if not isinstance(result, list):
            return None
        updates: list[Update] = []
        skipped = 0
        for item in result:
            try:
                updates.append(Update.model_validate(item, context={"bot": bot}))
            except ValidationError as exc:
                skipped += 1
                update_id = item.get("update_id") if isinstance(item, dict) else None
                if isinstance(update_id, int) and not isinstance(update_id, bool):
                    self._offset = max(self._offset or 0, update_id + 1)
                log.warning("getUpdates: update %s does not parse (%s); skipped",
                            update_id if isinstance(update_id, int) else "without an id",
                            what_is_wrong(exc))
        return updates if skipped else None


def what_is_wrong(exc: ValidationError) -> str:
    """What was wrong, in a few words: the fields and pydantic's reasons, never the values
    (an update holds what people wrote)."""
    errors = exc.errors(include_url=False, include_input=False, include_context=False)
    parts = [f"{'.'.join(map(str, error['loc'])) or 'the update'}: {error['msg']}"
             for error in errors[:3]]
    if len(errors) > 3:
        parts.append(f"{len(errors) - 3} more")
    return "; ".join(parts)
