"""Play the bot as its users do: `python -m bot` against the fake Bot API, whole games.

    nice -n 10 python -m benchmarks.playthrough /work/runs [scenario ...]

Scenarios (all by default, run side by side in one bot process):
  solo-<lang>  a user whose Telegram language is <lang> (en ru uz ky az): /start, /help, /new
               → a whole game against the computer (short nard with the cube for en, uz, az;
               long nard for ru, ky), then the result's buttons (Analysis, Replay, File,
               Dice, Play again), /me, /top, /settings, /seed, /lang;
  challenge    ru and uz through a challenge link: a short match to 3 with the cube;
  search       ru and uz through /play (find an opponent): the same match;
  group        a group chat: /new in the group, /nard, Join, some moves, resign; then /top,
               /me, /play and /help in the group.
  r2-search    /play, a short match to 3 with the cube: double, take, drop, resign in game 2,
               then Play again from the final board;
  r2-long      a long-nard game between two people through a challenge link;
  r2-solo-drop a match to 3 against Beginner where the player drops every double;
  r2-group     /nard short 3 cube in a group: an onlooker's and the idle player's presses,
               doubles, a resignation in game 2;
  r3-timeout   a player stops pressing (run with PLAYTHROUGH_MOVE_TIMEOUT=20);
  r3-controls  Undo, /lang in the middle of a game, Done confirmation on, a resignation;
  r4-pair      four rated games between the same two people in a day (the 4th is unrated),
               an old board's button after /games, Cancel on an accepted challenge;
  r5-hopeless-<lang>  resign (🏳) once the computer has borne off 11 and the player none.
  r6-corr      a correspondence game (d1) between ru and uz through a challenge link: one
               new message per turn for the player to move; a second one (long, d3) resigned
               through /resign's question which; /games, /me, /top;
  r6-clock     a short match to 3 with the cube under the match clock c8+20 through /play;
  r6-group-corr  /nard short 1 d9 (not offered), then /nard short 1 d1 in a group: Join, turn
               notices in the group, a resignation.
  r6-clock-out a game to 1 under c8+20 (ky and az) where a player stops pressing: the clock
               (8 s + a 20 s bank) ends it.

Every picture the bot sends (uploads of sendPhoto / editMessageMedia, the replay GIF's first,
middle and last frames) is saved under <out>/shots/<scenario>/, the transcript of every chat
under <out>/transcripts/, and press → answer times are printed per scenario. A text scan
flags placeholders shown raw, English left in other languages, uz not in Latin script with ʻ,
errors the fake Bot API answered, and tracebacks in the bot's log.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

from bot.views.callbacks import (
    Act,
    AfterCb,
    AnalysisCb,
    GameCb,
    GamesCb,
    JoinCb,
    LangCb,
    MatchCb,
    NewGameCb,
    ResignCb,
    SettingCb,
    TopCb,
    parse,
)
from engine.game import Game
from engine.position import OFF
from storage.models import CORRESPONDENCE
from testkit.fake_telegram import FakeTelegram, FakeUser, StoredMessage

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "ru", "uz", "ky", "az")
SCENARIOS = (*(f"solo-{lang}" for lang in LANGS), "challenge", "search", "group", "r2-search",
             "r2-long", "r2-solo-drop", "r2-group", "r3-timeout", "r3-controls", "r4-pair",
             *(f"r5-hopeless-{lang}" for lang in ("ru", "uz", "ky", "en")), "r6-corr",
             "r6-clock", "r6-clock-out", "r6-group-corr")
NAMES = {"en": "Emma", "ru": "Ruslan", "uz": "Oʻtkir", "ky": "Kanat", "az": "Aysel"}
PRESS_TIMEOUT = 60.0


def start_bot(fake: FakeTelegram, database: str, log: Path) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("BOT_", "TELEGRAM_", "DATABASE_"))}
    env.update(BOT_TOKEN=fake.token, TELEGRAM_API_URL=fake.url, DATABASE_URL=database,
               MOVE_TIMEOUT_SECONDS=os.environ.get("PLAYTHROUGH_MOVE_TIMEOUT", "600"),
               LOG_LEVEL="INFO", PYTHONPATH=str(ROOT))
    return subprocess.Popen(["nice", "-n", "10", sys.executable, "-m", "bot"], cwd=ROOT,
                            env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT)


@dataclass
class Timing:
    what: str
    answer: float | None  # press → answerCallbackQuery (s)
    shown: float | None  # press → the first send/edit in a chat of the presser


@dataclass
class Scenario:
    name: str
    chats: list[int] = field(default_factory=list)
    timings: list[Timing] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    answers: list[tuple[str, str]] = field(default_factory=list)  # (button, alert text)
    redraws: list[float] = field(default_factory=list)  # game button press → board edited

    def note(self, text: str) -> None:
        print(f"[{self.name}] {text}", flush=True)
        self.notes.append(text)


class Driver:
    def __init__(self, fake: FakeTelegram, db_path: str) -> None:
        self.fake = fake
        self.db_path = db_path

    # ------------------------------------------------------------------ database (read only)

    def query(self, sql: str, *args: object) -> list[tuple]:
        conn = sqlite3.connect(self.db_path, timeout=10)
        try:
            return conn.execute(sql, args).fetchall()
        finally:
            conn.close()

    # ------------------------------------------------------------------ waiting

    def _bot_requests_to(self, chats: list[int], after: int) -> list:
        return [r for r in self.fake.requests[after:]
                if r.done and r.method not in ("getUpdates", "answerCallbackQuery")
                and r.params.get("chat_id") in chats]

    async def quiet(self, chats: list[int], after: int, *, first: float = 10.0,
                    calm: float = 0.6) -> None:
        """Wait for the bot's first request to `chats` after `after` (up to `first` s), then
        until nothing more arrives for `calm` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + first
        while not self._bot_requests_to(chats, after) and loop.time() < deadline:
            await asyncio.sleep(0.05)
        seen = len(self._bot_requests_to(chats, after))
        still = loop.time()
        while loop.time() - still < calm:
            await asyncio.sleep(0.1)
            now = len(self._bot_requests_to(chats, after))
            if now != seen:
                seen, still = now, loop.time()

    async def command(self, sc: Scenario, user: FakeUser, text: str, chat: object = None,
                      first: float = 10.0) -> None:
        mark = self.fake.mark()
        t0 = time.monotonic()
        user.send(chat, text)
        target = user.id if chat is None else self.fake.chat(chat).id
        await self.quiet([target], mark, first=first)
        sent = self._bot_requests_to([target], mark)
        sc.timings.append(Timing(text.split()[0], None,
                                 sent[0].time - t0 if sent else None))
        if not sent:
            sc.note(f"{user.first_name}: {text!r} got no answer within {first} s")

    async def press(self, sc: Scenario, user: FakeUser, message: StoredMessage, data: str,
                    label: str = "", *, chats: list[int] | None = None, wait: bool = True,
                    first: float = 10.0) -> dict | None:
        """Press a button; returns the answerCallbackQuery params."""
        chats = chats or [user.id, *( [message.chat_id] if message.chat_id else [])]
        mark = self.fake.mark()
        t0 = time.monotonic()
        update = user.press(message, data)
        qid = update["callback_query"]["id"]
        try:
            record = await self.fake.wait_for(
                "answerCallbackQuery", lambda r: r.params.get("callback_query_id") == qid,
                after=mark, timeout=PRESS_TIMEOUT)
            answered = record.time - t0
            params = record.params
        except TimeoutError:
            sc.note(f"{user.first_name}: button {label or data!r} never answered")
            answered, params = None, None
        if params and params.get("text"):
            sc.answers.append((label or data, params["text"]))
        if wait:
            await self.quiet(chats, mark, first=first)
        sent = self._bot_requests_to(chats, mark)
        sc.timings.append(Timing(label or data.split(":")[0], answered,
                                 sent[0].time - t0 if sent else None))
        return params

    # ------------------------------------------------------------------ finding buttons

    def newest_with(self, chat: int, pred) -> tuple[StoredMessage, str, str] | None:
        """The newest bot message in `chat` with a button whose parsed data satisfies
        `pred`: (message, callback data, label)."""
        for message in reversed(self.fake.messages(chat)):
            for text, data in message.buttons:
                parsed = parse(data) if data else None
                if parsed is not None and pred(parsed):
                    return message, data, text
        return None

    async def press_where(self, sc: Scenario, user: FakeUser, chat: int, pred,
                          **kw) -> dict | None:
        found = self.newest_with(chat, pred)
        if found is None:
            shown = self.fake.messages(chat)
            sc.note(f"{user.first_name}: no button matching {pred.__doc__ or pred} in chat "
                    f"{chat}; last: {shown[-1].buttons if shown else None}")
            return None
        message, data, label = found
        return await self.press(sc, user, message, data, label, **kw)

    # ------------------------------------------------------------------ playing a game

    def game_board(self, chat: int, game_id: int) -> StoredMessage | None:
        for message in reversed(self.fake.messages(chat)):
            if message.photo_file is None:
                continue
            for _, data in message.buttons:
                if data and data.startswith("g:"):
                    cb = parse(data)
                    if isinstance(cb, GameCb) and cb.game == game_id:
                        return message
        return None

    async def play_game(self, sc: Scenario, game_id: int,
                        seats: list[tuple[FakeUser, int]], policy: Policy,
                        max_presses: int = 1500, on_turn=None) -> None:
        """Press the offered buttons until the game row is no longer active.

        `seats`: (user, chat the user's board is in); `on_turn(player id)` is awaited when
        the player to act changes (before their first press)."""
        presses = 0
        last_to_act = None
        stuck_since = time.monotonic()
        while presses < max_presses:
            rows = self.query("SELECT version, status, state_json, player0_id, player1_id "
                              "FROM games WHERE id = ?", game_id)
            version, status, state, p0, p1 = rows[0]
            if status != "active":
                return
            shown = self.query("SELECT MIN(shown_version) FROM board_messages WHERE game_id=?",
                               game_id)[0][0]
            acted = False
            if shown == version:
                saved = json.loads(state)
                engine_game = Game.from_dict(saved["game"])
                to_act = (p0, p1)[engine_game.to_act]
                if on_turn is not None and to_act != last_to_act:
                    last_to_act = to_act
                    await on_turn(to_act)
                    continue
                pos = engine_game.position
                off = {engine_game.seat: pos.me[OFF], 1 - engine_game.seat: pos.opp[OFF]}
                policy.off = {p0: off[0], p1: off[1]}
                if saved.get("number", 1) != policy.number:
                    policy.number, policy.in_game = saved.get("number", 1), 0
                ordered = sorted(seats, key=lambda s: s[0].id != to_act)
                for user, chat in ordered:
                    board = self.game_board(chat, game_id)
                    if board is None:
                        continue
                    offered, flag = [], None
                    for text, data in board.buttons:
                        cb = parse(data) if data and data.startswith("g:") else None
                        if isinstance(cb, GameCb) and cb.a is Act.RESIGN:
                            flag = (text, data, cb)
                        if isinstance(cb, GameCb) and cb.game == game_id and cb.v == version \
                                and cb.a is not Act.RESIGN:
                            offered.append((text, data, cb))
                    if not offered:
                        continue
                    pick = policy.choose(user, offered, self, game_id, presses)
                    if pick is None:
                        continue
                    if pick is RESIGN:
                        if flag is None:
                            sc.note(f"{user.first_name}: wants to resign, no 🏳 button")
                            pick = offered[0]
                        else:
                            pick = flag
                    text, data, cb = pick
                    if cb.a is Act.RESIGN:  # the policy resigns: flag, then yes
                        await self.press(sc, user, board, data, text, chats=[chat])
                        yes = self.newest_with(chat, lambda c: isinstance(c, GameCb)
                                               and c.a is Act.RESIGN_YES)
                        if yes is None:
                            sc.note(f"{user.first_name}: resign asked, no 'yes' button")
                        else:
                            await self.press(sc, user, yes[0], yes[1], yes[2], chats=[chat])
                    else:
                        t0 = time.monotonic()
                        await self.press(sc, user, board, data, text, chats=[chat],
                                         wait=False)
                        if await self._redrawn(chat, board):
                            sc.redraws.append(time.monotonic() - t0)
                    presses += 1
                    policy.in_game += 1
                    acted = True
                    stuck_since = time.monotonic()
                    break
            if not acted:
                if time.monotonic() - stuck_since > PRESS_TIMEOUT:
                    boards = {u.first_name: (self.game_board(c, game_id).buttons
                                             if self.game_board(c, game_id) else None)
                              for u, c in seats}
                    sc.note(f"game {game_id}: stuck at version {version} (shown {shown}): "
                            f"no player has a button; boards: {boards}")
                    return
                await asyncio.sleep(0.05)
        if max_presses > 20:
            sc.note(f"game {game_id}: still active after {presses} presses")

    async def _redrawn(self, chat: int, board: StoredMessage) -> bool:
        """Until the board was edited (or a newer message came) after a press."""
        before = len(board.edits)
        n = len(self.fake.messages(chat))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 15
        while loop.time() < deadline:
            if len(board.edits) > before or len(self.fake.messages(chat)) > n:
                return True
            await asyncio.sleep(0.03)
        return False


