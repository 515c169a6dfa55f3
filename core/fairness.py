"""Provably fair dice for every game (the scheme is engine/fairness.py's; docs/fairness.md).

The "server seed pair" model of provably fair sites: each player has a pending **next server
seed** (`players.next_seed`, drawn when first needed) whose SHA-256 is published before it is
used: `/seed` shows it, and so does the proof of the player's last game (the result
message's 🎲 Dice button). A player who sets their own seed (`/seed text`) after seeing it
gets dice nobody could have chosen for them: the server's part was fixed first.

A new game (against the computer or between people; each game of a match) takes its human
players' pending seeds in the transaction that stores it, leaving fresh ones
(`storage.fairness.take_seeds`: a seed is never used twice, and a game that is not stored
takes nothing). Its dice seed is the human's seed, or both players' combined
(`engine.fairness.dice_seed`), and its key follows from it. The seeds stay in the game's
state, never shown, while it is played; the board shows each seat's commitment again as a
reminder. When the game ends its record is stored (`storage.fairness`); the result
message's 🎲 Dice button reveals the seeds with the command that checks every die.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from core.live import Live
from engine.fairness import FairDice, commitment, new_seed, rolls_text
from storage import fairness
from storage.db import Database
from storage.fairness import DiceStats, FairRecord, Pending, SeedTake


@dataclass(frozen=True)
class Dealt:
    """A new game's fair dice, the seeds storing the game takes from its players, and the
    SHA-256 of the fresh seed each is left with (by seat; "" the computer)."""

    fair: FairDice
    takes: tuple[SeedTake, ...]
    next_commitments: tuple[str, ...]


class Fairness:
    """Deals each game's fair dice from its players' seeds and says what they were once the
    game is over. `new_seed` is injectable: tests pass deterministic seeds (the dice are
    still derived exactly as in production)."""

    def __init__(self, db: Database, *, clock: Callable[[], datetime],
                 new_seed: Callable[[], str] = new_seed) -> None:
        self.db, self.clock = db, clock
        self._new_seed = new_seed

    async def pending(self, players: Sequence[int | None]) -> tuple[Pending | None, ...]:
        """What a new game of `players` (by seat; None the computer) would take."""
        return await fairness.pending_seeds(self.db, players)

    def deal(self, pending: Sequence[Pending | None]) -> Dealt:
        """The dice of a new game from its players' pending seeds (by seat; None the
        computer); a player with none yet gets one drawn now. Every human leaves a fresh
        seed for their next game."""
        server = [("" if p is None else p.server_seed or self._new_seed()) for p in pending]
        client = tuple("" if p is None else p.client_seed for p in pending)
        takes = tuple(None if p is None else SeedTake(p, self._new_seed()) for p in pending)
        return Dealt(FairDice.of(server, client), tuple(t for t in takes if t is not None),
                     tuple("" if t is None else commitment(t.fresh) for t in takes))

    async def next_commitment(self, player_id: int) -> str:
        """The SHA-256 of the player's next seed (drawn and stored now when there is none)."""
        return commitment(await fairness.next_seed(self.db, player_id, self._new_seed()))

    async def client_seed(self, player_id: int) -> str | None:
        return await fairness.client_seed(self.db, player_id)

    async def set_client_seed(self, player_id: int, seed: str | None) -> None:
        await fairness.set_client_seed(self.db, player_id, seed, now=self.clock())

    async def record(self, game_id: int, live: Live,
                     next_commitments: Sequence[str] = ()) -> dict[str, Any] | None:
        """Store the dice record of `live`'s finished game; what the result reveals (with
        each seat's next commitment, "" for none)."""
        fair = live.fair
        if fair is None:
            return None
        record = FairRecord(game_id, live.number, fair.game, ",".join(fair.commitments),
                            fair.seed, fair.client_seeds, fair.server_seeds)
        await fairness.record_game(self.db, record, now=self.clock())
        return reveal(record, rolls_text(live.game.history), next_commitments)

    async def stats(self, player_id: int) -> DiceStats:
        return await fairness.dice_stats(self.db, player_id)


def reveal(record: FairRecord, rolls: str, next_commitments: Sequence[str] = ()
           ) -> dict[str, Any]:
    """A finished game's seeds, as the result message's payload and its dice proof carry
    them."""
    revealed = {"seed": record.seed, "game": record.game_key, "commitment": record.commitment,
                "client_seeds": list(record.client_seeds), "rolls": rolls}
    if record.server_seeds:
        revealed["server_seeds"] = list(record.server_seeds)
    if any(next_commitments):
        revealed["next"] = list(next_commitments)
    return revealed


def verify_command(revealed: dict[str, Any]) -> str:
    """The shell command that checks every die of the game: each seat's seed (the key
    follows from them) or, for a game of one seed of its own, that seed and its key."""
    seeds = [s for s in revealed.get("server_seeds", ()) if s]
    parts = ["python -m engine.fairness verify"]
    if seeds:
        parts += [f"--seed {seed}" for seed in seeds]
    else:
        parts += [f"--seed {revealed['seed']}", f"--game {revealed['game']}"]
    parts.append(f"--rolls {shlex.quote(revealed['rolls'])}")
    parts += [f"--client-seed {shlex.quote(seed)}" for seed in revealed["client_seeds"]]
    parts += [f"--commitment {c}" for c in revealed["commitment"].split(",") if c]
    return " ".join(parts)
