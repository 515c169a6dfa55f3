"""Prepared messages a player shares from the web board to any chat (`core.sharing.Shares`
for Telegram): Bot API `savePreparedInlineMessage`, whose id the page hands to
`Telegram.WebApp.shareMessage`.

* the result card: a finished game's result, with its picture when the bot serves one
  (`WEBAPP_URL`'s signed picture address) and a button to play;
* a challenge: a new challenge with the game's variant, length, cube and time control, as
  the same card the chat's Share button sends (`ChallengeService.challenge_card`).
"""

from __future__ import annotations

import logging

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError
from aiogram.types import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InlineQueryResultPhoto,
    InputTextMessageContent,
)

from bot.services.challenges import ChallengeService
from core.games import GameService
from core.live import Live
from core.seen import final_match
from core.sharing import ShareFailed
from i18n.people import People
from storage import games
from storage.db import Database

log = logging.getLogger(__name__)


class PreparedShares:
    def __init__(self, bot: Bot, db: Database, people: People, games_: GameService,
                 challenges: ChallengeService) -> None:
        self.bot, self.db, self.people = bot, db, people
        self.games, self.challenges = games_, challenges

    async def _prepare(self, player_id: int,
                       result: InlineQueryResultArticle | InlineQueryResultPhoto) -> str:
        try:
            prepared = await self.bot.save_prepared_inline_message(
                user_id=player_id, result=result, allow_user_chats=True,
                allow_bot_chats=False, allow_group_chats=True, allow_channel_chats=True)
        except TelegramAPIError as exc:
            log.warning("preparing %s for player %s failed: %s", result.id, player_id, exc)
            raise ShareFailed(result.id) from exc
        return prepared.id

    async def result_card(self, player_id: int, game_id: int, number: int,
                          picture_url: str | None) -> str:
        """The finished game's result worded for the player, as a photo card (or a text
        card without a picture address)."""
        row = await games.load_game(self.db, game_id)
        live = Live.load(row.state_json)
        result = live.game.result
        seat = row.seat_of(player_id)
        if result is None or seat is None or live.number != number:
            raise ValueError(f"game {game_id}/{number} has no result of player {player_id}")
        t = await self.people.translator(player_id)
        names = await self.people.names(row, t)
        text = t("share-result", winner=names[result.winner], loser=names[1 - result.winner],
                 variant=t(f"variant-{row.variant}"), points=result.points,
                 kind=t(f"kind-{result.kind.value}"))
        match = final_match(live)
        if match.length > 1:
            text += "\n" + t("share-result-match", length=match.length,
                             score=f"{match.score[seat]}:{match.score[1 - seat]}")
        me = await self.bot.me()
        play = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
            text=t("btn-share-play"), url=f"https://t.me/{me.username}")]])
        key = f"result-{game_id}-{number}-{seat}"
        if picture_url is not None:
            return await self._prepare(player_id, InlineQueryResultPhoto(
                id=key, photo_url=picture_url, thumbnail_url=picture_url, caption=text,
                reply_markup=play))
        return await self._prepare(player_id, InlineQueryResultArticle(
            id=key, title=t("share-result-title"), description=text,
            input_message_content=InputTextMessageContent(message_text=text),
            reply_markup=play))

    async def challenge(self, player_id: int, game_id: int) -> str:
        """A new challenge like the game `game_id` (variant, length, cube, time control)."""
        row = await games.load_game(self.db, game_id)
        challenge = await self.challenges.create(player_id, row.variant, row.match_length,
                                                 row.cube, self.games.control_of(row))
        t = await self.people.translator(player_id)
        card = await self.challenges.challenge_card(challenge.code, player_id, t)
        if card is None:  # just made, so open: only a race with its cancel gets here
            raise ValueError(f"challenge {challenge.code} is not open")
        return await self._prepare(player_id, card)
