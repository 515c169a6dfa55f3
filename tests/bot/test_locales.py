"""The locale files: every language has the English keys and placeholders, formats without
Fluent errors, uses the right plural categories, and every English key is used by the bot."""

from __future__ import annotations

import ast
import importlib
import unicodedata
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest
from babel import Locale
from fluent.syntax import ast as fl

from i18n import (
    LANGUAGES,
    REFERENCE,
    Translator,
    available_languages,
    bundle,
)
from testkit.locales import (
    english_keys,
    file_messages,
    file_names,
    messages,
    placeholders,
    plural_selects,
    sample_calls,
    selector_name,
)

BOT = Path(__file__).resolve().parents[2] / "bot"
WEB = BOT.parent / "web"
DOORS = (BOT, WEB, BOT.parent / "i18n")  # the code that words things: both doors
OTHERS = [lang for lang in LANGUAGES if lang != REFERENCE]

# Sample arguments, by placeholder name, shaped like the values bot/ passes
# (grep -rn 't("' bot): numbers for counts and scores, strings for the rest.
BUTTON_LIMIT = 24  # characters; longer button labels get cut on a phone


# -- reading the files ------------------------------------------------------------------


# -- (a) keys and (b) placeholders ------------------------------------------------------


def test_every_configured_language_has_its_files() -> None:
    assert available_languages() == LANGUAGES


@pytest.mark.parametrize("lang", OTHERS)
def test_same_files_as_english(lang: str) -> None:
    assert file_names(lang) == file_names(REFERENCE)


@pytest.mark.parametrize("lang", OTHERS)
def test_same_keys_in_the_same_order_as_english(lang: str) -> None:
    for name in file_names(REFERENCE):
        english, translated = list(file_messages(REFERENCE, name)), list(
            file_messages(lang, name))
        missing = [key for key in english if key not in translated]
        extra = [key for key in translated if key not in english]
        assert not missing, f"missing in {lang}/{name}"
        assert not extra, f"not in en/{name}, remove from {lang}/{name}"
        assert translated == english, f"{lang}/{name} lists the keys in another order than en"


@pytest.mark.parametrize("lang", OTHERS)
def test_same_placeholders_as_english(lang: str) -> None:
    different = {key: (placeholders(REFERENCE, key), placeholders(lang, key))
                 for key in english_keys() if key in messages(lang)
                 and placeholders(REFERENCE, key) != placeholders(lang, key)}
    assert not different, f"{lang}: key -> (English placeholders, {lang} placeholders)"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_messages_have_a_value_and_no_attributes(lang: str) -> None:
    odd = [key for key, message in messages(lang).items()
           if message.value is None or message.attributes]
    assert not odd, f"{lang}: messages without a plain value: {odd}"


# -- (c) formatting ---------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_formats_without_errors(lang: str) -> None:
    assert lang in available_languages()
    translate, fluent = Translator(lang), bundle(lang)
    problems = []
    for key in messages(lang):
        message = fluent.get_message(key)
        for args in sample_calls(lang, key):
            text, errors = fluent.format_pattern(message.value, args)
            if errors:
                problems.append((key, args, errors))
            elif not text.strip() or "{" in text or "}" in text:
                problems.append((key, args, text))
            elif translate(key, **args) != text:
                problems.append((key, args, "Translator gives another text"))
    assert not problems, f"{lang}: {problems}"


# -- plural selectors -------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_selectors_use_the_language_categories(lang: str) -> None:
    categories = set(Locale.parse(lang).plural_form.tags) | {"other"}
    problems = []
    for key, message in messages(lang).items():
        for select in plural_selects(message):
            names = {v.key.name for v in select.variants if isinstance(v.key, fl.Identifier)}
            default = next(v.key for v in select.variants if v.default)
            if names != categories:
                problems.append(f"{key}: has {sorted(names)}, needs {sorted(categories)}")
            if not isinstance(default, fl.Identifier) or default.name != "other":
                problems.append(f"{key}: the default variant must be *[other]")
    assert not problems, f"{lang}: {problems}"


