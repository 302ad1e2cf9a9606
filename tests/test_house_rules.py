"""House rules (docs/house-rules.md, G-8): every parameter of both rulesets changes a worked
hand's answer as it says; the answer names the rules; explicit defaults change nothing."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import service
from service.actions import run
from service.errors import NotAWin, ProblemError
from service.rulesets import RULESETS
from service.scoring import score
from service.tiles import code, parse_compact, tile
from tests.catalogues import playing
from tests.chuzhou.helpers import body as cz
from tests.chuzhou.test_patterns import CASES as CZ_CASES
from tests.yueqing.helpers import body as yq
from tests.yueqing.test_items import CASES as YQ_CASES

WORKED = Path(__file__).with_name("worked_hands.jsonl")
PARAMETERS = {rid: {p.id: p for p in RULESETS[rid].parameters} for rid in ("chuzhou", "yueqing")}


def _table_bodies(ruleset_id: str) -> list[dict[str, Any]]:
    """The score requests of the pattern tables that score a pattern."""
    cases = CZ_CASES if ruleset_id == "chuzhou" else YQ_CASES
    return [b for _, value, b in cases if value is not None]


@cache
def _worked_scores(ruleset_id: str) -> tuple[dict[str, Any], ...]:
    """Every score request of the worked hands (the pattern tables first) that scores, with
    its rules stripped. Reads tests/worked_hands.jsonl: a test that calls it is marked
    ``reads_record`` (make worked-hands rewrites that file)."""
    bodies = _table_bodies(ruleset_id)
    for line in WORKED.read_text().splitlines():
        rid, action, request = json.loads(line)
        if rid == ruleset_id and action == "score" and isinstance(request, dict):
            bodies.append(request)
    return _scored(ruleset_id, bodies)


@cache
def _table_scores(ruleset_id: str) -> tuple[dict[str, Any], ...]:
    """The pattern tables' score requests that score, with their rules stripped."""
    return _scored(ruleset_id, _table_bodies(ruleset_id))


def _scored(ruleset_id: str, bodies: list[dict[str, Any]]) -> tuple[dict[str, Any], ...]:
    found = []
    for request in bodies:
        request = {k: v for k, v in request.items() if k not in ("expected", "rules", "variant")}
        try:
            found.append((request, score(ruleset_id, request)))
        except ProblemError:
            continue
    return tuple(found)


def _scores(answer: dict[str, Any], pid: str, form: str) -> bool:
    return any(entry["id"] == pid and (form not in ("ming", "an")
                                       or entry["concealed"] == (form == "an"))
               for entry in answer["patterns"])


def _won_otherwise(request: dict[str, Any]) -> list[dict[str, Any]]:
    """The same hand won the other ways: self-drawn, or on each other seat's discard (a
    pattern's 暗 form is mostly its self-drawn one, CZ-7)."""
    winner = request["winner"]
    ways = [{"tile": request["win"]["tile"], "by": "self_draw"}] + [
        {"tile": request["win"]["tile"], "by": "discard", "from": seat}
        for seat in range(4) if seat != winner]
    return [{**request, "win": way} for way in ways]


def _one_set_claimed(request: dict[str, Any], answer: dict[str, Any],
                     pid: str) -> dict[str, Any] | None:
    """The same hand with the first set of ``pid``'s 暗 instance claimed instead (a 吃 from
    the 上家 or a 碰), so that the instance is 明 (CZ-7)."""
    entry = next(e for e in answer["patterns"] if e["id"] == pid)
    if not entry["sets"]:
        return None
    shown = answer["hand"]["sets"][entry["sets"][0]]
    if not shown["concealed"] or shown["type"] not in ("sequence", "triplet"):
        return None
    standing = list(parse_compact(request["hand"]["concealed"]) if isinstance(
        request["hand"]["concealed"], str) else map(tile, request["hand"]["concealed"]))
    for t in parse_compact(shown["tiles"]):
        if t not in standing:
            return None
        standing.remove(t)
    if tile(request["win"]["tile"]) not in standing:
        return None
    winner = request["winner"]
    meld = {"type": "chi" if shown["type"] == "sequence" else "peng", "tiles": shown["tiles"],
            "from": (winner + 3) % 4 if shown["type"] == "sequence" else (winner + 2) % 4}
    hand = {**request["hand"], "concealed": [code(t) for t in standing],
            "melds": [*request["hand"]["melds"], meld]}
    return {**request, "hand": hand}


