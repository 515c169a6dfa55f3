"""Inline challenge cards and the chats of group challenges (storage/cards.py)."""

from __future__ import annotations

from datetime import timedelta

from storage import cards
from storage.challenges import create_challenge
from storage.db import Database
from testkit.storage_rows import ALICE, BOB, T0

DAY, HOUR = timedelta(hours=24), timedelta(hours=1)


async def test_a_card_is_reused_while_typing_then_renewed(db: Database, players) -> None:
    first = await cards.offer_card(db, ALICE, "short", now=T0, lifetime=DAY, reuse_within=HOUR)
    again = await cards.offer_card(db, ALICE, "short", now=T0 + timedelta(minutes=5),
                                   lifetime=DAY, reuse_within=HOUR)
    long = await cards.offer_card(db, ALICE, "long", now=T0, lifetime=DAY, reuse_within=HOUR)
    other = await cards.offer_card(db, BOB, "short", now=T0, lifetime=DAY, reuse_within=HOUR)
    assert again == first and len({first.id, long.id, other.id}) == 3
    assert len(first.id) == 16 and first.expires_at == T0 + DAY
    later = await cards.offer_card(db, ALICE, "short", now=T0 + 2 * HOUR, lifetime=DAY,
                                   reuse_within=HOUR)
    assert later.id != first.id
    assert await cards.get_card(db, first.id) == first
    assert await cards.get_card(db, "no-such-card") is None


async def test_cards_are_offered_per_variant_and_time_control(db: Database, players) -> None:
    offers = [("short", "m120"), ("long", "m120"), ("short", "d1"), ("long", "d1")]
    made = await cards.offer_cards(db, ALICE, offers, now=T0, lifetime=DAY, reuse_within=HOUR)
    assert [(c.variant, c.control) for c in made] == offers and len({c.id for c in made}) == 4
    again = await cards.offer_cards(db, ALICE, offers[::-1], now=T0 + timedelta(minutes=5),
                                    lifetime=DAY, reuse_within=HOUR)
    assert again == made[::-1]  # the same records, in the order asked
    assert await cards.get_card(db, made[2].id) == made[2]
    old = await cards.offer_card(db, BOB, "short", now=T0, lifetime=DAY, reuse_within=HOUR)
    assert old.control is None  # no control: the host's move window


async def test_expired_cards_are_deleted(db: Database, players) -> None:
    old = await cards.offer_card(db, ALICE, "short", now=T0, lifetime=DAY, reuse_within=HOUR)
    new = await cards.offer_card(db, BOB, "long", now=T0 + DAY, lifetime=DAY,
                                 reuse_within=HOUR)
    assert await cards.delete_expired_cards(db, T0 + DAY) == 1
    assert await cards.get_card(db, old.id) is None
    assert await cards.get_card(db, new.id) == new


async def test_the_chat_of_a_group_challenge(db: Database, players) -> None:
    group = await create_challenge(db, creator_id=ALICE, variant="long", now=T0,
                                   expires_at=T0 + DAY)
    link = await create_challenge(db, creator_id=BOB, variant="short", now=T0,
                                  expires_at=T0 + DAY)
    await cards.put_challenge_chat(db, group.id, -100500)
    assert await cards.challenge_chat(db, group.code) == -100500
    assert await cards.challenge_chat(db, link.code) is None
    assert await cards.challenge_chat(db, "missing") is None
