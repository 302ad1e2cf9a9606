"""orjson as Flask's JSON provider: request bodies and answers, problem documents included.

Measured in docs/performance.md: it parses and writes the score documents several times
faster than the standard library. What orjson refuses to read or write (a lone surrogate
escape, NaN, an integer beyond 64 bits) goes to the standard library instead, so the service
accepts and refuses exactly the bodies it did before: a lone surrogate in a tile string is
still the schema's 422 naming the field, not a 400.
"""

from __future__ import annotations

import json
import re
from typing import Any

import orjson
from flask import Flask, Response
from flask.json.provider import JSONProvider

_LONG_BYTES = re.compile(rb"\d{19}")
_LONG_TEXT = re.compile(r"\d{19}")


def encoded(obj: Any) -> bytes:
    try:
        return orjson.dumps(obj)
    except TypeError:  # beyond what orjson writes (an integer past 64 bits): the slow way
        try:
            return json.dumps(obj, ensure_ascii=False).encode()
        except UnicodeEncodeError:  # a lone surrogate a client sent, echoed: written escaped
            return json.dumps(obj).encode()


class OrjsonProvider(JSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return encoded(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        # orjson reads an integer past 64 bits as a float; the standard library keeps it an
        # integer (and the schema then names the field as it always did).
        long_number = _LONG_BYTES.search(s) if isinstance(s, bytes) else _LONG_TEXT.search(s)
        if long_number:
            return json.loads(s)
        try:
            return orjson.loads(s)
        except orjson.JSONDecodeError:
            return json.loads(s)  # its verdict, and its error, are the service's

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        return Response(encoded(obj), mimetype="application/json")


def install(app: Flask) -> None:
    app.json = OrjsonProvider(app)
