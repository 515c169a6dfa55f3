"""Match files in the Jellyfish `.mat` text format (GNU Backgammon, eXtreme Gammon).

The layout follows GNU Backgammon's export, which its importer and eXtreme Gammon read:

    ; [Site "nard bot"]
    ; [EventDate "2026.11.29"]

     5 point match

     Game 1
     Ali : 0                        Vali : 0
      1)                             52: 13/8 13/11
      2) 64: 24/18 13/9              33: 8/5 8/5 6/3 6/3
      3)  Doubles => 2                Takes
      4) 65: 25/20 20/14*            41:
     ...
          Wins 1 point

* Comment lines `; [Tag "value"]` before the match line (Site, Event, EventDate,
  Variation, Jacoby, Beaver). Then ` N point match` (`0` is a money game: our single game
  with the cube, played without the Jacoby rule and without beavers, says so in tags).
* Each game: ` Game N`, the players with the match score before the game
  (` %-31s%s : %d`, seat 0 first), then numbered rows of two columns, seat 0 on the left
  (`%3d) %-27s `) and seat 1 on the right. When seat 1 starts, row 1's left is empty.
* A turn is `d1d2: ` and its steps one die at a time (`13/7 7/3`), each written from the
  mover's own side: points 24..1, 25 = the bar, 0 = borne off; `*` marks a hit. Steps come
  highest starting point first, as GNU Backgammon orders them, unless the rules need
  another order (then in the order played). Like GNU Backgammon, each of the first three
  steps is followed by a space (`52: 13/11 13/8 `), so the file is byte for byte GNU's,
  trailing spaces included. A roll that cannot be played is the dice alone (`41: `); so is
  a roll left unplayed because the game ended first: its player resigned or ran out of
  time, or the other player resigned (the roll stays in its roller's column).
* Cube actions take a turn's place: ` Doubles => 2`, ` Takes`, ` Drops`.
* The game's end: `Wins N point(s)` in the winner's column (on its own line at column 6
  for seat 0, at column 34 for seat 1; beside a drop or the loser's last cell in the left
  column, on the same row).
  N is the game's points with the cube. A game that ends by resignation or timeout has no
  other marker: the importer reads a win without a finished position as a resignation.

**Long nard** uses the same layout with the header line `; [Variation "Long Nard"]`. Points
are still each mover's own (24..1, 0 = off; long nard has no bar); a win is 1 or 3 points
(mars and home mars are 3). GNU Backgammon does not play long nard, so it cannot import
such a file; our reader does.

Names lose `:` and `,` (which the importers read as separators) and are cut to 31 bytes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, NamedTuple

from engine.dice import FixedDice
from engine.errors import EngineError
from engine.game import Game, MatchState, Phase
from engine.moves import Move, Step
from engine.position import BAR, CHECKERS, OFF, Position, Variant
from engine.resolve import resolve_move
from engine.result import KIND_POINTS, ResultKind, kind_points, loss_kind
from engine.turn import Turn

LONG_VARIATION = "Long Nard"
LEFT_WIDTH = 27  # the left column: "%3d) %-27s " puts the right column at 33
NAME_BYTES = 31


class MatError(EngineError):
    """A match file (or a game log) that cannot be written or read."""


# -- what goes in ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """One game as the engine logged it: `Game.history` and the score before it (by seat)."""

    history: Sequence[dict[str, Any]]
    score: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class MatchRecord:
    """A match to write: seat 0 is the left column (the first player named)."""

    variant: Variant
    length: int  # points to win; 1 = a single game
    names: tuple[str, str]
    games: Sequence[GameRecord]
    cube: bool = False  # a single game with the cube is money play: " 0 point match"
    site: str | None = None
    event: str | None = None
    day: date | None = None


# -- what comes out of a file --------------------------------------------------------------


class Action(NamedTuple):
    """One cell of a game: a turn, a cube action or the win."""

    seat: int
    kind: str  # "move" | "double" | "take" | "drop" | "win"
    dice: tuple[int, int] | None = None
    move: str = ""  # engine notation (`bar/22`, `6/off`); "" when nothing was played
    value: int = 0  # the cube offered (double) or the points won (win)


@dataclass(frozen=True)
class MatGame:
    number: int
    names: tuple[str, str]
    score: tuple[int, int]
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class MatFile:
    variant: Variant
    length: int  # 0 = a money game
    games: tuple[MatGame, ...]
    tags: dict[str, str] = field(default_factory=dict)


# -- writing -------------------------------------------------------------------------------


def write_mat(match: MatchRecord) -> str:
    """The match as `.mat` text (UTF-8 when saved; lines end with `\\n`)."""
    variant = Variant(match.variant)
    names = (_file_name(match.names[0], "Player 1"), _file_name(match.names[1], "Player 2"))
    money = match.length == 1 and match.cube
    out: list[str] = []
    for tag, value in (("Site", match.site), ("Event", match.event)):
        if value:
            out.append(f'; [{tag} "{_tag_value(value)}"]')
    if match.day is not None:
        out.append(f'; [EventDate "{match.day:%Y.%m.%d}"]')
    if variant is Variant.LONG:
        out.append(f'; [Variation "{LONG_VARIATION}"]')
    if money:
        out += ['; [Jacoby "Off"]', '; [Beaver "Off"]']
    out += ["", f" {0 if money else match.length} point match", ""]
    for number, game in enumerate(match.games, start=1):
        out.append(f" Game {number}")
        left = f"{names[0]} : {game.score[0]}"
        gap = "" if len(left) < 31 else " "
        out.append(f" {left:<31}{gap}{names[1]} : {game.score[1]}")
        out += _game_rows(variant, game.history)
        out.append("")
    return "\n".join(out) + "\n"


class _Cell(NamedTuple):
    seat: int
    text: str  # as GNU Backgammon writes it, trailing spaces included
    rolled_only: bool = False  # dice rolled and left unplayed (resigned, out of time)


def _game_rows(variant: Variant, history: Sequence[dict[str, Any]]) -> list[str]:
    """The numbered rows of one game, and its `Wins` line, byte for byte as GNU
    Backgammon's export writes them (its trailing spaces included)."""
    cells, win = _cells(variant, history)
    rows: list[list[_Cell | None]] = []
    for cell in cells:
        if not rows or rows[-1][1] is not None or cell.seat == 0:
            rows.append([None, None])
        rows[-1][cell.seat] = cell
    lines = [_row(number, left, right) for number, (left, right) in enumerate(rows, 1)]
    if win is None:
        return lines
    seat, points = win
    text = f"Wins {points} point{'' if points == 1 else 's'}"
    last = rows[-1] if rows else [None, None]
    if seat == 0:  # the left column's win: a line of its own
        lines.append(" " * 6 + text)
    elif last[1] is not None:  # after a cell in the right column: a line of its own
        lines.append(" " * 34 + text)
    elif last[0] is not None:  # beside the loser's last cell, in the right column
        if last[0].rolled_only:
            lines[-1] += " " * 24 + text
        elif last[0].text == " Drops":  # GNU Backgammon writes the drop's win with it
            lines[-1] = f"{len(rows):3d}) {last[0].text}{' ' * 23}{text} "
        else:
            lines[-1] += " " + text
    else:  # nothing was played
        lines.append(" " * 34 + text)
    return lines


