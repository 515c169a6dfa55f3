"""After the game, through the real Dispatcher and the fake Bot API: provably fair dice
(the commitment on the first board, the seed revealed in the result and checked against the
stored log), /seed, the dice statistics of /me, the Replay animation (and its file_id sent
again) and the match File parsed back and replayed."""

from __future__ import annotations

import io
import json
import logging
import re
import shlex
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

from core.live import Live
from engine import fairness
from engine.fairness import commitment, dice_of_history, game_key, verify
from engine.game import Game
from engine.matfile import read_mat, replay
from engine.moves import Move
from engine.position import Variant
from storage import games
from storage.fairness import game_records
from testkit.computer import play_to_the_end, start_game
from testkit.driver import choose, resign
from testkit.fake_telegram import FakeTelegram
from testkit.friends import ALI, VALI, friend_game
from testkit.groups import ALI as GROUP_ALI
from testkit.groups import GROUP, WATCHER, group_game
from testkit.harness import Harness, make_harness
from testkit.seeds import (
    COMMAND,
    COMMITTED,
    USER,
    commitments_of,
    dice_proof,
    result_message,
    seeds_of,
    stored_events,
)

LABELS = {"short": ("Short nard", "🤖 Computer", "Beginner", "1 game", "Without the cube"),
          "long": ("Long nard", "🤖 Computer", "Beginner", "1 game")}


async def computer_game(h: Harness, variant: str) -> int:
    """A whole game of `variant` against the computer, pressed through; its id."""
    user = await start_game(h, USER, *LABELS[variant])
    [row] = await games.active_games(h.app.db, USER)
    await play_to_the_end(h, user, USER)
    return row.id


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["short", "long"])
async def test_a_game_commits_to_its_dice_first_and_reveals_a_seed_that_checks(
        harness: Harness, variant: str, capsys: pytest.CaptureFixture[str]) -> None:
    h = harness
    game_id = await computer_game(h, variant)
    # The game's first message (its first board) already carries the commitment, and no
    # message before the result shows the seed.
    boards = h.fake.calls("sendPhoto")
    first = boards[0].params["caption"]
    assert [name for name, _ in COMMITTED.findall(first)] == ["Ali"], first
    [committed] = commitments_of(first)
    result = result_message(h, USER)
    # The result itself is short: the seeds and the command are one tap away (🎲 Dice).
    assert "🔓" not in (result.text or "") and "engine.fairness" not in (result.text or "")
    proof = await dice_proof(h, USER)
    [seed] = seeds_of(proof)
    assert commitment(seed) == committed
    earlier = [m for m in h.fake.messages(USER) if m.message_id < result.message_id]
    assert not any(seed in (m.content or "") for m in earlier)
    assert not any(seed in (c.params.get("caption") or "") for c in boards)
    # Every die of the stored log follows from the revealed seed; another seed's do not.
    log = await games.match_log(h.app.db, game_id)
    dice = dice_of_history(stored_events(log, 1))
    assert len(dice) > 20
    assert verify(seed, None, dice, ("", ""), committed).ok
    assert not verify("ab" * 32, None, dice, ("", "")).ok
    assert not verify(seed, None, dice, ("x", "")).ok
    # The command the proof prints says the same.
    command = COMMAND.search(proof)
    assert command, proof
    assert fairness.main(shlex.split(command.group(0))[3:]) == 0
    assert "OK: all" in capsys.readouterr().out
    [record] = (await game_records(h.app.db, game_id)).values()
    assert (record.seed, record.game_key, record.commitment, record.server_seeds) == (
        seed, game_key(seed), committed + ",", (seed, ""))


@pytest.mark.slow
async def test_a_players_own_seed_is_mixed_in_and_shown(harness: Harness) -> None:
    h = harness
    user = h.fake.user(USER, "Ali", language_code="en")
    user.command("/seed")
    await h.feed()
    assert "no seed of your own" in h.fake.last_message(USER).text
    user.command("/seed  my   lucky day ")
    await h.feed()
    assert "“my lucky day”" in h.fake.last_message(USER).text
    user.command("/seed " + "x" * 65)
    await h.feed()
    assert "at most 64" in h.fake.last_message(USER).text
    user.command("/seed")
    await h.feed()
    assert "Your seed: “my lucky day”" in h.fake.last_message(USER).text
    game_id = await computer_game(h, "short")
    first = h.fake.calls("sendPhoto")[0].params["caption"]
    assert "Players' seeds: my lucky day" in first
    proof = await dice_proof(h, USER)
    seeds = seeds_of(proof)
    assert "--client-seed 'my lucky day' --client-seed ''" in proof
    dice = dice_of_history(stored_events(await games.match_log(h.app.db, game_id), 1))
    assert verify(seeds, None, dice, ("my lucky day", "")).ok
    assert not verify(seeds, None, dice, ("", "")).ok
    user.command("/seed -")
    await h.feed()
    assert "removed" in h.fake.last_message(USER).text
    row = await h.app.db.fetchone("SELECT client_seed FROM players WHERE id = ?", (USER,))
    assert row["client_seed"] is None


