"""How each request is traced: its id, its one JSON log line, and whether the worker is stopping.

Every answer carries ``X-Request-ID``: the client's own when it is sane, else a fresh one. One
JSON line per request goes to stdout (never the body), and a traceback is logged with the id of
the request that raised it, so the two can be joined.
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
import time
import traceback
import uuid
from datetime import UTC, datetime
from typing import Any

from flask import Flask, Response, g, request

from service.version import VERSION

REQUEST_ID_HEADER = "X-Request-ID"
VERSION_HEADER = "Service-Version"  # on every answer: CHANGELOG.md's version of the service
# What a proxy or a client library sends (uuids, hex, base64-ish trace ids); anything else,
# including spaces or control characters that could forge a log line, is replaced.
SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:/+=-]{1,128}")

log = logging.getLogger("service.requests")

_stopping = False


def begin_shutdown() -> None:
    """Called from gunicorn's shutdown signal handling: /readyz answers 503 from now on."""
    global _stopping
    _stopping = True


def stopping() -> bool:
    return _stopping


def request_id() -> str:
    """This request's id: the client's, if ``_start`` found it sane, else one made on first use."""
    if "request_id" not in g:
        g.request_id = uuid.uuid4().hex
    return str(g.request_id)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def write(record: dict[str, Any]) -> None:
    """One JSON line on the requests log, ASCII-escaped: any text, even a lone surrogate in an
    exception's message, can be written."""
    log.info(json.dumps({"time": _now(), **record}))


def log_exception(exc: BaseException) -> None:
    """A traceback as one JSON record tied to the request that raised it."""
    write({"level": "error", "request_id": request_id(), "pid": os.getpid(),
           "method": request.method, "path": request.path,
           "error": f"{type(exc).__name__}: {exc}",
           "traceback": "".join(traceback.format_exception(exc))})


def elapsed() -> float | None:
    """Seconds since this request was first seen, or None for one that never was."""
    started = g.get("started")
    return None if started is None else time.perf_counter() - started


def _start() -> None:
    sent = request.headers.get(REQUEST_ID_HEADER, "")
    if SANE_REQUEST_ID.fullmatch(sent):
        g.request_id = sent
    g.started = time.perf_counter()


def _finish(response: Response) -> Response:
    response.headers[REQUEST_ID_HEADER] = request_id()
    response.headers[VERSION_HEADER] = VERSION
    seconds = elapsed()
    write({
        "level": "info",
        "method": request.method,
        "path": request.path,
        "status": response.status_code,
        "duration_ms": None if seconds is None else round(seconds * 1000, 3),
        "request_id": request_id(),
        "pid": os.getpid(),
    })
    return response


def _stdout_handler() -> logging.Handler:
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(logging.Formatter("%(message)s"))
    return handler


def register(app: Flask) -> None:
    """Give every request an id and a log line; the first app in a process sets up the log."""
    if not log.handlers:
        log.addHandler(_stdout_handler())
        log.setLevel(logging.INFO)
        log.propagate = False
    app.before_request(_start)
    app.after_request(_finish)
