"""Game analysis: every decision of a finished game, with the equity each player lost.

Pure and synchronous (the bot runs it in a worker process). The input is the game's engine
history, exactly as the move log stores it (`moves.data`, one engine event per line): the
game is replayed through `engine.game.Game` and each decision point is found on the way.

* A **checker decision** is a roll with more than one legal play (a forced move or a pass
  is no decision). Every legal play is ranked with `ai.rank_plays` (short nard: Open Sage
  where bgsage is installed, else our network; long nard: our network; at `ply`, 2 by
  default); the equity lost is best minus played, in cubeless points per game for the
  mover (mars and koks count 2 and 3).
* A **cube decision** (cube games) is a double, its take or drop, and a roll without a
  double when the player could double and doubling was right or close: no double is
  within `CLOSE` of the better of double/take and double/pass (GNU Backgammon's "close
  cube decision"). Equities come from `ai.cube_equities` (cubeful, per unit of the cube on
  the table): doubling is worth min(double/take, double/pass) (the opponent answers right),
  taking is -double/take and dropping -double/pass for the player doubled.

Figures per player (`Figures`): the error rate is 1000 x the mean equity lost per decision
(checker and cube decisions counted alike), GNU Backgammon's "error rate (mEMG)"; a decision
that lost at least `INACCURACY` (gnubg's "doubtful") is an inaccuracy, at least `ERROR`
("bad") an error, at least `BLUNDER` ("very bad") a blunder, each counted once at its worst.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.dice import FixedDice
from engine.events import (
    DoubleEvent,
    DropEvent,
    Event,
    MoveEvent,
    RollEvent,
    TakeEvent,
    loaded,
    pair,
    result_of,
)
from engine.game import Game, GameResult, MatchState, Phase, Reason
from engine.numbering import line_numbers
from engine.position import Position, Variant
from engine.result import ResultKind

INACCURACY = 0.04  # gnubg's "doubtful" threshold, equity per decision
ERROR = 0.08  # gnubg's "bad"
BLUNDER = 0.16  # gnubg's "very bad"
CLOSE = 0.16  # a no-double counts as a decision when doubling is at most this much worse
TIE = 1e-6  # equities closer than this are the same choice (no cube error)

CHECKER, DOUBLE, TAKE = "checker", "double", "take"
# Cube actions, as `played` / `best` of a cube decision.
NO_DOUBLE, DOUBLED, TAKES, DROPS = "no_double", "double", "take", "drop"
CubeArgs = dict[str, Any]
# The events `replay` stops at: what a player did (the engine adds passes and the result).
Action = RollEvent | MoveEvent | DoubleEvent | TakeEvent | DropEvent


@dataclass(frozen=True)
class Spot:
    """A decision found in the game, not evaluated yet (cheap to pickle)."""

    index: int  # 0, 1, … in the order of the game
    turn: int  # its line in the move list (engine.numbering): a turn and its reply share one
    seat: int  # who decided
    kind: str  # CHECKER | DOUBLE | TAKE
    position: Position  # seen by the player who decided (`me`)
    dice: tuple[int, int] | None  # the roll of a checker decision
    played: str  # the move's notation, or a cube action
    first_turn: bool = False  # long nard's head-rule exception applies
    cube: CubeArgs = field(default_factory=dict)  # the doubler's cube situation (cube spots)
    cube_value: int = 1
    cube_owner: int | None = None  # the seat owning the cube, None when centred


@dataclass(frozen=True)
class Decision:
    """One evaluated decision: what was played, what was best, and both equities."""

    index: int
    turn: int
    seat: int
    kind: str
    position: Position  # seen by the player who decided
    dice: tuple[int, int] | None
    played: str
    best: str
    played_equity: float
    best_equity: float
    cube_value: int = 1
    cube_owner: int | None = None

    @property
    def loss(self) -> float:
        return max(0.0, self.best_equity - self.played_equity)

    @property
    def grade(self) -> str | None:
        return grade(self.loss)


def grade(loss: float) -> str | None:
    """"blunder", "error", "inaccuracy" or None for an equity loss (the worst it reaches)."""
    if loss >= BLUNDER:
        return "blunder"
    if loss >= ERROR:
        return "error"
    if loss >= INACCURACY:
        return "inaccuracy"
    return None


def cube_error(decision: Decision) -> str | None:
    """"missed_double", "wrong_double", "wrong_take", "wrong_drop" or None."""
    if decision.kind == CHECKER or decision.loss <= TIE:
        return None
    if decision.kind == DOUBLE:
        return "missed_double" if decision.played == NO_DOUBLE else "wrong_double"
    return "wrong_take" if decision.played == TAKES else "wrong_drop"


@dataclass(frozen=True)
class Figures:
    """One player's figures for a game."""

    seat: int
    decisions: int = 0
    total_loss: float = 0.0
    inaccuracies: int = 0
    errors: int = 0
    blunders: int = 0
    missed_doubles: int = 0
    wrong_doubles: int = 0
    wrong_takes: int = 0
    wrong_drops: int = 0

    @property
    def error_rate(self) -> float:
        """1000 x the mean equity lost per decision (0 without decisions)."""
        return error_rate(self.total_loss, self.decisions)

    @property
    def cube_errors(self) -> int:
        return self.missed_doubles + self.wrong_doubles + self.wrong_takes + self.wrong_drops


