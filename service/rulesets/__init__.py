"""The rulesets the service scores, by id: each a package declaring one ``registry.Ruleset``
(docs/architecture.md)."""

from __future__ import annotations

from service.rulesets import chuzhou, yueqing
from service.rulesets.registry import Ruleset

RULESETS: dict[str, Ruleset] = {}


def register(rules: Ruleset) -> None:
    """Serve a ruleset: every layer above finds it here, by its id. An application built
    after this (service.api.app.create_app) routes its actions."""
    RULESETS[rules.id] = rules


register(chuzhou.RULESET)
register(yueqing.RULESET)
