"""How both doors write PR, luck, points, a move's notation and a hint (the chat's analysis
and /me, its buttons and 💡 Hint; the web board's result, move list, one-tap moves and Hint):
one way, in the reader's language."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol

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


class HintedMove(Protocol):
    """A move of a hint (`core.hints.HintMove`)."""

    @property
    def move(self) -> str: ...
    @property
    def equity(self) -> float: ...
    @property
    def behind(self) -> float: ...


def hint_lines(t: Translator, thrown: tuple[int, int], moves: Sequence[HintedMove]
               ) -> list[str]:
    """"💡 Best moves for 6-5:", then each move (best first): the best with its equity, the
    others with how much they are behind it. `thrown`: the roll, the larger die first."""
    lines = [t("hint-title", d1=thrown[0], d2=thrown[1])]
    for rank, move in enumerate(moves, 1):
        words = local_notation(t, move.move)
        lines.append(t("hint-best", rank=rank, move=words,
                       equity=t.decimal(move.equity, "+0.000;−0.000")) if rank == 1 else
                     t("hint-line", rank=rank, move=words,
                       equity=t.decimal(-move.behind, "+0.000;−0.000")))
    return lines
