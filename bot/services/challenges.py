"""Games between people in Telegram: challenge links, open challenges in groups, inline
cards, rematches — the messages and buttons; the games themselves are the core's
(`core.challenges`). Each way ends in `GameService.begin`: from there a game between
people runs like any other.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import datetime

from aiogram import Bot
from aiogram.types import (
    CopyTextButton,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputTextMessageContent,
    SwitchInlineQueryChosenChat,
)
from aiogram.utils.deep_linking import create_start_link

from bot.plumbing.pacing import Coalescer
from bot.plumbing.retry import FAULTS, MAX_WAIT, waiting_at_most
from bot.plumbing.telegram_io import send_board, send_text
from bot.services.boarding import Boarding
from bot.services.boards import BoardPublisher
from bot.services.presses import Answer
from bot.services.results import ResultMessages
from bot.views.board import viewer_of
from bot.views.callbacks import JoinCb
from bot.views.timecontrols import link_payload, time_line
from core.challenges import Challenges
from core.games import Busy, GameService
from core.timecontrol import Offer, TimeControl, UnknownControl
from core.tournaments import rematch_allowed
from i18n import Translator
from i18n.people import People
from storage import boards, cards, chats, games
from storage.cards import Card
from storage.db import Database
from storage.errors import ChallengeUnavailable, GameNotFound
from storage.models import Challenge
from storage.models import Game as Row

log = logging.getLogger(__name__)


class GroupBoardFailed(Exception):
    """The group did not accept the game's board; the game was called off."""


