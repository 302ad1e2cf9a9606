"""GET /metrics for Prometheus, and the request hooks that count every answer."""

from __future__ import annotations

import time

from flask import Blueprint, Flask, Response, g, request

from service import metrics

bp = Blueprint("metrics", __name__)

# Anything else a client invents is counted as "other", so the label set stays bounded.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


@bp.get("/metrics")
def exposition() -> Response:
    """Counters and histograms in the Prometheus text format."""
    body, content_type = metrics.exposition()
    return Response(body, content_type=content_type)


def _start() -> None:
    g.metrics_started = time.perf_counter()


def _count(response: Response) -> Response:
    # The URL rule, never the raw path: /v1/rulesets/<ruleset_id>, and "unmatched" for a 404/405.
    route = request.url_rule.rule if request.url_rule else "unmatched"
    method = request.method if request.method in METHODS else "other"
    started = g.get("metrics_started")
    seconds = None if started is None else time.perf_counter() - started
    metrics.request_answered(route, method, response.status_code, seconds)
    if response.mimetype == "application/problem+json":
        problem = response.get_json(silent=True)
        if isinstance(problem, dict) and isinstance(problem.get("type"), str):
            metrics.problem(problem["type"])
    return response


def register(app: Flask) -> None:
    app.register_blueprint(bp)
    app.before_request(_start)
    app.after_request(_count)
