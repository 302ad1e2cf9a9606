"""A hostile client against the real gunicorn, one test per row of issue 8's table.

Every answer is a small problem document (or a score), given while other clients are still
served. Timeouts on requests are guards against a hang, not speed checks: no test fails on time
alone, but a request the issue saw take 10-30 s would trip the guard.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import requests

from service.rulesets.chuzhou import READY_HAND
from tests.said import said
from tests.server import slow_clients

PROBLEM = "application/problem+json"
CAP = 1024 * 1024
GUARD = 10  # seconds: a hang guard, far above what any of these should take
SMALL = 16 * 1024  # bytes: what a capped problem document stays under

POST_ENDPOINTS = [
    "/v1/chuzhou/score", "/v1/chuzhou/instant", "/v1/chuzhou/draw", "/v1/chuzhou/waits",
    "/v1/yueqing/score", "/v1/yueqing/draw", "/v1/yueqing/escape", "/v1/yueqing/waits",
]


def post_raw(base: str, path: str, data: bytes | Iterator[bytes],
             headers: dict[str, str] | None = None) -> requests.Response:
    return requests.post(f"{base}{path}", data=data, timeout=GUARD,
                         headers={"Content-Type": "application/json", **(headers or {})})


def under_cap(item: Any, prefix: str, suffix: str) -> bytes:
    """A body ``prefix [item, item, ...] suffix`` with as many items as fit under 1 MiB."""
    one = json.dumps(item)
    count = (CAP - len(prefix) - len(suffix) - 64) // (len(one) + 2)
    body = f"{prefix}[{', '.join([one] * count)}]{suffix}".encode()
    assert CAP - 4096 < len(body) < CAP
    return body


def assert_small_problem(response: requests.Response, status: int, field: str) -> None:
    assert response.status_code == status, response.text[:500]
    assert response.headers["Content-Type"] == PROBLEM
    assert len(response.content) < SMALL
    assert any(path.startswith(field) for path in response.json()["errors"]), response.text


# Row 1: a list stuffed to the cap is refused by its bound before its items are read.
def stuffed_melds() -> bytes:
    return under_cap({}, '{"concealed": "1112345678999m", "melds": ', "}")


def test_stuffed_melds_get_a_small_422(live_server: str) -> None:
    response = post_raw(live_server, "/v1/chuzhou/waits", stuffed_melds())
    assert_small_problem(response, 422, "melds")


# Row 2: the same for 针 and for an escape's players.
def test_stuffed_zhen_gets_a_small_422(live_server: str) -> None:
    body = {k: v for k, v in READY_HAND.items() if k != "zhen"}
    data = under_cap("x", json.dumps(body)[:-1] + ', "zhen": ', "}")
    assert_small_problem(post_raw(live_server, "/v1/chuzhou/score", data), 422, "zhen")


def test_stuffed_escape_players_get_a_small_422(live_server: str) -> None:
    data = under_cap({"seat": 9}, '{"dealer": 0, "caishen": "5p", "escaper": 3, "players": ',
                     "}")
    assert_small_problem(post_raw(live_server, "/v1/yueqing/escape", data), 422, "players")


# Row 3: two such requests at once do not take the service down.
def test_stuffed_requests_do_not_stop_health_checks(live_server: str) -> None:
    answers: list[int] = []

    def stuff() -> None:
        answers.append(post_raw(live_server, "/v1/chuzhou/waits", stuffed_melds()).status_code)

    senders = [threading.Thread(target=stuff) for _ in range(2)]
    for sender in senders:
        sender.start()
    for _ in range(5):
        assert requests.get(f"{live_server}/healthz", timeout=2).status_code == 200
    for sender in senders:
        sender.join()
    assert answers == [422, 422]


# Row 4: fifty slow clients trickling headers leave the service answering.
def test_slow_clients_do_not_starve_the_service(live_server: str) -> None:
    with slow_clients(live_server, count=50, every=0.5):
        for _ in range(3):
            assert requests.get(f"{live_server}/healthz", timeout=2).status_code == 200
            scored = requests.post(f"{live_server}/v1/chuzhou/score", json=READY_HAND, timeout=2)
            assert scored.json()["fan"] == 10


def test_a_slow_client_is_cut_off(live_server: str) -> None:
    """gevent workers give a request's headers the keep-alive time (5 s), then hang up."""
    host, port = live_server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=GUARD) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: slow\r\n")
        started = time.monotonic()
        sock.settimeout(0.5)
        while time.monotonic() - started < GUARD:
            try:
                sock.sendall(b"X-Slow: 1\r\n")
                assert sock.recv(1024) == b""  # closed, not answered
                break
            except TimeoutError:
                continue
            except OSError:  # reset while we were still sending: also closed
                break
        else:
            raise AssertionError("the slow client was never cut off")


