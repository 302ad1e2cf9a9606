"""The rulesets the service scores, by id."""

from __future__ import annotations

from service.rulesets import chuzhou, yueqing
from service.rulesets.registry import Ruleset

RULESETS: dict[str, Ruleset] = {
    chuzhou.RULESET.id: chuzhou.RULESET,
    yueqing.RULESET.id: yueqing.RULESET,
}
