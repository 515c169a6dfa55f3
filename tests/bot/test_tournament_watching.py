"""Watching a tournament's games: the group's news carries a watch link for each game it
announces (the chat view; beside it the web board's read-only view when the host runs
it), and a watch link opened in a private chat shows the game's board there, read-only,
kept current move by move to the end. An arena's standing is news as it runs, with the
games being played. Through the real Dispatcher on both storage engines."""

from __future__ import annotations

from datetime import timedelta

from bot.services.movelog import game_in_chat
from bot.views.watching import WATCHERS
from bot.views.webapp import WebApp
from core.live import Live
from storage import boards, games
from storage import tournaments as stored
from testkit.clocks import FakeClock
from testkit.driver import choose, to_act
from testkit.fake_telegram import BOT_USERNAME, FakeTelegram, StoredMessage
from testkit.harness import Harness, make_harness, stop_harness
from testkit.pixels import same_picture
from testkit.tournament_play import (
    GROUP,
    NAMES,
    PLAYERS,
    full_tournament,
    lose,
    tick,
    tournament_games,
)

WATCHER = 7100  # not in the tournament
CHAT_LINK = f"https://t.me/{BOT_USERNAME}?start=watch-"


def watch_links(message: StoredMessage) -> dict[str, list[str]]:
    """A news message's watch buttons: label -> the links of its row."""
    return {row[0]["text"]: [b["url"] for b in row] for row in message.inline_keyboard}


def news_with(h: Harness, heading: str) -> StoredMessage:
    return next(m for m in h.fake.messages(GROUP) if (m.text or "").startswith(heading))


def picture(h: Harness) -> StoredMessage:
    """The group's bracket or standings picture (the lobby's neighbour)."""
    [shown] = [m for m in h.fake.messages(GROUP) if m.photo is not None]
    return shown


async def open_link(h: Harness, user: int, game_id: int) -> None:
    h.fake.user(user, NAMES.get(user, "Watcher")).command(f"/start watch-{game_id}")
    await h.feed()


async def play_a_move(h: Harness, game_id: int) -> None:
    """The player to act presses buttons until the game's version has moved on a turn."""
    before = (await games.load_game(h.app.db, game_id)).version
    for _ in range(20):
        row = await games.load_game(h.app.db, game_id)
        if row.version > before and not Live.load(row.state_json).steps:
            return
        chat = await to_act(h, game_id)
        pressed = choose(h.board(chat).buttons)
        assert pressed is not None
        h.fake.user(chat, "P").press(h.board(chat), pressed.pack())
        await h.feed()
    raise AssertionError("no move was played")


async def test_the_news_links_each_game_and_a_watcher_follows_one_to_the_end(
        group_harness: Harness) -> None:
    h = group_harness
    four = PLAYERS[:4]
    t = await full_tournament(h, four, 7001, "🏆 Knock-out", "Short nard", "To 3 points",
                              "Without the cube", "4", "When full")
    await tick(h)
    first = await tournament_games(h, t.id)
    start = news_with(h, "🏆 Round 1 of 2")
    links = watch_links(start)
    assert len(links) == 2
    for row in first:
        a, b = (NAMES[p] for p in row.players if p is not None)
        assert links[f"👁 {a} – {b}"] == [f"{CHAT_LINK}{row.id}"]
    # The group's picture carries the links of every game being played, kept current.
    assert watch_links(picture(h)) == links
    # Someone outside the tournament opens a link: the board in their chat, no buttons.
    watched = first[0]
    h.fake.user(WATCHER, "Watcher").command("/start")
    await h.feed()
    await open_link(h, WATCHER, watched.id)
    a, b = (NAMES[p] for p in watched.players if p is not None)
    intro = h.fake.messages(WATCHER)[-2]
    assert intro.text == (f"👁 You are watching {a} – {b}. The board below follows the game "
                          "move by move; it is read-only."), h.fake.transcript(WATCHER)
    board = h.board(WATCHER)
    assert board.inline_keyboard == [] and "round 1 of 2" in (board.caption or "")
    shown = board.photo
    # Moves are played: the watcher's board follows (edited in place, whole turns).
    for _ in range(2):
        await play_a_move(h, watched.id)
    after = h.fake.message(WATCHER, board.message_id)
    assert not same_picture(after.photo, shown) and after.edits
    row = await games.load_game(h.app.db, watched.id)
    mine = next(m for m in await boards.board_messages(h.app.db, watched.id)
                if m.chat_id == WATCHER)
    assert mine.shown_version == row.version and mine.player_id == WATCHER
    assert len(h.fake.messages(WATCHER)) == 3  # (/start's welcome, the intro, the board)
    # The match ends: the watcher's board shows how, still without buttons.
    await lose(h, watched, watched.players[1])  # type: ignore[arg-type]
    await tick(h)
    assert list(watch_links(picture(h))) == [f"👁 {NAMES[p]} – {NAMES[q]}"  # type: ignore[index]
                                             for p, q in [first[1].players]]
    ended = h.fake.message(WATCHER, board.message_id)
    assert ended.inline_keyboard == []
    assert (ended.caption or "").endswith(f"The match is over: {a} wins 3–0."), ended.caption
    # A player opening their own game's link gets their own board; a game that is not a
    # tournament's, or no game, is refused in words.
    other = first[1]
    player = other.players[0]
    assert player is not None
    boards_before = len([m for m in h.fake.messages(player) if m.photo])
    await open_link(h, player, other.id)
    assert len([m for m in h.fake.messages(player) if m.photo]) == boards_before + 1
    await open_link(h, WATCHER, 999999)
    assert h.fake.last_message(WATCHER).text == (
        "There is no tournament game to watch behind this link.")
    # The final's news links the final.
    await lose(h, other, other.players[1])  # type: ignore[arg-type]
    await tick(h)
    [final] = await tournament_games(h, t.id)
    final_news = next(m for m in h.fake.messages(GROUP) if "🏆 The final:" in (m.text or ""))
    assert [urls for urls in watch_links(final_news).values()] == [[f"{CHAT_LINK}{final.id}"]]


