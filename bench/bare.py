"""A bare Flask app of the service's own Flask and Werkzeug versions: the floor under every
request figure. ``GET /healthz`` answers a small JSON object, ``POST /echo`` reads a JSON body
and answers it back, as plainly as Flask's documentation writes them. What the service spends
above these two is its own work per request (logging, request id, metrics, CORS, body checks,
its JSON), measured beside them by bench/instructions.py and bench/throughput.py.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, request


def bare_app() -> Flask:
    app = Flask("bare")

    @app.get("/healthz")
    def healthz() -> dict[str, Any]:
        return {"status": "ok"}

    @app.post("/echo")
    def echo() -> Any:
        return request.get_json()

    return app
