"""The Flask application: common routes, one blueprint per ruleset, problem+json errors.

gunicorn serves ``service.api.app:create_app()`` (gunicorn.conf.py).
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from service import house, jsonio, serving
from service.api import (
    batch,
    common,
    compress,
    cors,
    docs,
    language,
    metrics,
    pages,
    problems,
    rulesets,
)
from service.api.body import MAX_BODY_BYTES


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """The application; the variants of ``RULES_DIR`` are served first: those gunicorn's
    master read before starting this worker, or, with no such master, those read now, where a
    bad file stops it (``house.VariantError``, naming the file and the key)."""
    house.serve_variants()
    app = Flask("service")
    app.config.from_mapping(MAX_CONTENT_LENGTH=MAX_BODY_BYTES)
    jsonio.install(app)  # orjson: keys in the order built, UTF-8 as is
    language.register(app)  # the same, each answer in the language asked for
    if test_config:
        app.config.from_mapping(test_config)
    traced = serving.register(app)
    problems.register(app)
    cors.register(app)
    metrics.register(app, traced)
    app.register_blueprint(common.health)
    app.register_blueprint(common.bp)
    app.register_blueprint(docs.bp)
    app.register_blueprint(pages.bp)  # /problems and the rulings, about the service itself
    app.register_blueprint(batch.bp)
    for bp in rulesets.blueprints():
        app.register_blueprint(bp)
    compress.register(app)  # every blueprint's answers but /healthz's: last, once all are
    return app