def _row(number: int, left: _Cell | None, right: _Cell | None) -> str:
    """One numbered row: `%3d) %-27s ` and the right cell; an empty left column when seat 1
    begins; a roll left unplayed in the left column unpadded (GNU Backgammon's `%-3s`)."""
    if left is not None and left.rolled_only:
        return f"{number:3d}) {left.text}"
    head = f"{number:3d}) {left.text if left is not None else '':<{LEFT_WIDTH}} "
    return head + (right.text if right is not None else "")


def _cells(variant: Variant, history: Sequence[dict[str, Any]]) -> tuple[list[_Cell], Any]:
    """Replay the log through the engine: each turn's steps in playing order, the cube
    actions, a roll left unplayed when the game ended, and (seat, points) of the win."""
    position = Position.initial(variant)
    mover: int | None = None
    moved = [False, False]
    rolled: dict[int, tuple[int, int]] = {}
    cells: list[_Cell] = []
    cube = 1
    win = None
    for event in history:
        # Every event but the opening and the result names its seat.
        kind, seat = event.get("type"), event.get("seat", -1)
        if kind == "opening":
            mover = int(event["starter"])
        elif kind == "roll":
            rolled[seat] = (int(event["dice"][0]), int(event["dice"][1]))
        elif kind in ("move", "pass"):
            if seat != mover:
                raise MatError(f"a {kind} by seat {seat} out of turn")
            dice = rolled.pop(seat, None) or tuple(event["dice"])
            text = event.get("move", "") if kind == "move" else ""
            try:
                play = resolve_move(position, dice, text or Move(), first_turn=not moved[seat])
            except EngineError as exc:
                raise MatError(f"the log does not replay: {exc}") from None
            steps = _file_order(position, dice, play.move.steps, not moved[seat])
            cells.append(_Cell(seat, f"{dice[0]}{dice[1]}: {_steps_text(steps)}"))
            position, moved[seat], mover = play.after, True, 1 - seat
        elif kind == "double":
            cells.append(_Cell(seat, f" Doubles => {cube * 2}"))
        elif kind == "take":
            cube *= 2
            cells.append(_Cell(seat, " Takes"))
        elif kind == "drop":
            cells.append(_Cell(seat, " Drops"))
        elif kind in ("resign", "timeout") and rolled:
            # Rolled, then the game ended (the roller ran out of time or resigned, or the
            # other player resigned): the dice stay in the record, in the roller's column.
            roller, dice = rolled.popitem()
            cells.append(_Cell(roller, f"{dice[0]}{dice[1]}: ", rolled_only=True))
        elif kind == "result":
            win = (int(event["winner"]), int(event["points"]))
    return cells, win


