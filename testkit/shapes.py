"""The JSON shapes docs/web.md writes in its code spans (`{game, version, src?, dst?}`), read
and held against the TypedDicts of `web/schema.py`.

A shape is `{item, item, …}`; an item is a key (`"key"` too), `key?` when it is left out at
times, `<key>` for any key (a mapping), and after a colon its value: another shape, a list
of one (`[{…}]`), or words that are not checked (`"busy"`, `viewer\\|opponent`). Words
after a key in parentheses are a comment (`lengths? (bit mask: …)`).
"""

from __future__ import annotations

import re
import types
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Union, get_args, get_origin, get_type_hints

from typing_extensions import is_typeddict

CODE = re.compile(r"`([^`\n]*)`")
KEY = re.compile(r'"?(<?[A-Za-z_]\w*>?)"?(\?)?\s*(.*)$', re.S)
PAIRS = {"{": "}", "[": "]", "(": ")"}


@dataclass
class Item:
    optional: bool
    value: Shape | None  # the value's own shape, if the docs write one


@dataclass
class Shape:
    text: str
    items: dict[str, Item] = field(default_factory=dict)

    @property
    def mapping(self) -> bool:
        """`{<key>: …}`: any keys."""
        return bool(self.items) and all(k.startswith("<") for k in self.items)

    @property
    def required(self) -> set[str]:
        return {k for k, item in self.items.items() if not item.optional}

    @property
    def optional(self) -> set[str]:
        return {k for k, item in self.items.items() if item.optional}


def code_spans(markdown: str) -> Iterator[str]:
    """Every code span, with a table's escaped bars unescaped."""
    for line in markdown.splitlines():
        yield from (span.replace("\\|", "|") for span in CODE.findall(line.replace("\\|", "|")))


def shapes(text: str) -> list[Shape]:
    """The outermost shapes in `text`."""
    found, start, depth = [], 0, 0
    for i, char in enumerate(text):
        if char == "{":
            if depth == 0:
                start = i
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                found.append(parse(text[start:i + 1]))
    return found


def parse(text: str) -> Shape:
    """`{…}` read: its items by key."""
    shape = Shape(text)
    for part in _split(text[1:-1]):
        part = part.strip()
        if not part or part in ("…", "..."):
            continue
        match = KEY.match(part)
        if match is None:
            raise ValueError(f"not a key: {part!r} in {text}")
        key, optional, rest = match.groups()
        value = None
        if rest.startswith(":"):
            rest = rest[1:].strip()
            if rest.startswith("{") or rest.startswith("[{"):
                value = shapes(rest)[0]
        shape.items[key] = Item(bool(optional), value)
    return shape


def _split(text: str) -> list[str]:
    """`text` split at its commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in PAIRS:
            depth += 1
        elif char in PAIRS.values():
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts


def origin(tp: Any) -> Any:
    """A TypedDict itself, for its parametrised form too (`Sides[int]`)."""
    return get_origin(tp) or tp


def keys(tp: Any) -> tuple[set[str], set[str]]:
    """A TypedDict's required and optional keys."""
    return set(origin(tp).__required_keys__), set(origin(tp).__optional_keys__)


def inner(tp: Any) -> Any:
    """The type a shape describes for a field of type `tp`: without None, a list's item."""
    if get_origin(tp) in (Union, types.UnionType):
        rest = [arg for arg in get_args(tp) if arg is not type(None)]
        tp = rest[0] if len(rest) == 1 else tp
    if get_origin(tp) is list:
        tp = get_args(tp)[0]
    return tp


def nested(tp: Any) -> Iterator[Any]:
    """The TypedDicts in a field's type (in its unions, lists and mappings)."""
    if is_typeddict(origin(tp)):
        yield origin(tp)
    for arg in get_args(tp):
        yield from nested(arg)


def compare(shape: Shape, tp: Any, seen: set[Any]) -> list[str]:
    """What differs between the docs' `shape` and the type `tp` (nothing: they agree;
    every TypedDict met on the way is added to `seen`)."""
    if shape.mapping:
        if get_origin(tp) is not dict:
            return [f"{shape.text}: a mapping in the docs, {tp} in the code"]
        [item] = shape.items.values()
        value = get_args(tp)[1]
        return [] if item.value is None else compare(item.value, inner(value), seen)
    if not is_typeddict(origin(tp)):
        return [f"{shape.text}: fields in the docs, {tp} in the code"]
    required, optional = keys(tp)
    problems = []
    if shape.required != required or shape.optional != optional:
        problems.append(
            f"{shape.text} against {origin(tp).__name__}: only in the code "
            f"{sorted((required | optional) - set(shape.items))}, only in the docs "
            f"{sorted(set(shape.items) - required - optional)}, required in the code "
            f"but left out at times in the docs {sorted(required & shape.optional)}, "
            f"the reverse {sorted(optional & shape.required)}")
    hints = get_type_hints(origin(tp))
    for key, item in shape.items.items():
        if item.value is not None and key in hints:
            problems += compare(item.value, inner(hints[key]), seen)
    if not problems:
        seen.add(origin(tp))
    return problems


def table(markdown: str, heading: str) -> list[tuple[str, str]]:
    """The first table under `heading`: its rows' cells (first, second), the header left
    out."""
    lines = markdown.splitlines()
    at = lines.index(heading)
    rows = []
    for line in lines[at + 1:]:
        if line.startswith("#"):
            break
        if line.startswith("|"):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
            rows.append((cells[0], cells[1]))
        elif rows:
            break
    return rows[2:]  # (the header and its rule)


def row_fields(cell: str) -> list[str]:
    """The fields a table's first cell names (words in parentheses are values)."""
    return CODE.findall(re.sub(r"\([^)]*\)", "", cell))
