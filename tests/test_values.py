"""What each wait is worth: POST /v1/{ruleset}/waits with the rest of a score request."""

from __future__ import annotations

from typing import Any

import pytest
import requests
from flask.testing import FlaskClient

from tests.said import said

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
        "waits": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"], "single_wait": False,
        **said("chuzhou")}


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


# Six pairs and 6z: the hand waits on 6z alone, as seven pairs, which wins only when declared
# ready (CZ-10). Winner 1, dealer 0, every 针 1.
SEVEN_PAIRS: dict[str, Any] = {"concealed": "11m33m55p77p99s22z6z", "winner": 1, "dealer": 0}


def _ways(value: dict[str, Any]) -> list[dict[str, Any]]:
    return [value["self_draw"], *value["discard"]]


def test_a_seven_pairs_wait_is_valued_as_declared_unless_the_request_says(
        client: FlaskClient) -> None:
    # Declared: self-drawn 底胡 10 + 自摸 10 + 不求人 50 + 暗七对 160 = 230; each loser pays
    # F + 10 × (1 + 1), the dealer 10 more: 260, 250, 250. On a discard 底胡 10 + 门清 10 +
    # 明七对 80 = 100: 120 each, the dealer 130, the discarder 10 more.
    table = client.post("/v1/chuzhou/waits", json=SEVEN_PAIRS).get_json()
    assert table["waits"] == ["6z"] and table["single_wait"] is True
    (value,) = table["values"]
    assert (value["self_draw"]["fan"], value["self_draw"]["net"]) == (230, [-260, 760, -250, -250])
    assert [(d["from"], d["fan"], d["net"]) for d in value["discard"]] == [
        (0, 100, [-140, 380, -120, -120]), (2, 100, [-130, 380, -130, -120]),
        (3, 100, [-130, 380, -120, -130])]
    assert {p["id"] for p in value["self_draw"]["patterns"]} == {
        "base_win", "self_draw", "concealed_self_draw", "seven_pairs"}
    assert all(way["needs"] == ["declared_ready"] for way in _ways(value))

    # The request says it was declared: the same amounts, nothing assumed.
    said = {**SEVEN_PAIRS, "situation": {"declared_ready": True}}
    (declared,) = client.post("/v1/chuzhou/waits", json=said).get_json()["values"]
    assert _ways(declared) == [{k: v for k, v in way.items() if k != "needs"}
                               for way in _ways(value)]

    # The request says it was not: every way is refused, as the score endpoint would.
    said = {**SEVEN_PAIRS, "situation": {"declared_ready": False}}
    (refused,) = client.post("/v1/chuzhou/waits", json=said).get_json()["values"]
    for way in _ways(refused):
        assert set(way) <= {"from", "problem"}
        assert way["problem"]["errors"] == {
            "situation.declared_ready": ["七对 wins only when declared ready (CZ-10)"]}


def test_a_seven_pairs_wait_of_a_hand_that_cannot_be_declared_says_so(
        client: FlaskClient) -> None:
    # 3344445599m 222p waits on 9m (345m 345m 44m 999m 222p) and on 2p only as seven pairs
    # (33 44 44 55 99m 22 22p). Two waits: it can never be declared (CZ-10), so the 2p ways are
    # refused whatever the request says, and say why.
    body = {"concealed": "3344445599m222p", "winner": 1, "dealer": 0}
    table = client.post("/v1/chuzhou/waits", json=body).get_json()
    assert table["waits"] == ["9m", "2p"]
    by_tile = {value["tile"]: value for value in table["values"]}
    message = ("七对 wins only when declared ready, and this hand cannot be declared: it waited "
               "on 9m, 2p, and a declaration needs a single wait (CZ-10)")
    for way in _ways(by_tile["2p"]):
        assert way["problem"]["type"] == "/problems/not-a-win"
        assert way["problem"]["errors"] == {"situation.declared_ready": [message]}
    # 9m wins undeclared. Self-drawn: 底胡 10 + 自摸 10 + 不求人 50 + 老资格 2 × 10 (999m,
    # 222p) + 暗姊妹付 40 + 缺一门 10 + 暗四合二 160 (4m: two in sequences, two as the pair)
    # = 300. On a discard 999m is exposed (G-5): 老资格 10 for 222p, 门清 10 for 不求人 and
    # no 自摸: 240.
    assert by_tile["9m"]["self_draw"]["fan"] == 300
    assert [d["fan"] for d in by_tile["9m"]["discard"]] == [240, 240, 240]
    assert not [way for way in _ways(by_tile["9m"]) if "needs" in way]
    # The score endpoint says the same of the hand won on 2p.
    score = client.post("/v1/chuzhou/score", json={
        "dealer": 0, "winner": 1, "hand": {"concealed": "3344445599m222p2p"},
        "win": {"tile": "2p", "by": "self_draw"}})
    assert score.status_code == 422
    assert score.get_json()["errors"] == {"situation.declared_ready": [message]}


def test_a_discarded_caishen_says_it_plays_at_face_value(client: FlaskClient) -> None:
    # 123m 456m 789p 234s 55s and 67s, 财神 3z: a self-drawn 3z stands in for 5s or 8s; a
    # discarded one is a plain 3z (YQ-2), which leaves 3z and the 67s wait over.
    table = client.post("/v1/yueqing/waits", json=YUEQING_WAITS).get_json()
    (value,) = [value for value in table["values"] if value["tile"] == "3z"]
    # Self-drawn it is a wild: no 台 (a 财神 in the hand spoils 无财神 and 平胡, YQ-6, YQ-8),
    # 1 flower for the 财神 tile (YQ-16): the others pay 0 + 1 + 1, the dealer 0 + 2 + 1.
    assert value["self_draw"]["tai"]["total"] == 0
    assert value["self_draw"]["net"] == [-3, 7, -2, -2]
    for way in value["discard"]:
        assert way["problem"]["errors"] == {"hand.concealed": [
            "a discarded 财神 plays at its face value (YQ-2): as 3z, the standing tiles do not "
            "make five sets and a pair; the closest reading leaves 2s, 3z over"]}


def test_a_first_turn_ready_hand_leaving_out_the_declaration_is_valued_as_declared(
        client: FlaskClient) -> None:
    # 硬子 (ready on the first turn) implies the declaration: left out, the ways are valued
    # with it and say so; said false, they are refused as /score refuses them.
    asked = {**SEVEN_PAIRS, "situation": {"ready_first_turn": True}}
    (value,) = client.post("/v1/chuzhou/waits", json=asked).get_json()["values"]
    assert all(way["needs"] == ["declared_ready"] and "net" in way for way in _ways(value))
    said = {**asked, "situation": {"ready_first_turn": True, "declared_ready": True}}
    (declared,) = client.post("/v1/chuzhou/waits", json=said).get_json()["values"]
    assert _ways(declared) == [{k: v for k, v in way.items() if k != "needs"}
                               for way in _ways(value)]
    said = {**asked, "situation": {"ready_first_turn": True, "declared_ready": False}}
    (refused,) = client.post("/v1/chuzhou/waits", json=said).get_json()["values"]
    assert all("situation.declared_ready" in way["problem"]["errors"] for way in _ways(refused))
