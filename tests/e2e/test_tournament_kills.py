"""A knock-out tournament in a group with the real `python -m bot` killed (SIGKILL) in the
middle of its rounds: after a match's result was saved but before the group's bracket was
redrawn, after the final's game was made but before its players were told, and after the
tournament was won but before the winner was announced. After each restart the bot
settles and nothing has changed: every pairing has one game, every result stands, the
group's lobby and bracket show the stored tournament (the bracket byte for byte as the
test works it out from the stored rows, tests/support/brackets.py), the game boards are
drawn, the news and the winner are announced once, and each placing is told once.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.views.callbacks import Act
from core.live import Live
from render.bracket import render_bracket
from storage import boards, games, outbox
from storage import tournaments as stored
from storage.connect import open_database
from storage.db import Database
from tests.support.brackets import expected_bracket
from tests.support.driver import game_buttons
from tests.support.fake_telegram import ApiError, FakeTelegram, StoredMessage
from tests.support.fixtures import fake_telegram  # noqa: F401 - a fixture
from tests.support.pixels import same_picture
from tests.support.processes import start_bot
from tests.support.waiting import Predicate, until

pytestmark = pytest.mark.slow  # real `python -m bot` processes: seconds to minutes a test

GROUP = -100700
PLAYERS = {3301: "Ali", 3302: "Вали", 3303: "Oʻktam", 3304: "Rəşad"}
SETTLE_SECONDS = 90.0


class Hold:
    """One Bot API call made to hang on its way to the fake (it never arrives): the process
    is killed at exactly that moment."""

    def __init__(self, fake: FakeTelegram) -> None:
        self.fake = fake
        self.hit = asyncio.Event()
        self.release = asyncio.Event()
        self.rule: tuple[str, Callable[[dict[str, Any]], bool]] | None = None
        for method, name in (("sendMessage", "_send_message"), ("sendPhoto", "_send_photo"),
                             ("editMessageMedia", "_edit_message_media")):
            fake.register(method, self._wrap(method, getattr(fake, name)))

    def _wrap(self, method: str, original: Callable[..., Any]) -> Callable[..., Any]:
        async def handler(params: dict[str, Any], files: dict[str, bytes]) -> Any:
            if self.rule is None or self.rule[0] != method or not self.rule[1](params):
                return original(params, files)
            self.rule = None
            self.hit.set()
            await self.release.wait()  # the sender is killed meanwhile
            raise ApiError(500, "Internal Server Error: the sender is gone")
        return handler

    def arm(self, method: str, when: Callable[[dict[str, Any]], bool]) -> None:
        self.hit.clear()
        self.rule = (method, when)

    def free(self) -> None:
        self.rule = None
        self.release.set()
        self.release = asyncio.Event()


class Run:
    def __init__(self, fake: FakeTelegram, database: str, log: Path) -> None:
        self.fake, self.database, self.log = fake, database, log
        self.hold = Hold(fake)
        self.bot: subprocess.Popen[bytes] | None = None
        self.db: Database | None = None
        self.kills: list[tuple[str, float]] = []

    def start(self) -> None:
        self.bot = start_bot(self.fake, self.database, self.log)

    async def kill(self, moment: str) -> None:
        assert self.bot is not None
        await asyncio.wait_for(self.hold.hit.wait(), 60)
        os.kill(self.bot.pid, signal.SIGKILL)
        await asyncio.to_thread(self.bot.wait, 30)
        self.hold.free()
        began = time.monotonic()
        self.start()
        await self.settle()
        self.kills.append((moment, time.monotonic() - began))

    def tail(self) -> str:
        return self.log.read_text(errors="replace")[-5000:]

    async def until(self, predicate: Predicate, timeout: float = SETTLE_SECONDS) -> None:
        await until(predicate, timeout, tail=self.tail)

    # -- what is stored -----------------------------------------------------------------

    async def tournament(self) -> stored.Tournament:
        assert self.db is not None
        row = await self.db.fetchone("SELECT MAX(id) FROM tournaments")
        found = await stored.get_tournament(self.db, row[0])
        assert found is not None
        return found

    async def settled(self) -> bool:
        """Every update handled, no result waiting, every tournament message showing the
        stored tournament, every active game's boards drawn, nothing due left waiting."""
        assert self.db is not None
        if self.fake._queue or await outbox.pending_notices(self.db):
            return False
        t = await self.tournament()
        if await stored.unposted_news(self.db, t.id):
            return False
        for kind, message in (await stored.messages(self.db, t.id)).items():
            if not message.message_id or (kind != "final"
                                          and message.shown_version != t.version):
                return False
        for pairing in await stored.pairings(self.db, t.id):
            if t.status == "running" and pairing.status == "waiting" and pairing.ready:
                return False  # due to begin
            if pairing.status != "playing" or pairing.game_id is None:
                continue
            row = await games.load_game(self.db, pairing.game_id)
            if row.status != "active":
                return False  # due to be settled
            if Live.load(row.state_json).pending is not None:
                return False  # a turn played without Done, about to be sent
            shown = {m.chat_id: m.shown_version
                     for m in await boards.board_messages(self.db, row.id)}
            if any(shown.get(p) != row.version for p in row.players):
                return False
        return True

    async def settle(self) -> None:
        await self.until(self.settled)
        await self.check()

    async def check(self) -> None:
        """Nothing lost, nothing doubled, the group shows the stored tournament."""
        assert self.db is not None
        t = await self.tournament()
        pairings = await stored.pairings(self.db, t.id)
        made = [p.game_id for p in pairings if p.game_id is not None]
        assert len(made) == len(set(made))  # one game per pairing
        rows = await self.db.fetchall("SELECT id FROM games ORDER BY id")
        assert sorted(made) == [row[0] for row in rows]  # and no game outside them
        for pairing in pairings:
            if pairing.status == "done":
                assert pairing.game_id is not None and pairing.winner_id in pairing.players
                row = await games.load_game(self.db, pairing.game_id)
                assert row.status == "finished"
                assert row.players[row.winner_seat or 0] == pairing.winner_id
        # The bracket as the test works it out from the rows (tests/support/brackets.py),
        # never through the door's bracket_of.
        expected = await expected_bracket(self.db, t.id)
        bracket = render_bracket(expected)
        messages = await stored.messages(self.db, t.id)
        picture = self.fake.message(GROUP, messages["picture"].message_id)
        if not same_picture(picture.photo, bracket):
            shown = await stored.pairings(self.db, t.id)
            raise AssertionError("the group's bracket is not the stored tournament's:\n"
                                 + "\n".join(map(str, shown)) + f"\nexpected {expected}")
        won = [m for m in self.fake.messages(GROUP)
               if "wins the tournament" in (m.caption or m.text or "")]
        assert len(won) == (1 if t.status == "finished" else 0)
        assert all(same_picture(m.photo, bracket) for m in won), \
            "the result shows the final bracket"
        # The group's news (a round begins, a round is over with the final), each once.
        posted = [n for n in await stored.news(self.db, t.id)
                  if n.chat_id == GROUP and n.message_id > 0]
        news = [m.text for m in self.fake.messages(GROUP)
                if (m.text or "").startswith(("🏆 Round", "🏁 Round"))]
        assert len(news) == len(set(news)) == len(posted), news
        assert len(posted) == 2 or t.status != "finished"  # round 1; its end and the final
        for player in PLAYERS:  # each placing told once, at the end
            told = [m for m in self.fake.messages(player) if (m.text or "").startswith(
                ("🏆 The tournament is over. Your place:", "🏆 You won the tournament!"))]
            assert len(told) == (1 if t.status == "finished" else 0), (player, told)
        played: dict[int, int] = dict.fromkeys(PLAYERS, 0)
        for row in rows:
            game = await games.load_game(self.db, row[0])
            for player in game.players:
                if player is not None:
                    played[player] += len(await games.game_results(self.db, game.id))
        for player, results in played.items():  # each result message reached its player once
            got = [m for m in self.fake.messages(player)
                   if (m.text or "").startswith(("🏆 You won", "You lost"))
                   and not (m.text or "").startswith("🏆 You won the tournament")]
            assert len(got) == results, (player, len(got), results)

    async def playing(self) -> list[games.Game]:
        assert self.db is not None
        t = await self.tournament()
        found = []
        for pairing in await stored.pairings(self.db, t.id):
            if pairing.status == "playing" and pairing.game_id is not None:
                found.append(await games.load_game(self.db, pairing.game_id))
        return found

    # -- players' presses -----------------------------------------------------------------

    async def board(self, game_id: int, player: int) -> StoredMessage:
        assert self.db is not None
        message = next(m for m in await boards.board_messages(self.db, game_id)
                       if m.chat_id == player)
        return self.fake.message(player, message.message_id)

    async def resign(self, game_id: int, player: int) -> str:
        """🏳 then "Yes, resign" on the player's board; the confirming press's query id."""
        user = self.fake.user(player, PLAYERS[player])
        board = await self.board(game_id, player)
        flag = next(d for _, d in game_buttons(board.buttons) if d.a is Act.RESIGN)
        mark = self.fake.mark()
        user.press(board, flag.pack())
        await self.fake.wait_for("answerCallbackQuery", after=mark, timeout=30)

        def confirm() -> Any:
            shown = self.fake.message(player, board.message_id)
            return next((d for _, d in game_buttons(shown.buttons)
                         if d.a is Act.RESIGN_YES), None)

        await self.until(lambda: confirm() is not None, 30)
        update = user.press(self.fake.message(player, board.message_id), confirm().pack())
        return str(update["callback_query"]["id"])

    async def lose(self, row: games.Game) -> int:
        """The player with the higher id resigns the game; returns the loser."""
        loser = max(p for p in row.players if p is not None)
        await self.resign(row.id, loser)
        return loser


