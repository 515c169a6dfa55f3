"""What players tripped on, through the real Dispatcher and the fake Bot API: each test
failed before its fix."""

from __future__ import annotations

import itertools
import re

import pytest
from aiogram.utils.deep_linking import create_start_link, create_startgroup_link

from ai.review import Decision
from bot.app import start_up
from bot.services import afterplay
from bot.services.analysis import mistake_caption
from bot.views.callbacks import Act
from bot.views.resigning import resign_question
from core.live import Live
from engine.dice import FixedDice
from engine.game import Game, MatchState, Phase
from engine.matfile import read_mat
from engine.position import Position
from engine.result import ResultKind
from i18n import Translator, available_languages
from render import geometry as g
from render import theme
from render.replay import PASS, replay_scenes
from render.scene import Scene
from storage import games
from testkit.analysis import counting, store
from testkit.analysis import press as press_analysis
from testkit.crafted import craft, mover_of
from testkit.driver import choose, game_buttons, resign
from testkit.friends import ALI, VALI, challenge, english_friend_game, friend_game, to_move
from testkit.harness import Harness
from testkit.lifecycle import presses
from testkit.locales import glossary
from testkit.pixels import decode, near

# "🔒 Dice seed (Ali): SHA-256 …" in any language.
COMMITTED = re.compile(r"🔒 [^(\n]*\(([^)]+)\): SHA-256 ([0-9a-f]{64})")


async def play_turns(h: Harness, game_id: int, turns: int) -> None:
    """Press the offered buttons until `turns` turns have been played."""
    users = {ALI: h.fake.user(ALI, "Ali"), VALI: h.fake.user(VALI, "Vali", language_code="ru")}
    moved = 0
    for pressed in itertools.count():
        if moved == turns:
            return
        assert pressed < 50 * turns, f"{moved} turns after {pressed} presses"  # (stuck)
        assert (await games.load_game(h.app.db, game_id)).status == "active"
        chat = to_move(h)
        board = h.board(chat)
        data = choose(board.buttons)
        assert data is not None, h.fake.transcript(chat)
        users[chat].press(board, data.pack())
        await h.feed()
        moved += to_move(h) != chat  # the turn passed to the other player


# -- 1. the dice's commitment: on the first board, not above every move ---------------------


