"""Cross-origin access for browser apps, from ``CORS_ORIGINS`` (issue #9).

A comma-separated list of origins (``https://a.example,https://b.example``) or ``*``; unset or
empty, no cross-origin access at all. Preflights from an origin not listed get no
``Access-Control-*`` headers, so the browser refuses the call.
"""

from __future__ import annotations

import os

from flask import Flask
from flask_cors import CORS


def origins_from(setting: str | None) -> list[str]:
    return [origin.strip() for origin in (setting or "").split(",") if origin.strip()]


def register(app: Flask) -> None:
    origins = origins_from(app.config.get("CORS_ORIGINS", os.environ.get("CORS_ORIGINS")))
    if not origins:
        return
    # Every path but /metrics, which is for the monitoring system, never for a web page.
    CORS(app, resources=r"^/(?!metrics$).*", origins="*" if "*" in origins else origins,
         methods=["GET", "POST"],
         allow_headers=["Content-Type", "X-Request-ID"], expose_headers=["X-Request-ID"],
         max_age=600)
