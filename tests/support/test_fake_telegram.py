"""The fake Bot API server, driven by a real aiogram Bot over HTTP."""

from __future__ import annotations

import asyncio
import io
import sys
import time
from urllib.parse import urlsplit

import aiohttp
import pytest
from aiogram import Bot, Dispatcher, F
from aiogram.exceptions import (
    TelegramBadRequest,
    TelegramConflictError,
    TelegramForbiddenError,
    TelegramNotFound,
    TelegramRetryAfter,
)
from aiogram.filters import Command, CommandObject, CommandStart
from aiogram.types import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BufferedInputFile,
    CallbackQuery,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InputMediaPhoto,
    InputTextMessageContent,
    Message,
    Update,
)
from PIL import Image

from testkit.fake_telegram import (
    BOT_USERNAME,
    MESSAGE_TO_EDIT_NOT_FOUND,
    NOT_MODIFIED,
    FakeTelegram,
)
from testkit.fixtures import bot_for
from testkit.waiting import until


def png(color: str = "red", size: tuple[int, int] = (4, 3)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, format="PNG")
    return buffer.getvalue()


def keyboard(*buttons: tuple[str, str]) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup(
        inline_keyboard=[[InlineKeyboardButton(text=t, callback_data=d) for t, d in buttons]]
    )


async def test_get_me_unknown_method_and_wrong_token(fake_telegram: FakeTelegram, fake_bot: Bot):
    me = await fake_bot.get_me()
    assert (me.id, me.username, me.is_bot) == (123456, BOT_USERNAME, True)

    async with aiohttp.ClientSession() as http:
        async with http.post(f"{fake_telegram.url}/bot123456:TEST/noSuchMethod") as response:
            assert response.status == 404
            assert await response.json() == {
                "ok": False,
                "error_code": 404,
                "description": "Not Found: method not found",
            }
        async with http.post(f"{fake_telegram.url}/bot999:WRONG/getMe") as response:
            assert response.status == 401
    assert [r.method for r in fake_telegram.requests] == ["getMe", "noSuchMethod", "getMe"]
    assert [r.ok for r in fake_telegram.requests] == [True, False, False]


async def test_message_with_inline_keyboard(fake_telegram: FakeTelegram, fake_bot: Bot):
    alice = fake_telegram.user(1001, "Alice", username="alice")
    markup = InlineKeyboardMarkup(
        inline_keyboard=[
            [InlineKeyboardButton(text="Roll", callback_data="g:7:0:roll")],
            [InlineKeyboardButton(text="Rules", url="https://example.com/rules")],
        ]
    )
    sent = await fake_bot.send_message(
        alice.id, "<b>Your</b> move &amp; dice", parse_mode="HTML", reply_markup=markup
    )
    assert sent.text == "Your move & dice"  # what the client shows
    assert sent.chat.id == alice.id and sent.chat.type == "private"
    assert sent.from_user is not None and sent.from_user.username == BOT_USERNAME
    assert sent.reply_markup is not None
    assert sent.reply_markup.model_dump() == markup.model_dump()

    second = await fake_bot.send_message(alice.id, "Second")
    assert second.message_id == sent.message_id + 1
    assert fake_telegram.buttons(alice, sent.message_id) == [
        ("Roll", "g:7:0:roll"),
        ("Rules", None),
    ]
    assert fake_telegram.buttons(alice) == []  # the last message has no keyboard
    assert fake_telegram.last_message(alice).text == "Second"
    call = fake_telegram.calls("sendMessage")[0]
    assert call.params["chat_id"] == alice.id
    assert call.params["reply_markup"]["inline_keyboard"][0][0]["callback_data"] == "g:7:0:roll"


