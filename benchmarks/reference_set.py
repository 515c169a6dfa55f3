"""The reference sets (docs/ai.md, "Reference sets"): positions from varied seeded play, each
with one roll and every legal move scored by rollouts.

    nice -n 15 python -m benchmarks.reference_set short --positions 500
    nice -n 15 python -m benchmarks.reference_set long --positions 500

Games are played between pairs of levels (Beginner to Strong, `PAIRS`, the pair and the
dice seeded by the game's number); from each game up to `PER_GAME` checker decisions with
a choice (two or more legal moves) are taken at random (seeded), each with the roll the
game threw. Every legal move of that roll is scored, the mover's cubeless equity:

* short nard: Open Sage's rollouts (`bgsage`, cubeless, 1-ply decisions, truncated, its
  lookahead variance reduction, the first roll stratified; the same seed for every move
  of a position, so their differences share the dice);
* long nard: our network's truncated rollouts (`ai.rollout`: 1-ply decisions, the first
  roll stratified, common random numbers across the moves of a position);
* a bear-off race both sides have home and apart: exact (`ai.bearoff`), standard error 0;
  a move that ends the game: what it wins.

Each position is one JSON line of `ai/reference/<variant>.jsonl.gz` (gzip: the long set
is over a megabyte), the file written again as soon as a position is scored: a run cut
short keeps what it finished, and running again goes on from there.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ai
from ai import bearoff, review, rollout, sage
from ai.game import mover_won, win_points
from benchmarks.level_pr import play_levels
from engine.game import Game
from engine.movegen import Play, legal_moves
from engine.position import Position, Variant

REFERENCE_DIR = Path(__file__).resolve().parents[1] / "ai" / "reference"
PAIRS = (("beginner", "strong"), ("casual", "intermediate"), ("intermediate", "strong"),
         ("strong", "strong"), ("beginner", "intermediate"), ("casual", "strong"))
PER_GAME = 3  # decisions taken from one game at most
SEED = 41  # issue 41: the first game's dice seed
FILTER_PLY = 2  # the depth that picks the moves rolled out and scores the others


def reference_path(variant: str, folder: Path = REFERENCE_DIR) -> Path:
    """Where a variant's set is kept."""
    return folder / f"{variant}.jsonl.gz"


@dataclass(frozen=True)
class Source:
    game: int  # the game's number (its dice seed is SEED + game)
    levels: tuple[str, str]  # seat 0's, seat 1's
    decision: int  # the decision's index among the game's (ai.review.spots)


@dataclass(frozen=True)
class Case:
    """A position to score: the player on roll's view, the roll, where it came from."""

    position: Position
    dice: tuple[int, int]
    first_turn: bool
    source: Source

    @property
    def id(self) -> str:
        s = self.source
        return f"{self.position.variant.value}-{s.game:04d}-{s.decision:03d}"


