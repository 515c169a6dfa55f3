"""The move log is the whole game: replayed through the engine it gives the stored game.

Games are started every way the bot has (against the computer, by a link, in a group, by an
inline card, by Play again, as the next game of a match, by matchmaking), played through
the buttons and ended every way (resignation, a drop, the timer, bearing off); then each
game's log is replayed through the engine from nothing but its own lines and must arrive at
the stored position and result, event for event.
"""

from __future__ import annotations

import json

import pytest

from bot.views.callbacks import Act, GameCb
from core.live import Live
from engine.dice import FixedDice
from engine.game import Game, Phase
from engine.position import Position
from storage import games
from testkit.computer import play_to_the_end, start_game
from testkit.driver import game_buttons, press, press_until, resign, to_act
from testkit.friends import ALI, VALI, challenge, english_friend_game
from testkit.harness import Harness
from testkit.lifecycle import GROUP, presses, replay
from testkit.matchmaking import search


async def assert_log_replays(h: Harness, game_id: int) -> list[Game]:
    row = await games.load_game(h.app.db, game_id)
    log = await games.match_log(h.app.db, game_id)
    played = replay(log, row.variant, row.match_length, row.cube)
    stored = Live.load(row.state_json)
    assert stored.number == len(played)
    assert stored.game.to_dict() == played[-1].to_dict()  # position, dice, cube, history …
    finished = [g.result for g in played if g.result is not None]
    assert [(r.winner, r.kind.value, r.points) for r in finished] == [
        (r.winner_seat, r.result, r.points) for r in await games.game_results(h.app.db, game_id)]
    if row.status == "finished":
        last = played[-1].result
        assert last is not None
        assert (row.winner_seat, row.result, row.points) == (last.winner, last.kind.value,
                                                             last.points)
    for line in (line for lines in log.values() for line in lines):
        assert line.kind != "move" or line.notation  # a move always names its steps
    return played


@pytest.mark.slow
async def test_a_computer_game_and_its_rematch(harness: Harness) -> None:
    h = harness
    user = await start_game(h, 1001, "Short nard", "🤖 Computer", "Beginner", "1 game",
                            "Without the cube")
    [first] = await games.active_games(h.app.db, 1001)
    await play_to_the_end(h, user, 1001)  # borne off
    played = await assert_log_replays(h, first.id)
    assert played[-1].result is not None and played[-1].result.reason.value == "borne_off"
    again = next(d for _, d in game_buttons(h.board(1001).buttons) if d.a is Act.REMATCH)
    user.press(h.board(1001), again.pack())
    await h.feed()
    [second] = await games.active_games(h.app.db, 1001)
    assert second.id != first.id
    await presses(h, second.id, 12)
    await assert_log_replays(h, second.id)
    await resign(h, 1001)
    await assert_log_replays(h, second.id)


async def test_a_long_nard_game_by_link_logs_its_forced_opening(harness: Harness) -> None:
    h = harness
    code = await challenge(h, "Long nard", "👥 A friend", "1 game")
    h.fake.user(VALI, "Vali").command(f"/start {code}")
    await h.feed()
    [row] = await games.active_games(h.app.db, VALI)
    log = await games.move_log(h.app.db, row.id)
    assert [line.kind for line in log][:2] == ["opening", "roll"]  # logged at creation
    await presses(h, row.id, 25)
    await assert_log_replays(h, row.id)
    await resign(h, await to_act(h, row.id))
    await assert_log_replays(h, row.id)


async def test_a_match_with_the_cube_logs_every_game(harness: Harness) -> None:
    h = harness
    game_id = await english_friend_game(h, "To 3 points", "With the cube")
    doubler = await press_until(h, game_id, Act.DOUBLE)
    press(h, doubler, Act.DOUBLE)
    await h.feed()
    press(h, await to_act(h, game_id), Act.DROP)  # game 1 is over (1 point), game 2 begins
    await h.feed()
    played = await assert_log_replays(h, game_id)
    assert len(played) == 2 and played[0].result.reason.value == "drop"  # type: ignore[union-attr]
    kinds = [line.kind for line in (await games.match_log(h.app.db, game_id))[1]]
    assert kinds[-3:] == ["double", "drop", "result"]
    doubler = await press_until(h, game_id, Act.DOUBLE)
    press(h, doubler, Act.DOUBLE)
    await h.feed()
    press(h, await to_act(h, game_id), Act.TAKE)
    await h.feed()
    await presses(h, game_id, 8)
    await resign(h, await to_act(h, game_id))  # game 2 is over at the cube's value
    played = await assert_log_replays(h, game_id)
    assert played[1].cube_value == 2 and played[1].result is not None
    row = await games.load_game(h.app.db, game_id)
    if row.status == "active":  # the match goes on: its next game opened in the log too
        assert len(played) == 3 and played[2].history[0]["type"] == "opening"


