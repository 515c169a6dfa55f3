"""One definition of each game option and refusal (core/options.py, core/actions.py), used by
both doors: the lengths, the levels and the cube's rule are not listed again anywhere, and
the refusal checks of the gate and the game service are the same functions."""

from __future__ import annotations

import ast
import typing
from datetime import UTC, datetime
from pathlib import Path

import pytest

import ai
from core.actions import Refusal, seat_or_refusal, turn_refusal
from core.live import Live
from core.options import BUSY, LENGTHS, LEVELS, TOURNAMENT_LENGTHS, check_options, with_cube
from engine.dice import FixedDice
from engine.errors import GameStateError
from engine.game import CUBE_VALUES, MAX_CUBE, Game, Reason
from engine.result import ResultKind
from render.scene import Kind
from render.scene import Reason as SceneReason
from storage.matchmaking import ANY_LENGTH, LENGTH_BITS
from storage.models import Game as Row

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "storage", "ai", "render", "i18n", "core", "bot", "web")
# Each list of values, and the one module allowed to spell it out.
DEFINED = {
    ("short", "long"): "engine/position.py",  # the variants: `VARIANTS`
    (1, 3, 5, 7): "engine/game.py",  # the lengths offered
    (1, 3, 5): "core/options.py",  # a tournament's, derived there from the offered ones
    tuple(ai.LEVELS["short"]): "ai/levels.py",
    tuple(kind.value for kind in ResultKind): "engine/result.py",
    tuple(reason.value for reason in Reason): "engine/game.py",
    CUBE_VALUES: "engine/game.py",
}


def _literals(tree: ast.AST) -> list[tuple[int, tuple[object, ...]]]:
    """Every tuple, list or set of constants written out in `tree`, with its line (a
    `Literal[...]` type is the type checker's spelling, checked against the engine below)."""
    typed = {id(node.slice) for node in ast.walk(tree) if isinstance(node, ast.Subscript)
             and getattr(node.value, "id", "") == "Literal"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple | ast.List | ast.Set) and node.elts \
                and id(node) not in typed \
                and all(isinstance(e, ast.Constant) for e in node.elts):
            found.append((node.lineno, tuple(e.value for e in node.elts)))  # type: ignore[attr-defined]
    return found


def repeats(root: Path) -> list[str]:
    """Where a value list of DEFINED, or the busy pair `(Busy, PlayerBusy)`, is written
    again outside its one place: "file:line"."""
    found = []
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            tree = ast.parse(path.read_text(encoding="utf-8"))
            found += [f"{name}:{line}" for line, values in _literals(tree)
                      if DEFINED.get(values, name) != name]
            found += [f"{name}:{node.lineno}" for node in ast.walk(tree)
                      if isinstance(node, ast.Tuple) and name != "core/options.py"
                      and {"Busy", "PlayerBusy"} <= {getattr(e, "id", "") for e in node.elts}]
    return found


def test_no_option_is_listed_twice() -> None:
    assert repeats(ROOT) == []


def test_a_repeat_is_found(tmp_path: Path) -> None:
    for package in PACKAGES:
        (tmp_path / package).mkdir()
    (tmp_path / "engine" / "game.py").write_text("OFFERED = (1, 3, 5, 7)\n")
    (tmp_path / "web" / "app.py").write_text(
        "LENGTHS = [1, 3, 5, 7]\ntry:\n    pass\nexcept (Busy, PlayerBusy):\n    pass\n")
    (tmp_path / "render" / "scene.py").write_text("CUBES = {1, 2, 4, 8, 16, 32, 64}\n")
    assert repeats(tmp_path) == ["render/scene.py:1", "web/app.py:1", "web/app.py:4"]


def test_the_options_are_the_rules() -> None:
    assert all(length % 2 == 1 for length in LENGTHS)  # a match cannot end level
    assert LEVELS == ai.LEVELS["short"] == ai.LEVELS["long"]
    assert set(LENGTH_BITS) == set(LENGTHS) and sum(LENGTH_BITS.values()) == ANY_LENGTH
    assert CUBE_VALUES[0] == 1 and CUBE_VALUES[-1] == MAX_CUBE
    # The picture's types name the engine's vocabulary, word for word.
    assert typing.get_args(Kind) == tuple(kind.value for kind in ResultKind)
    assert typing.get_args(SceneReason) == tuple(reason.value for reason in Reason)


def test_long_nard_never_gets_the_cube() -> None:
    assert with_cube("short", True) and not with_cube("short", False)
    assert not with_cube("long", True) and not with_cube("long", False)
    with pytest.raises(GameStateError):
        Game.new("long", FixedDice(6, 1), cube=True)


def test_busy_is_either_check() -> None:
    from core.games import Busy
    from storage.errors import PlayerBusy
    assert set(BUSY) == {Busy, PlayerBusy}


def _row(*, status: str = "active", version: int = 4) -> tuple[Row, Live]:
    live = Live(Game.new("short", FixedDice(6, 1)))  # seat 0 threw the 6: seat 0 moves
    now = datetime(2026, 1, 1, tzinfo=UTC)
    row = Row(id=1, variant=live.game.variant, players=(10, 20), level=None, match_length=1,
              cube=False, rated=True, status=status,  # type: ignore[arg-type]
              state_json=live.dump(), version=version, deadline=None, winner_seat=None,
              result=None, points=None, created_at=now, updated_at=now, finished_at=None)
    return row, live


def test_the_refusals_of_a_stored_game() -> None:
    row, live = _row()
    assert live.game.to_act == 0
    assert seat_or_refusal(row, 30) is Refusal.NOT_PLAYER
    assert seat_or_refusal(row, 20) == 1 and seat_or_refusal(row, 10) == 0
    assert seat_or_refusal(_row(status="finished")[0], 10) is Refusal.FINISHED
    assert turn_refusal(row, 0, 3) is Refusal.STALE  # older
    assert turn_refusal(row, 0, 5, live) is Refusal.STALE  # never shown
    assert turn_refusal(row, 1, 4) is Refusal.NOT_YOUR_TURN
    assert turn_refusal(row, 0, 4) is None and turn_refusal(row, 0, 4, live) is None


def test_a_tournament_offers_the_game_lengths_up_to_five() -> None:
    """One definition of the match lengths: a tournament's are the offered ones, cut."""
    assert TOURNAMENT_LENGTHS == (1, 3, 5)
    assert tuple(n for n in LENGTHS if n <= 5) == TOURNAMENT_LENGTHS
    options = {"variant": "short", "format": "knockout", "cube": False, "capacity": 8,
               "minutes": None, "control": None}
    assert [n for n in LENGTHS if _plays(length=n, **options)] == list(TOURNAMENT_LENGTHS)


def _plays(**options: typing.Any) -> bool:
    try:
        check_options(**options)
    except ValueError:
        return False
    return True