@pytest.mark.slow
async def test_the_seed_state_survives_a_restart(fake_telegram: FakeTelegram,
                                                 tmp_path: Path) -> None:
    h = await make_harness(fake_telegram, tmp_path, seed=3)
    user = await start_game(h, USER, *LABELS["long"])
    [row] = await games.active_games(h.app.db, USER)
    for _ in range(12):  # part of the game, then the process is gone
        board = h.board(USER)
        user.press(board, choose(board.buttons).pack())
        await h.feed()
    before = Live.load((await games.load_game(h.app.db, row.id)).state_json).fair
    await h.app.db.close()
    await h.app.bot.session.close()
    h = await make_harness(fake_telegram, tmp_path, seed=99, clock=h.clock)
    try:
        await play_to_the_end(h, user, USER)
        seeds = seeds_of(await dice_proof(h, USER))
        assert before is not None and seeds == [s for s in before.server_seeds if s]
        dice = dice_of_history(stored_events(await games.match_log(h.app.db, row.id), 1))
        assert verify(seeds, None, dice, ("", "")).ok
    finally:
        await h.app.db.close()
        await h.app.bot.session.close()


async def test_each_game_of_a_match_has_its_own_seed(harness: Harness) -> None:
    h = harness
    await start_game(h, USER, "Short nard", "🤖 Computer", "Beginner", "To 3 points",
                     "Without the cube")
    [row] = await games.active_games(h.app.db, USER)
    await resign(h, USER)  # game 1: lost at once; game 2 begins with new dice
    live = Live.load((await games.load_game(h.app.db, row.id)).state_json)
    assert live.number == 2 and live.fair is not None
    seeds = seeds_of(await dice_proof(h, USER))
    assert seeds and seeds[0] != live.fair.seed
    assert commitments_of(h.board(USER).caption or "") == [
        c for c in live.fair.commitments if c]
    log = await games.match_log(h.app.db, row.id)
    assert verify(seeds, None, dice_of_history(stored_events(log, 1)), ("", "")).ok
    assert verify(live.fair.seed, live.fair.game, dice_of_history(live.game.history),
                  ("", "")).ok


def frames(gif: bytes) -> int:
    with Image.open(io.BytesIO(gif)) as picture:
        return picture.n_frames


@pytest.mark.slow
async def test_replay_sends_the_game_as_an_animation_then_by_file_id(harness: Harness) -> None:
    h = harness
    game_id = await computer_game(h, "short")
    result = result_message(h, USER)
    assert [text for text, _ in result.buttons][-3:] == ["🎞 Replay", "📄 File", "🎲 Dice"]
    user = h.fake.user(USER, "Ali")
    user.press_button(USER, "🎞 Replay")
    await h.feed()
    [sent] = h.fake.calls("sendAnimation")
    animation = h.fake.last_message(USER)
    assert animation.sent_file is not None and animation.sent_file.kind == "animation"
    assert animation.sent_file.file_name == f"nard-{game_id}-1.gif"
    gif = animation.sent_file.data
    assert gif[:6] == b"GIF89a" and len(gif) < 3_000_000
    log = await games.match_log(h.app.db, game_id)
    shown = Counter(e["type"] for e in stored_events(log, 1))
    # The start, one frame per move and pass, the end (identical frames fold together).
    assert frames(gif) >= shown["move"] + 1 >= 10
    assert animation.caption == f"🎞 Game #{game_id}: every move, one frame each."
    # Pressed again: the file Telegram already has is sent by its id, nothing drawn.
    h.app.services.afterplay.render = _must_not_draw
    user.press_button(USER, "🎞 Replay", message_id=result.message_id)
    await h.feed()
    again = h.fake.calls("sendAnimation")[-1]
    assert again.params["animation"] == animation.sent_file.file_id and not again.files
    assert h.fake.last_message(USER).sent_file.data == gif  # type: ignore[union-attr]
    assert sent.files  # the first one was uploaded


