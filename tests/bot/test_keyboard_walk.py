"""Every legal move can be entered with the bot's own buttons, and nothing else can.

The walk presses what `views.keyboard_for` offers, as a player would: a checker (PICK), one
of its destination buttons (GO, applied through `Live.go` as the service does), a move
button offered before any checker is chosen (GO), a one-tap full move (FULL, applied as the
service does: the steps of `fullmoves.finish_steps`), Undo, and Done when offered. Over
20,000 random positions per variant (a third of them bear-offs) the set of full moves that
can be finished equals `legal_moves` exactly, every destination button plays the path its
label shows, every one-tap button ends in the move its label names, and Undo takes back
exactly one step.

The walk is remembered per state (the board as it stands plus the dice left), so each state
of a turn is drawn and pressed through once however many orders lead to it; the full moves
finished anywhere in the walk are gathered in one set, compared with `legal_moves` at the
end.

The full walk (20,000 positions per variant, in four parts of 5,000 so that `-n 2` can share
them out) is marked `slow`: CI runs it, the quick selection (`-m "not slow"`) walks 1,000
other positions per variant.
"""

from __future__ import annotations

import gc
import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from itertools import pairwise
from typing import NamedTuple

import pytest

from bot.views.board import Viewer, keyboard_for, scene_for
from bot.views.callbacks import Act, GameCb
from core.fullmoves import finish_steps
from core.live import Live, Taken
from engine.game import Game, Phase
from engine.movegen import legal_moves
from engine.position import CHECKERS, OFF, Position, Variant
from engine.resolve import resolve_move
from i18n import Translator
from storage import games
from testkit.driver import game_buttons
from testkit.friends import friend_game, to_move
from testkit.harness import Harness
from testkit.positions import position_of

POSITIONS = 20_000  # per variant, in CI
PARTS = 4  # the full walk's test items per variant, each every fourth position
QUICK = 1_000  # per variant, in the quick selection: positions of another seed
GAME_ID, VERSION = 7, 3
T = Translator("en")
VIEWER = Viewer(0, T, ("Ali", "Vali"))
OFF_LABEL = T("point-off")
BAR_LABEL = T("point-bar")


class Sample(NamedTuple):
    """A position to walk, with its dice."""

    position: Position
    dice: tuple[int, int]
    first: bool  # the player's first turn (long nard's head rule)


def walk_positions(variant: str, count: int, seed: int) -> Iterator[Sample]:
    """`count` positions with dice from random games: a third bear-offs, the rest anything.

    A bear-off here is a position whose player on roll has all 15 checkers home.
    """
    rng = random.Random(seed)
    want_bearoffs = count // 3
    bearoffs: list[Sample] = []
    others: list[Sample] = []
    while len(bearoffs) < want_bearoffs or len(others) < count - want_bearoffs:
        position, moved, mover = Position.initial(variant), [False, False], 0
        while not position.is_over:
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            first = not moved[mover]
            home = sum(position.me[OFF:7]) == CHECKERS
            bucket, limit = (bearoffs, want_bearoffs) if home else (others,
                                                                    count - want_bearoffs)
            if len(bucket) < limit:
                bucket.append(Sample(position, dice, first))
            plays = legal_moves(position, dice, first_turn=first)
            position = rng.choice(plays).after if plays else position.swapped()
            moved[mover] = True
            mover = 1 - mover
    yield from bearoffs
    yield from others


@cache
def full_walk(variant: str) -> tuple[Sample, ...]:
    """The full walk's positions (each test item of a variant walks its share of them;
    they are drawn once per process)."""
    return tuple(walk_positions(variant, POSITIONS, seed=12))


def live_game(position: Position, dice: tuple[int, int], first: bool) -> Live:
    game = Game(variant=position.variant, position=position, seat=0, phase=Phase.MOVE,
                dice=dice, moved=[not first, True])
    return Live(game)


def presses(live: Live, selected: int | None = None) -> list[tuple[str, GameCb]]:
    markup = keyboard_for(live, VIEWER, GAME_ID, VERSION, selected)
    assert markup is not None
    return [(button.text, unpack(button.callback_data))
            for row in markup.inline_keyboard for button in row]


@cache
def unpack(data: str) -> GameCb:
    """The button's data as the service reads it (each distinct string read once)."""
    cb = GameCb.unpack(data)
    assert (cb.game, cb.v) == (GAME_ID, VERSION)
    return cb


