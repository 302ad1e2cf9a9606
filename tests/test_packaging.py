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
    # Extension modules built in place (`make compile`) are the build's, not package data.
    data_files = {path for path in package.rglob("*")
                  if path.is_file() and path.suffix not in (".py", ".pyc")
                  and not path.name.endswith(tuple(EXTENSION_SUFFIXES))
                  and "__pycache__" not in path.parts}
    covered = {path for pattern in patterns for path in package.glob(pattern)}
    assert data_files, "service/ holds data files (py.typed, the contract's examples)"
    assert data_files <= covered, sorted(str(p.relative_to(ROOT)) for p in data_files - covered)
