"""The name an answer shows is the form scored, as the text writes it (issue #44): 七对暗暗绝 for
the self-drawn 七对暗绝 beside its 320, 暗姊妹付 for 姊妹付 all in the hand, 明七对 and 暗七对;
杠牌 for the text's exposed kong; the text's quotes (清“1”, 三付“5”, 边“3”“7”). An id never
changes with its name."""

from __future__ import annotations

from typing import Any

import pytest

from service.rulesets.chuzhou.catalogue import PATTERNS
from service.scoring import score
from tests.chuzhou.helpers import body

READY = {"declared_ready": True}


def named(request: dict[str, Any]) -> dict[str, tuple[str, int]]:
    """Pattern id → the name and 番 its answer entry shows."""
    return {entry["id"]: (entry["name"], entry["fan"])
            for entry in score("chuzhou", request)["patterns"]}


@pytest.mark.parametrize(("request_body", "pid", "name", "fan"), [
    # 「如果这张牌是其它人打给自己的，叫七对暗绝，总番数加160番；如果是自己自摸，就叫七对暗暗绝，
    # 总番数加320番」
    (body("1111m33m55p77p99s22z", "1m", by="discard", source=3, **READY),
     "seven_pairs_last_copy", "七对暗绝", 160),
    (body("1111m33m55p77p99s22z", "1m", **READY), "seven_pairs_last_copy", "七对暗暗绝", 320),
    # 「如过是别人冲的，为"明七对"……如果是自摸，为"暗七对"」
    (body("11m33m55p77p99s22z44z", "4z", by="discard", source=3, **READY),
     "seven_pairs", "明七对", 80),
    (body("11m33m55p77p99s22z44z", "4z", **READY), "seven_pairs", "暗七对", 160),
    # 「如果胡牌时，姊妹付都在手中，那么就叫"暗姊妹付"」
    (body("123m123m456p789s11z", "1z"), "twin_sequences", "暗姊妹付", 40),
    (body("123m456p789s11z", "1z", melds=("chi:123m:0",)), "twin_sequences", "姊妹付", 20),
    # 「杠牌：有一副杠牌，总番数加10番；暗杠加20番」
    (body("123m456p11z555s", "5s", melds=("gang:7777s:2",)), "exposed_kong", "杠牌", 10),
    (body("123m456p11z555s", "5s", melds=("angang:7777s",)), "concealed_kong", "暗杠", 20),
])
def test_the_name_shown_is_the_form_scored(request_body: dict[str, Any], pid: str, name: str,
                                           fan: int) -> None:
    assert named(request_body)[pid] == (name, fan)


def test_the_text_names_the_patterns_with_its_quotes() -> None:
    names = {pattern.id: pattern.name for pattern in PATTERNS}
    assert {pid: names[pid] for pid in ("pure_outside", "mixed_outside", "three_fives",
                                         "four_fives", "center_five", "edge_wait",
                                         "exposed_kong")} == {
        "pure_outside": "清“1”", "mixed_outside": "混“1”", "three_fives": "三付“5”",
        "four_fives": "四付“5”", "center_five": "中心“5”", "edge_wait": "边“3”“7”",
        "exposed_kong": "杠牌"}
    for pattern in PATTERNS:
        ming, an = pattern.forms
        assert ming and an, pattern.id
        if "an" not in pattern.values:  # one value, one name
            assert ming == an == pattern.name, pattern.id
        else:  # the text's 暗 form: 暗 before the name, but 七对暗绝's
            assert an.startswith("暗") or an == "七对暗暗绝", pattern.id
