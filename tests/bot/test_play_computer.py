"""A whole game against the computer, played by pressing the buttons the bot offers."""

from __future__ import annotations

import pytest

from storage import games
from testkit.computer import play_to_the_end, start_game
from testkit.harness import Harness


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "label"), [("short", "Short nard"), ("long", "Long nard")])
async def test_a_seeded_game_against_the_computer(harness: Harness, variant: str,
                                                  label: str) -> None:
    h = harness
    extra = ("Without the cube",) if variant == "short" else ()
    user = await start_game(h, 1001, label, "🤖 Computer", "Beginner", "1 game", *extra)
    [row] = await games.active_games(h.app.db, 1001)
    assert row.variant == variant and row.level == "beginner"
    presses = await play_to_the_end(h, user, 1001)
    assert presses > 10
    row = await games.load_game(h.app.db, row.id)
    assert row.status == "finished" and row.result in ("plain", "mars", "koks", "home_mars")
    texts = [m.text or "" for m in h.fake.messages(1001)]
    assert any(t.startswith(("🏆 You won", "You lost")) for t in texts), texts[-3:]
    log = await games.move_log(h.app.db, row.id)
    assert any(entry.kind == "move" and entry.seat == 1 for entry in log)  # the computer moved


def test_the_opening_log_names_moves_by_their_notation() -> None:
    from core.eventlog import since
    from core.live import Live
    from engine.dice import FixedDice
    from engine.game import Game

    game = Game.new("long", FixedDice(6, 5, 6, 5))  # seat 0 starts, then rolls 6-5
    game.roll(0, (6, 5))
    game.play(0, game.legal_plays()[0])  # the only move: 24/13
    lines = since(None, Live(game))
    assert [(e.kind, e.notation) for e in lines][-1] == ("move", "24/13")