def _file_order(position: Position, dice: tuple[int, int], steps: tuple[Step, ...],
                first_turn: bool) -> tuple[Step, ...]:
    """GNU Backgammon's order for a move's steps (highest starting point first) when it can
    be played in that order, else the engine's playing order (long nard's head and
    six-block rules can make order matter)."""
    ordered = tuple(sorted(steps, key=lambda s: (-s.src, -s.dst)))
    if ordered == steps:
        return steps
    turn = Turn(position, dice, first_turn=first_turn)
    try:
        for step in ordered:
            turn.play(step)
    except EngineError:
        return steps
    return ordered


def _steps_text(steps: Iterable[Step]) -> str:
    """The steps as GNU Backgammon writes them: each followed by a space but the fourth
    (`13/8 13/11 `, `6/2 6/2 6/2 6/2`)."""
    return "".join(f"{s.src}/{s.dst}{'*' if s.hit else ''}{' ' if i < 3 else ''}"
                   for i, s in enumerate(steps))


def _file_name(name: str, default: str) -> str:
    cleaned = " ".join(re.sub(r"[:,\x00-\x1f]", " ", name or "").split()) or default
    return cleaned.encode("utf-8")[:NAME_BYTES].decode("utf-8", "ignore").strip() or default


def _tag_value(value: str) -> str:
    return " ".join(value.replace('"', "'").split())


# -- reading -------------------------------------------------------------------------------

