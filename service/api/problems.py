"""RFC 9457 problem+json for every 4xx and 5xx, built from Werkzeug's own responses."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response
from werkzeug.exceptions import HTTPException, InternalServerError

from service import metrics
from service.errors import PROBLEM_TYPES, ProblemError, ProblemType, problem_document
from service.jsonio import encoded
from service.serving import log_exception

PROBLEM_JSON = "application/problem+json"
# The type each of Werkzeug's errors becomes, by status, as PROBLEM_TYPES marks them; any
# other status is an http-error, titled by its own status's name.
HTTP_TYPES: dict[int, ProblemType] = {kind.status: kind for kind in PROBLEM_TYPES.values()
                                      if kind.http}
OTHER = PROBLEM_TYPES["http-error"]


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
    kind = HTTP_TYPES.get(status)
    title = kind.title if kind is not None else exc.name
    problem = problem_document((kind or OTHER).uri, title, status,
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
