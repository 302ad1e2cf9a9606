"""The committed contract (openapi.yaml), read once per test session."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

OPENAPI = Path(__file__).resolve().parent.parent / "openapi.yaml"


@cache
def committed() -> dict[str, Any]:
    """openapi.yaml as committed (libyaml's loader where present: the file is large)."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    found: dict[str, Any] = yaml.load(OPENAPI.read_text(encoding="utf-8"), Loader=loader)
    return found


def known_ids(component: str) -> list[str]:
    """The ids a component's open ``id`` lists (the catalogue's, in its order)."""
    any_of = committed()["components"]["schemas"][component]["properties"]["id"]["anyOf"]
    ids: list[str] = next(known["enum"] for known in any_of if "enum" in known)
    return ids
