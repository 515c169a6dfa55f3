"""A 4-player Swiss in a group with the real `python -m bot` killed (SIGKILL) in the middle
of its rounds: after a round's last result was saved (and the next round paired in the
same transaction) but before the group's standings were redrawn, after a round-2 game was
made but before its players were told, and after the tournament was won but before the
winner was announced. After each restart the bot settles and nothing has changed: every
pairing has one game, each round is paired once, the group's standings picture is the one
the test works out from the stored pairings (tests/support/swiss.py), and the news, the
winner and each placing are told once."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from core.tournaments import swiss_table
from render.standings import render_standings
from storage import games
from storage import tournaments as stored
from storage.connect import open_database
from tests.e2e.test_tournament_kills import GROUP, PLAYERS, Run, _running
from tests.support.fake_telegram import FakeTelegram
from tests.support.fixtures import fake_telegram  # noqa: F401 - a fixture
from tests.support.pixels import same_picture
from tests.support.swiss import expected_standings, stored_rows

pytestmark = pytest.mark.slow  # real `python -m bot` processes


class SwissRun(Run):
    async def check(self) -> None:
        """Nothing lost, nothing doubled, the group shows the stored Swiss."""
        assert self.db is not None
        t = await self.tournament()
        pairings = await stored.pairings(self.db, t.id)
        made = [p.game_id for p in pairings if p.game_id is not None]
        assert len(made) == len(set(made))  # one game per pairing
        rows = await self.db.fetchall("SELECT id FROM games ORDER BY id")
        assert sorted(made) == [row[0] for row in rows]  # and no game outside them
        for number in {p.round for p in pairings}:  # each round paired once: 2 games
            assert len([p for p in pairings if p.round == number]) == 2
        for pairing in pairings:
            if pairing.status == "done":
                row = await games.load_game(self.db, pairing.game_id or 0)
                assert row.players[row.winner_seat or 0] == pairing.winner_id
        entrants = await stored.entrants(self.db, t.id)
        seeds = {e.player_id: e.seed or 0 for e in entrants}
        playing = {p for pairing in pairings if pairing.status == "playing"
                   for p in pairing.players if p is not None}
        current = min((p.round for p in pairings if p.status != "done"),
                      default=max(p.round for p in pairings))
        heading = (current, 3) if t.status == "running" else None
        picture = render_standings(expected_standings(
            await stored_rows(self.db, t.id), PLAYERS, seeds, set(), playing, heading))
        messages = await stored.messages(self.db, t.id)
        shown = self.fake.message(GROUP, messages["picture"].message_id)
        if not same_picture(shown.photo, picture):
            (self.log.parent / "expected.png").write_bytes(picture)
            (self.log.parent / "shown.png").write_bytes(shown.photo or b"")
            raise AssertionError(f"the group's standings are not the stored Swiss's (both in"
                                 f" {self.log.parent}):\n" + "\n".join(map(str, pairings)))
        won = [m for m in self.fake.messages(GROUP)
               if "wins the tournament" in (m.caption or m.text or "")]
        assert len(won) == (1 if t.status == "finished" else 0)
        assert all(same_picture(m.photo, picture) for m in won)
        if t.status == "finished":
            assert t.winner_id == swiss_table(entrants, pairings)[0].player
        posted = [n for n in await stored.news(self.db, t.id)
                  if n.chat_id == GROUP and n.message_id > 0]
        news = [m.text for m in self.fake.messages(GROUP)
                if (m.text or "").startswith(("🏆 Round", "🏁 Round"))]
        assert len(news) == len(set(news)) == len(posted), news
        for player in PLAYERS:  # each placing told once, at the end
            told = [m for m in self.fake.messages(player) if (m.text or "").startswith(
                ("♟ The Swiss is over. Your place:", "🏆 You won the tournament!"))]
            assert len(told) == (1 if t.status == "finished" else 0), (player, told)
            paired = [m.text for m in self.fake.messages(player)
                      if (m.text or "").startswith("♟ Swiss, round")]
            assert len(paired) == len(set(paired)), paired  # told of each round once

    async def lose_out(self, row: games.Game) -> None:
        """The match is lost (`Run.lose`) and its end saved: a settle begun before the
        press is handled could find the tournament as it was."""
        await self.lose(row)

        async def over() -> bool:
            assert self.db is not None
            return (await games.load_game(self.db, row.id)).status != "active"

        await self.until(over, 60)
        await self.settle()


async def test_sigkill_in_the_middle_of_a_swiss_changes_nothing(
        fake_telegram: FakeTelegram, tmp_path: Path, database_url: str) -> None:  # noqa: F811
    began = time.monotonic()
    fake = fake_telegram
    run = SwissRun(fake, database_url, tmp_path / "bot.log")
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
        for label in ("♟ Swiss", "Short nard", "1 game", "Without the cube", "4",
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
        await run.lose_out(first[0])
        # 1. Round 1's last match ends (round 2 paired with it); the process dies before
        # the standings are redrawn.
        run.hold.arm("editMessageMedia", lambda p: p.get("chat_id") == GROUP)
        await run.lose(first[1])
        await run.kill("round 1 over, round 2 paired, the standings not redrawn")
        second = await run.playing()
        assert len(second) == 2 and not {r.id for r in second} & {r.id for r in first}
        # 2. Round 2: one match ends, the other's loser resigns; round 3's games are made
        # and the process dies as their players are told.
        await run.lose_out(second[0])
        run.hold.arm("sendMessage", lambda p: "Swiss, round 3 of 3" in str(p.get("text")))
        await run.lose(second[1])
        await run.kill("round 3 made, its players not told")
        third = await run.playing()
        assert len(third) == 2
        await run.lose_out(third[0])
        # 3. The last match ends; the process dies before the winner is announced.
        run.hold.arm("sendPhoto", lambda p: "wins the tournament" in str(p.get("caption")))
        await run.lose(third[1])
        await run.kill("the Swiss won, the winner not announced")
        t = await run.tournament()
        assert t.status == "finished" and t.winner_id is not None
        assert len(await stored.pairings(run.db, t.id)) == 6
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
    print(f"\n{engine}: {len(run.kills)} SIGKILLs in a 4-player Swiss, "
          f"{time.monotonic() - began:.0f} s; settled after each restart in "
          + ", ".join(f"{seconds:.1f} s ({moment})" for moment, seconds in run.kills))
