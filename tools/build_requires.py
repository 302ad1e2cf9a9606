"""Prints what building the package needs, as pinned in pyproject.toml's [build-system]:
one a line, for ``pip install`` before a build without isolation, so that
`make wheel` and the Docker image compile with the same mypy (the version of
requirements-dev.lock; tests/test_packaging.py checks they agree). Standard library only."""

from __future__ import annotations

import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def build_requires() -> list[str]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    requires: list[str] = config["build-system"]["requires"]
    return requires


if __name__ == "__main__":
    print("\n".join(build_requires()))
