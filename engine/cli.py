"""`python -m engine moves`: legal moves for JSON-line queries (the engine's check surface).

Each input line: `{"variant": "short"|"long", "board": {interchange}}` or
`{"variant": "short", "gnubg_id": "4HPwATDgc/ABMA"}` (or `{"variant": "long", "code":
"L/..."}`), plus `"dice": [d1, d2]` and, for long nard, optionally `"first_turn": true`.
Each output line: `{"moves": [{"move": "8/5 6/5", "board": {...after, opponent to roll...},
"gnubg_id": "..." (short) | "code": "L/..." (long)}]}` or `{"error": "..."}`.
An empty `moves` list means no die can be played.
"""

from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from engine.codes import from_long_code, from_position_id, long_code, position_id
from engine.errors import EngineError
from engine.movegen import check_dice, legal_moves
from engine.position import Position, Variant

USAGE = "usage: python -m engine moves  < queries.jsonl"


def answer(query: Any) -> dict[str, Any]:
    """The reply to one parsed query; errors become `{"error": ...}`."""
    try:
        position, first_turn = _position_of(query)
        dice = check_dice(tuple(query.get("dice") or ()))
        if not isinstance(first_turn, bool):
            raise EngineError("first_turn must be true or false")
        plays = legal_moves(position, dice, first_turn=first_turn)
    except EngineError as exc:
        return {"error": str(exc)}
    return {"moves": [_describe(play.move, play.after) for play in plays]}


def _position_of(query: Any) -> tuple[Position, Any]:
    if not isinstance(query, dict):
        raise EngineError("each line must be a JSON object")
    try:
        variant = Variant(query.get("variant"))
    except ValueError:
        raise EngineError('"variant" must be "short" or "long"') from None
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


def serve(lines: TextIO, out: TextIO) -> None:
    for line in lines:
        if not line.strip():
            continue
        try:
            query = json.loads(line)
        except json.JSONDecodeError as exc:
            reply: dict[str, Any] = {"error": f"not JSON: {exc.msg}"}
        else:
            reply = answer(query)
        out.write(json.dumps(reply, separators=(",", ":")) + "\n")
        out.flush()


def main(argv: list[str]) -> int:
    if argv != ["moves"]:
        print(USAGE, file=sys.stderr)
        return 2
    serve(sys.stdin, sys.stdout)
    return 0