def point_of(label: str) -> int:
    name = label.rstrip("*")
    return {OFF_LABEL: OFF, BAR_LABEL: 25}[name] if name in (OFF_LABEL, BAR_LABEL) else int(name)


class Walker:
    """Presses through one turn's keyboards from its start, each state once, gathering the
    full moves that can be finished (`finished`).

    Every state walked is reached from the start by presses, so what is finished anywhere
    is what can be finished from the start.
    """

    def __init__(self, live: Live) -> None:
        self.live = live
        self.start = live.game.position
        self.seen: set[tuple] = set()  # the states walked, or being walked
        self.finished: set[Position] = set()

    def state(self) -> tuple:
        return self.live.turn().node

    def walk(self) -> None:
        """Press everything offered here, unless this state was walked already."""
        key = self.state()
        if key not in self.seen:
            self.seen.add(key)
            self._press_all()

    def _press_all(self) -> None:
        live, turn = self.live, self.live.turn()
        buttons = presses(live)
        acts = {data.a for _, data in buttons}
        assert (Act.UNDO in acts) == bool(live.steps)
        assert (Act.DONE in acts) == (bool(live.steps) and turn.is_complete)
        if Act.DONE in acts:
            self.finished.add(turn.finish().after)  # what the service plays on Done
        picks = [data.src for _, data in buttons if data.a is Act.PICK]
        # Move buttons offered before any checker is chosen (few moves, or a checker with
        # a single move) and one-tap buttons that finish the turn (`8/5 6/5`).
        moves = [(text, data) for text, data in buttons if data.a is Act.GO]
        taps = [(text, data) for text, data in buttons if data.a is Act.FULL]
        # Done and more steps may both be offered: with 4-1 and checkers on 4 and lower,
        # 4/off (the 4) already stands where 4/3/off would, and the 1 may still be played.
        if live.steps and not (picks or moves or taps):
            assert turn.is_complete, "a dead end: nothing to press and the turn not complete"
        for src in picks:
            self._pick(src)
        if moves:
            singles: dict[int, set[int]] = {}
            for step in turn.legal_steps():
                singles.setdefault(step.src, set()).add(step.dst)
            for text, data in moves:
                self._go(text, data, singles.get(data.src, set()))
        for text, data in taps:
            self._tap(text, data)

    def _pick(self, src: int) -> None:
        live = self.live
        buttons = presses(live, src)
        gos = [(text, data) for text, data in buttons if data.a is Act.GO]
        assert gos, f"checker {src} picked but no destination offered"
        assert any(data.a is Act.BACK for _, data in buttons)
        single = {step.dst for step in live.turn().legal_steps() if step.src == src}
        for text, data in gos:
            assert data.src == src
            self._go(text, data, single)

    def _go(self, text: str, data: GameCb, single: set[int]) -> None:
        """Press a move button as the service does, check its label, walk on, Undo."""
        live = self.live
        src = data.src
        before, steps_before = self.state(), len(live.steps)
        played = live.go(src, data.dst)
        check_label(text, src, data.dst, played, single)
        if len(played) > 1:
            self._check_no_other_way(src, data.dst, len(played))
        self.walk()
        for _ in played:  # press Undo once per step: each takes back one die
            undone = live.undo()
            assert undone is not None
            self.walk()  # a state Undo leads to is a state like any other
        assert len(live.steps) == steps_before and self.state() == before

    def _tap(self, text: str, data: GameCb) -> None:
        """Press a one-tap button as the service does (the steps of `finish_steps`, each
        with its die): the turn is then complete in the move its label names; Undo takes
        the steps back one die at a time."""
        live = self.live
        before, steps_before = self.state(), len(live.steps)
        steps = finish_steps(live, data.src)
        assert steps, text
        live.steps.extend(Taken.of(step) for step in steps)
        turn = live.turn()
        assert turn.is_complete, text
        result = turn.finish().after
        game = live.game
        assert resolve_move(game.position, game.dice, text,
                            first_turn=game.first_turn).after == result, text
        self.finished.add(result)
        self.walk()
        for _ in steps:
            assert live.undo() is not None
        assert len(live.steps) == steps_before and self.state() == before

    def _check_no_other_way(self, src: int, dst: int, length: int) -> None:
        """A combined button: every way this checker can reach `dst` ends the same.

        Searched by single steps from the state before the button, on the live turn, which
        is then put back exactly as it was.
        """
        live = self.live
        turn, ends = live.turn(), set()
        promised = turn.node
        for _ in range(length):
            turn.undo()

        def follow(at: int) -> None:
            for step in turn.legal_steps():
                if step.src != at:
                    continue
                turn.play(step)
                if step.dst == dst:
                    ends.add(turn.node)
                elif step.dst != OFF:
                    follow(step.dst)
                turn.undo()

        follow(src)
        for step in live.steps[len(live.steps) - length:]:
            turn.play((step.src, step.dst), step.die)
        assert turn.node == promised
        assert ends == {promised}, f"{src}→{dst} hides a different way: {ends}"


