"""The quick selection (`-m "not slow"`) starts no process: every test in `tests/e2e` (real
`python -m bot` processes) is marked `slow`, by its module's `pytestmark` or by itself.
The slow tests are also the ones dealt out first on several workers (tests/conftest.py), so
an unmarked process test would start late and lengthen the whole run."""

from __future__ import annotations

import ast
from pathlib import Path

E2E = Path(__file__).parent / "e2e"


def _is_slow(node: ast.expr) -> bool:
    """`pytest.mark.slow`, alone or in a list or tuple of marks."""
    if isinstance(node, (ast.List, ast.Tuple)):
        return any(_is_slow(element) for element in node.elts)
    return ast.unparse(node) == "pytest.mark.slow"


def unmarked_tests(source: str) -> list[str]:
    """The test functions of a module's text that the `slow` mark does not reach."""
    tree = ast.parse(source)
    module_slow = any(
        isinstance(statement, (ast.Assign, ast.AnnAssign)) and _is_slow(statement.value)
        and any(isinstance(target, ast.Name) and target.id == "pytestmark"
                for target in (statement.targets if isinstance(statement, ast.Assign)
                               else [statement.target]))
        for statement in tree.body if getattr(statement, "value", None) is not None)
    if module_slow:
        return []
    return [node.name for node in tree.body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
            and node.name.startswith("test_")
            and not any(_is_slow(decorator) for decorator in node.decorator_list)]


def test_every_process_test_is_marked_slow() -> None:
    modules = sorted(E2E.glob("test_*.py"))
    assert modules, E2E  # the folder is where this test thinks it is
    unmarked = {module.name: names for module in modules
                if (names := unmarked_tests(module.read_text(encoding="utf-8")))}
    assert unmarked == {}, f"tests in tests/e2e without @pytest.mark.slow: {unmarked}"


def test_the_check_sees_an_unmarked_test() -> None:
    marked_module = "import pytest\npytestmark = [pytest.mark.slow]\ndef test_a(): pass\n"
    marked_one = "import pytest\n@pytest.mark.slow\ndef test_a(): pass\nasync def test_b(): pass\n"
    assert unmarked_tests(marked_module) == []
    assert unmarked_tests(marked_one) == ["test_b"]
    assert unmarked_tests("pytestmark = pytest.mark.postgres\ndef test_c(): pass\n") == ["test_c"]
