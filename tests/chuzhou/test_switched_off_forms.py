"""A winning form the request's rules switch off (CZ-19): with ``seven_pairs.on`` false a hand
that reads only as 七对 (七对暗绝 included) is not a win, its cause naming the form and the
switch; one that also reads as four sets and a pair wins on that reading; the waits and the
advice agree that the form is no wait. A switch that only takes a pattern's 番 (七对暗绝's
own) leaves the hand a win (G-8)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from service.actions import run
from service.errors import NotAWin
from service.hand.splits import seven_pairs_wait
from service.rulesets import RULESETS
from service.rulesets.chuzhou.rules import FORMS
from service.scoring import score
from service.tiles import CODES, counts_of, parse_tiles
from tests.budget import examples
from tests.chuzhou.helpers import body

OFF = {"seven_pairs.on": False}
SWITCHED_OFF = ("form-switched-off", {"form": "seven_pairs", "parameter": "seven_pairs.on"})
READY: dict[str, Any] = {"declared_ready": True}
D: dict[str, Any] = {"by": "discard", "source": 3}
PAIRS = "11m33m55p77p99s22z66z"
BOTH = "112233m445566p77s"  # seven pairs, and 123m 123m 456p 456p 77s
LAST_COPY = "1111m33m55p77p99s22z"  # five pairs and a 坎, won on the 坎's fourth tile


def test_the_switches_that_turn_off_a_form_are_the_forms_and_cite_cz19() -> None:
    # 七对 is the one winning form a switch turns off; 七对暗绝 is a 七对 won a certain way.
    assert FORMS == {"seven_pairs": ("seven_pairs_last_copy",)}
    cited = {p.id for rules in RULESETS.values() for p in rules.parameters if p.ruling == "CZ-19"}
    assert cited == {f"{form}.on" for form in FORMS}


# (hand, winning tile, how, the rules, the 番 or the refusal's cause code), each worked by hand
CASES: list[tuple[str, str, dict[str, Any], dict[str, Any], int | str]] = [
    # 底胡 10 + 自摸 10 + 不求人 50 + 暗七对 160
    (PAIRS, "6z", READY, {}, 230),
    (PAIRS, "6z", READY, OFF, "form-switched-off"),
    # the issue's hand on a discard: 底胡 10 + 门清 10 + 明七对 80; off it paid 20, now refused
    (PAIRS, "6z", {**READY, **D}, {}, 100),
    (PAIRS, "6z", {**READY, **D}, OFF, "form-switched-off"),
    # undeclared: no win either way (CZ-10), but off the cause is the switch
    (PAIRS, "6z", {}, {}, "seven-pairs-undeclared"),
    (PAIRS, "6z", {}, OFF, "form-switched-off"),
    # 底胡 10 + 门清 10 + 七对暗绝 160
    (LAST_COPY, "1m", {**READY, **D}, {}, 180),
    (LAST_COPY, "1m", {**READY, **D}, OFF, "form-switched-off"),
    (LAST_COPY, "1m", {**READY, **D}, {"seven_pairs.on": False,
                                       "seven_pairs_last_copy.on": True}, "form-switched-off"),
    # 七对暗绝's own switch only takes its 番: a 七对, 明 80 (G-8)
    (LAST_COPY, "1m", {**READY, **D}, {"seven_pairs_last_copy.on": False}, 100),
    # both readings: 七对 is the best (230); off, four sets and a pair: 底胡 10 + 自摸 10 +
    # 不求人 50 + two 暗姊妹付 40 each
    (BOTH, "7s", READY, {}, 230),
    (BOTH, "7s", READY, OFF, 150),
    # a near miss, neither form: the cause is the leftover tiles either way
    ("11m33m55p77p99s2z6z77z", "7z", READY, {}, "leftover-tiles"),
    ("11m33m55p77p99s2z6z77z", "7z", READY, OFF, "leftover-tiles"),
    # a hand with melds is never seven pairs: the switch changes nothing
    ("123m678m99p", "8m", {**D, "melds": ("chi:345s:0", "peng:777p:3")}, OFF, 10),
]


@pytest.mark.parametrize(("concealed", "tile", "how", "rules", "expected"), CASES)
def test_worked_hands_under_the_switch(concealed: str, tile: str, how: dict[str, Any],
                                       rules: dict[str, Any], expected: int | str) -> None:
    how = dict(how)
    way = {k: how.pop(k) for k in ("by", "source", "melds") if k in how}
    request = {**body(concealed, tile, **way, **how), "rules": rules}
    if isinstance(expected, int):
        assert score("chuzhou", request)["fan"] == expected
        return
    with pytest.raises(NotAWin) as refused:
        score("chuzhou", request)
    [cause] = refused.value.problem()["causes"]
    assert cause["code"] == expected
    if expected == "form-switched-off":
        assert (cause["field"], cause["code"], cause["params"]) == ("hand.concealed",
                                                                    *SWITCHED_OFF)
    if expected == "leftover-tiles":  # off, seven pairs is no shape these rules win with
        assert cause["params"]["seven_pairs"] == (rules != OFF)


def test_the_hand_read_both_ways_wins_on_four_sets_and_a_pair() -> None:
    answer = score("chuzhou", {**body(BOTH, "7s", **READY), "rules": OFF})
    assert answer["hand"]["form"] == "standard"
    assert "seven_pairs" not in {entry["id"] for entry in answer["patterns"]}


# Standing hands of waiting size: the waits, and the advice of each, under each rules.
WAITING = [("11m33m55p77p99s22z6z", ["6z"], []), ("112233m445566p7s", ["7s"], ["7s"]),
           ("1122m3344p5566s7z", ["7z"], []), ("1112345678999m", [f"{n}m" for n in range(1, 10)],
                                               [f"{n}m" for n in range(1, 10)])]


@pytest.mark.parametrize(("concealed", "on", "off"), WAITING)
def test_waits_and_advice_agree_that_a_switched_off_form_is_no_wait(
        concealed: str, on: list[str], off: list[str]) -> None:
    for rules, waits in (({}, on), (OFF, off)):
        request = {"concealed": concealed, "rules": rules}
        assert run("chuzhou", "waits", request)["waits"] == waits
        advice = run("chuzhou", "advice", request)
        assert advice.get("waits", []) == waits
        assert (advice["shanten"] == 0) == bool(waits)


@st.composite
def near_seven_pairs(draw: st.DrawFn) -> str:
    """Thirteen standing tiles of six pairs and a single, some of them changed: hands that
    wait on seven pairs, on four sets and a pair, on both or on neither."""
    kinds = draw(st.lists(st.sampled_from(CODES), min_size=7, max_size=7, unique=True))
    tiles = [t for t in kinds[:6] for _ in range(2)] + [kinds[6]]
    for place in draw(st.lists(st.integers(0, 12), max_size=3)):
        tiles[place] = draw(st.sampled_from(CODES))
    return "".join(tiles) if all(tiles.count(t) <= 4 for t in tiles) else "".join(
        [t for t in kinds[:6] for _ in range(2)] + [kinds[6]])


@settings(max_examples=examples(60), deadline=None)
@given(near_seven_pairs())
def test_switched_off_only_the_seven_pairs_wait_goes(concealed: str) -> None:
    # Off, the waits are the default's without the one tile that made the hand seven pairs
    # unless it also completes four sets and a pair; the advice reads the same waits.
    on = run("chuzhou", "waits", {"concealed": concealed})["waits"]
    off = run("chuzhou", "waits", {"concealed": concealed, "rules": OFF})["waits"]
    pairs_wait = seven_pairs_wait(counts_of(parse_tiles(concealed)))
    assert set(on) - set(off) <= ({CODES[pairs_wait]} if pairs_wait is not None else set())
    assert set(off) <= set(on)
    advice = run("chuzhou", "advice", {"concealed": concealed, "rules": OFF})
    assert advice.get("waits", []) == off and (advice["shanten"] == 0) == bool(off)
    for tile in set(on) - set(off):  # that tile wins only as 七对: refused, not paid
        with pytest.raises(NotAWin) as refused:
            score("chuzhou", {**body(concealed + tile, tile, **READY), "rules": OFF})
        assert refused.value.problem()["causes"][0]["code"] == "form-switched-off"


def test_the_advice_of_a_hand_of_winning_size_reads_no_seven_pairs_when_off() -> None:
    assert run("chuzhou", "advice", {"concealed": PAIRS})["shanten"] == -1
    off = run("chuzhou", "advice", {"concealed": PAIRS, "rules": OFF})
    assert off["shanten"] > 0
    # no discard leaves a hand ready on a seven-pairs wait
    assert all(entry["shanten"] > 0 for entry in off["discards"])


def test_what_each_wait_is_worth_lists_no_switched_off_wait(client: FlaskClient) -> None:
    asked = {"concealed": "11m33m55p77p99s22z6z", "winner": 1, "dealer": 0, "rules": OFF}
    answer = client.post("/v1/chuzhou/waits", json=asked).get_json()
    assert (answer["waits"], answer["values"]) == ([], [])
    advice = client.post("/v1/chuzhou/advice", json=asked).get_json()
    assert "waits" not in advice and advice["shanten"] > 0


def test_a_batch_item_and_a_match_event_share_the_refusal(client: FlaskClient) -> None:
    request = body(PAIRS, "6z", **READY)
    items = [{"id": str(n), "ruleset": "chuzhou", "action": "score",
              "request": {**request, "rules": rules}} for n, rules in enumerate(({}, OFF))]
    results = client.post("/v1/batch", json={"items": items}).get_json()["results"]
    assert [r["status"] for r in results] == [200, 422]
    [cause] = results[1]["problem"]["causes"]
    assert (cause["field"], cause["code"], cause["params"]) == ("request.hand.concealed",
                                                                *SWITCHED_OFF)
    event = {k: v for k, v in request.items() if k != "dealer"}
    match = {"dealer": 0, "rules": OFF, "events": [{"type": "win", "request": event}]}
    problem = client.post("/v1/chuzhou/match", json=match).get_json()
    assert problem["type"] == "/problems/not-a-win"
    [cause] = problem["causes"]
    assert (cause["field"], cause["code"], cause["params"]) == (
        "events.0.request.hand.concealed", *SWITCHED_OFF)


def test_the_refusal_is_said_in_chinese(client: FlaskClient) -> None:
    answer = client.post("/v1/chuzhou/score", json={**body(PAIRS, "6z", **READY), "rules": OFF},
                         headers={"Accept-Language": "zh"}).get_json()
    [cause] = answer["causes"]
    assert cause["code"] == "form-switched-off" and "七对" in cause["message"]
    assert "「seven_pairs.on」" in cause["message"]  # the switch, quoted as sent
    said = re.sub("「[^」]*」", "", cause["message"])  # no English word outside the quotes
    assert not re.search("[A-Za-z]", said.replace("CZ-19", ""))
