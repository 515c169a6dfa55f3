"""Tournaments and people leaving: a joined player who leaves the group (the service
message, or the member update an admin bot gets: once however many arrive), the creator
gone (the players may run it), the bot removed from the group (called off, each player
told), a tournament that never fills (called off after a day), joining two at once.
Each gets a clear answer and nothing waits. Through the real Dispatcher on both engines."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from core.tournaments import OPEN_FOR
from storage import games
from storage import tournaments as stored
from testkit.driver import choose, to_act
from testkit.fake_telegram import FakeTelegram
from testkit.harness import Harness
from testkit.tournament_play import (
    GROUP,
    JOINED,
    NAMES,
    PLAYERS,
    full_tournament,
    lobby,
    lose,
    meet,
    open_tournament,
    press,
    tick,
    tournament_games,
)

OTHER_GROUP = -100901
LEFT_NOTE = "left the group and is out of the tournament."


def _member(fake: FakeTelegram, user: dict[str, Any], kind: str, chat: int = GROUP) -> None:
    """`user` left `chat`: as the member update (`chat_member`, `my_chat_member` for the
    bot) or, `kind` "message", as the group's service message."""
    group = fake.chat(chat).to_api()
    if kind == "message":
        fake.enqueue("message", {"message_id": 90000 + len(fake.pending_updates),
                                 "date": fake._now(), "chat": group, "from": user,
                                 "left_chat_member": user})
        return
    fake.enqueue(kind, {"chat": group, "from": user, "date": fake._now(),
                        "old_chat_member": {"status": "member", "user": user},
                        "new_chat_member": {"status": "left", "user": user}})


async def leave_group(h: Harness, player: int, *kinds: str) -> None:
    user = h.fake.user(player, NAMES[player]).to_api()
    for kind in kinds:
        _member(h.fake, user, kind)
    await h.feed()
    await h.app.coalescer.drain()


def notes(h: Harness, text: str) -> list[str]:
    return [m.text or "" for m in h.fake.messages(GROUP) if text in (m.text or "")]


def members(h: Harness, gone: set[int]) -> None:
    """getChatMember: the users in `gone` have left the group, the rest are members."""
    h.fake.register("getChatMember", lambda params, files: {
        "status": "left" if int(params["user_id"]) in gone else "member",
        "user": {"id": int(params["user_id"]), "is_bot": False, "first_name": "X"}})


async def test_a_player_who_leaves_the_group_is_out_once(group_harness: Harness) -> None:
    h = group_harness
    four = PLAYERS[:4]
    await meet(h, PLAYERS[:5])
    t = await open_tournament(h, 7001, "🏆 Knock-out", "Short nard", "1 game",
                              "Without the cube", "8", "In 10 min")
    for player in four:
        assert JOINED in await press(h, player, "✅ Join")
    # Before the start: off the list; the service message and the member update both
    # arrive, and say it once.
    await leave_group(h, 7002, "message", "chat_member")
    entrants = await stored.entrants(h.app.db, t.id)
    assert 7002 not in [e.player_id for e in entrants]
    assert notes(h, LEFT_NOTE) == [f"👋 {NAMES[7002]} {LEFT_NOTE}"]
    assert h.fake.last_message(7002).text == (
        "🏆 You left the group “Nard club”, so you are out of its tournament.")
    assert NAMES[7002] not in lobby(h).splitlines()[-1]
    # Running: a player in a match leaves; the match is lost, the opponent goes on.
    assert JOINED in await press(h, 7005, "✅ Join")
    assert "The tournament begins!" in await press(h, 7001, "▶ Start now")
    await tick(h)
    [row, *_] = await tournament_games(h, t.id)
    leaver = next(p for p in row.players if p is not None and p != 7001)
    await leave_group(h, leaver, "chat_member")
    await tick(h)
    lost = await games.load_game(h.app.db, row.id)
    assert lost.status == "finished" and lost.players[lost.winner_seat or 0] != leaver
    pairing = next(p for p in await stored.pairings(h.app.db, t.id) if p.game_id == row.id)
    assert pairing.outcome == "forfeit" and pairing.winner_id != leaver
    assert len(notes(h, LEFT_NOTE)) == 2
    # Someone not in the tournament leaving says nothing.
    h.fake.user(7008, NAMES[7008]).command("/help", chat=GROUP)
    await h.feed()
    await leave_group(h, 7008, "message")
    assert len(notes(h, LEFT_NOTE)) == 2


