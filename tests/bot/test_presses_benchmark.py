"""The presses-per-turn benchmark runs (so it cannot rot), and on a few seeded games it
stays within its targets (docs/performance.md, "Presses per turn"): ≤ 3.0 presses per
turn by default, ≤ 2.2 without Done."""

from __future__ import annotations

import pytest

from benchmarks.presses import run


@pytest.mark.parametrize(("variant", "confirm", "target"),
                         [("short", True, 3.0), ("long", False, 2.2)])
async def test_whole_games_stay_within_the_targets(variant: str, confirm: bool,
                                                   target: float) -> None:
    tally = await run(variant, 2, cube=False, confirm=confirm, seed=1)
    assert tally.turns > 100 and tally.presses > 0
    assert tally.presses / tally.turns <= target
    assert ("ok" in tally.per_act) == confirm  # Done is pressed only when confirming
    assert "f" in tally.per_act  # one-tap buttons were offered and used
