"""Find an opponent through the buttons: pairing, the widening window, cancel, expiry,
a restart in the middle of a search, twenty players at once."""

from __future__ import annotations

import asyncio
from pathlib import Path

from aiogram.types import Update

from bot.views.callbacks import MatchCb
from storage import games, matchmaking
from storage.matchmaking import ANY_LENGTH, CUBE_EITHER, CUBE_OFF, CUBE_ON
from testkit.fake_telegram import FakeTelegram
from testkit.harness import Harness, make_harness
from testkit.matchmaking import search

ALI, VALI, SOLI = 4001, 4002, 4003


async def set_rating(h: Harness, player_id: int, variant: str, rating: int) -> None:
    h.fake.user(player_id, "P").command("/help")  # a known player first
    await h.feed()
    async with h.app.db.transaction() as tx:
        await tx.execute(
            "INSERT INTO player_stats (player_id, variant, rating) VALUES (?, ?, ?)"
            " ON CONFLICT (player_id, variant) DO UPDATE SET rating = excluded.rating",
            (player_id, variant, rating))


async def test_two_players_are_paired_into_a_rated_game(harness: Harness) -> None:
    h = harness
    await search(h, ALI, "Short nard", "To 3 points", "Either", name="Ali")
    waiting = h.fake.last_message(ALI)
    assert "Looking for an opponent: Short nard" in waiting.text
    assert "1 player searching" in waiting.text
    await search(h, VALI, "Короткие нарды", "Любая длина", "С кубом", name="Вали",
                 language="ru")
    [row] = await games.active_games(h.app.db, ALI)
    assert row.players == (ALI, VALI) and row.rated
    assert (row.match_length, row.cube) == (3, True)
    assert "Opponent found: Вали (rating 1500)" in h.fake.message(ALI, waiting.message_id).text
    assert any("Соперник найден: Ali" in (m.text or "") for m in h.fake.messages(VALI))
    assert h.board(ALI).photo and h.board(VALI).photo  # each plays in their own chat
    assert (await matchmaking.searching(h.app.db)) == {"short": 0, "long": 0}


async def test_incompatible_searches_wait(harness: Harness) -> None:
    h = harness
    await search(h, ALI, "Short nard", "1 game", "With the cube")
    await search(h, VALI, "Short nard", "1 game", "Without the cube")
    await search(h, SOLI, "Long nard", "1 game")
    for player in (ALI, VALI, SOLI):
        assert not await games.active_games(h.app.db, player)
    assert (await matchmaking.searching(h.app.db)) == {"short": 2, "long": 1}


async def test_the_gap_widens_with_the_time_waited(harness: Harness) -> None:
    h = harness
    await set_rating(h, ALI, "long", 1500)
    await set_rating(h, VALI, "long", 1760)
    await search(h, ALI, "Long nard", "Any length")
    await search(h, VALI, "Long nard", "Any length")
    assert not await games.active_games(h.app.db, ALI)  # 260 apart: not at once
    h.clock.advance(19)
    await h.app.timers.tick()
    assert not await games.active_games(h.app.db, ALI)
    h.clock.advance(1)  # Ali has waited 20 s: ±300
    await h.app.timers.tick()
    [row] = await games.active_games(h.app.db, ALI)
    assert row.players == (ALI, VALI) and row.match_length == 1


async def test_the_waiting_message_counts_and_is_edited_every_ten_seconds(
        harness: Harness) -> None:
    h = harness
    await search(h, ALI, "Short nard", "1 game", "Without the cube")
    message = h.fake.last_message(ALI)
    await search(h, SOLI, "Short nard", "To 7 points", "Without the cube")
    edits = len(h.fake.message(ALI, message.message_id).edits)
    for _ in range(9):
        h.clock.advance(1)
        await h.app.timers.tick()
    assert len(h.fake.message(ALI, message.message_id).edits) == edits  # not yet
    h.clock.advance(1)
    await h.app.timers.tick()
    shown = h.fake.message(ALI, message.message_id)
    assert len(shown.edits) == edits + 1
    assert "Waiting 0:10" in shown.text and "2 players searching" in shown.text


async def test_cancel(harness: Harness) -> None:
    h = harness
    await search(h, ALI, "Short nard", "1 game", "Without the cube")
    h.fake.user(ALI, "Ali").press_button(ALI, "Cancel the search")
    await h.feed()
    assert h.fake.last_message(ALI).text == "The search is cancelled."
    assert await matchmaking.waiting_request(h.app.db, ALI) is None
    await search(h, VALI, "Short nard", "1 game", "Without the cube")
    assert not await games.active_games(h.app.db, VALI)


