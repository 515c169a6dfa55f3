"""`python -m engine moves`: the engine's public check surface."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cli import answer, serve
from engine.codes import position_id
from engine.position import Position

ROOT = Path(__file__).resolve().parents[2]


def run(*queries: str) -> list[dict]:
    out = io.StringIO()
    serve(io.StringIO("\n".join(queries) + "\n"), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_gnubg_id_query() -> None:
    [reply] = run('{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA", "dice": [3, 1]}')
    moves = {m["move"]: m for m in reply["moves"]}
    assert len(moves) == 16
    assert "8/5 6/5" in moves
    after = Position.from_dict(moves["8/5 6/5"]["board"])
    assert after.opp[5] == 2 and after.opp[8] == 2 and after.opp[6] == 4  # mover is now opp
    assert moves["8/5 6/5"]["gnubg_id"] == position_id(after)


def test_long_board_query_with_first_turn() -> None:
    start = Position.initial("long").to_dict()
    query = {"variant": "long", "board": start, "dice": [6, 6], "first_turn": True}
    [reply] = run(json.dumps(query))
    assert [m["move"] for m in reply["moves"]] == ["24/18(2)"]
    query["first_turn"] = False
    [reply] = run(json.dumps(query))
    # Later turns: one checker leaves the head, and 18/12 is the opponent's head.
    assert [m["move"] for m in reply["moves"]] == ["24/18"]


def test_no_legal_move_is_an_empty_list() -> None:
    me = [0] * 26
    me[25], me[0] = 1, 14
    opp = [0] * 26
    for point in range(1, 7):  # the opponent's home is closed: my bar checker cannot enter
        opp[point] = 2
    opp[0] = 3
    query = {"variant": "short", "board": {"me": me, "opp": opp}, "dice": [6, 5]}
    assert answer(query) == {"moves": []}


def test_errors_are_json_not_tracebacks() -> None:
    replies = run(
        "not json",
        "[1, 2]",
        '{"variant": "chess", "dice": [1, 2]}',
        '{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA", "dice": [0, 2]}',
        '{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA"}',
        '{"variant": "short", "board": {"me": [1], "opp": []}, "dice": [1, 2]}',
        '{"variant": "long", "gnubg_id": "4HPwATDgc/ABMA", "dice": [1, 2]}',
    )
    assert len(replies) == 7
    assert all(set(reply) == {"error"} and reply["error"] for reply in replies)


def test_module_entry_point() -> None:
    query = '{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA", "dice": [5, 2]}\n'
    result = subprocess.run(
        [sys.executable, "-m", "engine", "moves"], input=query, capture_output=True,
        text=True, cwd=ROOT, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert len(json.loads(result.stdout)["moves"]) == 8
    usage = subprocess.run([sys.executable, "-m", "engine"], capture_output=True, text=True,
                           cwd=ROOT, timeout=60)
    assert usage.returncode == 2 and "usage" in usage.stderr


# -- never crashes: one answer per line, whatever the line holds -------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=5),
    max_leaves=30,
)
FIELDS = st.sampled_from(["variant", "board", "dice", "first_turn", "gnubg_id", "code", "me",
                          "opp"])
# Queries close enough to real ones to reach every check: real keys, arbitrary values.
QUERIES = st.one_of(
    JSON_VALUES,
    st.dictionaries(FIELDS, JSON_VALUES, max_size=6),
    st.fixed_dictionaries(
        {"variant": st.sampled_from(["short", "long"]),
         "board": st.one_of(JSON_VALUES, st.fixed_dictionaries(
             {"me": st.lists(st.integers(-2, 16), max_size=27),
              "opp": st.lists(st.integers(-2, 16), max_size=27)})),
         "dice": JSON_VALUES | st.lists(st.integers(-1, 8), max_size=3)},
        optional={"first_turn": JSON_VALUES, "gnubg_id": JSON_VALUES, "code": JSON_VALUES}),
)
NASTY_LINES = [
    b'{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA", "dice": 5}',
    b'{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA", "dice": true}',
    b'{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA", "dice": 3.5}',
    b'{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA", "dice": "65"}',
    b'{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA", "dice": {"a": 1, "b": 2}}',
    b"[" * 100_000 + b"]" * 100_000,
    b'{"variant": ' + b"[" * 900 + b"]" * 900 + b', "dice": [1, 2]}',
    b'{"variant": "short", "dice": [' + b"9" * 5000 + b", 1]}",
    b"\xff\xfe not utf-8 \x80",
    b"",
    b"   \r",
    b"\x00",
    b'{"variant": "short", "gnubg_id": "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3'
    b'\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9", "dice": [1, 2]}',
    b'{"variant": ["short"], "board": {"variant": {"x": []}}, "dice": [1, 2]}',
    b"NaN",
    b'"\\ud800"',
]


def replies_to(data: bytes) -> list[dict]:
    out = io.StringIO()
    serve(io.BytesIO(data), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def lines_in(data: bytes) -> int:
    return len(io.BytesIO(data).readlines())


def is_one_answer(reply: object) -> bool:
    if not isinstance(reply, dict) or len(reply) != 1:
        return False
    if "error" in reply:
        return isinstance(reply["error"], str) and bool(reply["error"])
    return isinstance(reply.get("moves"), list)


@pytest.mark.slow  # 200 examples of up to 8 queries, the slowest of the fuzzing here
@settings(max_examples=200, deadline=None)
@given(st.lists(QUERIES, min_size=1, max_size=8))
def test_any_json_values_get_one_answer_each(queries: list) -> None:
    data = b"".join(json.dumps(query).encode() + b"\n" for query in queries)
    replies = replies_to(data)
    assert len(replies) == len(queries)
    assert all(is_one_answer(reply) for reply in replies)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_get_one_answer_per_line(data: bytes) -> None:
    replies = replies_to(data)
    assert len(replies) == lines_in(data)
    assert all(is_one_answer(reply) for reply in replies)


def test_nasty_lines_each_get_an_error_and_the_stream_goes_on() -> None:
    good = b'{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA", "dice": [3, 1]}'
    data = b"\n".join([*NASTY_LINES, good]) + b"\n"
    replies = replies_to(data)
    assert len(replies) == len(NASTY_LINES) + 1
    assert all(set(reply) == {"error"} for reply in replies[:-1]), replies
    assert len(replies[-1]["moves"]) == 16  # the stream went on
    assert all(len(reply["error"]) < 200 for reply in replies[:-1])  # no huge echoes


def test_a_finished_position_is_not_a_pass() -> None:
    me = [15] + [0] * 25
    opp = [0] * 26
    opp[6] = 15
    for variant in ("short", "long"):
        query = {"variant": variant, "board": {"me": me, "opp": opp}, "dice": [6, 5]}
        assert answer(query) == {"error": "the game is over"}
        query["board"] = {"me": opp, "opp": me}
        assert answer(query) == {"error": "the game is over"}


def test_the_real_process_answers_every_line_without_a_traceback() -> None:
    good = b'{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA", "dice": [5, 2]}'
    data = b"\n".join([good, *NASTY_LINES, b"\r\r", good])  # the last line has no newline
    result = subprocess.run(
        [sys.executable, "-m", "engine", "moves"], input=data, capture_output=True,
        cwd=ROOT, timeout=120,
    )
    assert result.returncode == 0 and result.stderr == b""
    replies = [json.loads(line) for line in result.stdout.decode().splitlines()]
    assert len(replies) == len(NASTY_LINES) + 3
    assert len(replies[0]["moves"]) == len(replies[-1]["moves"]) == 8
    assert all(set(reply) == {"error"} for reply in replies[1:-1])
