"""Hardened edges: button data Telegram could never send is refused with a
short alert before any lookup; every shape of callback query is handled and answered; the
new-game menu survives double taps, old messages and 50 taps at once; caches are bounded.
"""

from __future__ import annotations

import asyncio
import logging

import pytest
from aiogram.types import Update

from bot.plumbing.admission import PER_USER
from bot.plumbing.pacing import Coalescer
from bot.views.board import game_data
from bot.views.callbacks import Act, GameCb, MatchCb, NewGameCb, parse
from core.people import SIZE
from storage import challenges, games
from testkit.computer import start_game
from testkit.driver import choose, game_buttons
from testkit.friends import friend_game, to_move
from testkit.harness import Harness

USER = 9001


async def feed_at_once(h: Harness, updates: list[dict]) -> list[object]:
    """Hand `updates` to the dispatcher concurrently, as polling does with its tasks."""
    batch = [Update.model_validate(u, context={"bot": h.app.bot}) for u in updates]
    results = await asyncio.gather(*(h.app.dispatcher.feed_update(h.app.bot, u)
                                     for u in batch), return_exceptions=True)
    await h.app.coalescer.drain()
    return results


def alerted(h: Harness, update: dict) -> bool:
    answer = h.fake.callback_answer(update)
    return answer is not None and answer.get("show_alert") is True


