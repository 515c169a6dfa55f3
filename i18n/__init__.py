"""Translations: one Fluent bundle per language, loaded once from `i18n/locales/<lang>/*.ftl`.
Both front doors (Telegram and the web board) word things with these same files.

Each feature keeps its texts in a file of its own (`game.ftl`, `groups.ftl`, …), the same
files in every language. Every text a player sees goes through `Translator`. English is the
reference locale; the tests require every file and key, with the same placeholders, in
every language.
"""

from __future__ import annotations

import logging
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel.numbers import format_decimal
from fluent.runtime import FluentBundle, FluentResource

LANGUAGES = ("en", "ru", "uz", "ky", "az")  # every language the bot speaks
LOCALES = Path(__file__).with_name("locales")
REFERENCE = "en"
log = logging.getLogger(__name__)


def locale_files(language: str) -> list[Path]:
    """The language's Fluent files, in a fixed order."""
    return sorted((LOCALES / language).glob("*.ftl"))


@cache
def bundle(language: str) -> FluentBundle:
    # use_isolating=False: Telegram shows the Unicode isolation marks as stray characters.
    result = FluentBundle([language], use_isolating=False)
    for path in locale_files(language):
        result.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return result


@cache  # the locale files do not change while the bot runs
def available_languages() -> tuple[str, ...]:
    return tuple(lang for lang in LANGUAGES if locale_files(lang))


def pick_language(saved: str | None, telegram_code: str | None, default: str) -> str:
    """The player's saved choice, else Telegram's language, else the bot's default."""
    known = available_languages()
    for candidate in (saved, (telegram_code or "").split("-")[0].lower()):
        if candidate in known:
            return candidate
    return default if default in known else REFERENCE


class Translator:
    """Formats messages for one language; falls back to English for a missing key."""

    def __init__(self, language: str) -> None:
        self.language = language if language in available_languages() else REFERENCE

    def __call__(self, key: str, **args: Any) -> str:
        return self.get(key, **args)

    def decimal(self, value: float, pattern: str = "0.0") -> str:
        """`value` as this language writes decimals (`pattern` is CLDR's: "+0.000;−0.000"
        signs both ways): 12.5 in English, 12,5 in the other four."""
        return format_decimal(value, format=pattern, locale=self.language)

    def get(self, key: str, **args: Any) -> str:
        try:
            return formatted(self.language, key, tuple(sorted(args.items())))
        except TypeError:  # an argument that cannot be a cache key
            return _format(self.language, key, args)


@lru_cache(maxsize=1024)
def formatted(language: str, key: str, args: tuple[tuple[str, Any], ...]) -> str:
    """Formatting is pure and a board redraw asks for a dozen texts: remember them. The
    1,024 most recent serve most lookups, and a miss is cheap (docs/performance.md, "Cache
    sizes")."""
    return _format(language, key, dict(args))


def _format(language: str, key: str, args: dict[str, Any]) -> str:
    for candidate in (language, REFERENCE):
        messages = bundle(candidate)
        if messages.has_message(key):
            message = messages.get_message(key)
            assert message.value is not None  # the locale tests require every message's value
            text, errors = messages.format_pattern(message.value, args)
            if errors:
                log.error("fluent errors in %s/%s: %s", candidate, key, errors)
            return str(text)  # a FluentNone (a cyclic reference) shows as its name
    log.error("missing translation key %s", key)
    return key
