"""The reference sets and the error rates on them: the arithmetic on a tiny hand-made set
(hand-checked numbers), the committed sets' shape (every legal move of the roll scored,
best first, a level's choice among them), and both scripts run at tiny sizes."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from ai.levels import LEVELS
from benchmarks import error_rates, reference_set
from benchmarks.error_rates import error_rate, level_chooser, loss
from benchmarks.reference_set import read, reference_path
from engine.movegen import legal_moves
from engine.position import Position

TINY = [
    {"id": "a", "moves": [{"move": "8/5 6/5", "equity": 0.20}, {"move": "24/21 6/5",
                                                                  "equity": 0.15}]},
    {"id": "b", "moves": [{"move": "13/7", "equity": -0.10}, {"move": "24/18", "equity": -0.40}]},
    {"id": "c", "moves": [{"move": "6/off", "equity": 1.0}, {"move": "6/3 6/2", "equity": 0.9}]},
]


def test_the_arithmetic_on_a_tiny_set() -> None:
    """Chosen: the second move of a (0.05 lost), the first of b (0), the second of c (0.1):
    mean 0.05, ×1000 = 50; s.d. of (0.05, 0, 0.1) = 0.05, s.e. 0.05/√3 = 0.028868, ×1000
    = 28.9; the best move in one position of three."""
    chosen = {"a": "24/21 6/5", "b": "13/7", "c": "6/3 6/2"}
    found = error_rate(TINY, lambda record: chosen[record["id"]])
    assert found.positions == 3
    assert found.rate == pytest.approx(50.0)
    assert found.se == pytest.approx(50 / math.sqrt(3))
    assert round(found.se, 1) == 28.9
    assert found.best == pytest.approx(1 / 3)
    best = error_rate(TINY, lambda record: record["moves"][0]["move"])
    assert (best.rate, best.se, best.best) == (0.0, 0.0, 1.0)
    assert loss(TINY[1], "24/18") == pytest.approx(0.3)
    with pytest.raises(ValueError, match="not a legal move"):
        loss(TINY[0], "13/10")


@pytest.mark.parametrize("variant", ["short", "long"])
def test_the_committed_sets_score_every_legal_move(variant: str) -> None:
    records = read(reference_path(variant))
    assert len(records) >= 100
    assert len({r["id"] for r in records}) == len(records)
    assert len({r["from"]["game"] for r in records}) >= len(records) // 3  # varied play
    for record in records[::25]:
        position = Position.from_dict(record["position"])
        plays = legal_moves(position, tuple(record["dice"]), first_turn=record["first_turn"])
        moves = record["moves"]
        assert sorted(m["move"] for m in moves) == sorted(str(p.move) for p in plays)
        assert len(moves) > 1  # a decision with a choice
        assert [m["equity"] for m in moves] == sorted((m["equity"] for m in moves),
                                                      reverse=True)
        assert all(m["se"] >= 0 and m["by"] in ("rollout", "2-ply", "exact") for m in moves)
        # The level plays a legal move of the record, scored.
        assert loss(record, level_chooser("intermediate")(record)) >= 0


@pytest.mark.parametrize("variant", ["short", "long"])
def test_the_generator_and_the_benchmark_run(variant: str, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """Two positions scored, then a third appended by a second run (the first two kept);
    the benchmark prints every level's rate on them."""
    out = reference_path(variant, tmp_path)
    small = ["--trials", "36", "--truncation", "1", "--rolled", "2", "--out", str(out)]
    reference_set.main([variant, "--positions", "2", *small])
    first = read(out)
    reference_set.main([variant, "--positions", "3", *small])
    records = read(out)
    assert len(first) == 2 and records[:2] == first and len(records) == 3
    for record in records:
        rolled = [m for m in record["moves"] if m["by"] == "rollout"]
        assert record["judge"].startswith("exact") or 1 <= len(rolled) <= 2
    capsys.readouterr()
    error_rates.main(["--variant", variant, "--limit", "3"], folder=tmp_path)
    printed = capsys.readouterr().out
    assert f"{variant}: 3 positions" in printed
    assert all(f"  {level} " in printed for level in LEVELS[variant])