def _hand_for(ruleset_id: str, pid: str, form: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A worked hand whose best reading scores ``pid`` in that form (明/暗 or any): one of the
    pattern tables', else one of them won another way. Not the record's (make worked-hands
    records what this finds: a hand it found in the record would feed the record)."""
    scored = [(request, answer) if request is played else (played, score(ruleset_id, played))
              for request, answer in _table_scores(ruleset_id)
              for played in [playing(ruleset_id, pid, request)]]
    for request, answer in scored:
        if _scores(answer, pid, form):
            return request, answer
    for request, answer in scored:
        if _scores(answer, pid, "any"):
            claimed = _one_set_claimed(request, answer, pid) if form == "ming" else None
            for other in _won_otherwise(request) + ([claimed] if claimed else []):
                try:
                    found = score(ruleset_id, other)
                except ProblemError:
                    continue
                if _scores(found, pid, form):
                    return other, found
    raise AssertionError(f"no worked hand scores {pid} ({form}): add one to the pattern table")


def _total(ruleset_id: str, answer: dict[str, Any]) -> int:
    return answer["fan"] if ruleset_id == "chuzhou" else answer["tai"]["total"]


VALUE_PARAMETERS = [(rid, pid) for rid in PARAMETERS for pid in PARAMETERS[rid]
                    if pid.rsplit(".", 1)[-1] in ("fan", "ming", "an", "tai", "on")
                    and pid.rsplit(".", 1)[0] in {e["id"] for e in
                                                  RULESETS[rid].catalogue()["patterns"]}]


@pytest.mark.parametrize(("ruleset_id", "parameter"), VALUE_PARAMETERS)
def test_every_pattern_value_and_switch_changes_a_worked_hand(ruleset_id: str,
                                                               parameter: str) -> None:
    pid, form = parameter.rsplit(".", 1)
    request, before = _hand_for(ruleset_id, pid, form)  # played with pid on (its row may not)
    default = PARAMETERS[ruleset_id][parameter].default
    value: Any = False if form == "on" else int(default) + 7
    rules = {**request.get("rules", {}), parameter: value}
    if PARAMETERS[ruleset_id][parameter].ruling == "CZ-19":
        # a switch that turns off a winning form: a hand read only in it is no win (CZ-19);
        # tests/chuzhou/test_switched_off_forms.py has its hands that read otherwise too
        with pytest.raises(NotAWin) as refused:
            score(ruleset_id, {**request, "rules": rules})
        [cause] = refused.value.problem()["causes"]
        assert (cause["code"], cause["params"]) == ("form-switched-off",
                                                    {"form": pid, "parameter": parameter})
        return
    after = score(ruleset_id, {**request, "rules": rules})
    assert after["rules"]["overrides"] == {
        key: v for key, v in rules.items() if v != PARAMETERS[ruleset_id][key].default}
    assert after["rules"]["fingerprint"] != before["rules"]["fingerprint"]
    ids = [entry["id"] for entry in after["patterns"]]
    if form == "on":  # it no longer counts; the best reading is judged again without it
        assert pid not in ids
        return
    ours = [e for e in after["patterns"] if e["id"] == pid]
    assert ours, "raising a found pattern's value keeps it in the best reading"
    if form in ("ming", "an"):
        assert all(e["value"] == value for e in ours if e["concealed"] == (form == "an"))
    else:
        assert all(e["value"] == value for e in ours)
    if ruleset_id == "chuzhou":
        old = sum(e["count"] for e in before["patterns"] if e["id"] == pid
                  and (form == "fan" or e["concealed"] == (form == "an")))
        assert after["fan"] >= before["fan"] + 7 * old  # at least: the best may read anew
        assert after["fan"] == sum(e["fan"] for e in after["patterns"])
    assert sum(after["settlement"]["net"]) == sum(before["settlement"]["net"])
    assert after["settlement"]["net"][request["winner"]] >= \
        before["settlement"]["net"][request["winner"]]


# --- the settlement's and the special rules' parameters, each on a hand worked by hand -------

README = cz("123m678m99p", "8m", by="discard", source=3, melds=("chi:345s:0", "peng:777p:3"))
README["zhen"] = [1, 1, 1, 1]  # 10 番; seat 1 wins on seat 3's discard, dealer 0
# 三大元 (500) fed by seat 2, the third dragon triplet claimed after two were exposed.
DRAGONS = cz("11m", "1m", by="discard", source=3,
             melds=("peng:555z:0", "peng:666z:3", "peng:777z:2", "chi:234p:0"))
TUOKUZI = cz("123m456p789s11z555s", "5s", by="discard", source=2, tuokuzi_seat=2)
YQ_README = {"dealer": 0, "winner": 0, "caishen": "3z",
             "hand": {"concealed": "123m456m789p234s678s55s"},
             "win": {"tile": "8s", "by": "discard", "from": 3}}  # 平胡 + 无财神: 2 台
PURE_TERMINALS = cz("11s", "1s", by="discard", source=3,
                    melds=("peng:111m:0", "peng:999m:3", "peng:111p:2", "peng:999p:2"))
FULL_FLUSH = cz("44m", "4m", by="discard", source=3,
                melds=("chi:123m:0", "peng:555m:3", "chi:678m:0", "peng:999m:2"))
DRAGONS_ONE_SUIT = {**DRAGONS, "situation": {"one_suit_seats": [2]}}
# Winner 1's seat wind is 南 (2z). F1: 2 flowers, one 财神 (9s as 3s), an exposed and a
# concealed kong of other tiles, a seat-wind and a 红中 triplet: 2 + 1 + 1 + 2 + 1 + 1 = 8 花.
F1 = yq("129s55s", "5s", melds=("gang:4444m:0", "angang:7777p", "peng:222z:3", "peng:777z:2"),
        flowers=2)
# F2: 4 flowers (5 花), three 财神 (4), seat-wind exposed kong (2), 发财 concealed kong (3),
# 红中 exposed kong (2), and the three 财神 read as a seat-wind triplet (1, YQ-16): 17 花.
F2 = yq("123m55m999s", "5m", melds=("gang:2222z:3", "angang:6666z", "gang:7777z:2"), flowers=4)
# F3: seat-wind and 红中 concealed kongs (3 each), a 发财 triplet (1): 7 花; with one flower
# and the replacement tile won, 6 minor 台: N' = 10, total 20.
F3 = yq("123m456m55p", "5p", melds=("angang:2222z", "angang:7777z", "peng:666z:3"),
        flowers=1, after_kong=True)
# F4: a 发财 exposed kong (2) and two flowers: 4 花, 10 条.
F4 = yq("123m456m789m123p55p", "5p", melds=("gang:6666z:3",), flowers=2)
DRAWN = {"dealer": 0, "caishen": "9p", "lao_zhuang": 2, "players": [
    {"seat": 0, "concealed": "123456789m123p456p1s", "flowers": 1},
    {"seat": 1, "concealed": "123456789p11z22z", "melds": [{"type": "gang", "tiles": "7777s",
                                                           "from": 0}]},
    {"seat": 2, "concealed": "123456s888s999s6677z"},
    {"seat": 3, "concealed": "123456789m11z22z333z"}]}
# the contract's examples, package data: read where the service imported from (the wheel's
# under make test-compiled)
EXAMPLES = json.loads(Path(service.__file__).parent.joinpath(
    "schemas", "examples.json").read_text(encoding="utf-8"))
ESCAPE = EXAMPLES["yueqing_escape"]["request"]


def _net(answer: dict[str, Any]) -> list[int]:
    return answer["settlement"]["net"] if "settlement" in answer else answer["net"]


# (ruleset, action, request, parameter, value, what the answer then holds), each worked by
# hand beside it; the default answer differs in each (checked below).
SETTLEMENT_CASES: list[tuple[str, str, dict[str, Any], str, Any, dict[str, Any]]] = [
    # 10 + 5 × (1 + 1): seat 0 (dealer, 针 doubled) 10 + 5 + 10 = 25, seat 2 20, seat 3 + 10
    ("chuzhou", "score", README, "zhen_unit", 5, {"net": [-25, 75, -20, -30]}),
    # dealer's 针 × 3: seat 0 pays 10 + 10 + 30 = 50
    ("chuzhou", "score", README, "dealer_zhen_factor", 3, {"net": [-50, 120, -30, -40]}),
    ("chuzhou", "score", README, "discard_extra", 0, {"net": [-40, 100, -30, -30]}),
    ("chuzhou", "score", README, "zhen_cap", 1, {"next": {"dealer": 1, "zhen": [1, 1, 1, 1]}}),
    ("chuzhou", "score", DRAGONS, "baozhuang", False, {"liable_seat": None}),
    ("chuzhou", "score", DRAGONS, "baozhuang.three_dragons", False, {"liable_seat": None}),
    ("chuzhou", "score", TUOKUZI, "baozhuang.tuokuzi", False, {"liable_seat": None}),
    ("chuzhou", "score", PURE_TERMINALS, "baozhuang.pure_terminals", False,
     {"liable_seat": None}),
    ("chuzhou", "score", FULL_FLUSH, "baozhuang.full_flush", False, {"liable_seat": None}),
    # seat 2 holds a one-suit hand: exempt by 清不包清, liable without it
    ("chuzhou", "score", DRAGONS_ONE_SUIT, "qing_bu_bao_qing", False, {"liable_seat": 2}),
    ("chuzhou", "instant", {"event": "followed_discard", "seat": 0}, "instant_unit", 5,
     {"net": [-15, 5, 5, 5]}),
    ("chuzhou", "draw", {"dealer": 0, "kongs": 1}, "wall_reserve", 10, {"wall_reserve": 12}),
    ("chuzhou", "draw", {"dealer": 0, "kongs": 1}, "wall_reserve_per_kong", 0,
     {"wall_reserve": 15}),
    # 2 台 ≤ the limit; a limit of 1 makes N' = 2 + 4 = 6, doubled: 12, each pays 13
    ("yueqing", "score", YQ_README, "minor_limit", 1, {"total": 12, "net": [39, -13, -13, -13]}),
    ("yueqing", "score", YQ_README, "hand_base", 3, {"net": [15, -5, -5, -5]}),
    # a non-dealer wins: the dealer pays 1 more than the others, 0 more without it
    ("yueqing", "score", F4, "dealer_extra", 0, {"dealer_pays_more": 0}),
    # the dealer keeps 2 牢庄: 2 + 2 + 1 = 5 each; without it 3
    ("yueqing", "score", {**YQ_README, "lao_zhuang": 2}, "lao_zhuang_pays", False,
     {"net": [9, -3, -3, -3]}),
    ("yueqing", "score", {**YQ_README, "lao_zhuang": 2}, "lao_zhuang_cap", 2,
     {"next": {"dealer": 0, "lao_zhuang": 2}}),
    ("yueqing", "draw", DRAWN, "kong_passes_deal", False, {"next": {"dealer": 0,
                                                                    "lao_zhuang": 2}}),
    ("yueqing", "score", F3, "minor_jump", 5, {"total": 22}),
    ("yueqing", "score", F3, "doubling", 3, {"total": 30}),
    ("yueqing", "score", F1, "tiao_ladder", "linear", {"flowers": 8, "tiao": 8}),
    ("yueqing", "score", F4, "tiao_at_four", 8, {"flowers": 4, "tiao": 8}),
    ("yueqing", "escape", ESCAPE, "escape_fine_base", 2, {"fine": 20}),
    ("yueqing", "escape", ESCAPE, "escape_fine_multiplier", 3, {"fine": 3}),
    # each flower value one more, or its item off: the 花 move by what the hand holds of it
    ("yueqing", "score", F1, "flower_tiles.on", False, {"flowers": 6}),
    ("yueqing", "score", F1, "flower_tiles.each", 2, {"flowers": 10}),
    ("yueqing", "score", F2, "flower_tiles.all_four", 6, {"flowers": 18}),
    ("yueqing", "score", F1, "caishen_tiles.on", False, {"flowers": 7}),
    ("yueqing", "score", F1, "caishen_tiles.each", 2, {"flowers": 9}),
    ("yueqing", "score", F2, "caishen_tiles.three", 5, {"flowers": 18}),
    ("yueqing", "score", F1, "kong.on", False, {"flowers": 5}),
    ("yueqing", "score", F1, "kong.exposed", 2, {"flowers": 9}),
    ("yueqing", "score", F1, "kong.concealed", 3, {"flowers": 9}),
    ("yueqing", "score", F1, "seat_wind_set.on", False, {"flowers": 7}),
    ("yueqing", "score", F1, "seat_wind_set.triplet", 2, {"flowers": 9}),
    ("yueqing", "score", F2, "seat_wind_set.exposed_kong", 3, {"flowers": 18}),
    ("yueqing", "score", F3, "seat_wind_set.concealed_kong", 4, {"flowers": 9}),
    ("yueqing", "score", F1, "red_set.on", False, {"flowers": 7}),
    ("yueqing", "score", F1, "red_set.triplet", 2, {"flowers": 9}),
    ("yueqing", "score", F2, "red_set.exposed_kong", 3, {"flowers": 18}),
    ("yueqing", "score", F3, "red_set.concealed_kong", 4, {"flowers": 9}),
    # off, the 发财 concealed kong counts as any other concealed kong: 17 − 3 + 2
    ("yueqing", "score", F2, "green_set.on", False, {"flowers": 16}),
    # off, the seat-wind exposed kong counts as any other exposed kong (− 2 + 1), and the
    # three 财神 read as a seat-wind triplet count nothing (− 1): 15
    ("yueqing", "score", F2, "seat_wind_set.on", False, {"flowers": 15}),
    # off, F3's 红中 concealed kong counts as any other concealed kong: 8 − 3 + 2
    ("yueqing", "score", F3, "red_set.on", False, {"flowers": 7}),
    ("yueqing", "score", F3, "green_set.triplet", 2, {"flowers": 9}),
    ("yueqing", "score", F4, "green_set.exposed_kong", 3, {"flowers": 5}),
    ("yueqing", "score", F2, "green_set.concealed_kong", 4, {"flowers": 18}),
]

# A parameter whose documented effect is a refusal: (ruleset, request, parameter, value, field)
REFUSALS = [
    ("chuzhou", {**README, "situation": {"liable_seat": 2}}, "baozhuang", False,
     "situation.liable_seat"),
    ("chuzhou", {**README, "zhen": [1, 3, 1, 1]}, "zhen_cap", 2, "zhen.1"),
    ("yueqing", {**YQ_README, "situation": {"liable_seat": 2}}, "baopai", False,
     "situation.liable_seat"),
    ("yueqing", {**YQ_README, "lao_zhuang": 4}, "lao_zhuang_cap", 3, "lao_zhuang"),
]


@pytest.mark.parametrize(("ruleset_id", "request_body", "parameter", "value", "field"),
                         REFUSALS, ids=[f"{c[2]}-refused" for c in REFUSALS])
def test_parameters_whose_effect_is_a_refusal(ruleset_id: str, request_body: dict[str, Any],
                                              parameter: str, value: Any, field: str) -> None:
    assert score(ruleset_id, copy.deepcopy(request_body))["rules"]["overrides"] == {}
    with pytest.raises(ProblemError) as refused:
        score(ruleset_id, {**copy.deepcopy(request_body), "rules": {parameter: value}})
    assert field in refused.value.errors


CZ_WAITS = {**EXAMPLES["chuzhou_waits"]["request"], "dealer": 0, "winner": 1}
YQ_WAITS = {**EXAMPLES["yueqing_waits"]["request"], "dealer": 0, "winner": 1}
WAITS_REFUSALS = [
    ("chuzhou", {**CZ_WAITS, "zhen": [1, 3, 1, 1]}, "zhen_cap", 2, "zhen.1"),
    ("chuzhou", {**CZ_WAITS, "situation": {"liable_seat": 2}}, "baozhuang", False,
     "situation.liable_seat"),
    ("yueqing", {**YQ_WAITS, "lao_zhuang": 4}, "lao_zhuang_cap", 3, "lao_zhuang"),
    ("yueqing", {**YQ_WAITS, "situation": {"liable_seat": 2}}, "baopai", False,
     "situation.liable_seat"),
]


@pytest.mark.parametrize(("ruleset_id", "request_body", "parameter", "value", "field"),
                         WAITS_REFUSALS, ids=[f"{c[2]}-waits-refused" for c in WAITS_REFUSALS])
def test_what_the_rules_refuse_is_one_refusal_of_a_waits_request(
        ruleset_id: str, request_body: dict[str, Any], parameter: str, value: Any,
        field: str) -> None:
    """Asking what each wait is worth under rules that refuse the request whatever the hand
    is one 422 naming the field, not a table of refused ways."""
    assert any("problem" not in way for row in
               run(ruleset_id, "waits", copy.deepcopy(request_body))["values"]
               for way in (row["self_draw"], *row["discard"]))
    with pytest.raises(ProblemError) as refused:
        run(ruleset_id, "waits", {**copy.deepcopy(request_body), "rules": {parameter: value}})
    assert refused.value.status == 422 and list(refused.value.errors) == [field]


def test_every_parameter_has_a_worked_hand() -> None:
    covered = {(rid, pid) for rid, pid in VALUE_PARAMETERS}
    covered |= {(c[0], c[3]) for c in SETTLEMENT_CASES} | {(c[0], c[2]) for c in REFUSALS}
    every = {(rid, pid) for rid in PARAMETERS for pid in PARAMETERS[rid]}
    assert every - covered == set()


@pytest.mark.parametrize(("ruleset_id", "action", "request_body", "parameter", "value", "holds"),
                         SETTLEMENT_CASES, ids=[c[3] for c in SETTLEMENT_CASES])
def test_settlement_parameters(ruleset_id: str, action: str, request_body: dict[str, Any],
                               parameter: str, value: Any, holds: dict[str, Any]) -> None:
    before = run(ruleset_id, action, copy.deepcopy(request_body))
    after = run(ruleset_id, action, {**copy.deepcopy(request_body), "rules": {parameter: value}})
    shown = {"net": _net(after) if "net" in holds else None,
             "liable_seat": after.get("settlement", {}).get("liable_seat"),
             "total": after.get("tai", {}).get("total"),
             "flowers": after.get("flowers", {}).get("count") if action == "score" else None,
             "tiao": after.get("flowers", {}).get("tiao") if action == "score" else None,
             "next": after.get("next"), "wall_reserve": after.get("wall_reserve"),
             "fine": after.get("fine"),
             "dealer_pays_more": _net(after)[2] - _net(after)[0] if "settlement" in after
             else None}
    assert {key: shown[key] for key in holds} == holds
    assert after != before
    assert after["rules"]["overrides"] == {parameter: value}


# 一条龙 of 饼, 123p claimed, 456p and 789p standing, won on seat 3's discard: 明, 80 番, and
# the add-on 10 (CZ-8).
MING_DRAGON = cz("456p789p111z55s", "5s", by="discard", source=3, melds=("chi:123p:0",))


@pytest.mark.parametrize(("rules", "bonus"), [
    ({}, 10),
    ({"double_dragon.on": False}, 10),      # the 一条龙 it adds to still counts
    ({"full_dragon.on": False}, None),      # nothing it adds to counts: it goes too
    ({"full_dragon.on": False, "double_dragon.on": False}, None),
    ({"dragon_bonus.fan": 25}, 25),
])
def test_an_add_on_goes_with_what_it_adds_to(rules: dict[str, Any], bonus: int | None) -> None:
    """G-8 and CZ-8: 一条龙加番 adds to a 明 一条龙 or 双龙 that counts."""
    found = score("chuzhou", {**MING_DRAGON, "rules": rules})
    fans = {e["id"]: e["fan"] for e in found["patterns"]}
    assert fans.get("dragon_bonus") == bonus
    assert ("full_dragon" in fans) == rules.get("full_dragon.on", True)
