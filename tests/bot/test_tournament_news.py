"""A knock-out's news as new messages in the group, within the group's pace and in order:
round 1 begins (who plays whom), each round's end with the next round's pairings, the
final, then the result; players who are through hear privately whom they will meet and
what they wait for. Each piece of news goes out once, however many beats work it out
again. An arena's start names its first games. Through the real Dispatcher on both
storage engines."""

from __future__ import annotations

from datetime import timedelta

from bot.views.tournaments import clock_time
from i18n.zones import zone_of
from storage import games
from storage import tournaments as stored
from testkit.harness import Harness
from testkit.tournament_play import (
    GROUP,
    JOINED,
    NAMES,
    PACE_WINDOW,
    PLAYERS,
    SENDS,
    full_tournament,
    lose,
    meet,
    open_tournament,
    press,
    tick,
    tournament_games,
)

WATCH = "👁 Watch the games live with the buttons below."  # (the links under it)
HEADINGS = ("🏆 Round", "🏁 Round", "🏆 The final", "⏱ The arena has begun")


def news(h: Harness) -> list[str]:
    """The group's news messages (not the lobby, the picture or the result), in order."""
    return [m.text or "" for m in h.fake.messages(GROUP)
            if (m.text or "").startswith(HEADINGS)]


def result_index(h: Harness) -> int:
    texts = [m.caption or m.text or "" for m in h.fake.messages(GROUP)]
    return next(i for i, text in enumerate(texts) if "wins the tournament" in text)


def news_index(h: Harness, heading: str) -> int:
    texts = [m.text or "" for m in h.fake.messages(GROUP)]
    return next(i for i, text in enumerate(texts) if text.startswith(heading))


def private(h: Harness, player: int, start: str) -> list[str]:
    return [m.text or "" for m in h.fake.messages(player) if (m.text or "").startswith(start)]


async def test_a_knockout_tells_the_group_each_round_and_the_waiting_players(
        group_harness: Harness) -> None:
    h = group_harness
    t = await full_tournament(h, PLAYERS, 7001, "🏆 Knock-out", "Short nard", "1 game",
                              "Without the cube", "8", "When full")
    await tick(h)
    first = await tournament_games(h, t.id)
    assert len(first) == 4
    [start] = news(h)
    lines = start.splitlines()
    assert lines[0] == "🏆 Round 1 of 3:"
    expected = set()
    for row in first:
        a, b = (NAMES[p] for p in row.players if p is not None)
        expected.add(f"{a} – {b}")
    assert set(lines[1:-2]) == expected, start
    assert lines[-2:] == ["", WATCH]  # the watch links under it
    # The first match ends: its winner is through and told whom they wait for.
    row = first[0]
    winner = min(p for p in row.players if p is not None)
    await lose(h, row, max(p for p in row.players if p is not None))
    await tick(h)
    [waiting] = private(h, winner, "🏆 You are through")
    assert waiting.startswith("🏆 You are through to round 2 of 3!")
    coming = await _opponents_feeder(h, t.id, winner)
    feeder = next(r for r in first[1:] if coming & set(r.players))
    a, b = (NAMES[p] for p in feeder.players if p is not None)
    assert f"Your opponent: the winner of {a} – {b}." in waiting, waiting
    assert "That match is being played now" in waiting
    assert len(news(h)) == 1, "no group news until the round is over"
    # The rest of round 1: its end and round 2's pairings in one message.
    for row in first[1:]:
        await lose(h, row, max(p for p in row.players if p is not None))
    await tick(h)
    assert len(news(h)) == 2, h.fake.transcript(GROUP)
    over = news(h)[1].splitlines()
    assert over[0] == "🏁 Round 1 of 3 is over:"
    results = over[1:5]
    assert all(" beat " in line and line[-3:] in ("1–0", "2–0", "3–0") for line in results), over
    assert over[5] == "" and over[6] == "🏆 Round 2 of 3:" and len(over) == 11
    assert over[-1] == WATCH
    # The waiting winner's message is not repeated now their opponent is known.
    assert len(private(h, winner, "🏆 You are through")) == 1
    # Round 2, then the final announced before it is played, then the result.
    for row in await tournament_games(h, t.id):
        await lose(h, row, max(p for p in row.players if p is not None))
    await tick(h)
    final_news = news(h)[2].splitlines()
    assert final_news[0] == "🏁 Round 2 of 3 is over:"
    [final] = await tournament_games(h, t.id)
    a, b = (NAMES[p] for p in final.players if p is not None)
    assert final_news[-3] == f"🏆 The final: {a} – {b}!"
    assert final_news[-1] == WATCH
    await lose(h, final, max(p for p in final.players if p is not None))
    for _ in range(3):  # more beats post nothing again
        h.clock.advance(30)
        await tick(h)
    assert len(news(h)) == 3
    assert news_index(h, "🏁 Round 2 of 3") < result_index(h)
    assert h.fake.requests_per_window(GROUP, PACE_WINDOW, SENDS) <= 20
    told = await stored.news(h.app.db, t.id)
    assert [n.topic for n in told if n.chat_id == GROUP] == ["start", "round-2", "round-3"]
    assert all(n.message_id != 0 for n in told)


