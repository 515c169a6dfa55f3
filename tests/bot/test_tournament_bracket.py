"""The knock-out bracket the group sees is the stored bracket, at every moment of a
tournament: after every game's end, the group's picture is compared with a bracket the test
works out from the stored rows by itself (testkit/brackets.py), never through the
door's `bracket_of`. Eight players (matches to 3 points, a timeout and a withdrawal) and
sixteen (byes, a withdrawal while waiting) through the real Dispatcher on both storage
engines; sixty-four through the core (the picture's value and the rounds it shows)."""

from __future__ import annotations

import os
from datetime import timedelta

import pytest

from render.bracket import Bracket, BracketMatch, render_bracket
from storage import games
from storage import tournaments as stored
from storage.models import Game as Row
from testkit.brackets import check_bracket
from testkit.driver import resign
from testkit.harness import Harness
from testkit.tournament_core import open_world, playing
from testkit.tournament_core import resign as resign_in_core
from testkit.tournament_play import (
    GROUP,
    NAMES,
    PLAYERS,
    full_tournament,
    press,
    tick,
    tournament_games,
)

# Where the pictures are written to be looked at (NARD_BRACKET_PICTURES=/tmp).
PICTURES = os.environ.get("NARD_BRACKET_PICTURES")


async def shown(h: Harness, tournament_id: int) -> Bracket:
    """The group's picture, once its redraws are sent, is the stored bracket."""
    await h.app.coalescer.drain()
    tournament = await stored.get_tournament(h.app.db, tournament_id)
    message = (await stored.messages(h.app.db, tournament_id))["picture"]
    assert tournament is not None and message.message_id
    assert message.shown_version == tournament.version, "the picture is behind"
    photo = h.fake.message(GROUP, message.message_id).photo
    assert photo is not None
    return await check_bracket(h.app.db, tournament_id, photo)


async def play_out(h: Harness, tournament_id: int, row: Row, moments: list[Bracket],
                   loser: int | None = None) -> None:
    """`loser` (the higher id unless told) resigns the match's games one by one; the
    bracket is checked after each."""
    if loser is None:
        loser = max(p for p in row.players if p is not None)
    for _ in range(row.match_length + 1):
        if (await games.load_game(h.app.db, row.id)).status != "active":
            return
        await resign(h, loser)
        moments.append(await shown(h, tournament_id))
    raise AssertionError(f"game {row.id} did not end")


def match_of(bracket: Bracket, name: str, round_: int) -> BracketMatch:
    return next(m for m in bracket.rounds[round_ - 1] if name in m.names)


def save(name: str, bracket: Bracket) -> None:
    if PICTURES:
        with open(os.path.join(PICTURES, name), "wb") as out:
            out.write(render_bracket(bracket))


async def test_eight_players_see_the_stored_bracket_after_every_game(
        group_harness: Harness) -> None:
    h = group_harness
    t = await full_tournament(h, PLAYERS, 7001, "🏆 Knock-out", "Short nard", "To 3 points",
                              "Without the cube", "8", "When full")
    moments = [await shown(h, t.id)]
    first = await tournament_games(h, t.id)
    assert len(first) == 4
    # Round 1: the first match's players never move; the others are played game by game,
    # the higher id resigning. Semi-final 1 then has one place known and one empty.
    absent = first[0]
    h.clock.advance(100)
    for row in first[1:]:
        await play_out(h, t.id, row, moments)
    waiting = moments[-1].rounds[1][0]
    assert waiting.names[0] is None and waiting.names[1] is not None
    assert waiting.winner is None, "an empty place is not the winner of a match not played"
    # The absent match: time runs out, the whole match is lost, without finishing it.
    assert absent.deadline is not None
    h.clock.now = max(h.clock.now, absent.deadline + timedelta(seconds=1))
    await tick(h)
    moments.append(await shown(h, t.id))
    timed_out = next(p for p in await stored.pairings(h.app.db, t.id)
                     if p.game_id == absent.id)
    assert timed_out.outcome == "forfeit" and timed_out.winner_id is not None
    drawn = moments[-1].rounds[0][0]
    assert drawn.forfeit and drawn.score is None
    assert drawn.winner == timed_out.players.index(timed_out.winner_id)
    # Semi-finals: in the first, the higher id wins a game, then withdraws.
    semis = await tournament_games(h, t.id)
    assert len(semis) == 2
    leaver = max(p for p in semis[0].players if p is not None)
    stays = min(p for p in semis[0].players if p is not None)
    await resign(h, stays)
    moments.append(await shown(h, t.id))
    save("bracket-8-semis.png", moments[-1])
    assert "a match you were playing is lost" in await press(h, leaver, "🚪 Leave")
    moments.append(await shown(h, t.id))
    withdrawn = next(p for p in await stored.pairings(h.app.db, t.id)
                     if p.game_id == semis[0].id)
    assert withdrawn.outcome == "forfeit" and withdrawn.winner_id == stays
    drawn = match_of(moments[-1], NAMES[leaver], 2)
    assert drawn.forfeit and drawn.score is None  # ✓ and ✗, not the 0–1 it stood at
    assert drawn.names[drawn.winner or 0] == NAMES[stays]
    await play_out(h, t.id, semis[1], moments)
    save("bracket-8-final-begins.png", moments[-1])
    [final] = await tournament_games(h, t.id)
    await play_out(h, t.id, final, moments)
    done = await stored.get_tournament(h.app.db, t.id)
    assert done is not None and done.status == "finished"
    assert moments[-1].champion == NAMES[done.winner_id or 0]
    save("bracket-8-over.png", moments[-1])
    assert len(moments) >= 12 and len(set(moments)) >= 8