def check_label(text: str, src: int, dst: int, played, single: set[int]) -> None:
    """The label names the start, every blot hit on the way, and the end: nothing else."""
    parts = text.split("→")
    assert point_of(parts[0]) == src and point_of(parts[-1]) == dst, text
    assert played[0].src == src and played[-1].dst == dst, (text, played)
    assert all(a.dst == b.src for a, b in pairwise(played)), played
    hits_shown = [point_of(p) for p in parts[1:] if p.endswith("*")]
    assert hits_shown == [s.dst for s in played if s.hit], (text, played)
    assert all(p.endswith("*") for p in parts[1:-1]), text
    if dst in single:
        assert len(played) == 1, f"{text} names a single die but played {played}"


@contextmanager
def without_cycle_collection() -> Iterator[None]:
    """The walk makes millions of short-lived objects and no reference cycles worth
    collecting: the cycle collector's passes would cost a sixth of its time."""
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize("variant", ["short", "long"])
def test_every_legal_move_and_nothing_else_can_be_entered(variant: str) -> None:
    """The quick selection's walk: 1,000 positions per variant, not those of the full walk."""
    with without_cycle_collection():
        walk_all(tuple(walk_positions(variant, QUICK, seed=13)))


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
@pytest.mark.parametrize("variant", ["short", "long"])
def test_every_legal_move_and_nothing_else_can_be_entered_full(variant: str, part: int) -> None:
    """The full walk, 20,000 positions per variant: this item walks every PARTS-th one."""
    samples = full_walk(variant)
    assert len(samples) == POSITIONS
    with without_cycle_collection():
        walk_all(samples[part::PARTS])


def walk_all(samples: tuple[Sample, ...]) -> None:
    walked = bearoffs = 0
    for position, dice, first in samples:
        live = live_game(position, dice, first)
        legal = {play.after for play in legal_moves(position, dice, first_turn=first)}
        if not legal:
            assert live.turn().is_pass
            assert not any(d.a is Act.PICK for _, d in presses(live))
            continue
        walker = Walker(live)
        walker.walk()
        assert walker.finished == legal, (position, dice, first)
        walked += 1
        bearoffs += sum(position.me[OFF:7]) == CHECKERS
    assert walked > len(samples) * 0.9 and bearoffs > len(samples) // 4


@pytest.mark.parametrize("variant", ["short", "long"])
def test_the_winning_bear_off_from_6_and_2_is_enterable(variant: str) -> None:
    # Last checkers on 6 and 2, 6-4. `6→off` used to play 6/2/off.
    opp = {1: 5, 2: 5, 3: 5}  # in the opponent's numbering: far from my home in both
    live = live_game(position_of(variant, {6: 1, 2: 1}, opp), (6, 4), False)
    labels = {text: data.dst for text, data in presses(live, 6) if data.a is Act.GO}
    assert labels == {"6→2": 2, "6→off": OFF}
    # The same labels stand on the first keyboard, where the moves are few enough to be
    # offered without choosing the checker; the winning move is also one tap.
    first = {text: (data.src, data.dst) for text, data in presses(live) if data.a is Act.GO}
    assert first == {"6→2": (6, 2), "6→off": (6, OFF)}
    taps = [text for text, data in presses(live) if data.a is Act.FULL]
    assert taps == ["6/off", "6/off 2/off"]
    assert [(s.src, s.dst, s.die) for s in live.go(6, OFF)] == [(6, OFF, 6)]
    assert [(d.src, d.dst) for _, d in presses(live) if d.a is Act.GO] == [(2, OFF)]
    live.go(2, OFF)
    assert live.turn().is_complete
    assert live.turn().finish().after.opp[OFF] == CHECKERS  # the game is won


