"""Tournaments in a group through the real Dispatcher, on both storage engines, with the
test's clock: /tournament's menu, Join, the games in the players' private chats (they
resign through their boards' buttons, or run out of time), the bracket and standings
pictures in the group at the group's pace, the winner announced, /me; and bad input."""

from __future__ import annotations

import re
import time
from collections import Counter
from datetime import timedelta

import pytest

from bot.views.callbacks import TourneyCb
from core.live import Live
from storage import games, stats
from storage import tournaments as stored
from testkit.harness import Harness
from testkit.tournament_play import (
    GROUP,
    JOINED,
    NAMES,
    PACE_WINDOW,
    PLAYERS,
    SENDS,
    lobby,
    lose,
    meet,
    open_tournament,
    pictures,
    press,
    tick,
    tournament_games,
)

OTHER_GROUP = -100901

async def test_an_eight_player_knockout_with_a_forfeit(group_harness: Harness) -> None:
    began = time.monotonic()
    h = group_harness
    await meet(h, PLAYERS)
    t = await open_tournament(h, 7001, "🏆 Knock-out", "Short nard", "To 3 points",
                              "Without the cube", "8", "When full")
    assert "Knock-out tournament: Short nard" in lobby(h)
    assert "Starts when 8 players have joined." in lobby(h)
    every_button = [data for m in h.fake.messages(GROUP) for _, data in m.buttons]
    assert every_button and all(len((d or "").encode()) <= 64 for d in every_button)
    for player in PLAYERS:
        assert JOINED in await press(h, player, "✅ Join")
    started = await stored.get_tournament(h.app.db, t.id)
    assert started is not None and started.status == "running"
    assert "The tournament is under way." in lobby(h)
    assert pictures(h), "the bracket is posted at the start"
    first = await tournament_games(h, t.id)
    assert len(first) == 4 and all(row.rated and row.match_length == 3 for row in first)
    for row in first:  # each player hears whom they play, and has a board
        for player in row.players:
            assert player is not None
            assert any("round 1 of 3" in (m.text or "") for m in h.fake.messages(player))
            assert h.board(player).photo
    # One first-round player never moves: time runs out and the whole match is lost.
    absent_game = first[0]
    mover = absent_game.players[Live.load(absent_game.state_json).game.to_act]
    assert mover is not None
    h.clock.advance(100)
    for row in first[1:]:  # the others: the player with the higher id gives up
        await lose(h, row, max(p for p in row.players if p is not None))
    assert absent_game.deadline is not None  # then the absent player's time runs out
    h.clock.now = max(h.clock.now, absent_game.deadline + timedelta(seconds=1))
    await tick(h)
    forfeited = await games.load_game(h.app.db, absent_game.id)
    assert forfeited.status == "finished"
    assert forfeited.players[forfeited.winner_seat or 0] != mover
    assert len(await games.game_results(h.app.db, absent_game.id)) == 1  # one game, the match
    assert any("running out of time loses the whole match" in (m.text or "")
               for m in h.fake.messages(mover))
    # The semi-finals and the final.
    for expected in (2, 1):
        current = await tournament_games(h, t.id)
        assert len(current) == expected, "\n".join(map(str, await stored.pairings(h.app.db, t.id)))
        for row in current:
            await lose(h, row, max(p for p in row.players if p is not None))
    await h.app.coalescer.drain()
    done = await stored.get_tournament(h.app.db, t.id)
    assert done is not None and done.status == "finished" and done.winner_id is not None
    winner = NAMES[done.winner_id]
    assert f"🏆 {winner} wins the tournament!" in h.fake.transcript(GROUP)
    assert f"The tournament is over: 🏆 {winner} won." in lobby(h), h.fake.transcript(GROUP)
    # Every player hears their own placing privately: 1, 2, 3–4 twice, 5–8 four times.
    await tick(h)

    def placing(player: int) -> str:
        for m in h.fake.messages(player):
            if "You won the tournament!" in (m.text or ""):
                return "1"
            found = re.search(r"Your place: (\S+) of 8\.", m.text or "")
            if found:
                return found.group(1)
        return "-"

    told = Counter(placing(p) for p in PLAYERS)
    assert told == {"1": 1, "2": 1, "3–4": 2, "5–8": 4}, told
    # Every match had its game, nobody was paired twice, and every game was rated.
    every = await stored.pairings(h.app.db, t.id)
    assert [p.status for p in every] == ["done"] * 7 and all(p.game_id for p in every)
    assert len({p.game_id for p in every}) == 7
    for pairing in every:
        for result in await games.game_results(h.app.db, pairing.game_id or 0):
            assert result.points >= 1
    rated = await h.app.db.fetchval("SELECT COUNT(*) FROM rating_events")
    played = await h.app.db.fetchval("SELECT COUNT(*) FROM game_results")
    assert rated == 2 * played  # no daily limit per pair inside the tournament
    # The bracket changed as results came in, within the group's pace.
    assert len(set(pictures(h))) >= 3
    assert h.fake.requests_per_window(GROUP, PACE_WINDOW, SENDS) <= 20
    # /me lists the tournaments played and won.
    h.fake.user(done.winner_id, winner).command("/me")
    await h.feed()
    assert "🏆 Tournaments: played 1, won 1" in h.fake.transcript(done.winner_id)
    print(f"\n8-player knock-out: {played} games, {time.monotonic() - began:.1f} s")