@pytest.mark.slow
async def test_sixteen_places_with_byes_and_a_withdrawal(group_harness: Harness) -> None:
    h = group_harness
    players = [*PLAYERS, *range(7009, 7012)]  # eleven in a bracket of sixteen: five byes
    t = await full_tournament(h, players, 7001, "🏆 Knock-out", "Long nard", "1 game", "16",
                              "In 10 min")
    assert "The tournament begins!" in await press(h, 7001, "▶ Start now")
    moments = [await shown(h, t.id)]
    byes = [m for m in moments[0].rounds[0] if m.bye]
    assert len(byes) == 5 and all(m.winner is not None for m in byes)
    # Seed 2 (equal ratings: the order of joining) withdraws while waiting for round 2:
    # the pairing is lost when its other place is known.
    assert "You have left the tournament" in await press(h, 7002, "🚪 Leave")
    moments.append(await shown(h, t.id))
    for _ in range(16):
        tournament = await stored.get_tournament(h.app.db, t.id)
        assert tournament is not None
        if tournament.status != "running":
            break
        rows = await tournament_games(h, t.id)
        assert rows, "nothing is played while the tournament runs"
        for row in rows:
            await play_out(h, t.id, row, moments)
    every = await stored.pairings(h.app.db, t.id)
    assert [p.outcome for p in every].count("bye") == 5
    lost = next(p for p in every if 7002 in p.players and p.round == 2)
    assert lost.outcome == "forfeit" and lost.winner_id != 7002 and lost.game_id is None
    assert match_of(moments[-1], NAMES[7002], 2).forfeit
    assert moments[-1].champion is not None and len(moments) >= 11


async def test_sixty_four_players_through_the_core(database_url: str) -> None:
    """The door's bracket value and the rounds it draws, after every game of a full field of
    64: one player withdraws, one runs out of time."""
    async with open_world(database_url, players=64) as w:
        t = await w.core.create(GROUP, 1, variant="short", format="knockout", length=1,
                                cube=False, capacity=64, start_in=None, minutes=None)
        for player in range(1, 65):
            await w.core.join(t.id, player)
        moments = [await check_bracket(w.db, t.id)]
        assert len(moments[0].rounds) == 6
        save("bracket-64-start.png", moments[0])
        await w.core.leave(t.id, 40)  # mid-game in round 1
        moments.append(await check_bracket(w.db, t.id))
        timed_out = False
        for _ in range(64):
            going = await playing(w, t.id)
            if not going:
                break
            for pairing in going:
                assert pairing.game_id is not None
                row = await games.load_game(w.db, pairing.game_id)
                if row.status != "active":
                    continue
                if not timed_out and pairing.round == 2:
                    w.clock.advance(61)  # the player to move in this game runs out of time
                    await w.service.expire(pairing.game_id)
                    timed_out = True
                else:
                    await resign_in_core(w, pairing.game_id,
                                         max(p for p in pairing.players if p is not None))
                moments.append(await check_bracket(w.db, t.id))
                if len(moments) == 40:
                    save("bracket-64-round-2.png", moments[-1])
        done = await stored.get_tournament(w.db, t.id)
        assert done is not None and done.status == "finished" and timed_out
        every = await stored.pairings(w.db, t.id)
        assert [p.outcome for p in every].count("forfeit") == 2
        assert len(moments) == 2 + 62 and moments[-1].champion is not None
        save("bracket-64-over.png", moments[-1])