def error_rate(total_loss: float, decisions: int) -> float:
    """GNU Backgammon's error rate (mEMG): 1000 x equity lost / decisions."""
    return 1000.0 * total_loss / decisions if decisions else 0.0


def figures(decisions: Iterable[Decision], seat: int) -> Figures:
    mine = [d for d in decisions if d.seat == seat]
    grades = [d.grade for d in mine]
    cube = [cube_error(d) for d in mine]
    return Figures(
        seat=seat, decisions=len(mine), total_loss=sum(d.loss for d in mine),
        inaccuracies=grades.count("inaccuracy"), errors=grades.count("error"),
        blunders=grades.count("blunder"), missed_doubles=cube.count("missed_double"),
        wrong_doubles=cube.count("wrong_double"), wrong_takes=cube.count("wrong_take"),
        wrong_drops=cube.count("wrong_drop"))


def worst(decisions: Iterable[Decision], seat: int, count: int = 3) -> list[Decision]:
    """The player's `count` costliest mistakes (at least an inaccuracy), worst first."""
    mine = [d for d in decisions if d.seat == seat and d.loss >= INACCURACY]
    return sorted(mine, key=lambda d: (-d.loss, d.index))[:count]


# -- finding the decisions ------------------------------------------------------------------


def match_state(length: int, earlier: Sequence[Sequence[Event]]) -> MatchState:
    """The match state before a game, from the histories of the games before it."""
    state = MatchState(length)
    for history in earlier:
        end = result_of(history)
        if end is None:
            raise ValueError("an earlier game of the match has no result")
        state = state.after(GameResult(int(end["winner"]), ResultKind(end["kind"]), 1,
                                       int(end["points"]), Reason(end["reason"])))
    return state


def cube_args(game: Game) -> CubeArgs:
    """The cube situation from the side of the seat on roll, as `ai.cube_equities` wants it
    (a single game with the cube is money play: match length 0)."""
    seat, match = game.seat, game.match
    owner = "center" if game.cube_owner is None else ("me" if game.cube_owner == seat else "opp")
    single = match.length == 1
    return {"cube_value": game.cube_value, "cube_owner": owner,
            "match_length": 0 if single else match.length,
            "score": (0, 0) if single else (match.score[seat], match.score[1 - seat]),
            "crawford": match.crawford}


def replay(variant: Variant | str, history: Sequence[Event], *,
           match: MatchState | None = None, cube: bool = False
           ) -> Iterator[tuple[int, Action, Game]]:
    """Replay the game whose engine `history` is given: each action's (line in the move
    list, event, game just before it); the action is applied once the caller moves on.

    A history that does not replay raises the engine's error. The replay stops at a
    resignation or a timeout (nothing is decided after it). The game is the same object
    throughout: read it before asking for the next event.
    """
    events = loaded(dict(e) for e in history)
    opening = events[0] if events else None
    if opening is None or opening["type"] != "opening":
        raise ValueError("a game's history starts with its opening throws")
    throws = [die for tie in opening.get("ties", ()) for die in tie] + list(opening["dice"])
    game = Game.new(variant, FixedDice(*throws), match=match, cube=cube)
    numbers = line_numbers(events)  # a decision's `turn` is its line in the move list
    while len(game.history) < len(events) and game.phase is not Phase.OVER:
        event = events[len(game.history)]
        if event["type"] == "resign" or event["type"] == "timeout":
            return
        if event["type"] == "opening" or event["type"] == "pass" or event["type"] == "result":
            raise ValueError(f"the history has {event['type']!r} where an action was due")
        yield numbers[len(game.history)], event, game
        seat = event["seat"]
        if event["type"] == "roll":
            game.roll(seat, pair(event["dice"]))
        elif event["type"] == "move":
            game.play(seat, event["move"])
        elif event["type"] == "double":
            game.double(seat)
        elif event["type"] == "take":
            game.take(seat)
        elif event["type"] == "drop":
            game.drop(seat)
        else:
            raise ValueError(f"the history has an unknown event {event['type']!r}")
        if len(game.history) > len(events) or game.history != events[:len(game.history)]:
            raise ValueError(f"the history does not replay at event {len(game.history)}")


