"""Driving tournaments in a group through the fake Bot API (tests/bot/test_tournaments.py
and its two-process twin): the group and its players, /tournament's menu, the lobby's
buttons, the games being played, losing a match through the buttons, a timer pass."""

from __future__ import annotations

from storage import games
from storage import tournaments as stored
from storage.models import Game as Row
from storage.tournaments import Tournament
from testkit.driver import resign
from testkit.harness import Harness

GROUP = -100900
PLAYERS = list(range(7001, 7009))
NAMES = {7001: "Ali", 7002: "Вали", 7003: "Oʻktam", 7004: "Rəşad", 7005: "Айгүл",
         7006: "Leyla", 7007: "Бакыт", 7008: "Sam", 7009: "Late", 7010: "Nodira",
         7011: "Эрлан", 7012: "Günel", 7013: "Jasur", 7014: "Мария", 7015: "Zaur",
         7016: "Dilnoza"}
JOINED = "You are in!"
# What Telegram counts against a group's 20 messages a minute (not getChatMember & co).
SENDS = ("sendMessage", "sendPhoto", "editMessageText", "editMessageMedia",
         "editMessageCaption", "editMessageReplyMarkup")
# A minute, less the half millisecond by which the shared pacer (PostgreSQL) may grant a
# place early (storage/pacing.py, TOLERANCE): the 21st message comes 59.9995 s after the
# first.
PACE_WINDOW = 60 - 0.001


async def meet(h: Harness, players: list[int]) -> None:
    """The group, and its players, each having opened the bot."""
    h.fake.group(GROUP, "Nard club")
    for player in players:
        h.fake.user(player, NAMES[player]).command("/start")
    await h.feed()


async def open_tournament(h: Harness, creator: int, *labels: str) -> Tournament:
    """/tournament in the group, then the menu's buttons."""
    user = h.fake.user(creator, NAMES[creator])
    user.command("/tournament", chat=GROUP)
    await h.feed()
    for label in labels:
        user.press_button(GROUP, label)
        await h.feed()
    tournament = await stored.chat_tournament(h.app.db, GROUP)
    assert tournament is not None, h.fake.transcript(GROUP)
    return tournament


async def full_tournament(h: Harness, players: list[int], creator: int,
                          *labels: str) -> Tournament:
    """`players` meet in the group, `creator` opens a tournament with the menu's `labels`,
    and every one of them joins it (each join answered as joined)."""
    await meet(h, players)
    tournament = await open_tournament(h, creator, *labels)
    for player in players:
        assert JOINED in await press(h, player, "✅ Join")
    return tournament


async def press(h: Harness, player: int, label: str) -> str:
    """Press a button of the lobby; the answer's text."""
    update = h.fake.user(player, NAMES.get(player, "X")).press_button(GROUP, label)
    await h.feed()
    answer = h.fake.callback_answer(update) or {}
    return str(answer.get("text") or "")


async def tournament_games(h: Harness, tournament_id: int) -> list[Row]:
    """The tournament's games being played."""
    rows = []
    for pairing in await stored.pairings(h.app.db, tournament_id):
        if pairing.status == "playing" and pairing.game_id is not None:
            row = await games.load_game(h.app.db, pairing.game_id)
            if row.status == "active":
                rows.append(row)
    return rows


async def lose(h: Harness, row: Row, loser: int) -> None:
    """`loser` resigns the games of the match until it is over (through the buttons)."""
    for _ in range(row.match_length + 1):
        current = await games.load_game(h.app.db, row.id)
        if current.status != "active":
            return
        await resign(h, loser)
    raise AssertionError(f"game {row.id} did not end")


async def tick(h: Harness) -> None:
    """One pass of the timer loop, and what it sent."""
    await h.app.timers.tick()
    await h.feed()
    await h.app.coalescer.drain()


def lobby(h: Harness) -> str:
    found = [m for m in h.fake.messages(GROUP) if m.find_button("✖ Call off")
             or "Knock-out tournament" in (m.text or "") or "Arena," in (m.text or "")]
    assert found, h.fake.transcript(GROUP)
    return found[-1].text or ""


def pictures(h: Harness) -> list[bytes]:
    """Every version of the group's tournament picture, oldest first."""
    shown = [m for m in h.fake.messages(GROUP) if m.photo is not None]
    return [photo for m in shown for edit in m.edits
            if isinstance(photo := getattr(edit, "photo", None), bytes)] + [
        photo for m in shown if (photo := m.photo)]
