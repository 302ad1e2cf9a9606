"""The layers stay as docs/architecture.md draws them: import-linter checks who imports whom
(`make lint`); this checks that every import of the service sits at the top of its module,
where that check and a reader see it, never inside a function to dodge a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SERVICE = Path(__file__).resolve().parent.parent / "service"
MODULES = sorted(SERVICE.rglob("*.py"))


def late_imports(source: str) -> list[int]:
    """The lines of imports made anywhere but a module's top level."""
    tree = ast.parse(source)
    top = {id(node) for node in tree.body}
    return [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top]


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(SERVICE)))
def test_imports_are_at_the_top(module: Path) -> None:
    assert late_imports(module.read_text(encoding="utf-8")) == []


def test_a_late_import_is_found() -> None:
    assert late_imports("import os\n\ndef f():\n    import sys\n") == [4]
