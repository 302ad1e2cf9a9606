"""POST /v1/{ruleset}/match: the state threaded by CZ-12..14 and YQ-18..20, worked by hand here,
and a whole match refused for one impossible event.

The worked matches run twice: over HTTP against the real server, and in process, where
mutation testing (docs/development.md) reaches the ledger.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import pytest
import requests
from flask.testing import FlaskClient

from service.actions import run
from service.errors import CAUSES, SchemaViolation
from service.match import _prefixed
from service.openapi import examples
from service.rulesets import RULESETS

CHUZHOU_MATCH = examples()["chuzhou_match"]["request"]
YUEQING_MATCH = examples()["yueqing_match"]["request"]


class Answer(NamedTuple):
    status: int
    headers: Mapping[str, str]
    body: Any


Send = Callable[[str, Any], Answer]


@pytest.fixture(params=["http", "in-process"])
def send(request: pytest.FixtureRequest) -> Send:
    """POST a body to a path, over HTTP to the real server or to the app in process."""
    if request.param == "http":
        base = request.getfixturevalue("live_server")

        def over_http(path: str, body: Any) -> Answer:
            response = requests.post(f"{base}{path}", json=body, timeout=30)
            return Answer(response.status_code, response.headers, response.json())
        return over_http
    client: FlaskClient = request.getfixturevalue("client")

    def in_process(path: str, body: Any) -> Answer:
        response = client.post(path, json=body)
        return Answer(response.status_code, response.headers, response.get_json())
    return in_process


def test_chuzhou_four_hands(send: Send) -> None:
    # Dealer 0, 针 [1, 1, 1, 1]. The C-a hand: 底胡 + 门清 = 20 on a discard; self-drawn
    # 底胡 + 自摸 + 老资格 + 不求人 = 80.
    # 1. Dealer 0 wins on seat 3's discard: each pays 20 + 10 × (2 + 1) = 50, seat 3 10 more:
    #    [160, -50, -50, -60]; dealer stays, every 针 1 + 1 = 2 (CZ-13, CZ-14).
    # 2. Seat 1 (the dealer's 下家) wins on the dealer's discard, 针 all 2: the dealer pays
    #    20 + 10 × (2 + 4) + 10 = 90, seats 2 and 3 20 + 10 × (2 + 2) = 60: [-90, 210, -60, -60];
    #    every 针 2 + 1 = 3, seat 1 deals. Totals [70, 160, -110, -120].
    # 3. Seat 3 (dealer 1's 对家) self-draws, 针 all 3: seats 0 and 2 pay 80 + 10 × (3 + 3)
    #    = 140, the dealer 80 + 10 × (3 + 6) = 170: [-140, -170, -140, 450]; 针 [1, 1, 1, 4],
    #    seat 2 deals. Totals [-70, -10, -250, 330].
    # 4. A drawn hand with one kong: 17 tiles left, 针 kept, seat 3 deals; no money.
    response = send("/v1/chuzhou/match", CHUZHOU_MATCH)
    assert response.status == 200, response.body
    match = response.body
    events = match["events"]
    assert [e["type"] for e in events] == ["win", "win", "win", "draw"]
    assert [e["result"].get("fan") for e in events] == [20, 20, 80, None]
    assert [e["result"].get("settlement", {}).get("net") for e in events[:3]] == [
        [160, -50, -50, -60], [-90, 210, -60, -60], [-140, -170, -140, 450]]
    assert [e["state"] for e in events] == [
        {"dealer": 0, "zhen": [2, 2, 2, 2]}, {"dealer": 1, "zhen": [3, 3, 3, 3]},
        {"dealer": 2, "zhen": [1, 1, 1, 4]}, {"dealer": 3, "zhen": [1, 1, 1, 4]}]
    assert [e["totals"] for e in events] == [
        [160, -50, -50, -60], [70, 160, -110, -120], [-70, -10, -250, 330],
        [-70, -10, -250, 330]]
    assert events[3]["result"]["wall_reserve"] == 17
    assert match["state"] == {"dealer": 3, "zhen": [1, 1, 1, 4]}
    assert match["totals"] == [-70, -10, -250, 330]
    assert sum(match["totals"]) == 0


def test_yueqing_four_hands(send: Send) -> None:
    # Dealer 0, 牢庄 0, 财神 3z. 平胡 + 无财神 = 2 台 (README hand).
    # 1. Dealer 0 wins: each pays 2 + 0 + 1 = 3: [9, -3, -3, -3]; dealer stays, 牢庄 1 (YQ-20).
    # 2. Dealer 0 wins again holding one flower: 白板 makes 3 台 and 1 flower is 1 条; each pays
    #    3 + 1 + 1 + 1 = 6: [18, -6, -6, -6]; 牢庄 2. Totals [27, -9, -9, -9].
    # 3. Seat 3 escapes (YQ-22): seat 0's 清一色 candidate 30, seats 1 and 2 none; the fine
    #    is 1 × 10. Seat 2's standing 666z is a 发财 set: 1 flower, 1 条 from each other seat
    #    (YQ-21). [30 - 1, -1, 3, -30 - 1 - 10] = [29, -1, 3, -41]. A non-dealer escaped and no
    #    kong was made: the dealer stays with 牢庄 2 (docs/rules/yueqing.md). Totals
    #    [56, -10, -6, -50].
    # 4. A drawn hand where seat 1 made an exposed kong of 9m (1 flower, 1 条 from each):
    #    [-1, 3, -1, -1]; a kong passes the deal: seat 1, 牢庄 0. Totals [55, -7, -7, -51],
    #    which sum to -10, the fine that went to nobody.
    response = send("/v1/yueqing/match", YUEQING_MATCH)
    assert response.status == 200, response.body
    match = response.body
    events = match["events"]
    assert [e["type"] for e in events] == ["win", "win", "escape", "draw"]
    assert [e["result"]["tai"]["total"] for e in events[:2]] == [2, 3]
    assert [e["result"]["settlement"]["net"] for e in events] == [
        [9, -3, -3, -3], [18, -6, -6, -6], [29, -1, 3, -41], [-1, 3, -1, -1]]
    assert events[2]["result"]["fine"] == 10
    assert [e["state"] for e in events] == [
        {"dealer": 0, "lao_zhuang": 1}, {"dealer": 0, "lao_zhuang": 2},
        {"dealer": 0, "lao_zhuang": 2}, {"dealer": 1, "lao_zhuang": 0}]
    assert [e["totals"] for e in events] == [
        [9, -3, -3, -3], [27, -9, -9, -9], [56, -10, -6, -50], [55, -7, -7, -51]]
    assert match["state"] == {"dealer": 1, "lao_zhuang": 0}
    assert match["totals"] == [55, -7, -7, -51]


def test_the_second_win_is_paid_with_the_threaded_lao_zhuang(client: FlaskClient) -> None:
    # Starting at 牢庄 3, the dealer's first win is paid 2 + 3 + 1 = 6 by each (YQ-18).
    body = {**YUEQING_MATCH, "lao_zhuang": 3, "events": YUEQING_MATCH["events"][:1]}
    match = client.post("/v1/yueqing/match", json=body).get_json()
    assert match["totals"] == [18, -6, -6, -6]
    assert match["state"] == {"dealer": 0, "lao_zhuang": 4}


def test_a_dealer_who_escapes_loses_the_deal(client: FlaskClient) -> None:
    escape = copy.deepcopy(YUEQING_MATCH["events"][2])
    escape["request"]["escaper"] = 0
    escape["request"]["players"] = [
        {"seat": 1, "concealed": "789p789p234s678s444z5s"},
        {"seat": 2, "concealed": "123p123p456s456s666z6s"},
        {"seat": 3, "concealed": "222m333m789s789s777z4s"}]
    body = {"dealer": 0, "lao_zhuang": 2, "events": [escape]}
    response = client.post("/v1/yueqing/match", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["state"] == {"dealer": 1, "lao_zhuang": 0}


def test_a_dealer_in_seat_3_who_escapes_passes_the_deal_to_seat_0(client: FlaskClient) -> None:
    body = {"dealer": 3, "lao_zhuang": 1, "events": [YUEQING_MATCH["events"][2]]}
    response = client.post("/v1/yueqing/match", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["state"] == {"dealer": 0, "lao_zhuang": 0}


def test_an_instant_payment_moves_money_and_leaves_the_state(client: FlaskClient) -> None:
    # CZ-16: seat 2's discard was followed, it pays each other seat 10; dealer and 针 stay.
    # Then a drawn hand without kongs: 针 kept, seat 1 deals (CZ-13, CZ-14).
    instant = {"type": "instant", "request": {"event": "followed_discard", "seat": 2}}
    draw = {"type": "draw", "request": {}}
    body = {"dealer": 0, "zhen": [2, 1, 1, 3], "events": [instant, draw]}
    response = client.post("/v1/chuzhou/match", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    match = response.get_json()
    assert [e["state"] for e in match["events"]] == [
        {"dealer": 0, "zhen": [2, 1, 1, 3]}, {"dealer": 1, "zhen": [2, 1, 1, 3]}]
    assert [e["totals"] for e in match["events"]] == [[10, 10, -30, 10]] * 2
    assert match["totals"] == [10, 10, -30, 10]


def test_an_event_may_not_supply_what_the_match_threads(client: FlaskClient) -> None:
    body = {"dealer": 0, "events": [{"type": "draw", "request": {}},
                                    {"type": "draw", "request": {"kongs": 1, "zhen": [1] * 4}}]}
    response = client.post("/v1/chuzhou/match", json=body)
    assert response.status_code == 422
    problem = response.get_json()
    message = "the match supplies 'zhen' from its running state; leave it out of the event"
    assert problem["errors"] == {"events.1.request.zhen": [message]}
    assert problem["detail"] == f"events.1.request.zhen: {message}"


def test_a_match_pins_its_ruleset_version_once_and_an_event_may_not(
        client: FlaskClient) -> None:
    pin = RULESETS["chuzhou"].version.split(".")[0]
    pinned = client.post("/v1/chuzhou/match", json={**CHUZHOU_MATCH, "ruleset_version": pin})
    assert pinned.status_code == 200
    assert pinned.get_json() == client.post("/v1/chuzhou/match", json=CHUZHOU_MATCH).get_json()
    event = {"type": "draw", "request": {"ruleset_version": pin}}
    response = client.post("/v1/chuzhou/match", json={"dealer": 0, "events": [event]})
    assert response.status_code == 422
    message = ("the match sets 'ruleset_version' once, for every event; send it with the "
               "match")
    assert response.get_json()["errors"] == {"events.0.request.ruleset_version": [message]}


def test_a_problem_of_a_whole_event_request_is_named_by_the_event() -> None:
    named = _prefixed(SchemaViolation("body: wrong", {"body": ["wrong"],
                                                      "hand.concealed": ["short"]}),
                      "events.4.request")
    assert named.errors == {"events.4.request": ["wrong"],
                            "events.4.request.hand.concealed": ["short"]}
    assert named.detail == "events.4.request: body: wrong"
    assert type(named) is SchemaViolation


def test_an_escape_after_a_kong_passes_the_deal(client: FlaskClient) -> None:
    escape = copy.deepcopy(YUEQING_MATCH["events"][2])
    escape["request"]["players"][1] = {
        "seat": 1, "concealed": "789p789p234s678s5s",
        "melds": [{"type": "gang", "tiles": "4444z", "from": 2}]}
    body = {"dealer": 0, "lao_zhuang": 2, "events": [escape]}
    response = client.post("/v1/yueqing/match", json=body)
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["state"] == {"dealer": 1, "lao_zhuang": 0}
    # under rules where a kong does not pass the deal (kong_passes_deal, YQ-20), it stays
    response = client.post("/v1/yueqing/match",
                           json={**body, "rules": {"kong_passes_deal": False}})
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json()["state"] == {"dealer": 0, "lao_zhuang": 2}


@pytest.mark.parametrize(("field", "value", "code", "message"), [
    ("zhen", [1, 1, 1, 1], "match-supplies",
     "the match supplies 'zhen' from its running state; leave it out of the event"),
    ("rules", {}, "match-sets-once",
     "the match sets 'rules' once, for every event; send it with the match"),
    ("variant", "huaian-teahouse", "match-sets-once",
     "the match sets 'variant' once, for every event; send it with the match"),
])
def test_an_event_sending_what_the_match_sets_is_refused_saying_why(
        client: FlaskClient, field: str, value: Any, code: str, message: str) -> None:
    body = copy.deepcopy(CHUZHOU_MATCH)
    body["events"][1]["request"][field] = value
    response = client.post("/v1/chuzhou/match", json=body)
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["errors"] == {f"events.1.request.{field}": [message]}
    assert problem["causes"] == [{"field": f"events.1.request.{field}", "code": code,
                                  "params": {"name": field}, "message": message,
                                  "name": CAUSES[code].name}]


def test_a_match_and_each_of_its_events_name_the_rules_of_the_single_calls(
        client: FlaskClient) -> None:
    """Each event answers as its single call under the match's rules, which name them, and the
    match's answer names the same."""
    rules = {"zhen_unit": 5}
    match = client.post("/v1/chuzhou/match", json={**CHUZHOU_MATCH, "rules": rules}).get_json()
    state = {"dealer": CHUZHOU_MATCH["dealer"], "zhen": CHUZHOU_MATCH["zhen"]}
    events = RULESETS["chuzhou"].match.events
    for event, answered in zip(CHUZHOU_MATCH["events"], match["events"], strict=True):
        spec = events[event["type"]]
        single = client.post(f"/v1/chuzhou/{spec.action}", json={
            **event["request"], **{name: state[name] for name in spec.supplies},
            "rules": rules}).get_json()
        assert answered["result"] == single
        state = single["next"]
    assert match["rules"] == match["events"][0]["result"]["rules"]
    assert match["rules"]["overrides"] == rules
    # one dict for the match and every event, not a copy each: a batch of matches under a
    # club's full rules holds one copy per match
    played = run("chuzhou", "match", {**CHUZHOU_MATCH, "rules": rules})
    assert all(played["rules"] is event["result"]["rules"] for event in played["events"])


