"""Nothing happens unseen: the caption lists everything since the player last acted (hits,
passes with their reason, moves that played themselves, cube actions, the opening), the
board marks every move since, and /log shows the whole game. Through the real Dispatcher,
against the fake Bot API.
"""

from __future__ import annotations

import random

import pytest

from bot.views.board import Viewer, caption_for, scene_for
from bot.views.callbacks import Act
from bot.views.recap import MAX_CAPTION, utf16_len, why
from core.computer import Computer
from core.history import since_last_action
from core.live import Live
from core.seen import cube_state, recent_marks
from engine.game import Game, Phase
from engine.moves import Move, seen_from_other_side
from engine.passes import DieBlock, PassKind, PassReason, Try, Why
from engine.position import Position, Variant
from i18n import Translator
from storage import games
from testkit.computer import start_game
from testkit.driver import game_buttons, resign
from testkit.groups import ALI as GROUP_ALI
from testkit.groups import GROUP, group_game
from testkit.harness import Harness

ALI = 7101


class ScriptedDice:
    """Dice from a script, then seeded ones (for whatever the test does not look at)."""

    def __init__(self, *dice: int) -> None:
        self.script = list(dice)
        self.rest = random.Random(5)

    def roll_die(self) -> int:
        return self.script.pop(0) if self.script else self.rest.randint(1, 6)


def segments(notation: str) -> tuple[tuple[int, int], ...]:
    return tuple((step.src, step.dst) for step in Move.parse(notation).steps)


def closed_out() -> Position:
    """Ali (me) has blots on 10-to-be and 8; the computer holds its points 1-5, 7 and 8
    and has a lone checker on its 20 (Ali's 5) that can hit Ali's 8 with a 3."""
    me = [0] * 26
    me[13], me[8], me[6], me[4], me[3], me[2] = 1, 1, 4, 4, 3, 2
    opp = [0] * 26
    for point in (1, 2, 3, 4, 5, 7, 8):
        opp[point] = 2
    opp[20] = 1
    return Position(Variant.SHORT, me, opp)


async def staged(h: Harness, position: Position, dice: tuple[int, int],
                 steps: list[tuple[int, int]], history: list[dict] | None = None) -> int:
    """A game against the computer, then its state replaced by `position` with Ali to
    move `dice` and `steps` already taken (so Done is offered); returns the game id."""
    user = await start_game(h, ALI, "Short nard", "🤖 Computer", "Beginner", "1 game",
                            "Without the cube")
    [row] = await games.active_games(h.app.db, ALI)
    game = Game(variant=Variant.SHORT, position=position, seat=row.players.index(ALI),
                phase=Phase.MOVE, dice=dice, moved=[True, True], history=history or [])
    live = Live(game, list(steps))
    await games.save_game(h.app.db, row.id, row.version, state_json=live.dump(),
                          deadline=row.deadline, now=h.clock())
    user.command("/games")  # the stored game, drawn anew
    await h.feed()
    return row.id


