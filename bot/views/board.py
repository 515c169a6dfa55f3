"""What each player sees of a game: the picture's scene, the caption and the buttons."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from aiogram.types import InlineKeyboardButton, InlineKeyboardMarkup

from bot.views.callbacks import Act, GameCb
from bot.views.clocks import clock_lines
from bot.views.fairness import commitment_line
from bot.views.recap import MAX_CAPTION, fit, recap_lines, utf16_len
from core import seen
from core.actions import ROLL_ALWAYS
from core.fullmoves import one_taps
from core.history import Event, has_decided, thrown
from core.live import Live
from core.timecontrol import TimeControl
from engine.game import Phase
from engine.moves import Step, seen_from_other_side
from engine.position import BAR, OFF
from i18n import Translator
from i18n.figures import local_notation
from i18n.people import People
from render.scene import Scene
from storage.models import Game as Row

POINTS_PER_ROW = 6
FULL_MOVES_PER_ROW = 2
# Up to this many moves of a single checker (`13→7`, `13→2`) are offered at once as buttons;
# with more, the player first chooses the checker. Three rows of six.
DIRECT_MOVES = 18


@dataclass(frozen=True)
class Viewer:
    """One person looking at a game: their seat, language and the names to show."""

    seat: int
    t: Translator
    names: tuple[str, str]  # by seat
    is_player: bool = True


@dataclass(frozen=True)
class GameTag:
    """What a board says of the event its game belongs to (a tournament's round, the
    arena's standing): a caption line, and whether "Play again" may be offered."""

    line: str
    rematch: bool = True


async def viewer_of(people: People, row: Row, seat: int) -> Viewer:
    """The player in `seat`, reading in their own language."""
    t = await people.seat_translator(row, seat)
    return Viewer(seat, t, await people.names(row, t))


def scene_for(live: Live, viewer: Viewer, selected: int | None = None,
              targets: tuple[int, ...] = ()) -> Scene:
    """The picture's scene for `viewer` (`core.seen.scene_for`)."""
    return seen.scene_for(live, viewer.seat, viewer.names, is_player=viewer.is_player,
                          selected=selected, targets=targets)


def recent(live: Live, viewer: Viewer) -> list[Event]:
    return seen.recent(live, viewer.seat, viewer.is_player)


def caption_for(live: Live, viewer: Viewer, *, deadline: datetime | None, now: datetime,
                computer_seat: int | None, tag: GameTag | None = None,
                control: TimeControl | None = None) -> str:
    """`control`: the game's time control (None: the host's move window)."""
    t, game, seat = viewer.t, live.game, viewer.seat
    lines = [t(f"variant-{game.variant.value}")]
    if game.match.length > 1:
        match = seen.final_match(live)
        me, them = match.score[seat], match.score[1 - seat]
        lines[0] += " · " + t("match-score", length=match.length, me=me, them=them)
        if game.phase is not Phase.OVER and game.match.crawford:
            lines.append(t("crawford-game"))
    if tag is not None:  # a tournament's game: which round (or the arena's standing)
        lines.append(tag.line)
    # The dice's commitment, published before the game (/seed, the last result), once more
    # on the first board: until the viewer has decided something (on a group's board,
    # until anybody has). Later boards leave it out; /seed shows it while the game goes on.
    committed = commitment_line(t, live, viewer.names) if _opening(live, viewer) else None
    if committed:
        lines.append(committed)
    tail = []
    if not viewer.is_player:  # a group's shared board: say whose side is where
        tail.append(t("group-sides", bottom=viewer.names[0], top=viewer.names[1]))
    tail.append(status_line(live, viewer, computer_seat))
    tail.extend(clock_lines(t, live, viewer.names, control=control, deadline=deadline,
                            now=now, computer_seat=computer_seat))
    # Everything since the viewer last acted, as much of it as Telegram's limit leaves room
    # for (the oldest lines give way first; /log has them all).
    fixed = sum(utf16_len(line) + 1 for line in (*lines, *tail))
    # Every move in the viewer's numbers (a group's board: seat 0's, like its picture).
    story = fit(recap_lines(recent(live, viewer), viewer.names, t, computer_seat,
                            reader=viewer.seat, variant=game.variant.value),
                MAX_CAPTION - fixed, t)
    return "\n".join([*lines, *story, *tail])


def _opening(live: Live, viewer: Viewer) -> bool:
    """Whether the board is still the game's first for the viewer: they have decided nothing
    yet (a move of their own choosing, a cube action); a group's board: nobody has."""
    seats = (viewer.seat,) if viewer.is_player else (0, 1)
    return not any(has_decided(live, seat) for seat in seats)


def status_line(live: Live, viewer: Viewer, computer_seat: int | None) -> str:
    """The caption's last line: whose turn it is and what to do, or that it is over."""
    t, game, seat = viewer.t, live.game, viewer.seat
    other = viewer.names[1 - seat] if viewer.is_player else viewer.names[game.to_act]
    if game.phase is Phase.OVER:
        match = seen.final_match(live)
        if match.length > 1 and match.winner is not None:
            won = match.winner
            return t("match-over", winner=viewer.names[won], won=match.score[won],
                     lost=match.score[1 - won])
        return t("game-over")
    mine = viewer.is_player and game.to_act == seat
    if game.phase is Phase.DOUBLED:
        doubler = viewer.names[game.seat]
        value = game.cube_value * 2
        return t("double-answer" if mine else "double-wait", name=doubler, value=value)
    if not viewer.is_player and game.phase is Phase.MOVE:
        d1, d2 = thrown(game.dice)
        return t("group-turn", name=other, d1=d1, d2=d2)
    if not mine:
        return t("waiting-for", name=other)
    if game.phase is Phase.ROLL:
        return t("your-roll")
    d1, d2 = thrown(game.dice)
    if live.pending is not None:  # played to its last die: sent by itself in a moment
        return t("your-move-pending", move=local_notation(t, str(live.turn().move())))
    if live.steps:
        return t("your-move-partial", d1=d1, d2=d2,
                 move=local_notation(t, str(live.turn().move())))
    # The buttons list whole steps (`13→7`) or first the checkers to move: say which.
    listed = all(data[1] is Act.GO for data in step_buttons(live, t))
    return t("your-move-listed" if listed else "your-move", d1=d1, d2=d2)


def point_label(t: Translator, point: int) -> str:
    if point == BAR:
        return t("point-bar")
    if point == OFF:
        return t("point-off")
    return str(point)


def path_label(t: Translator, path: tuple[Step, ...]) -> str:
    """A destination button's text: where the checker goes and every blot it hits on the
    way (`13→2`, `24→18*`, `13→7*→2`, `6→off`), so the label is the whole promise."""
    parts = [point_label(t, path[0].src)]
    for i, step in enumerate(path):
        if step.hit or i == len(path) - 1:
            parts.append(point_label(t, step.dst) + ("*" if step.hit else ""))
    return "→".join(parts)


ButtonSpec = tuple[str, Act, int, int]  # text, action, src, dst


def keyboard_for(live: Live, viewer: Viewer, game_id: int, version: int,
                 selected: int | None = None, web: InlineKeyboardButton | None = None,
                 rematch: bool = True, hint: bool = False, numbers_of: int | None = None
                 ) -> InlineKeyboardMarkup | None:
    """The buttons of `viewer`'s board message (`web`: the one opening the web board, on
    the last row); None when there is nothing to press. `rematch` False: no "Play again"
    on the finished game (a tournament's, while the tournament runs). `hint`: the game
    offers hints (`core.hints.offers_hints`): a Hint button beside Resign while the
    viewer chooses a move. `numbers_of`: the seat whose point numbers the move buttons'
    labels use (a group's board: seat 0, like its picture; None: the viewer's own); the
    data always names the mover's points."""
    game, t = live.game, viewer.t
    if not viewer.is_player:
        return None
    if game.phase is Phase.OVER:
        if not rematch:
            return game_markup(game_id, version, ((),), web) if web is not None else None
        return game_markup(game_id, version, (((t("btn-rematch"), Act.REMATCH, 0, 0),),), web)
    rows: list[tuple[ButtonSpec, ...]] = []
    if game.to_act == viewer.seat:
        if game.phase is Phase.ROLL:
            row = [(t("btn-roll"), Act.ROLL, 0, 0)]
            if game.can_double(viewer.seat):
                row.append((t("btn-double", value=game.cube_value * 2), Act.DOUBLE, 0, 0))
            rows.append(tuple(row))
            if game.can_double(viewer.seat):  # roll, and by itself for the rest of the game
                rows.append(((t("btn-roll-always"), Act.ROLL, ROLL_ALWAYS, 0),))
        elif game.phase is Phase.DOUBLED:
            rows.append(((t("btn-take"), Act.TAKE, 0, 0), (t("btn-drop"), Act.DROP, 0, 0)))
        elif selected is not None:
            targets = live.turn().destinations(selected)
            rows.extend(_chunks([(path_label(t, targets[dst]), Act.GO, selected, dst)
                                 for dst in sorted(targets, reverse=True)]))
            rows.append(((t("btn-back"), Act.BACK, 0, 0),))
        else:
            turn = live.turn()
            rows.extend(_one_tap_rows(live, t))
            rows.extend(_chunks(step_buttons(live, t)))
            extra = []
            if live.steps:
                extra.append((t("btn-undo"), Act.UNDO, 0, 0))
            if live.steps and turn.is_complete:
                extra.append((t("btn-done"), Act.DONE, 0, 0))
            if extra:
                rows.append(tuple(extra))
    last: tuple[ButtonSpec, ...] = ((t("btn-resign"), Act.RESIGN, 0, 0),)
    if hint and game.to_act == viewer.seat and game.phase is Phase.MOVE and selected is None \
            and not live.steps:  # a hint ranks the whole roll: before its first step
        last = ((t("btn-hint"), Act.HINT, 0, 0), *last)
    rows.append(last)
    if numbers_of is not None and numbers_of != viewer.seat:
        variant = game.variant.value
        rows = [tuple((seen_from_other_side(text, variant) if act in _MOVE_LABELS else text,
                       act, src, dst) for text, act, src, dst in row) for row in rows]
    return game_markup(game_id, version, tuple(rows), web)


_MOVE_LABELS = frozenset({Act.PICK, Act.GO, Act.FULL})  # labels that name points


def game_markup(game_id: int, version: int, rows: tuple[tuple[ButtonSpec, ...], ...],
            web: InlineKeyboardButton | None = None) -> InlineKeyboardMarkup:
    """A game keyboard, built anew each time: caching them (by game, version and buttons)
    was measured to buy nothing. A keyboard is asked for once per board drawn, and two
    boards rarely show the same one, while kept keyboards and buttons hold long-lived
    memory (docs/performance.md, "Cache sizes")."""
    keyboard = [[game_button(game_id, version, *spec) for spec in row] for row in rows]
    if web is not None:
        keyboard[-1].append(web)
    # Built without pydantic's validation (the model as validation would make it: a test
    # compares them), as the buttons are: a board's dozen models were a tenth of a press.
    return InlineKeyboardMarkup.model_construct(inline_keyboard=keyboard)


# What `InlineKeyboardButton.model_construct(text=..., callback_data=...)` makes, but for
# those two fields: every other field's default, no extra fields, the private `_bot` unset.
_BUTTON = InlineKeyboardButton.model_construct(text="", callback_data="")
_set = object.__setattr__


def _fresh(kept: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if kept is None else kept.copy()


def game_button(game_id: int, version: int, text: str, act: Act, src: int,
            dst: int) -> InlineKeyboardButton:
    """A game button: a text from the locale files and `game_data`, both strings made
    here, so pydantic's validation has nothing to check. Made as `model_construct` makes
    it, from the defaults it worked out once (`_BUTTON`): model_construct asks each of the
    button's fourteen fields for its default every time, a third of a board's keyboard."""
    button = InlineKeyboardButton.__new__(InlineKeyboardButton)
    values = _BUTTON.__dict__.copy()
    values["text"] = text
    values["callback_data"] = game_data(game_id, version, act, src, dst)
    _set(button, "__dict__", values)
    _set(button, "__pydantic_fields_set__", {"text", "callback_data"})
    _set(button, "__pydantic_extra__", _fresh(_BUTTON.__pydantic_extra__))
    _set(button, "__pydantic_private__", _fresh(_BUTTON.__pydantic_private__))
    return button


def game_data(game_id: int, version: int, act: Act, src: int = 0, dst: int = 0) -> str:
    """`GameCb(game=game_id, v=version, a=act, src=src, dst=dst).pack()`, written directly:
    a keyboard's buttons are made from the stored game and the engine's points, so the
    model's validation (a few microseconds a button, every board) has nothing to catch;
    a pressed button's data is still validated at the edge (`CallbackGuard`)."""
    return f"{GameCb.__prefix__}:{game_id}:{version}:{act.value}:{src}:{dst}"


def _one_tap_rows(live: Live, t: Translator) -> list[tuple[ButtonSpec, ...]]:
    """One button per way to finish the turn, when there are few (`8/5 6/5`, `bar/20 6/off`
    in the reader's words for the bar and off)."""
    labels = [(local_notation(t, str(option.move)), Act.FULL, index, 0)
              for index, option in enumerate(one_taps(live))]
    return [tuple(labels[i:i + FULL_MOVES_PER_ROW])
            for i in range(0, len(labels), FULL_MOVES_PER_ROW)]


def step_buttons(live: Live, t: Translator) -> list[ButtonSpec]:
    """The first press of a step: where the moves are few, each move itself (`13→7`);
    otherwise the points that can move, a point with a single destination as its move.
    Worked out once per state and language (the caption's status line and the keyboard
    both ask); the list is shared: read it only."""
    key = (len(live.game.history), tuple(live.steps), t.language)
    kept = live.memo.get("step-buttons")
    if kept is None or kept[0] != key:
        kept = live.memo["step-buttons"] = (key, _work_out_step_buttons(live, t))
    return kept[1]


def _work_out_step_buttons(live: Live, t: Translator) -> list[ButtonSpec]:
    turn = live.turn()
    sources = sorted({step.src for step in turn.legal_steps()}, reverse=True)
    targets = {src: turn.destinations(src) for src in sources}
    direct = sum(len(paths) for paths in targets.values()) <= DIRECT_MOVES
    out: list[ButtonSpec] = []
    for src in sources:
        paths = targets[src]
        if direct or len(paths) == 1:
            out.extend((path_label(t, paths[dst]), Act.GO, src, dst)
                       for dst in sorted(paths, reverse=True))
        else:
            out.append((point_label(t, src), Act.PICK, src, 0))
    return out


def resign_keyboard(viewer: Viewer, game_id: int, version: int,
                    number: int) -> InlineKeyboardMarkup:
    t = viewer.t
    # `src` names who asked (seat + 1): on a shared group board only they may confirm.
    # `dst` names the game of the match: a second tap must not resign the next game.
    yes = GameCb(game=game_id, v=version, a=Act.RESIGN_YES, src=viewer.seat + 1,
                 dst=number).pack()
    no = GameCb(game=game_id, v=version, a=Act.RESIGN_NO).pack()
    return InlineKeyboardMarkup(inline_keyboard=[[
        InlineKeyboardButton(text=t("btn-resign-yes"), callback_data=yes),
        InlineKeyboardButton(text=t("btn-resign-no"), callback_data=no),
    ]])


def _chunks(buttons: list[ButtonSpec]) -> list[tuple[ButtonSpec, ...]]:
    return [tuple(buttons[i:i + POINTS_PER_ROW]) for i in range(0, len(buttons), POINTS_PER_ROW)]