async def _opponents_feeder(h: Harness, tournament_id: int, player: int) -> set[int]:
    """The players of the first-round match whose winner `player` meets in round 2."""
    pairings = await stored.pairings(h.app.db, tournament_id)
    mine = next(p for p in pairings if p.round == 2 and player in p.players)
    empty = 1 if mine.players[0] == player else 0
    feeder = next(p for p in pairings
                  if p.round == 1 and p.slot == 2 * mine.slot - 1 + empty)
    return {p for p in feeder.players if p is not None}


async def test_byes_wait_for_their_opponent_from_the_start(group_harness: Harness) -> None:
    """Five players: seeds 1, 2 and 3 have byes; 2 and 3 meet at once, 1 waits for the
    winner of 4 – 5 and is told so; the round-1 news names the byes."""
    h = group_harness
    five = PLAYERS[:5]
    await meet(h, five)
    await open_tournament(h, 7001, "🏆 Knock-out", "Short nard", "1 game",
                          "Without the cube", "8", "In 10 min")
    for player in five:
        assert JOINED in await press(h, player, "✅ Join")
    h.clock.advance(timedelta(minutes=10).total_seconds() + 1)
    await tick(h)
    await tick(h)
    t = await stored.get_tournament(h.app.db, await _latest(h))
    assert t is not None and t.status == "running"
    seeds = {e.seed: e.player_id for e in await stored.entrants(h.app.db, t.id)}
    [start] = news(h)
    assert f"{NAMES[seeds[1]]}: a bye, straight to the next round" in start
    assert f"{NAMES[seeds[4]]} – {NAMES[seeds[5]]}" in start
    [waiting] = private(h, seeds[1], "🏆 You are through")
    assert (f"Your opponent: the winner of {NAMES[seeds[4]]} – {NAMES[seeds[5]]}."
            in waiting)
    assert private(h, seeds[2], "🏆 You are through") == []  # they play at once


async def _latest(h: Harness) -> int:
    return int(await h.app.db.fetchval("SELECT MAX(id) FROM tournaments"))


async def test_an_arena_names_its_first_games(group_harness: Harness) -> None:
    h = group_harness
    four = PLAYERS[:4]
    t = await full_tournament(h, four, 7001, "⏱ Arena", "Short nard", "1 game",
                              "Without the cube", "10 min", "4", "When full")
    await tick(h)
    [start] = news(h)
    lines = start.splitlines()
    assert lines[0].startswith("⏱ The arena has begun: 4 players, until ")
    games = await tournament_games(h, t.id)
    assert {f"{NAMES[r.players[0]]} – {NAMES[r.players[1]]}"  # type: ignore[index]
            for r in games} == set(lines[1:-2])
    assert lines[-1] == WATCH


async def test_a_match_waiting_for_a_busy_player_tells_both_until_when(
        group_harness: Harness) -> None:
    """The final is due while a finalist plays a game elsewhere: the busy one hears to
    finish it by the no-show deadline, the other that the match begins when they are free
    (or they go through)."""
    h = group_harness
    four = PLAYERS[:4]
    t = await full_tournament(h, four, 7001, "🏆 Knock-out", "Short nard", "1 game",
                              "Without the cube", "4", "When full")
    first, second = await tournament_games(h, t.id)
    busy = min(p for p in first.players if p is not None)
    await lose(h, first, max(p for p in first.players if p is not None))
    user = h.fake.user(busy, NAMES[busy])  # waiting, the finalist starts a computer game
    user.command("/new")
    await h.feed()
    for label in ("Short nard", "🤖 Computer", "Beginner", "1 game", "Without the cube"):
        user.press_button(busy, label)
        await h.feed()
    assert await games.active_games(h.app.db, busy)
    free = min(p for p in second.players if p is not None)
    await lose(h, second, max(p for p in second.players if p is not None))
    await tick(h)
    await tick(h)
    final = max(await stored.pairings(h.app.db, t.id), key=lambda p: p.round)
    assert final.status == "waiting" and final.due_at is not None
    time = clock_time(final.due_at, zone_of("en"))  # the players read English
    assert private(h, busy, "🏆 Your round 2 match") == [
        f"🏆 Your round 2 match against {NAMES[free]} is waiting for you: finish the game "
        f"you are playing by {time}, or you lose the match."]
    assert private(h, free, "🏆 Your round 2 match") == [
        f"🏆 Your round 2 match against {NAMES[busy]} begins as soon as they finish another "
        f"game. If they are not free by {time}, you go through."]
