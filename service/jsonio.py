"""orjson as Flask's JSON provider: request bodies and answers, problem documents included.

Measured in docs/performance.md: it parses and writes the score documents several times
faster than the standard library. It is also stricter, as JSON is: NaN, Infinity, lone
surrogates and integers beyond 64 bits are not JSON, so such a body is a 400 problem.
"""

from __future__ import annotations

import json
from typing import Any

import orjson
from flask import Flask, Response
from flask.json.provider import JSONProvider


def encoded(obj: Any) -> bytes:
    try:
        return orjson.dumps(obj)
    except TypeError:  # beyond what orjson writes (an integer past 64 bits): the slow way
        return json.dumps(obj, ensure_ascii=False).encode()


class OrjsonProvider(JSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return encoded(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        return Response(encoded(obj), mimetype="application/json")


def install(app: Flask) -> None:
    app.json = OrjsonProvider(app)
