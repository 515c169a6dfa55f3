"""`python -m bot` killed with SIGKILL at many moments of games, and stopped with SIGTERM.

Friend games and games against the computer are played through the buttons while the
process is killed: right after a press was answered, between saving a change and drawing
it (a board edit held on its way to Telegram), between the two players' redraws, during the
computer's turn, when a game is stored before its first board, around a game's end (the
result message held), at random moments. After each restart the test waits for the bot to
settle and checks every game:

* every board message shows the stored game: the picture, the caption and the buttons the
  bot draws for it (the waiting player sees turns, not the steps of a turn being built);
* no answered press is lost (an answered move is in the database) and nothing is doubled
  (each game's move log replays through the engine to the stored game and result);
* every finished game's result message reached each player exactly once;
* the player to act has a deadline in the future (a restart never times anyone out unseen);
* no game is lost on time, although every third restart comes after the players' deadlines
  passed while the bot was down: a restart gives them `RESTART_GRACE_SECONDS`;
* every press was applied (answered without a refusal, and in the database) or is offered
  again (the board shows the stored game's buttons), and counted as one or the other.

One moment holds a board edit on its way and lets Telegram carry it out only after the
restart (the next process has redrawn that board meanwhile): the board still shows the
stored game. How long after the new process's first Bot API call the boards were all
current is printed.

`NARD_KILLS` (default 8: each moment about once) sets the number of kills, `NARD_KILL_SEED`
the random moments; the figures are printed (`-s`) for docs/performance.md ("Kills and restarts").
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import random
import signal
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.config import load_settings
from bot.plumbing.pacing import Coalescer
from bot.services.boards import SEND_LEASE, BoardPublisher
from bot.views.board import viewer_of
from bot.views.callbacks import Act, GameCb
from core.live import Live
from core.people import Players
from i18n.people import People
from render.board import render_board
from storage import Database, boards, games, outbox
from storage.connect import open_database
from testkit.driver import choose, game_buttons
from testkit.fake_telegram import FakeTelegram, StoredMessage
from testkit.fixtures import fake_telegram  # noqa: F401 - a fixture
from testkit.holds import Holds
from testkit.lifecycle import replay
from testkit.pixels import same_picture
from testkit.processes import start_bot
from testkit.waiting import Predicate, until

pytestmark = pytest.mark.slow  # real `python -m bot` processes: seconds to minutes a test

ALI, VALI, CARL = 3101, 3102, 3103
NAMES = {ALI: "Ali", VALI: "Vali", CARL: "Carl"}
KILLS = int(os.environ.get("NARD_KILLS", "8"))
GRACE = 120  # RESTART_GRACE_SECONDS: longer than settling may take on a busy machine
SEED = int(os.environ.get("NARD_KILL_SEED", "7"))
SETTLE_SECONDS = 60.0
# A dead sender's edit is carried out within this many seconds of its try: inside its claim
# on the message (SEND_LEASE, from just before the try), whole seconds rounded down.
LATE_WITHIN = SEND_LEASE - 3
STATE_CHANGES = {Act.GO, Act.FULL, Act.UNDO, Act.DONE, Act.ROLL, Act.DOUBLE, Act.TAKE, Act.DROP,
                 Act.RESIGN_YES}


@dataclass
class Press:
    game: int
    data: GameCb
    query_id: str
    update_id: int


@dataclass
class Run:
    fake: FakeTelegram
    database: str  # the database URL (or SQLite path) the bot and the checks share
    log: Path
    holds: Holds
    rng: random.Random
    bot: Any = None
    db: Database | None = None
    publisher: BoardPublisher | None = None
    starts: int = 0
    kills: dict[str, int] = field(default_factory=Counter)
    presses: list[Press] = field(default_factory=list)
    settle_times: list[float] = field(default_factory=list)
    checked_boards: int = 0
    redelivered: set[int] = field(default_factory=set)  # updates the next start must handle
    codes: set[str] = field(default_factory=set)  # challenge links used
    started_mark: int = 0  # where the requests of the running process begin
    current_after_start: list[float] = field(default_factory=list)  # first call → boards
    slow_starts: Counter[str] = field(default_factory=Counter)  # over 2 s, by the kill's moment
    overdue_restarts: int = 0  # restarts after the deadlines had passed
    late_release: bool = False  # release the held edit only after the restart

    # -- the process ---------------------------------------------------------------------

    def start(self) -> None:
        self.started_mark = self.fake.mark()
        self.bot = start_bot(self.fake, self.database, self.log,
                             RESTART_GRACE_SECONDS=str(GRACE))
        self.starts += 1

    async def kill(self, moment: str) -> None:
        os.kill(self.bot.pid, signal.SIGKILL)
        await asyncio.to_thread(self.bot.wait, 30)
        # Updates the dead process had not confirmed come again, as Telegram sends them.
        self.redelivered = {u["update_id"] for u in self.fake._queue}
        self.kills[moment] += 1
        if sum(self.kills.values()) % 3 == 0:  # down past every player's deadline
            await self.overdue()
        if not self.late_release:
            self.holds.free()
        began = time.monotonic()
        self.start()
        if self.late_release:
            await self.carry_out_late()
        current = await self.boards_current_at()
        await self.settle(sent=True)  # the new process sends the turns played before the kill
        self.settle_times.append(time.monotonic() - began)
        first = next((r for r in self.fake.requests[self.started_mark:]), None)
        if first is not None:
            self.current_after_start.append(current - first.time)
            if current - first.time > 2:
                self.slow_starts[moment] += 1

    async def carry_out_late(self) -> None:
        """Telegram carries out the dead process's held edit once the new process has
        redrawn the boards, or sooner: at the latest within the dead sender's claim on the
        message (`SEND_LEASE` from its last try), which is as late as Telegram acts on a
        request (the bot's model: bot/services/boards.py, storage/boards.py)."""
        self.late_release = False
        latest = self.holds.hit_at + LATE_WITHIN
        while time.monotonic() < latest:
            with contextlib.suppress(Exception):  # (the new process may not be up yet)
                if await self.boards_current():
                    break
            await asyncio.sleep(0.05)
        self.holds.free()
        await asyncio.wait_for(self.holds.landed.wait(), 30)

    async def overdue(self) -> None:
        """The bot was down past the deadline of every player's turn."""
        assert self.db is not None
        self.overdue_restarts += 1
        now = int(datetime.now(UTC).timestamp())
        async with self.db.transaction() as tx:
            await tx.execute("UPDATE games SET deadline = ? WHERE status = 'active'"
                             " AND deadline IS NOT NULL", (now - 5,))

    async def stop(self) -> int:
        os.kill(self.bot.pid, signal.SIGTERM)
        return await asyncio.to_thread(self.bot.wait, 60)

    # -- what is stored ------------------------------------------------------------------

    async def open(self) -> None:
        self.db = await open_database(self.database)
        settings = load_settings(bot_token=self.fake.token, database_url=self.database)
        people = People(self.db, settings.default_language,
                        rows=Players(self.db, clock=lambda: datetime.now(UTC)))
        self.publisher = BoardPublisher(None, self.db, people,  # type: ignore[arg-type]
                                        Coalescer(), clock=lambda: datetime.now(UTC),
                                        render=render_board, later=lambda game, after: None,
                                        drawn=lambda player: None)

    async def games(self) -> list[games.Game]:
        assert self.db is not None
        rows = await self.db.fetchall("SELECT id FROM games ORDER BY id")
        return [await games.load_game(self.db, row[0]) for row in rows]

    async def settled(self, sent: bool = False) -> bool:
        """Every update is handled, every board shows its game's version, every private game
        has its boards, no result waits in the outbox, no computer is thinking and (`sent`)
        no played turn waits to be sent."""
        assert self.db is not None
        if self.fake._queue or any(self.fake.callback_answer(p.query_id) is None
                                   for p in self.presses if p.update_id in self.redelivered):
            return False
        if await outbox.pending_notices(self.db):
            return False
        for row in await self.games():
            if row.status == "aborted":
                continue
            live = Live.load(row.state_json)
            # (the computer thinking, or a turn played without Done waiting to be sent: the
            # timer sends it within seconds)
            if row.status == "active" and (row.players[live.game.to_act] is None
                                           or (sent and live.pending is not None)):
                return False
            stored = await boards.board_messages(self.db, row.id)
            # (a board taken over from the killed process is sure once sent again)
            if any(m.shown_version != row.version or m.recheck_at is not None
                   for m in stored):
                return False
            chats = {m.chat_id for m in stored}
            if row.status == "active" and any(p is not None and p not in chats
                                              for p in row.players):
                return False
        return True

    async def boards_current(self) -> bool:
        """Every board message shows its game's stored version, and every active private
        game has both boards."""
        assert self.db is not None
        for row in await self.games():
            if row.status == "aborted":
                continue
            stored = await boards.board_messages(self.db, row.id)
            if any(m.shown_version != row.version for m in stored):
                return False
            if row.status == "active" and any(p is not None and p not in {
                    m.chat_id for m in stored} for p in row.players):
                return False
        return True

    async def boards_current_at(self) -> float:
        """When (monotonic) every board was current after the start."""
        await until(self.boards_current, SETTLE_SECONDS, "the boards to catch up",
                    tail=self.tail)
        return time.monotonic()

    async def settle(self, sent: bool = False) -> None:
        """Wait until the bot is `settled`, then check everything; a game the timer moved on
        while it was checked (a played turn sent) is checked again once settled."""
        for attempt in range(5):
            await until(lambda: self.settled(sent), SETTLE_SECONDS, "the bot to settle",
                        tail=self.tail)
            versions = await self.versions()
            try:
                await self.check()
                return
            except AssertionError:
                if attempt == 4 or await self.versions() == versions:
                    raise

    async def versions(self) -> dict[int, int]:
        return {row.id: row.version for row in await self.games()}

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-4000:]

    # -- the checks ----------------------------------------------------------------------

    async def check(self) -> None:
        assert self.db is not None and self.publisher is not None
        for row in await self.games():
            if row.status == "aborted":
                continue
            live = Live.load(row.state_json)
            for message in await boards.board_messages(self.db, row.id):
                await self._check_board(row, live, message)
            if row.status == "active":
                seat = live.game.to_act
                # (A turn played without Done waits to be sent: its deadline is that moment,
                # due at once after a restart; the timer sends it, it times nobody out.)
                if row.players[seat] is not None and live.pending is None:
                    assert row.deadline is not None and row.deadline > datetime.now(UTC), row
            log = await games.match_log(self.db, row.id)
            played = replay(log, row.variant, row.match_length, row.cube)
            assert played[-1].to_dict() == live.game.to_dict()  # nothing lost or doubled
        for press in self.presses:  # an answered change is never lost
            answer = self.fake.callback_answer(press.query_id)
            if press.data.a in STATE_CHANGES and answer is not None and not answer.get("text"):
                row = await games.load_game(self.db, press.game)
                assert row.version > press.data.v or row.status != "active", (press, row)
        for row in await self.games():  # nobody lost on time: every restart gave a grace
            timeouts = [m for m in await games.move_log(self.db, row.id) if m.kind == "timeout"]
            assert not timeouts, (row.id, timeouts)
        results: Counter[int] = Counter()
        for row in await self.games():
            for _ in await games.game_results(self.db, row.id):
                results.update(p for p in row.players if p is not None)
        for player in NAMES:
            got = [m for m in self.fake.messages(player)
                   if (m.text or "").startswith(("🏆 You won", "You lost"))]
            assert len(got) == results[player], (player, len(got), results[player])

    async def _check_board(self, row: games.Game, live: Live, message: Any) -> None:
        assert self.publisher is not None
        shown = self.fake.message(message.chat_id, message.message_id)
        seat = row.seat_of(message.player_id)
        assert seat is not None
        to_act = row.status == "active" and live.game.to_act == seat
        self.publisher.unselect(row.id)
        # A chosen checker's destinations come with Back (move buttons offered before any
        # choice, when there are few, come without it).
        offered = game_buttons(shown.buttons)
        chosen = [d.src for _, d in offered if d.a is Act.GO]
        if to_act and chosen and any(d.a is Act.BACK for _, d in offered):
            self.publisher.select(row.id, seat, chosen[0])
        expected = await self.publisher.board(row, live, await viewer_of(self.publisher.people,
            row, seat))
        assert _lines(shown.caption) == _lines(expected.caption), (shown.caption, expected)
        assert same_picture(shown.photo, expected.photo)
        want = [(b.text, b.callback_data) for line in (
            expected.keyboard.inline_keyboard if expected.keyboard else []) for b in line]
        assert [text for text, _ in shown.buttons] == [text for text, _ in want]
        for (_, got), (_, wanted) in zip(shown.buttons, want, strict=True):
            a, b = GameCb.unpack(got or ""), GameCb.unpack(wanted or "")
            assert (a.game, a.a, a.src, a.dst) == (b.game, b.a, b.src, b.dst)
            if to_act or row.status != "active":
                assert a.v == b.v == row.version
            else:
                assert a.v <= row.version
        self.checked_boards += 1

    async def outcomes(self) -> tuple[int, int, int]:
        """(applied, refused, never answered) presses. A press never answered was taken by
        a process killed before it answered: its board offers the stored game's buttons
        again (`check`), so its player presses again."""
        applied = refused = offered = 0
        for press in self.presses:
            answer = self.fake.callback_answer(press.query_id)
            if answer is None:
                offered += 1
            elif answer.get("text"):
                refused += 1
            else:
                applied += 1
        return applied, refused, offered

    # -- playing -------------------------------------------------------------------------

    async def board_of(self, game_id: int, player: int) -> StoredMessage:
        assert self.db is not None
        message = next(m for m in await boards.board_messages(self.db, game_id)
                       if m.chat_id == player)
        return self.fake.message(player, message.message_id)

    async def to_act(self, game_id: int) -> int | None:
        assert self.db is not None
        row = await games.load_game(self.db, game_id)
        if row.status != "active":
            return None
        return row.players[Live.load(row.state_json).game.to_act]

    async def press(self, game_id: int, data: GameCb, player: int) -> str:
        board = await self.board_of(game_id, player)
        update = self.fake.user(player, NAMES[player]).press(board, data.pack())
        query = update["callback_query"]["id"]
        self.presses.append(Press(game_id, data, query, update["update_id"]))
        return query

    async def answered(self, query: str) -> None:
        await self.fake.wait_for("answerCallbackQuery", lambda r: r.params.get(
            "callback_query_id") == query, timeout=30)

    async def next_press(self, game_id: int) -> tuple[int, GameCb] | None:
        player = await self.to_act(game_id)
        if player is None:
            return None
        data = choose((await self.board_of(game_id, player)).buttons)
        return None if data is None else (player, data)

    async def play(self, game_id: int, presses: int) -> None:
        """Press `presses` times what the player to act is offered, waiting each time."""
        for _ in range(presses):
            move = await self.next_press(game_id)
            if move is None:
                return
            await self.step(game_id, *move)

    async def step(self, game_id: int, player: int, data: GameCb) -> None:
        """One press, answered and drawn."""
        board = await self.board_of(game_id, player)
        edits = len(board.edits)
        await self.answered(await self.press(game_id, data, player))
        if data.a in (Act.PICK, Act.BACK):  # answered first, then the buttons change
            await self.until(lambda: len(board.edits) > edits)
        await self.settle()

    async def up_to_done(self, game_id: int) -> tuple[int, GameCb]:
        """Step through the turn up to its Done (which redraws both boards): (player, Done)."""
        for _ in range(20):
            move = await self.next_press(game_id)
            assert move is not None
            if move[1].a is Act.DONE:
                return move
            await self.step(game_id, move[0], move[1])
        raise AssertionError(f"game {game_id}: no Done within 20 presses")

    async def menu(self, user: int, labels: tuple[str, ...]) -> None:
        person = self.fake.user(user, NAMES[user])
        person.command("/new")
        await self.until(lambda: any(m.find_button(labels[0]) for m in self.fake.messages(user)))
        for label, following in itertools.pairwise((*labels, None)):
            mark = self.fake.mark()
            person.press_button(user, label)
            if following is not None:
                await self.until(lambda f=following: any(
                    m.find_button(f) for m in self.fake.messages(user)))
            else:
                await self.fake.wait_for("answerCallbackQuery", after=mark, timeout=30)

    async def until(self, predicate: Predicate, timeout: float = 30) -> None:
        await until(predicate, timeout, tail=self.tail, pause=0.02)

    async def friend_game(self, hold_first_board: bool = False) -> int:
        """Ali challenges Vali by link (short nard); the new game's id."""
        await self.menu(ALI, ("Short nard", "👥 A friend", "1 game", "Without the cube"))
        def link() -> str | None:
            texts = [m.text or "" for m in self.fake.messages(ALI) if "start=" in (m.text or "")]
            return texts[-1].split("start=", 1)[1].split()[0] if texts else None

        await self.until(lambda: link() is not None and link() not in self.codes)
        code = link()
        self.codes.add(code)  # type: ignore[arg-type]
        before = {row.id for row in await self.games()}
        if hold_first_board:
            self.holds.arm("sendPhoto")
        self.fake.user(VALI, NAMES[VALI]).command(f"/start {code}")
        if hold_first_board:
            await asyncio.wait_for(self.holds.hit.wait(), 30)
            await self.kill("a game stored before its first board")
        return await self.new_game(before)

    async def new_game(self, before: set[int]) -> int:
        """The game created since `before`, once it is there and drawn."""
        async def created() -> bool:
            return any(row.id not in before for row in await self.games())

        await self.until(created)
        await self.settle()
        [new] = [row.id for row in await self.games() if row.id not in before]
        return new

    async def computer_game(self) -> int:
        before = {row.id for row in await self.games()}
        await self.menu(CARL, ("Short nard", "🤖 Computer", "Beginner", "1 game",
                               "Without the cube"))
        return await self.new_game(before)

    async def resign(self, game_id: int, player: int, hold_result: bool) -> None:
        board = await self.board_of(game_id, player)
        flag = next(d for _, d in game_buttons(board.buttons) if d.a is Act.RESIGN)
        await self.answered(await self.press(game_id, flag, player))
        await self.until(lambda: any(d.a is Act.RESIGN_YES for _, d in game_buttons(
            self.fake.message(player, board.message_id).buttons)))
        yes = next(d for _, d in game_buttons(self.fake.message(player, board.message_id)
                                              .buttons) if d.a is Act.RESIGN_YES)
        if hold_result:
            self.holds.arm("sendMessage", lambda p: "You " in str(p.get("text")))
        query = await self.press(game_id, yes, player)
        if hold_result:
            await asyncio.wait_for(self.holds.hit.wait(), 30)
            await self.kill("after a game's end, before its result message")
        else:
            await self.answered(query)
            await self.kill("right after a resignation was answered")