@pytest.mark.slow
@pytest.mark.parametrize("button", ["🎞 Replay", "📄 File"])
async def test_a_long_429_on_the_upload_is_sent_later_once(
        harness: Harness, button: str, caplog: pytest.LogCaptureFixture) -> None:
    """Telegram asks to wait 35 s, longer than a press may: the upload goes out after that
    wait (the clock's sleep), outside the press, once, and nothing is logged as an error."""
    h = harness
    await computer_game(h, "short")
    method = "sendAnimation" if button == "🎞 Replay" else "sendDocument"
    h.fake.fail_next(method, 429, retry_after=35)
    h.fake.user(USER, "Ali").press_button(USER, button)
    await h.feed()
    await h.app.services.afterplay.drain()
    sent = [m for m in h.fake.messages(USER) if m.sent_file is not None]
    assert len(sent) == 1 and len(h.fake.calls(method)) == 2
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def _must_not_draw(*args: object) -> bytes:
    raise AssertionError("the replay was drawn again")


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["short", "long"])
async def test_the_match_file_reads_back_and_replays_to_the_stored_game(
        harness: Harness, variant: str) -> None:
    h = harness
    game_id = await computer_game(h, variant)
    h.fake.user(USER, "Ali").press_button(USER, "📄 File")
    await h.feed()
    document = h.fake.last_message(USER)
    assert document.sent_file is not None and document.sent_file.kind == "document"
    assert document.sent_file.file_name == f"nard-{game_id}.mat"
    text = document.sent_file.data.decode("utf-8")
    mat = read_mat(text)
    assert mat.variant is Variant(variant) and mat.length == 1
    assert ("Long Nard" in text) == (variant == "long")
    [mat_game] = mat.games
    assert mat_game.names[0] == "Ali" and "Computer" in mat_game.names[1]
    replayed = replay(mat.variant, mat_game)
    row = await games.load_game(h.app.db, game_id)
    stored = Live.load(row.state_json).game
    assert replayed.position == stored.position_for(0)
    assert (replayed.winner, replayed.points) == (row.winner_seat, row.points)
    logged = [e for e in stored_events(await games.match_log(h.app.db, game_id), 1)
              if e["type"] in ("move", "pass")]
    assert len(replayed.moves) == len(logged)
    if variant == "short":  # move for move: the seat, the dice and the same steps
        for (seat, dice, move), event in zip(replayed.moves, logged, strict=True):
            assert (seat, list(dice)) == (event["seat"], event["dice"])
            assert _steps(move) == _steps(event.get("move", ""))


def _steps(notation: str) -> list[str]:
    return sorted(str(step) for step in Move.parse(notation).steps) if notation else []


async def test_the_file_of_a_match_has_every_game_with_its_score(harness: Harness) -> None:
    h = harness
    await start_game(h, USER, "Short nard", "🤖 Computer", "Beginner", "To 3 points",
                     "Without the cube")
    await resign(h, USER)
    await resign(h, USER)  # 0-1, then 0-2 (or more): two games played
    h.fake.user(USER, "Ali").press_button(USER, "📄 File")
    await h.feed()
    mat = read_mat(h.fake.last_message(USER).sent_file.data.decode())  # type: ignore[union-attr]
    assert mat.length == 3
    n = len(mat.games)
    assert n == 2
    assert mat.games[0].score == (0, 0) and mat.games[1].score[0] == 0
    assert mat.games[1].score[1] >= 1
    for mat_game in mat.games:
        assert replay(mat.variant, mat_game).winner == 1


async def test_only_the_players_may_ask(harness: Harness) -> None:
    h = harness
    await computer_game(h, "short")
    result = result_message(h, USER)
    data = result.find_button("🎞 Replay")["callback_data"]  # type: ignore[index]
    stranger = h.fake.user(VALI, "Vali", language_code="en")
    stranger.command("/start")
    await h.feed()
    update = stranger.press(result, data)
    await h.feed()
    answer = h.fake.callback_answer(update)
    assert answer and answer["show_alert"] and "Only the players" in answer["text"]
    assert not h.fake.calls("sendAnimation")