RESIGN = ("resign", "", None)


class Policy:
    """How a player presses: furthest or random moves, one-tap full moves sometimes, cube
    decisions by a plan."""

    def __init__(self, seed: int, *, double: float = 0.0, takes: list[str] | None = None,
                 full: float = 0.3, resign_after: dict[int, int] | None = None) -> None:
        self.rng = random.Random(seed)
        self.double = double
        self.takes = list(takes or [])  # "take"/"drop" for successive offers, then take
        self.full = full
        # user id → resign at this many presses (of the game of the match `resign_game`)
        self.resign_after = resign_after or {}
        self.resign_game = 1
        self.number = 1  # the game of the match being played (set by play_game)
        self.in_game = 0  # presses in that game
        self.off: dict[int, int] = {}  # player id → checkers borne off (set by play_game)
        self.hopeless = 0  # resign when the opponent has borne off this many, we none
        self.log: list[str] = []

    def choose(self, user: FakeUser, offered, driver: Driver, game_id: int, presses: int):
        acts = {cb.a for _, _, cb in offered}
        if (user.id in self.resign_after and self.number >= self.resign_game
                and self.in_game >= self.resign_after[user.id]):
            del self.resign_after[user.id]
            self.log.append(f"{user.first_name} resigns")
            return RESIGN
        if self.hopeless and user.id in self.off and self.off[user.id] == 0 and max(
                self.off.values()) >= self.hopeless:
            self.hopeless = 0
            self.log.append(f"{user.first_name} resigns a hopeless game ({self.off})")
            return RESIGN
        if Act.REMATCH in acts:
            return next(o for o in offered if o[2].a is Act.REMATCH)
        if Act.TAKE in acts:
            decision = self.takes.pop(0) if self.takes else "take"
            want = Act.TAKE if decision == "take" else Act.DROP
            self.log.append(f"{user.first_name} {decision}s")
            return next(o for o in offered if o[2].a is want)
        if Act.DOUBLE in acts and self.rng.random() < self.double:
            self.log.append(f"{user.first_name} doubles")
            return next(o for o in offered if o[2].a is Act.DOUBLE)
        if Act.DONE in acts:
            return next(o for o in offered if o[2].a is Act.DONE)
        if Act.FULL in acts and self.rng.random() < self.full:
            return self.rng.choice([o for o in offered if o[2].a is Act.FULL])
        if Act.GO in acts:
            goes = [o for o in offered if o[2].a is Act.GO]
            return goes[-1] if self.rng.random() < 0.6 else self.rng.choice(goes)
        if Act.PICK in acts:
            return self.rng.choice([o for o in offered if o[2].a is Act.PICK])
        if Act.ROLL in acts:
            return next(o for o in offered if o[2].a is Act.ROLL)
        if Act.FULL in acts:
            return self.rng.choice([o for o in offered if o[2].a is Act.FULL])
        if Act.UNDO in acts:
            return next(o for o in offered if o[2].a is Act.UNDO)
        return offered[0]


