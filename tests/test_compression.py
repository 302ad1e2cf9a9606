"""Answers compressed when the client accepts it (issue #45, service/api/compress.py)."""

from __future__ import annotations

import gzip
import json

import pytest
import requests
from flask.testing import FlaskClient

from service.api.compress import MIN_SIZE

# The advice: every discard of a winning hand, each with what its waits pay.
ADVICE = {"concealed": "123m456m789p234s678s11z", "caishen": "1z", "winner": 0, "dealer": 0}
GZIP = {"Accept-Encoding": "gzip"}


def test_a_large_answer_travels_gzipped_when_the_client_accepts_it(
        client: FlaskClient) -> None:
    plain = client.post("/v1/yueqing/advice", json=ADVICE)
    packed = client.post("/v1/yueqing/advice", json=ADVICE, headers=GZIP)
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    for answer in (plain, packed):
        assert "Accept-Encoding" in answer.headers["Vary"]
    assert len(packed.data) <= 32 * 1024 < len(plain.data)
    assert int(packed.headers["Content-Length"]) == len(packed.data)
    assert gzip.decompress(packed.data) == plain.data


def test_an_answer_below_a_kibibyte_goes_as_it_is(client: FlaskClient) -> None:
    small = client.post("/v1/chuzhou/draw", json={"dealer": 0}, headers=GZIP)
    assert len(small.data) < MIN_SIZE
    assert "Content-Encoding" not in small.headers
    assert "Accept-Encoding" in small.headers["Vary"]  # a larger one of it would be


def test_healthz_is_never_compressed_nor_varies(client: FlaskClient) -> None:
    health = client.get("/healthz", headers={"Accept-Encoding": "gzip, br, zstd, *"})
    assert health.get_json() == {"status": "ok"}
    assert "Content-Encoding" not in health.headers
    assert "Accept-Encoding" not in health.headers.get("Vary", "")


@pytest.mark.parametrize("encoding", ["gzip", "br", "deflate", "zstd"])
def test_each_encoding_the_library_offers(client: FlaskClient, encoding: str) -> None:
    answer = client.get("/openapi.json", headers={"Accept-Encoding": encoding})
    assert answer.headers["Content-Encoding"] == encoding


def test_a_client_that_refuses_every_encoding_gets_the_plain_answer(
        client: FlaskClient) -> None:
    answer = client.get("/openapi.json", headers={"Accept-Encoding": "identity, gzip;q=0"})
    assert "Content-Encoding" not in answer.headers
    assert json.loads(answer.data)["openapi"].startswith("3.1")


def test_a_refusal_goes_as_it_is(client: FlaskClient) -> None:
    refused = client.post("/v1/yueqing/advice", json={**ADVICE, "concealed": "1m" * 20},
                          headers=GZIP)
    assert refused.status_code == 422
    assert "Content-Encoding" not in refused.headers


def test_the_served_advice_travels_gzipped(live_server: str) -> None:
    answer = requests.post(f"{live_server}/v1/yueqing/advice", json=ADVICE, headers=GZIP,
                           timeout=30, stream=True)
    raw = answer.raw.read(decode_content=False)
    assert answer.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in answer.headers["Vary"]
    assert len(raw) <= 32 * 1024
    assert json.loads(gzip.decompress(raw))["shanten"] == -1
    health = requests.get(f"{live_server}/healthz", headers=GZIP, timeout=5, stream=True)
    assert "Content-Encoding" not in health.headers
    assert health.raw.read(decode_content=False) == b'{"status":"ok"}'