# Uzbek, Kyrgyz and Azerbaijani keep the noun singular after a numeral ("24 soat",
# "20 секунд"), so only Russian must repeat every English plural selector.
COUNT_INFLECTING = ("ru",)


@pytest.mark.parametrize("lang", COUNT_INFLECTING)
def test_plural_where_english_has_plural(lang: str) -> None:
    missing = {}
    for key, message in messages(REFERENCE).items():
        if key not in messages(lang):
            continue  # reported by test_same_keys_in_the_same_order_as_english
        english = {selector_name(select) for select in plural_selects(message)}
        mine = {selector_name(select) for select in plural_selects(messages(lang)[key])}
        if english - mine:
            missing[key] = english - mine
    assert not missing, f"{lang}: no plural selector on {missing}"


# -- emoji and buttons ------------------------------------------------------------------


def symbols(text: str) -> Counter[str]:
    return Counter(c for c in text if unicodedata.category(c) == "So")


@pytest.mark.parametrize("lang", OTHERS)
def test_emoji_kept_and_buttons_short(lang: str) -> None:
    english, mine = bundle(REFERENCE), bundle(lang)
    problems = []
    for key in english_keys():
        if not mine.has_message(key):
            continue  # reported by test_same_keys_in_the_same_order_as_english
        args = sample_calls(lang, key)[0]
        source = english.format_pattern(english.get_message(key).value, args)[0]
        text = mine.format_pattern(mine.get_message(key).value, args)[0]
        if symbols(source) != symbols(text):
            problems.append(f"{key}: emoji {dict(symbols(source))} became {dict(symbols(text))}")
        if key.startswith("btn-") and len(text) > max(BUTTON_LIMIT, len(source)):
            problems.append(f"{key}: button {text!r} is longer than {BUTTON_LIMIT} characters")
    assert not problems, f"{lang}: {problems}"


# -- (d) every English key is used by the code ------------------------------------------


def _is_translator(func: ast.expr) -> bool:
    """`t(...)`, `viewer.t(...)`, `Translator(x)(...)`, `(await self._translator(p))(...)`."""
    if isinstance(func, ast.Await):
        func = func.value
    if isinstance(func, ast.Call):  # calling the translator that a call returned
        return "ranslator" in ast.unparse(func.func)
    return (isinstance(func, ast.Name) and func.id == "t") or (
        isinstance(func, ast.Attribute) and func.attr == "t")


def _dict_values(tree: ast.Module) -> dict[str, set[str]]:
    """Names bound to dict literals (`key = {"expired": "challenge-expired"}`) -> values,
    and comprehension variables over a tuple of keys (`t(key) for key in PAGE_TEXTS`)."""
    found: dict[str, set[str]] = {}
    tuples = {target.id: {e.value for e in node.value.elts if isinstance(e, ast.Constant)}
              for node in tree.body if isinstance(node, ast.Assign)
              and isinstance(node.value, ast.Tuple)
              for target in node.targets if isinstance(target, ast.Name)}
    for node in ast.walk(tree):
        if (isinstance(node, ast.comprehension) and isinstance(node.target, ast.Name)
                and isinstance(node.iter, ast.Name) and node.iter.id in tuples):
            found.setdefault(node.target.id, set()).update(tuples[node.iter.id])
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            values = {v.value for v in node.value.values
                      if isinstance(v, ast.Constant) and isinstance(v.value, str)}
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, set()).update(values)
    return found


