"""web.jsonin: JSON read before sign-in, its nesting bounded before it is parsed."""

from __future__ import annotations

import pytest

from web.jsonin import MAX_DEPTH, TooDeep, loads


def test_brackets_inside_strings_do_not_count() -> None:
    text = '{"name": "' + "[{" * 500 + '\\"]", "list": [[1]]}'
    assert loads(text)["list"] == [[1]]


@pytest.mark.parametrize("text", ["[" * 100_000, "[" * 5000 + "]" * 5000,
                                  '{"a":' * 2000 + "1" + "}" * 2000])
def test_too_deep_is_a_value_error_never_a_recursion_error(text: str) -> None:
    with pytest.raises(TooDeep):
        loads(text)
    with pytest.raises(ValueError):
        loads(text.encode())


def test_the_limit() -> None:
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(TooDeep):
        loads("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
