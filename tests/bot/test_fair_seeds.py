"""The dice's commitment is published before the game (docs/fairness.md, "The scheme"), through
the real Dispatcher and the fake Bot API: what /seed and a result message show as the
player's next seed is the seed their next game's dice come from, shown before that game's
first die; two players' seeds are combined; a seed is used by one game only; a game saved
before this scheme still finishes and verifies."""

from __future__ import annotations

import hashlib
import re
import shlex

import pytest

from core.fairness import Dealt
from core.live import Live
from engine import fairness
from engine.fairness import FairDice, commitment, dice_of_history, dice_seed, verify
from storage import games
from storage.fairness import game_records
from testkit.computer import play_to_the_end, start_game
from testkit.driver import resign
from testkit.fake_telegram import RecordedRequest
from testkit.friends import ALI, VALI, friend_game
from testkit.harness import Harness
from testkit.seeds import (
    COMMAND,
    REVEALED,
    USER,
    commitments_of,
    dice_proof,
    seeds_of,
    stored_events,
)

HEX = r"SHA-256 ([0-9a-f]{64})"
SEED_NEXT = re.compile(r"🔒 Your next game's dice: " + HEX)
RESULT_NEXT = re.compile(r"🔒 Your seed for the next game that begins: " + HEX)
COMPUTER = ("Short nard", "🤖 Computer", "Beginner", "1 game", "Without the cube")


def first_call(h: Harness, method: str, after: int = 0) -> int:
    """The position in the fake's record of the first `method` call after `after`."""
    return next(i for i, r in enumerate(h.fake.requests) if i >= after and r.method == method)


def sent_with(h: Harness, text: str) -> int:
    """The position in the fake's record of the first message or caption showing `text`."""
    def shows(r: RecordedRequest) -> bool:
        return text in str(r.params.get("text") or r.params.get("caption") or "")
    return next(i for i, r in enumerate(h.fake.requests) if shows(r))


async def ask_seed(h: Harness, user_id: int, args: str = "") -> str:
    """/seed (with `args`): the commitment it shows."""
    h.fake.user(user_id, "Ali").command(f"/seed {args}".strip())
    await h.feed()
    found = re.search(HEX, h.fake.last_message(user_id).text or "")
    assert found, h.fake.transcript(user_id)
    return found.group(1)


async def started(h: Harness, user_id: int = USER, name: str = "Ali"):
    """The player, after /start (in English)."""
    user = h.fake.user(user_id, name, language_code="en")
    user.command("/start")
    await h.feed()
    return user


async def stored_next(h: Harness, player_id: int) -> str:
    return await h.app.db.fetchval("SELECT next_seed FROM players WHERE id = ?", (player_id,))


async def test_the_commitment_seen_before_a_game_is_its_dice_seed(
        harness: Harness, capsys: pytest.CaptureFixture[str]) -> None:
    h = harness
    user = await started(h)
    shown = await ask_seed(h, USER)
    text = h.fake.last_message(USER).text or ""
    assert SEED_NEXT.search(text) and "nobody, not even the bot" in text
    assert await ask_seed(h, USER, "after the hash") == shown  # the own seed comes after
    await start_game(h, USER, *COMPUTER)
    # The commitment went out before the game's first die (its first board, which shows the
    # opening throw), and the board shows it again.
    first_board = first_call(h, "sendPhoto")
    assert sent_with(h, shown) < first_board
    assert commitments_of(h.fake.requests[first_board].params["caption"]) == [shown]
    [row] = await games.active_games(h.app.db, USER)
    await play_to_the_end(h, user, USER)
    proof = await dice_proof(h, USER)  # one tap away: the result's 🎲 Dice button
    [seed] = seeds_of(proof)
    assert commitment(seed) == shown
    dice = dice_of_history(stored_events(await games.match_log(h.app.db, row.id), 1))
    assert verify(seed, None, dice, ("after the hash", ""), shown).ok
    assert not verify(seed, None, dice, ("", "")).ok
    command = COMMAND.search(proof)
    assert command and "--game" not in command.group(0)
    assert fairness.main(shlex.split(command.group(0))[3:]) == 0
    assert "OK: all" in capsys.readouterr().out
    # The proof shows the player's next seed: the one /seed shows and the next game takes.
    upcoming = RESULT_NEXT.search(proof)
    assert upcoming and upcoming.group(1) == commitment(await stored_next(h, USER)) != shown
    assert await ask_seed(h, USER) == upcoming.group(1)
    await start_game(h, USER, *COMPUTER)
    second_board = first_call(h, "sendPhoto", after=sent_with(h, seed))  # after the result
    assert sent_with(h, upcoming.group(1)) < second_board
    [again] = await games.active_games(h.app.db, USER)
    live = Live.load(again.state_json)
    assert live.fair is not None and live.fair.commitments == (upcoming.group(1), "")
    assert live.fair.seed != seed  # a seed is used by one game only


