"""The Chuzhou pattern catalogue, one row per pattern as the rule text lists them: the rows
live above their tests in patterns.py. ``GET /v1/rulesets/chuzhou`` serves this table and
docs/rules/chuzhou.md explains it.
"""

from __future__ import annotations

from service.language import Phrase
from service.rulesets.chuzhou.patterns import PATTERNS as ROWS
from service.rulesets.chuzhou.patterns import Pattern, one, two

__all__ = ["BY_ID", "PATTERNS", "Pattern", "catalogue", "one", "two"]

PATTERNS: tuple[Pattern, ...] = tuple(ROWS)  # as patterns.py defines them, in its order
BY_ID = {pattern.id: pattern for pattern in PATTERNS}


def catalogue() -> dict[str, object]:
    return {
        "id": "chuzhou", "name": "楚州麻将", "name_en": "Chuzhou mahjong",
        "patterns": [
            {"id": x.id, "name": x.name, "name_en": x.name_en, "values": x.values,
             "excludes": list(x.excludes), "condition": Phrase(x.condition)}
            for x in PATTERNS
        ],
    }
