"""Provably fair dice in the bot (issue 16; the scheme is engine/fairness.py's).

Every game (between people or against the computer; each game of a match) gets a `FairDice`
before its first die: a secret server seed from `secrets`, a random game key (the "game"
input of every die: a game's id is made only when it is stored, after its opening throw)
and the players' own seeds (`/seed`). The seed's SHA-256 is on every board of the game
from the first one on; the seed stays in the game's state, never shown, until the game
ends: then its record is stored (`storage.fairness`) and the result message reveals it with
the command that checks every die.
"""

from __future__ import annotations

import secrets
import shlex
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from bot.i18n import Translator
from bot.services.live import Live
from engine.fairness import FairDice, new_seed, rolls_text
from storage import fairness
from storage.db import Database
from storage.fairness import DiceStats, FairRecord

EXPECTED_DOUBLES = 1 / 6
EXPECTED_PIPS = 49 / 6  # 8.17: (2 × 7 × 5/6 + 4 × 3.5 × 1/6) per roll


def new_key() -> str:
    """A game key: 16 random hex digits (a valid `engine.fairness` game id)."""
    return secrets.token_hex(8)


class Fairness:
    """Makes each game's fair dice and says what they were once the game is over.

    `new_seed` and `new_key` are injectable: tests pass deterministic ones (the dice are
    still derived exactly as in production).
    """

    def __init__(self, db: Database, *, clock: Callable[[], datetime],
                 new_seed: Callable[[], str] = new_seed,
                 new_key: Callable[[], str] = new_key) -> None:
        self.db, self.clock = db, clock
        self._new_seed, self._new_key = new_seed, new_key

    def new_dice(self, client_seeds: Sequence[str] = ()) -> FairDice:
        """The dice of a new game: a fresh secret seed and key, the players' seeds by seat
        ("" for none: both seats always, as the verify command and README's snippet take
        them)."""
        return FairDice(self._new_seed(), self._new_key(), tuple(client_seeds) or ("", ""))

    async def client_seeds(self, players: Sequence[int | None]) -> tuple[str, ...]:
        """The seeds a new game of `players` (by seat) mixes in."""
        return await fairness.client_seeds(self.db, players)

    async def client_seed(self, player_id: int) -> str | None:
        return await fairness.client_seed(self.db, player_id)

    async def set_client_seed(self, player_id: int, seed: str | None) -> None:
        await fairness.set_client_seed(self.db, player_id, seed, now=self.clock())

    async def record(self, game_id: int, live: Live) -> dict[str, Any] | None:
        """Store the dice record of `live`'s finished game; what the result reveals."""
        fair = live.fair
        if fair is None:
            return None
        record = FairRecord(game_id, live.number, fair.game, fair.commitment, fair.seed,
                            fair.client_seeds)
        await fairness.record_game(self.db, record, now=self.clock())
        return reveal(record, rolls_text(live.game.history))

    async def stats(self, player_id: int) -> DiceStats:
        return await fairness.dice_stats(self.db, player_id)


def reveal(record: FairRecord, rolls: str) -> dict[str, Any]:
    """A finished game's seed, as the result message payload carries it."""
    return {"seed": record.seed, "game": record.game_key, "commitment": record.commitment,
            "client_seeds": list(record.client_seeds), "rolls": rolls}


def verify_command(revealed: dict[str, Any]) -> str:
    """The shell command that checks every die of the game."""
    parts = ["python -m engine.fairness verify", f"--seed {revealed['seed']}",
             f"--game {revealed['game']}", f"--rolls {shlex.quote(revealed['rolls'])}"]
    parts += [f"--client-seed {shlex.quote(seed)}" for seed in revealed["client_seeds"]]
    parts.append(f"--commitment {revealed['commitment']}")
    return " ".join(parts)


def reveal_lines(t: Translator, result: dict[str, Any]) -> list[str]:
    """The result message's lines about the dice: the seed and how to check it."""
    revealed = result.get("fair")
    if not revealed:
        return []
    lines = ["", t("fair-revealed", seed=revealed["seed"], game=revealed["game"])]
    seeds = [s for s in revealed["client_seeds"] if s]
    if seeds:
        lines.append(t("fair-client-seeds", seeds=", ".join(seeds)))
    lines += [t("fair-verify"), verify_command(revealed)]
    return lines


def commitment_line(t: Translator, live: Live) -> str | None:
    """The board caption's line committing to the game's dice (None without fair dice)."""
    fair = live.fair
    if fair is None:
        return None
    line = t("fair-commitment", hash=fair.commitment)
    seeds = [s for s in fair.client_seeds if s]
    if seeds:
        line += "\n" + t("fair-client-seeds", seeds=", ".join(seeds))
    return line


def stats_line(t: Translator, stats: DiceStats) -> str:
    """/me: the player's doubles and pips per roll against what fair dice give."""
    if not stats.rolls:
        return t("me-dice-none")
    return t("me-dice", rolls=stats.rolls, doubles=stats.doubles,
             doubles_share=f"{100 * stats.doubles / stats.rolls:.1f}",
             doubles_expected=f"{100 * EXPECTED_DOUBLES:.1f}",
             pips=f"{stats.pips / stats.rolls:.2f}", pips_expected=f"{EXPECTED_PIPS:.2f}")
