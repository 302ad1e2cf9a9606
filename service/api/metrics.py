"""GET /metrics for Prometheus, and the hook that counts every answer (problems are counted
where they are built, service/api/problems.py).

With ``METRICS_PORT`` set, gunicorn listens on that port too (gunicorn.conf.py), and
``/metrics`` is answered there only, and nothing else is: a NetworkPolicy can then keep the
metrics from the public while the API stays open (deploy/kubernetes/networkpolicy.yaml,
docs/operations.md). Unset, ``/metrics`` is served beside the API.
"""

from __future__ import annotations

import os

from flask import Blueprint, Flask, Response, request
from werkzeug.exceptions import NotFound

from service import metrics
from service.serving import Traced

bp = Blueprint("metrics", __name__)

# Anything else a client invents is counted as "other", so the label set stays bounded.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


@bp.get("/metrics")
def exposition() -> Response:
    """Counters and histograms in the Prometheus text format."""
    body, content_type = metrics.exposition()
    return Response(body, content_type=content_type)


def _count(rule: str | None, method: str, status: int, seconds: float) -> None:
    # The URL rule, never the raw path: /v1/rulesets/<ruleset_id>, and "unmatched" for a 404/405.
    metrics.request_answered(rule or "unmatched", method if method in METHODS else "other",
                             status, seconds)


def metrics_port(app: Flask) -> str:
    """METRICS_PORT as gunicorn reports a listener's port (``SERVER_PORT``), or ""."""
    port = str(app.config.get("METRICS_PORT") or os.environ.get("METRICS_PORT", "")).strip()
    return str(int(port)) if port.isdigit() else ""


def register(app: Flask, traced: Traced) -> None:
    app.register_blueprint(bp)
    traced.answered.append(_count)  # told of every answer by serving's wrapper
    port = metrics_port(app)
    if port:
        def one_port_each() -> None:
            """/metrics on the metrics port only, and only /metrics there."""
            if (request.path == "/metrics") != (request.environ.get("SERVER_PORT") == port):
                raise NotFound()
        app.before_request(one_port_each)
