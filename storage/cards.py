"""Inline challenge cards and the chats of group challenges: the records that stand behind
a card's Accept button and a group's Join button, so that button data never names a player.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from storage.clock import from_epoch, to_epoch
from storage.db import Database, Row
from storage.models import VARIANTS


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    creator_id: int
    variant: str
    created_at: datetime
    expires_at: datetime
    control: str | None = None  # the time control's token (None: the host's move window)


_COLUMNS = "id, creator_id, variant, created_at, expires_at, control"


def new_card_id() -> str:
    """16 URL-safe characters: 96 random bits, nobody guesses a card."""
    return secrets.token_urlsafe(12)


async def offer_cards(db: Database, creator_id: int,
                      offers: Sequence[tuple[str, str | None]], *, now: datetime,
                      lifetime: timedelta, reuse_within: timedelta) -> list[Card]:
    """The cards `creator_id` offers, one per (variant, control token) of `offers`, in
    that order: for each the newest one made within `reuse_within` (an inline query
    comes with every key the user types), else a new one that lives `lifetime`. One
    transaction for them all."""
    if any(variant not in VARIANTS for variant, _ in offers):
        raise ValueError(f"unknown variant in {offers!r}")
    async with db.transaction() as tx:
        rows = await tx.fetchall(
            f"SELECT {_COLUMNS} FROM cards"
            " WHERE creator_id = ? AND created_at > ? AND expires_at > ?"
            " ORDER BY created_at DESC",
            (creator_id, to_epoch(now - reuse_within), to_epoch(now)))
        recent: dict[tuple[str, str | None], Card] = {}
        for row in rows:  # the newest first: the first seen of each kind is kept
            seen = _card(row)
            recent.setdefault((seen.variant, seen.control), seen)
        created = from_epoch(to_epoch(now))  # whole seconds, as stored
        out = []
        for variant, control in offers:
            card = recent.get((variant, control))
            if card is None:
                card = Card(new_card_id(), creator_id, variant, created, created + lifetime,
                            control)
                await tx.execute(
                    "INSERT INTO cards (id, creator_id, variant, created_at, expires_at,"
                    " control) VALUES (?, ?, ?, ?, ?, ?)",
                    (card.id, creator_id, variant, to_epoch(created),
                     to_epoch(card.expires_at), control))
                recent[(variant, control)] = card
            out.append(card)
    return out


async def offer_card(db: Database, creator_id: int, variant: str, *, now: datetime,
                     lifetime: timedelta, reuse_within: timedelta,
                     control: str | None = None) -> Card:
    """The card `creator_id` offers for `variant` under `control` (`offer_cards`)."""
    [card] = await offer_cards(db, creator_id, [(variant, control)],
                               now=now, lifetime=lifetime, reuse_within=reuse_within)
    return card


async def get_card(db: Database, card_id: str) -> Card | None:
    row = await db.fetchone(f"SELECT {_COLUMNS} FROM cards WHERE id = ?", (card_id,))
    return None if row is None else _card(row)


async def delete_expired_cards(db: Database, now: datetime) -> int:
    """Forget the cards whose time is up; how many there were."""
    async with db.transaction() as tx:
        return await tx.execute("DELETE FROM cards WHERE expires_at <= ?", (to_epoch(now),))


async def put_challenge_chat(db: Database, challenge_id: int, chat_id: int) -> None:
    """Remember the group chat an open challenge was posted in."""
    async with db.transaction() as tx:
        await tx.execute(
            "INSERT INTO challenge_chats (challenge_id, chat_id) VALUES (?, ?)"
            " ON CONFLICT (challenge_id) DO UPDATE SET chat_id = excluded.chat_id",
            (challenge_id, chat_id))


async def challenge_chat(db: Database, code: str) -> int | None:
    """The group chat the challenge `code` was posted in; None for any other challenge."""
    row = await db.fetchone(
        "SELECT cc.chat_id FROM challenge_chats cc JOIN challenges c"
        " ON c.id = cc.challenge_id WHERE c.code = ?", (code,))
    return None if row is None else row["chat_id"]


def _card(row: Row) -> Card:
    return Card(row["id"], row["creator_id"], row["variant"], from_epoch(row["created_at"]),
                from_epoch(row["expires_at"]), row["control"])
