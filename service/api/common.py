"""Routes every client shares: health, the contract file, the ruleset catalogues."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response

from service.openapi import spec_yaml
from service.rulesets import RULESETS
from service.scoring import ruleset

bp = Blueprint("common", __name__)


@bp.get("/healthz")
def healthz() -> dict[str, Any]:
    """Tell a load balancer the service is up."""
    return {"status": "ok"}


@bp.get("/openapi.yaml")
def openapi() -> Response:
    """The OpenAPI contract of this service."""
    return Response(spec_yaml(), mimetype="application/yaml")


@bp.get("/v1/rulesets")
def list_rulesets() -> dict[str, Any]:
    """The rulesets this service scores."""
    return {"rulesets": [rules.summary() for rules in RULESETS.values()]}


@bp.get("/v1/rulesets/<ruleset_id>")
def show_ruleset(ruleset_id: str) -> dict[str, Any]:
    """One ruleset's pattern catalogue with every pattern's values."""
    return ruleset(ruleset_id).catalogue()
