"""RFC 9457 problem+json for every 4xx and 5xx, built from Werkzeug's own responses."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response
from werkzeug.exceptions import HTTPException, InternalServerError

from service import metrics
from service.errors import PROBLEM_BASE, ProblemError, problem_document
from service.jsonio import encoded
from service.serving import log_exception

PROBLEM_JSON = "application/problem+json"


def problem_response(problem: dict[str, Any], headers: Any = None) -> Response:
    metrics.problem(problem["type"])
    response = Response(encoded(problem), status=problem["status"], mimetype=PROBLEM_JSON)
    for name, value in headers or ():
        if name.lower() not in ("content-type", "content-length"):
            response.headers[name] = value
    return response


def _from_http(exc: HTTPException) -> Response:
    """Keep Werkzeug's status and headers (``Allow`` on 405), replace the body."""
    status = exc.code or 500
    slug = {400: "bad-json", 404: "not-found", 405: "method-not-allowed", 413: "too-large",
            415: "unsupported-media-type",
            503: "unavailable"}.get(status, "http-error")
    problem = problem_document(PROBLEM_BASE + slug, exc.name, status,
                               exc.description or exc.name, getattr(exc, "errors", {}))
    original = exc.get_response()
    return problem_response(problem, original.headers.items())


def _from_domain(exc: ProblemError) -> Response:
    retry_after = getattr(exc, "retry_after", None)  # a request stopped past its deadline
    headers = [("Retry-After", str(retry_after))] if retry_after is not None else None
    return problem_response(exc.problem(), headers)


def _from_unexpected(exc: Exception) -> Response:
    log_exception(exc)
    return _from_http(InternalServerError("The server failed to answer; no detail is shared."))


def register(app: Flask) -> None:
    app.register_error_handler(HTTPException, _from_http)
    app.register_error_handler(ProblemError, _from_domain)
    app.register_error_handler(Exception, _from_unexpected)
