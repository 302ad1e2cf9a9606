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
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from json.encoder import encode_basestring_ascii
from random import getrandbits
from typing import Any, Final

from flask import Flask, Request, request

from service.language import say_language
from service.version import VERSION

# The WSGI shapes ``Traced`` wraps (PEP 3333).
WSGIEnvironment = dict[str, Any]
StartResponse = Callable[..., Any]
WSGIApplication = Callable[[WSGIEnvironment, StartResponse], Iterable[bytes]]

REQUEST_ID_HEADER = "X-Request-ID"
VERSION_HEADER = "Service-Version"  # on every answer: CHANGELOG.md's version of the service
# What a proxy or a client library sends (uuids, hex, base64-ish trace ids); anything else,
# including spaces or control characters that could forge a log line, is replaced.
SANE_REQUEST_ID = re.compile(r"[A-Za-z0-9._:/+=-]{1,128}")

log = logging.getLogger("service.requests")
_text = encode_basestring_ascii  # a string as json.dumps writes it: quoted, ASCII-escaped

_stopping = False


def begin_shutdown() -> None:
    """Called from gunicorn's shutdown signal handling: /readyz answers 503 from now on."""
    global _stopping
    _stopping = True


def stopping() -> bool:
    return _stopping


# Where the wrapper leaves the request's id and start in its WSGI environ, for the app's code.
ID_KEY = "service.request_id"
REQUEST_KEY = "service.request"


def request_id() -> str:
    """This request's id: the client's, if ``Traced`` found it sane, else a fresh one."""
    environ = request.environ
    found = environ.get(ID_KEY)
    if found is None:  # an app run without its wrapper (a test's own Flask app)
        found = environ[ID_KEY] = fresh_id()
    return str(found)


def fresh_id() -> str:
    """A uuid4 in hex, from the process's own random generator (reseeded in each forked
    worker by the ``random`` module): an id to join lines by, never a secret, so it spares
    the system call and the UUID object of ``uuid.uuid4()``."""
    return f"{getrandbits(128) & UUID4_CLEAR | UUID4_SET:032x}"


# uuid4's version (4) and variant (RFC 4122) bits, as uuid.UUID(version=4) sets them.
UUID4_CLEAR = ~((0xF000 << 64) | (0xC000 << 48))
UUID4_SET = (0x4000 << 64) | (0x8000 << 48)

# The last second ``_now`` wrote and its text: one request's line in thousands starts a new
# second, the rest only add milliseconds. One tuple, replaced whole, so that a thread (gthread
# workers) reads a second and its text together: kept as two fields set one after the other,
# a thread could pair the new second's text with the old second and write a time a second off.
_second: list[tuple[int, str]] = [(-1, "")]


