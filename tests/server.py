"""Start the real service with gunicorn on a free loopback port, as a client app would meet it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running_server(workers: int = 2) -> Iterator[str]:
    """Yield the base URL of a gunicorn serving the app; stop it afterwards."""
    port = free_port()
    env = {**os.environ, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(workers)}
    gunicorn = Path(sys.executable).with_name("gunicorn")
    log = tempfile.TemporaryFile()
    process = subprocess.Popen(
        [str(gunicorn), "-c", "gunicorn.conf.py"], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=log,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if requests.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except (requests.ConnectionError, requests.Timeout):
                pass  # not listening yet, or listening while the workers still boot
            if process.poll() is not None or time.monotonic() > deadline:
                log.seek(0)
                raise RuntimeError(f"gunicorn did not start:\n{log.read().decode()}")
            time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=15)
        log.close()
