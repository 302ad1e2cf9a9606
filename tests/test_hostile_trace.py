"""Traceable requests (issue 8, item 5) and the pieces behind the hostile-client answers."""

from __future__ import annotations

import io
import json
import logging
import os
import signal
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import IO, Any

import pytest
import requests
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from service import serving
from service.errors import MAX_FIELD_ERRORS, SchemaViolation
from service.jsonio import MAX_DEPTH, nesting_depth_exceeds
from service.serving import SANE_REQUEST_ID, log
from tests.server import running_server


def test_the_log_has_one_json_line_per_request_and_never_the_body() -> None:
    with tempfile.TemporaryFile() as out:
        with running_server(stdout=out) as base:
            requests.get(f"{base}/healthz", headers={"X-Request-ID": "probe-1"}, timeout=5)
            requests.post(f"{base}/v1/chuzhou/waits", json={"concealed": "SECRET-TILES"},
                          headers={"X-Request-ID": "probe-2"}, timeout=5)
            time.sleep(0.5)  # let the workers flush their lines
        out.seek(0)
        text = out.read().decode()
    assert "SECRET" not in text
    records = {record["request_id"]: record for record in map(json.loads, text.splitlines())
               if record.get("request_id", "").startswith("probe-")}
    health, waits = records["probe-1"], records["probe-2"]
    assert set(health) == {"time", "level", "method", "path", "status", "duration_ms",
                           "request_id", "pid"}
    assert (health["method"], health["path"], health["status"]) == ("GET", "/healthz", 200)
    assert (waits["method"], waits["path"], waits["status"]) == ("POST", "/v1/chuzhou/waits", 422)
    assert health["time"].endswith("Z") and isinstance(health["duration_ms"], float)
    assert health["pid"] != os.getpid()


def _logged_pid(out: IO[bytes], request_id: str) -> int:
    """The worker pid that the request log gives for a request."""
    for _ in range(50):
        out.seek(0)
        for line in out.read().decode().splitlines():
            record = json.loads(line)
            if record.get("request_id") == request_id:
                return int(record["pid"])
        time.sleep(0.1)
    raise AssertionError(f"no log line for {request_id}")


def test_readyz_turns_503_once_its_worker_begins_to_stop() -> None:
    with tempfile.TemporaryFile() as out, running_server(workers=1, stdout=out) as base:
        session = requests.Session()  # one kept-alive connection: one worker answers it all
        first = session.get(f"{base}/readyz", headers={"X-Request-ID": "ready-1"}, timeout=5)
        assert first.status_code == 200
        os.kill(_logged_pid(out, "ready-1"), signal.SIGTERM)  # what the master sends on stop
        time.sleep(0.5)
        draining = session.get(f"{base}/readyz", timeout=5)
        assert draining.status_code == 503
        assert draining.headers["Content-Type"] == "application/problem+json"
        assert draining.headers["X-Request-ID"]
        assert session.get(f"{base}/healthz", timeout=5).status_code == 200  # a new worker
        session.close()


@contextmanager
def logged() -> Iterator[list[str]]:
    """The requests log's lines written inside the block."""
    records: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: records.append(record.getMessage())  # type: ignore[method-assign]
    log.addHandler(handler)
    try:
        yield records
    finally:
        log.removeHandler(handler)


def test_a_traceback_is_logged_with_its_request_id(app: Flask) -> None:
    def boom() -> None:
        raise RuntimeError("kaboom")

    app.add_url_rule("/boom", view_func=boom)
    with logged() as records:
        response = app.test_client().get("/boom", headers={"X-Request-ID": "trace-me"})
    assert response.status_code == 500
    assert response.headers["X-Request-ID"] == "trace-me"
    assert "kaboom" not in response.get_data(as_text=True)
    error = next(json.loads(r) for r in records if json.loads(r)["level"] == "error")
    assert error["request_id"] == "trace-me"
    assert "RuntimeError: kaboom" in error["traceback"]


def test_a_count_that_fails_never_fails_the_answer(app: Flask) -> None:
    """The metrics are told of an answer after it is made: whatever goes wrong there, the
    client gets its answer with its headers, and the failure is logged with the request's id."""
    def broken(*_: object) -> None:
        raise ValueError("no count")

    traced = app.wsgi_app
    traced.answered.append(broken)  # type: ignore[attr-defined]
    try:
        with logged() as records:
            response = app.test_client().get("/healthz", headers={"X-Request-ID": "count-me"})
    finally:
        traced.answered.remove(broken)  # type: ignore[attr-defined]
    assert response.status_code == 200
    assert response.headers["X-Request-ID"] == "count-me"
    assert "Service-Version" in response.headers
    lines = [json.loads(r) for r in records]
    assert [line["status"] for line in lines if line["level"] == "info"] == [200]
    error = next(line for line in lines if line["level"] == "error")
    assert error["request_id"] == "count-me" and "ValueError: no count" in error["error"]


