"""Start the real service with gunicorn on a free loopback port, as a client app would meet it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import requests

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running_server(workers: int = 2, args: Sequence[str] = (),
                   stdout: IO[bytes] | None = None,
                   env: dict[str, str] | None = None) -> Iterator[str]:
    """Yield the base URL of a gunicorn serving the app; stop it afterwards.

    ``args`` are added to the command line (``-k sync`` to compare worker models); the
    request log goes to ``stdout`` when one is given; ``env`` adds environment variables.
    """
    with gunicorn_process(workers, args, stdout, env) as (_process, base):
        yield base


@contextmanager
def gunicorn_process(workers: int = 2, args: Sequence[str] = (),
                     stdout: IO[bytes] | None = None, env: dict[str, str] | None = None
                     ) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """The gunicorn master process, serving, and its base URL; stopped afterwards."""
    port = free_port()
    env = {**os.environ, **(env or {}), "BIND": f"127.0.0.1:{port}",
           "WEB_CONCURRENCY": str(workers)}
    gunicorn = Path(sys.executable).with_name("gunicorn")
    log = tempfile.TemporaryFile()
    # Started outside the project: gunicorn puts its working directory first on sys.path, so
    # from the project's root the sources would be served, not the environment's own package
    # (the compiled wheel, under .venv-compiled).
    process = subprocess.Popen(
        [str(gunicorn), "-c", str(ROOT / "gunicorn.conf.py"), *args],
        cwd=tempfile.gettempdir(), env=env, stdout=stdout or subprocess.DEVNULL, stderr=log,
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
        yield process, base
    finally:
        process.terminate()
        process.wait(timeout=15)
        log.close()


@contextmanager
def slow_clients(base: str, count: int = 50, every: float = 1.0) -> Iterator[None]:
    """``count`` connections that send a request line, then one header line every ``every``
    seconds and never finish (slowloris), until the block ends."""
    host, port = base.removeprefix("http://").split(":")
    sockets = []
    for _ in range(count):
        sock = socket.create_connection((host, int(port)), timeout=5)
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: slow\r\n")
        sockets.append(sock)
    done = threading.Event()

    def trickle() -> None:
        while not done.wait(every):
            for sock in sockets:
                try:
                    sock.sendall(b"X-Slow: 1\r\n")
                except OSError:  # the server gave up on this one: as it should
                    pass

    trickler = threading.Thread(target=trickle, daemon=True)
    trickler.start()
    try:
        yield
    finally:
        done.set()
        trickler.join()
        for sock in sockets:
            sock.close()