@pytest.mark.slow
async def test_a_six_player_ten_minute_arena(group_harness: Harness) -> None:
    began = time.monotonic()
    h = group_harness
    players = PLAYERS[:6]
    await meet(h, players)
    t = await open_tournament(h, 7002, "⏱ Arena", "Short nard", "1 game", "Without the cube",
                              "10 min", "8", "In 30 min")
    assert "Arena, 10 min: Short nard" in lobby(h)
    for player in players:
        assert JOINED in await press(h, player, "✅ Join")
    assert "Players (6/8)" in lobby(h)
    assert "Only the tournament's creator" in await press(h, 7003, "▶ Start now")
    assert "The tournament begins!" in await press(h, 7002, "▶ Start now")
    arena = await stored.get_tournament(h.app.db, t.id)
    assert arena is not None and arena.ends_at is not None
    rounds = 0
    while (await stored.get_tournament(h.app.db, t.id)).status == "running":  # type: ignore[union-attr]
        rounds += 1
        assert rounds < 100, h.fake.transcript(GROUP)
        for row in await tournament_games(h, t.id):
            # The lower id wins: Ali (7001) wins every game and catches fire.
            await lose(h, row, max(p for p in row.players if p is not None))
        h.clock.advance(40)
        await tick(h)
    done = await stored.get_tournament(h.app.db, t.id)
    assert done is not None and done.status == "finished" and done.winner_id == 7001
    entrants = {e.player_id: e for e in await stored.entrants(h.app.db, t.id)}
    assert all(sum(e.results) == e.score for e in entrants.values())
    assert 4 in entrants[7001].results  # two wins in a row: the next counts double
    every = await stored.pairings(h.app.db, t.id)
    assert all(p.created_at < done.ends_at for p in every if done.ends_at)  # type: ignore[operator]
    # Never the same opponent twice in a row; one game at a time.
    last: dict[int, int] = {}
    for pairing in sorted(every, key=lambda p: p.id):
        a, b = pairing.players
        assert a is not None and b is not None
        assert last.get(a) != b and last.get(b) != a
        last[a], last[b] = b, a
    text = h.fake.transcript(GROUP)
    assert "⏱ The arena is over." in text and f"🥇 {NAMES[7001]}" in text
    assert "🥈" in text and "🥉" in text
    assert len(set(pictures(h))) >= 3
    assert h.fake.requests_per_window(GROUP, PACE_WINDOW, SENDS) <= 20
    ratings = Counter({p: (await stats.player_stats(h.app.db, p, "short")).rating
                       for p in players})
    assert ratings[7001] > 1500 and sum(ratings.values()) == 1500 * 6
    print(f"\n6-player arena: {len(every)} games, {time.monotonic() - began:.1f} s")