# Row 5: JSON nested 10,000 deep is a 400 on every POST endpoint, not a RecursionError.
@pytest.mark.parametrize("path", POST_ENDPOINTS)
@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_deep_nesting_is_400(live_server: str, path: str, opener: str) -> None:
    closer = "]" if opener == "[" else "}"
    response = post_raw(live_server, path, (opener * 10_000 + "1" + closer * 10_000).encode())
    assert response.status_code == 400
    assert response.headers["Content-Type"] == PROBLEM
    assert "deep" in response.json()["detail"]


# Row 6 and 7: tiles are ASCII; anything else is a 422 naming the field.
@pytest.mark.parametrize("body, field", [
    ({"concealed": ["²m"]}, "concealed"),
    ({"concealed": "\ud800m"}, "concealed"),
    ({"concealed": ["\ud800m"]}, "concealed"),
    ({"concealed": ["１m", "1m", "1m", "2m"]}, "concealed"),
    ({"concealed": "１m1m1m2m"}, "concealed"),
    ({"concealed": "123m456m789p1122s", "caishen": "１z"}, "caishen"),
])
def test_non_ascii_tiles_are_422(live_server: str, body: dict[str, Any], field: str) -> None:
    # json.dumps writes a lone surrogate as the escape \ud800, as a hostile client would send it
    response = post_raw(live_server, "/v1/yueqing/waits", json.dumps(body).encode())
    assert_small_problem(response, 422, field)


# Row 8: a chunked body past the cap is a 413; a compressed body is a 415.
def test_chunked_body_over_the_cap_is_413(live_server: str) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"concealed": "'
        for _ in range(CAP // 65536 + 2):
            yield b"1" * 65536
        yield b'"}'

    response = post_raw(live_server, "/v1/chuzhou/waits", chunks())
    assert response.status_code == 413
    assert response.headers["Content-Type"] == PROBLEM


def test_chunked_body_of_exactly_the_cap_is_read(live_server: str) -> None:
    head, tail = b'{"concealed": "', b'"}'
    filler = b"1" * (CAP - len(head) - len(tail))
    response = post_raw(live_server, "/v1/chuzhou/waits", iter([head, filler, tail]))
    assert response.status_code == 422  # read whole, then refused as tiles, not as too large


def test_chunked_body_under_the_cap_is_read(live_server: str) -> None:
    response = post_raw(live_server, "/v1/chuzhou/waits",
                        iter([b'{"concealed": ', b'"11m33m55p77p99s22z6z"}']))
    assert response.json() == {"waits": ["6z"], "single_wait": True, **said("chuzhou")}


def test_chunked_batch_is_held_to_the_batch_cap_not_the_single_one(live_server: str) -> None:
    # A batch may be up to 8 MiB (POST /v1/batch): sent chunked, it is read past 1 MiB too.
    item = {"id": "x" * 1200, "ruleset": "chuzhou", "action": "waits",
            "request": {"concealed": "11m33m55p77p99s22z6z"}}
    one = json.dumps(item).encode()
    count = 1_000
    body = b'{"items": [' + b", ".join([one] * count) + b"]}"
    assert CAP < len(body) < 8 * CAP
    pieces = [body[i:i + 65536] for i in range(0, len(body), 65536)]
    response = post_raw(live_server, "/v1/batch", iter(pieces))
    assert response.status_code == 200, response.text[:300]
    results = response.json()["results"]
    assert len(results) == count
    assert results[-1]["answer"] == {"waits": ["6z"], "single_wait": True,
                                     **said("chuzhou")}


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "br", "identity, gzip"])
def test_compressed_body_is_415(live_server: str, encoding: str) -> None:
    response = post_raw(live_server, "/v1/chuzhou/waits", b"\x1f\x8b\x08\x00",
                        {"Content-Encoding": encoding})
    assert response.status_code == 415
    assert response.headers["Content-Type"] == PROBLEM
    assert response.headers["Accept-Encoding"] == "identity"