@contextlib.asynccontextmanager
async def running(fake: FakeTelegram, tmp_path: Path, database: str) -> AsyncIterator[Run]:
    """`python -m bot` started against `fake`, with Ali, Vali and Carl known to it."""
    run = Run(fake, database, tmp_path / "bot.log", Holds(fake),
              random.Random(SEED))
    run.start()
    try:
        for user, name in NAMES.items():
            fake.user(user, name).command("/start")
        await fake.wait_for("setMyCommands", timeout=60)
        await run.until(lambda: all(fake.messages(user) for user in NAMES))  # welcomed
        await run.open()
        yield run
    except BaseException:
        print(run.tail())
        raise
    finally:
        run.holds.free()
        if run.bot is not None and run.bot.poll() is None:
            run.bot.kill()
            run.bot.wait(30)
        if run.db is not None:
            await run.db.close()


async def _kill_after_answer(run: Run, game_id: int) -> None:
    move = await run.next_press(game_id)
    if move is not None:
        await run.answered(await run.press(game_id, move[1], move[0]))
        await run.kill("right after a press was answered")


async def _kill_between_save_and_redraw(run: Run, game_id: int) -> None:
    move = await run.next_press(game_id)
    if move is not None and move[1].a in STATE_CHANGES:
        run.holds.arm("editMessageMedia")
        await run.press(game_id, move[1], move[0])
        await asyncio.wait_for(run.holds.hit.wait(), 30)
        await run.kill("between saving a press and drawing it")