async def test_bad_input_gets_clear_answers(group_harness: Harness) -> None:
    h = group_harness
    await meet(h, PLAYERS)
    # /tournament in a private chat.
    h.fake.user(7001, "Ali").command("/tournament")
    await h.feed()
    assert "Tournaments are played in groups" in (h.fake.last_message(7001).text or "")
    t = await open_tournament(h, 7001, "🏆 Knock-out", "Long nard", "1 game", "4",
                              "In 10 min")
    # A second one in the same group.
    h.fake.user(7002, "Вали").command("/tournament", chat=GROUP)
    await h.feed()
    assert "already has a tournament" in (h.fake.last_message(GROUP).text or "")
    # Joining twice; joining while in another game.
    assert JOINED in await press(h, 7001, "✅ Join")
    assert "joined already" in await press(h, 7001, "✅ Join")
    h.fake.user(7005, NAMES[7005]).command("/new")
    await h.feed()
    for label in ("Short nard", "🤖 Computer", "Beginner", "1 game", "Without the cube"):
        h.fake.user(7005, NAMES[7005]).press_button(7005, label)
        await h.feed()
    assert await games.active_games(h.app.db, 7005)
    assert "finish it, then join" in await press(h, 7005, "✅ Join")
    # A player the bot cannot write to is sent to the bot first.
    h.fake.block(7007)
    update = h.fake.user(7007, NAMES[7007]).press_button(GROUP, "✅ Join")
    await h.feed()
    answer = h.fake.callback_answer(update) or {}
    assert str(answer.get("url", "")).endswith("?start=tournament")
    h.fake.unblock(7007)
    h.fake.user(7007, NAMES[7007]).command("/start tournament")
    await h.feed()
    assert "You can now join tournaments" in (h.fake.last_message(7007).text or "")
    for player in (7002, 7003, 7004):
        assert JOINED in await press(h, player, "✅ Join")
    assert "full" in await press(h, 7006, "✅ Join")
    assert "You are not in this tournament" in await press(h, 7007, "🚪 Leave")
    # Forged data: another group's tournament, garbage, a stranger's Start.
    h.fake.group(OTHER_GROUP, "Elsewhere")
    forged = TourneyCb(id=t.id, a="join").pack()
    update = h.fake.user(7008, "Sam").press(h.fake.last_message(GROUP), "tn:x:join")
    await h.feed()
    assert (h.fake.callback_answer(update) or {}).get("show_alert") is True
    h.fake.user(7008, "Sam").command("/help", chat=OTHER_GROUP)
    await h.feed()
    elsewhere = h.fake.messages(OTHER_GROUP)[-1]
    update = h.fake.user(7008, "Sam").press(elsewhere, forged)
    await h.feed()
    assert "another group's tournament" in str((h.fake.callback_answer(update) or {})["text"])
    assert "Only the tournament's creator" in await press(h, 7003, "▶ Start now")
    # The creator starts it: a knock-out of four; leaving mid-game loses the match.
    assert "The tournament begins!" in await press(h, 7001, "▶ Start now")
    lobby_message = next(m for m in h.fake.messages(GROUP) if m.find_button("✖ Call off"))
    update = h.fake.user(7008, "Sam").press(lobby_message, forged)  # a Join no longer shown
    await h.feed()
    assert "joining is closed" in str((h.fake.callback_answer(update) or {})["text"])
    [row, _] = await tournament_games(h, t.id)
    leaver = row.players[0]
    assert leaver is not None
    assert "a match you were playing is lost" in await press(h, leaver, "🚪 Leave")
    left = await games.load_game(h.app.db, row.id)
    assert left.status == "finished" and left.players[left.winner_seat or 0] != leaver
    assert "You are not in this tournament" in await press(h, leaver, "🚪 Leave")
    # Nothing inconsistent: one seat per player, the withdrawn player is out.
    entrants = {e.player_id: e for e in await stored.entrants(h.app.db, t.id)}
    assert entrants[leaver].state == "left" and not entrants[leaver].entered
    seated = await h.app.db.fetchall("SELECT player_id FROM active_seats")
    assert len(seated) == len({r[0] for r in seated})
    # Calling it off: the creator (or an admin) only; then the buttons are gone.
    assert "called off" in await press(h, 7001, "✖ Call off")
    assert (await stored.get_tournament(h.app.db, t.id)).status == "cancelled"  # type: ignore[union-attr]
    assert "The tournament was called off." in lobby(h)
