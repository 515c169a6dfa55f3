"""Telling people how a game ended: result messages and the inline challenge card."""

from __future__ import annotations

from dataclasses import dataclass

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.i18n import Translator
from bot.services.coalesce import Coalescer
from bot.services.live import Live
from bot.services.people import People
from bot.telegram_io import edit_card, send_text
from storage import boards, chats
from storage.db import Database
from storage.models import Game as Row
from storage.models import RatingChange


@dataclass
class Outcome:
    """What ending a game did, for the result messages."""

    winner: int
    kind: str
    points: int
    reason: str
    match_over: bool
    changes: tuple[RatingChange, ...]


class Announcer:
    def __init__(self, bot: Bot, db: Database, people: People, coalescer: Coalescer) -> None:
        self.bot, self.db, self.people, self.coalescer = bot, db, people, coalescer

    async def result(self, row: Row, live: Live, outcome: Outcome) -> None:
        """The result of one game (of the match) to the group, or to each player."""
        if outcome.match_over:
            await self.card(row, outcome)
        changes = {change.player_id: change for change in outcome.changes}
        shared = [m for m in await boards.board_messages(self.db, row.id) if m.player_id is None]
        for message in shared:  # a group game: the result goes to the group
            t = await self.people.chat_translator(message.chat_id, row)
            names = await self.people.names(row, t)
            lines = [t("group-result", winner=names[outcome.winner],
                       loser=names[1 - outcome.winner], points=outcome.points,
                       kind=t(f"kind-{outcome.kind}"), reason=t(f"reason-{outcome.reason}"))]
            for seat, player in enumerate(row.players):
                if player in changes:
                    change = changes[player]
                    lines.append(t("group-rating", name=names[seat],
                                   delta=f"{change.delta:+d}", rating=str(change.after)))
            await send_text(self.bot, message.chat_id, "\n".join(lines))
            self.coalescer.note(message.chat_id)
        if shared:
            return
        for seat, player in enumerate(row.players):
            if player is None:
                continue
            viewer = await self.people.viewer(row, seat)
            t = viewer.t
            won = outcome.winner == seat
            lines = [t("result-win" if won else "result-loss", points=outcome.points,
                       kind=t(f"kind-{outcome.kind}"), reason=t(f"reason-{outcome.reason}"))]
            if row.match_length > 1:
                match = live.game.match.after(live.game.result)  # type: ignore[arg-type]
                lines.append(t("match-score", length=row.match_length,
                               me=match.score[seat], them=match.score[1 - seat]))
                lines.append(t("match-won" if won else "match-lost") if outcome.match_over
                             else t("match-next", number=live.number + 1))
            if player in changes:
                change = changes[player]
                lines.append(t("rating-change", delta=f"{change.delta:+d}",
                               rating=str(change.after)))  # no thousands separator
            await send_text(self.bot, player, "\n".join(lines))

    async def card(self, row: Row, outcome: Outcome | None = None) -> None:
        """Keep an inline challenge card in step with its game: playing, then the result."""
        card = await chats.game_card(self.db, row.id)
        if card is None:
            return
        inline_message_id, language = card
        t = Translator(language)
        a, b = await self.people.names(row, t)
        if outcome is None:
            text = t("card-playing", a=a, b=b, variant=t(f"variant-{row.variant}"))
            me = await self.bot.me()
            markup = InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
                text=t("btn-open-board"), url=f"https://t.me/{me.username}?start=play")]])
        else:
            winner, loser = (a, b) if outcome.winner == 0 else (b, a)
            text = t("card-result", winner=winner, loser=loser, points=outcome.points,
                     kind=t(f"kind-{outcome.kind}"))
            markup = None
        await edit_card(self.bot, inline_message_id, text, markup)
