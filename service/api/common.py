"""Routes every client shares: health, the contract file, the ruleset catalogues."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response
from werkzeug.exceptions import ServiceUnavailable

from service import metrics
from service.openapi import spec_yaml
from service.rulesets import RULESETS
from service.scoring import ruleset, score
from service.serving import log_exception, stopping

bp = Blueprint("common", __name__)


@bp.get("/healthz")
def healthz() -> dict[str, Any]:
    """Tell a load balancer the service is up."""
    return {"status": "ok"}


# The README's first hand: scoring it runs the loader, the reading engine, the catalogue and
# the settlement, so a worker that answers it can answer a client.
READY_HAND = {
    "dealer": 0, "winner": 1, "zhen": [1, 1, 1, 1],
    "hand": {"concealed": "123m678m99p", "melds": [
        {"type": "chi", "tiles": "345s", "from": 0}, {"type": "peng", "tiles": "777p", "from": 3}]},
    "win": {"tile": "8m", "by": "discard", "from": 3},
}
READY_FAN = 10


@bp.get("/readyz")
def readyz() -> dict[str, Any]:
    """Tell a load balancer whether this worker can score; 503 once it is shutting down."""
    if stopping():
        raise ServiceUnavailable("This worker is shutting down; send requests elsewhere.")
    try:
        with metrics.uncounted():
            scored = score("chuzhou", READY_HAND)["fan"] == READY_FAN
    except Exception as exc:  # any failure means "not ready", with its traceback logged
        log_exception(exc)
        scored = False
    if not scored:
        raise ServiceUnavailable("This worker could not score its check hand.")
    return {"status": "ready"}


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