def test_a_combined_button_is_dropped_when_its_ways_differ() -> None:
    # 6-5 from 13: via 7 hits the blot there, via 8 does not. 13→2 would hide one of them.
    position = position_of("short", {13: 2, 6: 13}, {25 - 7: 1, 1: 14})
    live = live_game(position, (6, 5), False)
    labels = [text for text, data in presses(live, 13) if data.a is Act.GO]
    assert labels == ["13→8", "13→7*"]
    # Closed 8: the only way is through the blot on 7, and the label says so.
    position = position_of("short", {13: 2, 6: 13}, {25 - 7: 1, 25 - 8: 2, 1: 12})
    live = live_game(position, (6, 5), False)
    labels = [text for text, data in presses(live, 13) if data.a is Act.GO]
    assert labels == ["13→7*", "13→7*→2"]
    assert [(s.src, s.dst, s.hit) for s in live.go(13, 2)] == [(13, 7, True), (7, 2, False)]


def test_go_refuses_a_button_that_is_not_offered() -> None:
    live = live_game(Position.initial("short"), (6, 5), False)
    with pytest.raises(ValueError):
        live.go(24, 19)  # closed
    with pytest.raises(ValueError):
        live.go(5, 0)
    assert live.steps == []


def test_the_board_greys_the_die_really_used() -> None:
    # Checkers on 3 and 1, 6-3, 3/off: the 6 is used, the 3 is left.
    position = position_of("short", {3: 1, 1: 1}, {1: 5, 2: 5, 3: 5})
    live = live_game(position, (6, 3), False)
    [step] = live.go(3, OFF)
    assert step.die == 6 and live.turn().remaining_dice == (3,)
    assert scene_for(live, VIEWER).dice_used == (6,)
    saved = Live.load(live.dump())
    assert scene_for(saved, VIEWER).dice_used == (6,)
    assert [step.die for step in saved.steps] == [6]


def test_a_state_saved_with_bare_pairs_still_loads() -> None:
    # Saved before steps carried their die: [src, dst] pairs replay with the buttons' die.
    position = position_of("short", {3: 1, 1: 1}, {1: 5, 2: 5, 3: 5})
    live = live_game(position, (6, 3), False)
    live.steps.append((3, OFF))  # type: ignore[arg-type] - the form old callers append
    old = live.dump().replace("[3,0,6]", "[3,0]")
    assert '"steps":[[3,0]]' in old
    loaded = Live.load(old)
    assert loaded.dice_used() == (6,)
    assert [(s.src, s.dst, s.die) for s in loaded.steps] == [(3, 0, 6)]
    src, dst = loaded.steps[-1]  # a step still unpacks as its pair of points
    assert (src, dst) == (3, OFF)


def test_undo_takes_back_one_die_of_a_combined_move() -> None:
    live = live_game(Position.initial("short"), (6, 5), False)
    played = live.go(24, 13)
    assert [(s.src, s.dst, s.die) for s in played] == [(24, 18, 6), (18, 13, 5)]
    assert scene_for(live, VIEWER).dice_used == (6, 5)
    undone = live.undo()
    assert undone is not None and (undone.src, undone.dst, undone.die) == (18, 13, 5)
    assert live.turn().remaining_dice == (5,) and live.dice_used() == (6,)
    assert live.undo() is not None and live.undo() is None
    assert Variant(live.game.variant) is Variant.SHORT


async def test_go_and_undo_through_the_real_dispatcher(harness: Harness) -> None:
    """The service applies a destination button and Undo on the saved steps (with dice)."""
    h = harness
    game_id = await friend_game(h)
    chat = to_move(h)
    user = h.fake.user(chat, "X")

    async def press(act: Act) -> None:
        board = h.board(chat)
        data = next(d for _, d in game_buttons(board.buttons) if d.a is act)
        user.press(board, data.pack())
        await h.feed()

    async def saved_steps() -> list:
        row = await games.load_game(h.app.db, game_id)
        return json.loads(row.state_json)["steps"]

    if not any(d.a is Act.GO for _, d in game_buttons(h.board(chat).buttons)):
        await press(Act.PICK)  # many moves: choose the checker first
    await press(Act.GO)
    steps = await saved_steps()
    assert steps and all(len(step) == 3 and 1 <= step[2] <= 6 for step in steps)
    for _ in steps:
        await press(Act.UNDO)
    assert await saved_steps() == []
    assert not any(d.a is Act.UNDO for _, d in game_buttons(h.board(chat).buttons))
