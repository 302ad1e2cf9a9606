"""Routes every client shares: health, the contract file, the ruleset catalogues, their
variants and their money's changes."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response
from werkzeug.exceptions import ServiceUnavailable

from service import metrics
from service.actions import run
from service.house import variants
from service.language import Message
from service.openapi import spec_yaml
from service.rulesets import RULESETS, listing, tile_listing
from service.scoring import known_ruleset
from service.serving import log_exception, stopping

bp = Blueprint("common", __name__)
# The liveness check on its own, so that no hook of the other routes' runs for it
# (service/api/compress.py).
health = Blueprint("health", __name__)


@health.get("/healthz")
def healthz() -> dict[str, Any]:
    """Tell a load balancer the service is up."""
    return {"status": "ok"}


@bp.get("/readyz")
def readyz() -> dict[str, Any]:
    """Tell a load balancer whether this worker can score; 503 once it is shutting down."""
    if stopping():
        raise ServiceUnavailable(Message(
            "shutting-down", "This worker is shutting down; send requests elsewhere."))
    try:  # each ruleset's check hand (registry.Ready), as a client's request would run
        with metrics.uncounted():
            scored = all(ready.answers(run(ruleset.id, ready.action, ready.body))
                         for ruleset in RULESETS.values() if (ready := ruleset.ready) is not None)
    except Exception as exc:  # any failure means "not ready", with its traceback logged
        log_exception(exc)
        scored = False
    if not scored:
        raise ServiceUnavailable(Message(
            "not-ready", "This worker could not score its check hands."))
    return {"status": "ready"}


@bp.get("/openapi.yaml")
def openapi() -> Response:
    """The OpenAPI contract of this service."""
    return Response(spec_yaml(), mimetype="application/yaml")


@bp.get("/v1/rulesets")
def list_rulesets() -> dict[str, Any]:
    """The rulesets this service scores."""
    return listing()


@bp.get("/v1/tiles")
def list_tiles() -> dict[str, Any]:
    """Every tile with its names and picture, and each ruleset's flower tiles."""
    return tile_listing()


@bp.get("/v1/rulesets/<ruleset_id>")
def show_ruleset(ruleset_id: str) -> dict[str, Any]:
    """One ruleset's pattern catalogue with every pattern's values."""
    return known_ruleset(ruleset_id).described()


@bp.get("/v1/rulesets/<ruleset_id>/variants")
def show_variants(ruleset_id: str) -> dict[str, Any]:
    """The named variants (club rules) this deployment serves."""
    return variants(known_ruleset(ruleset_id))


@bp.get("/v1/rulesets/<ruleset_id>/changes")
def show_changes(ruleset_id: str) -> dict[str, Any]:
    """Every version of the ruleset's money, newest first, with what each changed."""
    return known_ruleset(ruleset_id).history()
