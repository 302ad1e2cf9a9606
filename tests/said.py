"""What every answer says of the rules that gave it, under the defaults: the ruleset's version
and ``rules`` (docs/house-rules.md). Tests that compare whole answers end with ``**said(id)``."""

from __future__ import annotations

from typing import Any

from service.house import plain
from service.house import said as rules_said
from service.rulesets import RULESETS


def said(ruleset_id: str) -> dict[str, Any]:
    rules = RULESETS[ruleset_id]
    return {"ruleset_version": rules.version, "rules": rules_said(plain(rules))}
