"""The dice's fairness in words: a result's revealed seeds, the board's commitment, /me's
dice statistics (the scheme is core/fairness.py's; docs/fairness.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.fairness import verify_command
from core.live import Live
from i18n import Translator
from storage.fairness import DiceStats

EXPECTED_DOUBLES = 1 / 6
EXPECTED_PIPS = 49 / 6  # 8.17: (2 × 7 × 5/6 + 4 × 3.5 × 1/6) per roll


def proof_lines(t: Translator, revealed: dict[str, Any], names: Sequence[str]) -> list[str]:
    """A finished game's dice proof (`core.fairness.reveal`'s dict): the seeds revealed, the
    players' own seeds, and the command that checks every die, its dice in the order
    drawn (which the text states: a board writes a roll's higher die first)."""
    server = revealed.get("server_seeds")
    if server:
        lines = [t("fair-revealed-of", name=names[s], seed=seed)
                 for s, seed in enumerate(server) if seed]
    else:
        lines = [t("fair-revealed", seed=revealed["seed"], game=revealed["game"])]
    seeds = [s for s in revealed["client_seeds"] if s]
    if seeds:
        lines.append(t("fair-client-seeds", seeds=", ".join(seeds)))
    return [*lines, t("fair-verify"), verify_command(revealed)]


def commitment_line(t: Translator, live: Live, names: Sequence[str]) -> str | None:
    """The board caption's lines committing to the game's dice (None without fair dice):
    each seat's seed's SHA-256, published before the game and shown again here."""
    fair = live.fair
    if fair is None:
        return None
    if fair.server_seeds:
        lines = [t("fair-committed-of", name=names[s], hash=hash_)
                 for s, hash_ in enumerate(fair.commitments) if hash_]
    else:
        lines = [t("fair-commitment", hash=fair.commitment)]
    seeds = [s for s in fair.client_seeds if s]
    if seeds:
        lines.append(t("fair-client-seeds", seeds=", ".join(seeds)))
    return "\n".join(lines)


def stats_line(t: Translator, stats: DiceStats) -> str:
    """/me: the player's doubles and pips per roll against what fair dice give."""
    if not stats.rolls:
        return t("me-dice-none")
    return t("me-dice", rolls=stats.rolls, doubles=stats.doubles,
             doubles_share=t.decimal(100 * stats.doubles / stats.rolls),
             doubles_expected=t.decimal(100 * EXPECTED_DOUBLES),
             pips=t.decimal(stats.pips / stats.rolls, "0.00"),
             pips_expected=t.decimal(EXPECTED_PIPS, "0.00"))