async def _kill_between_two_redraws(run: Run, game_id: int) -> None:
    for _ in range(8):  # up to a Done, which changes both boards
        move = await run.next_press(game_id)
        if move is None or move[1].a is Act.DONE:
            break
        await run.step(game_id, move[0], move[1])
    if move is not None and move[1].a is Act.DONE:
        other = VALI if move[0] == ALI else ALI
        run.holds.arm("editMessageMedia", lambda p: p.get("chat_id") == other)
        await run.press(game_id, move[1], move[0])
        await asyncio.wait_for(run.holds.hit.wait(), 30)
        await run.kill("between the two players' redraws")


async def _kill_at_random(run: Run, game_id: int) -> None:
    move = await run.next_press(game_id)
    if move is not None:
        await run.press(game_id, move[1], move[0])
        await asyncio.sleep(run.rng.uniform(0.0, 0.15))
        await run.kill("at a random moment after a press")


async def _kill_with_an_edit_carried_out_late(run: Run, game_id: int) -> None:
    """A press's redraw is on its way when the process dies, and Telegram carries it out
    only after the next process has redrawn that board (`Run.carry_out_late`)."""
    move = await run.next_press(game_id)
    if move is not None and move[1].a in STATE_CHANGES:
        run.holds.arm("editMessageMedia", late=True)
        await run.press(game_id, move[1], move[0])
        await asyncio.wait_for(run.holds.hit.wait(), 30)
        run.late_release = True
        await run.kill("an edit Telegram carried out after the restart")


