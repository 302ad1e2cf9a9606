"""Bodies whose framing or encoding is the client's fault, against the real gunicorn: a 4xx
problem, never a 500, and no traceback in the log (docs/contract.md, "Bodies are UTF-8
JSON")."""

from __future__ import annotations

import json
import socket
import tempfile
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest
import requests
from hypothesis import given
from hypothesis import strategies as st

from service.api.body import detected_encoding
from tests.conftest import under_mutation
from tests.server import running_server

SCORE = "/v1/chuzhou/score"
BODY = {"dealer": 0, "winner": 1, "zhen": [1, 1, 1, 1],
        "hand": {"concealed": "123m678m99p", "melds": [
            {"type": "chi", "tiles": "345s", "from": 0},
            {"type": "peng", "tiles": "777p", "from": 3}]},
        "win": {"tile": "8m", "by": "discard", "from": 3}}


@pytest.fixture(scope="module")
def logged_server() -> Iterator[tuple[str, tempfile._TemporaryFileWrapper[bytes]]]:
    if under_mutation():
        pytest.skip("mutation testing: the server would import the sources, not the mutants")
    with tempfile.NamedTemporaryFile() as log, running_server(1, stdout=log) as base:
        yield base, log


def raw(base: str, request: bytes, *, stop_sending: bool = False) -> bytes:
    """Send bytes as they are; read the answer until the server closes. Fails if that takes
    the whole 5 s: a hang is not a quiet close."""
    started = time.monotonic()
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), timeout=5) as sock:
        sock.sendall(request)
        if stop_sending:
            sock.shutdown(socket.SHUT_WR)  # the client gives up halfway
        answer = b""
        try:
            while chunk := sock.recv(65536):
                answer += chunk
                if b"\r\n\r\n" in answer and not stop_sending:
                    head, _, rest = answer.partition(b"\r\n\r\n")
                    length = [int(line.split(b":")[1]) for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length:")]
                    if length and len(rest) >= length[0]:
                        break
        except TimeoutError:
            raise AssertionError("the server neither answered nor closed") from None
    assert time.monotonic() - started < 5
    return answer


def head(path: str, *lines: str) -> bytes:
    return "\r\n".join([f"POST {path} HTTP/1.1", "Host: test", *lines, "", ""]).encode()


def assert_no_traceback(log: tempfile._TemporaryFileWrapper[bytes]) -> None:
    time.sleep(0.3)  # the worker writes its log line after the answer has left
    log.flush()
    with open(log.name, "rb") as written:
        text = written.read().decode(errors="replace")
    assert "Traceback" not in text
    assert '"status": 500' not in text and '"status":500' not in text


def test_a_chunk_size_that_is_not_hex_is_400(
        logged_server: tuple[str, tempfile._TemporaryFileWrapper[bytes]]) -> None:
    base, log = logged_server
    answer = raw(base, head(SCORE, "Content-Type: application/json",
                            "Transfer-Encoding: chunked") + b"zz\r\n{}\r\n0\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400"), answer[:200]
    assert b"application/problem+json" in answer
    assert_no_traceback(log)


def test_a_chunked_body_abandoned_halfway_is_400_or_a_quiet_close(
        logged_server: tuple[str, tempfile._TemporaryFileWrapper[bytes]]) -> None:
    base, log = logged_server
    answer = raw(base, head(SCORE, "Content-Type: application/json",
                            "Transfer-Encoding: chunked") + b"40\r\n{\"dealer\": 0",
                 stop_sending=True)
    assert answer == b"" or answer.startswith(b"HTTP/1.1 400"), answer[:200]
    assert_no_traceback(log)


def test_a_body_shorter_than_its_length_is_400_or_a_quiet_close(
        logged_server: tuple[str, tempfile._TemporaryFileWrapper[bytes]]) -> None:
    base, log = logged_server
    answer = raw(base, head(SCORE, "Content-Type: application/json", "Content-Length: 500")
                 + b'{"dealer": 0', stop_sending=True)
    assert answer == b"" or answer.startswith(b"HTTP/1.1 400"), answer[:200]
    assert_no_traceback(log)


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "utf-32-be"])
def test_json_in_another_unicode_encoding_is_415(
        logged_server: tuple[str, tempfile._TemporaryFileWrapper[bytes]], encoding: str) -> None:
    base, _ = logged_server
    response = requests.post(f"{base}{SCORE}", data=json.dumps(BODY).encode(encoding),
                             headers={"Content-Type": "application/json"}, timeout=5)
    assert response.status_code == 415
    assert response.headers["Content-Type"] == "application/problem+json"
    assert "UTF-8" in response.json()["detail"]


def test_a_charset_other_than_utf8_is_415(
        logged_server: tuple[str, tempfile._TemporaryFileWrapper[bytes]]) -> None:
    base, _ = logged_server
    response = requests.post(f"{base}{SCORE}", data=json.dumps(BODY).encode(),
                             headers={"Content-Type": "application/json; charset=utf-16"},
                             timeout=5)
    assert response.status_code == 415


def test_utf8_with_a_byte_order_mark_or_its_charset_is_read(
        logged_server: tuple[str, tempfile._TemporaryFileWrapper[bytes]]) -> None:
    base, _ = logged_server
    for data, content_type in ((json.dumps(BODY).encode("utf-8-sig"), "application/json"),
                               (json.dumps(BODY).encode(), "application/json; charset=UTF-8")):
        response = requests.post(f"{base}{SCORE}", data=data,
                                 headers={"Content-Type": content_type}, timeout=5)
        assert response.status_code == 200, response.text
        assert response.json()["fan"] == 10


def test_bytes_that_are_not_utf8_are_415(
        logged_server: tuple[str, tempfile._TemporaryFileWrapper[bytes]]) -> None:
    base, _ = logged_server
    data = json.dumps({**BODY, "note": "é"}, ensure_ascii=False).encode("latin-1")
    response = requests.post(f"{base}{SCORE}", data=data,
                             headers={"Content-Type": "application/json"}, timeout=5)
    assert response.status_code == 415
    assert "UTF-8" in response.json()["detail"]


@given(st.binary(max_size=8) | st.binary(max_size=8).map(lambda b: b"{" + b))
def test_the_encoding_of_a_body_is_what_the_standard_library_detects(data: bytes) -> None:
    assert detected_encoding(data) == (json.detect_encoding(data) if data else "utf-8")
