"""Match files in the Jellyfish `.mat` text format (GNU Backgammon, eXtreme Gammon).

`write_mat` writes a short nard match byte for byte as GNU Backgammon 1.07 exports it
(`ExportGameJF`): tags, ` N point match`, per game ` Game N`, the players with the score
before it (` %-31s%s : %d`, padded by bytes), numbered rows of two cells (`%3d) %-27s `,
seat 0 left), a turn as `52: 13/11 13/8 ` (each mover's own points, 25 = bar, 0 = off,
steps highest first as its importer sorts them, `*` on the first step onto a blot, a space
after each of the first three), ` Doubles => 2`, ` Takes`, ` Drops`, and `Wins N point(s)`
where GNU puts it, beside a roll left unplayed too. Names lose `:` and `,` and are cut at
a word so GNU keeps them whole and reads the header back. Not GNU's: a money game's
(`0 point match`) tags `Jacoby` and `Beaver` "Off" (GNU neither writes nor reads them),
and long nard, which GNU does not play: the same layout, `; [Variation "Long Nard"]`.
`tests/engine/data/gnubg/` holds GNU Backgammon's exports the tests compare with.

`read_mat` reads such files (ours or another program's), `replay` plays a game through
the engine and `records_of` turns a file back into engine games.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import NamedTuple

from engine.dice import FixedDice
from engine.errors import EngineError
from engine.events import Event, pair
from engine.game import Game, MatchState, Phase
from engine.moves import Move, Step
from engine.position import BAR, CHECKERS, OFF, Position, Variant
from engine.resolve import resolve_move
from engine.result import KIND_POINTS, ResultKind, kind_points, loss_kind
from engine.turn import Turn

LONG_VARIATION = "Long Nard"
LEFT_WIDTH = 27  # the left column: "%3d) %-27s " puts the right column at 33
PLAYERS_WIDTH = 31  # the first player and score: " %-31s%s : %d"
NAME_BYTES = 31  # GNU Backgammon keeps this much of a name


class MatError(EngineError):
    """A match file (or a game log) that cannot be written or read."""


# -- what goes in ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """One game as the engine logged it: `Game.history` and the score before it (by seat)."""

    history: Sequence[Event]
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
    # GNU Backgammon keeps 31 bytes of a name. The left one is cut shorter, so that a space
    # follows its score in " %-31s%s : %d": without it GNU's importer misreads the line.
    left_bytes = PLAYERS_WIDTH - 1 - len(f" : {match.length - 1}")
    names = (_file_name(match.names[0], "Player 1", left_bytes),
             _file_name(match.names[1], "Player 2", NAME_BYTES))
    money = match.length == 1 and match.cube
    out: list[str] = []
    for tag, value in (("Site", match.site), ("Event", match.event)):
        if value:
            out.append(f'; [{tag} "{_tag_value(value)}"]\n')
    if match.day is not None:
        out.append(f'; [EventDate "{match.day:%Y.%m.%d}"]\n')
    if variant is Variant.LONG:
        out.append(f'; [Variation "{LONG_VARIATION}"]\n')
    if money:
        out += ['; [Jacoby "Off"]\n', '; [Beaver "Off"]\n']
    out.append(f"\n {0 if money else match.length} point match\n\n")
    for number, game in enumerate(match.games, start=1):
        out.append(f" Game {number}\n")
        # GNU Backgammon's " %-31s%s : %d": C pads by bytes, and not at all from 31 on.
        left = f"{names[0]} : {game.score[0]}"
        pad = " " * max(0, PLAYERS_WIDTH - len(left.encode("utf-8")))
        out.append(f" {left}{pad}{names[1]} : {game.score[1]}\n")
        out.append(_game_text(_records(variant, game.history)))
    return "".join(out)


class _Record(NamedTuple):
    """One of GNU Backgammon's move records, as its export reads them."""

    kind: str  # "move" | "double" | "take" | "drop" | "resign" | "dice" (rolled, unplayed)
    seat: int  # the mover, doubler, taker, dropper, resigner or roller
    text: str = ""  # a move's or the dice's cell: "52: 13/11 13/8 ", "31: "
    points: int = 0  # the points won: by a bear-off ending with this move, a drop, a resign


