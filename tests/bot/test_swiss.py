"""A 6-player Swiss played to the end in a group through the real Dispatcher and the fake
Bot API, on both storage engines: /tournament's menu, Join, four rounds (everyone plays
each, nobody twice against one opponent), the boards' round, no Play again while it runs,
the round news, the standings picture after every round checked against standings worked
out here from the pairings table, the result and each player's placing."""

from __future__ import annotations

from render.standings import render_standings
from storage import tournaments as stored
from testkit.harness import Harness
from testkit.pixels import same_picture
from testkit.swiss import expected_standings, stored_rows
from testkit.tournament_play import (
    GROUP,
    JOINED,
    NAMES,
    PLAYERS,
    lose,
    meet,
    open_tournament,
    pictures,
    press,
    tick,
    tournament_games,
)

SIX = PLAYERS[:6]
PLAY_AGAIN = "🔁 Play again"


async def test_a_six_player_swiss_to_the_end(group_harness: Harness) -> None:
    h = group_harness
    await meet(h, SIX)
    t = await open_tournament(h, 7001, "♟ Swiss", "Short nard", "1 game", "Without the cube",
                              "8", "When full")
    assert "♟ Swiss tournament: Short nard" in (h.fake.messages(GROUP)[-1].text or "")
    for player in SIX:
        assert JOINED in await press(h, player, "✅ Join")
    assert "The tournament begins!" in await press(h, 7001, "▶ Start now")
    await tick(h)
    seeds = {e.player_id: e.seed or 0 for e in await stored.entrants(h.app.db, t.id)}
    met: set[frozenset[int]] = set()
    for number in range(1, 5):
        current = await tournament_games(h, t.id)
        assert len(current) == 3, await stored.pairings(h.app.db, t.id)
        assert sorted(p for row in current for p in row.players if p) == sorted(SIX)
        meetings = {frozenset(p for p in row.players if p) for row in current}
        assert not meetings & met, "nobody meets an opponent twice in four rounds of six"
        met |= meetings
        for row in current:
            for player in row.players:
                assert player is not None
                assert any(f"Swiss, round {number} of 4" in (m.text or "")
                           for m in h.fake.messages(player))
                assert f"♟ Swiss · round {number} of 4" in (h.board(player).caption or "")
        # The picture shows the round being played, as the pairings table has it.
        playing = {p for row in current for p in row.players if p}
        want = expected_standings(await stored_rows(h.app.db, t.id), NAMES, seeds, set(), playing,
                                  (number, 4))
        assert same_picture(pictures(h)[-1], render_standings(want)), f"round {number}"
        caption = next(m.caption for m in reversed(h.fake.messages(GROUP)) if m.photo)
        assert caption == f"♟ Short nard: round {number} of 4"
        for row in current:  # the player seeded lower gives up
            loser = max((p for p in row.players if p), key=lambda p: seeds[p])
            await lose(h, row, loser)
            if number < 4:  # a finished board offers no Play again while it runs
                assert PLAY_AGAIN not in [text for text, _ in h.board(loser).buttons]
        await tick(h)
    done = await stored.get_tournament(h.app.db, t.id)
    assert done is not None and done.status == "finished"
    final = expected_standings(await stored_rows(h.app.db, t.id), NAMES, seeds, set(), set(), None)
    assert same_picture(pictures(h)[-1], render_standings(final))
    assert done.winner_id is not None and NAMES[done.winner_id] == final.rows[0].name
    texts = [m.caption or m.text or "" for m in h.fake.messages(GROUP)]
    [result] = [text for text in texts if "wins the tournament" in text]
    assert "The Swiss is over" in result and "(Buchholz" in result
    assert "🏁 Round 4 of 4 is over:" in result  # the last round's results with it
    assert result.startswith(f"🏆 {final.rows[0].name} wins the tournament!")
    # The round news, in order: round 1, then each round over with its leaders and the
    # next round's pairings.
    news = [text for text in texts if text.startswith(("🏆 Round", "🏁 Round"))]
    assert [text.splitlines()[0] for text in news] == [
        "🏆 Round 1 of 4:", "🏁 Round 1 of 4 is over:", "🏁 Round 2 of 4 is over:",
        "🏁 Round 3 of 4 is over:"]
    assert all("Leading: " in text for text in news[1:])
    assert texts.index(news[-1]) < texts.index(result)
    for rank, row in enumerate(final.rows, start=1):
        player = next(p for p in SIX if NAMES[p] == row.name)
        private = [m.text or "" for m in h.fake.messages(player)]
        if rank == 1:
            assert any("You won the tournament! First of 6" in text for text in private)
        else:
            assert any(f"Your place: {rank} of 6" in text for text in private), private
    [lobby_text] = [text for text in texts if text.startswith("♟ Swiss tournament")]
    assert f"The tournament is over: 🏆 {final.rows[0].name} won." in lobby_text
