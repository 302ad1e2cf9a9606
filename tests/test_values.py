"""What each wait is worth: POST /v1/{ruleset}/waits with the rest of a score request."""

from __future__ import annotations

from typing import Any

import pytest
import requests
from flask.testing import FlaskClient

# A two-sided wait (3s or 6s) and what each is worth to seat 1, dealer 0.
CHUZHOU_WAITS: dict[str, Any] = {"concealed": "234m678p345s11z45s", "winner": 1, "dealer": 0}
YUEQING_WAITS: dict[str, Any] = {"concealed": "123m456m789p234s67s55s", "caishen": "3z",
                                 "winner": 1, "dealer": 0}


def _score(base: str, ruleset: str, body: dict[str, Any]) -> dict[str, Any]:
    response = requests.post(f"{base}/v1/{ruleset}/score", json=body, timeout=30)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def test_chuzhou_two_sided_wait(live_server: str) -> None:
    # 234m 678p 345s 11z and 45s waiting on 3s or 6s; seat 1 wins, dealer 0, all 针 1.
    # 6s: 底胡 10 + 门清 10 = 20 on a discard; self-drawn 底胡 10 + 自摸 10 + 不求人 50 = 70.
    # 3s: the same plus 姊妹付 (345s twice): 明 20 on a discard (G-5: the discard completes one
    # of them), 暗 40 self-drawn, so 40 and 110.
    # A loser pays F + 10 × (1 + 1), the dealer F + 10 × (1 + 2), the discarder 10 more.
    response = requests.post(f"{live_server}/v1/chuzhou/waits", json=CHUZHOU_WAITS, timeout=30)
    assert response.status_code == 200, response.text
    table = response.json()
    assert table["waits"] == ["3s", "6s"]
    assert table["single_wait"] is False
    worked = {
        "3s": (110, [-140, 400, -130, -130],
               {0: (40, [-80, 200, -60, -60]), 2: (40, [-70, 200, -70, -60]),
                3: (40, [-70, 200, -60, -70])}),
        "6s": (70, [-100, 280, -90, -90],
               {0: (20, [-60, 140, -40, -40]), 2: (20, [-50, 140, -50, -40]),
                3: (20, [-50, 140, -40, -50])}),
    }
    assert [value["tile"] for value in table["values"]] == ["3s", "6s"]
    for value in table["values"]:
        fan, net, discards = worked[value["tile"]]
        assert (value["self_draw"]["fan"], value["self_draw"]["net"]) == (fan, net)
        assert [d["from"] for d in value["discard"]] == [0, 2, 3]
        for entry in value["discard"]:
            assert (entry["fan"], entry["net"]) == discards[entry["from"]]
        # The same amounts as the single score calls for each way of winning.
        hand = {"concealed": CHUZHOU_WAITS["concealed"] + value["tile"]}
        alone = _score(live_server, "chuzhou", {
            "dealer": 0, "winner": 1, "hand": hand,
            "win": {"tile": value["tile"], "by": "self_draw"}})
        assert value["self_draw"]["patterns"] == alone["patterns"]
        for entry in value["discard"]:
            alone = _score(live_server, "chuzhou", {
                "dealer": 0, "winner": 1, "hand": hand,
                "win": {"tile": value["tile"], "by": "discard", "from": entry["from"]}})
            assert (entry["fan"], entry["patterns"], entry["net"]) == (
                alone["fan"], alone["patterns"], alone["settlement"]["net"])
    names = {p["id"] for p in table["values"][0]["self_draw"]["patterns"]}
    assert names == {"base_win", "self_draw", "concealed_self_draw", "twin_sequences"}


def test_yueqing_values_and_a_refused_way(client: FlaskClient) -> None:
    # 67s waits on 5s or 8s (平胡 + 无财神 = 2 台: 3 each, the dealer 4), 2s makes 22s 345s 567s
    # (无财神 only: 1 台), and a self-drawn 财神 (3z) completes it as a wild; a discarded 财神
    # plays at its face value and wins nothing (YQ-2), so those ways carry the problem.
    table = client.post("/v1/yueqing/waits", json=YUEQING_WAITS).get_json()
    assert table["waits"] == ["2s", "5s", "8s", "3z"]
    by_tile = {value["tile"]: value for value in table["values"]}
    assert by_tile["5s"]["self_draw"]["tai"]["total"] == 2
    assert by_tile["5s"]["self_draw"]["net"] == [-4, 10, -3, -3]
    assert [d["net"] for d in by_tile["8s"]["discard"]] == [[-4, 10, -3, -3]] * 3
    assert by_tile["2s"]["self_draw"]["tai"]["total"] == 1
    assert by_tile["2s"]["self_draw"]["net"] == [-3, 7, -2, -2]
    assert "problem" not in by_tile["3z"]["self_draw"]
    for entry in by_tile["3z"]["discard"]:
        assert entry["problem"]["type"] == "/problems/not-a-win"
        assert "net" not in entry


def test_without_the_winner_waits_answers_as_before(client: FlaskClient) -> None:
    body = {"concealed": "1112345678999m"}
    assert client.post("/v1/chuzhou/waits", json=body).get_json() == {
        "waits": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"], "single_wait": False}


@pytest.mark.parametrize(("body", "field"), [
    ({"concealed": "1112345678999m", "dealer": 0}, "winner"),
    ({"concealed": "1112345678999m", "winner": 1}, "dealer"),
    ({"concealed": "1112345678999m", "situation": {}}, "winner"),
    ({"concealed": "1112345678999m", "winner": 4, "dealer": 0}, "winner"),
])
def test_values_need_winner_and_dealer(client: FlaskClient, body: dict[str, Any],
                                       field: str) -> None:
    response = client.post("/v1/chuzhou/waits", json=body)
    assert response.status_code == 422
    assert field in response.get_json()["errors"]