async def test_a_search_ends_after_ten_minutes_with_a_way_on(harness: Harness) -> None:
    h = harness
    await search(h, ALI, "Short nard", "1 game", "Without the cube")
    h.clock.advance(600)
    await h.app.timers.tick()
    ended = h.fake.last_message(ALI)
    assert "Nobody was free to play in 10 minutes" in ended.text
    assert await matchmaking.waiting_request(h.app.db, ALI) is None
    h.fake.user(ALI, "Ali").press_button(ALI, "🔎 Search again")
    await h.feed()
    again = await matchmaking.waiting_request(h.app.db, ALI)
    assert again is not None and (again.variant, again.lengths, again.cube) == ("short", 1, 0)
    h.fake.user(ALI, "Ali").press_button(ALI, "🤖 Play the computer", message_id=ended.message_id)
    await h.feed()
    assert (h.fake.message(ALI, ended.message_id).text or "").splitlines()[0] == (
        "How strong should the computer be?")


async def test_a_player_in_a_game_cannot_search(harness: Harness) -> None:
    h = harness
    ali = h.fake.user(ALI, "Ali")
    ali.command("/new")
    await h.feed()
    for label in ("Short nard", "🤖 Computer", "Beginner", "1 game", "Without the cube"):
        ali.press_button(ALI, label)
        await h.feed()
    await search(h, ALI, "Short nard", "1 game", "Without the cube")
    assert "already playing" in h.fake.last_message(ALI).text
    assert await matchmaking.waiting_request(h.app.db, ALI) is None


async def test_starting_another_game_ends_the_search(harness: Harness) -> None:
    h = harness
    await search(h, ALI, "Short nard", "1 game", "Without the cube")
    waiting = h.fake.last_message(ALI)
    ali = h.fake.user(ALI, "Ali")
    ali.command("/new")
    await h.feed()
    for label in ("Long nard", "🤖 Computer", "Beginner", "1 game"):
        ali.press_button(ALI, label)
        await h.feed()
    assert await matchmaking.waiting_request(h.app.db, ALI) is None
    assert h.fake.message(ALI, waiting.message_id).text == "The search is cancelled."


async def test_a_search_survives_a_restart(fake_telegram: FakeTelegram, tmp_path: Path) -> None:
    h = await make_harness(fake_telegram, tmp_path)
    await search(h, ALI, "Long nard", "1 game")
    await h.app.db.close()
    await h.app.bot.session.close()
    h = await make_harness(fake_telegram, tmp_path, clock=h.clock)  # the same database
    try:
        await search(h, VALI, "Long nard", "Any length")
        [row] = await games.active_games(h.app.db, ALI)
        assert row.players == (ALI, VALI)
    finally:
        await h.app.db.close()
        await h.app.bot.session.close()


async def test_twenty_at_once_make_ten_games(harness: Harness) -> None:
    h = harness
    users = [h.fake.user(5000 + n, f"P{n}") for n in range(20)]
    for user in users:  # known players first (as after a /start)
        user.command("/help")
    await h.feed()
    for user in users:
        h.fake.user(user.id, user.first_name).press(
            h.fake.last_message(user.id),
            MatchCb(a="go", variant="short", lengths=ANY_LENGTH, cube=CUBE_EITHER).pack())
    updates = [Update.model_validate(u, context={"bot": h.app.bot})
               for u in h.fake.pop_updates()]
    await asyncio.gather(*(h.app.dispatcher.feed_update(h.app.bot, u) for u in updates))
    await h.app.timers.tick()
    played = {}
    for user in users:
        found = await games.active_games(h.app.db, user.id)
        assert len(found) == 1, user  # in exactly one game
        played[found[0].id] = found[0].players
    assert len(played) == 10
    assert sorted(p for pair in played.values() for p in pair) == [u.id for u in users]


def test_search_options_fit_in_button_data() -> None:
    data = MatchCb(a="menu", variant="short", lengths=ANY_LENGTH, cube=CUBE_ON).pack()
    assert len(data.encode()) <= 64
    assert MatchCb.unpack(data).cube == CUBE_ON and CUBE_OFF == 0


async def test_find_an_opponent_from_the_new_game_menu(harness: Harness) -> None:
    h = harness
    ali = h.fake.user(ALI, "Ali")
    ali.command("/new")
    await h.feed()
    for label in ("Long nard", "🔎 Find an opponent", "To 5 points"):
        ali.press_button(ALI, label)
        await h.feed()
    request = await matchmaking.waiting_request(h.app.db, ALI)
    assert request is not None and (request.variant, request.lengths) == ("long", 4)


async def test_top_shows_who_is_searching(harness: Harness) -> None:
    h = harness
    await search(h, ALI, "Short nard", "1 game", "Without the cube")
    h.fake.user(VALI, "Vali").command("/top")
    await h.feed()
    assert "🔎 Searching now: 1 · rated games today: 0" in h.fake.last_message(VALI).text