# ---------------------------------------------------------------------- scenarios

def outcome(d: Driver, game: int) -> str:
    """The stored result of a game (a match: and of each of its games)."""
    row = d.query("SELECT status, winner_seat, result, points FROM games WHERE id=?", game)
    games = d.query("SELECT winner_seat, result, points FROM game_results WHERE game_id=?",
                    game)
    return f"{row} games {games}"


def is_new(pred_fields: dict):
    def pred(cb) -> bool:
        return isinstance(cb, NewGameCb) and all(getattr(cb, k) == v
                                                 for k, v in pred_fields.items())
    pred.__doc__ = f"NewGameCb{pred_fields}"
    return pred


async def new_game_menu(d: Driver, sc: Scenario, user: FakeUser, variant: str, opponent: str,
                        level: str, length: int, cube: int, chat: int | None = None,
                        tc: str = "") -> None:
    """/new, then a press per question; `tc`: first press that ⏱ button on the last one."""
    chat = chat or user.id
    await d.command(sc, user, "/new", None if chat == user.id else chat)
    steps = [{"variant": variant}, {"variant": variant, "opponent": opponent}]
    if opponent == "ai":
        steps.append({**steps[-1], "level": level})
    steps.append({**steps[-1], "length": length})
    if variant == "short":
        steps.append({**steps[-1], "cube": cube})
    if tc:  # the ⏱ row sits under the last question: the step before it, with the token
        last = "cube" if variant == "short" else "length"
        steps.insert(-1, {**steps[-2], last: -1 if last == "cube" else 0, "tc": tc})
        steps[-1] = {**steps[-1], "tc": tc}
    for step in steps:
        await d.press_where(sc, user, chat, is_new(step), first=20)


def latest_game(d: Driver, *users: FakeUser) -> int | None:
    ids = [u.id for u in users]
    clause = " AND ".join("(? IN (player0_id, player1_id))" for _ in ids)
    rows = d.query(f"SELECT MAX(id) FROM games WHERE {clause}", *ids)
    return rows[0][0]


async def wait_game(d: Driver, sc: Scenario, *users: FakeUser, known: int | None = None,
                    timeout: float = 30) -> int | None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        game = latest_game(d, *users)
        if game is not None and game != known:
            return game
        await asyncio.sleep(0.1)
    sc.note(f"no game started for {[u.first_name for u in users]}")
    return None