async def test_chat_views_of_one_game_are_limited(group_harness: Harness) -> None:
    h = group_harness
    four = PLAYERS[:4]
    t = await full_tournament(h, four, 7001, "🏆 Knock-out", "Short nard", "1 game",
                              "Without the cube", "4", "When full")
    await tick(h)
    watched = (await tournament_games(h, t.id))[0]
    watchers = list(range(7200, 7200 + WATCHERS + 1))
    for user in watchers:
        h.fake.user(user, f"W{user}").command("/start")
    await h.feed()
    for user in watchers[:-1]:
        await open_link(h, user, watched.id)
        assert h.board(user).photo
    await open_link(h, watchers[-1], watched.id)
    assert "Too many people are watching" in (h.fake.last_message(watchers[-1]).text or "")
    assert not any(m.photo for m in h.fake.messages(watchers[-1]))
    # One of them opens it again: a new board, the same row (no new place taken).
    await open_link(h, watchers[0], watched.id)
    rows = [m for m in await boards.board_messages(h.app.db, watched.id)
            if m.chat_id not in watched.players]
    assert len(rows) == WATCHERS
    # Every chat view is redrawn by a move.
    await play_a_move(h, watched.id)
    row = await games.load_game(h.app.db, watched.id)
    rows = [m for m in await boards.board_messages(h.app.db, watched.id)
            if m.chat_id not in watched.players]
    assert all(m.shown_version == row.version for m in rows)
    # A player watching another game: /log still means their own game.
    other = (await tournament_games(h, t.id))[1]
    newer, older = (other, watched) if other.id > watched.id else (watched, other)
    player = next(p for p in older.players if p is not None)
    await open_link(h, player, newer.id)
    assert (await game_in_chat(h.app.db, player)).id == older.id  # type: ignore[union-attr]


async def test_with_the_web_board_each_game_has_both_views(group_harness: Harness) -> None:
    h = group_harness
    h.app.boards.web = WebApp("https://nard.example/app/")
    four = PLAYERS[:4]
    t = await full_tournament(h, four, 7001, "🏆 Knock-out", "Short nard", "1 game",
                              "Without the cube", "4", "When full")
    await tick(h)
    start = news_with(h, "🏆 Round 1 of 2")
    for row in await tournament_games(h, t.id):
        a, b = (NAMES[p] for p in row.players if p is not None)
        assert watch_links(start)[f"👁 {a} – {b}"] == [
            f"https://t.me/{BOT_USERNAME}?startapp=g{row.id}", f"{CHAT_LINK}{row.id}"]
    assert [b["text"] for r in start.inline_keyboard for b in r][1] == "💬 In chat"


async def test_an_arena_tells_its_standing_as_it_runs(database_url: str) -> None:
    """Moves may take 15 minutes here: the games begun at the start still run at the
    standing, 5 minutes in."""
    clock = FakeClock()
    async with FakeTelegram(monotonic=clock.monotonic) as fake:
        h = await make_harness(fake, database_url, clock=clock, timeout=900)
        try:
            await _arena_standing(h)
        finally:
            await stop_harness(h)


async def _arena_standing(h: Harness) -> None:
    four = PLAYERS[:4]
    t = await full_tournament(h, four, 7001, "⏱ Arena", "Short nard", "1 game",
                              "Without the cube", "10 min", "4", "When full")
    await tick(h)
    first = await tournament_games(h, t.id)
    await lose(h, first[0], first[0].players[1])  # type: ignore[arg-type]
    await tick(h)
    assert not [m for m in h.fake.messages(GROUP) if "The arena so far" in (m.text or "")]
    h.clock.advance(timedelta(minutes=5).total_seconds())
    await tick(h)
    await tick(h)
    [standing] = [m for m in h.fake.messages(GROUP) if "The arena so far" in (m.text or "")]
    lines = (standing.text or "").splitlines()
    winner = NAMES[first[0].players[0]]  # type: ignore[index]
    assert lines[1] == f"1. {winner}: 2 points", lines
    assert len([line for line in lines if line[:2] in ("1.", "2.", "3.", "4.")]) == 4
    [playing] = await tournament_games(h, t.id)  # (the first game's two met last)
    assert playing.id == first[1].id
    assert list(watch_links(standing).values()) == [[f"{CHAT_LINK}{playing.id}"]]
    assert lines[-1] == "👁 Watch the games live with the buttons below."
    assert watch_links(picture(h)) == watch_links(standing)
    # More beats, and the end: the standing is not told again.
    for _ in range(3):
        h.clock.advance(30)
        await tick(h)
    h.clock.advance(timedelta(minutes=6).total_seconds())
    await tick(h)
    told = [n.topic for n in await stored.news(h.app.db, t.id) if n.chat_id == GROUP]
    assert told.count("standing-5") == 1 and told[:2] == ["start", "standing-5"]
    assert len([m for m in h.fake.messages(GROUP) if "The arena so far" in (m.text or "")]) == 1
