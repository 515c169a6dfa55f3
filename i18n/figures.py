"""How both doors write PR, luck and points (the chat's analysis and /me, the web board's
result): one way, in the reader's language."""

from __future__ import annotations

from i18n import Translator


def pr_text(t: Translator, value: float | None) -> str:
    """A PR as shown ("8.4", "8,4"), or the words for a game too short to judge (None)."""
    return t("analysis-pr-too-few") if value is None else t.decimal(value, "0.0")


def points_text(t: Translator, value: float | None) -> str:
    """Luck or a result in points, signed ("+0.42", "−1.05"); "—" when not judged."""
    return "—" if value is None else t.decimal(value, "+0.00;−0.00")
