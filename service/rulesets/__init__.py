"""The rulesets the service scores, by id: each a package declaring one ``registry.Ruleset``
(docs/architecture.md)."""

from __future__ import annotations

from typing import Any

from service.rulesets import chuzhou, yueqing
from service.rulesets.registry import Ruleset
from service.tile_names import tiles

RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Serve a ruleset: every layer above finds it here, by its id. An application built
    after this (service.api.app.create_app) routes its actions."""
    RULESETS[ruleset.id] = ruleset


def listing() -> dict[str, Any]:
    """The answer of GET /v1/rulesets: every ruleset served, in the order registered."""
    return {"rulesets": [ruleset.summary() for ruleset in RULESETS.values()]}


def tile_listing() -> dict[str, Any]:
    """The answer of GET /v1/tiles: the 34 tiles, and each ruleset's flower tiles."""
    return {"tiles": tiles(), "flowers": [flower.described(ruleset.id)
                                          for ruleset in RULESETS.values()
                                          for flower in ruleset.flower_tiles]}


register(chuzhou.RULESET)
register(yueqing.RULESET)
