"""gunicorn settings: ``gunicorn -c gunicorn.conf.py`` is the whole command."""

import multiprocessing
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

wsgi_app = "service:create_app()"
bind = os.environ.get("BIND", "127.0.0.1:8000")
# Scoring is CPU-bound: about one sync worker per core.
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count()))
worker_class = "sync"
timeout = 30
accesslog = "-"
errorlog = "-"
# gunicorn 25+ opens a control socket under HOME unless told not to.
control_socket_disable = True


# --- Prometheus multiprocess mode: each worker writes its metrics to files in one directory,
# and GET /metrics sums them. The variable must be set before a worker imports the app.
# Kubernetes mounts an emptyDir there; elsewhere a temporary directory is made and removed.
if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="mahjong-metrics-")
    # Survives a config reload (SIGHUP re-reads this file with the variable already set).
    os.environ["MAHJONG_METRICS_DIR_TEMPORARY"] = "1"


def on_starting(server: Any) -> None:
    """Start from zero: files left by an earlier run (a restarted container) would be summed."""
    directory = Path(os.environ["PROMETHEUS_MULTIPROC_DIR"])
    directory.mkdir(parents=True, exist_ok=True)
    for stale in directory.glob("*.db"):
        stale.unlink()


def child_exit(server: Any, worker: Any) -> None:
    """A dead worker's counts stay in the sums; its live gauges (if any) are dropped."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def on_exit(server: Any) -> None:
    if os.environ.get("MAHJONG_METRICS_DIR_TEMPORARY"):
        shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)