def _keys_in(node: ast.expr, dicts: dict[str, set[str]]) -> tuple[set[str], set[str]]:
    """(literal keys, f-string prefixes) that the key argument `node` can evaluate to."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}, set()
    if isinstance(node, ast.JoinedStr):
        head = node.values[0]
        assert isinstance(head, ast.Constant), f"f-string key without a prefix: {ast.unparse(node)}"
        return set(), {head.value}
    if isinstance(node, ast.IfExp):
        body, orelse = _keys_in(node.body, dicts), _keys_in(node.orelse, dicts)
        return body[0] | orelse[0], body[1] | orelse[1]
    if isinstance(node, ast.Name) and node.id in dicts:  # t(key) with key = {...}[...]
        return set(dicts[node.id]), set()
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return _keys_in(node.value, dicts)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get" and isinstance(node.func.value, ast.Name)):
        keys, prefixes = _keys_in(node.func.value, dicts)
        for default in node.args[1:]:
            more = _keys_in(default, dicts)
            keys, prefixes = keys | more[0], prefixes | more[1]
        return keys, prefixes
    raise AssertionError(f"cannot tell which key this translation uses: {ast.unparse(node)}")


@cache
def used_keys() -> tuple[frozenset[str], frozenset[str]]:
    """Every key literal and f-string prefix passed to a translator in either door."""
    keys: set[str] = set()
    prefixes: set[str] = set()
    for path in sorted(p for door in DOORS for p in door.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        dicts = _dict_values(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args and _is_translator(node.func):
                found = _keys_in(node.args[0], dicts)
                keys |= found[0]
                prefixes |= found[1]
    return frozenset(keys), frozenset(prefixes)


def test_the_scan_finds_the_translation_calls() -> None:
    keys, prefixes = used_keys()
    assert {"welcome", "rules-short", "challenge-expired", "result-loss"} <= keys
    assert {"level-", "kind-", "reason-", "variant-", "cmd-", "top-period-"} <= prefixes


def test_every_used_key_exists_in_english() -> None:
    keys, prefixes = used_keys()
    english = set(english_keys())
    undefined = sorted(keys - english)
    assert not undefined, "bot/ uses keys that the English locale does not define"
    empty = {prefix for prefix in prefixes if not any(k.startswith(prefix) for k in english)}
    assert not empty, "bot/ builds keys from prefixes that no English key has"


def test_every_english_key_is_used() -> None:
    keys, prefixes = used_keys()
    unused = [key for key in english_keys()
              if key not in keys and not key.startswith(tuple(prefixes))]
    assert not unused, "English keys that no code in bot/ uses"


def _constant(module: str, name: str) -> list[str]:
    """A tuple constant of a bot/ module, read without importing it."""
    tree = ast.parse((BOT / module).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets)):
            return list(ast.literal_eval(node.value))
    raise AssertionError(f"{name} not found in bot/{module}")


def _levels() -> list[str]:
    try:
        from core.computer import LEVEL_NAMES
    except (ImportError, AttributeError) as exc:  # ai/ may not define its levels yet
        pytest.skip(f"computer levels not importable: {exc}")
    return list(LEVEL_NAMES)


def _values(enum_path: str) -> list[str]:
    module, name = enum_path.rsplit(".", 1)
    return [member.value for member in getattr(importlib.import_module(module), name)]


FAMILIES: dict[str, Callable[[], list[str]]] = {
    "cmd-": lambda: _constant("app.py", "COMMANDS") + _constant("app.py", "GROUP_COMMANDS"),
    "top-period-": lambda: _constant("handlers/stats.py", "PERIODS"),
    "level-": _levels,
    "kind-": lambda: _values("engine.result.ResultKind"),
    "reason-": lambda: _values("engine.game.Reason"),
    "variant-": lambda: _values("engine.position.Variant"),
    "alert-": lambda: _values("core.actions.Refusal"),
    "setting-": lambda: [key for name in _toggles() for key in (name, f"{name}-about")],
}


def _toggles() -> list[str]:
    import bot.app  # noqa: F401 - every service module registers its toggles on import
    from core.settings import TOGGLES

    return list(TOGGLES)


def test_every_key_family_is_checked() -> None:
    assert used_keys()[1] <= FAMILIES.keys(), "add the new f-string key family to FAMILIES"


@pytest.mark.parametrize("prefix", FAMILIES)
def test_key_families_match_the_values_the_code_fills_in(prefix: str) -> None:
    """`t(f"kind-{outcome.kind}")` and the like: one English key per value the code can use."""
    expected = {prefix + value for value in FAMILIES[prefix]()}
    actual = {key for key in english_keys() if key.startswith(prefix)}
    assert actual == expected, f"English {prefix}* keys vs the values the code can produce"
