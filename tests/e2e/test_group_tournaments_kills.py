"""Issue 39's outside run: one group plays an 8-player knock-out, then a 6-player Swiss,
then an arena, against the real `python -m bot` killed (SIGKILL) in the middle of a round
of each. After every round and every restart the bot settles and the group shows what is
stored: the knock-out's bracket and the Swiss's standings byte for byte as the test works
them out from the pairings table (tests/support/brackets.py, tests/support/swiss.py); the
news in the order it happened (the first round, each round's end, the final), each once,
with watch links under news of games being played, before the one result; each game's
result and each placing told once (nothing doubled or lost by the kills); and no finished
tournament board offers "Play again" while its tournament runs.

The arena lasts ten minutes of the process's wall clock: after its kill the test moves its
end (`ends_at`) to now, as if the minutes had passed, and resigns the games left.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.views.callbacks import Act
from core.swiss import swiss_rounds
from core.tournaments import swiss_table
from render.bracket import render_bracket
from render.standings import render_standings
from storage import boards, games
from storage import tournaments as stored
from storage.clock import to_epoch
from storage.connect import open_database
from tests.conftest import ENGINES
from tests.e2e.test_tournament_kills import GROUP, Run, _running
from tests.support.arena import expected_arena, match_arena_picture
from tests.support.brackets import expected_bracket
from tests.support.driver import game_buttons
from tests.support.fake_telegram import FakeTelegram
from tests.support.fixtures import fake_telegram  # noqa: F401 - a fixture
from tests.support.pixels import same_picture
from tests.support.swiss import expected_standings, stored_rows

pytestmark = pytest.mark.slow  # real `python -m bot` processes


@pytest.fixture(params=[pytest.param("postgres", marks=[pytest.mark.postgres], id="postgres")
                        if "postgres" in ENGINES else pytest.param("sqlite", id="sqlite")])
def engine(request: pytest.FixtureRequest) -> str:
    """One engine, PostgreSQL (the one several processes share), where the suite runs it:
    the same kills on SQLite, format by format, are test_tournament_kills' and
    test_swiss_kills' (three minutes more of CI for no case they lack)."""
    return str(request.param)

PLAYERS = {3301: "Ali", 3302: "Вали", 3303: "Oʻktam", 3304: "Rəşad", 3305: "Айгүл",
           3306: "Leyla", 3307: "Бакыт", 3308: "Sam"}
SWISS_PLAYERS = list(PLAYERS)[:6]
RESULTS = ("wins the tournament", "The arena is over. The winners")
PLACES = ("🏆 The tournament is over. Your place:", "🏆 You won the tournament!",
          "♟ The Swiss is over. Your place:", "⏱ The arena is over. Your place:")
NEWS = ("🏆 Round", "🏁 Round", "⏱ The arena has begun", "⏱ The arena so far")
REMATCH = "🔁 Play again"


class GroupRun(Run):
    """`Run` for several tournaments in one group, one after the other: each check looks at
    the latest tournament and at what the group and the players were sent since it began."""

    def __init__(self, fake: FakeTelegram, database: str, log: Path) -> None:
        super().__init__(fake, database, log)
        self.group_mark = 0
        self.player_marks: dict[int, int] = {}
        self.entered: list[int] = []
        self.rematch_checks = 0

    def begin(self, entered: list[int]) -> None:
        self.group_mark = len(self.fake.messages(GROUP))
        self.player_marks = {p: len(self.fake.messages(p)) for p in PLAYERS}
        self.entered = entered

    def since(self) -> list[Any]:
        return self.fake.messages(GROUP)[self.group_mark:]

    async def check(self) -> None:
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
        for player in PLAYERS:  # each placing told once, at the end
            told = [m for m in self.fake.messages(player)[self.player_marks[player]:]
                    if (m.text or "").startswith(PLACES)]
            due = 1 if t.status == "finished" and player in self.entered else 0
            assert len(told) == due, (player, [m.text for m in told])
        played: dict[int, int] = dict.fromkeys(PLAYERS, 0)
        for game_id in rows:
            game = await games.load_game(self.db, game_id)
            for player in game.players:
                if player is not None:
                    played[player] += len(await games.game_results(self.db, game.id))
        for player, results in played.items():  # each result reached its player once
            got = [m for m in self.fake.messages(player)
                   if (m.text or "").startswith(("🏆 You won", "You lost"))
                   and not (m.text or "").startswith("🏆 You won the tournament")]
            assert len(got) == results, (player, len(got), results)

    async def check_picture(self, t: stored.Tournament, pairings: list[Any]) -> None:
        """The group's picture is the stored bracket or standings (the arena's with any
        clock a little ahead of now: tests/support/arena.py)."""
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
                await stored_rows(self.db, t.id), PLAYERS, seeds, set(), playing, heading))
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
            rounds = {"knockout": 3, "swiss": swiss_rounds(len(SWISS_PLAYERS)), "arena": 1}
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

    async def resign(self, game_id: int, player: int) -> str:
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

    async def lose_out(self, *rows: games.Game) -> None:
        """The matches lost (`Run.lose`) one after the other, their ends saved, the bot
        settled."""
        for row in rows:
            await self.lose(row)

        async def over() -> bool:
            assert self.db is not None
            found = [await games.load_game(self.db, row.id) for row in rows]
            return all(row.status != "active" for row in found)

        await self.until(over, 60)
        await self.settle()

    async def open(self, labels: tuple[str, ...], entered: list[int],
                   start_now: bool = False) -> None:
        """/tournament in the group with the menu's `labels`, `entered` join, it runs."""
        creator = self.fake.user(3301, PLAYERS[3301])
        self.begin(entered)
        creator.command("/tournament", chat=GROUP)
        for label in labels:
            await self.until(lambda lb=label: any(m.find_button(lb) for m in self.since()),
                             30)
            mark = self.fake.mark()
            creator.press_button(GROUP, label)
            await self.fake.wait_for("answerCallbackQuery", after=mark, timeout=30)
        for player in entered:
            mark = self.fake.mark()
            self.fake.user(player, PLAYERS[player]).press_button(GROUP, "✅ Join")
            await self.fake.wait_for("answerCallbackQuery", after=mark, timeout=30)
        if start_now:
            mark = self.fake.mark()
            creator.press_button(GROUP, "▶ Start now")
            await self.fake.wait_for("answerCallbackQuery", after=mark, timeout=30)
        await self.until(lambda: _running(self))
        await self.settle()


