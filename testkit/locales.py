"""The locale files as Fluent reads them: messages by file and by language."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from pathlib import Path

from fluent.syntax import FluentParser
from fluent.syntax import ast as fl
from fluent.syntax.visitor import Visitor

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


PLAYING = Path(__file__).resolve().parents[1] / "docs" / "playing.md"


def glossary() -> dict[str, tuple[str, str]]:
    """docs/playing.md's Glossary: each language's words for the bar and bearing off."""
    section = PLAYING.read_text(encoding="utf-8").split("\n## Glossary\n", 1)[1]
    rows = re.findall(r"^\| [^|]*\(`(\w+)`\) \| (\S+) \| (\S+) \| `([^`]+)` \|$", section,
                      re.MULTILINE)
    found = {language: (bar, off) for language, bar, off, _ in rows}
    for language, bar, off, move in rows:  # the example is the table's own words
        assert move == f"{bar}/20 6/{off}", (language, move)
    return found


SAMPLES: dict[str, object] = {
    "limit": 3, "name": "Aziz", "link": "https://t.me/nard_bot?start=abc123", "hours": 24,
    "variant": "Short nard", "points": 3, "level": "Master", "length": 5, "me": 2, "them": 1,
    "move": "24/18 13/10", "d1": 6, "d2": 3, "value": 4, "minutes": 1, "seconds": "05",
    "number": 2, "delta": "+100", "rating": 1600, "kind": "mars", "reason": "resignation",
    "period": "Today", "rank": 3, "games": 40, "wins": 22, "losses": 18, "mars_given": 5,
    "mars_taken": 4, "koks_given": 1, "koks_taken": 0, "best_streak": 6,
    "bottom": "Aziz", "top": "Leyla", "a": "Aziz", "b": "Leyla", "winner": "Aziz",
    "loser": "Leyla", "first": "Aziz", "second": "Leyla", "count": 3,
    "why": "no checker can move 5", "lengths": "3, 5", "searching": 4, "cube": "with the cube",
    "word": "9", "won": 3, "lost": 1, "command": "/foo", "time": "18:30 UTC",
    "done": 24, "total": 61, "ply": "2", "rate": "12.3", "inaccuracies": 2, "errors": 1,
    "blunders": 0, "missed": 1, "doubles": 0, "takes": 1, "drops": 0, "turn": 12,
    "grade": "blunder", "equity": "−0.412", "pid": "4HPwATDgc/ABMA",
    # after the game (afterplay.ftl; "doubles" is shared with the analysis texts)
    "game": "1234", "hash": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    "seed": "lucky", "seeds": "lucky", "rolls": 120,
    "doubles_share": "17.5", "doubles_expected": "16.7", "pips": "8.21", "pips_expected": "8.17",
    # tournaments: a final's result line, a placing shared by two players
    "line": "Aziz beat Leyla 3–1", "place": "3–4", "group": "Nard club",
    # scheduled tournaments: the day of a one-off start
    "date": "08.12.2026",
    # PR and luck (analysis.ftl)
    "pr": "8.4", "least": 10, "luck": "+0.42", "result": "+2", "adjusted": "−0.35",
    "list": "8.4 · 12.1 · 6.0",
    # time controls on the web board (the page words the deadline)
    "delay": "8 s", "bank": "3 min", "days": 3, "when": "8 Dec 2026, 14:00",
    # time controls in the chat: a control's parts, its name, the offered tokens
    "span": "2 min", "control": "2 min a move", "controls": "m120, c8+20, d1",
    # clocks and correspondence games in the chat
    "sides": "Aziz 0:08 + 1:40 · Leyla 0:08 + 2:00", "zone": "Asia/Tashkent, UTC+5",
    "left": "23 h 10 min",
    # the web board's replay viewer: a mistake, and sharing a result
    "played": "13/7 8/7", "best": "24/18 13/12", "loss": "0.174", "score": "3:1",
}


PLURAL_SAMPLES = (0, 1, 2, 5, 21)


PLURAL_WORDS = {"zero", "one", "two", "few", "many"}  # a selector using these is a plural one


class _Collect(Visitor):
    def __init__(self) -> None:
        self.variables: set[str] = set()
        self.selects: list[fl.SelectExpression] = []

    def visit_VariableReference(self, node: fl.VariableReference) -> None:
        self.variables.add(node.id.name)

    def visit_SelectExpression(self, node: fl.SelectExpression) -> None:
        self.selects.append(node)
        self.generic_visit(node)


def collect(message: fl.Message) -> _Collect:
    visitor = _Collect()
    visitor.visit(message)
    return visitor


def placeholders(lang: str, key: str) -> set[str]:
    message = messages(lang).get(key)
    return collect(message).variables if message else set()


def plural_selects(message: fl.Message) -> list[fl.SelectExpression]:
    return [select for select in collect(message).selects
            if any(isinstance(v.key, fl.NumberLiteral) or v.key.name in PLURAL_WORDS
                   for v in select.variants)]


def selector_name(select: fl.SelectExpression) -> str:
    names = collect_expression(select.selector)
    assert len(names) == 1, f"a plural selector should read one variable, not {names}"
    return names.pop()


def collect_expression(node: fl.BaseNode) -> set[str]:
    visitor = _Collect()
    visitor.visit(node)
    return visitor.variables


def sample_calls(lang: str, key: str) -> list[dict[str, object]]:
    """The argument sets to format `key` with: plural variables run through several numbers."""
    names = placeholders(REFERENCE, key) | placeholders(lang, key)
    unknown = names - SAMPLES.keys()
    assert not unknown, f"{key}: add a sample value for {unknown} to SAMPLES"
    base = {name: SAMPLES[name] for name in names}
    plural = {selector_name(select) for table in (REFERENCE, lang) if key in messages(table)
              for select in plural_selects(messages(table)[key])}
    calls = [base]
    for name in sorted(plural):
        calls += [{**base, name: number} for number in PLURAL_SAMPLES]
    return calls
