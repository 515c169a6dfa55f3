"""The kill-and-settle loop of the tournament kill tests (tests/e2e/test_tournament_kills.py,
test_swiss_kills.py, test_group_tournaments_kills.py): the real `python -m bot` plays
tournaments in one group, a Bot API call is held (`testkit.holds`), the process is
SIGKILLed at that moment and started again, and the test waits for it to settle before
checking that nothing was lost or doubled (`Run.check`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import time
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bot.views.callbacks import Act
from core.live import Live
from core.swiss import swiss_rounds
from core.tournaments import swiss_table
from render.bracket import render_bracket
from render.standings import render_standings
from storage import boards, games, outbox
from storage import tournaments as stored
from storage.connect import open_database
from storage.db import Database
from testkit.arena import expected_arena, match_arena_picture
from testkit.brackets import expected_bracket
from testkit.driver import game_buttons
from testkit.fake_telegram import FakeTelegram, StoredMessage
from testkit.holds import Holds
from testkit.pixels import same_picture
from testkit.processes import start_bot
from testkit.swiss import expected_standings, stored_rows
from testkit.waiting import Predicate, until

GROUP = -100700
RESULTS = ("wins the tournament", "The arena is over. The winners")
PLACES = ("🏆 The tournament is over. Your place:", "🏆 You won the tournament!",
          "♟ The Swiss is over. Your place:", "⏱ The arena is over. Your place:")
PAIRED = ("🏆 Tournament, round", "♟ Swiss, round")  # an arena may pair two players again
NEWS = ("🏆 Round", "🏁 Round", "⏱ The arena has begun", "⏱ The arena so far")
REMATCH = "🔁 Play again"
PLAYERS = {3301: "Ali", 3302: "Вали", 3303: "Oʻktam", 3304: "Rəşad", 3305: "Айгүл",
           3306: "Leyla", 3307: "Бакыт", 3308: "Sam"}
SETTLE_SECONDS = 90.0


class Run:
    """One `python -m bot` (started again after each kill) and the players of `players`
    in the group `GROUP`, where tournaments are played one after the other; `check` says
    what must hold after every settle, of the latest tournament and of what the group and
    the players were sent since it was opened."""

    def __init__(self, fake: FakeTelegram, database: str, log: Path,
                 players: dict[int, str]) -> None:
        self.fake, self.database, self.log, self.players = fake, database, log, players
        self.hold = Holds(fake)
        self.bot: subprocess.Popen[bytes] | None = None
        self.db: Database | None = None
        self.kills: list[tuple[str, float]] = []
        self.group_mark = 0  # where the latest tournament's group messages begin
        self.player_marks: dict[int, int] = dict.fromkeys(players, 0)
        self.entered: list[int] = list(players)
        self.rematch_checks = 0  # finished boards checked for a "Play again"

    # -- the process ---------------------------------------------------------------------

    def start(self) -> None:
        # No game here is against the computer: its worker process (seconds to start on a
        # busy machine, at every restart) is left out; the computer plays in threads.
        self.bot = start_bot(self.fake, self.database, self.log, COMPUTER_WORKERS="0")

    async def kill(self, moment: str) -> None:
        """Once the armed call is held: SIGKILL, start again, settle (and `check`)."""
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

    def report(self, what: str, began: float) -> str:
        """The figures printed at the end (`-s`)."""
        engine = "PostgreSQL" if self.database.startswith("postgres") else "SQLite"
        return (f"\n{engine}: {len(self.kills)} SIGKILLs in {what}, "
                f"{time.monotonic() - began:.0f} s; settled after each restart in "
                + ", ".join(f"{s:.1f} s ({moment})" for moment, s in self.kills))

    # -- what is stored ------------------------------------------------------------------

    async def tournament(self) -> stored.Tournament:
        assert self.db is not None
        found = await stored.get_tournament(
            self.db, int(await self.db.fetchval("SELECT MAX(id) FROM tournaments")))
        assert found is not None
        return found

    async def running(self) -> bool:
        return (await self.tournament()).status == "running"

    async def finished(self) -> bool:
        return (await self.tournament()).status == "finished"

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
            if any(p is None or shown.get(p) != row.version for p in row.players):
                return False
        return True

    async def settle(self) -> None:
        await self.until(self.settled)
        await self.check()

    async def check(self) -> None:
        """Nothing lost, nothing doubled, the group shows the stored tournament: one game
        per pairing and none outside the tournaments, every result as its game's, the
        picture, the news, no rematch offered, each placing, pairing and result told
        once."""
        assert self.db is not None
        t = await self.tournament()
        pairings = await stored.pairings(self.db, t.id)
        made = [p.game_id for p in pairings if p.game_id is not None]
        assert len(made) == len(set(made))  # one game per pairing
        paired = {row[0] for row in await self.db.fetchall(
            "SELECT game_id FROM tournament_games WHERE game_id IS NOT NULL")}
        rows = [row[0] for row in await self.db.fetchall("SELECT id FROM games ORDER BY id")]
        assert set(rows) <= paired, "a game outside every tournament"
        for pairing in pairings:
            if pairing.status == "done" and pairing.game_id is not None:
                row = await games.load_game(self.db, pairing.game_id)
                assert row.status == "finished"
                assert row.players[row.winner_seat or 0] == pairing.winner_id
        await self.check_picture(t, pairings)
        await self.check_news(t)
        await self.check_no_rematch(t, pairings)
        for player in self.players:  # each placing told once, at the end
            told = [m for m in self.fake.messages(player)[self.player_marks[player]:]
                    if (m.text or "").startswith(PLACES)]
            due = 1 if t.status == "finished" and player in self.entered else 0
            assert len(told) == due, (player, [m.text for m in told])
            news = [m.text for m in self.fake.messages(player)[self.player_marks[player]:]
                    if (m.text or "").startswith(PAIRED)]
            assert len(news) == len(set(news)), (player, news)  # told of each once
        if t.format == "swiss":  # each round paired once
            for number in {p.round for p in pairings}:
                assert len([p for p in pairings if p.round == number]) == len(
                    self.entered) // 2, (number, pairings)
        played: dict[int, int] = dict.fromkeys(self.players, 0)
        for game_id in rows:
            game = await games.load_game(self.db, game_id)
            for seated in game.players:
                if seated is not None:
                    played[seated] += len(await games.game_results(self.db, game.id))
        for player, results in played.items():  # each result reached its player once
            assert self.results_told(player) == results, (player, results)

    async def check_picture(self, t: stored.Tournament, pairings: list[Any]) -> None:
        """The group's picture is the stored bracket or standings (the arena's with any
        clock a little ahead of now: testkit/arena.py)."""
        assert self.db is not None
        messages = await stored.messages(self.db, t.id)
        shown = self.fake.message(GROUP, messages["picture"].message_id)
        assert shown.photo, "no picture"
        if t.format == "knockout":
            picture = render_bracket(await expected_bracket(self.db, t.id))
        elif t.format == "swiss":
            entrants = await stored.entrants(self.db, t.id)
            seeds = {e.player_id: e.seed or 0 for e in entrants}
            playing = {p for pairing in pairings if pairing.status == "playing"
                       for p in pairing.players if p is not None}
            current = min((p.round for p in pairings if p.status != "done"),
                          default=max(p.round for p in pairings))
            heading = ((current, swiss_rounds(len(seeds))) if t.status == "running"
                       else None)
            picture = render_standings(expected_standings(
                await stored_rows(self.db, t.id), self.players, seeds, set(), playing, heading))
            if t.status == "finished":
                assert t.winner_id == swiss_table(entrants, pairings)[0].player
        else:
            expected = await expected_arena(self.db, t.id)
            assert t.ends_at is not None
            left = int((t.ends_at - datetime.now(UTC)).total_seconds()) - 1
            drawn = match_arena_picture(shown.photo, expected, t.status == "running", left)
            picture = shown.photo if drawn is not None else render_standings(expected)
        if not same_picture(shown.photo, picture):
            (self.log.parent / "expected.png").write_bytes(picture)
            (self.log.parent / "shown.png").write_bytes(shown.photo)
            raise AssertionError(f"the group's {t.format} picture is not the stored one (both"
                                 f" in {self.log.parent}):\n" + "\n".join(map(str, pairings)))
        (self.log.parent / f"{t.format}-{t.version}.png").write_bytes(shown.photo)
        won = [m for m in self.since() if any(r in (m.caption or m.text or "") for r in RESULTS)]
        assert len(won) == (1 if t.status == "finished" else 0), [m.caption for m in won]
        if t.format != "arena":
            assert all(same_picture(m.photo, picture) for m in won), \
                "the result shows the final picture"

    async def check_news(self, t: stored.Tournament) -> None:
        """Each piece of news posted once, in the order stored, before the result; news
        that offers games to watch carries their links."""
        assert self.db is not None
        posted = [n for n in await stored.news(self.db, t.id)
                  if n.chat_id == GROUP and n.message_id > 0]
        sent = [m for m in self.since() if (m.text or "").startswith(NEWS)]
        assert len(sent) == len({m.text for m in sent}) == len(posted), [m.text for m in sent]
        ids = [n.message_id for n in posted]
        assert ids == sorted(ids), "the news out of order"
        assert [m.message_id for m in sent] == sorted(ids)
        for message in sent:
            if "👁 Watch the games live" in (message.text or ""):
                assert any(text.startswith(("👁", "💬")) for text, _ in message.buttons), (
                    message.text, message.buttons)
        if posted:  # the first news names the first games, being played: links under it
            first = self.fake.message(GROUP, posted[0].message_id)
            assert "👁 Watch the games live" in (first.text or ""), first.text
        won = [m for m in self.since() if any(r in (m.caption or m.text or "") for r in RESULTS)]
        if won:
            assert all(m.message_id < won[0].message_id for m in sent), "news after the result"
        if t.status == "finished":  # round 1, each round's end with the next, the final
            rounds = {"knockout": (len(self.entered) - 1).bit_length(),
                      "swiss": swiss_rounds(len(self.entered)), "arena": 1}
            topics = [n.topic for n in posted]
            wanted = ["start"] + [f"round-{n}" for n in range(2, rounds[t.format] + 1)]
            assert topics == wanted, topics

    async def check_no_rematch(self, t: stored.Tournament, pairings: list[Any]) -> None:
        """While the tournament runs, none of its finished games' boards offers a rematch."""
        assert self.db is not None
        if t.status != "running":
            return
        for pairing in pairings:
            if pairing.game_id is None:
                continue
            for message in await boards.board_messages(self.db, pairing.game_id):
                if message.message_id:
                    shown = self.fake.message(message.chat_id, message.message_id)
                    assert REMATCH not in [text for text, _ in shown.buttons], (
                        pairing, shown.buttons)
                    self.rematch_checks += 1

    async def playing(self) -> list[games.Game]:
        assert self.db is not None
        t = await self.tournament()
        found = []
        for pairing in await stored.pairings(self.db, t.id):
            if pairing.status == "playing" and pairing.game_id is not None:
                found.append(await games.load_game(self.db, pairing.game_id))
        return found

    def since(self) -> list[StoredMessage]:
        """The group's messages since the latest tournament was opened."""
        return self.fake.messages(GROUP)[self.group_mark:]

    def results_told(self, player: int) -> int:
        """How many game results (not a tournament's) `player` was sent."""
        return len([m for m in self.fake.messages(player)
                    if (m.text or "").startswith(("🏆 You won", "You lost"))
                    and not (m.text or "").startswith("🏆 You won the tournament")])

    # -- players' presses ----------------------------------------------------------------

    async def open(self, labels: tuple[str, ...], entered: list[int] | None = None,
                   start_now: bool = False) -> None:
        """/tournament in the group with the menu's `labels`, `entered` (everyone) join,
        it runs and the bot has settled."""
        creator = self.fake.user(next(iter(self.players)), next(iter(self.players.values())))
        self.group_mark = len(self.fake.messages(GROUP))
        self.player_marks = {p: len(self.fake.messages(p)) for p in self.players}
        self.entered = list(self.players) if entered is None else entered
        creator.command("/tournament", chat=GROUP)
        for label in labels:
            await self.until(lambda lb=label: any(m.find_button(lb)  # type: ignore[misc]
                                                  for m in self.since()),
                             30)
            mark = self.fake.mark()
            creator.press_button(GROUP, label)
            await self.fake.wait_for("answerCallbackQuery", after=mark, timeout=30)
        for player in self.entered:
            mark = self.fake.mark()
            self.fake.user(player, self.players[player]).press_button(GROUP, "✅ Join")
            await self.fake.wait_for("answerCallbackQuery", after=mark, timeout=30)
        if start_now:
            mark = self.fake.mark()
            creator.press_button(GROUP, "▶ Start now")
            await self.fake.wait_for("answerCallbackQuery", after=mark, timeout=30)
        await self.until(self.running)
        await self.settle()

    async def board(self, game_id: int, player: int) -> StoredMessage:
        """The player's board of the game, once it is drawn: a round's games may begin
        after a settle (a Swiss's next round waits to be ready), so the test presses, as
        a player does, only what it was shown."""
        assert self.db is not None
        db = self.db

        async def shown() -> int:
            return next((m.message_id for m in await boards.board_messages(db, game_id)
                         if m.chat_id == player and m.message_id), 0)

        async def drawn() -> bool:
            return bool(await shown())

        await self.until(drawn, 60)
        return self.fake.message(player, await shown())

    async def resign(self, game_id: int, player: int) -> str:
        """🏳 then "Yes, resign" on the player's board; the confirming press's query id."""
        user = self.fake.user(player, self.players[player])
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

    async def lose_out(self, *rows: games.Game) -> None:
        """The matches lost (`lose`) one after the other, their ends saved, the bot settled
        (a settle begun before the presses are handled could find the tournament as it
        was)."""
        for row in rows:
            await self.lose(row)

        async def over() -> bool:
            assert self.db is not None
            found = [await games.load_game(self.db, row.id) for row in rows]
            return all(row.status != "active" for row in found)

        await self.until(over, 60)
        await self.settle()


@contextlib.asynccontextmanager
async def running(run: Run) -> AsyncIterator[Run]:
    """`run`'s process started with the group and its players known to it (each sent
    /start and welcomed); on the way out the process stopped, whatever happened, each
    chat's transcript written beside its log, and the log's tail printed on a failure."""
    run.db = await open_database(run.database)
    run.fake.group(GROUP, "Nard club")
    run.start()
    try:
        for player, name in run.players.items():
            run.fake.user(player, name).command("/start")
        await run.fake.wait_for("setMyCommands", timeout=60)
        await run.until(lambda: all(run.fake.messages(p) for p in run.players))
        yield run
    except BaseException:
        print(run.tail())
        raise
    finally:
        folder = run.log.parent  # what each chat was sent, to read after a failure
        (folder / "group.txt").write_text(run.fake.transcript(GROUP))
        for player in run.players:
            (folder / f"player-{player}.txt").write_text(run.fake.transcript(player))
        run.hold.free()
        if run.bot is not None and run.bot.poll() is None:
            run.bot.kill()
            run.bot.wait(30)
        await run.db.close()
