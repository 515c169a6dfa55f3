"""Board versions, the outbox, the log per game of a match, deadlines at whole seconds."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from storage import (
    Database,
    Game,
    LogEntry,
    board_messages,
    carry_forward,
    due_games,
    finish_game,
    games_behind,
    load_game,
    match_log,
    put_board_message,
    record_shown,
    save_game,
    set_deadline,
    upsert_player,
)
from storage import outbox as notices
from storage.challenges import accept_challenge, create_challenge
from storage.connect import open_database
from testkit.plans import plan, recorded
from testkit.storage_rows import ALICE, BOB, CAROL, STATE, T0, human_game

pytestmark = pytest.mark.usefixtures("players")
_pairs = iter(range(1000, 2000, 2))


async def new_game(db: Database, **options: object) -> Game:
    """A game between two new players (one active game a player)."""
    first = next(_pairs)
    for player in (first, first + 1):
        await upsert_player(db, player, f"P{player}", username=None, language="en", now=T0)
    return await human_game(db, players=(first, first + 1), **options)


async def test_a_board_never_goes_back_to_an_older_version(db: Database) -> None:
    game = await human_game(db)
    assert await record_shown(db, game.id, ALICE, 10, player_id=ALICE, version=3, now=T0)
    assert not await record_shown(db, game.id, ALICE, 11, player_id=ALICE, version=2, now=T0)
    assert await record_shown(db, game.id, ALICE, 12, player_id=ALICE, version=3, now=T0)
    [message] = await board_messages(db, game.id)
    assert (message.message_id, message.shown_version) == (12, 3)


async def test_carry_forward_only_from_the_version_shown(db: Database) -> None:
    game = await human_game(db)
    await record_shown(db, game.id, ALICE, 1, player_id=ALICE, version=1, now=T0)
    await record_shown(db, game.id, BOB, 2, player_id=BOB, version=2, now=T0)
    await carry_forward(db, game.id, [ALICE, BOB], before=2, version=3)
    shown = {m.chat_id: m.shown_version for m in await board_messages(db, game.id)}
    assert shown == {ALICE: 1, BOB: 3}


async def test_games_behind(db: Database) -> None:
    current, stale, unsent = await new_game(db), await new_game(db), await new_game(db)
    for game in (current, stale):
        for player in game.players:
            assert player is not None
            await record_shown(db, game.id, player, 1, player_id=player, version=1, now=T0)
    await save_game(db, stale.id, 1, state_json=STATE, deadline=None, now=T0)
    # A group board promised (message 0) counts as a board: behind until it is shown.
    group = await new_game(db)
    await put_board_message(db, group.id, -5, 0, player_id=None, now=T0)
    assert await games_behind(db, T0) == [stale.id, unsent.id, group.id]
    await put_board_message(db, group.id, -5, 7, player_id=None, now=T0, version=1)
    assert await games_behind(db, T0) == [stale.id, unsent.id]
    # Lately finished games are looked after; those finished before the horizon are not.
    await finish_game(db, stale.id, 2, winner_seat=0, result="plain", points=1,
                      state_json=STATE, now=T0)
    assert stale.id in await games_behind(db, T0)
    assert stale.id not in await games_behind(db, T0 + timedelta(seconds=1))
    # Games saved after `changed_before` are left to whoever saved them.
    assert await games_behind(db, T0, changed_before=T0 - timedelta(seconds=1)) == []


async def test_a_later_sweep_reads_only_the_games_saved_since(db: Database) -> None:
    """`changed_since` (a sweep after the first): games saved before then are not read,
    even with a board behind; those saved since, those named and messages due are."""
    current, stale, unsent = await new_game(db), await new_game(db), await new_game(db)
    for game in (current, stale):
        for player in game.players:
            assert player is not None
            await record_shown(db, game.id, player, 1, player_id=player, version=1, now=T0)
    await save_game(db, stale.id, 1, state_json=STATE, deadline=None, now=T0)
    later, end = T0 + timedelta(seconds=60), T0 + timedelta(seconds=100)

    async def sweep(since: timedelta, also: tuple[int, ...] = ()) -> list[int]:
        return await games_behind(db, T0, end, now=end, changed_since=T0 + since, also=also)

    # The start-up sweep finds them all (no board yet: `unsent`); a later one, none.
    assert await games_behind(db, T0, end, now=end) == [stale.id, unsent.id]
    assert await sweep(timedelta(seconds=1)) == []
    await save_game(db, current.id, 1, state_json=STATE, deadline=None, now=later)
    assert await sweep(timedelta(seconds=1)) == [current.id]
    assert await sweep(timedelta(seconds=61)) == []
    assert await sweep(timedelta(seconds=61), also=(stale.id, unsent.id)) == [
        stale.id, unsent.id]
    # A game finished since is looked at too (its final board), one finished before not.
    await finish_game(db, current.id, 2, winner_seat=0, result="plain", points=1,
                      state_json=STATE, now=later)
    assert await sweep(timedelta(seconds=60)) == [current.id]
    assert await sweep(timedelta(seconds=61)) == []
    # Read from the index of active games by their last save, between the window's two
    # ends: no table read through (SQLite's "SCAN", PostgreSQL's "Seq Scan").
    async with recorded(db) as statements:
        await sweep(timedelta(seconds=1))
    [(sql, params)] = statements
    lines = await plan(db, sql, params, as_if_large=True)
    text = "\n".join(lines)
    assert not [line for line in lines if "Seq Scan" in line
                or line.strip().startswith("SCAN")], text
    window = ("games_active_change (updated_at>? AND updated_at<?)" if db.engine == "sqlite"
              else "Index Cond: ((updated_at >= ")
    assert window in text, text


async def test_a_group_board_is_promised_with_the_accepted_challenge(db: Database) -> None:
    challenge = await create_challenge(db, creator_id=ALICE, variant="short", now=T0,
                                       expires_at=T0 + timedelta(hours=1))
    _, game = await accept_challenge(db, challenge.code, CAROL, now=T0, state_json=STATE,
                                     log=[LogEntry("opening", "5-3", 0, 1, "{}")],
                                     board_chat_id=-100)
    [board] = await board_messages(db, game.id)
    assert (board.chat_id, board.message_id, board.player_id, board.shown_version) == (
        -100, 0, None, 0)
    [entry] = (await match_log(db, game.id))[1]
    assert (entry.kind, entry.notation, entry.version, entry.data) == ("opening", "5-3", 1, "{}")


async def test_the_log_of_each_game_of_a_match(db: Database) -> None:
    game = await human_game(db, match_length=3)
    await save_game(db, game.id, 1, state_json=STATE, deadline=None, now=T0,
                    log=[LogEntry("roll", "6-5", 0, 1, '{"type":"roll"}')])
    await finish_game(db, game.id, 2, winner_seat=0, result="plain", points=1,
                      state_json=STATE, now=T0, match_over=False,
                      log=[LogEntry("resign", "", 1, 1), LogEntry("result", "plain 1 resign", 0, 1),
                           LogEntry("opening", "2-4", 1, 2)])
    log = await match_log(db, game.id)
    assert {number: [e.kind for e in lines] for number, lines in log.items()} == {
        1: ["roll", "resign", "result"], 2: ["opening"]}
    assert log[1][0].data == '{"type":"roll"}'


async def test_a_result_notice_is_written_with_the_result(db: Database) -> None:
    game = await human_game(db)
    await finish_game(db, game.id, 1, winner_seat=1, result="plain", points=1,
                      state_json=STATE, now=T0, notice={"number": 1, "winner": 1})
    [notice] = await notices.due_notices(db, T0)
    payload = json.loads(notice.payload)
    assert payload["winner"] == 1 and [c[0] for c in payload["changes"]] == [BOB, ALICE]
    assert notice.done == () and notice.attempts == 0


async def test_a_notice_is_claimed_by_one_sender(db: Database) -> None:
    game = await human_game(db)
    await finish_game(db, game.id, 1, winner_seat=1, result="plain", points=1,
                      state_json=STATE, now=T0, notice={})
    [notice] = await notices.due_notices(db, T0)
    later = T0 + timedelta(seconds=5)
    assert await notices.claim(db, notice, T0, later)
    assert not await notices.claim(db, notice, T0, later)  # taken
    assert await notices.due_notices(db, T0) == []
    await notices.mark_done(db, notice.id, [ALICE], later + timedelta(seconds=5))
    [again] = await notices.pending_notices(db)
    assert again.done == (ALICE,) and again.attempts == 1
    assert await notices.claim(db, again, later + timedelta(seconds=5), later)  # expired
    await notices.remove(db, notice.id)
    assert await notices.pending_notices(db) == []


async def test_a_notice_held_by_a_process_that_is_gone_is_taken_over_at_once(
        db: Database, database_url: str) -> None:
    await db.announce()
    game = await human_game(db)
    await finish_game(db, game.id, 1, winner_seat=1, result="plain", points=1,
                      state_json=STATE, now=T0, notice={})
    [notice] = await notices.due_notices(db, T0)
    later = T0 + timedelta(seconds=12)
    other = await open_database(database_url)  # another process: it claims the notice
    try:
        await other.announce()
        assert await notices.claim(other, notice, T0, later)
        assert await notices.held_by_gone(db, T0) == []  # it runs: its claim holds
        assert await notices.held_by_gone(other, T0) == []  # (nor is its own one gone)
    finally:
        await other.close()
    # It stopped (or was killed) while sending: no need to wait for its claim to end.
    [held] = await notices.held_by_gone(db, T0 + timedelta(seconds=1))
    assert held.id == notice.id and held.due_at == later
    assert await notices.claim(db, held, T0 + timedelta(seconds=1), later)
    assert not await notices.claim(db, held, T0 + timedelta(seconds=1), later)  # taken
    assert await notices.held_by_gone(db, T0 + timedelta(seconds=1)) == []  # ours now
    # A failed send gives the claim up: nobody's, due when it is to be tried again.
    await notices.retry_at(db, notice.id, T0 + timedelta(seconds=60))
    assert await notices.held_by_gone(db, T0 + timedelta(seconds=2)) == []
    assert await db.fetchval("SELECT sender FROM outbox WHERE id = ?", (notice.id,)) is None


async def test_deadlines_at_or_before_a_moment(db: Database) -> None:
    soon = await new_game(db, deadline=T0 + timedelta(seconds=10))
    later = await new_game(db, deadline=T0 + timedelta(seconds=30))
    assert [g.id for g in await due_games(db, T0 + timedelta(seconds=9.9))] == []
    assert [g.id for g in await due_games(db, T0 + timedelta(seconds=10))] == [soon.id]
    assert [g.id for g in await due_games(db, T0 + timedelta(seconds=30))] == [
        soon.id, later.id]  # the soonest first
    # Moved only while the deadline is the one expected (a compare-and-set).
    assert not await set_deadline(db, soon.id, 1, T0 + timedelta(seconds=99),
                                  expected=T0 + timedelta(seconds=11))
    assert await set_deadline(db, soon.id, 1, T0 + timedelta(seconds=99),
                              expected=T0 + timedelta(seconds=10))
    assert (await load_game(db, soon.id)).version == 1  # the buttons stay valid
    assert not await set_deadline(db, soon.id, 2, T0)  # another version: nothing written
    assert (await load_game(db, soon.id)).deadline == T0 + timedelta(seconds=99)
