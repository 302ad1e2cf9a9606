"""Advice an app renders as it is (issue #45): each hand and discard said in one line in the
language asked for, and each wait's worth as the winner's net alone (``value_detail``)."""

from __future__ import annotations

import orjson
import pytest
from flask.testing import FlaskClient

from service.actions import answer, run
from service.language import CHINESE, ENGLISH, said
from tests.test_advice_values import PAIR

ZH = {"Accept-Language": "zh-CN"}


def test_each_discard_says_what_it_leaves_in_one_line(client: FlaskClient) -> None:
    body = {"concealed": "1245m456p789s11z3z3z"}  # G-9: a 14-tile hand, one from ready
    english = client.post("/v1/chuzhou/advice", json=body).get_json()["discards"]
    chinese = client.post("/v1/chuzhou/advice", json=body, headers=ZH).get_json()["discards"]
    west = next(entry for entry in chinese if entry["tile"] == "3z")
    assert west["shanten"] == 1 and (len(west["useful"]), west["useful_total"]) == (2, 8)
    assert west["summary"] == "打西风：一向听，进张 2 种 8 张"
    assert next(entry for entry in english if entry["tile"] == "3z")["summary"] == \
        "Discard West Wind: 1 step from ready; useful draws 2, 8 left"
    for entry in chinese:
        assert entry["summary"].startswith("打")
        assert f"进张 {len(entry['useful'])} 种 {entry['useful_total']} 张" in entry["summary"]


def test_a_hand_of_waiting_size_says_itself_ready_or_how_far() -> None:
    far = run("chuzhou", "advice", {"concealed": "1245m456p789s11z3z", "visible": "3m3m"})
    assert said(far["summary"], CHINESE) == "一向听，进张 2 种 6 张"
    ready = run("chuzhou", "advice", {"concealed": "1122m3344p5566s7z"})
    assert said(ready["summary"], CHINESE) == "听牌，听 1 种 3 张"
    assert said(ready["summary"], ENGLISH) == "Ready; waits 1, 3 left"
    ready_discard = run("chuzhou", "advice", {"concealed": "1122m3344p5566s7z1p"})["discards"]
    assert said(ready_discard[0]["summary"], CHINESE).startswith("打一饼：听牌")


def test_totals_answer_each_way_as_the_winners_net_and_keep_the_order() -> None:
    paid = answer("yueqing", "advice", PAIR)
    totals = answer("yueqing", "advice", {**PAIR, "value_detail": "totals"})
    assert [entry["tile"] for entry in totals["discards"]] == \
        [entry["tile"] for entry in paid["discards"]]
    winner = PAIR["winner"]
    for full, short in zip(paid["discards"], totals["discards"], strict=True):
        assert "values" not in short and short["expected"] == full["expected"]
        assert short["value_totals"] == [
            {"tile": wait["tile"], "self_draw": wait["self_draw"]["net"][winner],
             "discard": [way["net"][winner] for way in wait["discard"]]}
            for wait in full["values"]]


def test_the_issues_advice_asked_for_totals_fits_a_phone(client: FlaskClient) -> None:
    body = {**PAIR, "winner": 0, "value_detail": "totals"}  # the issue's request
    answered = client.post("/v1/yueqing/advice", json=body)
    assert answered.status_code == 200
    assert len(answered.data) <= 64 * 1024


def test_a_refused_way_is_null_in_the_totals() -> None:
    # CZ-11: 天胡 is the dealer's self-draw, so each discard of the wait is refused; `values`
    # says why, `value_totals` says null
    body = {"concealed": "123m456m789p234s7z", "winner": 0, "dealer": 0,
            "situation": {"heavenly": True}}
    paid = answer("chuzhou", "advice", body)["values"]
    totals = answer("chuzhou", "advice", {**body, "value_detail": "totals"})["value_totals"]
    assert all("problem" in way for way in paid[0]["discard"])
    assert totals == [{"tile": "7z", "self_draw": paid[0]["self_draw"]["net"][0],
                       "discard": [None, None, None]}]


@pytest.mark.parametrize("body", [
    {"concealed": "1245m456p789s11z3z3z", "value_detail": "totals"},  # no winner to value for
    {**PAIR, "value_detail": "patterns"},
])
def test_value_detail_is_checked(client: FlaskClient, body: dict[str, object]) -> None:
    ruleset = "yueqing" if "caishen" in body else "chuzhou"
    refused = client.post(f"/v1/{ruleset}/advice", json=body)
    assert refused.status_code == 422
    problem = orjson.loads(refused.data)
    assert set(problem["errors"]) & {"winner", "value_detail"}