async def test_photo_upload_and_media_edit(fake_telegram: FakeTelegram, fake_bot: Bot):
    alice = fake_telegram.user(1001, "Alice")
    first, second = png("red"), png("blue", (6, 5))
    sent = await fake_bot.send_photo(
        alice.id,
        BufferedInputFile(first, "board.png"),
        caption="Board",
        reply_markup=keyboard(("Roll", "roll")),
    )
    assert sent.caption == "Board" and sent.photo is not None
    assert (sent.photo[-1].width, sent.photo[-1].height) == (4, 3)
    upload = fake_telegram.calls("sendPhoto")[0]
    assert upload.params["photo"].startswith("attach://")  # aiogram's way of uploading
    assert list(upload.files.values()) == [first]
    assert fake_telegram.photo(alice, sent.message_id) == first

    edited = await fake_bot.edit_message_media(
        media=InputMediaPhoto(media=BufferedInputFile(second, "board.png"), caption="Board 2"),
        chat_id=alice.id,
        message_id=sent.message_id,
        reply_markup=keyboard(("Move", "move")),
    )
    assert isinstance(edited, Message) and edited.caption == "Board 2"
    assert edited.edit_date is not None and edited.photo is not None
    request = fake_telegram.calls("editMessageMedia")[0]
    reference = request.params["media"]["media"]
    assert reference.startswith("attach://")
    assert request.files[reference.removeprefix("attach://")] == second
    assert fake_telegram.photo(alice, sent.message_id) == second
    assert fake_telegram.buttons(alice) == [("Move", "move")]
    stored = fake_telegram.message(alice, sent.message_id)
    assert [(e.method, e.caption, e.photo) for e in stored.edits] == [
        ("editMessageMedia", "Board 2", second)
    ]

    # A photo has no text to edit; a file_id sends the same picture again.
    with pytest.raises(TelegramBadRequest, match="no text in the message"):
        await fake_bot.edit_message_text("x", chat_id=alice.id, message_id=sent.message_id)
    again = await fake_bot.send_photo(alice.id, edited.photo[-1].file_id)
    assert fake_telegram.photo(alice, again.message_id) == second


async def test_retry_after_injection(fake_telegram: FakeTelegram, fake_bot: Bot):
    alice = fake_telegram.user(1001, "Alice")
    fake_telegram.fail_next("sendMessage")
    with pytest.raises(TelegramRetryAfter) as caught:
        await fake_bot.send_message(alice.id, "hi")
    assert caught.value.retry_after == 1

    fake_telegram.fail_next("sendmessage", retry_after=7)  # any spelling of the method
    with pytest.raises(TelegramRetryAfter) as caught:
        await fake_bot.send_message(alice.id, "hi")
    assert caught.value.retry_after == 7 and "retry after 7" in caught.value.message

    await fake_bot.send_message(alice.id, "hi")
    assert [r.error_code for r in fake_telegram.calls("sendMessage")] == [429, 429, None]
    assert len(fake_telegram.messages(alice)) == 1


async def test_not_modified_missing_and_keyboard_removal(
    fake_telegram: FakeTelegram, fake_bot: Bot
):
    alice = fake_telegram.user(1001, "Alice")
    markup = keyboard(("Roll", "roll"))
    sent = await fake_bot.send_message(alice.id, "Hi", reply_markup=markup)
    where = {"chat_id": alice.id, "message_id": sent.message_id}

    with pytest.raises(TelegramBadRequest) as caught:
        await fake_bot.edit_message_text("Hi", reply_markup=markup, **where)
    assert caught.value.message == NOT_MODIFIED

    # Like Telegram, an edit without reply_markup drops the keyboard: that is a change.
    edited = await fake_bot.edit_message_text("Hi", **where)
    assert isinstance(edited, Message) and edited.reply_markup is None
    assert fake_telegram.buttons(alice) == []
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await fake_bot.edit_message_reply_markup(**where)

    await fake_bot.edit_message_reply_markup(reply_markup=markup, **where)
    assert [e.method for e in fake_telegram.last_message(alice).edits] == [
        "editMessageText",
        "editMessageReplyMarkup",
    ]

    fake_telegram.fail_next("editMessageMedia", 400)  # the fake cannot compare pictures
    with pytest.raises(TelegramBadRequest, match="message is not modified"):
        await fake_bot.edit_message_media(
            media=InputMediaPhoto(media=BufferedInputFile(png(), "b.png")), **where
        )

    with pytest.raises(TelegramBadRequest) as caught:
        await fake_bot.edit_message_text("x", chat_id=alice.id, message_id=999)
    assert caught.value.message == MESSAGE_TO_EDIT_NOT_FOUND
    assert await fake_bot.delete_message(alice.id, sent.message_id) is True
    with pytest.raises(TelegramBadRequest, match="message to edit not found"):
        await fake_bot.edit_message_text("x", **where)
    with pytest.raises(TelegramBadRequest, match="message to delete not found"):
        await fake_bot.delete_message(alice.id, sent.message_id)


