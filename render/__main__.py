"""Draw one board from the command line, for operators and debugging.

    python -m render --board '{"variant": "short", "me": [...26], "opp": [...26]}' --out b.png
    python -m render --board board.json --out b.png --dice 6 2 --view opp
    python -m render --gnubg-id 4HPwATDgc/ABMA --out b.jpg

`me` in the board is the player on roll. `--view opp` draws it as the other player sees it.
The format follows the file name: .png (default) or .jpg/.jpeg.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.codes import from_position_id
from engine.position import Position
from render.board import render_board
from render.scene import Color, Scene


def _board(value: str) -> Position:
    """A JSON board given inline or as the path of a file holding it."""
    path = Path(value)
    text = path.read_text(encoding="utf-8") if not value.lstrip().startswith("{") else value
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"--board is not JSON: {error}") from None
    return Position.from_dict(data)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.split("\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--board", metavar="JSON", help="interchange board, inline or a file")
    source.add_argument("--gnubg-id", metavar="ID", help="GNU Backgammon Position ID (short)")
    parser.add_argument("--out", required=True, metavar="FILE", help="picture to write")
    parser.add_argument("--dice", nargs=2, type=int, metavar=("D1", "D2"))
    parser.add_argument("--view", choices=("me", "opp"), default="me",
                        help="whose side the board is seen from (me = the player on roll)")
    parser.add_argument("--names", nargs=2, metavar=("ON_ROLL", "OTHER"), default=("", ""))
    parser.add_argument("--color", choices=("white", "black"), default="white",
                        help="colour of the player on roll")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        position = _board(args.board) if args.board else from_position_id(args.gnubg_id)
        on_roll_views = args.view == "me"
        other: Color = "black" if args.color == "white" else "white"
        scene = Scene(
            position if on_roll_views else position.swapped(),
            viewer_color=args.color if on_roll_views else other,
            viewer_to_move=on_roll_views,
            dice=tuple(args.dice) if args.dice else None,
            names=tuple(args.names) if on_roll_views else (args.names[1], args.names[0]),
        )
        out = Path(args.out)
        fmt = "JPEG" if out.suffix.lower() in (".jpg", ".jpeg") else "PNG"
        out.write_bytes(render_board(scene, fmt=fmt))
    except (OSError, ValueError) as error:
        print(f"render: {error}", file=sys.stderr)
        return 2
    print(f"{out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
