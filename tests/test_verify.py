"""Verify mode: ``expected`` on a request, ``check`` on its answer."""

from __future__ import annotations

from typing import Any

import pytest
import requests
from flask.testing import FlaskClient

from service.openapi import examples
from service.verify import differences

C_A = {"dealer": 0, "winner": 1, "hand": {"concealed": "222m345p678s789s99s"},
       "win": {"tile": "2m", "by": "discard", "from": 3}}

CHUZHOU_MATCH = examples()["chuzhou_match"]["request"]


def test_a_wrong_expected_net_is_caught(live_server: str) -> None:
    # C-a: the net is [-50, 140, -40, -50]; the app's own scorer forgot the discarder's 10.
    body = {**C_A, "expected": {"fan": 20, "settlement": {"net": [-50, 130, -40, -40]}}}
    response = requests.post(f"{live_server}/v1/chuzhou/score", json=body, timeout=30)
    assert response.status_code == 200
    assert response.json()["check"] == {"ok": False, "differences": [
        {"path": "settlement.net.1", "expected": 130, "actual": 140},
        {"path": "settlement.net.3", "expected": -40, "actual": -50}]}


def test_a_right_expectation_is_ok_and_the_answer_is_unchanged(client: FlaskClient) -> None:
    plain = client.post("/v1/chuzhou/score", json=C_A).get_json()
    body = {**C_A, "expected": {"fan": 20, "patterns": [{"id": "concealed_hand", "fan": 10}],
                                "next": {"dealer": 1, "zhen": [2, 2, 2, 2]}}}
    checked = client.post("/v1/chuzhou/score", json=body).get_json()
    assert checked.pop("check") == {"ok": True, "differences": []}
    assert checked == plain
    assert "check" not in plain


@pytest.mark.parametrize(("path", "body", "expected", "difference"), [
    ("/v1/chuzhou/instant", {"event": "followed_discard", "seat": 0}, {"net": [-30, 10, 10, 9]},
     {"path": "net.3", "expected": 9, "actual": 10}),
    ("/v1/chuzhou/draw", {"dealer": 2, "kongs": 0}, {"next": {"dealer": 2}},
     {"path": "next.dealer", "expected": 2, "actual": 3}),
    ("/v1/yueqing/escape", {
        "dealer": 0, "caishen": "5p", "escaper": 3, "players": [
            {"seat": 0, "concealed": "1234567m", "melds": [
                {"type": "chi", "tiles": "123m", "from": 3},
                {"type": "peng", "tiles": "999m", "from": 2},
                {"type": "peng", "tiles": "555m", "from": 1}]},
            {"seat": 1, "concealed": "789p789p234s678s111z5s"},
            {"seat": 2, "concealed": "123p123p456s456s222z6s"}]},
     {"fine": 20}, {"path": "fine", "expected": 20, "actual": 10}),
    ("/v1/chuzhou/match", CHUZHOU_MATCH, {"totals": [-70, -10, -250, 330],
                                          "state": {"zhen": [1, 1, 1, 3]}},
     {"path": "state.zhen.3", "expected": 3, "actual": 4}),
])
def test_every_verifiable_endpoint(client: FlaskClient, path: str, body: dict[str, Any],
                                   expected: dict[str, Any], difference: dict[str, Any]) -> None:
    answer = client.post(path, json={**body, "expected": expected}).get_json()
    assert answer["check"] == {"ok": False, "differences": [difference]}


def test_a_match_event_may_carry_its_own_expected(client: FlaskClient) -> None:
    body = {"dealer": 0, "events": [
        {"type": "draw", "request": {"kongs": 2, "expected": {"wall_reserve": 18}}}]}
    event = client.post("/v1/chuzhou/match", json=body).get_json()["events"][0]
    assert event["result"]["check"]["differences"] == [
        {"path": "wall_reserve", "expected": 18, "actual": 19}]


def test_expected_must_be_an_object(client: FlaskClient) -> None:
    response = client.post("/v1/chuzhou/score", json={**C_A, "expected": [20]})
    assert response.status_code == 422
    assert "expected" in response.get_json()["errors"]


def test_waits_is_not_verifiable(client: FlaskClient) -> None:
    body = {"concealed": "11m33m55p77p99s22z6z", "expected": {"waits": ["6z"]}}
    assert client.post("/v1/chuzhou/waits", json=body).status_code == 422


@pytest.mark.parametrize(("expected", "actual", "found"), [
    ({"a": 1}, {"a": 1, "b": 2}, []),
    ({"a": {"b": [1, 2]}}, {"a": {"b": [1, 3]}}, [{"path": "a.b.1", "expected": 2, "actual": 3}]),
    ({"a": [1]}, {"a": [1, 2]}, [{"path": "a", "expected": [1], "actual": [1, 2]}]),
    ({"missing": 0}, {}, [{"path": "missing", "expected": 0, "actual": None}]),
    ({"flag": 1}, {"flag": True}, [{"path": "flag", "expected": 1, "actual": True}]),
    ({"n": 2.0}, {"n": 2}, []),
    # pattern entries match by id (and 明/暗 when given), whatever their order
    ({"p": [{"id": "b", "fan": 5}]}, {"p": [{"id": "a", "fan": 1}, {"id": "b", "fan": 4}]},
     [{"path": "p.1.fan", "expected": 5, "actual": 4}]),
    ({"p": [{"id": "c"}]}, {"p": [{"id": "a"}]},
     [{"path": "p", "expected": {"id": "c"}, "actual": None}]),
    ({"p": [{"id": "a", "concealed": True, "fan": 2}]},
     {"p": [{"id": "a", "concealed": False, "fan": 1}, {"id": "a", "concealed": True, "fan": 2}]},
     []),
])
def test_differences(expected: Any, actual: Any, found: list[dict[str, Any]]) -> None:
    assert differences(expected, actual) == found
