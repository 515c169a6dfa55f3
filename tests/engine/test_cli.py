"""`python -m engine moves`: the engine's public check surface."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

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
