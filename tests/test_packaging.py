"""The installed package (the Docker image installs it without -e) carries every data file the
service reads at run time, not only its Python modules."""

from __future__ import annotations

import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_data_file_under_service_is_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["service"]
    package = ROOT / "service"
    # Extension modules belong to the compiled wheel, never to the sources.
    data_files = {path for path in package.rglob("*")
                  if path.is_file() and path.suffix not in (".py", ".pyc")
                  and not path.name.endswith(tuple(EXTENSION_SUFFIXES))
                  and "__pycache__" not in path.parts}
    covered = {path for pattern in patterns for path in package.glob(pattern)}
    assert data_files, "service/ holds data files (py.typed, the contract's examples)"
    assert data_files <= covered, sorted(str(p.relative_to(ROOT)) for p in data_files - covered)


def test_the_build_compiles_with_the_locked_mypy() -> None:
    """The compiled wheel's mypy (pyproject.toml's [build-system]) is the one `make types`
    checks with (requirements-dev.lock), pinned exactly."""
    import re

    from tools.build_requires import build_requires

    locked = re.search(r"^mypy==(\S+)", (ROOT / "requirements-dev.lock").read_text(
        encoding="utf-8"), re.MULTILINE)
    assert locked is not None
    assert f"mypy=={locked[1]}" in build_requires()
    assert all("==" in requirement for requirement in build_requires())


def test_nothing_compiled_or_generated_stands_in_the_sources() -> None:
    """The compiled build lives in its wheel and .venv-compiled; the loaders are built from
    the schemas at run time."""
    package = ROOT / "service"
    assert not [p for p in package.rglob("*") if p.name.endswith(tuple(EXTENSION_SUFFIXES))]
    assert not (package / "readers.py").exists()