def hitting_first(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The computer plays a hit when it has one (else its first legal move); returns the
    list of what it played."""
    played: list[str] = []

    async def choose(self: Computer, game: Game, level: str):
        plays = game.legal_plays()
        play = next((p for p in plays if "*" in str(p.move)), plays[0])
        played.append(str(play.move))
        return play

    monkeypatch.setattr(Computer, "choose_move", choose)
    return played


async def test_a_quick_run_of_computer_moves_is_all_in_the_caption(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    played = hitting_first(monkeypatch)
    game_id = await staged(h, closed_out(), (2, 1), [(13, 11), (11, 10)])
    # After Ali's Done: the computer hits with 3-1, Ali (on the bar) rolls 2-1 and passes,
    # the computer plays 4-2, Ali rolls 6-3 and may move: all within one press.
    h.app.games.dice = ScriptedDice(3, 1, 2, 1, 4, 2, 6, 3)
    scenes = []
    draw = h.app.boards.render
    h.app.boards.render = lambda scene: scenes.append(scene) or draw(scene)
    board = h.board(ALI)
    done = next(d for _, d in game_buttons(board.buttons) if d.a is Act.DONE)
    h.fake.user(ALI, "Ali").press(board, done.pack())
    await h.feed()

    caption = h.board(ALI).caption or ""
    lines = caption.splitlines()
    hit, second = played[-2:]  # (the first was played before the game was staged)
    assert "*" in hit
    # The computer's moves in Ali's numbers, as his picture numbers the points.
    expected = [f"Computer (Beginner) 3-1: {seen_from_other_side(hit, 'short')}",
                "Ali rolled 2-1 and cannot move: no entry from the bar with 2 or 1, both "
                "points are closed.",
                f"Computer (Beginner) 4-2: {seen_from_other_side(second, 'short')}",
                "Your move: 6-3. Choose a checker." if any(
                    d.a is Act.PICK for _, d in game_buttons(h.board(ALI).buttons))
                else "Your move: 6-3. Choose a move."]
    found = [lines.index(line) for line in expected]  # each line is there ...
    assert found == sorted(found), caption  # ... in the order it happened
    assert "13/10" not in caption  # Ali's own move was his last action: not repeated
    # The board marks both of the computer's moves, oldest first, in its numbering.
    row = await games.load_game(h.app.db, game_id)
    live = Live.load(row.state_json)
    viewer = Viewer(0, Translator("en"), ("Ali", "Computer (Beginner)"))
    assert recent_marks(live, viewer.seat, viewer.is_player) == (
        (segments(hit), False), (segments(second), False))
    assert scenes[-1].moves == recent_marks(live, viewer.seat, viewer.is_player)
    # Drawn again from the database (as after a restart): the same story.
    h.fake.user(ALI, "Ali").command("/games")
    await h.feed()
    assert (h.board(ALI).caption or "").splitlines()[1:4] == lines[1:4]


async def test_log_lists_the_whole_game_numbered_by_turn(
        harness: Harness, monkeypatch: pytest.MonkeyPatch) -> None:
    h = harness
    played = hitting_first(monkeypatch)
    await staged(h, closed_out(), (2, 1), [(13, 11), (11, 10)])
    h.app.games.dice = ScriptedDice(3, 1, 2, 1, 4, 2, 6, 3)
    board = h.board(ALI)
    done = next(d for _, d in game_buttons(board.buttons) if d.a is Act.DONE)
    h.fake.user(ALI, "Ali").press(board, done.pack())
    await h.feed()
    h.fake.user(ALI, "Ali").command("/log")
    await h.feed()
    text = h.fake.last_message(ALI).text or ""
    assert text.splitlines() == [
        "📜 Short nard: the moves",
        "⚪ Ali · ⚫ Computer (Beginner)",
        "Points numbered as Ali sees the board.",  # the computer's moves in Ali's numbers
        f"1. ⚪ 2-1: 13/10   ⚫ 3-1: {seen_from_other_side(played[-2], 'short')}",
        f"2. ⚪ 2-1: no move   ⚫ 4-2: {seen_from_other_side(played[-1], 'short')}",
    ]


async def test_the_opening_throws_are_shown(harness: Harness) -> None:
    h = harness
    await start_game(h, ALI, "Long nard", "🤖 Computer", "Beginner", "1 game")
    caption = h.board(ALI).caption or ""
    [row] = await games.active_games(h.app.db, ALI)
    first, second = Live.load(row.state_json).game.opening
    assert f"Opening roll: Ali {first} : Computer (Beginner) {second}" in caption


def test_a_forced_move_played_for_the_viewer_is_marked_as_such() -> None:
    from engine.dice import FixedDice

    game = Game.new("long", FixedDice(6, 5, 6, 5))  # seat 0 starts, then rolls 6-5
    game.roll(0, (6, 5))
    game.play(0, game.legal_plays()[0])  # the only move: 24/13
    live = Live(game)
    t = Translator("en")
    caption = caption_for(live, Viewer(0, t, ("Ali", "Vali")), deadline=None, now=None,  # type: ignore[arg-type]
                          computer_seat=None)
    assert "Ali 6-5: 24/13 (the only move, played automatically)" in caption
    assert "Opening roll: Ali 6 : Vali 5" in caption


def test_both_players_read_why_a_roll_passed() -> None:
    position = closed_out()
    me = list(position.me)
    me[8], me[25] = 0, 1  # Ali is on the bar against a board closed on 1-5
    game = Game(variant=Variant.SHORT, position=Position(Variant.SHORT, me, position.opp),
                seat=0, phase=Phase.ROLL, moved=[True, True])
    game.roll(0, (5, 5))  # passes at once
    assert game.history[-1]["type"] == "pass"
    live = Live.load(Live(game).dump())  # as stored
    for seat, language, expected in (
            (0, "en", "Ali rolled 5-5 and cannot move: no entry from the bar with 5, that "
                      "point is closed."),
            (1, "ru", "Ali: выпало 5-5, хода нет — с бара не зайти на 5, этот пункт закрыт."),
            (1, "uz", "Ali: 5-5 tushdi, yurib boʻlmaydi — bardan 5 bilan kirib boʻlmaydi, "
                      "u katak yopiq.")):
        caption = caption_for(live, Viewer(seat, Translator(language), ("Ali", "Vali")),
                              deadline=None, now=None, computer_seat=None)  # type: ignore[arg-type]
        assert expected in caption.splitlines(), caption


def test_no_checker_can_move_names_the_dice() -> None:
    me = [0] * 26
    me[7] = 15  # all fifteen on Ali's 7; the opponent holds his 6 and 5 (its 19 and 20)
    opp = [0] * 26
    opp[19], opp[20] = 7, 8
    game = Game(variant=Variant.SHORT, position=Position(Variant.SHORT, me, opp), seat=0,
                phase=Phase.ROLL, moved=[True, True])
    game.roll(0, (2, 1))
    assert game.history[-1]["type"] == "pass"
    caption = caption_for(Live(game), Viewer(1, Translator("en"), ("Ali", "Vali")),
                          deadline=None, now=None, computer_seat=None)  # type: ignore[arg-type]
    assert "Ali rolled 2-1 and cannot move: no checker can move 2 or 1." in caption


def test_a_long_story_is_cut_from_the_oldest_end_and_fits_telegram() -> None:
    # Each side has two on the bar against the other's closed home: every roll passes.
    me = [0] * 26
    for point in range(1, 7):
        me[point] = 2
    me[25], me[7] = 2, 1
    opp = list(me)
    game = Game(variant=Variant.SHORT, position=Position(Variant.SHORT, me, opp), seat=0,
                phase=Phase.ROLL, moved=[True, True])
    rng = random.Random(3)
    for _ in range(40):  # forty passes in a row
        game.roll(game.seat, (rng.randint(1, 6), rng.randint(1, 6)))
    assert [e["type"] for e in game.history].count("pass") == 40
    long_name = "Ａ" * 64  # full-width letters, and the longest name Telegram allows
    viewer = Viewer(0, Translator("ru"), (long_name, "Б" * 64))
    caption = caption_for(Live(game), viewer, deadline=None, now=None, computer_seat=None)  # type: ignore[arg-type]
    assert utf16_len(caption) <= MAX_CAPTION
    assert "/log" in caption  # the oldest lines were replaced by a pointer to the log
    assert caption.splitlines()[-1].startswith("Ваш ход")


def test_the_group_board_tells_the_player_to_act_what_happened() -> None:
    from engine.dice import FixedDice

    game = Game.new("short", FixedDice(3, 5))  # seat 1 starts with 5-3
    game.play(1, game.legal_plays()[0])
    live = Live(game)
    watcher = Viewer(0, Translator("en"), ("Ali", "Vali"), is_player=False)
    caption = caption_for(live, watcher, deadline=None, now=None, computer_seat=None)  # type: ignore[arg-type]
    assert "Opening roll: Ali 3 : Vali 5" in caption
    # The group's board numbers the points as seat 0 (Ali, at the bottom) sees them.
    assert f"Vali 5-3: {seen_from_other_side(game.history[-1]['move'], 'short')}" in caption
    assert [e.kind for e in since_last_action(live, 0)] == ["opening", "move"]
    scene = scene_for(live, watcher)  # Vali's move is marked on the group's board
    assert scene.moves == ((segments(game.history[-1]["move"]), False),)


async def test_a_match_won_three_nil_ends_on_a_board_that_says_so(harness: Harness) -> None:
    h = harness
    await start_game(h, ALI, "Short nard", "🤖 Computer", "Beginner", "To 3 points",
                     "Without the cube")
    scenes = []
    draw = h.app.boards.render
    h.app.boards.render = lambda scene: scenes.append(scene) or draw(scene)
    for _ in range(3):  # Ali resigns three games at the start: plain losses, 0-3
        await resign(h, ALI)
    final = scenes[-1]
    assert final.result is not None and final.result.winner == "opponent"
    assert (final.result.kind, final.result.points) == ("plain", 1)
    assert final.score == (0, 2, 3) and final.shown_score() == (0, 3, 3)
    texts = [m.text or "" for m in h.fake.messages(ALI)]
    assert any("You lost the match." in text for text in texts)


def test_the_cube_is_drawn_as_it_stands() -> None:
    from engine.dice import FixedDice
    from engine.game import MatchState

    game = Game.new("short", FixedDice(5, 3), cube=True, match=MatchState(5))
    game.play(0, game.legal_plays()[0])
    live = Live(game)
    assert cube_state(live, 0) == (1, "center", "normal")
    game.double(1)  # Vali offers 2: the cube shows 2 on Ali's side, who must answer
    assert cube_state(live, 0) == (2, "viewer", "offered")
    assert cube_state(live, 1) == (2, "opponent", "offered")
    game.take(0)
    assert cube_state(live, 0) == (2, "viewer", "normal")
    crawford = Game.new("short", FixedDice(5, 3), cube=True,
                        match=MatchState(5, (4, 2), crawford=True))
    assert cube_state(Live(crawford), 1) == (1, "center", "crawford")
    assert scene_for(Live(crawford), Viewer(1, Translator("en"), ("A", "B"))).cube == (
        1, "center", "crawford")


def test_a_pass_names_the_rule_that_stops_it() -> None:
    me = [0] * 26
    me[7], me[2] = 1, 14  # one checker still outside home
    opp = [0] * 26
    opp[20], opp[24] = 2, 13  # the opponent holds Ali's 5 (its 20)
    game = Game(variant=Variant.SHORT, position=Position(Variant.SHORT, me, opp), seat=0,
                phase=Phase.ROLL, moved=[True, True])
    game.roll(0, (2, 2))  # 7/5 is held, 2/off would bear off with a checker outside
    assert game.history[-1]["type"] == "pass"
    caption = caption_for(Live(game), Viewer(1, Translator("en"), ("Ali", "Vali")),
                          deadline=None, now=None, computer_seat=None)  # type: ignore[arg-type]
    assert ("Ali rolled 2-2 and cannot move: no checker can move 2 (bearing off only once "
            "all 15 are home).") in caption
    six = PassReason(Variant.LONG, (5, 4), PassKind.NO_MOVE, blocks=(
        DieBlock(5, (Try(9, 4, Why.SIX_BLOCK),)), DieBlock(4, (Try(9, 5, Why.HELD),))))
    assert why(six, Translator("ru")) == (
        "ни одной шашкой нельзя сыграть ни 5, ни 4 (нельзя строить шесть пунктов подряд)")


async def test_log_in_a_group_and_without_a_game(group_harness: Harness) -> None:
    h = group_harness
    nobody = h.fake.user(7300, "Nobody")
    nobody.command("/log")
    await h.feed()
    assert h.fake.last_message(7300).text == "You have no game in progress. Start one with /new."
    h.fake.group(-100600, "Empty club")
    nobody.command("/log", chat=-100600)
    await h.feed()
    assert "No game has been played in this group yet" in (
        h.fake.last_message(-100600).text or "")
    await group_game(h, "long")
    h.fake.user(GROUP_ALI, "Ali").command("/log", chat=GROUP)
    await h.feed()
    lines = (h.fake.last_message(GROUP).text or "").splitlines()
    assert lines[:3] == ["📜 Long nard: the moves", "⚪ Ali · ⚫ Vali",
                         "Points numbered as Ali sees the board."]  # seat 0's, as the board
    assert lines[3].startswith("Opening roll: Ali ")
    assert h.fake.edits_per_window(GROUP, 60) <= 20


def test_a_history_that_does_not_take_back_still_shows_its_moves() -> None:
    from engine.dice import FixedDice

    game = Game.new("short", FixedDice(3, 5))  # seat 1 starts with 5-3
    game.play(1, game.legal_plays()[0])
    game.history[-1]["move"] = "6/1(4)"  # not what was played: it cannot be taken back
    caption = caption_for(Live(game), Viewer(0, Translator("en"), ("Ali", "Vali")),
                          deadline=None, now=None, computer_seat=None)  # type: ignore[arg-type]
    assert "Vali 5-3: 19/24(4)" in caption  # (Vali's 6/1(4), in Ali's numbers)


def test_cube_actions_are_told_to_the_other_player() -> None:
    from engine.dice import FixedDice

    game = Game.new("short", FixedDice(5, 3), cube=True)  # Ali starts with 5-3
    game.play(0, game.legal_plays()[0])
    game.roll(1, (2, 1))
    game.play(1, game.legal_plays()[0])
    names = ("Ali", "Vali")

    def caption(seat: int) -> list[str]:
        return caption_for(Live(game), Viewer(seat, Translator("en"), names), deadline=None,
                           now=None, computer_seat=None).splitlines()  # type: ignore[arg-type]

    game.double(0)
    assert "Ali doubles to 2." not in caption(1)  # the question itself says so
    assert caption(1)[-1] == "Ali doubles to 2. Take or drop?"
    game.take(1)
    assert caption(0)[1:3] == ["Ali doubles to 2.", "Vali takes: the cube is at 2."]
    game.roll(0, (6, 5))
    game.play(0, game.legal_plays()[0])
    game.double(1)
    game.drop(0)
    assert caption(1)[1:4] == ["Vali doubles to 4.", "Ali drops the double.",
                               "🏆 Vali wins 2 points (plain)."]



def test_the_caption_says_what_the_buttons_offer() -> None:
    """"Choose a checker" when the first buttons are checkers, "Choose a move" when they
    are the moves themselves (few legal steps), over the turns of random games."""
    import random

    from bot.views.board import Viewer, status_line, step_buttons
    from engine.dice import SeededDice
    from engine.game import Game, Phase
    from i18n import Translator

    t, seen = Translator("en"), set()
    for seed in range(6):
        rng = random.Random(seed)
        game = Game.new("short" if seed % 2 else "long", SeededDice(seed))
        for _ in range(400):
            if game.phase is Phase.OVER:
                break
            if game.phase is Phase.ROLL:
                game.roll(game.seat, SeededDice(rng.randrange(10**6)))
                continue
            live = Live(game)
            viewer = Viewer(game.to_act, t, ("A", "B"), is_player=True)
            picks = any(spec[1] is Act.PICK for spec in step_buttons(live, t))
            line = status_line(live, viewer, None)
            assert line.endswith("Choose a checker." if picks else "Choose a move."), line
            seen.add(picks)
            game.play(game.seat, rng.choice(game.legal_plays()))
    assert seen == {True, False}  # both kinds came up


@pytest.mark.parametrize("variant", ["short", "long"])
def test_marks_stay_through_the_turn_being_built(variant: str) -> None:
    """The opponent's last move stays marked while the player builds a turn, and each
    step taken is marked too (on the mover's board and on a group's)."""
    from engine.dice import FixedDice

    dice = FixedDice(3, 5, 4, 2, 6, 5)
    game = Game.new(variant, dice)  # seat 1 starts (in long nard it rolls again first)
    if game.phase is Phase.ROLL:
        game.roll(1, dice)
    game.play(1, game.legal_plays()[0])
    game.roll(0, dice)
    live = Live(game)
    opponents = segments(next(e["move"] for e in reversed(game.history) if e["type"] == "move"))
    player = Viewer(0, Translator("en"), ("Ali", "Vali"))
    assert scene_for(live, player).moves == ((opponents, False),)
    assert scene_for(live, player).built == ()
    step = live.turn().legal_steps()[0]
    live.go(step[0], step[1])
    scene = scene_for(live, player)
    assert scene.moves == ((opponents, False),)  # still marked
    assert scene.built == ((step[0], step[1]),) and scene.built_by_viewer
    watcher = Viewer(0, Translator("en"), ("Ali", "Vali"), is_player=False)
    assert scene_for(live, watcher).built == ((step[0], step[1]),)
    other = scene_for(live, Viewer(1, Translator("en"), ("Ali", "Vali")))
    assert not other.built_by_viewer or other.built == ()
