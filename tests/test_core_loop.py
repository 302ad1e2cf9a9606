"""`make core` is the core's whole fast loop: every test module of the core is in it.

A test module belongs to the core when it imports no Flask and starts no server or process:
nothing it reaches, through its own imports and those of the project's modules it uses,
is Flask, Werkzeug, requests, gevent, gunicorn, subprocess or the HTTP layer (service.api),
and none of its tests asks for the app, its test client or the live server. Such a module is
listed in the Makefile's ``CORE_TESTS`` (run by ``make core`` and, against the compiled build,
by ``make test-compiled``) or, if it checks the repository's files rather than the code, in
``REPO_CHECKS`` (``make core`` only), or left out below with its reason. A module left out
otherwise would pass ``make core`` and fail ``make test``.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTSIDE = {"flask", "werkzeug", "requests", "gevent", "gunicorn", "subprocess"}
SERVED = ("app", "client", "live_server")  # tests/conftest.py's fixtures of the HTTP layer
# Core by their imports, run by make test alone: the contract's suites and the heavy
# properties (make advice-properties runs the advice's longer).
LEFT_OUT = {
    "tests/test_openapi.py": "the contract, generated and validated",
    "tests/test_contract_shape.py": "the contract's shapes against the answers",
    "tests/test_advice_properties.py": "the advice against its plain reference (heavy)",
    "tests/test_house_properties.py": "random house rules over the record (heavy)",
}


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


def _asks_for_the_app(module: str) -> bool:
    """Whether a test function of ``module`` takes one of the HTTP layer's fixtures."""
    path = _file(module)
    assert path is not None
    return any(isinstance(node, ast.FunctionDef) and any(a.arg in SERVED for a in node.args.args)
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))))


def is_core(module: str) -> bool:
    if _asks_for_the_app(module):
        return False
    return not any(name.split(".")[0] in OUTSIDE or name.startswith("service.api")
                   for name in reached(module))


def listed(variable: str) -> list[str]:
    """The paths a Makefile variable names."""
    text = (ROOT / "Makefile").read_text(encoding="utf-8")
    found = re.search(rf"^{variable} := ((?:.*\\\n)*.*)$", text, re.MULTILINE)
    assert found, f"the Makefile names no {variable}"
    return found.group(1).replace("\\\n", " ").split()


def test_every_core_test_module_is_in_make_core() -> None:
    loop = [ROOT / path for path in listed("CORE_TESTS") + listed("REPO_CHECKS")]
    missing = []
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        name = str(path.relative_to(ROOT))
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        if is_core(module) and name not in LEFT_OUT \
                and not any(path == p or path.is_relative_to(p) for p in loop):
            missing.append(name)
    assert missing == [], f"core tests neither in make core nor left out with a reason: {missing}"


def test_what_is_left_out_is_core_and_exists() -> None:
    assert [name for name in LEFT_OUT if not (ROOT / name).is_file()] == []
    assert all(is_core(name.removesuffix(".py").replace("/", ".")) for name in LEFT_OUT)
    assert [p for p in listed("CORE_TESTS") + listed("REPO_CHECKS")
            if not (ROOT / p).exists()] == []


def test_the_classification_tells_the_loop_from_the_rest() -> None:
    assert is_core("tests.test_fast_checks")
    assert is_core("tests.chuzhou.test_patterns")
    assert is_core("tests.test_house_rules")        # the money's parameters, in process
    assert not is_core("tests.test_api")            # Flask's test client
    assert not is_core("tests.chuzhou.test_e2e")    # the real server
    assert not is_core("tests.test_cli_hostile")    # the command line, as a process
