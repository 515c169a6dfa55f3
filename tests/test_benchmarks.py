"""The one percentile every benchmark prints (benchmarks/figures.py), and the benchmarks that
run in this process, at tiny sizes, so that they cannot rot unseen (the matchmaking one had:
a storage call's new argument). The fan-out one serves from this process and reads its live
pages from a child process of its own; the waiting-games one starts its own PostgreSQL
server."""

from __future__ import annotations

import math

import pytest

from benchmarks import (
    fanout,
    group_ephemeral,
    matchmaking,
    swiss_pairing,
    tournament_arena,
    waiting_games,
)
from benchmarks.figures import percentile


def test_percentiles_lie_between_the_nearest_values() -> None:
    hundred_and_one = [float(v) for v in range(100, -1, -1)]  # any order
    assert percentile(hundred_and_one, 0.5) == 50.0
    assert percentile(hundred_and_one, 0.95) == 95.0
    assert percentile(hundred_and_one, 0.99) == 99.0
    # Few values: never below the median (a p99 of two values is near the larger one).
    assert percentile([1.0, 2.0], 0.5) == 1.5
    assert percentile([1.0, 2.0], 0.99) == pytest.approx(1.99)
    assert percentile([7.0], 0.99) == 7.0
    assert math.isnan(percentile([], 0.95))


def test_a_percentile_is_asked_in_whole_hundredths() -> None:
    with pytest.raises(ValueError):
        percentile([1.0, 2.0], 0.995)
    with pytest.raises(ValueError):
        percentile([1.0, 2.0], 1.0)


def test_the_swiss_pairing_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    swiss_pairing.main(tournaments=3, sizes=(6, 9))
    out = capsys.readouterr().out
    assert "  6 players, 4 rounds: most search steps" in out and "/3" in out


async def test_the_matchmaking_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    await matchmaking.main(waiting=30, newcomers=5, seed=1)
    out = capsys.readouterr().out
    assert "waiting requests: 30, newcomers: 5" in out and "p99" in out


async def test_the_arena_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    await tournament_arena.main(8, 3, 1, None)
    out = capsys.readouterr().out
    assert "arena: 8 players, 3 simulated minutes" in out and "group messages:" in out


async def test_the_group_ephemeral_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    off, on = await group_ephemeral.main(4, 1, "short")
    out = capsys.readouterr().out
    assert "group edits a turn:" in out and off["turns"] == on["turns"] == 4
    assert on["group edits"] < off["group edits"]  # calls counted, not a timing


@pytest.mark.slow
async def test_the_fanout_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    cases = await fanout.main([0, 3], 3, ["mixed", "one"], warm_up=False, isolate=False)
    out = capsys.readouterr().out
    assert [(case.sockets, case.changes) for case in cases] == [(0, 3), (3, 3), (3, 3)]
    assert "extra CPU per change per socket" in out
    # Not a timing: every page got every version the watchers were sent.
    assert out.count("every socket got every pushed version: yes (3 of 3)") == 2, out


@pytest.mark.slow
async def test_the_waiting_games_benchmark_runs(engine: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    figures = await waiting_games.main(small=True, verbose=True, engines=(engine,))
    out = capsys.readouterr().out
    assert [(f.engine, f.opens, f.finished) for f in figures] == [
        (engine, 100, 10_000), (engine, 1_000, 10_000)]
    assert all(set(f.rows) == set(waiting_games.NAMES) for f in figures)
    # Not a timing: the plans were printed, and no query read the games table through.
    assert "games_active_wake" in out and "SCAN OF games" not in out, out


def test_the_playthrough_answers_help_without_playing(capsys: pytest.CaptureFixture[str]) -> None:
    """`--help` prints the usage (it used to be taken for the output folder and run it all)."""
    from benchmarks.playthrough import parse_args

    with pytest.raises(SystemExit) as exit_:
        parse_args(["--help"])
    assert exit_.value.code == 0
    assert "r6-group-corr" in capsys.readouterr().out


def test_the_playthrough_refuses_an_unknown_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    """A misspelt scenario is an error, not a run that plays nothing."""
    from benchmarks.playthrough import parse_args

    with pytest.raises(SystemExit) as exit_:
        parse_args(["/tmp/out", "solo-en", "solo-fr"])
    assert exit_.value.code == 2
    assert "solo-fr" in capsys.readouterr().err
    args = parse_args(["/tmp/out", "solo-en", "group"])
    assert (str(args.out), args.scenarios) == ("/tmp/out", ["solo-en", "group"])
