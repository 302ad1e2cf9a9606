"""orjson as Flask's JSON provider: request bodies and answers, problem documents included.

Measured in docs/performance.md: it parses and writes the score documents several times
faster than the standard library. What orjson refuses to read or write (a lone surrogate
escape, an integer beyond 64 bits) goes to the standard library instead, so the service
accepts and refuses exactly the bodies it did before: a lone surrogate in a tile string is
still the schema's 422 naming the field, not a 400. ``NaN``, ``Infinity`` and ``-Infinity``
are not JSON (RFC 8259 6), and the standard library's reader, which takes them, refuses them
here as orjson does, saying where.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any, Final, NoReturn

import orjson
from flask import Flask, Response
from flask.json.provider import JSONProvider

from service.language import ENGLISH, LANGUAGES, NamedObject, Text, translated

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


def _sayer(language: str) -> Callable[[Any], Any]:
    """orjson's ``default`` for an answer in ``language``: handed every subclass of str, int,
    dict and list (OPT_PASSTHROUGH_SUBCLASS), it says each text in the language, and each
    labelled object with its name in it, and gives the others back as their plain type."""
    def say(obj: Any) -> Any:
        if isinstance(obj, Text):
            return obj.said(language)
        if isinstance(obj, str):
            return str(obj)
        if isinstance(obj, NamedObject):
            return obj.said(language)
        if isinstance(obj, dict):
            return dict(obj)
        if isinstance(obj, list):
            return list(obj)
        if isinstance(obj, int):
            return int(obj)
        raise TypeError(f"{type(obj).__name__} is not JSON")
    return say


_SAYERS: Final = {language: _sayer(language) for language in LANGUAGES}


def written(obj: Any, language: str) -> bytes:
    """A JSON answer's bytes in ``language``. In another language than English the texts are
    said while orjson writes, not by walking the answer first: orjson hands over only the
    texts (and any other subclass), so a score's answer, which holds none, costs the same."""
    if language == ENGLISH:
        return encoded(obj)
    try:
        return orjson.dumps(obj, default=_SAYERS[language],
                            option=orjson.OPT_PASSTHROUGH_SUBCLASS)
    except TypeError:  # what orjson does not write (an integer past 64 bits): the slow way
        return encoded(translated(obj, language))


# The deepest valid request (an escape: body, players, a player, melds, a meld, a tile array)
# is 6 levels; 32 leaves room for any later field and is far below the parser's recursion.
MAX_DEPTH = 32

_BRACKETS = bytes.maketrans(b"{}", b"[]")
_NOT_BRACKETS = bytes(set(range(256)) - set(b"[]{}"))


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


def loads(s: str | bytes) -> Any:
    """A JSON text as the service reads every body and command-line line: orjson, and the
    standard library for what orjson would read differently or refuse (its verdict, and its
    error, are the service's)."""
    # orjson reads an integer past 64 bits as a float; the standard library keeps it an
    # integer (and the schema then names the field as it always did).
    long_number = _LONG_BYTES.search(s) if isinstance(s, bytes) else _LONG_TEXT.search(s)
    if long_number:
        return _standard(_text(s))
    try:
        return orjson.loads(s)
    except orjson.JSONDecodeError:
        return _standard(_text(s))


class _Constant(ValueError):
    """A ``NaN``, ``Infinity`` or ``-Infinity`` the standard library's reader came to."""


def _refuse_constant(name: str) -> NoReturn:
    raise _Constant(name)


# A JSON string, or one of the three constants outside any string: the first constant found
# this way in a text read up to it is the one the reader came to.
_STRING_OR_CONSTANT = re.compile(r'"(?:[^"\\]|\\.)*"|(-?Infinity|NaN)')


def _standard(text: str) -> Any:
    """The standard library's reading, but for the constants it alone takes: a body sending
    ``{"id": NaN}`` would lose its value to a null (orjson writes NaN as null), so it is
    refused, its place said as any other error's (line, column, position)."""
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except _Constant as constant:
        # The reader reached it, so what stands before it is JSON read well: its strings end
        # where the pattern ends them, and the first constant outside one is this one.
        place = next((match.start() for match in _STRING_OR_CONSTANT.finditer(text)
                      if match[1]), 0)
        raise json.JSONDecodeError(f"{constant} is not JSON", text, place) from None


def _text(s: str | bytes) -> str:
    """Bytes as the standard library must read them here: strictly UTF-8 (a byte order mark
    ignored). Given bytes, ``json.loads`` would decode them letting UTF-8-encoded surrogates
    (ED A0 80) through, which are not UTF-8: they raise ``UnicodeDecodeError`` instead."""
    return s.decode("utf-8-sig") if isinstance(s, bytes) else s


class OrjsonProvider(JSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return encoded(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        return Response(encoded(obj), mimetype="application/json")


def install(app: Flask) -> None:
    app.json = OrjsonProvider(app)