def _game_text(records: Sequence[_Record]) -> str:
    """One game's numbered rows and its `Wins` line, as GNU Backgammon 1.07's
    `ExportGameJF` writes them: `i` counts the cells (odd = the right column) and
    `rolled` is its `diceRolled`, a roll left unplayed just before."""
    out: list[str] = []
    i, rolled, cube = 0, False, 1
    for record in records:
        kind, wins = record.kind, _wins(record.points)
        if kind == "move":
            rolled, cell = False, record.text
        elif kind == "dice":
            rolled, cell = True, record.text
        elif kind == "double":
            cube *= 2
            cell = f" Doubles => {cube}"
        elif kind == "take":
            cell = " Takes"
        elif kind == "drop":
            cell = " Drops" + ("\n      " if i & 1 else " " * 23) + wins
        elif record.seat == 1:  # seat 1 resigns: the left column's win
            cell = ("\n" if (i & 1) ^ rolled else "") + " " * 6 + wins + "\n"
        else:  # seat 0 resigns: the right column's win
            cell = (" " if (i & 1) ^ rolled else " " * (24 if i & 1 else 34)) + wins + "\n"
        if i == 0 and kind == "move" and record.seat == 1:
            out.append(f"  1){'':29}")  # seat 1 begins: row 1's left cell stays empty
            i += 1
        if i & 1 or kind == "resign":
            out.append(cell if kind == "dice" else cell + "\n")
        elif kind == "dice":  # the left column's roll: GNU's "%3d) %-3s", no padding
            out.append(f"{(i >> 1) + 1:3d}) {cell}")
        else:
            out.append(f"{(i >> 1) + 1:3d}) {cell:<{LEFT_WIDTH}} ")
        if kind == "drop":
            out.append("\n" if i & 1 else "\n\n")
        if kind == "move" and record.points:  # borne off
            out.append(("" if i & 1 else "\n") + " " * (34 if i & 1 else 6) + wins + "\n\n")
        i += 1
    return "".join(out)


def _wins(points: int) -> str:
    return f"Wins {points} point{'' if points == 1 else 's'}"


def _records(variant: Variant, history: Sequence[Event]) -> list[_Record]:
    """Replay the log through the engine into GNU Backgammon's records: each turn's steps
    in its order, the cube actions, a roll left unplayed when the game ended (its roller
    resigned or ran out of time, or the other player resigned) and the resignation."""
    position = Position.initial(variant)
    mover: int | None = None
    moved = [False, False]
    rolled: dict[int, tuple[int, int]] = {}
    records: list[_Record] = []
    for event in history:
        kind = event["type"]
        if event["type"] == "opening":
            mover = int(event["starter"])
        elif event["type"] == "roll":
            rolled[event["seat"]] = pair(event["dice"])
        elif event["type"] == "move" or event["type"] == "pass":
            seat = event["seat"]
            if seat != mover:
                raise MatError(f"a {kind} by seat {seat} out of turn")
            dice = rolled.pop(seat, None) or pair(event["dice"])
            text = event["move"] if event["type"] == "move" else ""
            try:
                play = resolve_move(position, dice, text or Move(), first_turn=not moved[seat])
            except EngineError as exc:
                raise MatError(f"the log does not replay: {exc}") from None
            written = move_text(position, dice, play.move.steps, not moved[seat])
            records.append(_Record("move", seat, f"{dice[0]}{dice[1]}: {written}"))
            position, moved[seat], mover = play.after, True, 1 - seat
        elif event["type"] in ("double", "take", "drop"):
            records.append(_Record(event["type"], event["seat"]))
        elif event["type"] in ("resign", "timeout"):
            for roller, dice in rolled.items():  # the roll waiting to be played
                records.append(_Record("dice", roller, f"{dice[0]}{dice[1]}: "))
            rolled.clear()
            records.append(_Record("resign", event["seat"]))
        elif event["type"] == "result" and records:  # the points go with what ended the game
            records[-1] = records[-1]._replace(points=int(event["points"]))
    return records