async def test_when_the_creator_is_gone_the_players_run_it(group_harness: Harness) -> None:
    h = group_harness
    four = PLAYERS[:4]
    await meet(h, [*four, 7005, 7008])
    t = await open_tournament(h, 7001, "🏆 Knock-out", "Short nard", "1 game",
                              "Without the cube", "8", "When full")
    for player in (*four[1:], 7008):
        assert JOINED in await press(h, player, "✅ Join")
    members(h, set())
    assert "Only the tournament's creator" in await press(h, 7002, "▶ Start now")
    members(h, {7001})
    await leave_group(h, 7001, "message", "chat_member")  # Telegram tells it both ways
    assert notes(h, "creator has left the group") == [
        "🏆 The tournament's creator has left the group: its players and the group's admins "
        "can now start it or call it off."]
    assert "only its players or a group admin" in await press(h, 7005, "▶ Start now")
    assert "The tournament begins!" in await press(h, 7002, "▶ Start now")
    started = await stored.get_tournament(h.app.db, t.id)
    assert started is not None and started.status == "running"
    assert len(await tournament_games(h, t.id)) == 2


async def test_the_bot_removed_calls_it_off_and_tells_each_player(
        group_harness: Harness) -> None:
    h = group_harness
    four = PLAYERS[:4]
    t = await full_tournament(h, four, 7001, "🏆 Knock-out", "Short nard", "1 game",
                              "Without the cube", "4", "When full")
    await tick(h)
    playing = await tournament_games(h, t.id)
    assert len(playing) == 2
    h.fake.block(GROUP)  # Telegram refuses whatever the bot sends there from now on
    _member(h.fake, h.fake.bot_user(), "my_chat_member")
    await h.feed()
    # Nothing waits on the tournament: its games are the players' own, nobody is held.
    for row in playing:
        assert (await games.load_game(h.app.db, row.id)).status == "active"
    assert await h.app.db.fetchval(
        "SELECT COUNT(*) FROM tournament_players WHERE tournament_id = ? AND entered = ?",
        (t.id, True)) == 0
    # The games run out of time (their results are recorded); the group, which refuses
    # every message now, is given up on, not tried again at every beat.
    for _ in range(12):
        h.clock.advance(30)
        await tick(h)
    assert [(await games.load_game(h.app.db, row.id)).status
            for row in playing] == ["finished"] * len(playing)
    assert await stored.behind(h.app.db, h.clock() - timedelta(days=1)) == []
    tries = len(h.fake.requests)
    for _ in range(3):
        h.clock.advance(30)
        await tick(h)
    assert not [r for r in h.fake.requests[tries:] if r.params.get("chat_id") == GROUP]
    over = await stored.get_tournament(h.app.db, t.id)
    assert over is not None and over.status == "cancelled"
    for player in four:
        assert any(m.text == "🏆 The tournament in “Nard club” was called off: the bot was "
                   "removed from the group. A game being played goes on as an ordinary "
                   "rated game." for m in h.fake.messages(player))
    # The group may hold a new one if the bot comes back.
    assert await stored.chat_tournament(h.app.db, GROUP) is None