async def test_the_dice_commitment_is_shown_on_the_first_board_not_on_every_move(
        harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    first = {chat: h.board(chat).caption or "" for chat in (ALI, VALI)}
    committed = {chat: COMMITTED.findall(caption) for chat, caption in first.items()}
    assert [name for name, _ in committed[ALI]] == ["Ali", "Vali"], first[ALI]
    assert [hash_ for _, hash_ in committed[VALI]] == [hash_ for _, hash_ in committed[ALI]]
    await play_turns(h, game_id, 3)  # both players have moved
    for chat in (ALI, VALI):
        caption = h.board(chat).caption or ""
        assert "SHA-256" not in caption and "🔒" not in caption, caption
    # The commitment is one command away while the game goes on: /seed shows it.
    h.fake.user(ALI, "Ali").command("/seed")
    await h.feed()
    text = h.fake.last_message(ALI).text or ""
    assert COMMITTED.findall(text) == committed[ALI], text


# -- 2. the replay: every frame in the numbers of the player who asked ----------------------


async def test_every_replay_frame_is_numbered_for_the_player_who_asked(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    game_id = await friend_game(h)
    await play_turns(h, game_id, 6)
    await resign(h, VALI)
    drawn: list[tuple[int, list[Scene]]] = []

    def recording(game: Game, seat: int, names: tuple[str, str] = ("", ""),
                  notation: object = None) -> list[Scene]:
        scenes = replay_scenes(game, seat, names, notation)  # type: ignore[arg-type]
        drawn.append((seat, scenes))
        return scenes

    monkeypatch.setattr(afterplay, "replay_scenes", recording)
    h.fake.user(ALI, "Ali").press_button(ALI, "🎞 Replay")
    await h.feed()
    assert h.fake.calls("sendAnimation")
    [(seat, scenes)] = drawn
    row = await games.load_game(h.app.db, game_id)
    assert row.players[seat] == ALI
    assert {scene.numbering for scene in scenes} == {"viewer"}
    # Each move is written in Ali's numbers, Vali's too, as Ali counts the points (short
    # nard: Vali's 13/7 is Ali's 12/18; the bar and off stay).
    live = Live.load(row.state_json)
    moves = [e for e in live.game.history if e["type"] == "move"]
    assert any(e["seat"] != seat for e in moves)
    captions = [s.caption for s in scenes if s.caption and s.caption != PASS]
    assert captions == [e["move"] if e["seat"] == seat else _other_side(e["move"])
                        for e in moves]


def _other_side(move: str) -> str:
    """Short-nard notation in the other player's numbers (`13/7*(2)` -> `12/18*(2)`)."""
    return re.sub(r"(?<!\()\b\d+\b(?!\))", lambda m: str(25 - int(m.group())), move)


# -- 3. the analysis numbers moves as /log does --------------------------------------------

MISTAKE = re.compile(r"^Move (\d+) · (\d)-(\d) · \w+\n🟠 Played: (.+) \(", re.MULTILINE)


async def test_the_analysis_calls_a_move_by_its_log_line(harness: Harness) -> None:
    h = harness
    counting(h)  # 1-ply in a thread: only the numbering matters here
    try:
        game_id = await english_friend_game(h)
        await presses(h, game_id, 40)
        await resign(h, ALI)
        for chat in (ALI, VALI):
            await press_analysis(h, chat, chat)
        await h.app.analysis.drain()
    finally:
        await h.app.analysis.stop()
        await h.app.core.stop()
    everyone: list = []
    for chat, name in ((ALI, "Ali"), (VALI, "Vali")):  # each reads in their own numbers
        h.fake.user(chat, name).command("/log")
        await h.feed()
        log = "\n".join(m.text or "" for m in h.fake.messages(chat)
                        if (m.text or "").startswith(("📜", "⚪", "1. ")) or re.match(
                            r"^\d+\. ", m.text or ""))
        lines = {int(n): line for n, line in re.findall(r"^(\d+)\. (.*)$", log, re.MULTILINE)}
        found = [MISTAKE.match(m.caption or "") for m in h.fake.messages(chat)
                 if m.photo is not None]
        mistakes = [m for m in found if m is not None]
        everyone.extend(mistakes)
        for m in mistakes:
            number, a, b, played = int(m.group(1)), m.group(2), m.group(3), m.group(4)
            line = lines.get(number, "")
            assert f"{a}-{b}: {played}" in line or f"{b}-{a}: {played}" in line, (
                m.group(0), line)
    assert any(int(m.group(1)) > 1 for m in everyone)


# -- 4. a roll is written one way everywhere: the higher die first -------------------------


async def test_a_roll_is_written_higher_die_first_everywhere(harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    seat = await mover_of(h, game_id)
    chat = await craft(h, game_id, Position.initial("short"), seat=seat, phase=Phase.MOVE,
                       dice=(2, 5))
    other = VALI if chat == ALI else ALI
    user = h.fake.user(chat, "P", language_code="ru" if chat == VALI else "en")
    assert "5-2" in (h.board(chat).caption or "") and "2-5" not in (h.board(chat).caption or "")
    for _ in range(4):  # step by step ("so far: …"), then Done
        user.press(h.board(chat), choose(h.board(chat).buttons).pack())
        await h.feed()
        caption = h.board(chat).caption or ""
        assert "2-5" not in caption, caption
        if to_move(h) != chat:
            break
    assert "5-2" in (h.board(other).caption or ""), h.board(other).caption
    # The analysis of a game with a 2-5 blunder calls it 5-2 too.
    await resign(h, VALI)
    counting(h)
    try:
        game = Game.new("short", FixedDice(1, 3))  # Vali (seat 1) opens 3-1
        game.play(1, "8/5 6/5")
        game.roll(0, FixedDice(2, 5))
        game.play(0, "8/3 8/6")  # Ali's 2-5: 24/22 13/8 is far better
        game.resign(1, lambda position, **stands: ResultKind.PLAIN)
        await store(h, game)
        await press_analysis(h, ALI, ALI)
        await h.app.analysis.drain()
    finally:
        await h.app.analysis.stop()
        await h.app.core.stop()
    captions = [m.caption or "" for m in h.fake.messages(ALI) if m.photo is not None]
    assert any(c.startswith("Move 1 · 5-2 · ") for c in captions), captions[-1:]


# -- 5. /resign's score is the one resigning would make, said so ---------------------------

WOULD_BECOME = {"en": "the score would become", "ru": "счёт станет", "uz": "boʻladi",
                "ky": "болот", "az": "olacaq"}


async def test_resign_says_the_score_it_would_make_not_the_current_one(
        harness: Harness) -> None:
    from testkit.friends import start

    h = harness
    await start(h, "To 3 points", "Without the cube")
    h.fake.user(ALI, "Ali").command("/resign")
    await h.feed()
    text = h.fake.last_message(ALI).text or ""
    assert "Match to 3: the score would become Ali 0–1 Vali." in text, text
    # Every language says it is the score after resigning, not the score now.
    game = Game.new("short", FixedDice(3, 1), match=MatchState(3))
    for language, words in WOULD_BECOME.items():
        text = resign_question(Translator(language), game, 1, ("Ali", "Vali"))
        assert words in text.lower() and "vali 0–1 ali" in text.lower(), (language, text)


# -- 6. commands the bot cannot do here get a short answer; chatter gets none --------------


async def test_unknown_and_misplaced_commands_are_answered_briefly(
        group_harness: Harness) -> None:
    h = group_harness
    ali = h.fake.user(ALI, "Ali")
    ali.command("/start")
    await h.feed()

    async def answers(text: str, chat: object = None) -> list[str]:
        target = ALI if chat is None else chat
        before = len(h.fake.messages(target))
        ali.send(chat, text)
        await h.feed()
        return [m.text or "" for m in h.fake.messages(target)[before:] if m.from_bot]

    [nard] = await answers("/nard")
    assert "group" in nard and "/new" in nard, nard
    [foo] = await answers("/foo")
    assert "/foo" in foo and "/help" in foo, foo
    [addressed] = await answers("/foo@nard_test_bot bar")
    assert "/foo" in addressed
    # Chatter without a command, and commands for other bots, get no answer.
    assert await answers("hello there") == []
    assert await answers("/foo@other_bot") == []
    # In a group only what is addressed to the bot is answered.
    group = h.fake.group(-100777, "Club")
    assert await answers("/foo", group) == []
    assert await answers("hello", group) == []
    [play] = await answers("/play@nard_test_bot", group)
    assert "private" in play and "/play" in play, play
    assert await answers("/play", group) == [play]  # bare, but this bot's own command
    [foo_here] = await answers("/foo@nard_test_bot", group)
    assert "/foo" in foo_here and "/help" in foo_here


# -- 7. the "to act" ring follows who must act: the taker while a double is offered --------


def lit(photo: bytes, side: str) -> bool:
    """Whether the name band of `side` ("viewer" below, "opponent" above) has the gold disc
    that marks the player to act."""
    _, y0, _, y1 = g.band_box(side)  # type: ignore[arg-type]
    # The disc (radius 25 round x = 41) reaches this pixel; the plain ring (22) does not.
    return near(decode(photo).getpixel((41, (y0 + y1) // 2 - 24)), theme.SCORE, 30)


async def test_the_to_act_ring_is_on_the_player_asked_to_take_or_drop(
        harness: Harness) -> None:
    from testkit.friends import play_until, start

    h = harness
    game_id = await start(h, "1 game", "With the cube")
    doubler = await play_until(h, game_id, Act.ROLL)
    taker = VALI if doubler == ALI else ALI
    board = h.board(doubler)
    assert lit(board.photo, "viewer") and not lit(board.photo, "opponent")  # to roll
    double = next(d for _, d in game_buttons(board.buttons) if d.a is Act.DOUBLE)
    h.fake.user(doubler, "D").press(board, double.pack())
    await h.feed()
    assert {d.a for _, d in game_buttons(h.board(taker).buttons)} >= {Act.TAKE, Act.DROP}
    assert lit(h.board(taker).photo, "viewer") and not lit(h.board(taker).photo, "opponent")
    assert lit(h.board(doubler).photo, "opponent") and not lit(h.board(doubler).photo,
                                                                "viewer")


# -- 8. a checker that left the bar is marked once, never a pile of checker-like rings ------


def bar_ghosts(photo: bytes, side: str) -> int:
    """How many "left here" rings stand on `side`'s bar of a board picture."""
    image = decode(photo)
    found = 0
    for k in range(g.MAX_STACK):
        x, y = g.bar_center(side, k)  # type: ignore[arg-type]
        pixel = image.getpixel((x + g.CHECKER_R - 5, y))
        found += near(pixel, theme.LAST_MOVE, 40) or near(pixel, theme.LAST_MOVE_OLD, 40)
    return found


async def entered_from_the_bar(h: Harness) -> int:
    """Vali (Russian) to move 6-6 with four checkers on the bar, Ali with all fifteen on
    the 13-point; the game's id."""
    game_id = await friend_game(h)
    vali_seat = (await games.load_game(h.app.db, game_id)).players.index(VALI)
    vali = [0, 2, 2, 2, 2, 2, 1] + [0] * 18 + [4]
    ali = [0] * 13 + [15] + [0] * 12
    await craft(h, game_id, Position("short", vali, ali), seat=vali_seat, phase=Phase.MOVE,
                dice=(6, 6))
    return game_id


async def test_checkers_leaving_the_bar_leave_one_mark_not_a_pile(harness: Harness) -> None:
    h = harness
    game_id = await entered_from_the_bar(h)
    user = h.fake.user(VALI, "Vali", language_code="ru")
    for _ in range(6):  # all four enter: bar/19(4)
        data = choose(h.board(VALI).buttons)
        if data is None:
            break
        user.press(h.board(VALI), data.pack())
        await h.feed()
    game = Live.load((await games.load_game(h.app.db, game_id)).state_json).game
    assert any(e.get("move") == "bar/19(4)" for e in game.history), game.history
    board = h.board(ALI)
    assert bar_ghosts(board.photo, "opponent") == 1, "the bar shows a pile of rings"


# -- 9. the bar and bearing off are called one thing in each language, everywhere ---------


async def test_the_bar_and_bearing_off_are_one_word_in_each_language(
        harness: Harness) -> None:
    h = harness
    await entered_from_the_bar(h)
    user = h.fake.user(VALI, "Vali", language_code="ru")
    labels = [text for text, _ in h.board(VALI).buttons]
    assert "бар/19(4)" in labels and "бар→19" in labels, labels  # one-tap and step alike
    assert not any("bar" in label or "off" in label for label in labels), labels
    step = next(d for text, d in game_buttons(h.board(VALI).buttons) if text == "бар→19")
    user.press(h.board(VALI), step.pack())
    await h.feed()
    assert "бар/19" in (h.board(VALI).caption or ""), h.board(VALI).caption  # "so far"
    for _ in range(5):
        data = choose(h.board(VALI).buttons)
        if data is None:
            break
        user.press(h.board(VALI), data.pack())
        await h.feed()
    # Ali reads Vali's move in his own numbers (Vali's bar/19(4)), as his picture shows it.
    assert "Vali 6-6: bar/6(4)" in (h.board(ALI).caption or ""), h.board(ALI).caption
    user.command("/log")
    await h.feed()
    assert "6-6: бар/19(4)" in (h.fake.last_message(VALI).text or "")
    # The analysis writes moves the same way, bearing off included.
    decision = Decision(0, 12, 1, "checker", Position.initial("short"), (6, 5), "bar/19 6/off",
                        "bar/20 6/off", -0.5, -0.3)
    for language, (bar, off) in glossary().items():
        caption = mistake_caption(Translator(language), decision, "long")
        assert f"{bar}/19 6/{off}" in caption and f"{bar}/20 6/{off}" in caption, caption


# -- 10. /me and /top say what counts: matchmaking games are rated, a group counts its own --


async def test_me_and_a_groups_top_count_what_they_say(group_harness: Harness) -> None:
    from testkit.groups import ALI as G_ALI
    from testkit.groups import GROUP, group_game, resign_in_group

    h = group_harness
    # Before any rated game, /me says how to get one: a friend or /play (rated too).
    ali = h.fake.user(ALI, "Ali")
    ali.command("/me")
    await h.feed()
    me = h.fake.last_message(ALI).text or ""
    assert "/play" in me and "game against a friend." not in me, me
    # Today: one rated game in the group, one between two players who never played there.
    game_id = await group_game(h, "short")
    await resign_in_group(h, game_id)
    private = await friend_game(h)
    await resign(h, VALI)
    assert (await games.load_game(h.app.db, private)).status == "finished"
    h.fake.user(G_ALI, "Ali").command("/top", chat=GROUP)
    await h.feed()
    group_top = h.fake.last_message(GROUP).text or ""
    assert "rated games of this group's players today: 1" in group_top, group_top
    ali.command("/top")
    await h.feed()
    assert "rated games today: 2" in (h.fake.last_message(ALI).text or "")


# -- 11. the .mat file keeps a roll its player had made when the other resigned ------------


async def test_the_match_file_keeps_the_roll_made_before_the_other_resigned(
        harness: Harness) -> None:
    h = harness
    game_id = await friend_game(h)
    await play_turns(h, game_id, 2)  # a move each, then:
    row = await games.load_game(h.app.db, game_id)
    game = Live.load(row.state_json).game
    mover = row.players[game.to_act]
    assert game.phase is Phase.MOVE and game.dice is not None  # rolled by itself
    dice = game.dice
    resigner = VALI if mover == ALI else ALI
    await resign(h, resigner)  # resigns while the other's roll waits to be played
    h.fake.user(ALI, "Ali").press_button(ALI, "📄 File")
    await h.feed()
    document = h.fake.last_message(ALI)
    assert document.sent_file is not None, h.fake.transcript(ALI)
    [mat_game] = read_mat(document.sent_file.data.decode("utf-8")).games
    *_, rolled, won = mat_game.actions
    seat = row.players.index(mover)
    assert (rolled.seat, rolled.kind, rolled.dice, rolled.move) == (seat, "move", dice, "")
    assert (won.seat, won.kind) == (seat, "win")


# -- 12. Telegram's conventions: deep links by aiogram, a win's effect, the bot's name -----

CELEBRATION = "5046509860389126442"  # 🎉, one of the message effects Telegram documents


async def test_links_a_match_wins_effect_and_the_bots_name_follow_telegram(
        harness: Harness) -> None:
    h = harness
    bot = h.app.bot
    # A challenge's link is aiogram's start link; /nard in the private chat offers the
    # startgroup link that adds the bot to a group, whose "/start group" is answered there.
    code = await challenge(h, "Short nard", "👥 A friend", "1 game", "Without the cube")
    assert await create_start_link(bot, code) in (h.fake.last_message(ALI).text or "")
    h.fake.user(ALI, "Ali").command("/nard")
    await h.feed()
    add = h.fake.last_message(ALI).inline_keyboard[0][0]
    assert add["url"] == await create_startgroup_link(bot, "group"), add
    group = h.fake.group(-100600, "Club")
    h.fake.user(ALI, "Ali").command("/start@nard_test_bot group", chat=group)
    await h.feed()
    assert "/nard" in (h.fake.last_message(group).text or ""), h.fake.transcript(group)
    # The winner of a match in a private chat gets the result with a celebration; the loser
    # gets it plain.
    h.fake.user(VALI, "Vali", language_code="ru").command(f"/start {code}")
    await h.feed()
    await resign(h, VALI)
    results = {call.params["chat_id"]: call.params for call in h.fake.calls("sendMessage")
               if "ap:dice:" in str(call.params.get("reply_markup"))}
    assert results[ALI].get("message_effect_id") == CELEBRATION
    assert "message_effect_id" not in results[VALI]
    # At start-up the bot names itself in each language, and only when its name differs.
    await start_up(h.app, h.clock.sleep)
    names = {call.params.get("language_code"): call.params["name"]
             for call in h.fake.calls("setMyName")}
    assert names == {language: Translator(language)("bot-name")
                     for language in available_languages()}
    assert all(0 < len(name) <= 64 for name in names.values()) and names["ru"] != names["en"]
    await start_up(h.app, h.clock.sleep)
    assert len(h.fake.calls("setMyName")) == len(names)  # the names were right already
