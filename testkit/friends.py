"""Friend games by challenge link, started and ended through the bot's own buttons."""

from __future__ import annotations

import re

from bot.views.callbacks import Act
from storage import games
from testkit.driver import choice, game_buttons, resign
from testkit.harness import Harness

ALI, VALI, OUTSIDER = 2001, 2002, 2003


def code_of(payload: str) -> str:
    """The challenge code in a link's payload (`<code>_<control>`)."""
    return payload.rpartition("_")[0] or payload


async def challenge(h: Harness, *labels: str) -> str:
    """Ali's /new, then the menu's `labels`; the payload of the challenge link (its code
    and its time control, `bot.views.timecontrols.link_payload`)."""
    ali = h.fake.user(ALI, "Ali")
    ali.command("/new")
    await h.feed()
    for label in labels:
        ali.press_button(ALI, label)
        await h.feed()
    text = h.fake.last_message(ALI).text or ""
    match = re.search(r"https://t\.me/nard_test_bot\?start=(\S+)", text)
    assert match, text
    return match.group(1)


async def friend_game(h: Harness) -> int:
    """Ali challenges Vali (who reads Russian) to one game of short nard; the game's id."""
    code = await challenge(h, "Short nard", "👥 A friend", "1 game", "Without the cube")
    vali = h.fake.user(VALI, "Vali", language_code="ru")
    vali.command(f"/start {code}")
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    assert row.players == (ALI, VALI)
    return row.id


def to_move(h: Harness) -> int:
    """Whose board offers move buttons right now."""
    for chat in (ALI, VALI):
        offered = [d for _, d in game_buttons(h.board(chat).buttons) if d.a is not Act.RESIGN]
        if offered:
            return chat
    raise AssertionError("nobody can move")


async def english_friend_game(h: Harness, *options: str) -> int:
    """Ali challenges Vali (both read English) to short nard by link; the game's id."""
    options = options or ("1 game", "Without the cube")
    code = await challenge(h, "Short nard", "👥 A friend", *options)
    h.fake.user(VALI, "Vali").command(f"/start {code}")
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    return row.id


async def start(h: Harness, *labels: str) -> int:
    """A short-nard challenge with the menu's `labels` (length, cube), taken by Vali."""
    code = await challenge(h, "Short nard", "👥 A friend", *labels)
    h.fake.user(VALI, "Vali").command(f"/start {code}")
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    return row.id


async def finish_by_resignation_in_match(h: Harness, game_id: int, loser: int) -> None:
    """`loser` resigns one game of a match."""
    await resign(h, loser)  # the match goes on: the row stays active


async def finish_by_resignation(h: Harness, game_id: int, loser: int) -> None:
    """`loser` resigns; the game (not part of a longer match) is over."""
    await resign(h, loser)
    assert (await games.load_game(h.app.db, game_id)).status == "finished"


async def play_until(h: Harness, game_id: int, act: Act) -> int:
    """Press the offered buttons until someone is offered `act`; returns that chat."""
    users = {ALI: h.fake.user(ALI, "Ali"), VALI: h.fake.user(VALI, "Vali")}
    for _ in range(500):
        chat = to_move(h)
        board = h.board(chat)
        if any(d.a is act for _, d in game_buttons(board.buttons)):
            return chat
        users[chat].press(board, choice(board.buttons))
        await h.feed()
    raise AssertionError(f"{act} was never offered")
