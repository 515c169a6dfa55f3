"""JSON from outside, read before (or without) a sign-in: nesting is bounded before parsing,
so a deeply nested text is a `ValueError` like any other bad JSON, never a `RecursionError`
(a 500 and a traceback). Used for the API's bodies, the live socket's first message and the
language an unverified `Authorization` header claims."""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 16  # an action, a search or init data's user nests 1-2 levels
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKETS = re.compile(r"[\[\]{}]")


class TooDeep(ValueError):
    """JSON nested deeper than allowed."""


def loads(text: str | bytes | bytearray, max_depth: int = MAX_DEPTH) -> Any:
    """`json.loads(text)`, refusing (ValueError) a text nested deeper than `max_depth`."""
    if isinstance(text, bytes | bytearray):
        text = text.decode("utf-8")  # UnicodeDecodeError is a ValueError
    if nesting(text) > max_depth:
        raise TooDeep(f"JSON nested deeper than {max_depth} levels")
    try:
        return json.loads(text)
    except RecursionError:  # not reached after the check; kept as the last guard
        raise TooDeep(f"JSON nested deeper than {max_depth} levels") from None


def nesting(text: str) -> int:
    """How deep brackets nest in `text` outside its strings (an overestimate for text that
    is not JSON, which the parser then refuses anyway)."""
    level = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        level += 1 if bracket in "[{" else -1
        deepest = max(deepest, level)
    return deepest
