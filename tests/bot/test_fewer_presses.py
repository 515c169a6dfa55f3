"""Fewer presses per turn, through the real Dispatcher and the fake Bot API:
one-tap full moves, the turn sent by itself a moment after its last die (Undo until then)
unless the player turns "Confirm moves with Done" on, /settings, and the automatic Roll
whenever the player may not double or chose not to this game."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.views.callbacks import Act, GameCb
from core.actions import ROLL_ALWAYS
from core.live import Live
from core.settings import CONFIRM_MOVES, UNDO_WINDOW
from engine.game import MatchState, Phase
from engine.position import Position
from storage import games
from testkit.crafted import BEAR_OFF, buttons, craft, mover_of, press
from testkit.driver import game_buttons
from testkit.friends import ALI, VALI, challenge, friend_game, start
from testkit.harness import Harness


def side(counts: dict[int, int]) -> list[int]:
    out = [0] * 26
    for point, count in counts.items():
        out[point] = count
    return out


async def test_a_one_tap_move_plays_the_whole_turn_and_can_be_undone(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    seat = await mover_of(h, game_id)
    chat = await craft(h, game_id, BEAR_OFF, seat=seat, phase=Phase.MOVE, dice=(6, 4))
    # 6-4 with checkers on 6 and 2: two results, both offered above the step buttons.
    board = h.board(chat)
    taps = buttons(h, chat, Act.FULL)
    assert [text for text, _ in taps] == ["6/off", "6/off 2/off"]  # 6/2/off, and both off
    first_rows = [b["text"] for b in board.inline_keyboard[0]]
    assert first_rows == ["6/off", "6/off 2/off"]
    for _, data in game_buttons(board.buttons):
        assert len(data.pack().encode()) <= 64
    version = (await games.load_game(h.app.db, game_id)).version
    answer = await press(h, chat, taps[1][1])
    assert not answer.get("show_alert")
    row = await games.load_game(h.app.db, game_id)
    steps = [(step.src, step.dst) for step in Live.load(row.state_json).steps]
    assert row.version == version + 1 and steps == [(6, 0), (2, 0)]
    assert {a for _, d in game_buttons(h.board(chat).buttons) for a in [d.a]} >= {
        Act.UNDO, Act.DONE}
    # Undo takes the steps back one at a time; the one-tap buttons come back.
    for _ in range(2):
        await press(h, chat, buttons(h, chat, Act.UNDO)[0][1])
    assert Live.load((await games.load_game(h.app.db, game_id)).state_json).steps == []
    taps = buttons(h, chat, Act.FULL)
    await press(h, chat, taps[1][1])
    await press(h, chat, buttons(h, chat, Act.DONE)[0][1])
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "finished" and row.winner_seat == seat
    log = [(e.kind, e.notation) for e in await games.move_log(h.app.db, game_id)]
    assert ("move", "6/off 2/off") in log


async def test_a_forged_one_tap_index_changes_nothing(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    seat = await mover_of(h, game_id)
    chat = await craft(h, game_id, BEAR_OFF, seat=seat, phase=Phase.MOVE, dice=(6, 4))
    before = await games.load_game(h.app.db, game_id)
    for index in (2, 7, 25):  # 25: the largest any GameCb field allows (the edge refuses more)
        forged = GameCb(game=game_id, v=before.version, a=Act.FULL, src=index)
        await press(h, chat, forged)
    after = await games.load_game(h.app.db, game_id)
    assert (after.version, after.state_json) == (before.version, before.state_json)


async def test_many_results_offer_no_one_tap_buttons(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    seat = await mover_of(h, game_id)
    chat = await craft(h, game_id, Position.initial("short"), seat=seat, phase=Phase.MOVE,
                       dice=(6, 5))
    assert not buttons(h, chat, Act.FULL)
    assert buttons(h, chat, Act.GO) or buttons(h, chat, Act.PICK)


async def toggle_confirmation(h: Harness, chat: int, language: str = "en") -> None:
    """The player turns "Confirm moves with Done" on (off by default) through /settings."""
    user = h.fake.user(chat, "P", language_code=language)
    user.command("/settings")
    await h.feed()
    message = h.fake.last_message(chat)
    [(label, data)] = [(text, data) for text, data in message.buttons
                       if data.startswith("set:confirm:")]
    assert label.startswith("⬜")
    update = user.press(message, data)
    await h.feed()
    assert not h.fake.callback_answer(update).get("show_alert")
    assert h.fake.message(chat, message.message_id).buttons[0][0].startswith("✅")


LONG_BEAR_OFF = Position("long", BEAR_OFF.me, BEAR_OFF.opp)


async def bearing_off(h: Harness, variant: str = "short") -> tuple[int, int, int]:
    """A friend game of `variant` whose mover bears off with 6-4 from 6 and 2: the game,
    the mover's seat and chat."""
    if variant == "short":
        game_id = await friend_game(h)
        position = BEAR_OFF
    else:
        code = await challenge(h, "Long nard", "👥 A friend", "1 game")
        h.fake.user(VALI, "Vali").command(f"/start {code}")
        await h.feed()
        [row] = await games.active_games(h.app.db, VALI)
        game_id, position = row.id, LONG_BEAR_OFF
    seat = await mover_of(h, game_id)
    chat = await craft(h, game_id, position, seat=seat, phase=Phase.MOVE, dice=(6, 4))
    return game_id, seat, chat


