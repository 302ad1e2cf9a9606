"""Yueqing's situations that cannot hold together (CZ-18, which names its pair): 天胡 with
地胡 is refused with a cause of its own naming both, however the hand was won, while each
alone, where it can hold, still answers; alike in a batch, a match and a valued waits
request."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.errors import ImpossibleHand
from service.rulesets.yueqing.checks import EXCLUSIVE
from service.scoring import score
from tests.yueqing.helpers import body

PAIR = ("heavenly", "earthly")
PLAIN = "123m456m789p234s678s55s"
# 天胡 the dealer's self-draw, 地胡 a non-dealer's win on the dealer's discard (YQ-14).
HOME: dict[str, dict[str, Any]] = {"heavenly": {"winner": 0},
                                   "earthly": {"winner": 1, "by": "discard", "source": 0}}
WAYS = [*HOME.values(), {"winner": 1}, {"winner": 0, "by": "discard", "source": 2}]


def _request(flags: tuple[str, ...], **way: Any) -> dict[str, Any]:
    return body(PLAIN, "8s", **way, **dict.fromkeys(flags, True))


def _refused_together(problem: dict[str, Any], prefix: str = "") -> None:
    fields = [f"{prefix}situation.{flag}" for flag in PAIR]
    assert problem["status"] == 422 and problem["type"] == "/problems/impossible-hand"
    assert [(c["field"], c["code"], c["params"]) for c in problem["causes"]] == [
        (field, "exclusive-situations", {"flags": list(PAIR)}) for field in fields]


def test_the_code_refuses_the_pair_the_ruling_lists() -> None:
    assert [(pair.first, pair.second) for pair in EXCLUSIVE] == [PAIR]


def test_the_pair_is_refused_and_each_flag_alone_answers() -> None:
    for flag in PAIR:
        assert score("yueqing", _request((flag,), **HOME[flag]))["tai"]["total"] > 0
    for way in WAYS:  # once refused as not-heavenly or not-earthly, by the way it was won
        with pytest.raises(ImpossibleHand) as refused:
            score("yueqing", _request(PAIR, **way))
        _refused_together(refused.value.problem())


def test_batch_items_match_events_and_valued_waits_share_the_refusal(
        client: FlaskClient) -> None:
    items = [{"id": str(n), "ruleset": "yueqing", "action": "score",
              "request": _request(PAIR, **way)} for n, way in enumerate(WAYS)]
    results = client.post("/v1/batch", json={"items": items}).get_json()["results"]
    for result in results:
        _refused_together(result["problem"], "request.")
    event = {k: v for k, v in _request(PAIR, winner=0).items()
             if k not in ("dealer", "lao_zhuang")}
    match = {"dealer": 0, "events": [{"type": "win", "request": event}]}
    _refused_together(client.post("/v1/yueqing/match", json=match).get_json(),
                      "events.0.request.")
    for action in ("waits", "advice"):
        asked = {"concealed": "123m456m789p234s678s5s", "caishen": "9s", "winner": 0,
                 "dealer": 0, "situation": dict.fromkeys(PAIR, True)}
        _refused_together(client.post(f"/v1/yueqing/{action}", json=asked).get_json())