class ChallengeService:
    def __init__(self, bot: Bot, db: Database, service: GameService, core: Challenges,
                 people: People, publisher: BoardPublisher, coalescer: Coalescer,
                 results: ResultMessages, boarding: Boarding, *,
                 clock: Callable[[], datetime], controls: Offer) -> None:
        self.bot, self.db, self.service, self.core, self.clock = bot, db, service, core, clock
        self.controls = controls  # the host's: a link naming another is refused
        self.people, self.publisher, self.coalescer = people, publisher, coalescer
        self.results, self.boarding = results, boarding

    async def create(self, player_id: int, variant: str, length: int, cube: bool,
                     control: TimeControl | None = None) -> Challenge:
        """An open challenge of `player_id`, to be accepted through a link or a button,
        played under `control` (None: the host's move window)."""
        return await self.core.create(player_id, variant, length, cube, control)

    async def link(self, code: str, token: str | None = None) -> str:
        """The `t.me/<bot>?start=<code>_<control>` link of a challenge played under the
        control `token` (aiogram's start link); without a token, `start=<code>`."""
        return await create_start_link(self.bot, link_payload(code, token))

    async def challenge_link(self, challenge: Challenge) -> str:
        """The link of `challenge`, naming its control (a challenge stored without one, the
        rematch of a game begun before controls, gets the code alone)."""
        return await self.link(challenge.code, challenge.control)

    @staticmethod
    def share_buttons(t: Translator, code: str, link: str) -> list[list[InlineKeyboardButton]]:
        """Send the challenge's own card to a chat the player picks (their friend gets an
        Accept button, see `challenge_card`), or copy its link."""
        chosen = SwitchInlineQueryChosenChat(query=code, allow_user_chats=True,
                                             allow_group_chats=True)
        copy = CopyTextButton(text=link)
        return [[InlineKeyboardButton(text=t("btn-share"), switch_inline_query_chosen_chat=chosen)],
                [InlineKeyboardButton(text=t("btn-copy-link"), copy_text=copy)]]

    async def challenge_card(self, code: str, player_id: int, t: Translator
                             ) -> InlineQueryResultArticle | None:
        """The inline card of `player_id`'s open challenge `code` (what Share sends)."""
        challenge = await self.core.get(code)
        if challenge is None or challenge.creator_id != player_id or challenge.status != "open":
            return None
        text = t("challenge-card", name=await self.people.name(player_id),
                 variant=t(f"variant-{challenge.variant}"), points=challenge.match_length)
        if challenge.cube:
            text += "\n" + t("challenge-with-cube")
        text += "\n" + time_line(t, self.core.control(challenge))
        accept = InlineKeyboardButton(text=t("btn-accept"),
                                      url=await self.challenge_link(challenge))
        return InlineQueryResultArticle(
            id=f"challenge-{code}"[:64], title=t("share-text"), description=text,
            input_message_content=InputTextMessageContent(message_text=text),
            reply_markup=InlineKeyboardMarkup(inline_keyboard=[[accept]]))

    async def accept(self, code: str, player_id: int, token: str | None = None) -> Row:
        """Join a friend's challenge; both play in their private chats with the bot.

        A group's challenge is refused: its creator offered a game in that group. A link's
        control (`token`) must be one the host offers and the challenge's own, else
        `UnknownControl` and nothing is made."""
        if token is not None:
            linked = self.controls.get(token)  # UnknownControl: not offered (or no control)
            challenge = await self.core.get(code)
            if challenge is not None and self.core.control(challenge) != linked:
                raise UnknownControl(f"the link's control {token!r} is not the challenge's")
        if await cards.challenge_chat(self.db, code) is not None:
            raise ChallengeUnavailable(code, "other_chat")
        row, live = await self.core.accept(code, player_id)
        for seat, player in enumerate(row.players):
            assert player is not None  # both seats of a friend's game are people
            viewer = await viewer_of(self.people, row, seat)
            await send_text(self.bot, player, viewer.t(
                "game-started", variant=viewer.t(f"variant-{row.variant}"),
                name=viewer.names[1 - seat]))
        await self.service.begin(row, live)
        return row

    async def join_group(self, code: str, player_id: int, chat_id: int) -> Row:
        """Join an open challenge in a group: the game runs in one group message.

        Only a challenge posted in this very group can be joined here: a Join button's data
        can be sent from anywhere, naming any challenge."""
        posted_in = await cards.challenge_chat(self.db, code)
        if posted_in is None:  # a friend's link or a card: not this button's business
            raise ChallengeUnavailable(code, "not_group")
        if posted_in != chat_id:
            raise ChallengeUnavailable(code, "other_chat")
        challenge = await self.core.get(code)
        if challenge is not None and challenge.creator_id == player_id:
            raise ChallengeUnavailable(code, "own_posted")  # theirs: others join it
        row, live = await self.core.accept(code, player_id, board_chat_id=chat_id)
        now = self.clock()
        for player in row.players:
            assert player is not None  # both seats of a group's game are people
            await chats.add_chat_member(self.db, chat_id, player, now=now)
        board = await self.publisher.group_board(row, live, chat_id)
        # No game lock is held yet and the game cannot start without its one group
        # message: here Telegram's 429s are waited out in full.
        try:
            with waiting_at_most(MAX_WAIT):
                message_id = await send_board(self.bot, chat_id, board)
        except FAULTS:  # the board is promised to the group: the timer loop posts it
            log.warning("posting game %s's board in group %s failed", row.id, chat_id)
            await self.service.begin(row, live)
            return row
        self.coalescer.note(chat_id)
        if message_id is None:  # the group does not let the bot post its board
            await games.save_game(self.db, row.id, row.version, state_json=row.state_json,
                                  deadline=None, now=now, status="aborted")
            t = await self.people.chat_translator(chat_id, row)
            await send_text(self.bot, chat_id, t("group-no-board"))
            raise GroupBoardFailed
        await boards.put_board_message(self.db, row.id, chat_id, message_id, player_id=None,
                                       now=now, version=row.version)
        await self.service.begin(row, live)
        return row

    async def post_group(self, chat_id: int, player_id: int, variant: str, length: int,
                         cube: bool, control: TimeControl | None = None,
                         rematch_of: Row | None = None) -> None:
        """An open challenge in a group, with a Join button for its other members. After a
        game (`rematch_of`, whose control it keeps) the second player to press Play again
        joins the first's."""
        t = await self.people.chat_translator(chat_id, starter=player_id)
        try:
            if rematch_of is None:
                challenge = await self.create(player_id, variant, length, cube, control)
            else:
                challenge, made = await self.core.rematch(rematch_of, player_id)
                if challenge.creator_id != player_id:
                    await self.join_group(challenge.code, player_id, chat_id)
                    return
                if not made:  # the same player pressed again: it is posted already
                    return
        except Busy:
            await send_text(self.bot, chat_id, t("busy"))
            return
        except ChallengeUnavailable:  # it ran out at this very moment
            await send_text(self.bot, chat_id, t("challenge-expired"))
            return
        except GroupBoardFailed:  # the group was told why
            return
        await cards.put_challenge_chat(self.db, challenge.id, chat_id)
        await chats.add_chat_member(self.db, chat_id, player_id, now=self.clock())
        text = t("group-challenge", name=await self.people.name(player_id),
                 variant=t(f"variant-{variant}"), points=length)
        if cube:  # say everything that was understood
            text += "\n" + t("challenge-with-cube")
        text += "\n" + time_line(t, self.core.control(challenge))
        join = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
            text=t("btn-join"), callback_data=JoinCb(code=challenge.code).pack())]])
        with waiting_at_most(MAX_WAIT):  # no game lock is held: a Join nobody sees is no use
            await send_text(self.bot, chat_id, text, join)
        self.coalescer.note(chat_id)

    async def offer_cards(self, player_id: int, controls: Sequence[TimeControl]
                          ) -> list[tuple[Card, TimeControl]]:
        """The challenge cards `player_id` may send from inline mode (short, long under
        each of `controls`), each with its control."""
        return [(card, self.core.card_control(card))
                for card in await self.core.offer_cards(player_id, controls)]

    async def accept_card(self, inline_message_id: str, card_id: str, player_id: int
                          ) -> tuple[Row, list[int]]:
        """Accept an inline challenge card: the game runs in both private chats. Returns the
        game and the players who cannot see their board yet (they never opened the bot:
        the game waits for them, see `Boarding`).

        The creator and the variant come from the stored card, never from the button. The
        first acceptance turns the card into a challenge of its own (code "k" + card id)
        and accepts it in one go, so any later press finds it taken.
        """
        offered = await cards.get_card(self.db, card_id)
        if offered is not None and offered.control is not None:
            self.controls.get(offered.control)  # UnknownControl: no longer offered
        card, code = await self.core.card_challenge(card_id, player_id)
        everyone = all([await self.boarding.reachable(p) for p in (card.creator_id, player_id)])
        row, live = await self.core.accept(code, player_id,
                                           deadline=self.boarding.first_deadline(everyone))
        creator = await self.people.translator(card.creator_id)
        await chats.put_game_card(self.db, row.id, inline_message_id, creator.language)
        await self.results.card(row)
        await self.service.begin(row, live)
        return row, await self.boarding.unseen(row)

    async def sweep_cards(self) -> int:
        """Delete the cards whose time is up (the timer loop calls this now and then)."""
        return await self.core.sweep_cards()

    async def rematch(self, user_id: int, game_id: int, answer: Answer) -> None:
        """Play again after a game: the computer at once; with a person, one new challenge
        for both (a link in private chats, an open challenge in a group), which the second
        player to press Play again joins."""
        t = await self.people.translator(user_id)
        try:
            row = await games.load_game(self.db, game_id)
        except GameNotFound:
            return await answer(t("alert-finished"), True)
        seat = row.seat_of(user_id)
        if seat is None:
            return await answer(t("alert-not-player"), True)
        if not await rematch_allowed(self.db, row):  # a board drawn before the rule
            return await answer(t("tm-no-rematch"), True)
        await answer(None, False)
        player = user_id
        shared = [m for m in await boards.board_messages(self.db, row.id) if m.player_id is None]
        if shared:  # in a group the rematch is a new open challenge there
            for message in shared:
                await self.post_group(message.chat_id, player, row.variant, row.match_length,
                                      row.cube, self.service.control_of(row), rematch_of=row)
            return
        try:
            if row.level is not None:
                await self.service.start_vs_computer(player, row.variant, row.level,
                                                     row.match_length, row.cube,
                                                     self.service.control_of(row))
                return
            challenge, made = await self.core.rematch(row, player)
        except Busy:
            await send_text(self.bot, player, t("busy"))
            return
        if challenge.creator_id != player:  # the other player asked first: play it
            try:
                await self.accept(challenge.code, player)
            except Busy:  # the other player has started another game meanwhile
                await send_text(self.bot, player, t("challenge-busy"))
            except ChallengeUnavailable:  # it ran out at this very moment
                await send_text(self.bot, player, t("challenge-expired"))
            return
        other = row.players[1 - seat]
        link = await self.challenge_link(challenge)
        await send_text(self.bot, player, t("rematch-sent", link=link), InlineKeyboardMarkup(
            inline_keyboard=self.share_buttons(t, challenge.code, link)))
        if made and other is not None:
            await send_text(self.bot, other, (await self.people.translator(other))(
                "rematch-offer", name=await self.people.name(player), link=link))
