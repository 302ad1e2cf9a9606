"""RFC 9457 problem+json for every 4xx and 5xx, built from Werkzeug's own responses."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response
from werkzeug.exceptions import HTTPException, InternalServerError

from service import metrics
from service.api.language import chosen
from service.errors import PROBLEM_TYPES, ProblemError, ProblemType, problem_document
from service.jsonio import written
from service.language import Message, Phrase, Text
from service.serving import log_exception

PROBLEM_JSON = "application/problem+json"
# The type each of Werkzeug's errors becomes, by status, as PROBLEM_TYPES marks them; any
# other status is an http-error, titled by its own status's name.
HTTP_TYPES: dict[int, ProblemType] = {kind.status: kind for kind in PROBLEM_TYPES.values()
                                      if kind.http}
OTHER = PROBLEM_TYPES["http-error"]
# Werkzeug's own description of each status, as it writes it when no view gave another: the
# same sentence with its code, so that it can be said in Chinese. Any other description
# without a code gets its status's (http-<status> beyond these).
HTTP_TEXTS: dict[int, Message] = {message.params["status"]: message for message in (
    Message("bad-request", "The browser (or proxy) sent a request that this server could not "
            "understand.", status=400),
    Message("no-such-path", "The requested URL was not found on the server. If you entered the "
            "URL manually please check your spelling and try again.", status=404),
    Message("method-not-allowed", "The method is not allowed for the requested URL.",
            status=405),
    Message("request-timeout", "The server closed the network connection because the browser "
            "didn't finish the request within the specified time.", status=408),
    Message("body-too-large", "The data value transmitted exceeds the capacity limit.",
            status=413),
    Message("url-too-long", "The length of the requested URL exceeds the capacity limit for "
            "this server. The request cannot be processed.", status=414),
    Message("unsupported-media-type", "The server does not support the media type transmitted "
            "in the request.", status=415),
    Message("headers-too-large", "One or more header fields exceeds the maximum size.",
            status=431),
    Message("server-error", "The server encountered an internal error and was unable to "
            "complete your request. Either the server is overloaded or there is an error in "
            "the application.", status=500),
    Message("unavailable", "The server is temporarily unable to service your request due to "
            "maintenance downtime or capacity problems. Please try again later.", status=503),
)}
# The titles of the statuses no problem type of ours names (an http-error's is its status's).
HTTP_TITLES = {
    408: Phrase("Request Timeout"), 414: Phrase("Request URI Too Large"),
    431: Phrase("Request Header Fields Too Large"), 500: Phrase("Internal Server Error"),
    501: Phrase("Not Implemented"), 502: Phrase("Bad Gateway"), 504: Phrase("Gateway Timeout")}


def _coded(status: int, description: str) -> str:
    """A description as a Message with its status's code, unless it is one already."""
    if isinstance(description, Text):
        return description
    known = HTTP_TEXTS.get(status)
    if known is not None and known == description:
        return known
    template = description.replace("{", "{{").replace("}", "}}")
    return Message(known.code if known is not None else f"http-{status}", template)


def problem_response(problem: dict[str, Any], headers: Any = None) -> Response:
    metrics.problem(problem["type"])
    response = Response(written(problem, chosen()), status=problem["status"],
                        mimetype=PROBLEM_JSON)
    for name, value in headers or ():
        if name.lower() not in ("content-type", "content-length"):
            response.headers[name] = value
    return response


def _from_http(exc: HTTPException) -> Response:
    """Keep Werkzeug's status and headers (``Allow`` on 405), replace the body."""
    status = exc.code or 500
    kind = HTTP_TYPES.get(status)
    title = kind.title if kind is not None else HTTP_TITLES.get(status) or Phrase(exc.name)
    problem = problem_document((kind or OTHER).uri, title, status,
                               _coded(status, exc.description or exc.name),
                               getattr(exc, "errors", {}))
    original = exc.get_response()
    return problem_response(problem, original.headers.items())


def _from_domain(exc: ProblemError) -> Response:
    retry_after = getattr(exc, "retry_after", None)  # a request stopped past its deadline
    headers = [("Retry-After", str(retry_after))] if retry_after is not None else None
    return problem_response(exc.problem(), headers)


def _from_unexpected(exc: Exception) -> Response:
    log_exception(exc)
    return _from_http(InternalServerError(Message(
        "server-error", "The server failed to answer; no detail is shared.")))


def register(app: Flask) -> None:
    app.register_error_handler(HTTPException, _from_http)
    app.register_error_handler(ProblemError, _from_domain)
    app.register_error_handler(Exception, _from_unexpected)