async def test_a_group_match_logs_its_next_game(harness: Harness) -> None:
    h = harness
    h.fake.group(GROUP, "Nard club")
    h.fake.user(ALI, "Ali").command("/nard long 3", chat=GROUP)
    await h.feed()
    h.fake.user(VALI, "Vali").press_button(GROUP, "🎲 Join")
    await h.feed()
    [row] = await games.active_games(h.app.db, ALI)
    await presses(h, row.id, 10)
    await assert_log_replays(h, row.id)
    loser = await to_act(h, row.id)
    board = h.board(GROUP)
    flag = next(d for _, d in game_buttons(board.buttons) if d.a is Act.RESIGN)
    h.fake.user(loser, "L").press(board, flag.pack())
    await h.feed()
    confirm = next(d for _, d in game_buttons(h.board(GROUP).buttons) if d.a is Act.RESIGN_YES)
    h.fake.user(loser, "L").press(h.board(GROUP), confirm.pack())
    await h.feed()
    played = await assert_log_replays(h, row.id)
    assert len(played) == 2  # the next game, with its opening, is in the log


async def test_a_card_game_ended_by_the_timer(harness: Harness) -> None:
    h = harness
    ali, vali = h.fake.user(ALI, "Ali"), h.fake.user(VALI, "Vali")
    ali.inline_query("")
    await h.feed()
    chosen = ali.chosen("long")
    await h.feed()
    vali.press_inline_button(chosen["chosen_inline_result"]["inline_message_id"], "✅ Accept")
    await h.feed()
    [row] = await games.active_games(h.app.db, ALI)
    await presses(h, row.id, 8)
    h.clock.advance(h.app.services.settings.move_timeout_seconds + 1)
    await h.app.timers.tick()
    played = await assert_log_replays(h, row.id)
    assert played[-1].result is not None and played[-1].result.reason.value == "timeout"
    kinds = [line.kind for line in await games.move_log(h.app.db, row.id)]
    assert kinds[-2:] == ["timeout", "result"]


async def test_a_pass_after_pressing_roll_is_logged(harness: Harness) -> None:
    h = harness
    game_id = await english_friend_game(h, "1 game", "With the cube")
    roller = await press_until(h, game_id, Act.ROLL)
    row = await games.load_game(h.app.db, game_id)
    live = Live.load(row.state_json)
    # Put the roller on the bar against a closed home board: any roll passes.
    seat = live.game.to_act
    me = [0] * 26
    me[25], me[6] = 1, 14  # one checker on the bar, the rest at home
    opp = [0] * 26
    for point in range(1, 7):
        opp[point] = 2  # the opponent's home board (their 1..6) closed
    opp[13] = 3
    live.game.position = Position.from_dict({"variant": "short", "me": me, "opp": opp})
    assert live.game.phase is Phase.ROLL and live.game.seat == seat
    version = await games.save_game(h.app.db, game_id, row.version, state_json=live.dump(),
                                    deadline=row.deadline, now=h.clock.now)
    before = len(await games.move_log(h.app.db, game_id))
    h.fake.user(roller, "R").press(h.board(roller),
                                   GameCb(game=game_id, v=version, a=Act.ROLL).pack())
    await h.feed()
    new = await games.move_log(h.app.db, game_id)
    kinds = [(line.kind, line.seat) for line in new[before:]]
    assert kinds[:2] == [("roll", seat), ("pass", seat)], kinds


async def test_a_game_found_by_matchmaking(harness: Harness) -> None:
    h = harness
    await search(h, ALI, "Long nard", "1 game", name="Ali")
    await search(h, VALI, "Long nard", "1 game", name="Vali")
    [row] = await games.active_games(h.app.db, ALI)
    assert [line.kind for line in await games.move_log(h.app.db, row.id)][:2] == [
        "opening", "roll"]
    await presses(h, row.id, 10)
    await resign(h, await to_act(h, row.id))
    await assert_log_replays(h, row.id)


def test_an_opening_with_tied_throws_replays() -> None:
    from core.eventlog import since
    from storage.models import LoggedMove

    game = Game.new("long", FixedDice(3, 3, 6, 6, 6, 2, 5, 4))  # two ties, then 6-2
    lines = since(None, Live(game))
    stored = [LoggedMove(i, 1, 1, e.seat, e.kind, e.notation, None, e.number,  # type: ignore[arg-type]
                         e.data) for i, e in enumerate(lines)]
    [replayed] = replay({1: stored}, "long", 1, False)
    assert replayed.to_dict() == game.to_dict()
    assert json.loads(stored[0].data)["ties"] == [[3, 3], [6, 6]]  # type: ignore[arg-type]