async def stored(h: Harness, game_id: int) -> tuple[Any, Live]:
    row = await games.load_game(h.app.db, game_id)
    return row, Live.load(row.state_json)


async def window_passes(h: Harness) -> None:
    """The undo window runs out and a timer pass comes."""
    h.clock.advance(UNDO_WINDOW + 1)
    await h.app.timers.tick()
    await h.feed()


@pytest.mark.parametrize("variant", ["short", "long"])
async def test_the_last_die_sends_the_turn_after_a_moment(harness: Harness,
                                                          variant: str) -> None:
    h = harness
    game_id, seat, chat = await bearing_off(h, variant)
    other = (await stored(h, game_id))[0].players[1 - seat]
    other_board = h.board(other)
    await press(h, chat, buttons(h, chat, Act.GO)[-1][1])  # 6→2 (or 6→off): not the last die
    assert (await stored(h, game_id))[1].pending is None
    rest = buttons(h, chat, Act.GO) or buttons(h, chat, Act.FULL)
    await press(h, chat, rest[0][1])  # the last die: the turn waits a moment
    row, live = await stored(h, game_id)
    assert live.game.seat == seat and live.pending is not None
    assert row.deadline == live.pending.at <= h.clock() + timedelta(seconds=UNDO_WINDOW + 1)
    board = h.board(chat)
    assert "goes in a few seconds" in (board.caption or "")
    assert "⏱ 2:00 left" in (board.caption or "")  # the turn's own clock, not the moment
    assert {d.a for _, d in game_buttons(board.buttons)} >= {Act.UNDO, Act.DONE}
    assert h.board(other).message_id == other_board.message_id  # nothing shown to them yet
    await h.app.timers.tick()  # a pass before the moment changes nothing
    assert (await stored(h, game_id))[1].game.seat == seat
    await window_passes(h)
    row, live = await stored(h, game_id)
    assert row.status == "finished" and row.winner_seat == seat
    log = [(e.kind, e.seat) for e in await games.move_log(h.app.db, game_id)]
    assert ("move", seat) in log and ("timeout", seat) not in log
    warned = [m.text for m in h.fake.messages(chat) if "Hurry" in (m.text or "")]
    assert not warned  # a turn on its way is no turn running out


@pytest.mark.parametrize("variant", ["short", "long"])
async def test_undo_in_the_moment_takes_the_turn_back(harness: Harness, variant: str) -> None:
    h = harness
    game_id, seat, chat = await bearing_off(h, variant)
    before, _ = await stored(h, game_id)
    await press(h, chat, buttons(h, chat, Act.FULL)[-1][1])  # both checkers off, at once
    row, live = await stored(h, game_id)
    assert live.pending is not None and row.deadline != before.deadline
    await press(h, chat, buttons(h, chat, Act.UNDO)[0][1])
    row, live = await stored(h, game_id)
    assert live.pending is None and len(live.steps) == 1
    assert row.deadline == before.deadline  # the turn's own deadline again
    await window_passes(h)
    row, live = await stored(h, game_id)
    assert row.status == "active" and live.game.seat == seat and len(live.steps) == 1
    assert buttons(h, chat, Act.GO)  # the player goes on with the turn


async def test_done_in_the_moment_sends_the_turn_at_once(harness: Harness) -> None:
    h = harness
    game_id, seat, chat = await bearing_off(h)
    await press(h, chat, buttons(h, chat, Act.FULL)[-1][1])
    await press(h, chat, buttons(h, chat, Act.DONE)[0][1])
    row, _ = await stored(h, game_id)
    assert row.status == "finished" and row.winner_seat == seat


