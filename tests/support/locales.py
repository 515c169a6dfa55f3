"""The locale files as Fluent reads them: messages by file and by language."""

from __future__ import annotations

from collections import Counter
from functools import cache

from fluent.syntax import FluentParser
from fluent.syntax import ast as fl

from i18n import LOCALES, REFERENCE, locale_files


@cache
def file_messages(lang: str, name: str) -> dict[str, fl.Message]:
    """The messages of one locale file (`game.ftl`, …) of `lang`, in file order."""
    resource = FluentParser().parse((LOCALES / lang / name).read_text(encoding="utf-8"))
    junk = [entry.content for entry in resource.body if isinstance(entry, fl.Junk)]
    assert not junk, f"{lang}/{name} has syntax errors in: {junk}"
    found = [entry for entry in resource.body if isinstance(entry, fl.Message)]
    return {message.id.name: message for message in found}


def file_names(lang: str) -> list[str]:
    """The locale files of `lang` (`game.ftl`, …)."""
    return [path.name for path in locale_files(lang)]


@cache
def messages(lang: str) -> dict[str, fl.Message]:
    """Every message of `lang`, file by file; a key may be defined in one place only."""
    found = [m for name in file_names(lang) for m in file_messages(lang, name).values()]
    duplicates = [k for k, n in Counter(m.id.name for m in found).items() if n > 1]
    assert not duplicates, f"{lang} defines these keys twice: {duplicates}"
    return {message.id.name: message for message in found}


def english_keys() -> list[str]:
    """Every message key of the reference language."""
    return list(messages(REFERENCE))
