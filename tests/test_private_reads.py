"""No test, benchmark or test kit reads a private attribute of the product (issue 37): a
name with one leading underscore that the product packages define (a function, a class, a
method, an attribute, a module global), reached from outside as `obj._name`, imported as
`from package.module import _name`, or named to `getattr`/`setattr`/`monkeypatch.setattr`.
A test goes through what the product makes public (a property, a method), or through
behaviour. `self._x`, `cls._x` and `super()._x` are a class's own; a private name only the
kit, the tests or the benchmarks define (the fake Bot API's own state) is theirs, but one
the product defines too is refused from outside a class even on the kit's objects: the
check cannot tell the two apart, so the kit names it publicly (`FakeTelegram.known_user`).
No allow-list."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("engine", "storage", "ai", "render", "i18n", "core", "bot", "web")
USERS = ("tests", "benchmarks", "testkit")
ACCESSORS = ("getattr", "setattr", "delattr", "hasattr")


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__") and len(name) > 1


def _files(root: Path, packages: tuple[str, ...]) -> Iterator[Path]:
    for package in packages:
        yield from sorted((root / package).rglob("*.py"))


def defined(paths: Iterator[Path]) -> set[str]:
    """The private names `paths` define: functions, classes, methods, assigned names and
    attributes (`self._x = …`)."""
    names: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.alias) and node.asname:
                names.add(node.asname)
    return {name for name in names if _private(name)}


def _own(node: ast.expr) -> bool:
    """`self`, `cls` or `super()`: a class reaching its own."""
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
        and node.func.id == "super"


def reads(path: Path, forbidden: set[str], root: Path) -> list[str]:
    """Each private read of the product in `path`: "file:line name"."""
    name = path.relative_to(root).as_posix()
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr in forbidden and not _own(node.value):
            found.append(f"{name}:{node.lineno} .{node.attr}")
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level \
                and node.module.split(".")[0] in PRODUCT:
            found += [f"{name}:{node.lineno} import {alias.name}" for alias in node.names
                      if _private(alias.name)]
        elif isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else \
                node.func.id if isinstance(node.func, ast.Name) else ""
            if called in ACCESSORS:
                found += [f"{name}:{node.lineno} {called} {arg.value}" for arg in node.args
                          if isinstance(arg, ast.Constant) and arg.value in forbidden]
    return found


def private_reads(root: Path) -> list[str]:
    """Every read of a private name of the product by a test, a benchmark or the kit."""
    forbidden = defined(_files(root, PRODUCT))
    return [hit for path in _files(root, USERS) for hit in reads(path, forbidden, root)]


def test_no_test_or_benchmark_reads_the_products_privates() -> None:
    assert private_reads(ROOT) == []


def test_a_private_read_is_found(tmp_path: Path) -> None:
    """The check itself: an attribute read, an import, a patch by name, a name the product
    and the kit both define; a name only the kit defines and a class's own `self._x`
    pass."""
    for package in (*PRODUCT, *USERS):
        (tmp_path / package).mkdir()
    (tmp_path / "render" / "compose.py").write_text(
        "_tiles = {}\n_queue = []\ndef _build(key): ...\nclass Door:\n"
        "    def __init__(self):\n        self._state = 1\n")
    (tmp_path / "testkit" / "fake.py").write_text(
        "class Fake:\n    def __init__(self):\n        self._queue, self._held = [], []\n")
    (tmp_path / "tests" / "test_x.py").write_text(
        "from render import compose\nfrom render.compose import _build\n"
        "def test(door, fake, monkeypatch):\n"
        "    assert door._state and not fake._held and compose.__name__\n"
        "    monkeypatch.setattr(compose, '_tiles', {})\n")
    (tmp_path / "benchmarks" / "b.py").write_text(
        "class B:\n    def __init__(self):\n        self._state = 2\n"
        "    def go(self):\n        return self._state + len(compose._tiles)\n")
    assert sorted(private_reads(tmp_path)) == [
        "benchmarks/b.py:5 ._tiles",
        "tests/test_x.py:2 import _build",
        "tests/test_x.py:4 ._state",
        "tests/test_x.py:5 setattr _tiles",
    ]
