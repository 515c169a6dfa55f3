"""Pillow pictures of the nard board: single boards (PNG) and whole-game replays (GIF).

Public API: `Scene`, `render_board`, `render_replay`; `render.geometry` tells where things
are drawn (tests sample pixels there).
"""

from render.board import render_board
from render.replay import render_replay
from render.scene import Scene

__all__ = ["Scene", "render_board", "render_replay"]
