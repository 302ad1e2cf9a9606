"""orjson reads and writes JSON; what it refuses goes to the standard library, so the service
accepts and refuses the same bodies as with the standard library alone."""

from __future__ import annotations

import json

import pytest
from flask import Flask

BODIES = [b'{"a": [1, 2.5, "x", null, true]}', b'{"concealed": "\\ud800m"}', b"[1e400]",
          b"NaN", b'{"n": 123456789012345678901234567890}', "{\"名\": \"财神\"}".encode()]


@pytest.mark.parametrize("body", BODIES)
def test_reads_what_the_standard_library_reads(app: Flask, body: bytes) -> None:
    expected = json.loads(body)
    got = app.json.loads(body)
    assert repr(got) == repr(expected)


@pytest.mark.parametrize("body", [b"{", b"[1,]", b"\xff"])
def test_refuses_what_the_standard_library_refuses(app: Flask, body: bytes) -> None:
    with pytest.raises(ValueError):
        app.json.loads(body)


def test_writes_utf8_in_the_order_built_and_big_integers(app: Flask) -> None:
    assert json.loads(app.json.dumps({"b": "财神", "a": 2 ** 70})) == {"b": "财神", "a": 2 ** 70}
    assert app.json.dumps({"b": "财神", "a": 1}) == '{"b":"财神","a":1}'
