"""One game at a time, really: simultaneous presses never seat a player in two games.

Each race feeds its updates to the real Dispatcher at the same moment (asyncio.gather),
with the worst interleaving forced every time: every press's "is anyone here already in a
game?" check sees the database as it was before any of them created its game. Exactly one
game starts (the database's guard refuses the rest), the other press gets the usual "busy"
answer, and nothing of the refused start is left half-made (its challenge stays open, no
board, no game row).
"""

from __future__ import annotations

import asyncio

from aiogram.types import Update

from bot.views.callbacks import Act
from storage import challenges, games
from testkit.computer import start_game
from testkit.driver import game_buttons, resign
from testkit.friends import challenge, code_of
from testkit.harness import Harness

ALI, VALI, WALI, BEK = 2001, 2002, 2003, 2004
GROUP_A, GROUP_B = -100101, -100102
BUSY_LINK = "One of you is already playing a game. Try again when it is over."
BUSY = "You are already playing a game. Finish it or /resign first."


async def at_once(h: Harness, *players: int) -> None:
    """Hand every queued update to the dispatcher at the same moment, every "already in a
    game?" check answered as the database stood before any of them (the worst interleaving
    of simultaneous presses: each checks before any creates)."""
    batch = [Update.model_validate(u, context={"bot": h.app.bot}) for u in h.fake.pop_updates()]
    service = h.app.games
    check = service.active_game
    before = {player: await check(player) for player in players}

    async def as_before(player_id: int):  # type: ignore[no-untyped-def]
        return before[player_id] if player_id in before else await check(player_id)

    service.active_game = as_before  # type: ignore[method-assign]
    try:
        await asyncio.gather(*(h.app.dispatcher.feed_update(h.app.bot, u) for u in batch))
    finally:
        service.active_game = check  # type: ignore[method-assign]
    await h.app.coalescer.drain()


async def active(h: Harness, player: int) -> list[int]:
    return [row.id for row in await games.active_games(h.app.db, player)]


async def all_games(h: Harness) -> list[tuple[int, str]]:
    rows = await h.app.db.fetchall("SELECT id, status FROM games ORDER BY id")
    return [(row[0], row[1]) for row in rows]


async def link(h: Harness, creator: int, name: str) -> str:
    """A friend challenge of `creator` (short nard, one game)."""
    h.fake.user(creator, name)
    if creator == ALI:
        return await challenge(h, "Short nard", "👥 A friend", "1 game", "Without the cube")
    user = h.fake.user(creator, name)
    user.command("/new")
    await h.feed()
    for label in ("Short nard", "👥 A friend", "1 game", "Without the cube"):
        user.press_button(creator, label)
        await h.feed()
    text = h.fake.last_message(creator).text or ""
    return text.split("start=", 1)[1].split()[0]


def texts(h: Harness, chat: int) -> list[str]:
    return [m.text or "" for m in h.fake.messages(chat)]


async def test_a_creators_two_challenges_accepted_at_once(harness: Harness) -> None:
    h = harness
    first, second = await link(h, ALI, "Ali"), await link(h, ALI, "Ali")
    h.fake.user(VALI, "Vali").command(f"/start {first}")
    h.fake.user(WALI, "Wali").command(f"/start {second}")
    await at_once(h, ALI, VALI, WALI)
    assert len(await active(h, ALI)) == 1
    refused = [chat for chat in (VALI, WALI) if BUSY_LINK in texts(h, chat)]
    assert len(refused) == 1
    assert not [m for m in h.fake.messages(refused[0]) if m.photo is not None]
    open_code = first if refused[0] == VALI else second
    assert (await challenges.get_challenge(h.app.db, code_of(open_code))).status == "open"  # type: ignore[union-attr]
    assert len(await all_games(h)) == 1


async def test_one_person_opening_two_friends_links_at_once(harness: Harness) -> None:
    h = harness
    from_ali, from_bek = await link(h, ALI, "Ali"), await link(h, BEK, "Bek")
    vali = h.fake.user(VALI, "Vali")
    vali.command(f"/start {from_ali}")
    vali.command(f"/start {from_bek}")
    await at_once(h, ALI, BEK, VALI)
    assert len(await active(h, VALI)) == 1
    assert BUSY_LINK in texts(h, VALI)
    assert len(await all_games(h)) == 1
    statuses = {(await challenges.get_challenge(h.app.db, code_of(code))).status  # type: ignore[union-attr]
                for code in (from_ali, from_bek)}
    assert statuses == {"open", "accepted"}


async def test_play_again_on_two_finished_games_at_once(harness: Harness) -> None:
    h = harness
    user = await start_game(h, ALI, "Short nard", "🤖 Computer", "Beginner", "1 game",
                            "Without the cube")
    await resign(h, ALI)
    user.command("/new")
    await h.feed()
    for label in ("Short nard", "🤖 Computer", "Beginner", "1 game", "Without the cube"):
        user.press_button(ALI, label)
        await h.feed()
    await resign(h, ALI)
    finished = [m for m in h.fake.messages(ALI) if m.photo is not None
                and any(d.a is Act.REMATCH for _, d in game_buttons(m.buttons))]
    assert len(finished) == 2
    for board in finished:
        again = next(d for _, d in game_buttons(board.buttons) if d.a is Act.REMATCH)
        user.press(board, again.pack())
    await at_once(h, ALI)
    assert len(await active(h, ALI)) == 1
    assert BUSY in texts(h, ALI)
    assert len(await all_games(h)) == 3


async def test_a_challenge_accepted_while_its_creator_starts_a_computer_game(
        harness: Harness) -> None:
    h = harness
    code = await link(h, ALI, "Ali")
    ali = h.fake.user(ALI, "Ali")
    ali.command("/new")
    await h.feed()
    for label in ("Short nard", "🤖 Computer", "Beginner", "1 game"):
        ali.press_button(ALI, label)
        await h.feed()
    ali.press_button(ALI, "Without the cube")  # the computer game ...
    h.fake.user(VALI, "Vali").command(f"/start {code}")  # ... and the acceptance, at once
    await at_once(h, ALI, VALI)
    assert len(await active(h, ALI)) == 1
    assert BUSY in texts(h, ALI) or BUSY_LINK in texts(h, VALI)
    assert len(await all_games(h)) == 1


async def test_two_group_challenges_by_one_person_joined_at_once(harness: Harness) -> None:
    h = harness
    ali = h.fake.user(ALI, "Ali")
    for group in (GROUP_A, GROUP_B):
        h.fake.group(group, f"Club {group}")
        ali.command("/nard", chat=group)
        await h.feed()
    vali = h.fake.user(VALI, "Vali").press_button(GROUP_A, "🎲 Join")
    wali = h.fake.user(WALI, "Wali").press_button(GROUP_B, "🎲 Join")
    await at_once(h, ALI, VALI, WALI)
    assert len(await active(h, ALI)) == 1
    boards = [group for group in (GROUP_A, GROUP_B)
              if [m for m in h.fake.messages(group) if m.photo is not None]]
    assert len(boards) == 1  # the refused join posted no board
    answers = [h.fake.callback_answer(u) for u in (vali, wali)]
    assert sum(1 for a in answers if a and a.get("show_alert")) == 1
    assert len(await all_games(h)) == 1