_TAG = re.compile(r'^[;#]\s*\[(\w[\w ]*?)\s+"(.*)"\]\s*$')
_MATCH_LINE = re.compile(r"^\s*(\d+)\s+[Pp]oint\s+[Mm]atch\b")
_GAME_LINE = re.compile(r"^\s*Game\s+(\d+)\s*$")
_PLAYERS = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s+(.*?)\s*:\s*(\d+)\s*$")
_NUMBER = re.compile(r"^\s*\d+\)")
_CELL_START = re.compile(r"[1-6][1-6]:|\b(?:Doubles|Beavers|Takes|Drops|Wins)\b", re.I)
_TURN = re.compile(r"^([1-6])([1-6]):\s*(.*)$")
_DOUBLE = re.compile(r"^(?:Doubles|Beavers)\s*(?:=>\s*(\d+))?", re.I)
_WIN = re.compile(r"^Wins\s+(\d+)\s+points?\b", re.I)
_STEP = re.compile(r"^(\d{1,2})/(\d{1,2})(\*?)$")
RIGHT_COLUMN = 20  # a cell starting at this column or later belongs to the right player


def read_mat(text: str) -> MatFile:
    """Parse `.mat` text (ours or another program's) into games of actions."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.splitlines()
    tags: dict[str, str] = {}
    length = None
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        tag = _TAG.match(line)
        if tag:
            tags[tag.group(1)] = tag.group(2)
            continue
        match = _MATCH_LINE.match(line)
        if match:
            length = int(match.group(1))
            break
    if length is None:
        raise MatError('not a match file: no "N point match" line')
    variant = _variant_of(tags)
    games: list[MatGame] = []
    while i < len(lines):
        game = _GAME_LINE.match(lines[i])
        i += 1
        if not game:
            continue
        while i < len(lines) and not lines[i].strip():
            i += 1
        players = _PLAYERS.match(lines[i]) if i < len(lines) else None
        if not players:
            raise MatError(f"line {i + 1}: expected the players and their scores")
        i += 1
        actions: list[Action] = []
        while i < len(lines) and lines[i].strip() and not _GAME_LINE.match(lines[i]):
            actions += _row_actions(lines[i], i + 1)
            i += 1
        games.append(MatGame(int(game.group(1)), (players.group(1), players.group(3)),
                             (int(players.group(2)), int(players.group(4))), tuple(actions)))
    return MatFile(variant, length, tuple(games), tags)


def _variant_of(tags: dict[str, str]) -> Variant:
    variation = tags.get("Variation", "Backgammon").strip().lower()
    if variation in ("backgammon", "short nard"):
        return Variant.SHORT
    if variation == LONG_VARIATION.lower():
        return Variant.LONG
    raise MatError(f"unsupported variation {tags['Variation']!r}")


def _row_actions(line: str, number: int) -> list[Action]:
    numbered = _NUMBER.match(line)
    start = numbered.end() if numbered else 0
    starts = [m.start() for m in _CELL_START.finditer(line, start)]
    if not starts:
        raise MatError(f"line {number}: cannot read {line.strip()!r}")
    if len(starts) > 2:
        raise MatError(f"line {number}: more than two cells in {line.strip()!r}")
    cells = []
    for k, begin in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(line)
        seat = 1 if begin >= RIGHT_COLUMN else 0
        if k == 1 and seat == 0:
            raise MatError(f"line {number}: the second cell starts in the left column")
        cells.append(_cell_action(line[begin:end].strip(), seat, number))
    return cells


def _cell_action(cell: str, seat: int, number: int) -> Action:
    turn = _TURN.match(cell)
    if turn:
        dice = (int(turn.group(1)), int(turn.group(2)))
        return Action(seat, "move", dice, _engine_notation(turn.group(3), number))
    double = _DOUBLE.match(cell)
    if double:
        return Action(seat, "double", value=int(double.group(1) or 0))
    lowered = cell.lower()
    if lowered.startswith("take"):
        return Action(seat, "take")
    if lowered.startswith("drop"):
        return Action(seat, "drop")
    win = _WIN.match(cell)
    if win:
        return Action(seat, "win", value=int(win.group(1)))
    raise MatError(f"line {number}: cannot read {cell!r}")


def _engine_notation(text: str, number: int) -> str:
    """`25/22 6/0 8/4*` as the engine writes it (`bar/22 6/off 8/4*`); "" for no move."""
    text = text.strip()
    if not text or text.lower().startswith("cannot move") or text.startswith("???"):
        return ""
    parts = []
    for token in text.split():
        step = _STEP.match(token)
        if not step:
            raise MatError(f"line {number}: cannot read the step {token!r}")
        src, dst = int(step.group(1)), int(step.group(2))
        if not (1 <= src <= BAR and OFF <= dst < src):
            raise MatError(f"line {number}: {token!r} is not a step from a higher point")
        parts.append(f"{'bar' if src == BAR else src}/{'off' if dst == OFF else dst}"
                     f"{step.group(3)}")
    return " ".join(parts)


# -- replaying a game through the engine ----------------------------------------------------


@dataclass(frozen=True)
class Replayed:
    """A game of a file played through the engine."""

    position: Position  # the final position, seen by seat 0
    winner: int | None
    points: int  # with the cube
    cube: int
    reason: str | None  # "borne_off" | "drop" | "resign" (resign or timeout) | None
    moves: tuple[tuple[int, tuple[int, int], str], ...]  # (seat, dice, move or "")


def replay(variant: Variant | str, game: MatGame) -> Replayed:
    """Play every action of `game` with the engine's rules; MatError at the first illegal
    one. Checks that turns alternate, cube values follow, and the `Wins` line agrees."""
    variant = Variant(variant)
    position = Position.initial(variant)  # from the mover's side
    mover: int | None = None
    moved = [False, False]
    cube, owner = 1, None
    offered: int | None = None  # the seat that doubled, while the answer is awaited
    winner, points, reason = None, 0, None
    unplayed = False  # the mover rolled and then gave up
    moves: list[tuple[int, tuple[int, int], str]] = []
    for n, action in enumerate(game.actions, 1):
        where = f"game {game.number}, action {n}"
        if winner is not None and action.kind != "win":
            raise MatError(f"{where}: the game is already over")
        if mover is None:
            mover = action.seat
        if action.kind == "move":
            if action.seat != mover or offered is not None or unplayed:
                raise MatError(f"{where}: seat {action.seat} moves out of turn")
            dice = action.dice or (0, 0)
            try:
                if action.move:
                    play = resolve_move(position, dice, action.move,
                                        first_turn=not moved[mover])
                else:
                    play = resolve_move(position, dice, Move(), first_turn=not moved[mover])
            except EngineError as exc:
                if action.move:
                    raise MatError(f"{where}: {action.move or 'no move'} with "
                                   f"{dice[0]}-{dice[1]}: {exc}") from None
                unplayed = True  # legal moves exist: the roll was left (resign, timeout)
                continue
            moves.append((mover, dice, str(play.move)))
            position, moved[mover] = play.after, True
            if position.opp[OFF] == CHECKERS:
                kind = loss_kind(position.swapped())
                winner, points = mover, kind_points(variant, kind) * cube
                reason = "borne_off"
            mover = 1 - mover
        elif action.kind == "double":
            if action.seat != mover or offered is not None or owner not in (None, mover):
                raise MatError(f"{where}: seat {action.seat} cannot double now")
            if action.value and action.value != cube * 2:
                raise MatError(f"{where}: the cube goes to {cube * 2}, not {action.value}")
            offered = mover
        elif action.kind == "take":
            if offered is None or action.seat == offered:
                raise MatError(f"{where}: a take without a double")
            cube, owner, offered = cube * 2, action.seat, None
        elif action.kind == "drop":
            if offered is None or action.seat == offered:
                raise MatError(f"{where}: a drop without a double")
            winner, points, reason = offered, cube, "drop"
        elif action.kind == "win":
            if winner is None:  # neither a bear-off nor a drop: the loser gave up
                if action.value % cube or not 1 <= action.value // cube <= 3:
                    raise MatError(f"{where}: a resignation at cube {cube} cannot be "
                                   f"worth {action.value}")
                winner, points, reason = action.seat, action.value, "resign"
            elif action.seat != winner or action.value != points:
                raise MatError(f"{where}: the file says seat {action.seat} wins "
                               f"{action.value}, the game gives seat {winner} {points}")
        else:
            raise MatError(f"{where}: unknown action {action.kind!r}")
    seat0 = position if mover in (None, 0) else position.swapped()
    return Replayed(seat0, winner, points, cube, reason, tuple(moves))


# -- a file's games as engine games ----------------------------------------------------------


def records_of(mat: MatFile) -> list[GameRecord]:
    """Play every game of a file with `engine.game.Game` (the inverse of `write_mat`).

    The file does not say the opening throw: short nard's first move gives it (the starter
    threw the higher die); in long nard the starter is given 6 against 1. The cube is on
    when the file is a money game or has a double. A `Wins` without a finished game is a
    resignation worth those points. MatError when a game does not play.
    """
    cube_on = mat.length == 0 or any(a.kind == "double" for g in mat.games for a in g.actions)
    length = max(mat.length, 1)
    records: list[GameRecord] = []
    crawford_played = False
    for mat_game in mat.games:
        score = mat_game.score
        at_edge = (score[0] == length - 1) != (score[1] == length - 1)
        crawford = length > 1 and at_edge and not crawford_played
        state = MatchState(length, score, crawford, crawford_played)
        crawford_played = crawford_played or crawford
        actions = mat_game.actions
        if not actions:
            continue
        starter = actions[0].seat
        if mat.variant is Variant.SHORT and actions[0].dice:
            high, low = max(actions[0].dice), min(actions[0].dice)
        else:
            high, low = 6, 1
        opening = (high, low) if starter == 0 else (low, high)
        game = Game.new(mat.variant, FixedDice(*opening), match=state, cube=cube_on)
        try:
            for action in actions:
                _apply(game, action)
        except EngineError as exc:
            raise MatError(f"game {mat_game.number}: {exc}") from None
        records.append(GameRecord(tuple(game.history), score))
    return records


def _apply(game: Game, action: Action) -> None:
    seat = action.seat
    if action.kind == "move":
        if game.phase is Phase.ROLL:
            game.roll(seat, action.dice or (0, 0))
            if game.history[-1]["type"] == "pass" or game.result is not None:
                return
        if action.move:
            game.play(seat, action.move)
        elif game.legal_plays():
            return  # rolled and left unplayed: the win that follows ends the game
        else:
            raise MatError("a pass the game did not make")
    elif action.kind == "double":
        game.double(seat)
    elif action.kind == "take":
        game.take(seat)
    elif action.kind == "drop":
        game.drop(seat)
    elif action.kind == "win":
        if game.result is None:
            kind = _kind_for(game, 1 - seat, action.value)
            game.resign(1 - seat, lambda _position, **_: kind)
        if game.result is None or game.result.points != action.value:
            raise MatError(f"the file says {action.value} points, the game gives "
                           f"{game.result.points if game.result else 0}")


def _kind_for(game: Game, loser: int, points: int) -> ResultKind:
    """The result kind a resignation worth `points` stands for."""
    value, rest = divmod(points, game.cube_value)
    kinds = [k for k, v in KIND_POINTS[game.variant].items() if v == value]
    if rest or not kinds:
        raise MatError(f"a game at cube {game.cube_value} cannot be worth {points} points")
    if ResultKind.HOME_MARS in kinds:  # long nard's 3: home mars when all 15 are home
        side = game.position_for(loser).me
        return ResultKind.HOME_MARS if sum(side[1:7]) == CHECKERS else ResultKind.MARS
    return kinds[0]
