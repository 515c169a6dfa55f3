"""Group settings, group members and their leaderboard, inline cards."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from storage import chats, leaderboard, players, results
from storage.connect import open_database
from storage.games import create_game

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
GROUP = -100123


async def test_chat_language_and_cards(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "db.sqlite3")
    try:
        assert await chats.chat_language(db, GROUP) is None
        await chats.set_chat_language(db, GROUP, "ru", now=NOW)
        await chats.set_chat_language(db, GROUP, "az", now=NOW)
        assert await chats.chat_language(db, GROUP) == "az"
        for pid in (1, 2):
            await players.upsert_player(db, pid, f"P{pid}", username=None, language="en",
                                        now=NOW)
        game = await create_game(db, variant="long", players=(1, 2), state_json="{}", now=NOW)
        await chats.put_game_card(db, game.id, "AgAAAInlineId", "ky")
        assert await chats.game_card(db, game.id) == ("AgAAAInlineId", "ky")
        assert await chats.game_card(db, game.id + 1) is None
    finally:
        await db.close()


async def test_group_leaderboard_ranks_only_its_players(tmp_path: Path) -> None:
    db = await open_database(tmp_path / "db.sqlite3")
    try:
        for pid in (1, 2, 3, 4):
            await players.upsert_player(db, pid, f"P{pid}", username=None, language="en",
                                        now=NOW)
        for winner, loser in ((1, 2), (3, 4)):
            game = await create_game(db, variant="short", players=(winner, loser),
                                     state_json="{}", now=NOW)
            await results.finish_game(db, game.id, game.version, winner_seat=0, result="plain",
                                      points=1, state_json="{}", now=NOW)
        await chats.add_chat_member(db, GROUP, 1, now=NOW)
        await chats.add_chat_member(db, GROUP, 2, now=NOW)
        await chats.add_chat_member(db, GROUP, 2, now=NOW)  # idempotent
        day = leaderboard.local_date(NOW, ZoneInfo("UTC"))
        everyone = await leaderboard.daily_leaderboard(db, "short", day, ZoneInfo("UTC"))
        group = await leaderboard.daily_leaderboard(db, "short", day, ZoneInfo("UTC"),
                                                    chat_id=GROUP, player_id=3)
        assert [s.player_id for s in everyone.top] == [1, 3, 2, 4]
        assert [(s.rank, s.player_id, s.value) for s in group.top] == [(1, 1, 100), (2, 2, -100)]
        assert group.me is None  # player 3 does not play in this group
        alltime = await leaderboard.alltime_leaderboard(db, "short", chat_id=GROUP)
        assert [s.player_id for s in alltime.top] == [1, 2]
    finally:
        await db.close()
