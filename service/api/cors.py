"""Cross-origin access for browser apps, from ``CORS_ORIGINS`` (issue #9).

A comma-separated list of origins (``https://a.example,https://b.example``) or ``*``; unset or
empty, no cross-origin access at all. Preflights from an origin not listed get no
``Access-Control-*`` headers, so the browser refuses the call.

With a list, every answer on a path CORS covers depends on the request's ``Origin`` (a listed
origin is echoed, another or none gets other headers), so every one says ``Vary: Origin``
(issue #23): a cache keyed without the origin would otherwise hand one origin's answer to
another.
"""

from __future__ import annotations

import os
import re
from urllib.parse import unquote

from flask import Flask, Response, request
from flask_cors import CORS

# Every path but /metrics, which is for the monitoring system, never for a web page.
COVERED = re.compile(r"^/(?!metrics$).*")


def origins_from(setting: str | None) -> list[str]:
    return [origin.strip() for origin in (setting or "").split(",") if origin.strip()]


def register(app: Flask) -> None:
    origins = origins_from(app.config.get("CORS_ORIGINS", os.environ.get("CORS_ORIGINS")))
    if not origins:
        return
    listed = "*" not in origins
    # flask-cors's own Vary (vary_header) is left out for a list: it says Vary only when more
    # than one origin is listed and the request's origin is one of them, and adds a second
    # Vary header beside any other; _vary_on_origin covers every answer and merges.
    CORS(app, resources=COVERED.pattern, origins=origins if listed else "*",
         methods=["GET", "POST"],
         allow_headers=["Content-Type", "X-Request-ID"], expose_headers=["X-Request-ID"],
         max_age=600, vary_header=not listed)
    if listed:
        app.after_request(_vary_on_origin)


def _vary_on_origin(response: Response) -> Response:
    """``Vary: Origin`` on every answer CORS covers, preflights and refused origins included,
    merged with any Vary the answer already has."""
    if COVERED.match(unquote(request.path)):  # the path as flask-cors matches it
        response.vary.add("Origin")
    return response