def test_one_impossible_event_refuses_the_whole_match(send: Send) -> None:
    body = copy.deepcopy(CHUZHOU_MATCH)
    body["events"][2]["request"]["hand"] = {"concealed": "222m345p678s789s98s"}
    response = send("/v1/chuzhou/match", body)
    assert response.status == 422
    assert response.headers["Content-Type"] == "application/problem+json"
    problem = response.body
    assert problem["type"] == "/problems/not-a-win"
    assert list(problem["errors"]) == ["events.2.request.hand.concealed"]
    assert problem["detail"].startswith("events.2.request: ")


@pytest.mark.parametrize(("ruleset", "event", "field"), [
    ("chuzhou", {"type": "draw", "request": {"dealer": 2}}, "events.0.request.dealer"),
    ("chuzhou", {"type": "draw", "request": {"zhen": [1, 1, 1, 1]}}, "events.0.request.zhen"),
    ("yueqing", {"type": "draw", "request": {"lao_zhuang": 1, "caishen": "3z", "players": []}},
     "events.0.request.lao_zhuang"),
    ("chuzhou", {"type": "draw", "request": {"kongs": "one"}}, "events.0.request.kongs"),
    ("chuzhou", {"type": "escape", "request": {}}, "events.0.type"),
    ("yueqing", {"type": "instant", "request": {}}, "events.0.type"),
    ("chuzhou", {"type": "draw", "request": [1]}, "events.0.request"),
])
def test_event_problems_name_the_event(client: FlaskClient, ruleset: str, event: Any,
                                       field: str) -> None:
    response = client.post(f"/v1/{ruleset}/match", json={"dealer": 0, "events": [event]})
    assert response.status_code == 422
    assert field in response.get_json()["errors"], response.get_json()


