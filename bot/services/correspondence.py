"""Correspondence games in Telegram (docs/playing.md, "Correspondence games").

A correspondence game is played over days, between other things, so its board being edited
in place is not enough: Telegram notifies nobody of an edit. When it becomes a person's turn
the bot sends a new message (in a group, the group gets one naming whose turn it is), at
most once per turn: the turn is claimed in the database first (`storage.games.claim_turn`),
so another process, a restart or a late announcement sends nothing more. A game's first
turn is claimed without a message: its first board is itself a new message. Nor does a
turn that came straight back to the player who just moved (the other passed, or their only
move played itself: `core.history.came_back`) send one: they are at the board.

One reminder comes before the deadline: the timer loop announces `What.WARNING` when a
quarter of the turn is left, claimed once per deadline (`storage.games.claim_warning`).

`/games` lists the player's open games (the live one and the correspondence ones), each
with a button that sends its board anew (`open`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Literal

from aiogram import Bot
from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.plumbing.pacing import Coalescer
from bot.plumbing.telegram_io import send_text
from bot.services.boarding import Boarding
from bot.views.callbacks import GamesCb
from bot.views.clocks import time_span
from core.events import Change, What
from core.history import came_back
from core.live import Live
from core.turnclock import turns_played
from engine.game import Phase
from i18n import Translator
from i18n.people import People
from i18n.zones import local_time
from storage import boards, games
from storage.db import Database
from storage.errors import DatabaseBlip
from storage.models import Game as Row

log = logging.getLogger(__name__)
# The changes after which a turn may have passed to a person (BEHIND: a turn whose change
# was saved but never announced, e.g. the process stopped; the repairs announce it).
TURNS = (What.MOVED, What.ENDED, What.BEHIND)


def turn_key(live: Live) -> str:
    """What names a turn of a person: the game of the match, the turns played, who is to
    act and whether they answer a double (the doubler's turn goes on after a take: a turn
    of its own again, told again)."""
    game = live.game
    doubled = int(game.phase is Phase.DOUBLED)
    return f"{live.number}:{turns_played(game.history)}:{game.to_act}:{doubled}"


class Correspondence:
    def __init__(self, bot: Bot, db: Database, people: People, coalescer: Coalescer,
                 boarding: Boarding, *, clock: Callable[[], datetime]) -> None:
        self.bot, self.db, self.people, self.coalescer = bot, db, people, coalescer
        self.boarding, self.clock = boarding, clock

    # -- the game core's changes ---------------------------------------------------------

    async def on_change(self, change: Change) -> None:
        """A new message when a correspondence game's turn passes to a person; the
        reminder when the turn's warning is due."""
        if not change.row.timing.correspondence:
            return
        try:
            await self._on_change(change)
        except DatabaseBlip:  # logged once per outage; a turn not claimed is told later
            pass
        except Exception:  # a message lost must not stop the game's other listeners
            log.exception("telling game %s's turn failed", change.row.id)

    async def _on_change(self, change: Change) -> None:
        row, live = change.row, change.live
        if row.status != "active" or row.deadline is None:
            return
        seat = live.game.to_act
        if row.players[seat] is None or row.computer_seat is not None:
            return  # against the computer the player is at the board
        if change.what is What.BEGAN:  # the first board is a new message of its own
            await games.claim_turn(self.db, row.id, row.version, turn_key(live))
        elif change.what in TURNS:
            claimed = await games.claim_turn(self.db, row.id, row.version, turn_key(live))
            if claimed and not came_back(live, seat):  # else they have just moved
                await self._tell(row, live, seat, reminder=False)
        elif change.what is What.WARNING:  # claimed once per deadline by the timer loop
            await self._tell(row, live, seat, reminder=True)

    async def _tell(self, row: Row, live: Live, seat: int, *, reminder: bool) -> None:
        """Tell the player in `seat` it is their turn (or remind them), where they play."""
        assert row.deadline is not None
        group = await self._group_of(row)
        player = row.players[seat]
        assert player is not None
        if group is not None:
            t = await self.people.chat_translator(group, row)
            names = await self.people.names(row, t)
            text = t("corr-group-reminder" if reminder else "corr-group-turn",
                     **self._facts(t, row, names[seat]))
            await self.coalescer.submit(group, partial(send_text, self.bot, group, text),
                                        slot=("turn", row.id))
            return
        t = await self.people.translator(player)
        names = await self.people.names(row, t)
        text = t("corr-reminder" if reminder else "corr-your-turn",
                 **self._facts(t, row, names[1 - seat]))
        await send_text(self.bot, player, text, open_keyboard(t, row.id))

    def _facts(self, t: Translator, row: Row, name: str) -> dict[str, str]:
        """What a turn message or reminder says: the name, the variant, the deadline in
        the reader's zone and the time left to it."""
        assert row.deadline is not None
        when, zone = local_time(row.deadline, t.language)
        left = time_span(t, (row.deadline - self.clock()).total_seconds())
        return {"name": name, "variant": t(f"variant-{row.variant}"), "when": when,
                "zone": zone, "left": left}

    async def _group_of(self, row: Row) -> int | None:
        """The group whose shared board shows the game (None: a private game)."""
        for message in await boards.board_messages(self.db, row.id):
            if message.player_id is None:
                return message.chat_id
        return None

    # -- /games ------------------------------------------------------------------------

    async def listing(self, rows: list[Row], player_id: int, t: Translator, *,
                      action: Literal["open", "resign"] = "open"
                      ) -> tuple[str, InlineKeyboardMarkup]:
        """/games: the player's open games (`storage.games.open_games`) with opponent,
        variant, control, whose turn and the time left, a button each (`action`: what the
        button does; /resign asks which game with the same list)."""
        lines, buttons = [t("games-title")], []
        for number, row in enumerate(rows, 1):
            line, opponent = await self.line(row, player_id, t, number)
            lines.append(line)
            buttons.append(InlineKeyboardButton(
                text=t("btn-games-open", number=number, name=opponent),
                callback_data=GamesCb(game=row.id, a=action).pack()))
        keyboard = [buttons[i:i + 2] for i in range(0, len(buttons), 2)]
        return "\n".join(lines), InlineKeyboardMarkup(inline_keyboard=keyboard)

    async def line(self, row: Row, player_id: int, t: Translator, number: int
                   ) -> tuple[str, str]:
        """One game of /games' list as the player reads it ("2. Short nard vs Vali ·
        correspondence · your turn · 23 h 10 min left"), and the opponent's name."""
        seat = row.seat_of(player_id)
        assert seat is not None
        names = await self.people.names(row, t)
        live = Live.load(row.state_json)
        mine = live.game.to_act == seat
        deadline = live.turn_deadline(row.deadline)  # (not a played turn's moment to go)
        left = "" if deadline is None else t(
            "games-left", left=time_span(t, (deadline - self.clock()).total_seconds()))
        return t("games-line", number=number, variant=t(f"variant-{row.variant}"),
                 name=names[1 - seat],
                 control=t("games-kind-corr" if row.timing.correspondence
                           else "games-kind-live"),
                 turn=t("games-your-turn" if mine else "games-their-turn"),
                 left=left).rstrip(" ·"), names[1 - seat]

    async def open(self, player_id: int, game_id: int) -> bool:
        """Send the player's board of `game_id` anew; False when it is not their open
        game."""
        return await self.boarding.show(player_id, game_id)


def open_keyboard(t: Translator, game_id: int) -> InlineKeyboardMarkup:
    """The turn message's button: the game's board, sent anew at the bottom of the chat."""
    return InlineKeyboardMarkup(inline_keyboard=[[InlineKeyboardButton(
        text=t("btn-corr-board"), callback_data=GamesCb(game=game_id).pack())]])