async def test_sigkill_in_the_middle_of_a_knockout_changes_nothing(
        fake_telegram: FakeTelegram, tmp_path: Path, database_url: str) -> None:  # noqa: F811
    began = time.monotonic()
    fake = fake_telegram
    run = Run(fake, database_url, tmp_path / "bot.log")
    run.db = await open_database(database_url)
    fake.group(GROUP, "Nard club")
    run.start()
    try:
        for player, name in PLAYERS.items():
            fake.user(player, name).command("/start")
        await fake.wait_for("setMyCommands", timeout=60)
        await run.until(lambda: all(fake.messages(p) for p in PLAYERS))
        creator = fake.user(3301, PLAYERS[3301])
        creator.command("/tournament", chat=GROUP)
        for label in ("🏆 Knock-out", "Short nard", "1 game", "Without the cube", "4",
                      "When full"):
            await run.until(lambda lb=label: any(m.find_button(lb)
                                                 for m in fake.messages(GROUP)), 30)
            mark = fake.mark()
            creator.press_button(GROUP, label)
            await fake.wait_for("answerCallbackQuery", after=mark, timeout=30)
        for player, name in PLAYERS.items():
            mark = fake.mark()
            fake.user(player, name).press_button(GROUP, "✅ Join")
            await fake.wait_for("answerCallbackQuery", after=mark, timeout=30)
        await run.until(lambda: _running(run))
        await run.settle()
        first = await run.playing()
        assert len(first) == 2
        # 1. A first-round match ends; the process dies before the bracket is redrawn.
        run.hold.arm("editMessageMedia", lambda p: p.get("chat_id") == GROUP)
        await run.lose(first[0])
        await run.kill("a match over, the bracket not redrawn")
        # 2. The other one ends; the final's game is made; the process dies as its players
        # are told whom they play.
        run.hold.arm("sendMessage", lambda p: "round 2 of 2" in str(p.get("text")))
        await run.lose(first[1])
        await run.kill("the final made, its players not told")
        [final] = await run.playing()
        assert final.status == "active" and final.id not in {row.id for row in first}
        assert Live.load(final.state_json).game.result is None
        # 3. The final ends; the process dies before the winner is announced.
        run.hold.arm("sendPhoto", lambda p: "wins the tournament" in str(p.get("caption")))
        await run.lose(final)
        await run.kill("the tournament won, the winner not announced")
        t = await run.tournament()
        assert t.status == "finished" and t.winner_id is not None
        assert len(await stored.pairings(run.db, t.id)) == 3
    except BaseException:
        print(run.tail())
        raise
    finally:
        run.hold.free()
        if run.bot is not None and run.bot.poll() is None:
            run.bot.kill()
            run.bot.wait(30)
        await run.db.close()
    engine = "PostgreSQL" if database_url.startswith("postgres") else "SQLite"
    print(f"\n{engine}: {len(run.kills)} SIGKILLs in a 4-player knock-out, "
          f"{time.monotonic() - began:.0f} s; settled after each restart in "
          + ", ".join(f"{seconds:.1f} s ({moment})" for moment, seconds in run.kills))


async def _running(run: Run) -> bool:
    assert run.db is not None
    row = await run.db.fetchone("SELECT status FROM tournaments ORDER BY id DESC LIMIT 1")
    return row is not None and row[0] == "running"