def test_at_most_200_events(client: FlaskClient) -> None:
    draw = {"type": "draw", "request": {}}
    assert client.post("/v1/chuzhou/match",
                       json={"dealer": 0, "events": [draw] * 200}).status_code == 200
    response = client.post("/v1/chuzhou/match", json={"dealer": 0, "events": [draw] * 201})
    assert response.status_code == 422
    assert "events" in response.get_json()["errors"]


def test_an_instant_answers_the_state_it_was_sent_and_none_without_a_dealer(
        client: FlaskClient) -> None:
    # CZ-16: money moves, dealer and 针 do not; a request without the state gets no next.
    instant = {"event": "four_same_discards", "seat": 1}
    alone = client.post("/v1/chuzhou/instant", json=instant).get_json()
    assert "next" not in alone and alone["net"] == [-10, 30, -10, -10]
    sent = client.post("/v1/chuzhou/instant",
                       json={**instant, "dealer": 2, "zhen": [1, 3, 2, 1]}).get_json()
    assert sent["next"] == {"dealer": 2, "zhen": [1, 3, 2, 1]}
    assert sent["net"] == alone["net"]
    assert client.post("/v1/chuzhou/instant", json={**instant, "dealer": 2}).get_json()[
        "next"] == {"dealer": 2, "zhen": [1, 1, 1, 1]}
    refused = client.post("/v1/chuzhou/instant", json={
        **instant, "dealer": 0, "zhen": [1, 1, 1, 9], "rules": {"zhen_cap": 5}})
    assert refused.status_code == 422 and "zhen.3" in refused.get_json()["errors"]