async def test_button_data_telegram_could_never_send_is_refused_before_any_lookup(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    game_id = await friend_game(h)
    chat = to_move(h)
    board = h.board(chat)
    user = h.fake.user(chat, "X")
    # Move buttons are offered at once when there are few, after a checker is chosen if not.
    if not any(d.a is Act.GO for _, d in game_buttons(board.buttons)):
        pick = next(d for _, d in game_buttons(board.buttons) if d.a is Act.PICK)
        user.press(board, pick.pack())
        await h.feed()
        board = h.board(chat)
    go = next(d for _, d in game_buttons(board.buttons) if d.a is Act.GO)
    before = await games.load_game(h.app.db, game_id)
    # A real move button, padded to 93 bytes with leading zeros: it still names the game.
    padded = go.pack().replace(f"g:{game_id}:", f"g:{'0' * (91 - len(go.pack()))}{game_id}:")
    assert len(padded.encode()) > 64 and GameCb.unpack(padded) == go
    forged = [padded,
              *(GameCb.model_construct(game=game_id, v=before.version, a=Act.PICK, src=point,
                                       dst=0).pack() for point in (99, 0, -5, 26)),
              f"g:{2**70}:1:r:0:0", f"g:{game_id}:{2**64}:ok:0:0", f"g:{game_id}:1:zz:0:0",
              f"g:-{2**70}:1:r:0:0", "g:1:1", "n:short:ai:beginner:4000:1", "l:" + "x" * 60,
              "j:", "ic:" + "Ж" * 20, "top:short:year", "nonsense", "c:abc:delete"]
    caplog.set_level(logging.DEBUG)
    queries_before = len(h.fake.requests)
    updates = [user.press(board, data) for data in forged]
    queued = h.fake.pop_updates()
    results = []
    for first in range(0, len(queued), PER_USER):  # (more of one user at once: "busy")
        results += await feed_at_once(h, queued[first:first + PER_USER])
    assert not [r for r in results if isinstance(r, BaseException)], results
    assert all(alerted(h, u) for u in updates)
    after = await games.load_game(h.app.db, game_id)
    assert (after.version, after.state_json) == (before.version, before.state_json)
    # Refused at the edge: the only Bot API calls are the answers (no redraw, no lookup).
    assert {r.method for r in h.fake.requests[queries_before:]} == {"answerCallbackQuery"}
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


async def test_every_callback_query_shape_is_handled_and_answered(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    chat = to_move(h)
    board = h.board(chat)
    user = h.fake.user(chat, "X")
    data = [d for _, d in board.buttons if d]
    menu = [NewGameCb().pack(), NewGameCb(variant="short").pack(),
            NewGameCb(variant="short", opponent="ai").pack(),
            NewGameCb(variant="short", opponent="ai", level="beginner", length=1, cube=0).pack(),
            "top:long:week", "l:ru", "rules", f"g:{game_id}:1:re:0:0", "j:abcdefgh",
            "ic:abcdefgh", "c:abcdefgh:cancel"]
    updates = []
    for payload in data + menu:
        # No message at all (a button on an inline message), a message too old to be
        # accessible (date 0), and a game short name instead of data.
        updates.append(h.fake._new_callback_query(
            user, inline_message_id="AAAAA42", chat_instance="1", data=payload))
        updates.append(h.fake._new_callback_query(
            user, chat_instance="1", data=payload,
            message={"message_id": 77777, "date": 0, "chat": h.fake.chat(chat).to_api()}))
    updates.append(h.fake._new_callback_query(user, chat_instance="1",
                                              game_short_name="nard"))
    for update in updates:  # one at a time: each may touch the same game
        results = await feed_at_once(h, [h.fake.pop_update()])
        assert not [r for r in results if isinstance(r, BaseException)], (update, results)
    assert all(h.fake.callback_answer(u) is not None for u in updates)


async def test_the_menu_on_an_old_message_goes_on_in_a_new_one(harness: Harness) -> None:
    h = harness
    user = h.fake.user(USER, "Ali")
    user.command("/new")
    await h.feed()
    old = {"message_id": h.fake.last_message(USER).message_id, "date": 0,
           "chat": h.fake.chat(USER).to_api()}
    sent = len(h.fake.messages(USER))
    h.fake._new_callback_query(user, chat_instance="1", data=NewGameCb(variant="short").pack(),
                               message=old)
    await h.feed()
    assert len(h.fake.messages(USER)) == sent + 1  # the next question, as a new message
    assert "👥" in str(h.fake.last_message(USER).buttons)


async def test_a_double_tapped_menu_button_is_quiet(harness: Harness,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    user = h.fake.user(USER, "Ali")
    user.command("/new")
    await h.feed()
    menu = h.fake.last_message(USER)
    caplog.set_level(logging.DEBUG)
    taps = [user.press(menu, NewGameCb(variant="short").pack()) for _ in range(2)]
    await h.feed()
    assert all(h.fake.callback_answer(u) is not None for u in taps)
    assert ("editMessageText", 400) in [(r.method, r.error_code) for r in h.fake.requests]
    noisy = [r for r in caplog.records if "not modified" in r.getMessage()
             or r.levelno >= logging.WARNING]
    assert not noisy, noisy


@pytest.mark.parametrize("opponent", ["🤖 Computer", "👥 A friend"])
async def test_fifty_taps_on_the_last_menu_button_start_one_thing(
        harness: Harness, caplog: pytest.LogCaptureFixture, opponent: str) -> None:
    h = harness
    labels = ["Short nard", opponent] + (["Beginner"] if "Computer" in opponent else [])
    user = await start_game(h, USER, *labels, "1 game")
    menu = h.fake.last_message(USER)
    last = dict(menu.buttons)["Without the cube"]
    caplog.set_level(logging.INFO)
    taps = [user.press(menu, last) for _ in range(50)]
    results = await feed_at_once(h, h.fake.pop_updates())
    assert not [r for r in results if isinstance(r, BaseException)]
    assert all(h.fake.callback_answer(u) is not None for u in taps)
    assert not [a for u in taps if (a := h.fake.callback_answer(u)).get("show_alert")]
    if "Computer" in opponent:
        assert len(await games.active_games(h.app.db, USER)) == 1
        assert len([m for m in h.fake.messages(USER) if m.photo is not None]) == 1
    else:
        rows = await h.app.db.fetchall("SELECT code FROM challenges WHERE creator_id = ?",
                                       (USER,))
        assert len(rows) == 1
        assert (await challenges.get_challenge(h.app.db, rows[0]["code"])).status == "open"
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING
                or "not found" in r.getMessage()]


async def test_command_arguments_and_deep_links_of_any_size(harness: Harness) -> None:
    h = harness
    group = h.fake.group(-100901, "Club")
    user = h.fake.user(USER, "Ali")
    for text in (f"/start {'9' * 4000}", f"/start {2**70}", "/start " + "x" * 4000,
                 "/start ../../etc", f"/new {'9' * 4000}", "/top " + "²" * 100):
        user.command(text[:4096])
        await h.feed()
    assert "not valid" in (h.fake.messages(USER)[0].text or "")
    for args in ("9" * 4090, "²", "١", str(2**70), "long 7 cube " + "3" * 4000):
        user.command(f"/nard {args}"[:4096], chat=group)
        await h.feed()
        # Refused with the options allowed, the word quoted back short (a long one is cut).
        answer = h.fake.last_message(group).text or ""
        assert "Matches are played to" in answer or "is not an option" in answer, answer
        assert len(answer) < 400


async def test_the_press_is_applied_when_its_answer_gets_a_long_429(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    chat = to_move(h)
    board = h.board(chat)
    before = await games.load_game(h.app.db, game_id)
    start = h.clock()
    h.fake.fail_next("answerCallbackQuery", 429, retry_after=30, times=2)
    data = choose(board.buttons)
    h.fake.user(chat, "X").press(board, data.pack())
    await h.feed()
    after = await games.load_game(h.app.db, game_id)
    if data.a is not Act.PICK:
        assert after.version == before.version + 1
    else:  # choosing a checker is applied to the board, not the stored game
        assert any(d.a is Act.GO for _, d in game_buttons(h.board(chat).buttons))
    # The 30 s were not waited out while the game's lock was held.
    assert (h.clock() - start).total_seconds() < 5


async def test_a_press_is_answered_through_a_burst_of_network_errors(
        harness: Harness) -> None:
    """Six failed answers in a row (three tries inside the game's lock, given up at its
    short allowance): the press is still answered once the lock is let go."""
    h = harness
    await friend_game(h)
    chat = to_move(h)
    board = h.board(chat)
    h.fake.fail_next("answerCallbackQuery", 502, times=6)
    query = h.fake.user(chat, "X").press(board, choose(board.buttons).pack())
    await h.feed()
    assert len(h.fake.calls("answerCallbackQuery")) >= 7
    assert h.fake.callback_answer(query) is not None


async def test_caches_are_bounded(harness: Harness) -> None:
    """The chat door keeps no player rows of its own: whoever writes is signed in to the
    core's one cache (`core.people.Players`, its bound tested in tests/core/test_people.py);
    and aiogram keeps no FSM record per user."""
    h = harness
    for n in range(200):
        h.fake.user(50_000 + n, f"U{n}").command("/help")
    await h.feed()
    assert all(h.app.core.players.remembers(50_000 + n) for n in range(200))
    assert h.app.core.players.size == SIZE
    assert h.app.dispatcher.storage is not None
    assert not getattr(h.app.dispatcher.storage, "storage", {})  # no FSM record per user


def test_the_coalescer_forgets_idle_chats() -> None:
    now = [0.0]
    coalescer = Coalescer(clock=lambda: now[0])
    for chat in range(5000):
        coalescer.note(-chat)
    now[0] += 61  # a window later those chats are idle
    for chat in range(3000):
        coalescer.note(-1_000_000 - chat)
    assert len(coalescer) <= 3000


async def test_twenty_simultaneous_searches_for_an_opponent_start_one(
        harness: Harness, caplog: pytest.LogCaptureFixture) -> None:
    h = harness
    user = h.fake.user(USER, "Ali")
    user.command("/play")
    await h.feed()
    menu = h.fake.last_message(USER)
    go = MatchCb(a="go", variant="long", lengths=15, cube=0).pack()
    taps = [user.press(menu, go) for _ in range(20)]
    results = await feed_at_once(h, h.fake.pop_updates())
    assert not [r for r in results if isinstance(r, BaseException)], results
    assert all(h.fake.callback_answer(u) is not None for u in taps)
    rows = await h.app.db.fetchall(
        "SELECT id FROM match_requests WHERE player_id = ? AND status = 'waiting'", (USER,))
    assert len(rows) == 1
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


def test_keyboard_data_is_what_the_model_packs_and_parses_back() -> None:
    """`views.game_data` writes a game button's data without the model: it must be exactly
    `GameCb.pack()`, and parse back at the edge, for every action and the extreme values."""
    for act in Act:
        for game_id, version in ((1, 1), (2**63 - 1, 2**63 - 1)):
            src_dst = [(0, 0), (25, 0)] if act is not Act.GO else [(24, 0), (25, 24)]
            if act in (Act.PICK, Act.GO):
                src_dst = [(s, d) for s, d in src_dst if s >= 1]
            if act is Act.RESIGN_YES:
                src_dst = [(1, 1), (2, 255)]
            for src, dst in src_dst:
                data = game_data(game_id, version, act, src, dst)
                assert data == GameCb(game=game_id, v=version, a=act, src=src,
                                      dst=dst).pack()
                assert parse(data) == GameCb.unpack(data)


def test_game_keyboards_built_without_validation_are_the_validated_models() -> None:
    """`views.board.game_markup` builds its buttons and keyboard with `model_construct`: the
    models must equal, and be sent exactly as, the ones validation makes (a web button on
    the last row included)."""
    from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo

    from bot.views.board import game_markup

    web = InlineKeyboardButton(text="Web", web_app=WebAppInfo(url="https://example.org/g"))
    rows = ((("13→7", Act.GO, 13, 7), ("bar→20*", Act.GO, 25, 20)),
            (("Undo", Act.UNDO, 0, 0), ("Done", Act.DONE, 0, 0)),
            (("Resign", Act.RESIGN, 0, 0),))
    for extra in (None, web):
        built = game_markup(7, 42, rows, extra)
        validated = InlineKeyboardMarkup(inline_keyboard=[
            [InlineKeyboardButton(text=text, callback_data=game_data(7, 42, act, src, dst))
             for text, act, src, dst in row] for row in rows])
        if extra is not None:
            validated.inline_keyboard[-1].append(extra)
        assert built == validated
        assert built.model_dump() == validated.model_dump()
        assert built.model_dump_json(exclude_none=True) == validated.model_dump_json(
            exclude_none=True)
        assert built.model_fields_set == validated.model_fields_set
        for mine, theirs in zip(built.inline_keyboard, validated.inline_keyboard,
                                strict=True):
            for a, b in zip(mine, theirs, strict=True):
                assert a.model_fields_set == b.model_fields_set
                if b is not extra:
                    assert a.__pydantic_extra__ == b.__pydantic_extra__
                    assert a.__pydantic_private__ == b.__pydantic_private__
    # Each button is its own: binding one to a bot leaves the others (and the next) unbound.
    first, second = game_markup(7, 42, rows).inline_keyboard[0]
    first.as_(object())  # type: ignore[arg-type]
    assert second._bot is None and game_markup(7, 42, rows).inline_keyboard[0][0]._bot is None
