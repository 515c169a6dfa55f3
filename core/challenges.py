"""Games between people, by invitation: challenges (links, open challenges in groups,
inline cards) and rematches. Each ends in a stored game that `GameService.begin` starts
(the door begins it once its first view is in place, e.g. a group's board message)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from core.fairness import Dealt
from core.games import Busy, GameService
from core.live import Live
from core.timecontrol import TimeControl, stored_control
from engine.position import VARIANTS
from storage import cards, challenges
from storage.cards import Card
from storage.db import Database
from storage.errors import ChallengeCodeTaken, ChallengeUnavailable, PlayerBusy
from storage.models import Challenge
from storage.models import Game as Row

CHALLENGE_HOURS = 24
# Typing "@bot …" sends an inline query per key: the cards offered within this time are
# the same cards, so the table holds a few cards per active creator, not one per key.
CARD_REUSE = timedelta(hours=1)
CARD_PREFIX = "k"  # the code of the challenge an accepted card becomes: "k" + card id


def _correspondence(control: TimeControl | None) -> bool:
    return control is not None and control.correspondence


class Challenges:
    def __init__(self, db: Database, service: GameService, *,
                 clock: Callable[[], datetime]) -> None:
        self.db, self.service, self.clock = db, service, clock

    async def create(self, player_id: int, variant: str, length: int, cube: bool,
                     control: TimeControl | None = None) -> Challenge:
        """An open challenge of `player_id`, to be accepted through a link or a button;
        `control` None: the host's move window. A correspondence challenge may be made
        (and accepted) beside a live game."""
        if not _correspondence(control) and await self.service.active_game(player_id):
            raise Busy
        now = self.clock()
        return await challenges.create_challenge(
            self.db, creator_id=player_id, variant=variant, now=now,
            expires_at=now + timedelta(hours=CHALLENGE_HOURS), match_length=length, cube=cube,
            control=control.token if control else None)

    async def get(self, code: str) -> Challenge | None:
        return await challenges.get_challenge(self.db, code)

    async def accept(self, code: str, player_id: int, board_chat_id: int | None = None,
                     deadline: datetime | None = None) -> tuple[Row, Live]:
        """Accept a challenge and store its game, not begun yet (storage lets only the
        first acceptance through, and nobody into a second active game); the first turn's
        deadline is a turn's time from now unless given."""
        challenge = await challenges.get_challenge(self.db, code)
        open_to_me = (challenge is not None and challenge.status == "open"
                      and challenge.creator_id != player_id)
        control = self.control(challenge)
        if open_to_me and challenge is not None and not control.correspondence and (
                await self.service.active_game(player_id)
                or await self.service.active_game(challenge.creator_id)):
            raise Busy
        variant = challenge.variant if challenge else "short"

        async def store(dealt: Dealt | None) -> tuple[Row, Live]:
            live = self.service.new_live(variant, challenge.match_length if challenge else 1,
                                         challenge.cube if challenge else False,
                                         computer_seat=None, dealt=dealt)
            opening = self.service.opening(live, control=control)
            _, row = await challenges.accept_challenge(
                self.db, code, player_id, now=self.clock(), state_json=opening.state_json,
                deadline=deadline or opening.deadline, log=opening.log,
                board_chat_id=board_chat_id, seeds=dealt.takes if dealt else (),
                timing=opening.timing)
            return row, live

        # A missing challenge deals no dice: accepting it raises before anything is stored.
        players = (challenge.creator_id, player_id) if challenge else (None, player_id)
        try:
            return await self.service.dealing(players, store)
        except PlayerBusy:  # a simultaneous start won: the database's guard
            raise Busy from None

    async def rematch(self, row: Row, player_id: int) -> tuple[Challenge, bool]:
        """The game's one open rematch: (made now by `player_id`, True) or (the one already
        there, False). Busy when the player is in another game."""
        control = self.service.control_of(row)
        if not control.correspondence and await self.service.active_game(player_id):
            raise Busy
        now = self.clock()
        return await challenges.rematch_challenge(
            self.db, game_id=row.id, creator_id=player_id, variant=row.variant, now=now,
            expires_at=now + timedelta(hours=CHALLENGE_HOURS), match_length=row.match_length,
            cube=row.cube, control=row.timing.control)

    def control(self, challenge: Challenge | None) -> TimeControl:
        """The time control a challenge's game is played under."""
        token = challenge.control if challenge is not None else None
        return self.service.default_control if token is None else stored_control(token)

    async def offer_cards(self, player_id: int, controls: Sequence[TimeControl]
                          ) -> list[Card]:
        """The challenge cards `player_id` may send: one per variant under each of
        `controls`, control by control."""
        return await cards.offer_cards(
            self.db, player_id, [(variant, c.token) for c in controls for variant in VARIANTS],
            now=self.clock(), lifetime=timedelta(hours=CHALLENGE_HOURS),
            reuse_within=CARD_REUSE)

    def card_control(self, card: Card) -> TimeControl:
        """The time control a card's game is played under."""
        return self.service.default_control if card.control is None else stored_control(
            card.control)

    async def card_challenge(self, card_id: str, player_id: int) -> tuple[Card, str]:
        """The card `card_id` as a challenge `player_id` may accept: (the card, the code).

        The creator and the variant come from the stored card, never from the sender. The
        first acceptance turns the card into a challenge of its own (code "k" + card id),
        so any later one finds it taken.
        """
        card = await cards.get_card(self.db, card_id)
        now = self.clock()
        code = CARD_PREFIX + card_id
        # Card ids are unguessable: an unknown one is an expired card that was deleted.
        if card is None or card.expires_at <= now:
            raise ChallengeUnavailable(code, "expired")
        if card.creator_id == player_id:
            raise ChallengeUnavailable(code, "own_posted")
        if await challenges.get_challenge(self.db, code) is None:
            with contextlib.suppress(ChallengeCodeTaken):  # a simultaneous press made it
                await challenges.create_challenge(
                    self.db, creator_id=card.creator_id, variant=card.variant, now=now,
                    expires_at=card.expires_at, code=code, control=card.control)
        return card, code

    async def sweep_cards(self) -> int:
        """Delete the cards whose time is up (the timer loop calls this now and then)."""
        return await cards.delete_expired_cards(self.db, self.clock())