async def _kill_in_computers_turn(run: Run, game_id: int, held: bool) -> None:
    """Carl ends his turn; the process dies while the computer plays (held: after the
    computer's move is saved, as its board is drawn; else at once)."""
    for _ in range(30):
        move = await run.next_press(game_id)
        if move is None:
            return
        if move[1].a is Act.DONE:
            break
        await run.step(game_id, move[0], move[1])
    else:
        return
    if held:  # the first edit is Carl's own board, the second the computer's move
        seen = []
        run.holds.arm("editMessageMedia", lambda p: seen.append(p) is None and len(seen) > 1)
    query = await run.press(game_id, move[1], move[0])
    if held:
        await asyncio.wait_for(run.holds.hit.wait(), 30)
        await run.kill("during the computer's turn, its move saved, not drawn")
    else:
        await run.answered(query)
        await run.kill("during the computer's turn")


async def test_sigkill_at_many_moments_leaves_every_game_consistent(
        fake_telegram: FakeTelegram, tmp_path: Path, database_url: str) -> None:  # noqa: F811
    began = time.monotonic()
    async with running(fake_telegram, tmp_path, database_url) as run:
        friend = await run.friend_game(hold_first_board=True)
        carl = await run.computer_game()
        moments = itertools.cycle((_kill_after_answer, _kill_between_save_and_redraw,
                                   _kill_between_two_redraws, _kill_at_random,
                                   _kill_with_an_edit_carried_out_late))
        rounds = 0
        while sum(run.kills.values()) < KILLS:
            rounds += 1
            if await run.to_act(friend) is None:
                friend = await run.friend_game(hold_first_board=rounds % 4 == 0)
            if await run.to_act(carl) is None:
                carl = await run.computer_game()
            await run.play(friend, run.rng.randint(1, 3))
            await next(moments)(run, friend)
            if rounds % 3 == 0:
                await _kill_in_computers_turn(run, carl, held=rounds % 6 == 0)
            if rounds % 4 == 2 and await run.to_act(friend) is not None:
                loser = await run.to_act(friend)
                await run.resign(friend, loser, hold_result=rounds % 8 == 2)  # type: ignore[arg-type]
        await run.settle()
        finished = [row for row in await run.games() if row.status == "finished"]
        total = sum(run.kills.values())
        engine = "PostgreSQL" if database_url.startswith("postgres") else "SQLite"
        print(f"\n{engine}: {total} SIGKILLs in {time.monotonic() - began:.0f} s, "
              f"{run.starts} starts, "
              f"{len(await run.games())} games ({len(finished)} finished), "
              f"{len(run.presses)} presses, {run.checked_boards} board checks: every board "
              f"showed its stored game, no answered press lost, no move doubled, every result "
              f"sent once; settling after a restart took "
              f"{max(run.settle_times):.1f} s at most")
        for moment, count in sorted(run.kills.items()):
            print(f"  {count:3d} × {moment}")
        applied, refused, offered = await run.outcomes()
        after = sorted(run.current_after_start)
        print(f"  presses: {applied} applied, {refused} refused, {offered} never answered "
              f"(killed first) and offered again; {run.overdue_restarts} restarts after every "
              f"deadline had passed, 0 games lost on time; every board current "
              f"{after[len(after) // 2]:.1f} s (median), {after[-1]:.1f} s (max) after the new "
              f"process's first Bot API call, {sum(1 for a in after if a > 2)} of {len(after)} "
              f"restarts over 2 s" + (": " + ", ".join(
                  f"{n} × {m}" for m, n in sorted(run.slow_starts.items()))
                  if run.slow_starts else ""))
        assert total >= KILLS and len(finished) >= 1


