"""gunicorn settings: ``gunicorn -c gunicorn.conf.py`` is the whole command.

Why gevent workers, and what they cost against sync workers: docs/operations.md.
"""

import multiprocessing
import os
import signal

wsgi_app = "service:create_app()"
bind = os.environ.get("BIND", "127.0.0.1:8000")
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
    """On SIGTERM (a graceful stop) /readyz turns 503 while in-flight requests finish."""
    stop = worker.handle_exit

    def handle_exit(sig, frame):
        _begin_shutdown()
        stop(sig, frame)

    signal.signal(signal.SIGTERM, handle_exit)


def worker_int(worker):
    """SIGINT and SIGQUIT stop a worker at once; say so to anyone still asking."""
    _begin_shutdown()
