"""Group games: /nard in a group, joined by a second player."""

from __future__ import annotations

from core.live import Live
from storage import games
from tests.support.harness import Harness

GROUP, ALI, VALI, WATCHER = -100500, 5001, 5002, 5003


async def group_game(h: Harness, options: str = "long") -> int:
    """Ali's `/nard options` in GROUP, Vali joins; the game's id."""
    h.fake.group(GROUP, "Nard club")
    h.fake.user(ALI, "Ali").command(f"/nard {options}", chat=GROUP)
    await h.feed()
    assert "Who's in?" in (h.fake.last_message(GROUP).text or "")
    h.fake.user(VALI, "Vali").press_button(GROUP, "🎲 Join")
    await h.feed()
    [row] = await games.active_games(h.app.db, ALI)
    assert row.players == (ALI, VALI)
    return row.id


async def mover(h: Harness, game_id: int) -> int | None:
    """The player to act in the stored game (None once it is over)."""
    row = await games.load_game(h.app.db, game_id)
    if row.status != "active":
        return None
    return row.players[Live.load(row.state_json).game.to_act]