def spots(variant: Variant | str, history: Sequence[Event], *,
          match: MatchState | None = None, cube: bool = False) -> list[Spot]:
    """Every decision of the game whose engine `history` is given, in order (`replay`)."""
    found: list[Spot] = []
    for turn, event, game in replay(variant, history, match=match, cube=cube):
        kind, seat = event["type"], event["seat"]
        here: dict[str, Any] = {"turn": turn, "seat": seat, "cube_value": game.cube_value,
                                "cube_owner": game.cube_owner}
        if kind == "roll" and game.can_double(seat):
            spot = Spot(len(found), kind=DOUBLE, position=game.position, dice=None,
                        played=NO_DOUBLE, cube=cube_args(game), **here)
        elif event["type"] == "move" and len({p.after for p in game.legal_plays()}) > 1:
            spot = Spot(len(found), kind=CHECKER, position=game.position, dice=game.dice,
                        played=event["move"], first_turn=game.first_turn, **here)
        elif kind == "double":
            spot = Spot(len(found), kind=DOUBLE, position=game.position, dice=None,
                        played=DOUBLED, cube=cube_args(game), **here)
        elif kind in ("take", "drop"):
            spot = Spot(len(found), kind=TAKE, position=game.position.swapped(), dice=None,
                        played=TAKES if kind == "take" else DROPS, cube=cube_args(game),
                        **here)
        else:
            continue
        found.append(spot)
    return found


def find_spots(variant: str, history: Sequence[Event], match: MatchState | None,
               cube: bool) -> list[Spot]:
    """`spots` with positional arguments, for an executor (which passes no keywords)."""
    return spots(variant, history, match=match, cube=cube)


# -- evaluating them ------------------------------------------------------------------------


Rank = Callable[..., list[tuple[Any, float]]]
CubeEquities = Callable[..., Mapping[str, Any]]


def evaluate(spot: Spot, ply: int = 2, *, rank: Rank | None = None,
             cube_equities: CubeEquities | None = None) -> Decision | None:
    """The equities of the played and the best choice at `spot`; None for a roll without a
    double where doubling was clearly wrong (no decision: it does not count).

    `rank` and `cube_equities` default to `ai.rank_plays` and `ai.cube_equities` (tests
    may pass others). Cube decisions use the strongest cube level at ply >= 2.
    """
    if spot.kind == CHECKER:
        return _checker(spot, ply, rank)
    return _cube(spot, ply, cube_equities)


def _checker(spot: Spot, ply: int, rank: Rank | None) -> Decision:
    if rank is None:
        from ai.analysis import rank_plays
        rank = rank_plays
    assert spot.dice is not None
    ranked = rank(spot.position, spot.dice, ply, first_turn=spot.first_turn)
    played_after = _after(spot)
    played = next(((p, v) for p, v in ranked if p.after == played_after), None)
    if played is None:
        raise ValueError(f"{spot.played} is not among the legal plays")
    best = ranked[0]
    return Decision(spot.index, spot.turn, spot.seat, spot.kind, spot.position, spot.dice,
                    spot.played, str(best[0].move), played[1], best[1], spot.cube_value,
                    spot.cube_owner)


def _after(spot: Spot) -> Position:
    from engine.resolve import resolve_move

    assert spot.dice is not None
    return resolve_move(spot.position, spot.dice, spot.played, first_turn=spot.first_turn).after


def _cube(spot: Spot, ply: int, cube_equities: CubeEquities | None) -> Decision | None:
    if cube_equities is None:
        from ai.cube import cube_equities as default_cube_equities
        cube_equities = default_cube_equities
    from ai.levels import LEVELS

    doubler_view = spot.position if spot.kind == DOUBLE else spot.position.swapped()
    level = "master" if ply >= 2 else LEVELS[doubler_view.variant.value][-2]
    eq = cube_equities(doubler_view, level=level, **spot.cube)
    nd, dt, dp = float(eq["no_double"]), float(eq["double_take"]), float(eq["double_pass"])
    if spot.kind == DOUBLE:
        options = {NO_DOUBLE: nd, DOUBLED: min(dt, dp)}
    else:  # the player doubled: their equity is the doubler's, negated
        options = {TAKES: -dt, DROPS: -dp}
    best = max(options, key=lambda k: options[k])
    if abs(options[best] - options[spot.played]) <= TIE:
        best = spot.played
    if spot.played == NO_DOUBLE and options[NO_DOUBLE] - options[DOUBLED] >= CLOSE:
        return None  # a routine no double: not a decision
    return Decision(spot.index, spot.turn, spot.seat, spot.kind, spot.position, None,
                    spot.played, best, options[spot.played], options[best], spot.cube_value,
                    spot.cube_owner)


def engine_name(variant: Variant | str, ply: int = 2) -> str:
    """Which evaluator `evaluate` uses for checker play: "bgsage-2ply" or "network-2ply"."""
    from ai import sage

    short = Variant(variant) is Variant.SHORT
    return f"{'bgsage' if short and sage.available() else 'network'}-{ply}ply"


def review(variant: Variant | str, history: Sequence[Event], *,
           match: MatchState | None = None, cube: bool = False, ply: int = 2,
           progress: Callable[[int, int], None] | None = None) -> list[Decision]:
    """Every decision of the game, evaluated (the whole analysis in one call)."""
    found = spots(variant, history, match=match, cube=cube)
    out = []
    for i, spot in enumerate(found):
        decision = evaluate(spot, ply)
        if decision is not None:
            out.append(decision)
        if progress is not None:
            progress(i + 1, len(found))
    return out
