"""Reading a JSON request body, refusing what the service will not read before it reads it.

415 for a body that is not ``application/json``, comes compressed or is not UTF-8 (RFC 8259
8.1: JSON is UTF-8; a UTF-8 byte order mark is ignored, as the RFC allows); 413 above 1 MiB,
chunked bodies included; 400 for a body whose framing breaks (a bad chunk, a client that stops
sending halfway); 400 for nesting deeper than any request needs, checked on the raw bytes
before the JSON parser recurses into it; 400 for anything else that is not JSON (``NaN`` and
``Infinity`` included), saying where.
"""

from __future__ import annotations

import json
from typing import Any, BinaryIO

from flask import Request, current_app, request
from gunicorn.http.errors import ParseException  # type: ignore[import-untyped]
from werkzeug.exceptions import (
    BadRequest,
    ClientDisconnected,
    RequestEntityTooLarge,
    UnsupportedMediaType,
)

from service.jsonio import MAX_DEPTH, nesting_depth_exceeds
from service.language import Message

MAX_BODY_BYTES = 1024 * 1024  # a request body; a batch may be larger (service/api/batch.py)

class UnsupportedEncoding(UnsupportedMediaType):
    """A ``Content-Encoding`` the service does not decode; RFC 7694 says which one it does."""

    def get_headers(self, *args: Any, **kwargs: Any) -> list[tuple[str, str]]:
        return [*super().get_headers(*args, **kwargs), ("Accept-Encoding", "identity")]


class BrokenFraming(BadRequest):
    description = Message("broken-framing",
                          "The body's framing is broken (a chunk that is not one, or a body "
                          "that ended before its length): send the whole body again.")


def _read(stream: BinaryIO, size: int) -> bytes:
    """Up to ``size`` bytes of the body; a body the client framed wrongly or stopped sending
    is its fault: 400, never a 500 (gunicorn's readers raise OSError or their ParseException
    for it, Werkzeug's ClientDisconnected). Nothing else is caught: a fault of ours stays a
    500 with its traceback logged."""
    try:
        return stream.read(size)
    except (OSError, ParseException) as exc:  # NoMoreData and a stalled socket are OSErrors
        raise BrokenFraming() from exc


def _read_capped(asked: Request, environ: dict[str, Any]) -> bytes:
    """The whole body, or 413 past the cap, whether it came with a length or chunked."""
    # The request's own limit: the app's 1 MiB, or what a view set for itself (a batch).
    cap = asked.max_content_length or MAX_BODY_BYTES
    length = environ.get("CONTENT_LENGTH", "")
    if length.isascii() and length.isdigit() and (size := int(length)) <= cap:
        # A plain length within the cap, as clients send: read straight from the server's
        # stream (Werkzeug's wrappers around it cost more than every other body check).
        data = _read(environ["wsgi.input"], size)
        if len(data) != size:
            raise ClientDisconnected()  # as Werkzeug's reader says it
        return data
    if asked.content_length is not None or not environ.get("wsgi.input_terminated"):
        try:
            return asked.get_data()  # 413 at once when Content-Length says too much
        except (OSError, ParseException) as exc:
            raise BrokenFraming() from exc
    # A chunked body has no length to check first: read one byte past the cap to tell a body
    # that fills it from one that overflows it (Werkzeug's own reader stops at the cap).
    data = _read(environ["wsgi.input"], cap + 1)
    if len(data) > cap:
        raise RequestEntityTooLarge()
    return data


def detected_encoding(data: bytes) -> str:
    """``json.detect_encoding`` (UTF-8 for no bytes), answered at once for a body that opens
    an object with a second byte that is not 0, as nearly every body does: no byte order mark
    begins with ``{``, and only a 0 byte among the first two reads as UTF-16 or UTF-32."""
    if data[:1] == b"{" and (len(data) < 2 or data[1]):
        return "utf-8"
    return json.detect_encoding(data) if data else "utf-8"


def _check_utf8(asked: Request, plain: bool, data: bytes) -> None:
    """415 for a body in another Unicode encoding, by its content type's charset or by its
    first bytes (as the standard library's JSON reader would detect UTF-16 and UTF-32)."""
    charset = "utf-8" if plain else asked.mimetype_params.get("charset", "utf-8").lower()
    detected = detected_encoding(data)
    if charset not in ("utf-8", "utf8") or detected not in ("utf-8", "utf-8-sig"):
        named = detected if detected not in ("utf-8", "utf-8-sig") else charset
        raise UnsupportedMediaType(Message(
            "not-utf8", "The body is {encoding}; JSON is UTF-8 (RFC 8259): send it as UTF-8.",
            encoding=named))


def json_body() -> Any:
    # The request and its environ looked up once: each use of Flask's ``request`` proxy is
    # a look-up of its own.
    asked: Request = request._get_current_object()  # type: ignore[attr-defined]
    environ = asked.environ
    encoding = str(environ.get("HTTP_CONTENT_ENCODING", "")).strip().lower()
    if encoding not in ("", "identity"):
        raise UnsupportedEncoding(Message(
            "compressed", "Content-Encoding '{encoding}' is not decoded here; send the body "
            "uncompressed.", encoding=encoding))
    # What nearly every client sends is read from the environ; Werkzeug parses the rest.
    plain = environ.get("CONTENT_TYPE") == "application/json"
    if not (plain or asked.is_json):
        raise UnsupportedMediaType(Message("not-json-media-type",
                                           "Send the body as application/json."))
    data = _read_capped(asked, environ)
    _check_utf8(asked, plain, data)
    if nesting_depth_exceeds(data, MAX_DEPTH):
        raise BadRequest(Message("too-deep",
                                 "The body nests arrays or objects more than {limit} deep.",
                                 limit=MAX_DEPTH))
    try:
        return current_app.json.loads(data)
    except UnicodeDecodeError:  # bytes that are not UTF-8: Latin-1, say
        raise UnsupportedMediaType(Message(
            "not-utf8", "The body is not UTF-8; JSON is UTF-8 (RFC 8259): send it as UTF-8.")
        ) from None
    except json.JSONDecodeError as error:  # NaN and Infinity too (service/jsonio.py)
        # Where the reading stopped, in the sentence; the reader's own English words only
        # in params, so that a Chinese sentence holds none of them.
        raise BadRequest(Message("not-json", "The body ({size} bytes) is not valid JSON: line "
                                 "{line}, column {column}.", size=len(data), line=error.lineno,
                                 column=error.colno, reason=error.msg)) from None
    except ValueError:  # an integer of more than 4,300 digits
        raise BadRequest(Message("not-json", "The body ({size} bytes) is not valid JSON.",
                                 size=len(data))) from None