async def test_a_friend_game_result_reveals_the_seed_to_both(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    await resign(h, VALI)
    for chat in (ALI, VALI):
        assert [t for t, _ in result_message(h, chat).buttons][-3:] in (
            ["🎞 Replay", "📄 File", "🎲 Dice"], ["🎞 Повтор", "📄 Файл", "🎲 Кубики"])
        text = await dice_proof(h, chat)
        assert "🔓" in text and COMMAND.search(text), text
    log = await games.match_log(h.app.db, game_id)
    seeds = seeds_of(await dice_proof(h, ALI))
    assert len(seeds) == 2
    assert verify(seeds, None, dice_of_history(stored_events(log, 1)), ("", "")).ok


@pytest.mark.slow
async def test_me_counts_the_players_own_rolls(harness: Harness) -> None:
    h = harness
    game_id = await computer_game(h, "long")
    h.fake.user(USER, "Ali").command("/me")
    await h.feed()
    text = h.fake.last_message(USER).content or ""
    found = re.search(r"🎲 Your dice in all games: (\d+) rolls, (\d+) doubles \(([\d.]+)%; "
                      r"fair dice give 16\.7%\), ([\d.]+) pips per roll on average "
                      r"\(fair dice: 8\.17\)", text)
    assert found, text
    mine = [e["dice"] for e in stored_events(await games.match_log(h.app.db, game_id), 1)
            if e["type"] == "roll" and e["seat"] == 0 and not e.get("opening")]
    doubles = sum(a == b for a, b in mine)
    pips = sum(4 * a if a == b else a + b for a, b in mine)
    assert (int(found.group(1)), int(found.group(2))) == (len(mine), doubles)
    assert found.group(4) == f"{pips / len(mine):.2f}"


def test_a_rebuilt_game_is_the_engine_game() -> None:
    """`rebuild` refuses a log the engine does not play the same way."""
    from core.rebuild import LogDoesNotReplay, games_of_log
    from engine.dice import SeededDice
    from storage.models import LoggedMove

    game = Game.new("short", SeededDice(4))
    while game.result is None:
        if game.phase.value == "roll":
            game.roll(game.seat, SeededDice(len(game.history)))
        else:
            game.play(game.seat, game.legal_plays()[0])

    def lines(events: list[dict]) -> dict[int, list[LoggedMove]]:
        return {1: [LoggedMove(i, 1, 1, None, e["type"], "", None, 1, json.dumps(e))  # type: ignore[arg-type]
                    for i, e in enumerate(events)]}

    [rebuilt] = games_of_log(lines(game.history), "short", 1, False)
    assert rebuilt.to_dict() == game.to_dict()
    broken = [dict(e) for e in game.history]
    first_move = next(e for e in broken if e["type"] == "move")
    first_move["move"] = "24/1"
    with pytest.raises(LogDoesNotReplay):
        games_of_log(lines(broken), "short", 1, False)


async def test_a_group_game_reveals_its_seed_and_replays_for_the_group(
        group_harness: Harness) -> None:
    h = group_harness
    game_id = await group_game(h, "short")
    board = h.board(GROUP)
    assert COMMITTED.search(board.caption or "")
    flag = next(data for text, data in board.buttons if text.startswith("🏳"))
    resigner = h.fake.user(GROUP_ALI, "Ali")
    resigner.press(board, flag)  # type: ignore[arg-type]
    await h.feed()
    confirm = next(data for _, data in h.fake.buttons(GROUP, board.message_id)
                   if data and ":ry:" in data)
    resigner.press(h.fake.message(GROUP, board.message_id), confirm)
    await h.feed()
    result = result_message(h, GROUP)
    seeds = seeds_of(await dice_proof(h, GROUP, WATCHER))  # anyone in the group may ask
    assert len(seeds) == 2
    log = await games.match_log(h.app.db, game_id)
    assert verify(seeds, None, dice_of_history(stored_events(log, 1)), ("", "")).ok
    # Anyone in the group that watched the game may watch it again, in the group.
    h.fake.user(WATCHER, "Watcher").press(result, result.find_button("🎞 Replay")[
        "callback_data"])  # type: ignore[index]
    await h.feed()
    animation = h.fake.last_message(GROUP)
    assert animation.sent_file is not None and animation.sent_file.kind == "animation"


@pytest.mark.slow
async def test_the_dice_proof_is_one_tap_away_and_shows_own_text_as_typed(
        harness: Harness) -> None:
    """The result is a few lines; 🎲 Dice sends the seeds, the order of the dice and the
    command (in a block Telegram copies with a tap), and a player's own text in them is
    shown as typed, not read as HTML."""
    h = harness
    user = h.fake.user(USER, "Ali", language_code="en")
    user.command("/seed <b>&lucky</b>")
    await h.feed()
    await computer_game(h, "long")
    result = result_message(h, USER)
    assert len((result.text or "").split("\n")) <= 3, result.text  # won/lost, rating
    proof = await dice_proof(h, USER)
    [sent] = [c for c in h.fake.calls("sendMessage") if "🔓" in (c.params.get("text") or "")]
    assert sent.params.get("parse_mode") == "HTML"
    raw = sent.params["text"]
    assert raw.startswith("🎲 Game #") and "in the order drawn" in raw
    assert "&lt;b&gt;&amp;lucky&lt;/b&gt;" in raw
    assert "<pre>python -m engine.fairness verify " in raw
    assert "Players' seeds: <b>&lucky</b>" in proof
    assert "--client-seed '<b>&lucky</b>'" in proof