async def test_blocked_chats_answer_403(fake_telegram: FakeTelegram, fake_bot: Bot):
    alice = fake_telegram.user(1001, "Alice")
    club = fake_telegram.group(-500, "Nard club")
    fake_telegram.block(alice)
    fake_telegram.block(club)
    with pytest.raises(TelegramForbiddenError, match="bot was blocked by the user"):
        await fake_bot.send_message(alice.id, "hi")
    with pytest.raises(TelegramForbiddenError, match="kicked from the group chat"):
        await fake_bot.send_chat_action(club.id, "upload_photo")
    fake_telegram.unblock(alice)
    await fake_bot.send_message(alice.id, "hi")
    fake_telegram.fail_next("sendMessage", 403)
    with pytest.raises(TelegramForbiddenError):
        await fake_bot.send_message(alice.id, "again")


async def test_telegram_validation(fake_telegram: FakeTelegram, fake_bot: Bot):
    alice = fake_telegram.user(1001, "Alice")
    with pytest.raises(TelegramBadRequest, match="BUTTON_DATA_INVALID"):
        await fake_bot.send_message(alice.id, "x", reply_markup=keyboard(("B", "d" * 65)))
    with pytest.raises(TelegramBadRequest, match="Can't find end tag"):
        await fake_bot.send_message(alice.id, "<b>bold", parse_mode="HTML")
    with pytest.raises(TelegramBadRequest, match='Unsupported start tag "div"'):
        await fake_bot.send_message(alice.id, "<div>x</div>", parse_mode="HTML")
    with pytest.raises(TelegramBadRequest, match="message is too long"):
        await fake_bot.send_message(alice.id, "x" * 4097)
    with pytest.raises(TelegramBadRequest, match="chat not found"):
        await fake_bot.send_message(424242, "x")
    with pytest.raises(TelegramBadRequest, match="IMAGE_PROCESS_FAILED"):
        await fake_bot.send_photo(alice.id, BufferedInputFile(b"not a picture", "x.png"))
    assert fake_telegram.messages(alice) == []


async def test_message_effects_in_private_chats_and_names_per_language(
        fake_telegram: FakeTelegram, fake_bot: Bot):
    alice = fake_telegram.user(1001, "Alice")
    club = fake_telegram.group(-500, "Nard club")
    party = "5046509860389126442"  # 🎉
    await fake_bot.send_message(alice.id, "You won!", message_effect_id=party)
    assert fake_telegram.last_message(alice).effect_id == party
    with pytest.raises(TelegramBadRequest, match="EFFECT_ID_INVALID"):
        await fake_bot.send_message(alice.id, "x", message_effect_id="12345")
    with pytest.raises(TelegramBadRequest, match="EFFECT_ID_INVALID"):  # private chats only
        await fake_bot.send_message(club.id, "x", message_effect_id=party)
    assert (await fake_bot.get_my_name(language_code="ru")).name == "Nard Test Bot"
    await fake_bot.set_my_name("Нарды", language_code="ru")
    assert (await fake_bot.get_my_name(language_code="ru")).name == "Нарды"
    assert (await fake_bot.get_my_name()).name == "Nard Test Bot"
    await fake_bot.set_my_name("", language_code="ru")
    assert (await fake_bot.get_my_name(language_code="ru")).name == "Nard Test Bot"
    with pytest.raises(TelegramBadRequest, match="too long"):
        await fake_bot.set_my_name("x" * 65)


async def test_long_polling_honours_offset_and_timeout(
    fake_telegram: FakeTelegram, fake_bot: Bot
):
    alice = fake_telegram.user(1001, "Alice")
    alice.say("hello")
    [first] = await fake_bot.get_updates(timeout=5)
    assert first.message is not None and first.message.text == "hello"
    assert first.message.from_user is not None and first.message.from_user.id == alice.id
    # Not confirmed yet: delivered again.
    assert [u.update_id for u in await fake_bot.get_updates(timeout=0)] == [first.update_id]

    # Confirmed by the offset; the poll waits until a new update arrives.
    asyncio.get_running_loop().call_later(0.05, alice.say, "later")
    started = time.monotonic()
    [second] = await fake_bot.get_updates(offset=first.update_id + 1, timeout=10)
    assert time.monotonic() - started < 2
    assert second.update_id > first.update_id
    assert second.message is not None and second.message.text == "later"
    assert fake_telegram.pending_updates == []

    # An empty poll ends at its timeout (capped by max_poll_timeout), or at once on
    # release_pollers().
    fake_telegram.max_poll_timeout = 0.1
    started = time.monotonic()
    assert await fake_bot.get_updates(offset=second.update_id + 1, timeout=30) == []
    assert 0.09 < time.monotonic() - started < 2
    fake_telegram.max_poll_timeout = None
    waiting = asyncio.create_task(fake_bot.get_updates(offset=second.update_id + 1, timeout=30))
    await until(lambda: any(not r.done for r in fake_telegram.calls("getUpdates")), 30,
                "the long poll to arrive")
    fake_telegram.release_pollers()
    assert await asyncio.wait_for(waiting, 2) == []


