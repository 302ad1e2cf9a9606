"""The load script's mix stays a mix of valid requests as the schemas move on."""

from __future__ import annotations

from collections import Counter

import pytest
from flask.testing import FlaskClient

from bench.load import MIX, check_loopback, the_mix


def test_every_request_of_the_mix_is_answered_200(client: FlaskClient) -> None:
    mix = the_mix(300)
    for path, body in mix:
        response = client.post(path, json=body)
        assert response.status_code == 200, (path, body, response.get_json())
    paths = Counter(path for path, _ in mix)
    assert len(paths) == len(MIX)  # both rulesets, wins, waits, draws and the rarer events


def test_only_loopback_is_loaded() -> None:
    check_loopback("http://127.0.0.1:8000")
    check_loopback("http://localhost:8000")
    check_loopback("http://[::1]:8000")
    for url in ("http://10.0.0.5:8000", "http://example.com"):
        with pytest.raises(SystemExit):
            check_loopback(url)
