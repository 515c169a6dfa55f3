"""Why a challenge or a join was refused, in the player's words: one place for every handler."""

from __future__ import annotations

import contextlib
from collections.abc import Awaitable

from aiogram.exceptions import TelegramBadRequest
from aiogram.types import CallbackQuery

from bot.i18n import Translator
from bot.services.challenges import GroupBoardFailed
from bot.services.games import Busy
from storage.errors import ChallengeUnavailable

_REASONS = {"accepted": "challenge-accepted", "expired": "challenge-expired",
            "cancelled": "challenge-cancelled-by-creator", "own": "challenge-own",
            "own_posted": "challenge-own-posted"}  # one's own group challenge or card


def refusal(t: Translator, exc: Exception) -> str:
    """The text for a refused challenge (`Busy` or `ChallengeUnavailable`)."""
    if isinstance(exc, Busy):
        return t("challenge-busy")
    reason = exc.reason if isinstance(exc, ChallengeUnavailable) else ""
    return t(_REASONS.get(reason, "challenge-not-found"))


async def accepted_or_alert(query: CallbackQuery, t: Translator, action: Awaitable[object]
                            ) -> bool:
    """Run `action`; on a refusal answer the press with an alert saying why."""
    try:
        await action
    except (Busy, ChallengeUnavailable) as exc:
        with contextlib.suppress(TelegramBadRequest):  # too late to answer: nothing lost
            await query.answer(refusal(t, exc), show_alert=True)
        return False
    except GroupBoardFailed:
        with contextlib.suppress(TelegramBadRequest):
            await query.answer()
        return False
    return True
