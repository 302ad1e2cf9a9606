"""Reading a JSON request body: 415 for another type, 400 for bad JSON, 413 above 1 MiB."""

from __future__ import annotations

from typing import Any

from flask import request
from werkzeug.exceptions import BadRequest, UnsupportedMediaType


def json_body() -> Any:
    if not request.is_json:
        raise UnsupportedMediaType("Send the body as application/json.")
    data = request.get_data(cache=True)  # raises 413 past MAX_CONTENT_LENGTH
    try:
        return request.get_json(force=True, silent=False)
    except BadRequest:
        raise BadRequest(f"The body ({len(data)} bytes) is not valid JSON.") from None
