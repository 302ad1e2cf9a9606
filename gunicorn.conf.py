"""gunicorn settings: ``gunicorn -c gunicorn.conf.py`` is the whole command."""

import multiprocessing
import os

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
