"""A move's notation in the reader's words, for every door."""

from __future__ import annotations

import re

from i18n import Translator

_NOTATION_WORDS = re.compile(r"\b(?:bar|off)\b")


def local_notation(t: Translator, text: str) -> str:
    """A move's notation in the reader's words for the bar and bearing off, the words its
    buttons use (`bar/20 6/off` is `бар/20 6/выброс` in Russian): one word for each in
    every text of a language (docs/playing.md, "Glossary")."""
    return _NOTATION_WORDS.sub(
        lambda found: t("point-bar" if found.group() == "bar" else "point-off"), text)