async def test_second_poller_terminates_the_first_and_allowed_updates_filter(
    fake_telegram: FakeTelegram, fake_bot: Bot
):
    alice = fake_telegram.user(1001, "Alice")
    first = asyncio.create_task(fake_bot.get_updates(timeout=30))
    await until(lambda: bool(fake_telegram.calls("getUpdates")), 30, "the first poll")
    # A second poller terminates the waiting one with 409 Conflict, as Telegram does.
    assert await fake_bot.get_updates(timeout=0, allowed_updates=["message"]) == []
    with pytest.raises(TelegramConflictError):
        await first

    # allowed_updates sticks: the inline query is dropped, the message delivered.
    alice.inline_query("ignored")
    alice.say("kept")
    updates = await fake_bot.get_updates(timeout=1)
    assert [u.message.text for u in updates if u.message] == ["kept"]
    assert [next(k for k in u if k != "update_id") for u in fake_telegram.dropped_updates] == [
        "inline_query"
    ]


async def test_callback_press_feeds_the_dispatcher(fake_telegram: FakeTelegram, fake_bot: Bot):
    alice = fake_telegram.user(1001, "Alice")
    seen: list[CallbackQuery] = []
    dispatcher = Dispatcher()

    @dispatcher.callback_query(F.data.startswith("g:"))
    async def on_press(query: CallbackQuery) -> None:
        seen.append(query)
        await query.answer("Not your turn", show_alert=True)
        assert isinstance(query.message, Message)
        await query.message.edit_text("Pressed")

    sent = await fake_bot.send_message(alice.id, "Board", reply_markup=keyboard(("Roll", "g:7:3")))
    update = alice.press_button(None, "Roll")
    assert update["callback_query"]["message"]["reply_markup"]["inline_keyboard"]

    parsed = Update.model_validate(update, context={"bot": fake_bot})
    assert parsed.callback_query is not None and parsed.callback_query.data == "g:7:3"
    assert await fake_telegram.feed(dispatcher, fake_bot) == 1

    [query] = seen
    assert query.from_user.id == alice.id and query.data == "g:7:3"
    assert isinstance(query.message, Message)
    assert query.message.message_id == sent.message_id
    assert query.message.reply_markup is not None
    assert query.message.reply_markup.inline_keyboard[0][0].callback_data == "g:7:3"
    answer = fake_telegram.callback_answer(update)
    assert answer is not None and answer["show_alert"] is True
    assert answer["text"] == "Not your turn"
    assert fake_telegram.last_message(alice).text == "Pressed"
    with pytest.raises(TelegramBadRequest, match="query is too old"):
        await fake_bot.answer_callback_query(query.id)  # answered already

    # A raw press (stale or forged data) on an aiogram Message shows the message as it is now.
    forged = alice.press(sent, "g:7:2")
    assert forged["callback_query"]["message"]["text"] == "Pressed"
    assert "reply_markup" not in forged["callback_query"]["message"]  # edit_text dropped it
    with pytest.raises(LookupError, match="no button 'Roll'"):
        alice.press_button("private", "Roll")


async def test_commands_deep_links_and_groups(fake_telegram: FakeTelegram, fake_bot: Bot):
    alice = fake_telegram.user(1001, "Alice")
    bob = fake_telegram.user(1002, "Bob", username="bob", language_code="ru")
    club = fake_telegram.group(-500, "Nard club")
    dispatcher = Dispatcher()

    @dispatcher.message(CommandStart(deep_link=True))
    async def start_with_code(message: Message, command: CommandObject) -> None:
        await message.answer(f"code {command.args}")

    @dispatcher.message(Command("help"))
    async def help_(message: Message) -> None:
        await message.answer(f"help for {message.from_user.first_name}")  # type: ignore[union-attr]

    alice.command("/start ABC123")
    bob.command(f"/help@{BOT_USERNAME}", club)
    assert await fake_telegram.feed(dispatcher, fake_bot) == 2
    assert fake_telegram.last_message(alice).text == "code ABC123"
    assert fake_telegram.last_message(club).text == "help for Bob"
    assert fake_telegram.message(club, 1).text == "/help@nard_test_bot"  # Bob's own message
    assert "Bob: /help" in fake_telegram.transcript(club)

    await fake_bot.set_my_commands([BotCommand(command="start", description="Start")])
    await fake_bot.set_my_commands(
        [BotCommand(command="help", description="Помощь")],
        scope=BotCommandScopeAllGroupChats(),
        language_code="ru",
    )
    assert [c.command for c in await fake_bot.get_my_commands()] == ["start"]
    assert fake_telegram.commands({"type": "all_group_chats"}, "ru") == [
        {"command": "help", "description": "Помощь"}
    ]
    assert await fake_bot.delete_webhook(drop_pending_updates=True) is True


