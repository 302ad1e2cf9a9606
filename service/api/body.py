"""Reading a JSON request body, refusing what the service will not read before it reads it.

415 for a body that is not ``application/json`` or comes compressed; 413 above 1 MiB, chunked
bodies included; 400 for nesting deeper than any request needs, checked on the raw bytes before
the JSON parser recurses into it; 400 for anything else that is not JSON.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, request
from werkzeug.exceptions import (
    BadRequest,
    ClientDisconnected,
    RequestEntityTooLarge,
    UnsupportedMediaType,
)

MAX_BODY_BYTES = 1024 * 1024  # a request body; a batch may be larger (service/api/batch.py)

# The deepest valid request (an escape: body, players, a player, melds, a meld, a tile array)
# is 6 levels; 32 leaves room for any later field and is far below the parser's recursion.
MAX_DEPTH = 32

_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))


class UnsupportedEncoding(UnsupportedMediaType):
    """A ``Content-Encoding`` the service does not decode; RFC 7694 says which one it does."""

    def get_headers(self, *args: Any, **kwargs: Any) -> list[tuple[str, str]]:
        return [*super().get_headers(*args, **kwargs), ("Accept-Encoding", "identity")]


def nesting_depth_exceeds(data: bytes, limit: int) -> bool:
    """Whether JSON text nests arrays and objects more than ``limit`` deep.

    Works on the bytes in C-speed passes, so a megabyte of brackets costs milliseconds:
    strings are cut out (escapes first, so ``\\"`` does not end one), every bracket becomes
    ``[`` or ``]``, and each pass of removing ``[]`` peels exactly one level. Brackets that do
    not balance are left for the JSON parser to refuse.
    """
    # A request sent in earnest has a few dozen brackets at most: counting them all, those
    # inside strings too, bounds the depth at once, before anything is cut out (two C scans).
    if data.count(b"[") + data.count(b"{") <= limit:
        return False
    unescaped = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    outside_strings = b"".join(unescaped.split(b'"')[::2])
    brackets = outside_strings.translate(_BRACKETS, _NOT_BRACKETS)
    if brackets.count(b"[") <= limit:
        return False
    if b"[" * (limit + 1) in brackets:
        return True
    for _ in range(limit):
        peeled = brackets.replace(b"[]", b"")
        if not peeled or peeled == brackets:
            return False
        brackets = peeled
    return True


def _content_encoding() -> str:
    return str(request.environ.get("HTTP_CONTENT_ENCODING", "")).strip().lower()


def _is_json() -> bool:
    # What nearly every client sends is read from the environ; Werkzeug parses the rest.
    return request.environ.get("CONTENT_TYPE") == "application/json" or request.is_json


def _read_capped() -> bytes:
    """The whole body, or 413 past the cap, whether it came with a length or chunked."""
    # The request's own limit: the app's 1 MiB, or what a view set for itself (a batch).
    environ, cap = request.environ, request.max_content_length or MAX_BODY_BYTES
    length = environ.get("CONTENT_LENGTH", "")
    if length.isascii() and length.isdigit() and (size := int(length)) <= cap:
        # A plain length within the cap, as clients send: read straight from the server's
        # stream (Werkzeug's wrappers around it cost more than every other body check).
        data: bytes = environ["wsgi.input"].read(size)
        if len(data) != size:
            raise ClientDisconnected()  # as Werkzeug's reader says it
        return data
    if request.content_length is not None or not environ.get("wsgi.input_terminated"):
        return request.get_data()  # 413 at once when Content-Length says too much
    # A chunked body has no length to check first: read one byte past the cap to tell a body
    # that fills it from one that overflows it (Werkzeug's own reader stops at the cap).
    data = environ["wsgi.input"].read(cap + 1)
    if len(data) > cap:
        raise RequestEntityTooLarge()
    return data


def json_body() -> Any:
    encoding = _content_encoding()
    if encoding not in ("", "identity"):
        raise UnsupportedEncoding(
            f"Content-Encoding '{encoding}' is not decoded here; send the body uncompressed.")
    if not _is_json():
        raise UnsupportedMediaType("Send the body as application/json.")
    data = _read_capped()
    if nesting_depth_exceeds(data, MAX_DEPTH):
        raise BadRequest(f"The body nests arrays or objects more than {MAX_DEPTH} deep.")
    try:
        return current_app.json.loads(data)
    except ValueError:  # JSONDecodeError and UnicodeDecodeError alike
        raise BadRequest(f"The body ({len(data)} bytes) is not valid JSON.") from None