def play_game(variant: str, number: int) -> tuple[Game, tuple[str, str]]:
    """Game `number`: the levels of `PAIRS` in turn (seats swapped every other round)."""
    pair = PAIRS[number % len(PAIRS)]
    if (number // len(PAIRS)) % 2:
        pair = (pair[1], pair[0])
    return play_levels(variant, pair, SEED + number), pair


def cases(variant: str) -> Iterator[Case]:
    """The positions, in a fixed order: game after game, each game's picks in its order."""
    number = 0
    while True:
        game, pair = play_game(variant, number)
        spots = [s for s in review.spots(variant, game.history)
                 if s.kind == "checker" and s.dice is not None
                 and len(legal_moves(s.position, s.dice, first_turn=s.first_turn)) > 1]
        picked = sorted(random.Random(number).sample(range(len(spots)),
                                                     min(PER_GAME, len(spots))))
        for index in picked:
            spot = spots[index]
            assert spot.dice is not None
            yield Case(spot.position, spot.dice, spot.first_turn,
                       Source(number, pair, spot.index))
        number += 1


class ShortJudge:
    """Open Sage's truncated rollouts of every move (one seed per position)."""

    def __init__(self, trials: int, truncation: int) -> None:
        import bgsage

        if not sage.available():
            raise SystemExit("bgsage (Open Sage) is needed for the short reference set")
        made = bgsage.create_analyzer("rollout", cubeful=False, n_trials=trials,
                                      truncation_depth=truncation, decision_ply=1,
                                      parallel_threads=1)
        self.rollout = made._analyzer  # (its rollout strategy rolls out one board)
        self.name = (f"Open Sage rollout: {trials} trials, truncated at {truncation} plies, "
                     "1-ply decisions, cubeless, variance-reduced")

    def score(self, case: Case, plays: list[Play], seed: int) -> list[tuple[float, float]]:
        before = sage.board(case.position)
        out = []
        for play in plays:
            if mover_won(play.after):
                out.append((float(win_points(play.after)), 0.0))
                continue
            self.rollout.set_seed(seed)
            got = self.rollout._rollout_strategy.evaluate_board(
                sage.board(play.after.swapped()), before, None)
            out.append((float(got["equity"]), float(got["std_error"])))
        return out


class LongJudge:
    """Our network's truncated rollouts of every move (`ai.rollout`)."""

    def __init__(self, trials: int, truncation: int) -> None:
        self.trials, self.truncation = trials, truncation
        self.name = (f"our network's rollout: {trials} trials, truncated at {truncation} "
                     "plies, 1-ply decisions, cubeless, first roll stratified, common dice")

    def score(self, case: Case, plays: list[Play], seed: int) -> list[tuple[float, float]]:
        dice = rollout.dice_of(seed, self.trials, self.truncation)
        found = (rollout.rollout(play.after, dice) for play in plays)
        return [(r.equity, r.se) for r in found]


def record(case: Case, judge: ShortJudge | LongJudge, rolled: int, seed: int
           ) -> dict[str, Any]:
    """One line of the set: the position, the roll and every legal move scored, best first:
    the `rolled` best at 2-ply by rollouts, the others at 2-ply (exact in a bear-off race)."""
    ranked = ai.rank_plays(case.position, case.dice, FILTER_PLY, first_turn=case.first_turn)
    exact = bearoff.is_exact(case.position)
    top = [] if exact else [play for play, _ in ranked[:rolled]]
    scored = judge.score(case, top, seed)
    moves = []
    for index, (play, value) in enumerate(ranked):
        if index < len(top):
            (value, se), by = scored[index], "rollout"
        else:
            se, by = 0.0, "exact" if exact or mover_won(play.after) else f"{FILTER_PLY}-ply"
        moves.append({"move": str(play.move), "equity": round(value, 4), "se": round(se, 4),
                      "by": by})
    moves.sort(key=lambda m: -m["equity"])
    s = case.source
    return {"id": case.id, "position": case.position.to_dict(), "dice": list(case.dice),
            "first_turn": case.first_turn,
            "from": {"game": s.game, "levels": list(s.levels), "decision": s.decision},
            "judge": "exact (bear-off database)" if exact else
            f"{judge.name}; the {rolled} best at {FILTER_PLY}-ply rolled out, the others "
            f"at {FILTER_PLY}-ply", "moves": moves}


def read(path: Path) -> list[dict[str, Any]]:
    """A set's lines (`<variant>.jsonl.gz`; an uncompressed `.jsonl` read as it is)."""
    if not path.exists():
        return []
    raw = path.read_bytes()
    text = gzip.decompress(raw) if path.suffix == ".gz" else raw
    return [json.loads(line) for line in text.decode("utf-8").splitlines() if line.strip()]


def write(path: Path, records: list[dict[str, Any]]) -> None:
    """The whole set, compressed, put in place at once (a run killed mid-write loses
    nothing it had finished)."""
    part = path.with_name(path.name + ".part")
    with gzip.open(part, "wt", encoding="utf-8", compresslevel=9) as file:
        file.writelines(json.dumps(r, separators=(",", ":")) + "\n" for r in records)
    part.replace(path)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("variant", choices=[v.value for v in Variant])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--trials", type=int, default=72, help="a multiple of 36")
    parser.add_argument("--truncation", type=int, default=3, help="plies")
    parser.add_argument("--rolled", type=int, default=6,
                        help="the moves rolled out: the best at 2-ply")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    out = args.out or reference_path(args.variant)
    out.parent.mkdir(parents=True, exist_ok=True)
    records = read(out)
    done = {record["id"] for record in records}
    judge: ShortJudge | LongJudge = (ShortJudge if args.variant == "short" else LongJudge)(
        args.trials, args.truncation)
    start = time.perf_counter()
    for case in cases(args.variant):
        if len(records) >= args.positions:
            break
        if case.id in done:
            continue
        line = record(case, judge, args.rolled, seed=SEED * 1_000_003 + case.source.game * 1000
                      + case.source.decision)
        records.append(line)
        write(out, records)
        print(f"{len(records):4d} {case.id} {len(line['moves']):3d} moves "
              f"{time.perf_counter() - start:8.1f} s", flush=True)


if __name__ == "__main__":
    main()
