"""Prometheus metrics: what the service counts, and the hooks the core calls to count it.

Under gunicorn every worker writes its values to files in ``PROMETHEUS_MULTIPROC_DIR`` (set up
by ``gunicorn.conf.py``) and ``GET /metrics`` sums them over the workers; without that variable
(tests, the core used as a library) the values live in this process. Labels are bounded sets
only: route templates, methods, statuses, ruleset and action ids, problem types. Never a seat,
a tile or anything from a body.

The per-hand hooks write straight to prometheus_client: three values a hand, each behind a lock
and under gunicorn an mmap write (3-6 µs a hand in all on the 2-core machine, 8-10 µs under
gunicorn; the larger figures right after a hand's scoring). Counts kept in plain ints and
handed over later would take that out of a score, but not out of a request: under gunicorn a
worker must have written its counts before its response leaves, or a ``/metrics`` answered by
another worker misses them, so the same writes would happen on every request anyway. Only a
process nobody scrapes would gain, so the hooks stay direct.

Should the directory vanish or turn read-only while the service runs, counting is what
stops, not the service: every hook swallows the OSError (one log line per outage, not one per
request), scoring and ``/healthz`` go on, and ``GET /metrics`` answers 503 until the directory
is back (docs/operations.md, "Metrics").
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any, ParamSpec

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.metrics import MetricWrapperBase
from prometheus_client.multiprocess import MultiProcessCollector

from service.errors import MetricsUnavailable
from service.language import Message

REQUESTS = Counter(
    "mahjong_http_requests", "HTTP requests answered, by route template, method and status.",
    ["route", "method", "status"])
# A warm hand takes a few hundred microseconds; the tail (three 财神) a few milliseconds.
LATENCY = Histogram(
    "mahjong_http_request_duration_seconds",
    "Time from the request reaching the app to its answer made, by route template.",
    ["route"],
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5))
HANDS = Counter(
    "mahjong_hands_scored", "Bodies the core answered, by ruleset and action (score, waits, ...).",
    ["ruleset", "action"])
PROBLEMS = Counter(
    "mahjong_problems", "problem+json answers, by problem type (schema-violation, not-a-win, ...).",
    ["type"])
READINGS = Histogram(
    "mahjong_readings_per_hand", "Readings of one hand the scorer examined for the best (G-4).",
    ["ruleset"], buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 4096))


log = logging.getLogger("service.requests")  # the JSON request log (service/serving.py)
_outage: list[str] = []  # what broke, while the directory cannot be written or read
Hook = ParamSpec("Hook")


def _lost(exc: OSError) -> None:
    """Counting failed: say so once, until a scrape finds the directory again."""
    if not _outage:
        _outage.append(f"{type(exc).__name__}: {exc}")
        log.error(json.dumps({"level": "error", "pid": os.getpid(), "error": _outage[0],
                              "metrics": "the metrics directory cannot be written: counting "
                                         "stops until it is back; GET /metrics answers 503"}))


def safely(hook: Callable[Hook, None]) -> Callable[Hook, None]:
    """A hook that never fails what it counts: an OSError of the metrics files is logged once
    and the count is lost."""
    def counted(*args: Hook.args, **kwargs: Hook.kwargs) -> None:
        try:
            hook(*args, **kwargs)
        except OSError as exc:
            _lost(exc)
    counted.__doc__, counted.__name__ = hook.__doc__, hook.__name__
    return counted


# The readiness check scores a hand of its own; a probe every few seconds is not traffic.
_counting: ContextVar[bool] = ContextVar("counting", default=True)


@contextmanager
def uncounted() -> Iterator[None]:
    """Score without counting hands or readings (the readiness check's own hand)."""
    token = _counting.set(False)
    try:
        yield
    finally:
        _counting.reset(token)


@cache
def series(metric: MetricWrapperBase, *labels: str) -> Any:
    """One labelled series, looked up once: ``labels()`` costs more than the count itself.
    The labels are bounded sets, so this cache is too."""
    return metric.labels(*labels)


# Each answer's two series by route, method and status (bounded sets, so bounded too), and
# caught as the per-hand hooks below do: one look-up and no wrapper on every request.
_ANSWERED: dict[tuple[str, str, int], tuple[Any, Any]] = {}


def request_answered(route: str, method: str, status: int, seconds: float | None) -> None:
    try:
        children = _ANSWERED.get((route, method, status))
        if children is None:
            children = _ANSWERED[route, method, status] = (
                series(REQUESTS, route, method, str(status)), series(LATENCY, route))
        children[0].inc()
        if seconds is not None:
            children[1].observe(seconds)
    except OSError as exc:
        _lost(exc)


# The per-hand hooks' series by label, in plain dicts: a look-up here is a fraction of the
# cost of ``series``' cache key of the metric and every label.
_HANDS: dict[str, dict[str, Any]] = {}
_READINGS: dict[str, Any] = {}


# The two per-hand hooks catch the OSError themselves rather than through ``safely``: one
# call layer fewer on every hand scored (docs/performance.md).
def hand_scored(ruleset: str, action: str) -> None:
    if _counting.get():
        try:
            by_action = _HANDS.get(ruleset) or _HANDS.setdefault(ruleset, {})
            child = by_action.get(action)
            if child is None:
                child = by_action[action] = series(HANDS, ruleset, action)
            child.inc()
        except OSError as exc:
            _lost(exc)


@safely
def problem(type_uri: str) -> None:
    """Count one problem by its type's last path segment (``/problems/not-a-win``)."""
    series(PROBLEMS, type_uri.rsplit("/", 1)[-1]).inc()


def hand_read(ruleset: str, examined: int) -> None:
    """Count the readings a scorer examined for one hand's best (G-4), as
    ``rulesets.readings.call`` collects them for ``scoring.perform``."""
    if _counting.get():
        try:
            child = _READINGS.get(ruleset)
            if child is None:
                child = _READINGS[ruleset] = series(READINGS, ruleset)
            child.observe(examined)
        except OSError as exc:
            _lost(exc)


def exposition() -> tuple[bytes, str]:
    """The text exposition and its content type: summed over the workers under gunicorn."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not directory:
        return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
    try:
        if not os.access(directory, os.R_OK | os.W_OK | os.X_OK):
            raise FileNotFoundError(f"{directory} is gone or not writable")
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        found = generate_latest(registry)
    except OSError as exc:
        _lost(exc)
        raise MetricsUnavailable(Message(
            "metrics-unavailable", "The metrics directory cannot be read ({reason}); "
            "counting resumes when it is back.", reason=str(exc)), {}) from None
    _outage.clear()  # the directory is back: a later outage is logged again
    return found, CONTENT_TYPE_LATEST