async def test_two_players_seeds_are_combined_and_each_was_committed_first(
        harness: Harness) -> None:
    h = harness
    for player, name in ((ALI, "Ali"), (VALI, "Vali")):
        await started(h, player, name)
    shown = (await ask_seed(h, ALI), await ask_seed(h, VALI))
    game_id = await friend_game(h)
    for chat in (ALI, VALI):  # both boards show both commitments, seat by seat
        assert commitments_of(h.board(chat).caption or "") == list(shown)
    assert max(sent_with(h, c) for c in shown) < first_call(h, "sendPhoto")
    await resign(h, VALI)
    log = await games.match_log(h.app.db, game_id)
    dice = dice_of_history(stored_events(log, 1))
    for chat in (ALI, VALI):
        text = await dice_proof(h, chat)
        seeds = seeds_of(text)
        assert [commitment(s) for s in seeds] == list(shown)
        assert verify(seeds, None, dice, ("", ""), shown).ok
        assert not verify(seeds[0], None, dice, ("", "")).ok  # neither seed alone
        assert not verify(seeds[1], None, dice, ("", "")).ok
        upcoming = re.findall(HEX, text.split("\n")[-1])  # the reader's own next seed
        assert upcoming == [commitment(await stored_next(h, chat))]
    [record] = (await game_records(h.app.db, game_id)).values()
    both = hashlib.sha256(bytes.fromhex(seeds[0]) + bytes.fromhex(seeds[1])).hexdigest()
    assert record.seed == dice_seed(seeds) == both
    assert record.commitment == ",".join(shown)


async def test_a_match_game_takes_the_seed_committed_while_the_previous_was_played(
        harness: Harness) -> None:
    h = harness
    await start_game(h, USER, "Short nard", "🤖 Computer", "Beginner", "To 3 points",
                     "Without the cube")
    [row] = await games.active_games(h.app.db, USER)
    used = [Live.load(row.state_json).fair]
    during = await ask_seed(h, USER)  # game 1 is being played: game 2's seed
    await resign(h, USER)
    live = Live.load((await games.load_game(h.app.db, row.id)).state_json)
    used.append(live.fair)
    assert live.number == 2 and live.fair is not None
    assert live.fair.commitments == (during, "")
    upcoming = RESULT_NEXT.search(await dice_proof(h, USER))  # game 3's (or the next)
    assert upcoming and upcoming.group(1) == commitment(await stored_next(h, USER))
    await resign(h, USER)
    live = Live.load((await games.load_game(h.app.db, row.id)).state_json)
    used.append(live.fair)
    assert live.number == 3 and live.fair is not None
    assert live.fair.commitments == (upcoming.group(1), "")
    seeds = [fair.server_seeds[0] for fair in used if fair is not None]
    assert len(seeds) == len(set(seeds)) == 3


async def test_a_new_game_whose_seed_was_taken_meanwhile_deals_again(
        harness: Harness) -> None:
    h = harness
    await started(h)
    await ask_seed(h, USER)
    fairness_ = h.app.games.fairness
    assert fairness_ is not None
    stale = await fairness_.pending((USER, None))
    await ask_seed(h, USER, "changed")  # /seed between the read and the store
    reads = iter([stale])
    read_now = fairness_.pending

    async def pending(players):  # the first try reads before /seed, the next ones after
        return next(reads, None) or await read_now(players)

    fairness_.pending = pending  # type: ignore[method-assign]
    row = await h.app.games.start_vs_computer(USER, "short", "beginner", 1, False)
    fair = Live.load(row.state_json).fair
    assert fair is not None and fair.client_seeds == ("changed", "")
    assert fair.server_seeds[0] == stale[0].server_seed  # type: ignore[union-attr]
    assert await stored_next(h, USER) != stale[0].server_seed  # type: ignore[union-attr]


async def test_a_game_saved_before_seats_seeds_finishes_and_verifies(
        harness: Harness, capsys: pytest.CaptureFixture[str]) -> None:
    h = harness
    user = await started(h)
    older = FairDice("9f" * 32, "7bd5d47e446fcec2", ("", ""))  # one seed of its own
    service = h.app.games
    live = service.new_live("short", 1, False, computer_seat=1, dealt=Dealt(older, (), ()))
    opening = service.opening(live, computer_seat=1)
    row = await games.create_game(
        h.app.db, variant="short", players=(USER, None), level="beginner",
        state_json=opening.state_json, now=h.clock(), deadline=opening.deadline,
        log=opening.log)
    await service.begin(row, Live.load(row.state_json))
    await play_to_the_end(h, user, USER)
    text = await dice_proof(h, USER)
    assert "🔓 The dice's secret seed: " + "9f" * 32 in text and not REVEALED.search(text)
    command = COMMAND.search(text)
    assert command and "--game 7bd5d47e446fcec2" in command.group(0)
    assert fairness.main(shlex.split(command.group(0))[3:]) == 0
    assert "OK: all" in capsys.readouterr().out
    assert RESULT_NEXT.search(text)  # the player's next seed, committed for the next game