async def test_inline_query_chosen_result_and_inline_button(
    fake_telegram: FakeTelegram, fake_bot: Bot
):
    alice = fake_telegram.user(1001, "Alice")
    bob = fake_telegram.user(1002, "Bob")
    alice.inline_query("short")
    parsed = Update.model_validate(fake_telegram.pop_update(), context={"bot": fake_bot})
    assert parsed.inline_query is not None and parsed.inline_query.query == "short"

    card = InputTextMessageContent(message_text="<b>Alice</b> challenges you", parse_mode="HTML")
    await fake_bot.answer_inline_query(
        parsed.inline_query.id,
        results=[
            InlineQueryResultArticle(
                id="c1",
                title="Challenge",
                input_message_content=card,
                reply_markup=keyboard(("Accept", "acc:9")),
            )
        ],
        cache_time=0,
    )
    assert fake_telegram.inline_results(parsed.inline_query.id)[0]["id"] == "c1"  # type: ignore[index]

    chosen = alice.chosen("c1")
    inline_id = chosen["chosen_inline_result"]["inline_message_id"]
    assert fake_telegram.inline_message(inline_id).text == "Alice challenges you"

    press = bob.press_inline_button(inline_id, "Accept")
    [chosen_update, press_update] = [
        Update.model_validate(u, context={"bot": fake_bot}) for u in fake_telegram.pop_updates()
    ]
    assert chosen_update.chosen_inline_result is not None
    assert chosen_update.chosen_inline_result.inline_message_id == inline_id
    query = press_update.callback_query
    assert query is not None and query.message is None
    assert (query.inline_message_id, query.data, query.from_user.id) == (inline_id, "acc:9", bob.id)
    await query.answer()
    assert fake_telegram.callback_answer(press) == {"callback_query_id": query.id}

    assert (
        await fake_bot.edit_message_text(
            "Game on", inline_message_id=inline_id, reply_markup=keyboard(("Watch", "w:9"))
        )
        is True
    )
    card_message = fake_telegram.inline_message(inline_id)
    assert (card_message.text, card_message.buttons) == ("Game on", [("Watch", "w:9")])
    assert await fake_bot.edit_message_reply_markup(inline_message_id=inline_id) is True
    assert fake_telegram.inline_message(inline_id).buttons == []
    with pytest.raises(TelegramBadRequest, match="MESSAGE_ID_INVALID"):
        await fake_bot.edit_message_text("x", inline_message_id="nope")


async def test_rate_accounting_with_an_injected_clock():
    now = [0.0]
    async with FakeTelegram(monotonic=lambda: now[0]) as fake:
        bot = bot_for(fake)
        try:
            club = fake.group(-500, "Nard club")
            sent = await bot.send_message(club.id, "v0")
            for version, moment in enumerate([0.0, 1.0, 2.0, 3.0, 10.0], start=1):
                now[0] = moment
                await bot.edit_message_text(
                    f"v{version}", chat_id=club.id, message_id=sent.message_id
                )
        finally:
            await bot.session.close()
    assert fake.edits_per_window(club, 3.0) == 3  # 0, 1, 2: a window is [t, t + 3)
    assert fake.edits_per_window(club, 3.5) == 4
    assert fake.edits_per_window(club, 0.5) == 1
    assert fake.requests_per_window(club, 60, ["sendMessage"]) == 1
    assert fake.requests_per_window(club, 60) == 6


