"""`make core` is the core's whole fast loop: every test module of the core is in it.

A test module belongs to the core when everything it reaches of the service, through its own
imports and those of the test helpers it uses, lies in the layers from ``service.scoring``
down (pyproject.toml's import-linter layers: the rulesets, their settlement, the reading
engine, tiles), and it starts no server nor process (it imports no Flask, Werkzeug, requests,
gevent, gunicorn or subprocess). Such a module left out of the Makefile's ``CORE_TESTS`` would
pass ``make core`` and fail ``make test``.
"""

from __future__ import annotations

import ast
import re
import tomllib
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = {"flask", "werkzeug", "requests", "gevent", "gunicorn", "subprocess"}
LOWEST_ABOVE = "service.scoring"  # the highest layer a core test may reach


def _layers() -> list[list[str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"]
                    if c["type"] == "layers")
    return [[name.strip() for name in layer.split("|")] for layer in contract["layers"]]


def _core_service() -> tuple[str, ...]:
    layers = _layers()
    start = next(i for i, layer in enumerate(layers) if LOWEST_ABOVE in layer)
    return tuple(name for layer in layers[start:] for name in layer)


def _file(module: str) -> Path | None:
    path = ROOT.joinpath(*module.split("."))
    for candidate in (path / "__init__.py", path.with_suffix(".py")):
        if candidate.is_file():
            return candidate
    return None


@cache
def _imports(module: str) -> frozenset[str]:
    """The modules ``module`` names in its imports, relative ones made absolute."""
    path = _file(module)
    if path is None:
        return frozenset()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return frozenset(found)


def reached(module: str) -> set[str]:
    """Every module ``module`` reaches, following the project's own (service, tests, bench)."""
    seen: set[str] = set()
    waiting = [module]
    while waiting:
        name = waiting.pop()
        if name in seen:
            continue
        seen.add(name)
        if name.split(".")[0] in ("service", "tests", "bench"):
            waiting.extend(_imports(name))
    return seen


def is_core(module: str) -> bool:
    core = _core_service()
    for name in reached(module):
        top = name.split(".")[0]
        if top in OUTSIDE:
            return False
        if top == "service" and name != "service" and _file(name) is not None \
                and not any(name == c or name.startswith(c + ".") for c in core):
            return False
    return True


def core_loop() -> list[str]:
    """The paths the Makefile's CORE_TESTS names."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    found = re.search(r"^CORE_TESTS := ((?:.*\\\n)*.*)$", text, re.MULTILINE)
    assert found, "the Makefile names no CORE_TESTS"
    return found.group(1).replace("\\\n", " ").split()


def test_every_core_test_module_is_in_make_core() -> None:
    listed = [ROOT / path for path in core_loop()]
    left_out = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if is_core(module) and not any(path == p or path.is_relative_to(p) for p in listed):
            left_out.append(str(path.relative_to(ROOT)))
    assert left_out == [], f"core tests left out of the Makefile's CORE_TESTS: {left_out}"


def test_every_listed_path_exists() -> None:
    assert [p for p in core_loop() if not (ROOT / p).exists()] == []


def test_the_classification_tells_the_loop_from_the_rest() -> None:
    assert is_core("tests.test_fast_checks")
    assert is_core("tests.chuzhou.test_patterns")
    assert not is_core("tests.test_api")           # Flask's test client
    assert not is_core("tests.chuzhou.test_e2e")   # the real server
    assert not is_core("tests.test_house_rules")   # the actions' layer, above scoring
