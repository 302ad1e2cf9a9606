"""The rulesets the service scores, by id: each a package declaring one ``registry.Ruleset``
(docs/architecture.md)."""

from __future__ import annotations

from typing import Any

from service.rulesets import chuzhou, yueqing
from service.rulesets.registry import Ruleset

RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Serve a ruleset: every layer above finds it here, by its id. An application built
    after this (service.api.app.create_app) routes its actions."""
    RULESETS[ruleset.id] = ruleset


def listing() -> dict[str, Any]:
    """The answer of GET /v1/rulesets: every ruleset served, in the order registered."""
    return {"rulesets": [ruleset.summary() for ruleset in RULESETS.values()]}


register(chuzhou.RULESET)
register(yueqing.RULESET)
