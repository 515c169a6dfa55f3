"""The end of a knock-out as the group and the players see it: the result names the winner,
the runner-up and the final's score under the final bracket; the lobby names the winner;
every player hears their own placing privately, once, and a player the bot can no longer
write to is skipped quietly. Through the real Dispatcher on both storage engines."""

from __future__ import annotations

import re
from datetime import timedelta

from core.live import Live
from render.bracket import render_bracket
from storage import games
from storage import tournaments as stored
from testkit.brackets import expected_bracket
from testkit.harness import Harness
from testkit.pixels import same_picture
from testkit.tournament_play import (
    GROUP,
    NAMES,
    PLAYERS,
    full_tournament,
    lobby,
    lose,
    tick,
    tournament_games,
)


def placings_told(h: Harness, player: int) -> list[str]:
    return [m.text or "" for m in h.fake.messages(player)
            if re.search(r"You won the tournament|Your place:", m.text or "")]


async def test_the_end_names_winner_runner_up_and_final_and_tells_each_placing(
        group_harness: Harness) -> None:
    h = group_harness
    four = PLAYERS[:4]
    t = await full_tournament(h, four, 7001, "🏆 Knock-out", "Short nard", "To 3 points",
                              "Without the cube", "4", "When full")
    semis = await tournament_games(h, t.id)
    losers = []
    for row in semis:  # the higher id loses each semi-final
        loser = max(p for p in row.players if p is not None)
        losers.append(loser)
        await lose(h, row, loser)
    gone = losers[0]
    h.fake.block(gone)  # a semi-finalist blocks the bot: their placing cannot reach them
    [final] = await tournament_games(h, t.id)
    runner_up = max(p for p in final.players if p is not None)
    await lose(h, final, runner_up)
    await tick(h)
    await tick(h)  # a second beat sends nothing twice
    done = await stored.get_tournament(h.app.db, t.id)
    assert done is not None and done.status == "finished"
    winner = done.winner_id
    assert winner is not None and winner != runner_up
    # The group: the result under the final bracket, once; the lobby names the winner.
    results = [m for m in h.fake.messages(GROUP)
               if "wins the tournament" in (m.caption or m.text or "")]
    assert len(results) == 1, h.fake.transcript(GROUP)
    caption = results[0].caption or ""
    pairing = max(await stored.pairings(h.app.db, t.id), key=lambda p: p.round)
    seat = pairing.players.index(winner)
    won, lost = pairing.score[seat], pairing.score[1 - seat]
    assert caption.splitlines() == [
        f"🏆 {NAMES[winner]} wins the tournament! Congratulations!",
        f"🥈 Runner-up: {NAMES[runner_up]}",
        f"The final: {NAMES[winner]} beat {NAMES[runner_up]} {won}–{lost}"], caption
    assert same_picture(results[0].photo, render_bracket(await expected_bracket(h.app.db, t.id)))
    assert f"The tournament is over: 🏆 {NAMES[winner]} won." in lobby(h)
    # Each player: their own placing, once; the blocked one nothing, and no error.
    assert placings_told(h, winner) == ["🏆 You won the tournament! First of 4. "
                                        "Congratulations!"]
    assert placings_told(h, runner_up) == [
        f"🏆 The tournament is over. Your place: 2 of 4. {NAMES[winner]} won it."]
    assert placings_told(h, losers[1]) == [
        f"🏆 The tournament is over. Your place: 3–4 of 4. {NAMES[winner]} won it."]
    assert placings_told(h, gone) == []
    news = {n.topic: n.message_id for n in await stored.news(h.app.db, t.id)}
    assert news[f"place-{gone}"] == -1  # refused: not tried again
    assert all(news[f"place-{p}"] > 0 for p in four if p != gone)


async def test_a_one_game_match_lost_on_time_says_the_whole_match_is_lost(
        group_harness: Harness) -> None:
    """docs/playing.md: running out of time loses the whole match and the result message
    says so; in a match of one game too (docs/rules.md: the match ends with it)."""
    h = group_harness
    four = PLAYERS[:4]
    t = await full_tournament(h, four, 7001, "🏆 Knock-out", "Short nard", "1 game",
                              "Without the cube", "4", "When full")
    row = (await tournament_games(h, t.id))[0]
    mover = row.players[Live.load(row.state_json).game.to_act]
    assert mover is not None and row.deadline is not None
    h.clock.now = max(h.clock.now, row.deadline + timedelta(seconds=1))
    await tick(h)
    assert (await games.load_game(h.app.db, row.id)).status == "finished"
    line = "In a tournament, leaving or running out of time loses the whole match."
    for player in row.players:
        assert player is not None
        assert any(line in (m.text or "") for m in h.fake.messages(player)), \
            h.fake.transcript(player)
    pairing = next(p for p in await stored.pairings(h.app.db, t.id) if p.game_id == row.id)
    assert pairing.outcome == "forfeit" and pairing.winner_id != mover
