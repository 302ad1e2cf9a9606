"""Answers compressed for the clients that accept it (issue #45), by flask-compress.

An answer of 1 KiB or more, of a type worth compressing (JSON, the pages, the contract, the
scripts of /docs), goes out gzip, brotli, zstd or deflate as the request's
``Accept-Encoding`` prefers, and every answer that may be so says ``Vary: Accept-Encoding``,
so that a cache keeps the two apart. A smaller one goes as it is (a few hundred bytes gain
less than compressing them costs). ``/healthz`` is left alone, headers and all: a load
balancer asks it several times a second, and it answers 16 bytes.

flask-compress compresses only successful answers (2xx), as its own rule: a problem document
goes as it is (it is rarely past 1 KiB), and so does a CORS preflight, which has no body;
neither is handed to the library, so neither says ``Vary: Accept-Encoding``. The library's
hook runs after the view, like the other ``after_request`` hooks; its cost is measured in
docs/performance.md.
"""

from __future__ import annotations

from typing import Final

from flask import Flask, Response, request
from flask_compress import Compress

MIN_SIZE: Final = 1024  # bytes: an answer below it goes as it is
# The types an answer of this service is written in, and the assets of /docs.
TYPES: Final = ["application/json", "application/problem+json", "application/yaml",
                "text/html", "text/css", "text/javascript", "text/plain"]
# Never compressed, not even looked at: the blueprint of the liveness check, asked for all
# the time (service/api/common.py ``health``). A hook of the application's own would run for
# it too, and cost it some 17,000 instructions a call though it returned at once
# (docs/performance.md): the hook is each other blueprint's.
LEFT_ALONE: Final = frozenset({"health"})


def register(app: Flask) -> None:
    """flask-compress for every blueprint registered so far but those left alone: called
    once all are."""
    app.config.update(COMPRESS_MIN_SIZE=MIN_SIZE, COMPRESS_MIMETYPES=TYPES,
                      COMPRESS_REGISTER=False)  # its hook is called below, blueprint by one
    compress = Compress(app)

    def compressed(response: Response) -> Response:
        """flask-compress's own hook, for every answer it may compress: not a preflight's
        (no body, ever) or a refusal's (it compresses none)."""
        if response.status_code >= 400 or request.environ.get("REQUEST_METHOD") == "OPTIONS":
            return response
        return compress.after_request(response)

    for name in app.blueprints:
        if name not in LEFT_ALONE:
            app.after_request_funcs.setdefault(name, []).append(compressed)