async def test_in_process_polling_dispatcher(fake_telegram: FakeTelegram):
    alice = fake_telegram.user(1001, "Alice")
    dispatcher = Dispatcher()

    @dispatcher.message(F.text)
    async def echo(message: Message) -> None:
        await message.answer(f"echo: {message.text}")

    bot = bot_for(fake_telegram)
    polling = asyncio.create_task(
        dispatcher.start_polling(bot, polling_timeout=10, handle_signals=False)
    )
    try:
        mark = fake_telegram.mark()
        alice.say("hi")
        reply = await fake_telegram.wait_for("sendMessage", after=mark)
        assert reply.params["text"] == "echo: hi"
        await fake_telegram.wait_delivered()
    finally:
        await dispatcher.stop_polling()
        await asyncio.wait_for(polling, 5)
    assert fake_telegram.last_message(alice).text == "echo: hi"


SUBPROCESS_BOT = """
import json, sys, urllib.parse, urllib.request
url, token = sys.argv[1], sys.argv[2]

def call(method, **params):
    data = urllib.parse.urlencode(params).encode()
    with urllib.request.urlopen(f"{url}/bot{token}/{method}", data, timeout=10) as response:
        return json.load(response)["result"]

[update] = call("getUpdates", timeout=5)
message = update["message"]
call("sendMessage", chat_id=message["chat"]["id"], text="pong: " + message["text"])
call("getUpdates", offset=update["update_id"] + 1, timeout=0)
"""


async def test_a_subprocess_polls_over_tcp(fake_telegram: FakeTelegram):
    alice = fake_telegram.user(1001, "Alice")
    alice.say("ping")
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-I", "-c", SUBPROCESS_BOT, fake_telegram.url, fake_telegram.token
    )
    assert await asyncio.wait_for(process.wait(), 20) == 0
    assert fake_telegram.last_message(alice).text == "pong: ping"
    assert [r.method for r in fake_telegram.requests] == ["getUpdates", "sendMessage", "getUpdates"]
    assert fake_telegram.requests[-1].params["offset"] == fake_telegram.requests[0].result[0][
        "update_id"
    ] + 1
    assert fake_telegram.pending_updates == []


async def test_registered_and_unknown_methods(fake_telegram: FakeTelegram, fake_bot: Bot):
    fake_telegram.register("getChatMemberCount", lambda params, files: 2)
    assert await fake_bot.get_chat_member_count(-500) == 2
    with pytest.raises(TelegramNotFound, match="method not found"):
        await fake_bot.get_chat(1001)


async def test_get_chat_member_answers_admins_and_members(fake_telegram: FakeTelegram,
                                                         fake_bot: Bot):
    fake_telegram.group(-500, "Club")
    fake_telegram.user(1001, "Alice")
    fake_telegram.user(1002, "Bob")
    fake_telegram.user(1003, "Cem")
    fake_telegram.make_admin(-500, 1001, owner=True)
    fake_telegram.make_admin(-500, 1002)
    statuses = [(await fake_bot.get_chat_member(-500, user)).status
                for user in (1001, 1002, 1003)]
    assert statuses == ["creator", "administrator", "member"]
    with pytest.raises(TelegramBadRequest):
        await fake_bot.get_chat_member(-500, 4242)


async def test_stop_releases_a_pending_poll():
    async with FakeTelegram() as fake:
        bot = bot_for(fake)
        try:
            poll = asyncio.create_task(bot.get_updates(timeout=30))
            await until(lambda: bool(fake.calls("getUpdates")), 30, "the poll")
            started = time.monotonic()
            await fake.stop()
            assert time.monotonic() - started < 1.5
            assert await asyncio.wait_for(poll, 1) == []
        finally:
            await bot.session.close()


async def test_a_client_that_dies_while_sending_is_no_fault_of_the_fake(
        fake_telegram: FakeTelegram) -> None:
    """A bot process killed in the middle of an upload: the fake notes a request that never
    arrived, not a failure of its own (the fixture fails on those)."""
    url = urlsplit(fake_telegram.url)
    _, writer = await asyncio.open_connection(url.hostname, url.port)
    path = f"/bot{fake_telegram.token}/sendMessage"
    writer.write((f"POST {path} HTTP/1.1\r\nHost: {url.hostname}\r\n"
                  "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
                  '{"chat_id": 1, "te').encode())
    await writer.drain()
    await until(lambda: any(r.method == "sendMessage" for r in fake_telegram.requests), 30,
                "the cut request to be noted")
    writer.transport.abort()  # gone, as a SIGKILL leaves it
    record = next(r for r in fake_telegram.requests if r.method == "sendMessage")
    await until(lambda: record.done, 30, "the cut request to end")
    assert record.error_code == 400 and "closed the connection" in (record.description or "")
    assert fake_telegram.internal_errors == []