async def test_a_tournament_never_filled_is_called_off_after_a_day(
        group_harness: Harness) -> None:
    h = group_harness
    three = PLAYERS[:3]
    await meet(h, three)
    t = await open_tournament(h, 7001, "🏆 Knock-out", "Short nard", "1 game",
                              "Without the cube", "8", "When full")
    for player in three:
        assert JOINED in await press(h, player, "✅ Join")
    assert "Starts when 8 players have joined. If it is not full by " in lobby(h)
    h.clock.advance((OPEN_FOR - timedelta(minutes=1)).total_seconds())
    await tick(h)
    assert (await stored.get_tournament(h.app.db, t.id)).status == "open"  # type: ignore[union-attr]
    h.clock.advance(timedelta(minutes=1).total_seconds())
    await tick(h)
    assert (await stored.get_tournament(h.app.db, t.id)).status == "cancelled"  # type: ignore[union-attr]
    assert "The tournament was called off." in lobby(h)
    assert await stored.chat_tournament(h.app.db, GROUP) is None


async def test_joining_two_tournaments_at_once_is_refused(group_harness: Harness) -> None:
    h = group_harness
    four = PLAYERS[:4]
    await meet(h, four)
    await open_tournament(h, 7001, "🏆 Knock-out", "Short nard", "1 game",
                          "Without the cube", "8", "When full")
    assert JOINED in await press(h, 7003, "✅ Join")
    h.fake.group(OTHER_GROUP, "Elsewhere")
    user = h.fake.user(7002, NAMES[7002])
    user.command("/tournament", chat=OTHER_GROUP)
    await h.feed()
    for label in ("🏆 Knock-out", "Short nard", "1 game", "Without the cube", "4",
                  "When full"):
        user.press_button(OTHER_GROUP, label)
        await h.feed()
    update = h.fake.user(7003, NAMES[7003]).press_button(OTHER_GROUP, "✅ Join")
    await h.feed()
    assert (h.fake.callback_answer(update) or {}).get("text") == (
        "You are already playing in another tournament.")


async def _to_their_turn(h: Harness, row_id: int, player: int) -> None:
    """The other player plays until it is `player`'s turn (or the game is over)."""
    for _ in range(30):
        row = await games.load_game(h.app.db, row_id)
        if row.status != "active" or await to_act(h, row_id) == player:
            return
        chat = await to_act(h, row_id)
        pressed = choose(h.board(chat).buttons)
        assert pressed is not None
        h.fake.user(chat, "P").press(h.board(chat), pressed.pack())
        await h.feed()
    raise AssertionError("the turn never came")


async def test_an_arena_player_who_is_away_is_taken_out(group_harness: Harness) -> None:
    h = group_harness
    four = PLAYERS[:4]
    t = await full_tournament(h, four, 7001, "⏱ Arena", "Short nard", "1 game",
                              "Without the cube", "10 min", "4", "When full")
    await tick(h)
    away = (await tournament_games(h, t.id))[1].players[1]
    assert away is not None
    for _ in range(40):
        for row in await tournament_games(h, t.id):
            if away in row.players:
                await _to_their_turn(h, row.id, away)
            else:  # the others play on (one resigns at once)
                await lose(h, row, row.players[1])  # type: ignore[arg-type]
        h.clock.advance(30)
        await tick(h)
        entrant = next(e for e in await stored.entrants(h.app.db, t.id) if e.player_id == away)
        if entrant.state == "left":
            break
    else:
        raise AssertionError("the absent player was never taken out")
    mine = [p for p in await stored.pairings(h.app.db, t.id) if away in p.players]
    lost_on_time = len([p for p in mine if p.outcome == "forfeit" and p.winner_id != away])
    assert lost_on_time == 2 and all(p.status == "done" for p in mine)
    await tick(h)
    assert [m.text for m in h.fake.messages(away) if (m.text or "").startswith("⏱ You lost")] == [
        "⏱ You lost two arena matches in a row without finishing them, so you are out of "
        "the arena. To play on, press ✅ Join in the group."]
    # Paired no more: the others play on without them; they may come back.
    for _ in range(4):
        for row in await tournament_games(h, t.id):
            assert away not in row.players
            await lose(h, row, row.players[1])  # type: ignore[arg-type]
        h.clock.advance(30)
        await tick(h)
    assert JOINED in await press(h, away, "✅ Join")