def test_identity_encoding_is_read(live_server: str) -> None:
    response = post_raw(live_server, "/v1/chuzhou/waits",
                        b'{"concealed": "11m33m55p77p99s22z6z"}', {"Content-Encoding": "identity"})
    assert response.status_code == 200


# Row 10: every answer carries a request id; readiness is its own endpoint.
@pytest.mark.parametrize("method, path, body, status", [
    ("GET", "/healthz", None, 200),
    ("GET", "/nowhere", None, 404),
    ("DELETE", "/v1/chuzhou/waits", None, 405),
    ("POST", "/v1/chuzhou/waits", b"{", 400),
    ("POST", "/v1/chuzhou/waits", b"x" * (CAP + 1), 413),
    ("POST", "/v1/chuzhou/waits", b'{"concealed": 1}', 422),
])
def test_every_answer_has_a_request_id(live_server: str, method: str, path: str,
                                       body: bytes | None, status: int) -> None:
    headers = {"Content-Type": "application/json"}
    response = requests.request(method, f"{live_server}{path}", data=body, headers=headers,
                                timeout=GUARD)
    assert response.status_code == status
    assert len(response.headers["X-Request-ID"]) == 32  # generated: a uuid4 in hex
    sent = requests.request(method, f"{live_server}{path}", data=body, timeout=GUARD,
                            headers={**headers, "X-Request-ID": "checker-7f3a:42"})
    assert sent.headers["X-Request-ID"] == "checker-7f3a:42"


@pytest.mark.parametrize("insane", ["two words", "x" * 129, "a\tb", "id\u00e9"])
def test_an_insane_request_id_is_replaced(live_server: str, insane: str) -> None:
    response = requests.get(f"{live_server}/healthz", timeout=GUARD,
                            headers={"X-Request-ID": insane.encode().decode("latin-1")})
    assert response.headers["X-Request-ID"] != insane
    assert len(response.headers["X-Request-ID"]) == 32


def test_readyz_scores_its_hand(live_server: str) -> None:
    response = requests.get(f"{live_server}/readyz", timeout=GUARD)
    assert response.status_code == 200
    assert response.json() == {"status": "ready"}


# Issue 22's rows, end to end: a counter at its bound comes back as one the service accepts,
# and a batch answers a stray non-object item on its own.
def test_a_match_from_the_lao_zhuang_bound_threads_its_state(live_server: str) -> None:
    win = {"type": "win", "request": {"winner": 0, "caishen": "3z",
                                      "hand": {"concealed": "123m456m789p234s678s55s"},
                                      "win": {"tile": "8s", "by": "discard", "from": 3}}}
    body = {"dealer": 0, "lao_zhuang": 1_000_000, "events": [win, win]}
    response = requests.post(f"{live_server}/v1/yueqing/match", json=body, timeout=GUARD)
    assert response.status_code == 200, response.text[:500]
    assert [e["state"] for e in response.json()["events"]] == [
        {"dealer": 0, "lao_zhuang": 1_000_000}] * 2
    single = requests.post(f"{live_server}/v1/yueqing/score", timeout=GUARD, json={
        **win["request"], "dealer": 0, "lao_zhuang": 1_000_000}).json()
    again = requests.post(f"{live_server}/v1/yueqing/score", timeout=GUARD, json={
        **win["request"], **single["next"]})
    assert again.status_code == 200


def test_a_string_among_batch_items_is_answered_on_its_own(live_server: str) -> None:
    items = [{"ruleset": "chuzhou", "action": "score", "request": READY_HAND}, "stray",
             {"ruleset": "chuzhou", "action": "score", "request": READY_HAND}]
    response = requests.post(f"{live_server}/v1/batch", json={"items": items}, timeout=GUARD)
    assert response.status_code == 200
    assert [r["status"] for r in response.json()["results"]] == [200, 422, 200]
