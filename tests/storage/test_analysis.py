"""storage.analysis on both engines: one job per game, take-over after a stopped process,
figures and decisions stored at once, waiters, and a player's error rates."""

from __future__ import annotations

from datetime import timedelta

import pytest

from storage import analysis
from storage.analysis import DecisionRow, FigureRow, Waiter
from storage.db import Database
from storage.models import Timing
from testkit.storage_rows import ALICE, BOB, CAROL, T0, human_game

CLAIM = timedelta(seconds=30)
POST = Timing("d1", correspondence=True)


def figure(seat: int, player: int | None, decisions: int, loss: float) -> FigureRow:
    return FigureRow(seat, player, decisions, loss, 1, 2, 3, 0, 0, 1, 0)


def decision(idx: int, seat: int) -> DecisionRow:
    return DecisionRow(idx, idx + 1, seat, "checker", '{"variant": "short"}', "3-1", "8/5 8/7",
                       "8/5 6/5", -0.25, 0.17, 1, None)


async def test_one_job_per_game_and_a_take_over_when_its_claim_runs_out(
        db: Database, players: tuple[int, ...]) -> None:
    game = await human_game(db)
    assert await analysis.status(db, game.id, 1) is None
    assert await analysis.claim(db, game.id, 1, T0, T0 + CLAIM)
    assert await analysis.status(db, game.id, 1) == "running"
    assert not await analysis.claim(db, game.id, 1, T0, T0 + CLAIM)  # held
    assert await analysis.claim(db, game.id, 2, T0, T0 + CLAIM)  # another game of the match
    await analysis.renew(db, game.id, 1, T0 + 2 * CLAIM)
    later = T0 + CLAIM + timedelta(seconds=1)
    assert await analysis.abandoned(db, later) == [(game.id, 2)]
    assert not await analysis.claim(db, game.id, 1, later, later + CLAIM)
    assert await analysis.claim(db, game.id, 2, later, later + CLAIM)  # taken over
    assert await analysis.abandoned(db, later) == []


async def test_save_stores_figures_and_decisions_and_ends_the_job(
        db: Database, players: tuple[int, ...]) -> None:
    game = await human_game(db)
    assert await analysis.claim(db, game.id, 1, T0, T0 + CLAIM)
    figures = [figure(0, ALICE, 20, 0.5), figure(1, BOB, 10, 1.0)]
    decisions = [decision(0, 0), decision(1, 1), decision(2, 0)]
    await analysis.save(db, game.id, 1, engine="bgsage-2ply", figures=figures,
                        decisions=decisions, now=T0)
    assert await analysis.status(db, game.id, 1) == "done"
    assert await analysis.engine_of(db, game.id, 1) == "bgsage-2ply"
    assert await analysis.figures(db, game.id, 1) == figures
    assert await analysis.decisions(db, game.id, 1) == decisions
    assert [d.idx for d in await analysis.decisions(db, game.id, 1, seat=0)] == [0, 2]
    assert not await analysis.claim(db, game.id, 1, T0 + CLAIM * 9, T0 + CLAIM * 10)  # done
    assert await analysis.abandoned(db, T0 + CLAIM * 9) == []


async def test_waiters(db: Database, players: tuple[int, ...]) -> None:
    game = await human_game(db)
    assert await analysis.claim(db, game.id, 1, T0, T0 + CLAIM)
    ali = Waiter(game.id, 1, ALICE, ALICE, 50)
    assert await analysis.add_waiter(db, ali, T0)
    assert not await analysis.add_waiter(db, Waiter(game.id, 1, ALICE, ALICE, 51), T0)
    bob = Waiter(game.id, 1, BOB, BOB, 52)
    assert await analysis.add_waiter(db, bob, T0 + timedelta(seconds=1))
    assert await analysis.waiting(db, game.id, 1) == [ali, bob]
    assert await analysis.waiting(db, game.id, 1, player_id=BOB, chat_id=BOB) == [bob]
    assert await analysis.stranded(db) == []  # the job still runs
    await analysis.save(db, game.id, 1, engine="network-2ply", figures=[], decisions=[],
                        now=T0)
    assert await analysis.stranded(db) == [ali, bob]  # done, but nobody told them yet
    assert await analysis.remove_waiter(db, ali)
    assert not await analysis.remove_waiter(db, ali)  # only one remover answers
    assert await analysis.waiting(db, game.id, 1) == [bob]
    assert await analysis.claim(db, game.id, 2, T0, T0 + CLAIM)
    await analysis.add_waiter(db, Waiter(game.id, 2, ALICE, ALICE, 60), T0)
    await analysis.forget(db, game.id, 2)  # a failed job: a new press starts afresh
    assert await analysis.waiting(db, game.id, 2) == []
    assert await analysis.status(db, game.id, 2) is None
    await analysis.forget(db, game.id, 1)  # a finished analysis is kept
    assert await analysis.status(db, game.id, 1) == "done"


