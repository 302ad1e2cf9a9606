"""Situations that cannot hold together (CZ-18): each pair the ruling lists is refused with a
cause of its own naming both flags, however the hand was won, while each flag alone, on a
hand where it can hold, still answers; alike through a batch item, a match event, a waits
request asking what each wait is worth and an advice."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.errors import ImpossibleHand
from service.rulesets.chuzhou.checks import EXCLUSIVE
from service.scoring import score
from tests.chuzhou.helpers import body

# The pairs CZ-18 lists, as it lists them: a pair added to the code without a ruling fails.
PAIRS = [("heavenly", "earthly"), ("heavenly", "last_tile"), ("earthly", "last_tile"),
         ("heavenly", "table_pengs")]
RAISED: dict[str, Any] = {"heavenly": True, "earthly": True, "last_tile": True,
                          "table_pengs": "9p"}  # a 碰 of 9p: the hand holds none
HAND = "123m456p789s11z555s"
# A hand on which each flag alone holds: 天胡 the dealer's self-draw, 地胡 a non-dealer's,
# 海底捞月 and a 碰 on the table any self-draw.
HOME = {"heavenly": {"winner": 0}, "earthly": {"winner": 1}, "last_tile": {"winner": 1},
        "table_pengs": {"winner": 0}}
# However a hand with both flags was won: by the dealer or not, self-drawn or on a discard.
WAYS = [{"winner": 0}, {"winner": 1}, {"winner": 1, "by": "discard", "source": 3},
        {"winner": 0, "by": "discard", "source": 2}]


def _request(flags: tuple[str, ...], **way: Any) -> dict[str, Any]:
    return body(HAND, "5s", **way, **{flag: RAISED[flag] for flag in flags})


def _refused_together(problem: dict[str, Any], pair: tuple[str, str], prefix: str = "") -> None:
    fields = [f"{prefix}situation.{flag}" for flag in pair]
    assert problem["status"] == 422 and problem["type"] == "/problems/impossible-hand"
    assert list(problem["errors"]) == fields
    assert [(c["field"], c["code"], c["params"]) for c in problem["causes"]] == [
        (field, "exclusive-situations", {"flags": list(pair)}) for field in fields]
    assert "(CZ-18)" in problem["detail"]


def test_the_code_refuses_the_pairs_the_ruling_lists() -> None:
    assert [(pair.first, pair.second) for pair in EXCLUSIVE] == PAIRS


@pytest.mark.parametrize("pair", PAIRS, ids="+".join)
def test_each_pair_is_refused_and_each_flag_alone_answers(pair: tuple[str, str]) -> None:
    for flag in pair:
        alone = score("chuzhou", _request((flag,), **HOME[flag]))
        assert alone["fan"] > 0 and sum(alone["settlement"]["net"]) == 0
    for way in WAYS:
        with pytest.raises(ImpossibleHand) as refused:
            score("chuzhou", _request(pair, **way))
        _refused_together(refused.value.problem(), pair)


def test_the_issues_hand_pays_both_no_more() -> None:
    # 天胡 with 海底捞月 was paid both (+520 番); each alone is paid its own.
    heavenly = score("chuzhou", _request(("heavenly",), winner=0))["fan"]
    last = score("chuzhou", _request(("last_tile",), winner=0))["fan"]
    plain = score("chuzhou", _request((), winner=0))["fan"]
    assert (heavenly - plain, last - plain) == (500, 20)
    with pytest.raises(ImpossibleHand):
        score("chuzhou", _request(("heavenly", "last_tile"), winner=0))


def test_a_flag_with_another_not_listed_still_answers() -> None:
    # 地胡 with a 碰 on the table is no pair of CZ-18: the first go-around's extent varies
    # by table (docs/rules/chuzhou.md).
    assert score("chuzhou", _request(("earthly", "table_pengs"), winner=1))["fan"] > 0


def test_batch_items_and_match_events_share_the_refusal(client: FlaskClient) -> None:
    items = [{"id": "+".join(pair), "ruleset": "chuzhou", "action": "score",
              "request": _request(pair, winner=0)} for pair in PAIRS]
    items += [{"id": flag, "ruleset": "chuzhou", "action": "score",
               "request": _request((flag,), **HOME[flag])} for flag in RAISED]
    results = client.post("/v1/batch", json={"items": items}).get_json()["results"]
    assert [r["status"] for r in results] == [422] * len(PAIRS) + [200] * len(RAISED)
    for pair, result in zip(PAIRS, results, strict=False):
        _refused_together(result["problem"], pair, "request.")
    for pair in PAIRS:
        event = {k: v for k, v in _request(pair, winner=1).items() if k != "dealer"}
        match = {"dealer": 0, "zhen": [1, 1, 1, 1],
                 "events": [{"type": "win", "request": event}]}
        answer = client.post("/v1/chuzhou/match", json=match)
        _refused_together(answer.get_json(), pair, "events.0.request.")


@pytest.mark.parametrize("action", ["waits", "advice"])
def test_a_valued_waits_request_and_an_advice_are_refused_once(client: FlaskClient,
                                                                action: str) -> None:
    # A situation comes with the winner (what each wait is worth): one 422 before any wait
    # is scored, not a table of refused ways.
    for pair in PAIRS:
        asked = {"concealed": "123m456p789s11z55s", "winner": 0, "dealer": 0,
                 "situation": {flag: RAISED[flag] for flag in pair}}
        _refused_together(client.post(f"/v1/chuzhou/{action}", json=asked).get_json(), pair)


def test_the_refusal_is_said_in_chinese(client: FlaskClient) -> None:
    answer = client.post("/v1/chuzhou/score", json={**_request(PAIRS[1], winner=0),
                                                    "zhen": [1, 1, 1, 1]},
                         headers={"Accept-Language": "zh-CN"}).get_json()
    [first, _] = answer["causes"]
    assert first["code"] == "exclusive-situations" and "海底捞月" in first["message"]
    assert not re.search("[A-Za-z]", first["message"].replace("CZ-18", ""))
