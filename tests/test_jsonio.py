"""orjson reads and writes JSON; what it refuses goes to the standard library, so the service
accepts and refuses the same bodies as with the standard library alone, but for NaN, Infinity
and -Infinity, which are not JSON (RFC 8259 6): refused, saying where, as orjson refuses them."""

from __future__ import annotations

import json

import pytest
from flask import Flask

BODIES = [b'{"a": [1, 2.5, "x", null, true]}', b'{"concealed": "\\ud800m"}', b"[1e400]",
          b'{"n": 123456789012345678901234567890}', "{\"名\": \"财神\"}".encode(),
          b'{"a": 1, "a": 2}', b'["NaN", "-Infinity"]', b'{"s": "\\"NaN\\" Infinity"}']


@pytest.mark.parametrize("body", BODIES)
def test_reads_what_the_standard_library_reads(app: Flask, body: bytes) -> None:
    expected = json.loads(body)
    got = app.json.loads(body)
    assert repr(got) == repr(expected)


@pytest.mark.parametrize("body", [b"{", b"[1,]", b"\xff"])
def test_refuses_what_the_standard_library_refuses(app: Flask, body: bytes) -> None:
    with pytest.raises(ValueError):
        app.json.loads(body)


@pytest.mark.parametrize(("body", "where"), [
    (b"NaN", (1, 1)), (b"[Infinity]", (1, 2)), (b'{"a": -Infinity}', (1, 7)),
    # where orjson refuses first (a lone surrogate), or never reads (a number past 64 bits)
    (b'{"a": "\\ud800", "b": [1,\n NaN]}', (2, 2)),
    (b'{"n": 123456789012345678901234567890, "s": "NaN", "x": NaN}', (1, 56)),
    ("{\"名\": \"财神 NaN\", \"x\": Infinity}".encode(), (1, 22)),
])
def test_nan_and_infinity_are_refused_saying_where(
        app: Flask, body: bytes, where: tuple[int, int]) -> None:
    with pytest.raises(json.JSONDecodeError) as refused:
        app.json.loads(body)
    assert (refused.value.lineno, refused.value.colno) == where
    assert refused.value.msg.endswith("is not JSON")
    with pytest.raises(json.JSONDecodeError):
        app.json.loads(body.decode())


def test_writes_utf8_in_the_order_built_and_big_integers(app: Flask) -> None:
    assert json.loads(app.json.dumps({"b": "财神", "a": 2 ** 70})) == {"b": "财神", "a": 2 ** 70}
    assert app.json.dumps({"b": "财神", "a": 1}) == '{"b":"财神","a":1}'
