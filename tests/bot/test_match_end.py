"""The end of a match and resigning's cost, through the real Dispatcher and the fake Bot API:
the final board tells the final score and who won the match (no Crawford line), a group's
result messages follow the match as the players' do, 🏳 on the board says what resigning
costs (as /resign does), /me shows koks only for short nard, and a bear-off result says the
winner bore off."""

from __future__ import annotations

import itertools

from bot.views.callbacks import Act
from engine.game import MatchState, Phase
from storage import games
from testkit.crafted import BEAR_OFF, HOPELESS, buttons, craft, mover_of, press
from testkit.driver import game_buttons
from testkit.friends import ALI, VALI, friend_game, start
from testkit.groups import ALI as G_ALI
from testkit.groups import GROUP, group_game, mover, press_flag, resign_in_group
from testkit.groups import VALI as G_VALI
from testkit.harness import Harness


async def test_the_final_board_tells_the_match_score_and_its_winner(harness: Harness) -> None:
    h = harness
    game_id = await start(h, "To 3 points", "Without the cube")
    seat = await mover_of(h, game_id)
    # The Crawford game at 1–2 (mover's score first): bearing off both checkers wins a
    # mars (the loser has borne off none), 2 points: the mover wins the match 3–2.
    score = (1, 2) if seat == 0 else (2, 1)
    winner = await craft(h, game_id, BEAR_OFF, seat=seat, phase=Phase.MOVE, dice=(6, 4),
                         match=MatchState(3, score, crawford=True))
    loser = VALI if winner == ALI else ALI
    assert "Crawford game" in (h.board(winner).caption or "")  # before: the Crawford game
    both_off = next(data for text, data in buttons(h, winner, Act.FULL)
                    if text == "6/off 2/off")
    await press(h, winner, both_off)
    if buttons(h, winner, Act.DONE):
        await press(h, winner, buttons(h, winner, Act.DONE)[0][1])
    row = await games.load_game(h.app.db, game_id)
    assert row.status == "finished"
    name = "Ali" if winner == ALI else "Vali"
    for chat, mine, theirs in ((winner, 3, 2), (loser, 2, 3)):
        caption = h.board(chat).caption or ""
        assert f"Match to 3: {mine}–{theirs}" in caption, caption
        assert f"The match is over: {name} wins 3–2." in caption, caption
        assert "Crawford" not in caption and "The game is over" not in caption, caption
    texts = [m.text or "" for m in h.fake.messages(loser)]
    assert any("You lost 2 points (mars, the winner bore off all checkers)." in text
               for text in texts), texts


async def test_a_group_follows_the_match_in_its_result_messages(
        group_harness: Harness) -> None:
    h = group_harness
    game_id = await group_game(h, "short 3")
    names = {G_ALI: "Ali", G_VALI: "Vali"}
    first = await resign_in_group(h, game_id)
    text = h.fake.last_message(GROUP).text or ""
    ali, vali = (0, 1) if first == G_ALI else (1, 0)
    assert f"Match to 3: Ali {ali}–{vali} Vali" in text, text
    assert "Game 2 of the match begins." in text, text
    # The same player resigns twice more: the other wins the match 3–0.
    winner = G_VALI if first == G_ALI else G_ALI
    for _ in range(2):
        for presses in itertools.count():  # the loser resigns on their own turn
            if await mover(h, game_id) == first:
                break
            assert presses < 100, h.fake.transcript(GROUP)  # (no turn passes: stuck)
            board = h.board(GROUP)
            offered = [d for _, d in game_buttons(board.buttons) if d.a is not Act.RESIGN]
            h.fake.user(winner, "W").press(board, offered[0].pack())
            await h.feed()
        await resign_in_group(h, game_id)
    text = h.fake.last_message(GROUP).text or ""
    assert f"The match is over: {names[winner]} wins 3–0." in text, text
    assert "Game 4" not in text


async def test_the_flag_says_what_resigning_costs(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    board = await press_flag(h, ALI, ALI)
    assert [text for text, _ in board.buttons] == ["Yes, resign", "No, play on"]
    assert board.caption == "🏳 Resign this game? You lose 1 point.", board.caption
    no = next(data for text, data in board.buttons if text == "No, play on")
    h.fake.user(ALI, "Ali").press(board, no)
    await h.feed()
    caption = h.fake.message(ALI, board.message_id).caption or ""
    assert "Resign this game" not in caption and caption.startswith("Short nard"), caption
    # As the position stands: a hopeless position costs a mars, in Russian too.
    seat = await mover_of(h, game_id)
    winner = await craft(h, game_id, HOPELESS, seat=seat, phase=Phase.ROLL)
    loser = VALI if winner == ALI else ALI
    board = await press_flag(h, loser, loser)
    expected = ("Сдаться в этой партии? Вы проиграете 2 очка: марс." if loser == VALI
                else "Resign this game? You lose 2 points: mars.")
    assert expected in (board.caption or ""), board.caption


async def test_the_flag_in_a_group_says_who_is_asked_and_the_match(
        group_harness: Harness) -> None:
    h = group_harness
    game_id = await group_game(h, "short 3")
    player = await mover(h, game_id)
    assert player is not None
    board = await press_flag(h, GROUP, player)
    name, other = ("Ali", "Vali") if player == G_ALI else ("Vali", "Ali")
    assert board.caption == (f"{name} is thinking of resigning:\n"
                             "🏳 Resign this game? You lose 1 point.\n"
                             f"Match to 3: the score would become {name} 0–1 {other}.\n"
                             "The match goes on with its next game."), board.caption


async def test_me_shows_koks_only_for_short_nard(harness: Harness) -> None:
    h = harness
    h.fake.user(ALI, "Ali").command("/me")
    await h.feed()
    text = h.fake.last_message(ALI).text or h.fake.last_message(ALI).caption or ""
    short, long = (block for block in text.split("\n\n") if "nard:" in block)
    assert short.startswith("Short nard") and "Koks given 0 · taken 0" in short, text
    assert long.startswith("Long nard") and "Koks" not in long, text
    assert "Mars given 0" in long and "Best winning streak 0" in long, text
