"""Inline challenge cards and the chats of group challenges: the records that stand behind
a card's Accept button and a group's Join button, so that button data never names a player.
"""

from __future__ import annotations

import secrets
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


def new_card_id() -> str:
    """16 URL-safe characters: 96 random bits, nobody guesses a card."""
    return secrets.token_urlsafe(12)


async def offer_card(db: Database, creator_id: int, variant: str, *, now: datetime,
                     lifetime: timedelta, reuse_within: timedelta) -> Card:
    """The card `creator_id` offers for `variant`: the newest one made within
    `reuse_within` (an inline query comes with every key the user types), else a new one
    that lives `lifetime`."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    async with db.transaction() as tx:
        row = await tx.fetchone(
            "SELECT id, creator_id, variant, created_at, expires_at FROM cards"
            " WHERE creator_id = ? AND variant = ? AND created_at > ? AND expires_at > ?"
            " ORDER BY created_at DESC LIMIT 1",
            (creator_id, variant, to_epoch(now - reuse_within), to_epoch(now)))
        if row is not None:
            return _card(row)
        created = from_epoch(to_epoch(now))  # whole seconds, as stored
        card = Card(new_card_id(), creator_id, variant, created, created + lifetime)
        await tx.execute(
            "INSERT INTO cards (id, creator_id, variant, created_at, expires_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (card.id, creator_id, variant, to_epoch(created), to_epoch(card.expires_at)))
    return card


async def get_card(db: Database, card_id: str) -> Card | None:
    row = await db.fetchone(
        "SELECT id, creator_id, variant, created_at, expires_at FROM cards WHERE id = ?",
        (card_id,))
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
                from_epoch(row["expires_at"]))
