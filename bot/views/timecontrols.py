"""Time controls in the chat: their names ("2 min a move", "8 s + 20 s/point", "1 day a
move"), the row of buttons that chooses one on a menu's last question, and which of the
host's controls a game against a person or the computer may be played under."""

from __future__ import annotations

import re
from collections.abc import Callable

from aiogram.filters.callback_data import CallbackData
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup
from aiogram.utils.keyboard import InlineKeyboardBuilder

from core.timecontrol import Offer, TimeControl, UnknownControl
from i18n import Translator
from i18n.controls import control_name

CHOSEN = "✅ "  # marks the chosen control in the row
HALF_ROW = 16  # the longest name a button half a row wide shows whole on a phone


def control_rows(t: Translator, among: tuple[TimeControl, ...], chosen: TimeControl,
                 press: Callable[[str], CallbackData]) -> list[list[InlineKeyboardButton]]:
    """One button per control (the chosen one marked), two a row when the names are short
    enough to be read whole on a phone, else one; none when there is nothing to choose.
    `press(token)` is the data of the button choosing `token`."""
    if len(among) < 2:
        return []
    builder = InlineKeyboardBuilder()
    names = [control_name(t, control) for control in among]
    for control, name in zip(among, names, strict=True):
        mark = CHOSEN if control == chosen else ""
        builder.button(text=f"{mark}⏱ {name}", callback_data=press(control.token))
    builder.adjust(2 if max(map(len, names)) <= HALF_ROW else 1)
    return builder.export()


def ask_control(t: Translator, question: tuple[str, InlineKeyboardMarkup], offer: Offer,
                token: str, press: Callable[[str], CallbackData], *, live_only: bool = False
                ) -> tuple[str, InlineKeyboardMarkup]:
    """A menu's last `question` with the time control's row under its answers and a line
    naming the chosen one (`token`; one that does not fit shows the default); the question
    as it is when there is nothing to choose."""
    try:
        chosen = offer.choose(token, live_only=live_only)
    except UnknownControl:
        chosen = offer.choose(None, live_only=live_only)
    rows = control_rows(t, offer.choices(live_only=live_only), chosen, press)
    if not rows:
        return question
    text, keyboard = question
    keyboard.inline_keyboard.extend(rows)
    return text + "\n\n" + t("tc-choose", control=control_name(t, chosen)), keyboard


def time_line(t: Translator, control: TimeControl) -> str:
    """The line a challenge, card or lobby says its control with."""
    return t("tc-line", control=control_name(t, control))


# A challenge link's payload is `<code>_<control>`, the control's `+` written `-` (a deep
# link carries A-Z a-z 0-9 _ - only); a code may hold `_` and `-` itself, so the control is
# what follows the last `_` when it reads as one (a letter, then digits). Links made
# before controls carry the code alone.
_LINKED_CONTROL = re.compile(r"[a-z][0-9][0-9-]{0,12}")


def link_payload(code: str, token: str | None) -> str:
    """The deep-link payload of challenge `code` played under `token`."""
    return code if token is None else f"{code}_{token.replace('+', '-')}"


def read_payload(payload: str) -> list[tuple[str, str | None]]:
    """The readings of a link's payload as (challenge code, control token or None), the
    likelier first: `<code>_<control>`, then the whole payload as a code (a code may end
    in what looks like a control, e.g. `Ab_m12`, in a link made before controls)."""
    code, separator, tail = payload.rpartition("_")
    if separator and code and _LINKED_CONTROL.fullmatch(tail):
        return [(code, tail.replace("-", "+")), (payload, None)]
    return [(payload, None)]
