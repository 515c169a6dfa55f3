"""Colours of the board picture, chosen to stay distinct after palette quantization."""

from __future__ import annotations

RGB = tuple[int, int, int]

BAND = (28, 32, 38)  # name bands above and below the board
BAND_TEXT = (238, 232, 220)
BAND_MUTED = (150, 156, 166)
FRAME = (74, 46, 30)  # walnut frame and bar
FRAME_EDGE = (104, 68, 44)
FRAME_TEXT = (236, 220, 190)  # point numbers
FIELD = (32, 88, 72)  # green felt
POINT_LIGHT = (232, 220, 192)
POINT_DARK = (176, 72, 56)
TRAY = (46, 28, 18)

# Checker colours by side colour: body, rim, inner ring, count text.
CHECKER: dict[str, tuple[RGB, RGB, RGB, RGB]] = {
    "white": ((246, 242, 232), (120, 104, 84), (214, 204, 186), (40, 36, 32)),
    "black": ((38, 38, 42), (150, 150, 156), (72, 72, 78), (246, 242, 232)),
}
# Dice: face, pips.
DIE: dict[str, tuple[RGB, RGB]] = {
    "white": ((250, 248, 242), (30, 30, 34)),
    "black": ((34, 34, 38), (250, 248, 242)),
}

LAST_MOVE = (255, 184, 0)  # amber: where the last move came from and went to
LAST_MOVE_OLD = (232, 204, 132)  # faint amber: earlier moves shown with it
STEP = (0, 224, 255)  # cyan: the selected checker and its destinations
SCORE = (255, 196, 64)
CUBE_FACE = (250, 248, 242)
CUBE_TEXT = (30, 30, 34)
CROSS = (228, 48, 40)  # the Crawford game's crossed-out cube
# The mistake board: the move played and the best move (orange and blue, told apart also by
# red-green colour-blind eyes; the bot's caption can name them with 🟠 and 🔵).
PLAYED = (255, 128, 24)
BEST = (40, 156, 255)


def key_colors() -> list[RGB]:
    """Every colour above, for the palette: these must come out exact."""
    flat = [BAND, BAND_TEXT, BAND_MUTED, FRAME, FRAME_EDGE, FRAME_TEXT, FIELD, POINT_LIGHT,
            POINT_DARK, TRAY, LAST_MOVE, LAST_MOVE_OLD, STEP, SCORE, CUBE_FACE, CUBE_TEXT,
            CROSS, PLAYED, BEST]
    for group in (*CHECKER.values(), *DIE.values()):
        flat.extend(group)
    return list(dict.fromkeys(flat))