async def knockout(run: GroupRun) -> None:
    await run.open(("🏆 Knock-out", "Short nard", "1 game", "Without the cube", "8",
                    "When full"), list(PLAYERS))
    first = await run.playing()
    assert len(first) == 4
    await run.lose_out(*first[:2])
    await run.lose_out(*first[2:])
    second = await run.playing()
    assert len(second) == 2
    await run.lose_out(second[0])
    # Round 2's last match ends and the final is made: the process dies as the final's
    # players are told whom they play.
    run.hold.arm("sendMessage", lambda p: "round 3 of 3" in str(p.get("text")))
    await run.lose(second[1])
    await run.kill("knock-out: the final made, its players not told")
    [final] = await run.playing()
    await run.lose_out(final)
    t = await run.tournament()
    assert t.status == "finished" and len(await stored.pairings(run.db, t.id)) == 7


async def swiss(run: GroupRun) -> None:
    await run.open(("♟ Swiss", "Short nard", "1 game", "Without the cube", "8", "When full"),
                   SWISS_PLAYERS, start_now=True)
    for number in range(1, swiss_rounds(len(SWISS_PLAYERS)) + 1):
        current = await run.playing()
        assert len(current) == 3, (number, current)
        await run.lose_out(*current[:-1])
        if number == 1:  # round 1's last result: the process dies before the redraw
            run.hold.arm("editMessageMedia", lambda p: p.get("chat_id") == GROUP)
            await run.lose(current[-1])
            await run.kill("Swiss: round 1 over, round 2 paired, the standings not redrawn")
        else:
            await run.lose_out(current[-1])
    t = await run.tournament()
    assert t.status == "finished"


async def arena(run: GroupRun) -> None:
    assert run.db is not None
    await run.open(("⏱ Arena", "Short nard", "1 game", "Without the cube", "10 min", "8",
                    "When full"), list(PLAYERS))
    first = await run.playing()
    assert len(first) == 4
    await run.lose_out(*first[:2])
    # A game of the second pairing ends: the process dies before the standings' redraw.
    run.hold.arm("editMessageMedia", lambda p: p.get("chat_id") == GROUP)
    await run.lose(first[2])
    await run.kill("arena: a game over, the standings not redrawn")
    # The ten minutes pass: the arena's end moved to now, the games left resigned.
    t = await run.tournament()
    await run.db.write("UPDATE tournaments SET ends_at = ? WHERE id = ?",
                         (to_epoch(datetime.now(UTC)), t.id))
    while playing := await run.playing():
        await run.lose_out(*playing)
    await run.until(lambda: _finished(run))
    await run.settle()


async def _finished(run: GroupRun) -> bool:
    return (await run.tournament()).status == "finished"


async def test_a_group_plays_a_knockout_a_swiss_and_an_arena_through_sigkills(
        fake_telegram: FakeTelegram, tmp_path: Path, database_url: str) -> None:  # noqa: F811
    began = time.monotonic()
    fake = fake_telegram
    run = GroupRun(fake, database_url, tmp_path / "bot.log")
    run.db = await open_database(database_url)
    fake.group(GROUP, "Nard club")
    run.start()
    laps = []
    try:
        for player, name in PLAYERS.items():
            fake.user(player, name).command("/start")
        await fake.wait_for("setMyCommands", timeout=60)
        await run.until(lambda: all(fake.messages(p) for p in PLAYERS))
        for play in (knockout, swiss, arena):
            lap = time.monotonic()
            await play(run)
            laps.append(f"{play.__name__} {time.monotonic() - lap:.0f} s")
        assert run.rematch_checks > 0
    except BaseException:
        print(run.tail())
        raise
    finally:
        (tmp_path / "group.txt").write_text(fake.transcript(GROUP))
        for player in PLAYERS:
            (tmp_path / f"player-{player}.txt").write_text(fake.transcript(player))
        run.hold.free()
        if run.bot is not None and run.bot.poll() is None:
            run.bot.kill()
            run.bot.wait(30)
        await run.db.close()
    engine = "PostgreSQL" if database_url.startswith("postgres") else "SQLite"
    print(f"\n{engine}: a knock-out, a Swiss and an arena in one group, {len(run.kills)}"
          f" SIGKILLs, {time.monotonic() - began:.0f} s ({', '.join(laps)}); settled after"
          " each restart in " + ", ".join(f"{s:.1f} s ({m})" for m, s in run.kills)
          + f"; {run.rematch_checks} tournament boards checked for a rematch")
