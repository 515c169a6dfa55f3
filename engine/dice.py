"""Dice sources: `secrets` in production, a seeded RNG in tests and the arena."""

from __future__ import annotations

import random
import secrets
from typing import Protocol


class DiceSource(Protocol):
    def roll_die(self) -> int:
        """One die, 1..6."""
        ...


class SecretDice:
    """Unpredictable dice for real games."""

    def roll_die(self) -> int:
        return secrets.randbelow(6) + 1


class SeededDice:
    """Reproducible dice for tests, the arena and benchmarks."""

    def __init__(self, seed: int | str | None = 0) -> None:
        self._rng = random.Random(seed)

    def roll_die(self) -> int:
        return self._rng.randint(1, 6)


class FixedDice:
    """Dice that come from a list, for hand-written test cases."""

    def __init__(self, *dice: int) -> None:
        self._dice = list(dice)

    def roll_die(self) -> int:
        if not self._dice:
            raise RuntimeError("FixedDice ran out of dice")
        return self._dice.pop(0)


def roll(source: DiceSource) -> tuple[int, int]:
    return source.roll_die(), source.roll_die()
