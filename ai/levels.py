"""Computer levels: an evaluator, a search depth and a deterministic noise per level.

Evaluators ("search depth" in brackets):
* heuristic: the hand-written evaluator (1-ply: every legal result is scored);
* network:   our TD(lambda)-trained network (1-ply);
* network2:  the same network with a 2-ply search of the best candidates (`ai.search`);
* sage1 / sage2 / sage3: Open Sage at 1-, 2-, 3-ply (short nard only; its 1-ply is the raw
  network); where bgsage is missing they fall back to `fallback` (network / network2) with
  the level's `fallback_noise`;
* pubeval:   Tesauro's linear benchmark (arena yardstick, short nard only).

Noise is the standard deviation, in points per game, of the deterministic noise added to
every candidate's score (see `ai.noise`). From Strong up, a race the bear-off database
decides (both sides home, no contact) is played exactly, without noise.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from engine.position import Variant


@dataclass(frozen=True)
class Level:
    name: str
    label: str  # what the bot shows
    evaluator: str
    noise: float
    fallback: str = "network"  # evaluator of a sage level where bgsage is missing
    fallback_noise: float = 0.0
    # Exact bear-off decisions (both sides home, no contact) from the bear-off database.
    exact_bearoff: bool = False
    weights: str | None = None  # another network file (the arena's --a-weights / --b-weights)


_LEVELS: dict[Variant, tuple[Level, ...]] = {
    Variant.SHORT: (
        Level("beginner", "Beginner", "heuristic", 0.15),
        Level("casual", "Casual", "heuristic", 0.06),
        Level("intermediate", "Intermediate", "network", 0.11),
        Level("strong", "Strong", "sage1", 0.05, "network", 0.0, exact_bearoff=True),
        Level("master", "Master", "sage3", 0.0, "network2", 0.0, exact_bearoff=True),
    ),
    Variant.LONG: (
        Level("beginner", "Beginner", "heuristic", 0.15),
        Level("casual", "Casual", "heuristic", 0.06),
        Level("intermediate", "Intermediate", "network", 0.10),
        # A small human-like error rate (the Azerbaijani rules page: the computer "plays
        # strongly but sometimes errs like a live player").
        Level("strong", "Strong", "network", 0.03, exact_bearoff=True),
        Level("master", "Master", "network2", 0.0, exact_bearoff=True),
    ),
}

# Reference players for the arena (not offered to users): the bare evaluators.
_REFERENCE: dict[str, Level] = {
    "heuristic": Level("heuristic", "Heuristic", "heuristic", 0.0),
    "network": Level("network", "Network", "network", 0.0),
    "network2": Level("network2", "Network 2-ply", "network2", 0.0),
    "pubeval": Level("pubeval", "pubeval", "pubeval", 0.0),
    "sage1": Level("sage1", "Open Sage 1-ply", "sage1", 0.0),
    "sage2": Level("sage2", "Open Sage 2-ply", "sage2", 0.0),
    "sage3": Level("sage3", "Open Sage 3-ply", "sage3", 0.0, "network2", 0.0),
}

LEVELS: dict[str, tuple[str, ...]] = {
    v.value: tuple(level.name for level in levels) for v, levels in _LEVELS.items()
}
LEVEL_LABELS: dict[str, str] = {level.name: level.label for level in _LEVELS[Variant.SHORT]}


def get_level(variant: Variant | str, name: str) -> Level:
    """The level `name` of `variant`, or one of the arena's reference players."""
    variant = Variant(variant)
    for level in _LEVELS[variant]:
        if level.name == name:
            return level
    ref = _REFERENCE.get(name)
    short_only = ref is not None and ref.evaluator in ("pubeval", "sage1", "sage2", "sage3")
    if ref is None or (variant is Variant.LONG and short_only):
        raise ValueError(f"unknown {variant.value} level {name!r}")
    return ref


# Each level's PR as `benchmarks/level_pr.py --write` measured it (docs/ai.md, "Levels in
# PR"): the one table the level pickers read.
LEVEL_PR_FILE = Path(__file__).with_name("level_pr.json")


@dataclass(frozen=True)
class LevelPr:
    pr: float
    at_judge: bool  # plays with the judge's evaluator and depth or deeper: PR ~0 by construction


@cache
def _level_prs() -> dict[str, dict[str, LevelPr]]:
    try:
        stored = json.loads(LEVEL_PR_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {variant: {name: LevelPr(float(row["pr"]), bool(row.get("at_judge")))
                      for name, row in levels.items()}
            for variant, levels in stored["levels"].items()}


def level_pr(variant: Variant | str, name: str) -> LevelPr | None:
    """The level's measured PR (None when not measured)."""
    return _level_prs().get(Variant(variant).value, {}).get(name)
