"""`python -m engine moves`: legal moves for JSON-line queries (the engine's check surface).

Each input line: `{"variant": "short"|"long", "board": {interchange}}` or
`{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA"}` (or `{"variant": "long", "code":
"L/..."}`), plus `"dice": [d1, d2]` and, for long nard, optionally `"first_turn": true`.
Each output line: `{"moves": [{"move": "8/5 6/5", "board": {...after, opponent to roll...},
"gnubg_id": "..." (short) | "code": "L/..." (long)}]}` or `{"error": "..."}`.
An empty `moves` list means no die can be played; a finished position answers
`{"error": "the game is over"}`.

Every input line (split at `\\n` only, empty lines included) gets exactly one output line, and
the stream goes on whatever a line holds: bytes that are not UTF-8, JSON nested too deep to
read, numbers too long to convert, values of any type where a field is expected.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any, BinaryIO, TextIO

from engine.codes import from_long_code, from_position_id, long_code, position_id
from engine.errors import EngineError, shown
from engine.movegen import check_dice, legal_moves
from engine.position import VARIANTS, Position, Variant

USAGE = "usage: python -m engine moves  < queries.jsonl"
GAME_OVER = "the game is over"


def answer(query: Any) -> dict[str, Any]:
    """The reply to one parsed query; errors become `{"error": ...}`."""
    try:
        position, first_turn = _position_of(query)
        if position.is_over:  # no move, whatever the dice: not the same as a pass
            raise EngineError(GAME_OVER)
        if "dice" not in query:
            raise EngineError('give "dice": [d1, d2]')
        dice = check_dice(query["dice"])
        if not isinstance(first_turn, bool):
            raise EngineError("first_turn must be true or false")
        plays = legal_moves(position, dice, first_turn=first_turn)
    except EngineError as exc:
        return {"error": str(exc)}
    return {"moves": [_describe(play.move, play.after) for play in plays]}


def _position_of(query: Any) -> tuple[Position, Any]:
    if not isinstance(query, dict):
        raise EngineError("each line must be a JSON object")
    variant_value = query.get("variant")
    if variant_value not in VARIANTS:
        raise EngineError(f'"variant" must be "short" or "long", not {shown(variant_value)}')
    variant = Variant(variant_value)
    first_turn = query.get("first_turn", False)
    if "board" in query:
        board = query["board"]
        if isinstance(board, dict) and "variant" not in board:
            board = {**board, "variant": variant.value}
        position = Position.from_dict(board)
        if position.variant is not variant:
            raise EngineError("the board's variant differs from the query's")
        return position, first_turn
    if variant is Variant.SHORT and "gnubg_id" in query:
        return from_position_id(query["gnubg_id"]), first_turn
    if variant is Variant.LONG and "code" in query:
        position, coded_first = from_long_code(query["code"])
        return position, first_turn or coded_first
    raise EngineError('give "board" (or "gnubg_id" for short nard, "code" for long nard)')


def _describe(move: Any, after: Position) -> dict[str, Any]:
    out: dict[str, Any] = {"move": str(move), "board": after.to_dict()}
    if after.variant is Variant.SHORT:
        out["gnubg_id"] = position_id(after)
    else:
        out["code"] = long_code(after)
    return out


def reply_to(line: str | bytes) -> dict[str, Any]:
    """The answer to one raw input line (its end-of-line characters may be included)."""
    if isinstance(line, bytes):
        try:
            line = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            return {"error": f"the line is not UTF-8 text (byte {exc.start})"}
    text = line.strip()
    if not text:
        return {"error": "empty line: each line must be a JSON object"}
    try:
        query = json.loads(text)
    except json.JSONDecodeError as exc:
        return {"error": f"not JSON: {exc.msg} (column {exc.colno})"}
    except RecursionError:
        return {"error": "not readable: JSON nested too deep"}
    except ValueError as exc:  # e.g. an integer with more digits than Python converts
        return {"error": f"not readable: {exc}"}
    try:
        return answer(query)
    except RecursionError:  # a value nested too deep to inspect
        return {"error": "a value is nested too deep"}


def lines_of(stream: BinaryIO | TextIO | Iterable[str | bytes]) -> Iterable[str | bytes]:
    """The lines of a stream, split at `\\n` only (a bare `\\r` does not end a line)."""
    buffer = getattr(stream, "buffer", None)
    return buffer if buffer is not None else stream


def serve(lines: BinaryIO | TextIO | Iterable[str | bytes], out: TextIO) -> None:
    """Answer each line of `lines` with one JSON line on `out`, flushed at once."""
    for line in lines_of(lines):
        reply = reply_to(line)
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        out.flush()


def main(argv: list[str]) -> int:
    if argv != ["moves"]:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        serve(sys.stdin, sys.stdout)
    except BrokenPipeError:  # the reader went away: nothing left to answer
        sys.stderr.close()  # keep Python from complaining while it shuts down
        return 0
    except KeyboardInterrupt:
        return 130
    return 0