def move_text(position: Position, dice: tuple[int, int], steps: tuple[Step, ...],
              first_turn: bool) -> str:
    """A move as a .mat file writes it: GNU Backgammon's order of the steps and its text
    (`8/4* 6/4 `)."""
    return _steps_text(position, _file_order(position, dice, steps, first_turn))


def _file_order(position: Position, dice: tuple[int, int], steps: tuple[Step, ...],
                first_turn: bool) -> tuple[Step, ...]:
    """GNU Backgammon's order for a move's steps: highest starting point first, then
    highest landing point (its `CanonicalMoveOrder`, which its importer applies). Long
    nard keeps the order played where its head and six-block rules need it."""
    ordered = tuple(sorted(steps, key=lambda s: (-s.src, -s.dst)))
    if ordered == steps or position.variant is Variant.SHORT:
        return ordered
    turn = Turn(position, dice, first_turn=first_turn)
    try:
        for step in ordered:
            turn.play(step)
    except EngineError:
        return steps
    return ordered


def _steps_text(position: Position, steps: Iterable[Step]) -> str:
    """The steps as GNU Backgammon's `FormatMovePlain` writes them: each followed by a
    space but the fourth (`13/11 13/8 `, `6/2 6/2 6/2 6/2`), and `*` on the first step to
    land where an opposing checker stood before the move."""
    parts, landed = [], set()
    for i, step in enumerate(steps):
        hit = step.dst != OFF and step.dst not in landed and position.opp_at(step.dst) > 0
        landed.add(step.dst)
        parts.append(f"{step.src}/{step.dst}{'*' if hit else ''}{' ' if i < 3 else ''}")
    return "".join(parts)


def _file_name(name: str, default: str, limit: int) -> str:
    """The name without the importers' separators (`:`, `,`), cut at a word (at a letter
    when its first word is too long) to `limit` bytes. GNU Backgammon itself cuts a name at
    byte 31, mid-word or mid-letter; a name we cut it keeps whole."""
    cleaned = " ".join(re.sub(r"[:,\x00-\x1f]", " ", name or "").split()) or default
    if len(cleaned.encode("utf-8")) <= limit:
        return cleaned
    head = cleaned.encode("utf-8")[:limit + 1].decode("utf-8", "ignore")
    words = head.rsplit(" ", 1)[0] if " " in head else ""
    return words or head.encode("utf-8")[:limit].decode("utf-8", "ignore") or default


def _tag_value(value: str) -> str:
    return " ".join(value.replace('"', "'").split())


# -- reading -------------------------------------------------------------------------------

_TAG = re.compile(r'^[;#]\s*\[(\w[\w ]*?)\s+"(.*)"\]\s*$')
_MATCH_LINE = re.compile(r"^\s*(\d+)\s+[Pp]oint\s+[Mm]atch\b")
_GAME_LINE = re.compile(r"^\s*Game\s+(\d+)\s*$")
# GNU Backgammon writes no space between the first score and the second name when the
# first name and score fill their 31 bytes.
_PLAYERS = re.compile(r"^\s*(.*?)\s*:\s*(\d+)\s*(.*?)\s*:\s*(\d+)\s*$")
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
    cells: list[Action] = []
    for k, begin in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(line)
        seat = 1 if begin >= RIGHT_COLUMN else 0
        action = _cell_action(line[begin:end].strip(), seat, number)
        # After a roll left unplayed, GNU Backgammon writes the win on the same line
        # ("  2) 64:       Wins 1 point", "31:  Wins 1 point"): a third cell, or a second
        # one in the left column, is that win.
        if k and action.kind != "win" and (k > 1 or seat == 0):
            raise MatError(f"line {number}: more than two cells, or the second one in the "
                           f"left column, in {line.strip()!r}")
        cells.append(action)
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