@pytest.mark.parametrize("text, deeper", [
    ("[" * MAX_DEPTH + "]" * MAX_DEPTH, False),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), True),
    ('{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1), True),
    ("[{" * 17 + "}]" * 17, True),  # 34 levels, alternating kinds
    ("[" + "[]," * 10_000 + "[]]", False),  # wide, not deep
    ('["' + "[[[[" * 100 + '"]', False),  # brackets inside a string
    ('["\\"' + "[" * 100 + '"]', False),  # ...after an escaped quote
    ('["\\\\", ' + "[" * 40 + "]" * 40 + "]", True),  # an escaped backslash ends no string
    ("[" * 100, True),  # unbalanced, but the parser would recurse 100 deep to find out
    ("[[]" * 40, False),  # unbalanced and never deep: the JSON parser refuses it
    ("[[]" + ",[[]]" * 40 + "]", False),  # many opens, three deep
])
def test_nesting_depth_is_read_from_the_bytes(text: str, deeper: bool) -> None:
    assert nesting_depth_exceeds(text.encode(), MAX_DEPTH) is deeper


def _depth(text: str) -> int:
    """The nesting depth of JSON text, read one character at a time (the slow, plain way)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


_JSON = st.recursive(
    st.none() | st.integers() | st.text(alphabet='[]{}"\\ab', max_size=6),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.text(alphabet='[]{}"\\ab', max_size=4), inner, max_size=3),
    max_leaves=60)


@given(_JSON)
def test_nesting_depth_agrees_with_a_plain_scan(value: object) -> None:
    """The bracket count that skips the scan never hides a body deeper than the limit."""
    text = json.dumps(value)
    for limit in (2, 5, MAX_DEPTH):
        assert nesting_depth_exceeds(text.encode(), limit) is (_depth(text) > limit)


def test_a_body_nested_exactly_to_the_limit_reaches_the_schema(client: FlaskClient) -> None:
    body = '{"concealed": ' + "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1) + "}"
    response = client.post("/v1/chuzhou/waits", data=body, content_type="application/json")
    assert response.status_code == 422


def test_a_problem_document_names_the_first_fields_and_counts_the_rest(
        client: FlaskClient) -> None:
    body = {f"unknown{i}": 1 for i in range(MAX_FIELD_ERRORS + 30)}
    problem = client.post("/v1/chuzhou/waits", json=body).json
    assert len(problem["errors"]) == MAX_FIELD_ERRORS
    assert problem["errors_omitted"] == 30 + 1  # and `concealed`, which is missing
    assert problem["detail"].endswith("; and 31 more fields")


def test_a_short_problem_document_has_no_count() -> None:
    problem = SchemaViolation.for_fields({"zhen": ["Not a list."]}).problem()
    assert problem["detail"] == "zhen: Not a list."
    assert "errors_omitted" not in problem


@pytest.mark.parametrize("content_type", [
    "application/json", "application/json; charset=utf-8", "application/problem+json",
    "Application/JSON"])
def test_every_json_media_type_reads_the_body(client: FlaskClient, content_type: str) -> None:
    response = client.post("/v1/chuzhou/waits", data='{"concealed": "1112345678999m"}',
                           content_type=content_type)
    assert response.status_code == 200, response.get_json()


def test_a_body_shorter_than_its_length_is_400(client: FlaskClient) -> None:
    """The client went away mid-body: Werkzeug's answer, whichever reader read it."""
    response = client.post("/v1/chuzhou/waits", data=b'{"concealed": "1m"}',
                           content_type="application/json",
                           environ_overrides={"CONTENT_LENGTH": "64"})
    assert response.status_code == 400


@given(st.text(), st.text(), st.integers(100, 599), st.floats(0, 1e6, allow_nan=False),
       st.from_regex(SANE_REQUEST_ID, fullmatch=True), st.integers(1, 2**22))
def test_the_request_line_is_what_json_dumps_writes(method: str, path: str, status: int,
                                                    duration: float, rid: str,
                                                    pid: int) -> None:
    duration_ms = round(duration, 3)
    now = serving._now()
    assert serving.request_line(now, method, path, status, duration_ms, rid, pid) == json.dumps(
        {"time": now, "level": "info", "method": method, "path": path, "status": status,
         "duration_ms": duration_ms, "request_id": rid, "pid": pid})


