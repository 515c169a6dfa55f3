"""Why a challenge or a join was refused, in the player's words: one place for every handler."""

from __future__ import annotations

from collections.abc import Awaitable

from aiogram.types import CallbackQuery

from bot.plumbing.telegram_io import answer
from bot.services.challenges import GroupBoardFailed
from core.options import BUSY
from core.timecontrol import UnknownControl
from i18n import Translator
from storage.errors import ChallengeUnavailable

_REASONS = {"accepted": "challenge-accepted", "expired": "challenge-expired",
            "cancelled": "challenge-cancelled-by-creator", "own": "challenge-own",
            "other_chat": "challenge-other-chat", "not_group": "challenge-not-joinable",
            "own_posted": "challenge-own-posted"}  # one's own group challenge or card
_REFUSED: tuple[type[Exception], ...] = (*BUSY, ChallengeUnavailable, UnknownControl)


def refusal(t: Translator, exc: Exception) -> str:
    """The text for a refused challenge (`Busy`, the database's `PlayerBusy`,
    `ChallengeUnavailable`, or `UnknownControl`: a link naming a control not offered)."""
    if isinstance(exc, BUSY):
        return t("challenge-busy")
    if isinstance(exc, UnknownControl):
        return t("tc-not-offered")
    reason = exc.reason if isinstance(exc, ChallengeUnavailable) else ""
    return t(_REASONS.get(reason, "challenge-not-found"))


async def accepted_or_alert(query: CallbackQuery, t: Translator, action: Awaitable[object]
                            ) -> bool:
    """Run `action`; on a refusal answer the press with an alert saying why."""
    try:
        await action
    except _REFUSED as exc:
        await answer(query, refusal(t, exc), alert=True)
        return False
    except GroupBoardFailed:
        await answer(query)
        return False
    return True