async def after_game(d: Driver, sc: Scenario, user: FakeUser, chat: int) -> None:
    """The result message's buttons: Analysis, Replay, File, Dice (then Play again
    elsewhere)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + 60
    while d.newest_with(chat, lambda cb: isinstance(cb, AnalysisCb)) is None:
        if loop.time() > deadline:
            sc.note(f"no result message with Analysis in chat {chat} within 60 s")
            break
        await asyncio.sleep(0.2)
    for cls, name, first in ((AnalysisCb, "analysis", 120), (AfterCb, "replay", 60),
                             (AfterCb, "file", 60), (AfterCb, "dice", 60)):
        def pred(cb, cls=cls, name=name) -> bool:
            return isinstance(cb, cls) and (cls is AnalysisCb or cb.a == name)
        pred.__doc__ = name
        await d.press_where(sc, user, chat, pred, first=first, chats=[chat])
        if name == "analysis":  # the analysis edits its message as it goes: wait longer
            await d.quiet([chat], d.fake.mark() - 1, first=1, calm=8)


async def solo(d: Driver, sc: Scenario, user: FakeUser, variant: str, level: str,
               cube: bool) -> None:
    sc.chats.append(user.id)
    await d.command(sc, user, "/start")
    await d.command(sc, user, "/help")
    await d.press_where(sc, user, user.id, lambda cb: cb == "rules")
    await new_game_menu(d, sc, user, variant, "ai", level, 1, int(cube))
    game = await wait_game(d, sc, user)
    if game is None:
        return
    policy = Policy(user.id, double=0.25 if cube else 0.0, takes=["take", "take", "drop"])
    await d.play_game(sc, game, [(user, user.id)], policy)
    sc.note(f"game {game}: cube log {policy.log}; result "
            f"{outcome(d, game)}")
    await after_game(d, sc, user, user.id)
    # Play again: a new game against the same computer.
    await d.press_where(sc, user, user.id,
                        lambda cb: isinstance(cb, GameCb) and cb.a is Act.REMATCH, first=20)
    again = await wait_game(d, sc, user, known=game, timeout=20)
    if again is not None:
        await d.command(sc, user, "/new")  # while playing: "show my game"
        await d.command(sc, user, "/resign")
        await d.press_where(sc, user, user.id, lambda cb: getattr(cb, "yes", 0) == 1
                            or (isinstance(cb, GameCb) and cb.a is Act.RESIGN_YES))
    for text in ("/me", "/top"):
        await d.command(sc, user, text)
    await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, TopCb)
                        and cb.period == "day" and cb.variant == variant)
    for period in ("week", "all"):
        await d.press_where(sc, user, user.id, lambda cb, p=period: isinstance(cb, TopCb)
                            and cb.period == p and cb.variant == variant)
    await d.command(sc, user, "/settings")
    found = d.newest_with(user.id, lambda cb: isinstance(cb, SettingCb))
    if found:
        cb = parse(found[1])
        await d.press(sc, user, found[0], found[1], found[2])
        back = d.newest_with(user.id, lambda c: isinstance(c, SettingCb) and c.name == cb.name)
        if back:
            await d.press(sc, user, back[0], back[1], back[2])
    for text in ("/seed", "/seed my lucky dice", "/seed", "/seed -", "/lang", "/games",
                 "/rules", "/log"):
        await d.command(sc, user, text)
    await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, LangCb)
                        and cb.code == user.language_code)
    await d.command(sc, user, "/me")


async def solo_drop(d: Driver, sc: Scenario, user: FakeUser) -> None:
    """Short nard with the cube against Beginner, to 3: the player drops the computer's
    doubles and never doubles."""
    sc.chats.append(user.id)
    await d.command(sc, user, "/start")
    await new_game_menu(d, sc, user, "short", "ai", "beginner", 3, 1)
    game = await wait_game(d, sc, user)
    if game is None:
        return
    policy = Policy(3, takes=["drop"] * 9)
    await d.play_game(sc, game, [(user, user.id)], policy)
    sc.note(f"game {game}: {policy.log}; "
            f"{outcome(d, game)}")
    await after_game(d, sc, user, user.id)
    await d.command(sc, user, "/me")


async def two_player_match(d: Driver, sc: Scenario, a: FakeUser, b: FakeUser,
                           via: str) -> None:
    sc.chats += [a.id, b.id]
    for user in (a, b):
        await d.command(sc, user, "/start")
    if via == "challenge":
        await new_game_menu(d, sc, a, "short", "friend", "", 3, 1)
        text = d.fake.last_message(a.id).content or ""
        code = re.search(r"start=([A-Za-z0-9_-]+)", text)
        if code is None:
            sc.note(f"no challenge link in {text!r}")
            return
        await d.command(sc, b, f"/start {code.group(1)}")
    else:
        for user in (a, b):
            await d.command(sc, user, "/play")
            await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, MatchCb)
                                and cb.variant == "short" and not cb.lengths)
            await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, MatchCb)
                                and cb.lengths == 2 and cb.cube == -1)
            await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, MatchCb)
                                and cb.lengths == 2 and cb.cube == 1, first=15)
    game = await wait_game(d, sc, a, b)
    if game is None:
        return
    policy = Policy(a.id + b.id, double=0.35, takes=["take", "drop", "take", "drop"],
                    resign_after={b.id: 260})
    await d.play_game(sc, game, [(a, a.id), (b, b.id)], policy)
    sc.note(f"match {game}: {policy.log}; "
            f"{outcome(d, game)}")
    for user in (a, b):
        await after_game(d, sc, user, user.id)
        await d.command(sc, user, "/me")
        await d.command(sc, user, "/top")


async def group(d: Driver, sc: Scenario, a: FakeUser, b: FakeUser) -> None:
    chat = d.fake.group(-1001234567890, "Nard club")
    sc.chats += [chat.id, a.id, b.id]
    await d.command(sc, a, "/start")
    await d.command(sc, a, "/new", chat)
    menu = d.newest_with(chat.id, lambda cb: isinstance(cb, NewGameCb))
    if menu:
        await new_game_menu(d, sc, a, "short", "friend", "", 1, 0, chat=chat.id)
    if d.newest_with(chat.id, lambda cb: isinstance(cb, JoinCb)) is None:
        await d.command(sc, a, "/nard short", chat)
    await d.press_where(sc, b, chat.id, lambda cb: isinstance(cb, JoinCb), chats=[chat.id],
                        first=15)
    game = await wait_game(d, sc, a, b)
    if game is None:
        return
    policy = Policy(7, resign_after={a.id: 40})
    await d.play_game(sc, game, [(a, chat.id), (b, chat.id)], policy)
    sc.note(f"group game {game}: {policy.log}; "
            f"{outcome(d, game)}")
    await after_game(d, sc, b, chat.id)
    await d.command(sc, b, "/top", chat)
    await d.command(sc, b, "/me", chat)  # a public note in the group, the figures in private
    await d.command(sc, a, "/play", chat)
    await d.command(sc, b, "/help", chat)


async def rated_match(d: Driver, sc: Scenario, a: FakeUser, b: FakeUser, variant: str,
                      length: int, via: str, policy: Policy) -> None:
    """Two people through /play or a challenge link; then Play again from the final board."""
    sc.chats += [a.id, b.id]
    for user in (a, b):
        await d.command(sc, user, "/start")
    if via == "challenge":
        await new_game_menu(d, sc, a, variant, "friend", "", length, 1)
        text = d.fake.last_message(a.id).content or ""
        code = re.search(r"start=([A-Za-z0-9_-]+)", text)
        if code is None:
            sc.note(f"no challenge link in {text!r}")
            return
        await d.command(sc, b, f"/start {code.group(1)}")
    else:
        bit = {1: 1, 3: 2, 5: 4, 7: 8}[length]
        for user in (a, b):
            await d.command(sc, user, "/play")
            await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, MatchCb)
                                and cb.variant == variant and not cb.lengths)
            await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, MatchCb)
                                and cb.lengths == bit and cb.cube == -1, first=15)
            if variant == "short":
                await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, MatchCb)
                                    and cb.lengths == bit and cb.cube == 1, first=15)
    game = await wait_game(d, sc, a, b)
    if game is None:
        return
    await d.play_game(sc, game, [(a, a.id), (b, b.id)], policy)
    sc.note(f"match {game}: {policy.log}; "
            f"{outcome(d, game)}"
            f" seats {d.query('SELECT player0_id, player1_id FROM games WHERE id=?', game)}")
    for user in (a, b):
        await after_game(d, sc, user, user.id)
    # Play again from the final board, by a.
    await d.press_where(sc, a, a.id, lambda cb: isinstance(cb, GameCb) and cb.a is Act.REMATCH,
                        chats=[a.id, b.id], first=20)
    again = await wait_game(d, sc, a, b, known=game, timeout=15)
    sc.note(f"after Play again: new game {again}")
    for user in (a, b):
        await d.command(sc, user, "/me")


async def group_match(d: Driver, sc: Scenario, a: FakeUser, b: FakeUser, c: FakeUser) -> None:
    chat = d.fake.group(-1009876543210, "Nardchilar")
    sc.chats += [chat.id, a.id, b.id, c.id]
    await d.command(sc, a, "/nard short 3 cube", chat)
    await d.command(sc, c, "/help", chat)
    await d.press_where(sc, b, chat.id, lambda cb: isinstance(cb, JoinCb), chats=[chat.id],
                        first=15)
    game = await wait_game(d, sc, a, b)
    if game is None:
        return
    await asyncio.sleep(2)
    board = d.game_board(chat.id, game)
    if board is not None:  # an onlooker and the player not on turn press a game button
        data = next((data for _, data in board.buttons if data and data.startswith("g:")
                     and ":rs:" not in data), None)
        if data:
            await d.press(sc, c, board, data, "onlooker presses a move", chats=[chat.id])
            rows = d.query("SELECT state_json, player0_id, player1_id FROM games WHERE id=?",
                           game)[0]
            mover = (rows[1], rows[2])[Game.from_dict(json.loads(rows[0])["game"]).to_act]
            idle = b if mover == a.id else a
            await d.press(sc, idle, board, data, "player not on turn presses a move",
                          chats=[chat.id])
    policy = Policy(11, double=0.3, takes=["take", "drop"], resign_after={a.id: 30})
    policy.resign_game = 2
    await d.play_game(sc, game, [(a, chat.id), (b, chat.id)], policy)
    sc.note(f"group match {game}: {policy.log}; "
            f"{outcome(d, game)}")
    await after_game(d, sc, a, chat.id)
    await d.command(sc, a, "/top", chat)


async def timeout(d: Driver, sc: Scenario, a: FakeUser, b: FakeUser, tc: str = "") -> None:
    """A challenge game where a player stops pressing: the turn timer (or, with `tc` a
    match clock, the clock) ends the game."""
    sc.chats += [a.id, b.id]
    for user in (a, b):
        await d.command(sc, user, "/start")
    await new_game_menu(d, sc, a, "short", "friend", "", 1, 0, tc=tc)
    code = re.search(r"start=([A-Za-z0-9_-]+)", d.fake.last_message(a.id).content or "")
    if code is None:
        sc.note("no challenge link")
        return
    await d.command(sc, b, f"/start {code.group(1)}")
    game = await wait_game(d, sc, a, b)
    if game is None:
        return
    await d.play_game(sc, game, [(a, a.id), (b, b.id)], Policy(1), max_presses=9)
    t0 = time.monotonic()
    while d.query("SELECT status FROM games WHERE id=?", game)[0][0] == "active":
        if time.monotonic() - t0 > 120:
            sc.note("the timer never ended the game")
            break
        await asyncio.sleep(0.5)
    sc.note(f"timed out after {time.monotonic() - t0:.1f} s idle: "
            f"{outcome(d, game)}")
    await d.quiet([a.id, b.id], d.fake.mark() - 1, first=1, calm=3)


async def controls(d: Driver, sc: Scenario, user: FakeUser) -> None:
    """Back and Undo, /lang in the middle of a game, Done confirmation on (off by
    default: a turn then goes a moment after its last die), a resignation
    when the game is lost (expected: mars)."""
    sc.chats.append(user.id)
    await d.command(sc, user, "/start")
    await new_game_menu(d, sc, user, "short", "ai", "beginner", 1, 0)
    game = await wait_game(d, sc, user)
    if game is None:
        return
    def offered(act: Act) -> tuple[StoredMessage, str, str] | None:
        board = d.game_board(user.id, game)
        version = d.query("SELECT version FROM games WHERE id=?", game)[0][0]
        for text, data in board.buttons if board else []:
            cb = parse(data) if data else None
            if isinstance(cb, GameCb) and cb.a is act and cb.v == version:
                return board, data, text
        return None

    async def press_act(act: Act) -> bool:
        for _ in range(50):
            found = offered(act)
            if found:
                await d.press(sc, user, *found, chats=[user.id])
                return True
            await asyncio.sleep(0.2)
        board = d.game_board(user.id, game)
        sc.note(f"no {act.name} button: {board.buttons if board else None}")
        return False

    walk = Policy(2, full=0)
    await d.play_game(sc, game, [(user, user.id)], walk, max_presses=3)
    for act in (Act.GO, Act.UNDO):
        if not await press_act(act):
            break
    await d.command(sc, user, "/lang")
    await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, LangCb) and cb.code == "en")
    await d.play_game(sc, game, [(user, user.id)], walk, max_presses=2)
    await d.command(sc, user, "/games")
    await d.command(sc, user, "/settings")
    await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, SettingCb)
                        and cb.name == "confirm" and cb.on == 1)
    policy = Policy(4)
    policy.hopeless = 5
    await d.play_game(sc, game, [(user, user.id)], policy)
    sc.note(f"game {game}: {policy.log}: "
            f"{outcome(d, game)}")


async def pair_limit(d: Driver, sc: Scenario, a: FakeUser, b: FakeUser) -> None:
    """Four rated games between the same two people on one day (the fourth changes no
    rating), an old board's button after /games, the Cancel button of an accepted
    challenge."""
    sc.chats += [a.id, b.id]
    for user in (a, b):
        await d.command(sc, user, "/start")
    for n in range(4):
        before = latest_game(d, a, b)
        await new_game_menu(d, sc, a, "long", "friend", "", 1, 0)
        challenge = d.fake.last_message(a.id)
        code = re.search(r"start=([A-Za-z0-9_-]+)", challenge.content or "")
        if code is None:
            sc.note(f"no challenge link: {challenge.content!r}")
            return
        await d.command(sc, b, f"/start {code.group(1)}")
        game = await wait_game(d, sc, a, b, known=before)
        if game is None:
            return
        if n == 0:
            await d.play_game(sc, game, [(a, a.id), (b, b.id)], Policy(9), max_presses=4)
            old = d.game_board(a.id, game)
            await d.command(sc, a, "/games")
            data = next((data for _, data in old.buttons if data and ":rs:" in data), None)
            if data:
                await d.press(sc, a, old, data, "🏳 on the board before /games")
            cancel = next((data for _, data in challenge.buttons
                           if data and data.startswith("c:")), None)
            if cancel:
                await d.press(sc, a, challenge, cancel, "Cancel on an accepted challenge")
        await d.command(sc, b, "/resign")
        await d.press_where(sc, b, b.id, lambda cb: getattr(cb, "yes", 0) == 1)
        await d.quiet([a.id, b.id], d.fake.mark() - 1, first=2, calm=1.5)
        sc.note(f"game {n + 1} ({game}): {outcome(d, game)}")


async def hopeless(d: Driver, sc: Scenario, user: FakeUser, variant: str) -> None:
    """Resign (🏳 on the board) once the computer has borne off 11 and the player none:
    the rules charge a mars (or koks) when that is the expected result."""
    sc.chats.append(user.id)
    await d.command(sc, user, "/start")
    await new_game_menu(d, sc, user, variant, "ai", "strong", 1, 0)
    game = await wait_game(d, sc, user)
    if game is None:
        return
    policy = Policy(user.id, full=0.0)
    policy.hopeless = 11
    await d.play_game(sc, game, [(user, user.id)], policy)
    sc.note(f"game {game}: {policy.log}: {outcome(d, game)}")


SENDS = ("sendMessage", "sendPhoto", "sendAnimation", "sendDocument")


class TurnNotices:
    """Checks, each time the turn passes, that the player now to act got exactly one new
    message (not only edits) in `watch(player)` since the turn before began."""

    def __init__(self, d: Driver, sc: Scenario, watch, *, calm: float = 0.8) -> None:
        self.d, self.sc, self.watch, self.calm = d, sc, watch, calm  # calm: past the pacing
        self.mark: int | None = None
        self.turns = 0
        self.counts: list[int] = []

    def sent(self, chat: int, after: int) -> list:
        return [r for r in self.d.fake.requests[after:] if r.done and r.method in SENDS
                and r.params.get("chat_id") == chat]

    async def __call__(self, player: int) -> None:
        chat = self.watch(player)
        if self.mark is not None:
            await self.d.quiet([chat], self.mark, first=5, calm=self.calm)
            sent = self.sent(chat, self.mark)
            self.counts.append(len(sent))
            if len(sent) != 1:
                texts = [(r.method, (r.params.get("text") or r.params.get("caption")
                                     or "")[:90]) for r in sent]
                self.sc.note(f"turn {self.turns}: {player} got {len(sent)} new messages "
                             f"in chat {chat}: {texts}")
        self.turns += 1
        self.mark = self.d.fake.mark()


def challenge_code(d: Driver, sc: Scenario, user: FakeUser) -> str | None:
    text = d.fake.last_message(user.id).content or ""
    code = re.search(r"start=([A-Za-z0-9_+-]+)", text)
    if code is None:
        sc.note(f"no challenge link in {text!r}")
        return None
    return code.group(1)


async def corr_game(d: Driver, sc: Scenario, a: FakeUser, b: FakeUser) -> None:
    """A correspondence game (d1) through a challenge link, to the end: at each turn the
    player to move gets one new message; then /games, /me and /top."""
    sc.chats += [a.id, b.id]
    for user in (a, b):
        await d.command(sc, user, "/start")
    await new_game_menu(d, sc, a, "short", "friend", "", 1, 0, tc="d1")
    code = challenge_code(d, sc, a)
    if code is None:
        return
    sc.note(f"challenge code {code!r}")
    await d.command(sc, b, f"/start {code}")
    game = await wait_game(d, sc, a, b)
    if game is None:
        return
    sc.note(f"game {game}: control/correspondence "
            f"{d.query('SELECT control, correspondence FROM games WHERE id=?', game)}")
    await d.play_game(sc, game, [(a, a.id), (b, b.id)], Policy(31), max_presses=6)
    # A second game by post (long nard, d3, b's link), then /resign asks which: b resigns it.
    await new_game_menu(d, sc, b, "long", "friend", "", 1, 0, tc="d3")
    second_code = challenge_code(d, sc, b)
    if second_code is not None:
        await d.command(sc, a, f"/start {second_code}")
        second = await wait_game(d, sc, a, b, known=game)
        for user in (a, b):
            await d.command(sc, user, "/games")
        await d.command(sc, b, "/resign")
        if second is not None:
            await d.press_where(sc, b, b.id, lambda cb, g=second: isinstance(cb, GamesCb)
                                and cb.a == "resign" and cb.game == g)
            await d.press_where(sc, b, b.id, lambda cb, g=second: isinstance(cb, ResignCb)
                                and cb.game == g and cb.yes == 1)
            sc.note(f"second game {second} (/resign): {outcome(d, second)}")
    notices = TurnNotices(d, sc, lambda player: player)
    await d.play_game(sc, game, [(a, a.id), (b, b.id)], Policy(32), on_turn=notices)
    sc.note(f"game {game}: {notices.turns} turns, new messages per turn {notices.counts}; "
            f"{outcome(d, game)}")
    await after_game(d, sc, a, a.id)
    for user in (a, b):
        for text in ("/games", "/me", "/top"):
            await d.command(sc, user, text)
    await d.press_where(sc, a, a.id, lambda cb: isinstance(cb, TopCb)
                        and cb.pool == CORRESPONDENCE)


async def clock_match(d: Driver, sc: Scenario, a: FakeUser, b: FakeUser) -> None:
    """A short match to 3 under the match clock c8+20 through /play, pressed quickly."""
    sc.chats += [a.id, b.id]
    for user in (a, b):
        await d.command(sc, user, "/start")
    for user in (a, b):
        await d.command(sc, user, "/play")
        await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, MatchCb)
                            and cb.variant == "short" and not cb.lengths)
        await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, MatchCb)
                            and cb.lengths == 2 and cb.cube == -1 and not cb.tc)
        await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, MatchCb)
                            and cb.lengths == 2 and cb.cube == -1 and cb.tc == "c8+20")
        await d.press_where(sc, user, user.id, lambda cb: isinstance(cb, MatchCb)
                            and cb.lengths == 2 and cb.cube == 1 and cb.tc == "c8+20",
                            first=15)
    game = await wait_game(d, sc, a, b)
    if game is None:
        return
    sc.note(f"match {game}: control {d.query('SELECT control FROM games WHERE id=?', game)}")
    policy = Policy(41, double=0.3, takes=["take", "drop"])
    await d.play_game(sc, game, [(a, a.id), (b, b.id)], policy)
    sc.note(f"match {game}: {policy.log}; {outcome(d, game)}")
    await d.quiet([a.id, b.id], d.fake.mark() - 1, first=1, calm=2)  # the final boards
    for user in (a, b):
        board = d.game_board(user.id, game)
        caption = (board.content or "") if board else ""
        sc.note(f"{user.first_name}'s last caption: {caption!r}")
        await d.command(sc, user, "/me")


async def group_corr(d: Driver, sc: Scenario, a: FakeUser, b: FakeUser) -> None:
    """/nard short 1 d1 in a group: two members join and play; the group gets a turn
    notice at each turn; one resigns after some moves."""
    chat = d.fake.group(-1005550001111, "Pochta nardi")
    sc.chats += [chat.id, a.id, b.id]
    await d.command(sc, a, "/nard short 1 d9", chat)  # not offered: the tokens that are
    await d.command(sc, a, "/nard short 1 d1", chat)
    await d.press_where(sc, b, chat.id, lambda cb: isinstance(cb, JoinCb), chats=[chat.id],
                        first=15)
    game = await wait_game(d, sc, a, b)
    if game is None:
        return
    sc.note(f"group game {game}: control/correspondence "
            f"{d.query('SELECT control, correspondence FROM games WHERE id=?', game)}")
    notices = TurnNotices(d, sc, lambda player: chat.id, calm=4.5)  # a group's pace: 3.3 s
    policy = Policy(51, resign_after={a.id: 60})
    await d.play_game(sc, game, [(a, chat.id), (b, chat.id)], policy, on_turn=notices)
    sc.note(f"group game {game}: {policy.log}; {notices.turns} turns, new messages per "
            f"turn {notices.counts}; {outcome(d, game)}")
    for user in (a, b):
        await d.command(sc, user, "/me")
    # The group's board is edited at most every 3.3 s: its last redraw may come after the
    # result; a board still asking "resign?" 10 s later is stale.
    deadline = time.monotonic() + 10
    while (asking := _asks_to_resign(d, chat.id)) and time.monotonic() < deadline:
        await asyncio.sleep(0.5)
    if asking:
        sc.note("the group's board still asks whether to resign after the game ended")
    await d.command(sc, a, "/games", chat)


def _asks_to_resign(d: Driver, chat: int) -> bool:
    """Whether the newest board in `chat` shows the resignation question's buttons (Yes,
    No)."""
    boards = [m for m in d.fake.messages(chat) if m.photo_file]
    if not boards:
        return False
    return any(isinstance(cb := parse(data), GameCb) and cb.a is Act.RESIGN_YES
               for _, data in d.fake.buttons(chat, boards[-1].message_id))


# ---------------------------------------------------------------------- what was seen

def save_pictures(fake: FakeTelegram, sc: Scenario, out: Path) -> list[str]:
    shots = out / "shots" / sc.name
    shots.mkdir(parents=True, exist_ok=True)
    index = []
    for n, r in enumerate(fake.requests):
        if r.params.get("chat_id") not in sc.chats or not r.files or not r.ok:
            continue
        caption = r.params.get("caption")
        if r.method == "editMessageMedia":
            caption = (r.params.get("media") or {}).get("caption")
        for part, data in r.files.items():
            stem = f"{n:05d}-{r.params['chat_id']}-{r.method}"
            try:
                image = Image.open(io.BytesIO(data))
            except Exception:  # a document (.mat)
                (shots / f"{stem}-{getattr(data, 'filename', None) or part}").write_bytes(data)
                index.append(f"{stem}: file {getattr(data, 'filename', part)} {len(data)} B")
                continue
            frames = getattr(image, "n_frames", 1)
            if frames > 1:
                for label, i in (("first", 0), ("middle", frames // 2), ("last", frames - 1)):
                    image.seek(i)
                    image.convert("RGB").save(shots / f"{stem}-{label}.png")
                index.append(f"{stem}: GIF {frames} frames {image.size}")
            else:
                image.save(shots / f"{stem}.png")
                index.append(f"{stem}: {image.size} {len(data)} B")
            markup = r.params.get("reply_markup") or {}
            labels = [b.get("text") for row in markup.get("inline_keyboard", []) for b in row]
            index.append(f"    caption: {caption!r}\n    buttons: {labels}")
    (shots / "index.txt").write_text("\n".join(index))
    return index


def full_transcript(fake: FakeTelegram, chat: int) -> str:
    lines = []
    for r in fake.requests:
        if r.params.get("chat_id") != chat or r.method in ("getUpdates",):
            continue
        p = r.params
        text = p.get("text") or p.get("caption") or (p.get("media") or {}).get("caption")
        markup = p.get("reply_markup") or {}
        labels = [b.get("text") for row in markup.get("inline_keyboard", []) for b in row]
        status = "" if r.ok else f" !! {r.error_code} {r.description}"
        mid = p.get("message_id", "")
        lines.append(f"{r.time:.2f} {r.method} {mid}{status}\n  {text!r}\n  {labels}")
    return "\n".join(lines)


KEYS = {line.split(" =", 1)[0] for f in (ROOT / "i18n/locales/en").glob("*.ftl")
        for line in f.read_text().splitlines() if re.match(r"[a-z][a-z0-9-]+ =", line)}
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
ENGLISH = re.compile(r"\b(the|you|your|game|roll|done|undo|resign|won|lost|turn|move|moves|"
                     r"rating|points?|match|opponent|computer|double|take|drop|replay|file|"
                     r"analysis|seed|settings|language|waiting|cancel|play|again|dice|"
                     r"board|wins?|left|right|score|cube|pips?)\b", re.I)


def scan_texts(fake: FakeTelegram, chat: int, lang: str) -> list[str]:
    problems = []
    seen = set()
    texts = []
    for r in fake.requests:
        if r.params.get("chat_id") != chat:
            continue
        p = r.params
        for t in (p.get("text"), p.get("caption"), (p.get("media") or {}).get("caption")):
            if t:
                texts.append(t)
        markup = p.get("reply_markup") or {}
        texts += [b.get("text", "") for row in markup.get("inline_keyboard", []) for b in row]
        if r.done and not r.ok and r.method != "getUpdates":
            problems.append(f"API error {r.method}: {r.error_code} {r.description}")
    for t in texts:
        if t in seen:
            continue
        seen.add(t)
        if re.search(r"\{\s*\$|\$[a-z_]+|\{[a-z-]+\}|\?\?\?|\bNone\b", t) or any(
                re.search(rf"(?<![-\w]){re.escape(k)}(?![-\w])", t) for k in KEYS):
            problems.append(f"placeholder? {t!r}")
        if lang == "uz":
            if re.search(r"[А-Яа-яЁё]", t):
                problems.append(f"uz with Cyrillic: {t!r}")
            if re.search(r"[OoGg]['‘’`ʼ]", t):
                problems.append(f"uz apostrophe not ʻ: {t!r}")
        if lang in ("ru", "ky", "uz", "az"):
            plain = re.sub(r"<[^>]+>|/[a-z]+|--[a-z-]+|python -m \S+|«[^»]*»|“[^”]*”", "", t)
            hits = ENGLISH.findall(plain)
            if hits:
                problems.append(f"English in {lang}? {hits}: {t[:160]!r}")
        if lang == "az" and re.search(r"[А-Яа-я]", t):
            problems.append(f"az with Cyrillic: {t!r}")
    return problems


def summarize(sc: Scenario) -> list[str]:
    lines = [f"== {sc.name}"]
    answers = [t.answer for t in sc.timings if t.answer is not None]
    shown = [t.shown for t in sc.timings if t.shown is not None]
    if answers:
        q = statistics.quantiles(answers, n=10) if len(answers) > 1 else answers * 9
        lines.append(f"press→answer: n={len(answers)} median={statistics.median(answers):.3f}"
                     f" p90={q[-1]:.3f} max={max(answers):.3f} s")
    if shown:
        q = statistics.quantiles(shown, n=10) if len(shown) > 1 else shown * 9
        lines.append(f"press/command→first send or edit: n={len(shown)} "
                     f"median={statistics.median(shown):.3f} p90={q[-1]:.3f} "
                     f"max={max(shown):.3f} s")
    if sc.redraws:
        q = statistics.quantiles(sc.redraws, n=10) if len(sc.redraws) > 1 else sc.redraws * 9
        lines.append(f"game press→board redrawn: n={len(sc.redraws)} "
                     f"median={statistics.median(sc.redraws):.3f} p90={q[-1]:.3f} "
                     f"max={max(sc.redraws):.3f} s")
    slow = sorted((t for t in sc.timings if (t.shown or 0) > 2 or (t.answer or 0) > 1),
                  key=lambda t: -(t.shown or 0))[:8]
    for t in slow:
        lines.append(f"  slow: {t.what!r} answer={t.answer} shown={t.shown}")
    lines += [f"note: {n}" for n in sc.notes]
    lines += [f"alert/toast: {b!r} → {a!r}" for b, a in sc.answers]
    return lines


async def main(out: Path, only: list[str]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    (out / "transcripts").mkdir(exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="playthrough-"))
    db_path = str(tmp / "nard.sqlite3")
    log = out / "bot.log"
    log.write_bytes(b"")
    async with FakeTelegram() as fake:
        bot = start_bot(fake, f"sqlite:///{db_path}", log)
        d = Driver(fake, db_path)
        try:
            await fake.wait_for("getUpdates", timeout=60)
            jobs: dict[str, object] = {}
            levels = {"en": "intermediate", "ru": "beginner", "uz": "strong", "ky": "casual",
                      "az": "master"}
            for i, lang in enumerate(LANGS):
                user = fake.user(5001 + i, NAMES[lang], username=f"user_{lang}",
                                 language_code=lang)
                variant = "long" if lang in ("ru", "ky") else "short"
                sc = Scenario(f"solo-{lang}")
                jobs[sc.name] = (sc, solo(d, sc, user, variant, levels[lang],
                                          variant == "short"))
            sc = Scenario("challenge")
            jobs[sc.name] = (sc, two_player_match(
                d, sc, fake.user(6001, "Roman", language_code="ru"),
                fake.user(6002, "Gʻayrat", language_code="uz"), "challenge"))
            sc = Scenario("search")
            jobs[sc.name] = (sc, two_player_match(
                d, sc, fake.user(6101, "Olga", language_code="ru"),
                fake.user(6102, "Dilnoza", language_code="uz"), "search"))
            sc = Scenario("group")
            jobs[sc.name] = (sc, group(d, sc, fake.user(6201, "Ella", language_code="en"),
                                       fake.user(6202, "Bakyt", language_code="ky")))
            sc = Scenario("r2-search")
            pol = Policy(21, double=0.3, takes=["take", "drop"], resign_after={6302: 12})
            pol.resign_game = 2
            jobs[sc.name] = (sc, rated_match(
                d, sc, fake.user(6301, "Olga", language_code="ru"),
                fake.user(6302, "Dilnoza", language_code="uz"), "short", 3, "search", pol))
            sc = Scenario("r2-long")
            jobs[sc.name] = (sc, rated_match(
                d, sc, fake.user(6401, "Kanat", language_code="ky"),
                fake.user(6402, "Aysel", language_code="az"), "long", 1, "challenge",
                Policy(5)))
            sc = Scenario("r2-solo-drop")
            user = fake.user(6501, "Emil", language_code="az")
            jobs[sc.name] = (sc, solo_drop(d, sc, user))
            sc = Scenario("r2-group")
            jobs[sc.name] = (sc, group_match(
                d, sc, fake.user(6601, "Aziz", language_code="uz"),
                fake.user(6602, "Leyla", language_code="az"),
                fake.user(6603, "Zara", language_code="ru")))
            sc = Scenario("r3-timeout")
            jobs[sc.name] = (sc, timeout(d, sc, fake.user(6701, "Tom", language_code="en"),
                                         fake.user(6702, "Aibek", language_code="ky")))
            sc = Scenario("r3-controls")
            jobs[sc.name] = (sc, controls(d, sc, fake.user(6801, "Sevara", language_code="uz")))
            sc = Scenario("r4-pair")
            jobs[sc.name] = (sc, pair_limit(d, sc, fake.user(6901, "Farid", language_code="az"),
                                            fake.user(6902, "Nodira", language_code="uz")))
            for n, (lang, variant) in enumerate((("ru", "short"), ("uz", "short"),
                                                 ("ky", "long"), ("en", "long"))):
                sc = Scenario(f"r5-hopeless-{lang}")
                jobs[sc.name] = (sc, hopeless(d, sc, fake.user(7001 + n, NAMES[lang],
                                                               language_code=lang), variant))
            sc = Scenario("r6-corr")
            jobs[sc.name] = (sc, corr_game(d, sc, fake.user(7101, "Rustam", language_code="ru"),
                                           fake.user(7102, "Jasur", language_code="uz")))
            sc = Scenario("r6-clock")
            jobs[sc.name] = (sc, clock_match(d, sc, fake.user(7201, "Igor", language_code="ru"),
                                             fake.user(7202, "Malika", language_code="uz")))
            sc = Scenario("r6-clock-out")
            jobs[sc.name] = (sc, timeout(d, sc, fake.user(7401, "Ulan", language_code="ky"),
                                         fake.user(7402, "Elvin", language_code="az"),
                                         tc="c8+20"))
            sc = Scenario("r6-group-corr")
            jobs[sc.name] = (sc, group_corr(d, sc, fake.user(7301, "Bobur", language_code="uz"),
                                            fake.user(7302, "Nina", language_code="ru")))
            assert set(jobs) == set(SCENARIOS), "SCENARIOS lists every scenario"
            chosen = {k: v for k, v in jobs.items() if not only or k in only}
            for name, (_, coro) in jobs.items():
                if name not in chosen:
                    coro.close()
            results = await asyncio.gather(*(coro for _, coro in chosen.values()),
                                           return_exceptions=True)
            report = []
            for (name, (sc, _)), result in zip(chosen.items(), results, strict=True):
                if isinstance(result, BaseException):
                    import traceback
                    sc.note("driver failed: " + "".join(traceback.format_exception(result))[-1500:])
                save_pictures(fake, sc, out)
                report += summarize(sc)
                for chat in sc.chats:
                    known = fake.known_user(chat)
                    lang = known.language_code if known is not None else "en"
                    (out / "transcripts" / f"{name}-{chat}.txt").write_text(
                        fake.transcript(chat) + "\n\n==== requests\n"
                        + full_transcript(fake, chat))
                    report += [f"  [{chat} {lang}] {p}" for p in scan_texts(fake, chat, lang)]
            bad = [r for r in fake.requests if r.done and not r.ok and r.method != "getUpdates"]
            report.append(f"API errors in all: {[(r.method, r.description) for r in bad]}")
            report.append(f"fake internal errors: {fake.internal_errors}")
            text = "\n".join(report)
            (out / "report.txt").write_text(text)
            print(text)
        finally:
            bot.terminate()
            try:
                bot.wait(30)
            except subprocess.TimeoutExpired:
                bot.kill()
            print("bot log tracebacks:", log.read_text(errors="replace").count("Traceback"))


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The output folder and the scenarios to run (all when none is named)."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.playthrough", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", nargs="?", type=Path, default=Path("/work/runs"),
                        help="folder for shots/, transcripts/, report.txt and bot.log")
    parser.add_argument("scenarios", nargs="*", metavar="scenario",
                        help="scenarios to run (all by default): " + ", ".join(SCENARIOS))
    args = parser.parse_args(argv)
    unknown = [name for name in args.scenarios if name not in SCENARIOS]
    if unknown:
        parser.error(f"unknown scenario(s): {', '.join(unknown)}")
    return args


if __name__ == "__main__":
    ARGS = parse_args(sys.argv[1:])
    asyncio.run(main(ARGS.out, ARGS.scenarios))
