"""A seeded generator of random Telegram updates, queued in the fake Bot API.

It produces every kind of update aiogram parses that this bot can meet: messages and
commands (with random, huge and malformed arguments, in private chats and groups), deep
links (real challenge codes harvested from the bot's messages, junk, 10 KB payloads),
edited messages, callback queries (the buttons the bot really offered, pressed by the right
user or anybody, and junk for every callback-data prefix: huge and negative numbers, fields
out of range, over 64 bytes), in every shape (on a message, on an inline message only, on a
message too old to be accessible, from a bot), inline queries, chosen inline results and
my_chat_member updates (blocking the bot).

`UpdateFuzzer.step()` queues one update and returns it; the caller feeds the Dispatcher.
It reaches into the fake's message store (`_chats`, `_inline_messages`,
`_new_callback_query`) to press buttons on any message in any shape.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
import random
import re
import string
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiogram.types import Update

from testkit.fake_telegram import JSON, FakeTelegram, FakeUser, StoredMessage

if TYPE_CHECKING:
    from bot.app import App

COMMANDS = ("start", "new", "play", "log", "games", "top", "me", "resign", "rules", "lang",
            "help", "nard",
            "foo", "START", "new@nard_test_bot", "start@other_bot")
PREFIXES = ("g", "n", "l", "c", "top", "j", "ic", "mm", "rules", "zz", "")
ACTS = ("p", "g", "b", "u", "ok", "r", "x", "t", "d", "rs", "ry", "rn", "re", "??")
HUGE = (str(2**63), str(2**63 - 1), str(2**70), str(-(2**63) - 1), "9" * 60, "-5", "0",
        "99", "26", "25", "1e9", "0x10", "١٢", "²", "", " ", "NaN", "-0")


class UpdateFuzzer:
    def __init__(self, fake: FakeTelegram, seed: int, *, users: int = 40, groups: int = 4,
                 first_user: int = 700_000, hot: int | None = None) -> None:
        """`hot`: that many users make most of the updates (the rest now and then), so a
        crowd of users still plays real games."""
        self.fake = fake
        self.rng = random.Random(seed)
        self.hot = hot or users
        self.recent: deque[int] = deque(maxlen=64)  # chats written to lately
        self.users = [fake.user(first_user + i, self._name(), username=self._maybe_username(),
                                language_code=self.rng.choice(
                                    ["en", "ru", "uz", "ky", "az", "de", None, "pt-br"]))
                      for i in range(users)]
        self.groups = [fake.group(-(900_000 + i), f"Group {i}") for i in range(groups)]
        self.offered: list[tuple[FakeUser, str]] = []  # inline results that may be chosen
        self.callback_ids: list[str] = []  # callback queries queued, not checked yet
        self.presses = 0  # callback queries queued in all
        self.kinds: dict[str, int] = {}
        self._choices: list[tuple[float, Callable[[], JSON | None]]] = [
            (14, self.command), (4, self.deep_link), (3, self.text), (2, self.edited),
            (40, self.press_offered), (12, self.press_junk), (5, self.press_shapes),
            (4, self.inline_query), (2, self.chosen), (1, self.member_update),
        ]

    # -- the public step ------------------------------------------------------------------

    def step(self) -> JSON:
        weights = [w for w, _ in self._choices]
        while True:
            make = self.rng.choices([f for _, f in self._choices], weights)[0]
            update = make()
            if update is not None:
                self.kinds[make.__name__] = self.kinds.get(make.__name__, 0) + 1
                if "callback_query" in update:
                    self.callback_ids.append(update["callback_query"]["id"])
                    self.presses += 1
                return update

    # -- pieces -----------------------------------------------------------------------------

    def _name(self) -> str:
        alphabet = string.ascii_letters + "ÄöüßЖЯşğıʻ😀 <>&\"'"
        return "".join(self.rng.choice(alphabet) for _ in range(self.rng.randint(1, 30))).strip(
        ) or "X"

    def _maybe_username(self) -> str | None:
        return None if self.rng.random() < 0.5 else "u" + "".join(
            self.rng.choice(string.ascii_lowercase) for _ in range(8))

    def _user(self) -> FakeUser:
        if self.rng.random() < 0.8:
            user = self.users[self.rng.randrange(self.hot)]
        else:
            user = self.rng.choice(self.users)
        self.recent.append(user.id)
        return user

    def _chat_for(self, user: FakeUser) -> int:
        return user.id if self.rng.random() < 0.75 else self.rng.choice(self.groups).id

    def _word(self) -> str:
        pool = ["short", "long", "1", "3", "5", "7", "cube", "play", "LONG", "9" * 5000,
                str(2**70), "-1", "١", "²", "x" * 300, "", "\u0000", "<b>", "🎲"]
        return self.rng.choice(pool)

    def _args(self) -> str:
        return " ".join(self._word() for _ in range(self.rng.randint(0, 4)))

    def _number(self) -> str:
        if self.rng.random() < 0.5:
            return self.rng.choice(HUGE)
        return str(self.rng.randint(-3, 40))

    # -- messages -----------------------------------------------------------------------------

    def command(self) -> JSON:
        user = self._user()
        text = f"/{self.rng.choice(COMMANDS)}"
        if self.rng.random() < 0.6:
            text += " " + self._args()
        return user.send(self._chat_for(user), text[:4096])

    def deep_link(self) -> JSON:
        user = self._user()
        codes = self._codes()
        roll = self.rng.random()
        if codes and roll < 0.5:
            payload = self.rng.choice(codes)
        elif roll < 0.7:
            payload = "play"
        elif roll < 0.85:
            payload = "".join(self.rng.choice(string.printable) for _ in range(12))
        else:
            payload = self.rng.choice(["9" * 4000, "x" * 10_000, str(2**70), "-" * 64])
        return user.send(user.id, f"/start {payload}"[:4096])

    def text(self) -> JSON:
        user = self._user()
        body = self.rng.choice(["hi", "24/18 13/10", "🎲", "x" * 4096, "/", " ", "@nard"])
        return user.send(self._chat_for(user), body)

    def edited(self) -> JSON:
        user = self._user()
        user.send(self._chat_for(user), "/new")
        message = self.fake._queue.pop()["message"]  # replaced by its edit
        message["edit_date"] = message["date"] + 5
        message["text"] = self.rng.choice(["/new", "/start", "/top long", "edited"])
        return self.fake.enqueue("edited_message", message)

    def member_update(self) -> JSON | None:
        user = self._user()
        if self.rng.random() < 0.5:
            return user.block_bot()
        self.fake.unblock(user.id)
        bot = self.fake.bot_user()
        return self.fake.enqueue("my_chat_member", {
            "chat": self.fake.chat(user.id).to_api(), "from": user.to_api(),
            "date": 0, "old_chat_member": {"status": "kicked", "user": bot, "until_date": 0},
            "new_chat_member": {"status": "member", "user": bot}})

    # -- button presses ---------------------------------------------------------------------

    def _messages_with_buttons(self) -> list[StoredMessage]:
        """The newest few messages with buttons of a few random chats (boards are pressed
        where the game is)."""
        ids = list(dict.fromkeys(self.recent)) + [g.id for g in self.groups]
        chats = [self.fake._chats[i] for i in self.rng.sample(ids, min(4, len(ids)))]
        found: list[StoredMessage] = []
        for chat in chats:
            mine = []
            for message in reversed(chat.messages.values()):
                if message.from_bot and not message.deleted and message.buttons:
                    mine.append(message)
                    if len(mine) == 3:
                        break
            found.extend(mine)
        return found

    def _codes(self) -> list[str]:
        codes = []
        for chat_id in list(dict.fromkeys(self.recent))[:20]:
            chat = self.fake._chats[chat_id]
            for message in itertools.islice(reversed(chat.messages.values()), 5):
                codes += re.findall(r"start=([A-Za-z0-9_-]+)", message.content or "")
        return codes

    def _presser(self, message: StoredMessage) -> FakeUser:
        chat = message.chat_id
        if chat is not None and chat > 0 and self.rng.random() < 0.8:
            return self.fake.user(chat, "P")  # the chat's own user (who can play there)
        return self._user()

    def press_offered(self) -> JSON | None:
        """A button the bot really offered, pressed (mostly) by the user it was for."""
        messages = self._messages_with_buttons()
        if not messages:
            return self.command()
        message = self.rng.choice(messages)
        data = [d for _, d in message.buttons if d]
        if not data:
            return None
        choice = self.rng.choice(data)
        if self.rng.random() < 0.15:
            choice = self._mutate(choice)
        return self._new_press(self._presser(message), message, choice)

    def press_junk(self) -> JSON | None:
        messages = self._messages_with_buttons()
        user = self._user()
        data = self._junk()
        if messages:
            return self._new_press(user, self.rng.choice(messages), data)
        return self._query(user, data, message={"message_id": 1, "date": 0,
                                               "chat": self.fake.chat(user.id).to_api()})

    def press_shapes(self) -> JSON | None:
        """Valid-looking data in the shapes aiogram can deliver a callback query in."""
        user = self._user()
        messages = self._messages_with_buttons()
        data = None
        if messages:
            offered = [d for _, d in self.rng.choice(messages).buttons if d]
            data = self.rng.choice(offered) if offered else None
        data = data or self._junk()
        shape = self.rng.choice(["inline", "inaccessible", "bare", "bot", "inline-known"])
        if shape == "inline":
            return self._query(user, data, inline_message_id=f"AAAAA{self.rng.randint(0, 10**9)}")
        if shape == "inline-known" and self.fake._inline_messages:
            inline_id = self.rng.choice(list(self.fake._inline_messages))
            return self._query(user, data, inline_message_id=inline_id)
        if shape == "inaccessible":
            chat = self.fake.chat(self._chat_for(user)).to_api()
            return self._query(user, data, message={
                "message_id": self.rng.randint(1, 10**6), "date": 0, "chat": chat})
        if shape == "bot":
            update = self._query(user, data, inline_message_id="AAAAA0")
            update_in_queue = self.fake._queue[-1]["callback_query"]
            update_in_queue["from"] = {**update_in_queue["from"], "is_bot": True}
            return update
        return self._query(user, data)  # neither message nor inline_message_id

    def _new_press(self, user: FakeUser, message: StoredMessage, data: str) -> JSON:
        if message.chat is None:
            return self._query(user, data, inline_message_id=message.inline_message_id)
        return self.fake._new_callback_query(
            user, message=message.to_api(), chat_instance=str(message.chat_id), data=data)

    def _query(self, user: FakeUser, data: str, **fields: object) -> JSON:
        return self.fake._new_callback_query(user, chat_instance="1", data=data, **fields)

    def _mutate(self, data: str) -> str:
        parts = data.split(":")
        index = self.rng.randrange(len(parts))
        parts[index] = self._number() if self.rng.random() < 0.7 else self._word()[:70]
        return ":".join(parts)

    def _junk(self) -> str:
        prefix = self.rng.choice(PREFIXES)
        roll = self.rng.random()
        if prefix == "g":
            fields = [self._number(), self._number(), self.rng.choice(ACTS), self._number(),
                      self._number()]
            if roll < 0.2:  # a valid-looking button padded past Telegram's 64 bytes
                fields[0] = "0" * 70 + "1"
            return ":".join(["g", *fields])
        if roll < 0.1:
            return prefix + ":" + "x" * self.rng.randint(60, 300)
        if roll < 0.2:
            return prefix
        fields = [self.rng.choice([self._number(), self._word()[:20], "short", "ai", "day"])
                  for _ in range(self.rng.randint(0, 6))]
        return ":".join([prefix, *fields])

    # -- inline mode ------------------------------------------------------------------------

    def inline_query(self) -> JSON:
        user = self._user()
        update = user.inline_query(self.rng.choice(["", "long", "x" * 256, "🎲"]))
        self.offered.append((user, update["inline_query"]["query"]))
        return update

    def chosen(self) -> JSON | None:
        while self.offered:
            user, query = self.offered.pop(self.rng.randrange(len(self.offered)))
            try:
                return user.chosen(self.rng.choice(["short", "long"]), query)
            except LookupError:  # that query was never answered (or not with cards)
                continue
        return None


# -- driving the bot ---------------------------------------------------------------------------


@dataclass
class FuzzReport:
    updates: int = 0
    exceptions: list[str] = field(default_factory=list)  # raised out of feed_update
    errors: list[str] = field(default_factory=list)  # log records at ERROR or above
    tracebacks: list[str] = field(default_factory=list)  # any log record with a traceback
    unanswered: list[str] = field(default_factory=list)  # callback queries never answered
    # Active games whose player to move has no board showing the stored version's buttons.
    boardless: list[str] = field(default_factory=list)
    games: int = 0  # games started

    @property
    def clean(self) -> bool:
        return not (self.exceptions or self.errors or self.tracebacks or self.unanswered
                    or self.boardless)

    def summary(self) -> str:
        return (f"{self.updates} updates, {self.games} games: {len(self.exceptions)} "
                f"exceptions, {len(self.errors)} errors logged, {len(self.tracebacks)} "
                f"tracebacks, {len(self.unanswered)} callback queries unanswered, "
                f"{len(self.boardless)} games without a board for the player to move")


class _Collect(logging.Handler):
    def __init__(self, report: FuzzReport) -> None:
        super().__init__(logging.DEBUG)
        self.report = report

    def emit(self, record: logging.LogRecord) -> None:
        text = f"{record.levelname} {record.name}: {record.getMessage()}"
        if record.exc_info:
            text += "\n" + "".join(traceback.format_exception(*record.exc_info))[-2000:]
            self.report.tracebacks.append(text)
        if record.levelno >= logging.ERROR:
            self.report.errors.append(text)


async def drive(app: App, fake: FakeTelegram, fuzzer: UpdateFuzzer, updates: int, *,
                advance: Callable[[float], None], batch: int = 4, tick_every: int = 40,
                progress: Callable[[int], None] | None = None,
                keep_small: bool = False) -> FuzzReport:
    """Feed `updates` random updates to the Dispatcher, `batch` at a time concurrently (as
    polling hands them out as tasks), run the timer now and then after moving the clock.

    Each batch's callback queries are checked as soon as its handlers return (every press
    is answered there or never). `keep_small` trims the fake's records as it goes (long
    runs): its message store and request log would otherwise hold every picture sent."""
    report = FuzzReport()
    collect = _Collect(report)
    root = logging.getLogger()
    root.addHandler(collect)
    level = root.level
    root.setLevel(min(level, logging.INFO))
    try:
        while report.updates < updates:
            for _ in range(min(batch, updates - report.updates)):
                fuzzer.step()
                report.updates += 1
            pending = [Update.model_validate(u, context={"bot": app.bot})
                       for u in fake.pop_updates()]
            results = await asyncio.gather(
                *(app.dispatcher.feed_update(app.bot, u) for u in pending),
                return_exceptions=True)
            checked, fuzzer.callback_ids = fuzzer.callback_ids, []
            report.unanswered += [q for q in checked if fake.callback_answer(q) is None]
            if keep_small:
                for query_id in checked:
                    fake._callback_queries.pop(query_id, None)
                if report.updates % 200 < batch:
                    trim(fake, [])
            for update, result in zip(pending, results, strict=True):
                if isinstance(result, BaseException):
                    shown = update.model_dump_json(exclude_none=True)[:300]
                    report.exceptions.append(
                        f"update {shown}: " + "".join(traceback.format_exception(result)))
            if report.updates % tick_every < batch:
                advance(fuzzer.rng.choice([1, 5, 30, 100, 200]))
                await app.timers.tick()
                await app.challenges.sweep_cards()
            if progress is not None:
                progress(report.updates)
        await app.coalescer.drain()
        await app.repair.drain()
    finally:
        root.removeHandler(collect)
        root.setLevel(level)
    report.boardless = await boardless_games(app, fake)
    report.games = int(await app.db.fetchval("SELECT count(*) FROM games"))
    return report


def trim(fake: FakeTelegram, answered: list[str]) -> None:
    """Forget what the fake keeps for its own assertions (requests, old messages and
    pictures, checked callback queries): long runs measure the bot, not the fake."""
    fake.requests.clear()
    fake._files.clear()  # the bot uploads every picture anew: no file id is reused
    for chat in fake._chats.values():
        for key in list(itertools.islice(chat.messages, max(0, len(chat.messages) - 12))):
            message = chat.messages[key]
            if message.photo_file is None:
                del chat.messages[key]
            else:  # maybe a board still in play: keep it, without its picture
                message.photo_file = dataclasses.replace(message.photo_file, data=None)
        for message in chat.messages.values():
            message.edits.clear()
    for query_id in answered:
        fake._callback_queries.pop(query_id, None)
    for store, keep in ((fake._inline_queries, 200), (fake._inline_messages, 500)):
        _keep_newest(store, keep)


def _keep_newest(store: dict[Any, Any], keep: int) -> None:
    """Drop all but the `keep` newest entries of `store` (insertion order)."""
    for key in list(itertools.islice(store, max(0, len(store) - keep))):
        del store[key]


async def boardless_games(app: App, fake: FakeTelegram) -> list[str]:
    """Active games whose player to move cannot move: their board message (the group's for a
    group game) does not show buttons of the stored version. Players who blocked the bot
    are left out: nothing reaches them."""
    from bot.views.callbacks import Act, GameCb
    from core.live import Live
    from storage import boards, games

    found = []
    for row in await app.db.fetchall("SELECT id FROM games WHERE status = 'active'"):
        game = await games.load_game(app.db, row["id"])
        seat = Live.load(game.state_json).game.to_act
        mover = game.players[seat]
        if mover is None:
            found.append(f"game {game.id}: the computer's turn was left unplayed")
            continue
        shown = {m.chat_id: m for m in await boards.board_messages(app.db, game.id)}
        group = [m for m in shown.values() if m.player_id is None]
        target = group[0] if group else shown.get(mover)
        chat = target.chat_id if target else mover
        if chat in fake._blocked:
            continue
        versions: set[int] = set()
        if target is not None:
            message = fake.chat(chat).messages.get(target.message_id)
            for _, data in (message.buttons if message and not message.deleted else []):
                if data and data.startswith("g:"):
                    button = GameCb.unpack(data)
                    if button.a is not Act.RESIGN:
                        versions.add(button.v)
        if versions != {game.version}:
            found.append(f"game {game.id} v{game.version}: chat {chat} shows {versions}")
    return found
