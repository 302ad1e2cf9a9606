"""gunicorn settings: ``gunicorn -c gunicorn.conf.py`` is the whole command.

Why gevent workers, and what they cost against sync workers: docs/operations.md.
"""

import multiprocessing
import os
import shutil
import signal
import tempfile
from pathlib import Path
from typing import Any

wsgi_app = "service.api.app:create_app()"
bind = [os.environ.get("BIND", "127.0.0.1:8000")]
# METRICS_PORT: /metrics on a port of its own, on BIND's host, and only there (a NetworkPolicy
# keeps it private: docs/operations.md).
if os.environ.get("METRICS_PORT"):
    _host, _, _port = bind[0].rpartition(":")
    _metrics = os.environ["METRICS_PORT"].strip()
    if bind[0].startswith("unix:") or not _port.isdigit():
        raise SystemExit(f"METRICS_PORT needs BIND to be host:port, not {bind[0]}")
    if not _metrics.isdigit() or int(_metrics) == int(_port):
        raise SystemExit(f"METRICS_PORT must be a port number other than BIND's ({_port}), "
                         f"not {_metrics!r}")
    os.environ["METRICS_PORT"] = str(int(_metrics))  # as the app compares it
    bind.append(f"{_host}:{int(_metrics)}")
# Scoring is CPU-bound: about one worker process per core.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
# A sync worker is held by one slow client for as long as it trickles; a gevent worker holds
# each connection in a greenlet, so fifty slow clients cost fifty greenlets, not the service.
worker_class = "gevent"
worker_connections = 1000
# gevent workers bound the wait for a request's headers (the first request's included) by
# the keep-alive time: a client that has not sent its headers within it is disconnected.
keepalive = 5
timeout = 30
graceful_timeout = 20
# The app writes one JSON line per request on stdout (service/serving.py) instead.
accesslog = None
errorlog = "-"
# gunicorn 25+ opens a control socket under HOME unless told not to.
control_socket_disable = True


def _begin_shutdown() -> None:
    from service.serving import begin_shutdown  # the worker's copy, imported after its fork

    begin_shutdown()


def post_worker_init(worker):
    """On SIGTERM (a graceful stop) /readyz turns 503 while in-flight requests finish; and
    the garbage collector tuned for the memos (service/work.py)."""
    from service.work import tune_gc

    tune_gc()
    stop = worker.handle_exit

    def handle_exit(sig, frame):
        _begin_shutdown()
        stop(sig, frame)

    signal.signal(signal.SIGTERM, handle_exit)


def worker_int(worker):
    """SIGINT and SIGQUIT stop a worker at once; say so to anyone still asking."""
    _begin_shutdown()


# --- Prometheus multiprocess mode: each worker writes its metrics to files in one directory,
# and GET /metrics sums them. The variable must be set before a worker imports the app.
# Kubernetes mounts an emptyDir there; elsewhere a temporary directory is made and removed.
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="mahjong-metrics-")
    # Survives a config reload (SIGHUP re-reads this file with the variable already set).
    os.environ["MAHJONG_METRICS_DIR_TEMPORARY"] = "1"


def on_starting(server: Any) -> None:
    """The variants of RULES_DIR are read here, once, before any worker starts, and every
    worker serves what was read (a worker that restarts reads no file: service/house.py): a
    bad file stops the start with one clear line naming the file and the key
    (docs/house-rules.md). Then the metrics start from zero: files left by an earlier run (a
    restarted container) would be summed."""
    from service.house import VariantError, read_before_workers

    try:
        read_before_workers()
    except VariantError as exc:
        raise SystemExit(f"RULES_DIR: {exc}") from None
    directory = Path(os.environ["PROMETHEUS_MULTIPROC_DIR"])
    directory.mkdir(parents=True, exist_ok=True)
    for stale in directory.glob("*.db"):
        stale.unlink()


def on_reload(server: Any) -> None:
    """SIGHUP: RULES_DIR is read again before the new workers start, and they serve the new
    set only if every file of it is good; with a bad file the set served before stays, for
    old and new workers alike, and one log line names the file (docs/operations.md)."""
    from service.house import VariantError, read_before_workers

    try:
        read_before_workers()
    except VariantError as exc:
        server.log.error("RULES_DIR: %s; the variants read before are still served", exc)
    else:
        server.log.info("RULES_DIR: read again; the new workers serve it")


def child_exit(server: Any, worker: Any) -> None:
    """A dead worker's counts stay in the sums; its live gauges (if any) are dropped."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def on_exit(server: Any) -> None:
    if os.environ.get("MAHJONG_METRICS_DIR_TEMPORARY"):
        shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)