@given(st.floats(0, 4e9, allow_nan=False))
def test_the_log_time_is_what_isoformat_writes(now: float) -> None:
    expected = datetime.fromtimestamp(now, UTC).isoformat(timespec="milliseconds")
    assert serving._now(now) == expected.replace("+00:00", "Z")


def test_the_log_time_is_right_whatever_a_thread_does_between_two_steps(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """gthread workers write their lines from several threads: a line of the second before
    written while another thread is recording a new second (the interleaving a thread switch
    at that store makes, run here at each store) still has its own second."""
    earlier, later = 1_764_800_000.2, 1_764_800_001.3  # one second, then the next

    def iso(now: float) -> str:
        return datetime.fromtimestamp(now, UTC).isoformat(timespec="milliseconds").replace(
            "+00:00", "Z")

    written: list[str] = []
    switched = [False]

    class SwitchingAtEachStore(list):  # type: ignore[type-arg]
        def __setitem__(self, index: Any, value: Any) -> None:
            super().__setitem__(index, value)
            if not switched[0]:  # the other thread, once
                switched[0] = True
                written.append(serving._now(earlier))

    serving._now(earlier)
    monkeypatch.setattr(serving, "_second", SwitchingAtEachStore(serving._second))
    assert serving._now(later) == iso(later)
    assert written == [iso(earlier)]


@contextmanager
def own_log() -> Iterator[io.StringIO]:
    """What the requests log's own handler writes inside the block, that handler alone on the
    log as in a worker (pytest's capture handlers set aside)."""
    own = serving._OWN[0]
    assert own is not None and own in log.handlers
    others, log.handlers = log.handlers, [own]
    out = io.StringIO()
    previous = own.setStream(out)  # type: ignore[attr-defined]
    try:
        yield out
    finally:
        own.setStream(previous)  # type: ignore[attr-defined]
        log.handlers = others


def test_the_own_handler_writes_each_line_once(app: Flask) -> None:
    with own_log() as out:
        app.test_client().get("/healthz", headers={"X-Request-ID": "written"})
    lines = out.getvalue().splitlines()
    assert [json.loads(line)["request_id"] for line in lines] == ["written"]


@pytest.mark.parametrize("on", ["logger", "handler"])
def test_a_filter_on_the_requests_log_sees_every_line(app: Flask, on: str) -> None:
    """A filter a deployment adds (to drop or redact lines) is obeyed: the line goes through
    logging, not past it."""
    seen: list[str] = []

    def drop(record: logging.LogRecord) -> bool:
        seen.append(record.getMessage())
        return False

    where = log if on == "logger" else serving._OWN[0]
    assert where is not None
    with own_log() as out:
        where.addFilter(drop)
        try:
            app.test_client().get("/healthz", headers={"X-Request-ID": "filtered"})
        finally:
            where.removeFilter(drop)
    assert out.getvalue() == ""
    assert [json.loads(line)["request_id"] for line in seen] == ["filtered"]


def test_a_formatter_set_on_the_own_handler_is_used(app: Flask) -> None:
    own = serving._OWN[0]
    assert own is not None
    with own_log() as out:
        own.setFormatter(logging.Formatter("request: %(message)s"))
        try:
            app.test_client().get("/healthz", headers={"X-Request-ID": "formatted"})
        finally:
            own.setFormatter(serving._OWN_FORMAT)
    line = out.getvalue()
    assert line.startswith("request: ")
    assert json.loads(line.removeprefix("request: "))["request_id"] == "formatted"


def test_a_log_passed_on_to_the_root_logger_reaches_it(app: Flask) -> None:
    seen: list[str] = []

    class Kept(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record.getMessage())

    root, kept = logging.getLogger(), Kept()
    root.addHandler(kept)
    with own_log() as out:
        log.propagate = True
        try:
            app.test_client().get("/healthz", headers={"X-Request-ID": "passed-on"})
        finally:
            log.propagate = False
            root.removeHandler(kept)
    assert [json.loads(line)["request_id"] for line in out.getvalue().splitlines()] == [
        "passed-on"]
    assert [json.loads(line)["request_id"] for line in seen] == ["passed-on"]


def test_a_handler_set_above_info_writes_no_request_line(app: Flask) -> None:
    own = serving._OWN[0]
    assert own is not None
    with own_log() as out:
        own.setLevel(logging.WARNING)
        try:
            app.test_client().get("/healthz")
        finally:
            own.setLevel(logging.NOTSET)
    assert out.getvalue() == ""


def test_a_fresh_request_id_is_a_uuid4_in_hex() -> None:
    for _ in range(200):
        rid = serving.fresh_id()
        parsed = uuid.UUID(hex=rid)
        assert parsed.hex == rid and parsed.version == 4 and parsed.variant == uuid.RFC_4122
