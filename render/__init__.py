"""Pillow pictures of the nard board: single boards (PNG), mistake boards (PNG) and
whole-game replays (GIF).

Public API: `Scene` (with `Outcome`), `render_board`, `render_mistake`, `render_replay`,
`replay_scenes`; `render.chart.render_rating_chart` for /me; `render.geometry` tells where
things are drawn (tests sample pixels there).
"""

from render.board import render_board
from render.mistake import render_mistake
from render.replay import render_replay, replay_scenes
from render.scene import Outcome, Scene

__all__ = ["Outcome", "Scene", "render_board", "render_mistake", "render_replay",
           "replay_scenes"]
