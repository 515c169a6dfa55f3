"""The presses-per-turn benchmark runs (so it cannot rot), and on a few seeded games with
Strong's moves it stays within its targets (docs/performance.md, "Presses per turn"):
≤ 2.3 presses per turn with a press by default (the turn sent by itself after its last die,
the dice rolled by themselves once a player chose not to double), ≤ 3.0 with Done."""

from __future__ import annotations

import pytest

from benchmarks.presses import run


@pytest.mark.parametrize(("variant", "cube", "against", "confirm", "target"), [
    ("short", False, "computer", False, 2.3),
    ("long", False, "friend", False, 2.3),
    ("short", True, "friend", False, 2.3),
    ("long", False, "computer", True, 3.0),
])
@pytest.mark.slow
async def test_whole_games_stay_within_the_targets(variant: str, cube: bool, against: str,
                                                   confirm: bool, target: float) -> None:
    tally = await run(variant, 2, cube=cube, confirm=confirm, seed=1, against=against)
    assert tally.pressed_turns > 40 and tally.presses > 0
    assert tally.presses / tally.pressed_turns <= target
    assert ("ok" in tally.per_act) == confirm  # Done is pressed only when confirming
    assert "f" in tally.per_act  # one-tap buttons were offered and used
    assert ("r" in tally.per_act) == cube  # with the cube: "no doubling", once a game
    if cube:  # once per player and game
        assert tally.per_act["r"] <= 2 * (2 if against == "friend" else 1)
