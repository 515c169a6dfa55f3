"""How both doors write PR, luck, points and a move's notation (the chat's analysis and /me,
its buttons; the web board's result, move list and one-tap moves): one way, in the reader's
language."""

from __future__ import annotations

import re

from i18n import Translator


def pr_text(t: Translator, value: float | None) -> str:
    """A PR as shown ("8.4", "8,4"), or the words for a game too short to judge (None)."""
    return t("analysis-pr-too-few") if value is None else t.decimal(value, "0.0")


def points_text(t: Translator, value: float | None) -> str:
    """Luck or a result in points, signed ("+0.42", "−1.05"); "—" when not judged."""
    return "—" if value is None else t.decimal(value, "+0.00;−0.00")


def rating_delta_text(t: Translator, delta: int) -> str:
    """A rating change or a period's points, signed with a real minus ("+100", "−48"), as
    `points_text` writes luck."""
    return t.decimal(delta, "+0;−0")


_NOTATION_WORDS = re.compile(r"\b(?:bar|off)\b")


def local_notation(t: Translator, text: str) -> str:
    """A move's notation in the reader's words for the bar and bearing off, the words its
    buttons use (`bar/20 6/off` is `бар/20 6/выброс` in Russian): one word for each in
    every text of a language (docs/playing.md, "Glossary")."""
    return _NOTATION_WORDS.sub(
        lambda found: t("point-bar" if found.group() == "bar" else "point-off"), text)
