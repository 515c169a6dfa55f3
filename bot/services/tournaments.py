"""Tournaments in Telegram groups: the door of `core.tournaments`.

In its group a tournament has three messages (`storage.tournaments.tournament_messages`):
the lobby (what it is, who joined, its buttons), the picture (the bracket or the
standings, from the start) and, at the end, the result under the final picture (a
knock-out's winner, runner-up and final; an arena's top three). The lobby and the picture
are redrawn from the stored tournament whenever it changes, through the group's pacer
(`bot.plumbing.pacing`: a newer redraw replaces one still waiting, so a busy arena costs
the group at most the pacer's allowance), and each records the version it shows: the
timer loop (`sweep`) redraws whatever is behind after a restart or a Telegram fault and
posts a result not posted yet (claimed in the database, so it goes out once). Each
pairing's players hear privately whom they play; the games are private games like any
other, their boards tagged with the round (`board_tag`).

News is worked out from the stored tournament (`bot.views.tournaments.news_due`), each
piece named by a topic and recorded once (`storage.tournaments.add_news`), whatever
process, restart or beat works it out again. The group's (round 1 begins; a round is over,
with the next round's pairings or the final) is posted as new messages one at a time
through the group's pacer, the result after the news before it (`_post_news`); each
player's (whom they wait for; their placing at the end) is sent privately by the sweep.
Each is claimed, sent and recorded, so it goes out once; a chat that refuses it, or news
that is no news any more when its turn comes (a wait that is over), is recorded as such."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from aiogram import Bot
from aiogram.exceptions import TelegramAPIError, TelegramBadRequest
from aiogram.types import BufferedInputFile, InlineKeyboardMarkup, InputMediaPhoto
from aiogram.utils.deep_linking import create_start_link

from bot.plumbing.pacing import Coalescer
from bot.plumbing.retry import FAULTS
from bot.plumbing.telegram_io import UNREACHABLE, gone, not_modified, send_text
from bot.services.boarding import Boarding
from bot.services.schedules import ScheduleDoor
from bot.views.board import GameTag
from bot.views.callbacks import TourneyCb, TourneyMenuCb
from bot.views.tournaments import (
    bracket_of,
    due_text,
    lobby_keyboard,
    lobby_text,
    menu_complete,
    news_due,
    news_text,
    picture_caption,
    place_words,
    result_text,
    standings_due,
    standings_of,
    wait_text,
    watchable,
)
from bot.views.watching import WATCHERS, watch_keyboard
from core.live import Live
from core.schedules import REMIND
from core.timecontrol import Offer, UnknownControl
from core.tournaments import (
    Refused,
    Tournaments,
    may_run,
    standings,
    takes_rematches,
    total_rounds,
)
from i18n import Translator
from i18n.people import People
from i18n.zones import zone_of
from render.bracket import render_bracket
from render.standings import render_standings
from storage import boards, chats, games
from storage import tournaments as stored
from storage.db import Database
from storage.models import Game as Row
from storage.tournaments import MIN_PLAYERS, Entrant, MessageKind, Pairing, Tournament

log = logging.getLogger(__name__)
RECENT = timedelta(days=1)  # finished tournaments whose messages are still looked after
CLAIM = timedelta(seconds=10)  # a sender's hold on the announcement while it posts
# Why a press was refused (core.tournaments.Refused), in the presser's words.
REFUSALS = {"exists": "tm-refused-exists", "not-open": "tm-refused-not-open",
            "started": "tm-refused-started", "over": "tm-refused-over",
            "full": "tm-refused-full", "entered": "tm-refused-entered",
            "elsewhere": "tm-refused-elsewhere", "busy": "tm-refused-busy",
            "not-entered": "tm-refused-not-entered", "too-few": "tm-refused-too-few",
            "admins": "tm-refused-admins", "other-chat": "tm-refused-other-chat",
            "players": "tm-refused-players"}
RETRY = timedelta(seconds=15)  # after Telegram failed to take a message, the sweep waits
KINDS: tuple[MessageKind, ...] = ("lobby", "picture", "final")
NEWS = "news"  # the coalescer's slot posting a tournament's group news, one at a time
TAGS_KEPT = 4096  # games whose tournament pairing (or none) this process remembers
PRIVATE_PER_BEAT = 10  # private news a sweep sends per tournament (the rest: next beat)


class Answer:
    """How a press is answered: a text (an alert or a toast), or a link to open."""

    def __init__(self, text: str | None = None, alert: bool = False,
                 url: str | None = None) -> None:
        self.text, self.alert, self.url = text, alert, url


class TournamentTags:
    """What a tournament game's board says of its tournament (the round, the arena's
    standing) and whether it offers "Play again"."""

    def __init__(self, db: Database) -> None:
        self.db = db
        # Game -> its tournament pairing (None: not a tournament's) and the knock-out's
        # rounds: fixed once the game is made, asked for every board drawn.
        self._pairing_of: dict[int, tuple[Pairing, int] | None] = {}

    async def board_tag(self, row: Row, seat: int | None, t: Translator) -> GameTag | None:
        """What a tournament game's board says (`BoardPublisher`'s tagger): the round, or the
        player's place in the arena; no "Play again" while the tournament runs (a rematch
        would keep a player still in it busy)."""
        found = await self._tournament_pairing(row)
        if found is None:
            return None
        pairing, rounds = found
        tournament = await stored.get_tournament(self.db, pairing.tournament_id)
        if tournament is None:
            return None
        if tournament.format == "arena":
            player = row.players[seat] if seat is not None else None
            order = standings(await stored.entrants(self.db, tournament.id))
            rank = next((i for i, e in enumerate(order, 1) if e.player_id == player), None)
            line = t("tm-board-arena-group") if rank is None else t(
                "tm-board-arena", rank=rank, count=len(order), points=order[rank - 1].score)
        elif tournament.format == "swiss":
            total = total_rounds(tournament, await stored.entrants(self.db, tournament.id), ())
            line = t("tm-board-swiss", number=pairing.round, total=total)
        elif pairing.round == rounds:
            line = t("tm-board-final")
        else:
            line = t("tm-board-knockout", number=pairing.round, total=rounds)
        return GameTag(line, rematch=takes_rematches(tournament))

    async def _tournament_pairing(self, row: Row) -> tuple[Pairing, int] | None:
        """The game's pairing and its tournament's rounds (None: not a tournament's game).
        A pairing's game is made with it, so the answer never changes: it is kept."""
        if row.computer_seat is not None or None in row.players:
            return None
        if row.id in self._pairing_of:
            return self._pairing_of[row.id]
        pairing = await stored.game_pairing(self.db, row.id)
        found = None if pairing is None else (pairing, await self.rounds(pairing.tournament_id))
        if len(self._pairing_of) >= TAGS_KEPT:
            self._pairing_of.clear()
        self._pairing_of[row.id] = found
        return found

    async def rounds(self, tournament_id: int) -> int:
        return max((p.round for p in await stored.pairings(self.db, tournament_id)),
                   default=1)


class TournamentDoor:
    """`core.tournaments.TournamentNews` for Telegram, and what the handlers ask."""

    def __init__(self, bot: Bot, db: Database, people: People, coalescer: Coalescer,
                 boarding: Boarding, core: Tournaments, tags: TournamentTags, *,
                 clock: Callable[[], datetime], controls: Offer) -> None:
        self.bot, self.db, self.people, self.coalescer = bot, db, people, coalescer
        self.controls = controls  # the host's: the menu chooses a live one
        self.tags = tags
        self.boarding, self.core, self.clock = boarding, core, clock
        self._retry: dict[int, datetime] = {}  # tournament -> when the sweep tries again
        # What each live tournament's lobby shows, as this process last drew it.
        self._lobby_shown: dict[int, tuple[str, InlineKeyboardMarkup | None]] = {}
        # The news topics this process has recorded, by tournament (not recorded again).
        self._recorded: dict[int, set[str]] = {}
        self.schedules = ScheduleDoor(  # the group's scheduled tournaments
            bot, db, people, controls, core.schedules, self.is_admin)

    # -- what the handlers ask ---------------------------------------------------------

    async def create(self, chat_id: int, creator_id: int, menu: TourneyMenuCb,
                     message_id: int | None, t: Translator) -> str | None:
        """Open the tournament chosen in the menu; the menu's message becomes its lobby.
        Returns why not (the group has one going), in the creator's words, or None. A
        menu with a time of day (`menu.at`) sets a schedule instead (`ScheduleDoor`)."""
        if menu.at >= 0 and menu_complete(menu):
            return await self.schedules.create(chat_id, creator_id, menu, message_id, t)
        try:
            control = self.controls.choose(menu.tc, live_only=True)
        except UnknownControl:
            return t("tm-bad-option")
        if not menu_complete(menu):
            return t("tm-bad-option")
        try:
            tournament = await self.core.create(
                chat_id, creator_id, variant=menu.variant, format=menu.f, length=menu.length,
                cube=menu.cube == 1, capacity=menu.cap,
                start_in=timedelta(minutes=menu.start) if menu.start else None,
                minutes=menu.minutes or None, control=control)
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
                    return Answer(t("tm-open-bot"), True,
                                  await create_start_link(self.bot, "tournament"))
                await self.core.join(tournament.id, player_id)
                await chats.add_chat_member(self.db, chat_id, player_id, now=self.clock())
                return Answer(t("tm-joined"))
            if data.a == "leave":
                was = tournament.status
                await self.core.leave(tournament.id, player_id)
                return Answer(t("tm-left-running" if was == "running" else "tm-left"))
            if not await self._may_run(tournament, player_id):
                raise Refused("players" if await self._creator_gone(tournament)
                              else "admins")
            if data.a == "start":
                await self.core.start(tournament.id)
                return Answer(t("tm-started"))
            await self.core.cancel(tournament.id)
            return Answer(t("tm-called-off"))
        except Refused as exc:
            return Answer(t(REFUSALS[exc.reason], count=MIN_PLAYERS), True)

    async def _may_run(self, tournament: Tournament, player_id: int) -> bool:
        """Whether the presser may start or call off the tournament (`may_run`'s rule, on
        what Telegram says of the presser and the creator)."""
        if player_id == tournament.creator_id:
            return True
        return may_run(tournament, await stored.entrants(self.db, tournament.id), player_id,
                       admin=await self.is_admin(tournament.chat_id, player_id),
                       creator_gone=await self._creator_gone(tournament))

    async def _creator_gone(self, tournament: Tournament) -> bool:
        """Whether the creator has left the group (no when Telegram cannot tell)."""
        try:
            member = await self.bot.get_chat_member(tournament.chat_id, tournament.creator_id)
        except (TelegramAPIError, *FAULTS):
            return False
        return member.status in ("left", "kicked")

    # -- people and the bot leaving the group -------------------------------------------

    async def left_group(self, chat_id: int, user_id: int, group: str) -> None:
        """Someone left the group (or was removed): a player of its tournament is out of
        it (`Tournaments.leave`: off the list, or out with the match they play lost), and
        the group is told; the creator leaving hands Start now and Call off to the players."""
        tournament = await stored.chat_tournament(self.db, chat_id)
        if tournament is None:
            return
        t = await self.people.chat_translator(chat_id, starter=tournament.creator_id)
        said = []
        if user_id == tournament.creator_id and await stored.note_once(
                self.db, tournament.id, "creator-left", chat_id, self.clock()):
            said.append(t("tm-creator-left"))  # once: Telegram may tell of it twice
        entered = any(e.player_id == user_id and e.state == "in"
                      for e in await stored.entrants(self.db, tournament.id))
        if entered:
            try:
                await self.core.leave(tournament.id, user_id)
            except Refused:  # left already (the other update of the same leaving)
                entered = False
        if entered:
            said.insert(0, t("tm-left-group", name=await self.people.name(user_id)))
            await self._tell_player(user_id, group)
        if said:
            await self.coalescer.submit(chat_id, partial(self._tell_group, chat_id,
                                                         "\n".join(said)),
                                        slot=("tournament", tournament.id, "left", user_id))

    async def bot_removed(self, chat_id: int, group: str) -> None:
        """The bot was removed from the group: its tournament is called off (nobody could
        follow or run it), and each of its players is told privately; its schedules stop."""
        await self.core.schedules.stop_chat(chat_id)
        tournament = await stored.chat_tournament(self.db, chat_id)
        if tournament is None:
            return
        try:
            await self.core.cancel(tournament.id)
        except Refused:  # over meanwhile
            return
        for entrant in await stored.entrants(self.db, tournament.id):
            if entrant.state == "in":
                t = await self.people.translator(entrant.player_id)
                await send_text(self.bot, entrant.player_id, t("tm-bot-removed", group=group))

    async def _tell_player(self, player_id: int, group: str) -> None:
        """Tell a player who left the group that they are out of its tournament."""
        t = await self.people.translator(player_id)
        await send_text(self.bot, player_id, t("tm-left-group-you", group=group))

    async def _tell_group(self, chat_id: int, text: str) -> None:
        with contextlib.suppress(*FAULTS):  # (a note, not news: not tried again)
            await self._send(chat_id, text, None)

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
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
            elif tournament.format == "swiss":
                total = total_rounds(tournament,
                                     await stored.entrants(self.db, tournament.id), ())
                text = t("tm-paired-swiss", number=pairing.round, total=total,
                         name=names[1 - seat])
            else:
                total = await self.tags.rounds(tournament.id)
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
        await self._record_news(tournament)
        if any(n.chat_id == tournament.chat_id
               for n in await stored.unposted_news(self.db, tournament.id)):
            await self.coalescer.submit(tournament.chat_id,
                                        partial(self._post_news, tournament.id),
                                        slot=("tournament", tournament.id, NEWS))
        draws = {"lobby": self._lobby, "picture": self.redraw_picture, "final": self._final}
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

    async def _record_news(self, tournament: Tournament) -> None:
        """Record the news the stored tournament has made (`news_due`) that this process
        has not recorded yet; the sweep posts what is not posted."""
        if tournament.started_at is None:
            return
        entrants = await stored.entrants(self.db, tournament.id)
        pairings = await stored.pairings(self.db, tournament.id)
        known = self._recorded.setdefault(tournament.id, set())
        new = [(topic, chat) for topic, chat in news_due(tournament, entrants, pairings,
                                                         self.clock())
               if topic not in known]
        await stored.add_news(self.db, tournament.id, new, self.clock())
        if len(self._recorded) > TAGS_KEPT:  # (only topics known to be stored are kept)
            self._recorded = {tournament.id: known}
        known.update(topic for topic, _ in new)

    async def sweep(self) -> None:
        """The timer's beat: every tournament message behind its tournament, or not posted
        yet, is drawn (at start-up, after a Telegram fault)."""
        now = self.clock()
        for soon in await stored.reminders_due(self.db, now, REMIND):
            await stored.add_news(self.db, soon.id, [("reminder", soon.chat_id)], now)
            await self.redraw(soon)
        behind = await stored.behind(self.db, now - RECENT)
        for tournament in await stored.live_tournaments(self.db):  # an arena's standing
            known = self._recorded.get(tournament.id, set())
            if any(topic not in known for topic in standings_due(tournament, now)):
                await self._record_news(tournament)
                behind = sorted({*behind, tournament.id})
        self._retry = {k: v for k, v in self._retry.items() if k in behind and v > now}
        for tournament_id in behind:
            if tournament_id not in self._retry:
                await self._post_private(tournament_id)
            if tournament_id in self._retry or any(
                    self.coalescer.waiting(("tournament", tournament_id, kind))
                    for kind in (*KINDS, NEWS)):
                continue
            found = await stored.get_tournament(self.db, tournament_id)
            if found is not None:
                await self.redraw(found)

    async def _post_news(self, tournament_id: int) -> None:
        """Post the group's oldest news not posted yet (one message: the pacer's turn),
        then queue the next, or the result once the news before it is out."""
        tournament = await stored.get_tournament(self.db, tournament_id)
        if tournament is None:
            return
        waiting = [n for n in await stored.unposted_news(self.db, tournament_id)
                   if n.chat_id == tournament.chat_id]
        if not waiting:
            return
        item, now = waiting[0], self.clock()
        if not await stored.claim_news(self.db, tournament_id, item.topic, now, now + CLAIM):
            return  # another sender has it; the sweep looks again
        text, keyboard = None, None
        if tournament.status != "cancelled":
            t = await self.people.chat_translator(tournament.chat_id,
                                                  starter=tournament.creator_id)
            entrants = await stored.entrants(self.db, tournament_id)
            pairings = await stored.pairings(self.db, tournament_id)
            text = news_text(t, item.topic, tournament, entrants, pairings, zone_of(t.language))
            keyboard = await self._watch_keyboard(
                t, watchable(item.topic, tournament, pairings), entrants)
        sent: int | None = -1
        if text is not None:
            try:
                sent = await self._send(tournament.chat_id, text, keyboard)
            except FAULTS:  # the claim runs out; the sweep posts it
                return self._failed(tournament_id, "news")
        await stored.record_news(self.db, tournament_id, item.topic,
                                 -1 if sent is None else sent)
        await self.redraw(tournament)  # the next news, or the result after the last

    async def _watch_keyboard(self, t: Translator, pairings: list[Pairing],
                              entrants: list[Entrant]) -> InlineKeyboardMarkup | None:
        """The watch links of the games `pairings` play (`bot.views.watching`)."""
        if not pairings:
            return None
        names = {e.player_id: e.name for e in entrants}
        games = [(p.game_id, names.get(p.players[0] or 0, "?"),
                  names.get(p.players[1] or 0, "?"))
                 for p in pairings if p.game_id is not None]
        return await watch_keyboard(t, games, self.bot, self.boarding.publisher.web)

    # -- watching ------------------------------------------------------------------------

    async def watch(self, chat_id: int, game_id: int, t: Translator) -> str | None:
        """A watch link opened in a private chat: the tournament game's board, read-only
        and kept current (`BoardPublisher.watch`); a player of it gets their own board.
        Returns what to say first (None: nothing can be shown)."""
        pairing = await stored.game_pairing(self.db, game_id)
        if pairing is None:
            return t("watch-none")
        row = await games.load_game(self.db, game_id)
        if chat_id in row.players:
            await self.boarding.show(chat_id, game_id)
            return None
        watchers = [m for m in await boards.board_messages(self.db, game_id)
                    if m.chat_id not in row.players]
        if len(watchers) >= WATCHERS and all(m.chat_id != chat_id for m in watchers):
            return t("watch-full")
        names = await self.people.names(row, t)
        await send_text(self.bot, chat_id, t("watch-intro" if row.status == "active"
                                             else "watch-over",
                                             first=names[0], second=names[1]))
        await self.boarding.publisher.watch(row, Live.load(row.state_json), chat_id)
        return None

    async def _post_private(self, tournament_id: int) -> None:
        """Send the tournament's private news not sent yet (a player's placing), a few a
        beat, each once: claimed, sent, recorded. A player the bot cannot write to (never
        started it, blocked it) is skipped quietly."""
        tournament = await stored.get_tournament(self.db, tournament_id)
        if tournament is None:
            return
        waiting = [n for n in await stored.unposted_news(self.db, tournament_id)
                   if n.chat_id != tournament.chat_id][:PRIVATE_PER_BEAT]
        if not waiting:
            return
        entrants = await stored.entrants(self.db, tournament_id)
        pairings = await stored.pairings(self.db, tournament_id)
        for item in waiting:
            now = self.clock()
            if not await stored.claim_news(self.db, tournament_id, item.topic, now,
                                           now + CLAIM):
                continue
            text = None
            if tournament.status != "cancelled":
                t = await self.people.translator(item.chat_id)
                text = await self._private_text(t, tournament, item.topic, entrants,
                                                pairings)
            if text is None:  # no longer news
                await stored.record_news(self.db, tournament_id, item.topic, -1)
                continue
            try:
                sent = await send_text(self.bot, item.chat_id, text, strict=True)
            except FAULTS:  # the claim runs out; a later beat sends it
                return self._failed(tournament_id, "private news")
            await stored.record_news(self.db, tournament_id, item.topic,
                                     -1 if sent is None else sent)

    async def _private_text(self, t: Translator, tournament: Tournament, topic: str,
                            entrants: list[Entrant], pairings: list[Pairing]) -> str | None:
        """A player's news in their words, as the tournament stands now (None: no news
        any more)."""
        kind, _, rest = topic.partition("-")
        if kind == "place":
            return place_words(t, tournament, int(rest), entrants, pairings)
        if tournament.status != "running":
            return None
        if kind == "away":
            return t("tm-away")
        round_, _, player = rest.partition("-")
        if kind == "wait":
            return wait_text(t, int(round_), int(player), entrants, pairings)
        if kind == "due":
            busy = await self.core.service.active_game(int(player)) is not None
            return due_text(t, int(round_), int(player), busy, entrants, pairings,
                            zone_of(t.language))
        return None

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
        now = self.clock()  # a lobby not posted yet (a schedule's) is posted once
        if not message.message_id and not await stored.claim_message(
                self.db, tournament_id, "lobby", now, now + CLAIM):
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
        return (lobby_text(t, tournament, entrants, zone_of(t.language),
                           self.core.control(tournament)),
                lobby_keyboard(t, tournament))

    async def redraw_picture(self, tournament_id: int) -> None:
        """The standings picture drawn again when the tournament changed since it was shown."""
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
        if tournament.format != "knockout":
            photo = await asyncio.to_thread(
                render_standings, standings_of(tournament, entrants, pairings, now))
        else:
            photo = await asyncio.to_thread(
                render_bracket, bracket_of(entrants, pairings, tournament.winner_id))
        caption = picture_caption(t, tournament, pairings, now, entrants)
        keyboard = await self._watch_keyboard(  # every game being played, to watch
            t, [p for p in pairings if p.status == "playing"], entrants)
        try:
            shown = await self._show_photo(tournament.chat_id, message.message_id, photo,
                                           caption, keyboard)
        except FAULTS:  # the sweep tries again
            return self._failed(tournament_id, "picture")
        await stored.record_shown(self.db, tournament_id, "picture",
                                  (message.message_id or -1) if shown is None else shown,
                                  tournament.version)

    async def _show_photo(self, chat_id: int, message_id: int, photo: bytes,
                          caption: str, keyboard: InlineKeyboardMarkup | None = None
                          ) -> int | None:
        upload = BufferedInputFile(photo, "tournament.png")
        if message_id:
            try:
                await self.bot.edit_message_media(
                    media=InputMediaPhoto(media=upload, caption=caption), chat_id=chat_id,
                    message_id=message_id, reply_markup=keyboard)
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
            sent = await self.bot.send_photo(chat_id, upload, caption=caption,
                                             reply_markup=keyboard)
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
        if any(n.chat_id == tournament.chat_id
               for n in await stored.unposted_news(self.db, tournament_id)):
            return  # the result comes after the news before it (`_post_news` asks again)
        now = self.clock()
        if not await stored.claim_message(self.db, tournament_id, "final", now, now + CLAIM):
            return
        t = await self.people.chat_translator(tournament.chat_id,
                                              starter=tournament.creator_id)
        entrants = await stored.entrants(self.db, tournament_id)
        pairings = await stored.pairings(self.db, tournament_id)
        text = result_text(t, tournament, entrants, pairings)
        if tournament.format != "knockout":
            photo = await asyncio.to_thread(
                render_standings, standings_of(tournament, entrants, pairings, now))
        else:
            photo = await asyncio.to_thread(
                render_bracket, bracket_of(entrants, pairings, tournament.winner_id))
        try:
            sent = await self._show_photo(tournament.chat_id, 0, photo, text)
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