async def test_the_done_setting_is_read_with_the_game(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    """A press that plays the turn's last die reads the player's Done setting in the game's
    own read, not in a read of its own (one trip to the database fewer)."""
    h = harness
    game_id, _, chat = await bearing_off(h)
    reads: list[str] = []
    fetchone = h.app.db.fetchone

    async def counted(sql: str, params: Any = ()) -> Any:
        reads.append(sql)
        return await fetchone(sql, params)

    monkeypatch.setattr(h.app.db, "fetchone", counted)
    await press(h, chat, buttons(h, chat, Act.FULL)[0][1])  # 6/2/off: the last die
    monkeypatch.undo()
    assert (await stored(h, game_id))[1].pending is not None  # the setting was read: off
    settings_reads = [sql for sql in reads if "player_settings" in sql]
    assert len(settings_reads) == 1 and "FROM games" in settings_reads[0]


async def test_step_buttons_end_the_turn_without_done(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    seat = await mover_of(h, game_id)
    chat = await craft(h, game_id, Position.initial("short"), seat=seat, phase=Phase.MOVE,
                       dice=(6, 5))
    for _ in range(4):  # press move buttons (or a checker, then a move) until the turn ends
        if (await stored(h, game_id))[1].pending is not None:
            break
        offered = buttons(h, chat, Act.GO) or buttons(h, chat, Act.PICK)
        await press(h, chat, offered[0][1])
    await window_passes(h)
    assert (await stored(h, game_id))[1].game.seat == 1 - seat


async def test_with_confirmation_on_the_turn_waits_for_done(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    seat = await mover_of(h, game_id)
    row, _ = await stored(h, game_id)
    await toggle_confirmation(h, row.players[seat])
    chat = await craft(h, game_id, BEAR_OFF, seat=seat, phase=Phase.MOVE, dice=(6, 4))
    await press(h, chat, buttons(h, chat, Act.FULL)[0][1])
    row, live = await stored(h, game_id)
    assert live.pending is None and live.steps
    assert "goes in a few seconds" not in (h.board(chat).caption or "")
    await window_passes(h)
    assert (await stored(h, game_id))[1].game.seat == seat  # still waiting for Done
    await press(h, chat, buttons(h, chat, Act.DONE)[0][1])
    assert (await stored(h, game_id))[0].winner_seat == seat


async def test_confirmation_stays_off_for_the_other_player(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    seat = await mover_of(h, game_id)
    row, _ = await stored(h, game_id)
    await toggle_confirmation(h, row.players[1 - seat])  # the opponent's choice
    chat = await craft(h, game_id, BEAR_OFF, seat=seat, phase=Phase.MOVE, dice=(6, 4))
    await press(h, chat, buttons(h, chat, Act.FULL)[0][1])
    assert (await stored(h, game_id))[1].pending is not None  # this player does not confirm


async def test_settings_speak_the_players_language(harness: Harness) -> None:
    h = harness
    user = h.fake.user(ALI, "Ali", language_code="ru")
    user.command("/start")
    await h.feed()
    user.command("/settings")
    await h.feed()
    message = h.fake.last_message(ALI)
    def confirm_line(text: str | None) -> str:
        return next(line for line in (text or "").splitlines() if "«Готово»" in line)

    assert "Подтверждать ход «Готово»" in confirm_line(message.text)
    assert "выкл." in confirm_line(message.text)
    update = user.press(message, message.buttons[0][1])
    await h.feed()
    assert h.fake.callback_answer(update)["text"] == "Сохранено."
    assert "вкл." in confirm_line(h.fake.message(ALI, message.message_id).text)
    assert (CONFIRM_MOVES, True) in await h.app.player_settings.toggles(ALI)
    # A forged setting name is ignored.
    update = user.press(message, "set:nonsense:1")
    await h.feed()
    assert h.fake.callback_answer(update) is not None


# -- automatic Roll ----------------------------------------------------------------------


async def roll_for_the_other_player(h: Harness, game_id: int, **cube: Any) -> tuple[int, Live]:
    """The mover ends a turn with a one-tap move and Done; returns the other player's chat
    and the game as stored then."""
    seat = await mover_of(h, game_id)
    chat = await craft(h, game_id, BEAR_OFF, seat=seat, phase=Phase.MOVE, dice=(6, 4), **cube)
    await press(h, chat, buttons(h, chat, Act.FULL)[0][1])  # 6/2/off: one checker left
    await press(h, chat, buttons(h, chat, Act.DONE)[0][1])
    row = await games.load_game(h.app.db, game_id)
    return row.players[1 - seat], Live.load(row.state_json)  # type: ignore[return-value]


@pytest.mark.parametrize(("case", "length", "cube"), [
    ("the opponent owns the cube", "1 game", {"cube_value": 2, "cube_owner": "mover"}),
    ("the cube is at its maximum", "1 game", {"cube_value": 64, "cube_owner": None}),
    ("the Crawford game", "To 3 points",
     {"match": MatchState(3, (2, 0), crawford=True)}),
    ("the cube is dead in the match", "To 3 points",
     {"cube_value": 2, "cube_owner": None, "match": MatchState(3, (1, 1))}),
])
async def test_no_roll_button_when_the_player_may_not_double(
        harness: Harness, case: str, length: str, cube: dict) -> None:
    h = harness
    game_id = await start(h, length, "With the cube")
    seat = await mover_of(h, game_id)
    if cube.get("cube_owner") == "mover":
        cube = {**cube, "cube_owner": seat}
    other, live = await roll_for_the_other_player(h, game_id, **cube)
    assert not live.game.can_double(1 - seat)
    assert live.game.phase is not Phase.ROLL or live.game.seat == seat  # rolled by itself
    assert not buttons(h, other, Act.ROLL), case
    log = [(e.kind, e.seat, e.notation) for e in await games.move_log(h.app.db, game_id)]
    done = log.index(("move", seat, "6/off"))  # the crafted turn
    assert any(entry[:2] == ("roll", 1 - seat) for entry in log[done:])  # nobody pressed Roll


async def test_a_player_who_may_double_chooses_between_roll_and_double(
        harness: Harness) -> None:
    h = harness
    game_id = await start(h, "1 game", "With the cube")
    other, live = await roll_for_the_other_player(h, game_id)
    assert live.game.phase is Phase.ROLL
    assert buttons(h, other, Act.ROLL) and buttons(h, other, Act.DOUBLE)


async def test_without_the_cube_nobody_presses_roll(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)  # one game without the cube
    other, live = await roll_for_the_other_player(h, game_id)
    assert live.game.phase is not Phase.ROLL and not buttons(h, other, Act.ROLL)


@pytest.mark.parametrize("variant", ["short", "long"])
async def test_without_done_a_die_still_playable_is_not_lost(harness: Harness,
                                                             variant: str) -> None:
    # 6-4 with checkers on 6 and 2: after 6→off the position equals 6/2/off's, a legal
    # result, but the 4 can still bear off the checker on 2: the turn must not wait there.
    h = harness
    game_id, seat, chat = await bearing_off(h, variant)
    [six_off] = [d for text, d in buttons(h, chat, Act.GO) if text.startswith("6→")
                 and d.dst == 0]
    await press(h, chat, six_off)
    _, live = await stored(h, game_id)
    assert live.game.seat == seat and live.steps and live.pending is None
    await press(h, chat, next(d for _, d in buttons(h, chat, Act.GO) if d.src == 2))
    assert (await stored(h, game_id))[1].pending is not None
    await window_passes(h)
    row, _ = await stored(h, game_id)
    assert row.status == "finished" and row.winner_seat == seat


async def test_no_doubling_this_game_rolls_by_itself_from_then_on(harness: Harness) -> None:
    h = harness
    game_id = await start(h, "1 game", "With the cube")
    seat = await mover_of(h, game_id)
    chat = await craft(h, game_id, Position.initial("short"), seat=seat, phase=Phase.ROLL)
    [(label, always)] = [(text, d) for text, d in buttons(h, chat, Act.ROLL)
                         if d.src == ROLL_ALWAYS]
    assert label == "🎲 Roll · no doubling this game" and buttons(h, chat, Act.DOUBLE)
    await press(h, chat, always)
    _, live = await stored(h, game_id)
    assert live.rolls_always == [seat] and live.game.phase is Phase.MOVE
    await finish_the_turn(h, game_id, chat)
    row, live = await stored(h, game_id)
    other = row.players[1 - seat]
    assert live.game.phase is Phase.ROLL and buttons(h, other, Act.DOUBLE)  # still asked
    await finish_the_turn(h, game_id, other)
    _, live = await stored(h, game_id)
    assert live.game.seat == seat and live.game.phase is Phase.MOVE  # rolled by itself
    assert not buttons(h, chat, Act.ROLL) and not buttons(h, chat, Act.DOUBLE)
    rolls = [e.seat for e in await games.move_log(h.app.db, game_id) if e.kind == "roll"]
    assert rolls[-3:] == [seat, 1 - seat, seat]


async def finish_the_turn(h: Harness, game_id: int, chat: int) -> None:
    """The player of `chat` plays the rest of the turn with the first buttons offered
    (rolling when asked) and lets the undo window run out."""
    for _ in range(8):
        row, live = await stored(h, game_id)
        if row.status != "active" or row.players[live.game.to_act] != chat:
            return
        if live.pending is not None:
            await window_passes(h)
            continue
        offered = (buttons(h, chat, Act.ROLL) or buttons(h, chat, Act.FULL)
                   or buttons(h, chat, Act.GO) or buttons(h, chat, Act.PICK))
        await press(h, chat, offered[0][1])