def _now(now: float | None = None) -> str:
    """UTC now (or ``now``, seconds since the epoch) as ``2026-12-04T12:43:43.123Z``:
    milliseconds, truncated, as ``datetime.isoformat(timespec="milliseconds")`` writes them."""
    seconds, micro = divmod(round((time.time() if now is None else now) * 1_000_000),
                            1_000_000)
    last = _second[0]
    if last[0] != seconds:
        last = (seconds, datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%S"))
        _second[0] = last
    return f"{last[1]}.{micro // 1000:03d}Z"


_PID = [os.getpid()]  # a system call a request spared; a forked worker sets its own
os.register_at_fork(after_in_child=lambda: _PID.__setitem__(0, os.getpid()))


def _emit(line: str) -> None:
    """One line on the requests log. With only the service's own handler on it (a worker,
    the command line's serving), with its own formatter, no filter on either, nothing passed
    on to the root logger and the info level enabled, the line
    goes straight to that handler's stream under its lock, as its formatter (``%(message)s``)
    would write it: building a log record costs more than the rest of the request's tracing.
    Any other handler, filter, formatter or propagation a test or a deployment adds gets the
    record through logging as before."""
    handlers = log.handlers
    if len(handlers) == 1 and (handler := handlers[0]) is _OWN[0] and not log.filters \
            and not handler.filters and handler.formatter is _OWN_FORMAT \
            and not log.propagate and log.isEnabledFor(logging.INFO) \
            and handler.level <= logging.INFO:
        with handler.lock:  # type: ignore[union-attr]
            try:
                handler.stream.write(line + "\n")  # type: ignore[attr-defined]
                handler.stream.flush()  # type: ignore[attr-defined]
            except Exception:  # as logging does: said on stderr, the request goes on
                handler.handleError(logging.makeLogRecord({"msg": line}))
    else:
        log.info(line)


def write(record: dict[str, Any]) -> None:
    """One JSON line on the requests log, ASCII-escaped: any text, even a lone surrogate in an
    exception's message, can be written."""
    _emit(json.dumps({"time": _now(), **record}))


def log_exception(exc: BaseException, rid: str | None = None, method: str | None = None,
                  path: str | None = None, doing: str = "") -> None:
    """A traceback as one JSON record tied to the request that raised it: Flask's current one
    unless its id, method and path are given (the trace, once the app has answered)."""
    write({"level": "error", "request_id": request_id() if rid is None else rid,
           "pid": os.getpid(), "method": request.method if method is None else method,
           "path": request.path if path is None else path,
           "error": f"{doing}{type(exc).__name__}: {exc}",
           "traceback": "".join(traceback.format_exception(exc))})


class TracedRequest(Request):
    """Flask's request, left in its environ for ``Traced`` to read its method, path and URL
    rule once the app has answered (Flask clears ``werkzeug.request`` before that); ``Traced``
    takes it out again, so no cycle outlives the request."""

    def __init__(self, environ: WSGIEnvironment, populate_request: bool = True,
                 shallow: bool = False) -> None:
        super().__init__(environ, populate_request, shallow)
        environ[REQUEST_KEY] = self


def request_line(now: str, method: str, path: str, status: int, duration_ms: float,
                 rid: str, pid: int) -> str:
    """The request's log line, written as ``json.dumps`` writes its record, key for key
    (tests/test_hostile_trace.py checks it on any text); the time and the id need no escaping
    (``_now``'s, and a sane id or ours), the method and the path may need any."""
    return (f'{{"time": "{now}", "level": "info", "method": {_text(method)}, '
            f'"path": {_text(path)}, "status": {status}, "duration_ms": {duration_ms!r}, '
            f'"request_id": "{rid}", "pid": {pid}}}')


# What is told of every answer, once it is made: route template (or None, unmatched), method,
# status and seconds (service/api/metrics.py counts them).
Answered = Callable[[str | None, str, int, float], None]


class Traced:
    """The app's WSGI callable wrapped: the request's id, ``X-Request-ID`` and
    ``Service-Version`` on the answer, the JSON log line, and what ``answered`` counts. One
    plain function around Flask rather than Flask's before and after hooks: it reads the
    environ once and costs a fraction of them (docs/performance.md)."""

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app
        self.answered: list[Answered] = []

    def __call__(self, environ: WSGIEnvironment,
                 start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        sent = environ.get("HTTP_X_REQUEST_ID")
        rid = sent if sent and SANE_REQUEST_ID.fullmatch(sent) else fresh_id()
        environ[ID_KEY] = rid
        status = [0]

        def traced(status_line: str, headers: list[tuple[str, str]],
                   exc_info: Any = None) -> Any:
            status[0] = int(status_line[:3])
            say_language(environ, headers)  # Content-Language, Vary: Accept-Language
            headers.append((REQUEST_ID_HEADER, rid))
            headers.append((VERSION_HEADER, VERSION))
            return start_response(status_line, headers, exc_info)

        body = self.app(environ, traced)
        seconds = time.perf_counter() - started
        asked = environ.pop(REQUEST_KEY, None)  # the Request Flask made of this environ
        if asked is not None:
            method, path, rule = asked.method, asked.path, asked.url_rule
        else:  # never the case under Flask; kept so the line has its method and path
            method, path, rule = environ.get("REQUEST_METHOD", "GET").upper(), \
                environ.get("PATH_INFO", "/"), None
        _emit(request_line(_now(), method, path, status[0], round(seconds * 1000, 3), rid,
                           _PID[0]))
        try:
            for answered in self.answered:
                answered(None if rule is None else rule.rule, method, status[0], seconds)
        except Exception as exc:  # noqa: BLE001 (counting never fails a request answered)
            log_exception(exc, rid, method, path, "counting the answer: ")
        return body


# The handler ``register`` put on the requests log, if it did: the one ``_emit`` writes to.
_OWN: list[logging.Handler | None] = [None]


# The own handler's formatter, which the direct write copies: another set on it is obeyed.
_OWN_FORMAT: Final = logging.Formatter("%(message)s")


def _stdout_handler() -> logging.Handler:
    handler = logging.StreamHandler(sys.stdout)
    handler.setFormatter(_OWN_FORMAT)
    return handler


def register(app: Flask) -> Traced:
    """Give every request an id and a log line; the first app in a process sets up the log.
    Returns the wrapper, whose ``answered`` others add to (the metrics)."""
    if not log.handlers:
        _OWN[0] = handler = _stdout_handler()
        log.addHandler(handler)
        log.setLevel(logging.INFO)
        log.propagate = False
    app.request_class = TracedRequest
    traced = Traced(app.wsgi_app)
    app.wsgi_app = traced  # type: ignore[method-assign]
    return traced