class Slow:
    """Every board edit lands `seconds` after it was sent (a slow Telegram): one whose
    sender stopped meanwhile still lands."""

    def __init__(self, fake: FakeTelegram, seconds: float) -> None:
        self.seconds = seconds
        self.sent = asyncio.Event()
        _, self.original = fake._handlers["editmessagemedia"]
        fake.register("editMessageMedia", self._edit)

    async def _edit(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        self.sent.set()
        if self.seconds:
            await asyncio.sleep(self.seconds)
        result = self.original(params, files)
        return await result if asyncio.iscoroutine(result) else result


async def test_sigterm_finishes_a_press_in_flight_or_repairs_it_first_at_the_next_start(
        fake_telegram: FakeTelegram, tmp_path: Path, database_url: str) -> None:  # noqa: F811
    """Two graceful stops (SIGTERM) of one game, in one test so that the players and the
    game are set up once: (1) a press being drawn when the stop comes finishes its
    redraws before the process exits, and a start after it has nothing to repair; (2) a
    turn is played while each board edit takes 7 s to land, and the bot is stopped at
    once: its two redraws (14 s) do not fit the 10 s a stop waits. The opponent's board
    is current when the process exits, or the next start redraws it before anything else
    (before its command menus), and says how long that took."""
    async with running(fake_telegram, tmp_path, database_url) as run:
        game_id = await run.friend_game()
        # (1) A press in flight.
        move = await run.up_to_done(game_id)
        drawing = asyncio.Event()

        def noticed(params: dict[str, Any]) -> bool:
            drawing.set()
            return False  # not held: just noticed

        run.holds.arm("editMessageMedia", noticed)
        await run.press(game_id, move[1], move[0])
        await asyncio.wait_for(drawing.wait(), 30)  # the press is being drawn ...
        code = await run.stop()  # ... when the process is asked to stop
        assert code == 0, run.tail()
        assert await run.settled(), run.tail()  # its redraws finished before the exit
        await run.check()
        run.start()  # and a start after a graceful stop has nothing to repair
        await run.settle()
        run.holds.free()
        # (2) A slow Bot API: the same game's next turn.
        move = await run.up_to_done(game_id)
        slow = Slow(run.fake, 7.0)
        query = await run.press(game_id, move[1], move[0])
        await run.answered(query)  # saved and answered; its redraws are on their way ...
        await asyncio.wait_for(slow.sent.wait(), 30)
        began = time.monotonic()
        assert await run.stop() == 0, run.tail()  # ... when the process is asked to stop
        stopped = time.monotonic() - began
        slow.seconds = 0.0  # Telegram is quick again for the next process
        current = await run.boards_current()
        mark = run.fake.mark()
        run.start()
        took = None
        if not current:
            repaired = await run.boards_current_at()
            first = run.fake.requests[mark]
            took = repaired - first.time
            new = run.fake.requests[mark:]
            edits = [i for i, r in enumerate(new) if r.method == "editMessageMedia"]
            menus = [i for i, r in enumerate(new) if r.method == "setMyCommands"]
            assert edits and (not menus or edits[0] < menus[0]), [r.method for r in new]
        await run.settle()
        engine = "PostgreSQL" if database_url.startswith("postgres") else "SQLite"
        print(f"\nSIGTERM with a slow Bot API ({engine}): the process "
              f"stopped in {stopped:.1f} s; the opponent's board "
              + ("was current when it exited" if current else
                 f"was redrawn {took:.1f} s after the next start's first Bot API call, "
                 f"before its command menus"))


def _lines(caption: str | None) -> list[str]:
    """A caption without its countdown (drawn at another moment than this check)."""
    return [line for line in (caption or "").splitlines() if not line.startswith("⏱")]
