"""Rule-facing wording (issue 12, item 8): each term means one thing in each language."""

from __future__ import annotations

import re

from i18n import LANGUAGES, Translator
from tests.support.locales import english_keys


def test_uzbek_home_mars_cannot_be_read_as_koks() -> None:
    # The Uzbek short-nard rules page calls koks "uy marsi" (/work/shared/seeds): long nard's
    # home mars needs another name, and the long-nard rules say what it is.
    t = Translator("uz")
    label = t("kind-home_mars")
    assert "uy marsi" not in label.lower() and label != t("kind-koks")
    assert label in t("rules-long") and "15 toshning hammasini" in t("rules-long")


def test_uzbek_calls_the_cube_the_doubling_cube_not_a_die() -> None:
    t = Translator("uz")
    texts = {key: t(key, value=2, name="Aziz") for key in english_keys()}
    dice_words = {key: text for key, text in texts.items()
                  if re.search(r"\bkubik", text, re.IGNORECASE)}
    assert not dice_words
    assert "ikkilash kubigi" in t("double-answer", value=2).lower()


# "If either die can be played but not both, the larger": the case, then the larger die.
EITHER_BUT_NOT_BOTH = {
    "en": ("if either die can be played but not both", "play the larger"),
    "ru": ("можно сыграть любой из них, но не оба", "больший"),
    "uz": ("istalgan bittasini, lekin faqat bittasini", "kattasi"),
    "ky": ("каалаган бирин, бирок бирөөнү гана", "чоңу"),
    "az": ("istənilən birini, amma yalnız birini", "böyüyü"),
}


def test_the_larger_die_rule_is_stated_right_in_every_language() -> None:
    assert set(EITHER_BUT_NOT_BOTH) == set(LANGUAGES)
    assert "if only one can be played" not in Translator("en")("rules-short")
    for language, (case, rule) in EITHER_BUT_NOT_BOTH.items():
        text = Translator(language)("rules-short")
        assert case in text and text.index(rule) > text.index(case), language