async def test_a_players_error_rates_and_their_average(
        db: Database, players: tuple[int, ...]) -> None:
    assert await analysis.average_error_rate(db, ALICE) == (0.0, 0)
    first = await human_game(db)
    for number, (mine, at) in enumerate(((0.4, T0), (0.1, T0 + CLAIM)), 1):
        assert await analysis.claim(db, first.id, number, at, at + CLAIM)
        await analysis.save(db, first.id, number, engine="network-2ply",
                            figures=[figure(0, ALICE, 20, mine), figure(1, None, 0, 0.0)],
                            decisions=[], now=at)
    rates = await analysis.error_rates(db, ALICE)
    assert [(p.game_number, p.error_rate) for p in rates] == [(1, pytest.approx(20.0)),
                                                              (2, pytest.approx(5.0))]
    assert rates[0].finished_at == T0
    rate, games = await analysis.average_error_rate(db, ALICE)
    assert (rate, games) == (pytest.approx(12.5), 2)
    assert await analysis.average_error_rate(db, BOB) == (0.0, 0)


async def test_pr_and_luck_summed_over_a_matchs_analysed_games(
        db: Database, players: tuple[int, ...]) -> None:
    """Two analysed games of one match, then a later match: the figures add up per match
    and seat (PR from the sums: 500 x 0.5 / 30 = 8.33 for Alice), newest match last."""
    assert await analysis.player_matches(db, ALICE) == []
    match = await human_game(db, timing=POST)  # correspondence: takes no seat
    games = [((FigureRow(0, ALICE, 20, 0.2, 0, 0, 0, 0, 0, 0, 0, 0.5, 30, 1.0),
               FigureRow(1, BOB, 22, 0.4, 0, 0, 0, 0, 0, 0, 0, -0.5, 30, -1.0)), T0),
             ((FigureRow(0, ALICE, 10, 0.3, 0, 0, 0, 0, 0, 0, 0, -1.25, 25, -2.0),
               FigureRow(1, BOB, 9, 0.1, 0, 0, 0, 0, 0, 0, 0, 0.75, 24, 2.0)), T0 + CLAIM)]
    for number, (figures, at) in enumerate(games, 1):
        assert await analysis.claim(db, match.id, number, at, at + CLAIM)
        await analysis.save(db, match.id, number, engine="network-2ply",
                            figures=list(figures), decisions=[], now=at)
    assert await analysis.figures(db, match.id, 2) == list(games[1][0])
    both = await analysis.match_figures(db, match.id)
    alice, bob = both[0], both[1]
    assert (alice.games, alice.decisions, alice.luck_rolls) == (2, 30, 55)
    assert (alice.total_loss, alice.luck, alice.opponent_luck, alice.result) == (
        pytest.approx(0.5), pytest.approx(-0.75), pytest.approx(0.25), pytest.approx(-1.0))
    assert (bob.decisions, bob.luck, bob.opponent_luck, bob.result) == (
        31, pytest.approx(0.25), pytest.approx(-0.75), pytest.approx(1.0))
    assert alice.finished_at == T0 + CLAIM
    later = await human_game(db, players=(CAROL, ALICE), timing=POST)
    assert await analysis.claim(db, later.id, 1, T0 + 3 * CLAIM, T0 + 4 * CLAIM)
    await analysis.save(db, later.id, 1, engine="network-2ply", now=T0 + 3 * CLAIM,
                        figures=[figure(0, CAROL, 5, 0.0), figure(1, ALICE, 12, 0.06)],
                        decisions=[])
    mine = await analysis.player_matches(db, ALICE)
    assert [(m.game_id, m.decisions) for m in mine] == [(match.id, 30), (later.id, 12)]
    assert [m.game_id for m in await analysis.player_matches(db, ALICE, limit=1)] == [later.id]
    assert await analysis.match_figures(db, 999_999) == {}
