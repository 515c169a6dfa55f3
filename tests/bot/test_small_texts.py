"""Rule-facing wording: each term means one thing in each language."""

from __future__ import annotations

import re

from ai.review import Decision
from bot.services.analysis import mistake_caption
from engine.position import Position
from i18n import LANGUAGES, Translator
from i18n.figures import local_notation
from testkit.locales import english_keys, glossary, sample_calls


def test_uzbek_home_mars_cannot_be_read_as_koks() -> None:
    # An Uzbek rules page for short nard calls koks "uy marsi": long nard's home mars needs
    # another name, and the long-nard rules say what it is.
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
    assert "ikkilash kubigi" in t("double-answer", value=2, name="Aziz").lower()


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


def test_the_bar_and_bearing_off_are_one_word_per_language_everywhere() -> None:
    words = glossary()
    assert set(words) == set(LANGUAGES)
    for language, (bar, off) in words.items():
        t = Translator(language)
        # The buttons' words (`бар→20`, `6→выброс`) ...
        assert (t("point-bar"), t("point-off")) == (bar, off), language
        # ... are those of every move the bot writes (captions, /log, the analysis) ...
        assert local_notation(t, "bar/20* 6/off(2) 13/7") == f"{bar}/20* 6/{off}(2) 13/7"
        # ... and of the rules, which say how moves are written.
        assert f"{bar}/20" in t("rules-short") and f"6/{off}" in t("rules-short"), language
        assert f"6/{off}" in t("rules-long"), language
        # No text of the language writes them another way (`bar/20`, `6/off` in Russian).
        for key in english_keys():
            for args in sample_calls(language, key):
                text = t(key, **args)
                for found in re.findall(r"([^\W\d_]+)/\d|\d/([^\W\d_]+)", text):
                    assert set(found) <= {"", bar, off}, (language, key, text)


def test_decimals_are_written_one_way_per_language() -> None:
    """Russian (and the other three) write decimals with a comma, English with a point: an
    analysis that mixed "0,04" (from a text) with "+0.087" (from a number) now agrees."""
    decision = Decision(0, 12, 1, "checker", Position.initial("short"), (6, 5), "13/7 13/8",
                        "24/18 13/8", -0.087, 0.004)
    for language in ("en", "ru", "uz", "ky", "az"):
        t = Translator(language)
        point = "." if language == "en" else ","
        assert t.decimal(-0.087, "+0.000;−0.000") == f"−0{point}087"
        assert t.decimal(12.46) == f"12{point}5"
        caption = mistake_caption(t, decision, "short")
        assert f"−0{point}087" in caption and f"+0{point}004" in caption, caption
        other = "," if point == "." else "."
        assert f"0{other}0" not in caption, caption
