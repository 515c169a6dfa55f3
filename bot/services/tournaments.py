"""Tournaments in Telegram groups: the door of `core.tournaments`.

In its group a tournament has three messages (`storage.tournaments.tournament_messages`):
the lobby (what it is, who joined, its buttons), the picture (the bracket or the
standings, from the start) and, at the end, the announcement of the winner (a knock-out)
or of the top three (an arena). The lobby and the picture are redrawn from the stored
tournament whenever it changes, through the group's pacer (`bot.plumbing.pacing`: a newer
redraw replaces one still waiting, so a busy arena costs the group at most the pacer's
allowance), and each records the version it shows: the timer loop (`sweep`) redraws
whatever is behind after a restart or a Telegram fault and posts an announcement not
posted yet (claimed in the database, so it goes out once). Each pairing's players hear
privately whom they play; the games are private games like any other.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest
from aiogram.types import BufferedInputFile, InlineKeyboardMarkup, InputMediaPhoto

from bot.plumbing.pacing import Coalescer
from bot.plumbing.retry import FAULTS
from bot.plumbing.telegram_io import UNREACHABLE, gone, not_modified, send_text
from bot.services.boarding import Boarding
from bot.views.callbacks import TourneyCb, TourneyMenuCb
from bot.views.tournaments import (
    bracket_of,
    lobby_keyboard,
    lobby_text,
    menu_complete,
    picture_caption,
    standings_of,
)
from core.tournaments import Refused, Tournaments, standings
from i18n import Translator
from i18n.people import People
from render.bracket import render_bracket
from render.standings import render_standings
from storage import chats
from storage import tournaments as stored
from storage.db import Database
from storage.models import Game as Row
from storage.tournaments import MIN_PLAYERS, MessageKind, Pairing, Tournament

log = logging.getLogger(__name__)
RECENT = timedelta(days=1)  # finished tournaments whose messages are still looked after
CLAIM = timedelta(seconds=10)  # a sender's hold on the announcement while it posts
# Why a press was refused (core.tournaments.Refused), in the presser's words.
REFUSALS = {"exists": "tm-refused-exists", "not-open": "tm-refused-not-open",
            "started": "tm-refused-started", "over": "tm-refused-over",
            "full": "tm-refused-full", "entered": "tm-refused-entered",
            "elsewhere": "tm-refused-elsewhere", "busy": "tm-refused-busy",
            "not-entered": "tm-refused-not-entered", "too-few": "tm-refused-too-few",
            "admins": "tm-refused-admins", "other-chat": "tm-refused-other-chat"}
RETRY = timedelta(seconds=15)  # after Telegram failed to take a message, the sweep waits
KINDS: tuple[MessageKind, ...] = ("lobby", "picture", "final")
PODIUM = {1: "tm-podium-1", 2: "tm-podium-2", 3: "tm-podium-3"}  # an arena's top three


class Answer:
    """How a press is answered: a text (an alert or a toast), or a link to open."""

    def __init__(self, text: str | None = None, alert: bool = False,
                 url: str | None = None) -> None:
        self.text, self.alert, self.url = text, alert, url


class TournamentDoor:
    """`core.tournaments.TournamentNews` for Telegram, and what the handlers ask."""

    def __init__(self, bot: Bot, db: Database, people: People, coalescer: Coalescer,
                 boarding: Boarding, core: Tournaments, *, clock: Callable[[], datetime],
                 zone: ZoneInfo) -> None:
        self.bot, self.db, self.people, self.coalescer = bot, db, people, coalescer
        self.boarding, self.core, self.clock, self.zone = boarding, core, clock, zone
        self._retry: dict[int, datetime] = {}  # tournament -> when the sweep tries again
        # What each live tournament's lobby shows, as this process last drew it.
        self._lobby_shown: dict[int, tuple[str, InlineKeyboardMarkup | None]] = {}

    # -- what the handlers ask ---------------------------------------------------------

    async def create(self, chat_id: int, creator_id: int, menu: TourneyMenuCb,
                     message_id: int | None, t: Translator) -> str | None:
        """Open the tournament chosen in the menu; the menu's message becomes its lobby.
        Returns why not (the group has one going), in the creator's words, or None."""
        if not menu_complete(menu):
            return t("tm-bad-option")
        try:
            tournament = await self.core.create(
                chat_id, creator_id, variant=menu.variant, format=menu.f, length=menu.length,
                cube=menu.cube == 1, capacity=menu.cap,
                start_in=timedelta(minutes=menu.start) if menu.start else None,
                minutes=menu.minutes or None)
        except Refused as exc:
            return t(REFUSALS[exc.reason])
        await chats.add_chat_member(self.db, chat_id, creator_id, now=self.clock())
        if message_id is not None:  # the menu turns into the lobby (no new message)
            shown = await self._edit_lobby(tournament, message_id)
            if shown is not None:
                await stored.record_shown(self.db, tournament.id, "lobby", shown,
                                          tournament.version)
                return None
        await self.redraw(tournament)
        return None

    async def press(self, data: TourneyCb, player_id: int, chat_id: int,
                    t: Translator) -> Answer:
        """A lobby button: Join, Leave, Start now, Call off."""
        tournament = await stored.get_tournament(self.db, data.id)
        try:
            if tournament is None:
                raise Refused("over")
            if tournament.chat_id != chat_id:
                raise Refused("other-chat")
            if data.a == "join":
                if not await self.boarding.reachable(player_id):
                    me = await self.bot.me()
                    return Answer(t("tm-open-bot"), True,
                                  f"https://t.me/{me.username}?start=tournament")
                await self.core.join(tournament.id, player_id)
                await chats.add_chat_member(self.db, chat_id, player_id, now=self.clock())
                return Answer(t("tm-joined"))
            if data.a == "leave":
                was = tournament.status
                await self.core.leave(tournament.id, player_id)
                return Answer(t("tm-left-running" if was == "running" else "tm-left"))
            if player_id != tournament.creator_id and not await self._admin(chat_id,
                                                                            player_id):
                raise Refused("admins")
            if data.a == "start":
                await self.core.start(tournament.id)
                return Answer(t("tm-started"))
            await self.core.cancel(tournament.id)
            return Answer(t("tm-called-off"))
        except Refused as exc:
            return Answer(t(REFUSALS[exc.reason], count=MIN_PLAYERS), True)

    async def _admin(self, chat_id: int, user_id: int) -> bool:
        """Whether the user is an admin of the group; no when Telegram cannot tell."""
        try:
            member = await self.bot.get_chat_member(chat_id, user_id)
        except (TelegramAPIError, *FAULTS):
            return False
        return member.status in ("creator", "administrator")

    # -- the core's news -------------------------------------------------------------------

    async def changed(self, tournament: Tournament) -> None:
        await self.redraw(tournament)

    async def paired(self, tournament: Tournament, pairing: Pairing, game: Row) -> None:
        """Each player of a new pairing hears, in their language, whom they play."""
        names = [await self.people.name(p) if p is not None else "?" for p in game.players]
        for seat, player in enumerate(game.players):
            if player is None:
                continue
            t = await self.people.translator(player)
            if tournament.format == "arena":
                text = t("tm-paired-arena", name=names[1 - seat])
            else:
                total = await self._rounds(tournament.id)
                text = t("tm-paired-knockout", number=pairing.round, total=total,
                         name=names[1 - seat])
            await send_text(self.bot, player, text)

    def result_lines(self, t: Translator, result: dict[str, Any], seat: int | None,
                     names: tuple[str, str]) -> list[str]:
        """A result message's line when a tournament's match was lost by leaving or by
        running out of time (`ResultMessages.result_lines`)."""
        return [t("tm-forfeit-line")] if result.get("forfeit") else []

    # -- drawing, at the group's pace ---------------------------------------------------

    async def redraw(self, tournament: Tournament) -> None:
        """Queue the redraws of the tournament's messages that are behind it in its group
        (each shows the tournament as stored when it is sent; a newer redraw replaces one
        still waiting)."""
        draws = {"lobby": self._lobby, "picture": self._picture, "final": self._final}
        for kind, message in (await stored.messages(self.db, tournament.id)).items():
            current = message.message_id and (
                kind == "final" or message.shown_version >= tournament.version)
            if not current and kind == "lobby" and message.message_id and (
                    self._lobby_shown.get(tournament.id) == await self._lobby_view(tournament)):
                # Most changes (a result, a pairing) leave the lobby's words as they are:
                # no edit, so the group's allowance goes to the picture.
                await stored.record_shown(self.db, tournament.id, "lobby", message.message_id,
                                          tournament.version)
                continue
            if not current:
                await self.coalescer.submit(tournament.chat_id,
                                            partial(draws[kind], tournament.id),
                                            slot=("tournament", tournament.id, kind))
        if not tournament.live:
            self._lobby_shown.pop(tournament.id, None)

    async def sweep(self) -> None:
        """The timer's beat: every tournament message behind its tournament, or not posted
        yet, is drawn (at start-up, after a Telegram fault)."""
        now = self.clock()
        behind = await stored.behind(self.db, now - RECENT)
        self._retry = {k: v for k, v in self._retry.items() if k in behind and v > now}
        for tournament_id in behind:
            if tournament_id in self._retry or any(
                    self.coalescer.waiting(("tournament", tournament_id, kind))
                    for kind in KINDS):
                continue
            tournament = await stored.get_tournament(self.db, tournament_id)
            if tournament is not None:
                await self.redraw(tournament)

    def _failed(self, tournament_id: int, what: str) -> None:
        log.warning("tournament %s: Telegram did not take its %s; again in %s s",
                    tournament_id, what, RETRY.seconds)
        self._retry[tournament_id] = self.clock() + RETRY

    async def _lobby(self, tournament_id: int) -> None:
        tournament = await stored.get_tournament(self.db, tournament_id)
        message = (await stored.messages(self.db, tournament_id)).get("lobby")
        if tournament is None or message is None or (
                message.message_id and message.shown_version >= tournament.version):
            return
        try:
            shown = await self._edit_lobby(tournament, message.message_id)
        except FAULTS:  # the sweep tries again
            return self._failed(tournament_id, "lobby")
        # A group that refuses the message (None) is not asked again for this version.
        await stored.record_shown(self.db, tournament_id, "lobby",
                                  message.message_id if shown is None else shown,
                                  tournament.version)

    async def _edit_lobby(self, tournament: Tournament, message_id: int) -> int | None:
        """Show the lobby in `message_id` (a new message when it is 0 or cannot be
        edited); the id of the message showing it, or None when the group refuses it."""
        text, keyboard = view = await self._lobby_view(tournament)
        if message_id:
            try:
                await self.bot.edit_message_text(text=text, chat_id=tournament.chat_id,
                                                 message_id=message_id, reply_markup=keyboard)
                self._lobby_shown[tournament.id] = view
                return message_id
            except TelegramBadRequest as exc:
                if not_modified(exc):
                    self._lobby_shown[tournament.id] = view
                    return message_id
                if not gone(exc):
                    log.info("editing tournament %s's lobby failed: %s", tournament.id,
                             exc.message)
                    return None
            except UNREACHABLE:
                return None
        sent = await self._send(tournament.chat_id, text, keyboard)
        if sent is not None:
            self._lobby_shown[tournament.id] = view
        return sent

    async def _lobby_view(self, tournament: Tournament
                          ) -> tuple[str, InlineKeyboardMarkup | None]:
        t = await self.people.chat_translator(tournament.chat_id,
                                              starter=tournament.creator_id)
        entrants = await stored.entrants(self.db, tournament.id)
        return lobby_text(t, tournament, entrants, self.zone), lobby_keyboard(t, tournament)

    async def _picture(self, tournament_id: int) -> None:
        tournament = await stored.get_tournament(self.db, tournament_id)
        message = (await stored.messages(self.db, tournament_id)).get("picture")
        if tournament is None or message is None or (
                message.message_id and message.shown_version >= tournament.version):
            return
        t = await self.people.chat_translator(tournament.chat_id,
                                              starter=tournament.creator_id)
        entrants = await stored.entrants(self.db, tournament_id)
        pairings = await stored.pairings(self.db, tournament_id)
        now = self.clock()
        if tournament.format == "arena":
            photo = await asyncio.to_thread(
                render_standings, standings_of(tournament, entrants, pairings, now))
        else:
            photo = await asyncio.to_thread(
                render_bracket, bracket_of(entrants, pairings, tournament.winner_id))
        caption = picture_caption(t, tournament, pairings, now)
        try:
            shown = await self._show_photo(tournament.chat_id, message.message_id, photo,
                                           caption)
        except FAULTS:  # the sweep tries again
            return self._failed(tournament_id, "picture")
        await stored.record_shown(self.db, tournament_id, "picture",
                                  (message.message_id or -1) if shown is None else shown,
                                  tournament.version)

    async def _show_photo(self, chat_id: int, message_id: int, photo: bytes,
                          caption: str) -> int | None:
        upload = BufferedInputFile(photo, "tournament.png")
        if message_id:
            try:
                await self.bot.edit_message_media(
                    media=InputMediaPhoto(media=upload, caption=caption), chat_id=chat_id,
                    message_id=message_id)
                return message_id
            except TelegramBadRequest as exc:
                if not_modified(exc):
                    return message_id
                if not gone(exc):
                    log.info("editing a tournament picture in %s failed: %s", chat_id,
                             exc.message)
                    return None
            except UNREACHABLE:
                return None
        try:
            sent = await self.bot.send_photo(chat_id, upload, caption=caption)
        except UNREACHABLE:
            return None
        except FAULTS:
            raise
        except TelegramAPIError as exc:
            log.info("posting a tournament picture in %s failed: %s", chat_id, exc.message)
            return None
        return sent.message_id

    async def _final(self, tournament_id: int) -> None:
        """The winner, or an arena's top three: posted once."""
        tournament = await stored.get_tournament(self.db, tournament_id)
        message = (await stored.messages(self.db, tournament_id)).get("final")
        if tournament is None or message is None or message.message_id:
            return
        now = self.clock()
        if not await stored.claim_message(self.db, tournament_id, "final", now, now + CLAIM):
            return
        t = await self.people.chat_translator(tournament.chat_id,
                                              starter=tournament.creator_id)
        if tournament.format == "arena":
            top = standings(await stored.entrants(self.db, tournament_id))[:3]
            lines = [t("tm-arena-over")] + [t(PODIUM[rank], name=e.name, points=e.score)
                                            for rank, e in enumerate(top, start=1)]
            text = "\n".join(lines)
        else:
            winner = tournament.winner_id
            text = t("tm-winner", name=await self.people.name(winner) if winner else "?")
        try:
            sent = await self._send(tournament.chat_id, text, None)
        except FAULTS:  # the claim runs out; the sweep posts it
            return self._failed(tournament_id, "announcement")
        await stored.record_shown(self.db, tournament_id, "final", sent or -1,
                                  tournament.version)

    async def _send(self, chat_id: int, text: str,
                    keyboard: InlineKeyboardMarkup | None) -> int | None:
        """A new message in the group; None when the group refuses it. Telegram failing
        raises (the message is not recorded, and is tried again)."""
        try:
            sent = await self.bot.send_message(chat_id, text, reply_markup=keyboard)
        except UNREACHABLE:
            return None
        except FAULTS:
            raise
        except TelegramAPIError as exc:
            log.info("posting in %s failed: %s", chat_id, exc.message)
            return None
        return sent.message_id

    async def _rounds(self, tournament_id: int) -> int:
        return max((p.round for p in await stored.pairings(self.db, tournament_id)),
                   default=1)
