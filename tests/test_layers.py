"""The import map of docs/architecture.md ("The layers"), checked: every import of the
project's packages (those inside functions and under TYPE_CHECKING too) stays within what
the docs' layer table allows, so a crossing fails here before a reader finds it; and the
map the docs print is the map of the code."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
_NAME = re.compile(r"`(\w+)/?`")


def _layers_section(text: str) -> str:
    return text.split("\n## The layers\n", 1)[1].split("\n## ", 1)[0]


def documented_layers(text: str) -> dict[str, frozenset[str]]:
    """What each package may import of the project, read from the layer table of
    architecture.md's "The layers": the packages named in a row's second column (before
    any parenthesis), "nothing", or "all of the above" (the rows above it), "but" some."""
    allowed: dict[str, frozenset[str]] = {}
    for row in _layers_section(text).splitlines():
        if not row.startswith("| `"):
            continue
        packages, imports = (cell.strip() for cell in row.strip("|").split("|")[:2])
        imports = imports.split("(")[0]
        if imports.startswith("all of the above"):
            but = imports.split(" but ", 1)[1] if " but " in imports else ""
            found = set(allowed) - set(_NAME.findall(but))
        else:
            found = set(_NAME.findall(imports))
        for package in _NAME.findall(packages):
            allowed[package] = frozenset(found)
    return allowed


def documented_map(text: str) -> list[str]:
    """The lines of the import map the docs print ("engine   -> -", …)."""
    block = _layers_section(text).split("including those inside functions:\n\n```\n", 1)[1]
    return block.split("```", 1)[0].splitlines()


# What each package may import of the project: docs/architecture.md's layer table.
ALLOWED: dict[str, frozenset[str]] = documented_layers(DOC.read_text(encoding="utf-8"))
# The one crossing between the doors: the process's entry starts both.
ENTRY = {"bot/launch.py": frozenset({"web"})}
# Outside packages that belong to some layers only: the Bot API's (aiogram) to the
# Telegram door, and to the web door's check of Telegram's init data; HTTP to the doors.
OUTSIDE: dict[str, tuple[str, ...]] = {
    "aiogram": ("bot/", "web/auth.py", "testkit/"),
    "aiohttp": ("bot/", "web/", "testkit/"),
}
# Above every layer, the two users of the kit: what each must never import (the kit is
# theirs to share, so it imports neither; a benchmark takes its helpers from the kit).
USERS: dict[str, frozenset[str]] = {
    "testkit": frozenset({"tests", "benchmarks"}),
    "benchmarks": frozenset({"tests"}),
}


def imported(path: Path) -> set[str]:
    """The top-level names `path` imports (absolute imports; a relative one is its own
    package's)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def crossings(root: Path) -> list[str]:
    """Every import under `root` that crosses a layer: "file -> package"."""
    found = []
    for package, never in USERS.items():
        for path in sorted((root / package).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            found += [f"{name} -> {target}" for target in sorted(imported(path) & never)]
    for package, allowed in ALLOWED.items():
        for path in sorted((root / package).rglob("*.py")):
            name = path.relative_to(root).as_posix()
            for target in sorted(imported(path)):
                layer_crossed = target in ALLOWED and target != package \
                    and target not in allowed and target not in ENTRY.get(name, ())
                outside_crossed = target in OUTSIDE and not name.startswith(OUTSIDE[target])
                if layer_crossed or outside_crossed:
                    found.append(f"{name} -> {target}")
                elif package == "engine" and target not in sys.stdlib_module_names \
                        and target != "engine":
                    found.append(f"{name} -> {target} (engine: standard library only)")
    return found


def test_no_import_crosses_a_layer() -> None:
    assert crossings(ROOT) == []


def test_every_package_of_the_project_has_its_layer() -> None:
    packages = {path.parent.name for path in ROOT.glob("*/__init__.py")}
    assert packages - {"tests", "benchmarks"} == set(ALLOWED)


def test_a_crossing_is_found(tmp_path: Path) -> None:
    """The check itself: a door importing the other, the core importing aiogram, the
    engine importing a third-party package, an import hidden in a function."""
    for package in ALLOWED:
        (tmp_path / package).mkdir()
    (tmp_path / "web" / "app.py").write_text("def f():\n    from bot.app import build\n")
    (tmp_path / "bot" / "launch.py").write_text("import web.app\n")  # the entry: allowed
    (tmp_path / "bot" / "app.py").write_text("from web.app import WebDoor\n")
    (tmp_path / "core" / "games.py").write_text("from aiogram import Bot\nimport i18n\n")
    (tmp_path / "engine" / "game.py").write_text("import numpy\nfrom engine import dice\n")
    (tmp_path / "storage" / "db.py").write_text("from core.games import GameService\n")
    (tmp_path / "core" / "timers.py").write_text("from testkit.clocks import FakeClock\n")
    (tmp_path / "testkit").mkdir(exist_ok=True)
    (tmp_path / "testkit" / "harness.py").write_text(
        "import aiogram\nfrom bot.app import build\nfrom tests.conftest import ENGINES\n")
    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "benchmarks" / "soak.py").write_text(
        "from testkit.driver import choose\nfrom tests.support import x\n")
    assert sorted(crossings(tmp_path)) == [
        "benchmarks/soak.py -> tests",
        "bot/app.py -> web",
        "core/games.py -> aiogram",
        "core/games.py -> i18n",
        "core/timers.py -> testkit",
        "engine/game.py -> numpy (engine: standard library only)",
        "storage/db.py -> core",
        "testkit/harness.py -> tests",
        "web/app.py -> bot",
    ]


def test_the_layer_table_is_read() -> None:
    """The table as the docs write it, read back (so a reworded row cannot pass unread)."""
    doors = frozenset({"engine", "storage", "ai", "render", "i18n", "core"})
    assert {
        "engine": frozenset(),
        "storage": frozenset({"engine"}),
        "ai": frozenset({"engine"}),
        "render": frozenset({"engine"}),
        "i18n": frozenset({"storage"}),
        "core": frozenset({"engine", "storage", "ai", "render"}),
        "bot": doors,
        "web": doors,
        "testkit": doors | {"bot", "web"},
    } == ALLOWED
    # The doors side by side: neither may import the other (but the process's entry).
    assert "web" not in ALLOWED["bot"] and "bot" not in ALLOWED["web"]
    # The kit above everything: no product package may import it.
    assert all("testkit" not in allowed for allowed in ALLOWED.values())


def test_the_printed_map_is_the_code_s() -> None:
    """The map docs/architecture.md prints is what its snippet prints today."""
    order = [line.split()[0] for line in documented_map(DOC.read_text(encoding="utf-8"))]
    assert sorted(order) == sorted(ALLOWED)
    lines = []
    for package in order:
        uses = set()
        for path in (ROOT / package).rglob("*.py"):
            uses |= imported(path)
        shown = sorted(uses & ({*ALLOWED, "aiogram"} - {package}))
        lines.append(f"{package:8} -> {', '.join(shown) or '-'}")
    assert lines == documented_map(DOC.read_text(encoding="utf-8"))


# The core's tests drive the core alone: no door, nor a door's libraries, directly or
# through a helper they import (the test kit's, or another module of the tests).
CORE_TESTS = "tests/core"
DOORS = frozenset({"bot", "web", "aiogram", "aiohttp"})
HELPERS = frozenset({"tests", "testkit"})  # followed to what they import in turn


def _modules(path: Path) -> set[str]:
    """The dotted names `path` imports (absolute imports), with each `from a import b`
    also as `a.b` (b may be a module)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def _source(root: Path, module: str) -> Path | None:
    base = root.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def door_reaches(root: Path, folder: str = CORE_TESTS) -> list[str]:
    """Each module under `folder` that imports a door, directly or through the test
    helpers it imports (any depth): "file -> door (via module, …)"."""
    found = []
    for path in sorted((root / folder).rglob("*.py")):
        seen: set[Path] = set()
        queue: list[tuple[Path, tuple[str, ...]]] = [(path, ())]
        while queue:
            current, via = queue.pop()
            if current in seen:
                continue
            seen.add(current)
            for module in sorted(_modules(current)):
                top = module.split(".")[0]
                if top in DOORS:
                    chain = f" (via {', '.join(via)})" if via else ""
                    found.append(f"{path.relative_to(root).as_posix()} -> {top}{chain}")
                elif top in HELPERS and (source := _source(root, module)) is not None:
                    queue.append((source, (*via, module)))
    return sorted(set(found))


def test_the_cores_tests_reach_no_door() -> None:
    assert door_reaches(ROOT) == []


def test_a_door_reached_by_the_cores_tests_is_found(tmp_path: Path) -> None:
    """The check itself: a door imported by a core test, inside a function, or by a test
    helper it imports, and that helper's own helper."""
    (tmp_path / "tests" / "core").mkdir(parents=True)
    (tmp_path / "testkit").mkdir()
    (tmp_path / "testkit" / "__init__.py").write_text("")
    (tmp_path / "testkit" / "plain.py").write_text("from core.games import Busy\n")
    (tmp_path / "testkit" / "deep.py").write_text("import web.app\n")
    (tmp_path / "testkit" / "chat.py").write_text("from testkit import deep\n")
    (tmp_path / "tests" / "core" / "test_fine.py").write_text(
        "from testkit.plain import Busy\n")
    (tmp_path / "tests" / "core" / "test_bot.py").write_text(
        "def f():\n    from bot.views.callbacks import Act\n")
    (tmp_path / "tests" / "core" / "test_via.py").write_text(
        "from testkit.chat import x\nimport aiogram.types\n")
    (tmp_path / "tests" / "core" / "test_local.py").write_text(  # a test module of its own
        "from tests.core.test_via import x\n")
    assert door_reaches(tmp_path) == [
        "tests/core/test_bot.py -> bot",
        "tests/core/test_local.py -> aiogram (via tests.core.test_via)",
        "tests/core/test_local.py -> web (via tests.core.test_via, testkit.chat, testkit.deep)",
        "tests/core/test_via.py -> aiogram",
        "tests/core/test_via.py -> web (via testkit.chat, testkit.deep)",
    ]


# No circle of imports between the product's modules, counting every import (at the top,
# inside a function, or for the type checker only): two modules that need each other are
# one design split in two, whichever import is deferred.
PRODUCT = ("engine", "storage", "ai", "render", "i18n", "core", "bot", "web")


def module_circles(root: Path, packages: tuple[str, ...] = PRODUCT) -> list[list[str]]:
    """The circles (strongly connected groups of two or more) of the import graph of the
    modules under `packages`, each sorted; sorted."""
    names = {".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__"):
             path for package in packages for path in (root / package).rglob("*.py")}
    def targets(path: Path) -> set[str]:
        """The modules `path` imports: `from a import b` is module a.b when there is one
        (a package's submodule), else a (a name defined in a)."""
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.update(f"{node.module}.{alias.name}"
                             if f"{node.module}.{alias.name}" in names else node.module
                             for alias in node.names)
        return found

    edges = {name: sorted(target for target in targets(path)
                          if target in names and target != name)
             for name, path in names.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(name: str) -> None:  # Tarjan's strongly connected components
        index[name] = low[name] = len(index)
        stack.append(name)
        for target in edges[name]:
            if target not in index:
                visit(target)
                low[name] = min(low[name], low[target])
            elif target in stack:
                low[name] = min(low[name], index[target])
        if low[name] == index[name]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == name:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(names)))
    for name in sorted(names):
        if name not in index:
            visit(name)
    return sorted(found)


def test_no_module_imports_itself_round_a_circle() -> None:
    assert module_circles(ROOT) == []


def test_a_circle_is_found_however_its_import_is_deferred(tmp_path: Path) -> None:
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "__init__.py").write_text("")
    (tmp_path / "core" / "a.py").write_text("def f():\n    from core.b import g\n")
    (tmp_path / "core" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from core import c\n")
    (tmp_path / "core" / "c.py").write_text("from core.a import f\n")
    (tmp_path / "core" / "d.py").write_text("from core.a import f\n")
    assert module_circles(tmp_path, ("core",)) == [["core.a", "core.b", "core.c"]]
