"""The layers stay as docs/architecture.md draws them: import-linter checks who imports whom
(`make lint`); this checks that every import of the service sits at the top of its module,
where that check and a reader see it, never inside a function to dodge a cycle, and that no
layer names a ruleset: only the ruleset's own package does."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

from service.rulesets import RULESETS

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


def strings_naming(source: str, names: set[str]) -> list[tuple[int, str]]:
    """The string constants (docstrings aside) that hold one of ``names``, any case."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            and id(node) not in docstrings and any(n in node.value.lower() for n in names)]


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(SERVICE)))
def test_only_a_rulesets_package_names_it(module: Path) -> None:
    names = {text.lower() for rules in RULESETS.values() for text in (rules.id, rules.name)
             if not module.is_relative_to(SERVICE / "rulesets" / rules.id)}
    assert strings_naming(module.read_text(encoding="utf-8"), names) == []


def test_a_string_naming_a_ruleset_is_found() -> None:
    source = '"""A module about chuzhou."""\nWHERE = "the Chuzhou rules"\n'
    assert strings_naming(source, {"chuzhou"}) == [(2, "the Chuzhou rules")]


ARCHITECTURE = SERVICE.parent / "docs" / "architecture.md"
PYPROJECT = SERVICE.parent / "pyproject.toml"


def documented_layers() -> list[set[str]]:
    """The modules of each row of docs/architecture.md's table of layers, top to bottom, as
    dotted names (``service/api/`` is ``service.api``)."""
    lines = ARCHITECTURE.read_text(encoding="utf-8").splitlines()
    start = lines.index("| layer | modules | what it does |") + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        cell = line.split("|")[2]
        rows.append({path.strip("/").removesuffix(".py").replace("/", ".")
                     for path in re.findall(r"`([^`]+)`", cell)})
    return rows


def linted_layers() -> list[set[str]]:
    with PYPROJECT.open("rb") as file:
        contracts = tomllib.load(file)["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in contracts if c["type"] == "layers")
    return [{name.strip() for name in layer.split("|")} for layer in layers]


def test_every_module_has_its_layer_in_the_docs() -> None:
    """Each module and package directly under service/ is in one row of the docs' table."""
    documented = set().union(*documented_layers())
    present = {f"service.{path.stem}" for path in SERVICE.iterdir()
               if path.name != "__init__.py" and (path.suffix == ".py" or (
                   path.is_dir() and (path / "__init__.py").exists()))}
    assert present - documented == set(), "a module missing from docs/architecture.md's layers"
    assert documented - present == set(), "docs/architecture.md names a module that is gone"


def test_the_docs_layers_are_the_linted_ones() -> None:
    """The table's rows are import-linter's layers (pyproject.toml), in its order."""
    assert documented_layers() == linted_layers()
