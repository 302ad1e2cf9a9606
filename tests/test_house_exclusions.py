"""G-8 for what excludes or replaces: a pattern that excludes another (CZ-5, YQ-7, YQ-9), a
member of the 四合 family above another (judged per tile, CZ-5) or a Yueqing flower set that
takes the place of the plain kong count (YQ-16), switched off, leaves the hand scoring exactly
what it alone excluded, every seat's amount with it. Each one is
here on a hand worked by hand, whose best reading stays the same with it off. A pattern worth
0 is the other way round: it still counts and still excludes, and a Yueqing major item worth 0
adds nothing to M, so it brings no doubling (YQ-15).

Seats: dealer 0, winner 1 (South), every 针 1; Yueqing's 财神 9s and flower 白板 unless said.
Chuzhou pays F + 10 × (针 sum), the dealer's 针 doubled, a discarder 10 more (CZ-12); Yueqing
pays 台 + 1, the dealer 台 + 2, each payer the flower 条 too (YQ-17, YQ-18).
"""

from __future__ import annotations

from typing import Any

import pytest

from service.rulesets.chuzhou.catalogue import PATTERNS
from service.rulesets.chuzhou.rules import BELOW
from service.rulesets.yueqing.catalogue import FLOWER_ITEMS, ITEMS
from service.scoring import score
from tests.chuzhou.helpers import body as cz
from tests.yueqing.helpers import body as yq

D = {"by": "discard", "source": 3}
READY = {"declared_ready": True}
FIVE_MELDS = ("chi:123m:0", "peng:444p:2", "peng:777s:3", "chi:456s:0", "peng:111z:2")
PLAIN = "123m456m789p234s55s"  # four sets and a pair: a kong melded makes the fifth

# (what is switched off, the hand, what comes back in its place, the total and every seat's
# net with it off). The entries that come back are (id, 暗) → 番 in Chuzhou, id → 台 in
# Yueqing, and the flower items' id → 花 for a flower set.
CHUZHOU: list[tuple[str, dict[str, Any], dict[tuple[str, bool], int], int, list[int]]] = [
    # 1150: 底胡 10, 自摸 10, 老资格 4 × 10, 对对胡 40, 坎坎胡 1000, 不求人 50; off, 硬三坎 80
    ("four_concealed_triplets", cz("111m222p333s44455s", "5s"),
     {("three_concealed_triplets", True): 80}, 230, [-260, 760, -250, -250]),
    # 80: 底胡, 自摸, 老资格 10, 不求人 50; off, 门清 10
    ("concealed_self_draw", cz("123m456p789s11z555s", "5s"),
     {("concealed_hand", False): 10}, 40, [-70, 190, -60, -60]),
    # 123m 123m 456m 456m 55s, 280: 底胡, 自摸, 缺一门, 不求人, 姊妹付 2 × 40, 半条龙 2 × 20,
    # 清四付 暗 80; off, 清三付 暗 40
    ("pure_four_sequences", cz("112233445566m55s", "5s"),
     {("pure_three_sequences", True): 40}, 240, [-270, 790, -260, -260]),
    # 270: 底胡, 自摸, 不求人, 混"1" 80, 四付同 暗 120; off, 三付同 80 and 姊妹付 40: the same
    ("four_same_sequences", cz("112233m123p123s55z", "5z"),
     {("three_color_sequences", True): 80, ("twin_sequences", True): 40},
     270, [-300, 880, -290, -290]),
    # 280: 底胡, 自摸, 缺一门, 不求人, 清三付 40, 一条龙 暗 160; off, 老少付 20 and 半条龙 20
    ("full_dragon", cz("123p456p789p123s55s", "5s"),
     {("old_young", True): 20, ("half_dragon", True): 20}, 160, [-190, 550, -180, -180]),
    # 480: 底胡, 自摸, 缺一门, 不求人, 清四付 80, 双龙 暗 320; off, 一条龙 160 and 姊妹付 40
    # (一条龙 still drops the 半条龙 and 老少付 of its sets)
    ("double_dragon", cz("112233456789m55s", "5s"),
     {("full_dragon", True): 160, ("twin_sequences", True): 40}, 360, [-390, 1150, -380, -380]),
    # 1390: 底胡, 自摸, 老资格 40, 对对胡 40, 坎坎胡, 不求人, 混一色 80, 清四对 暗 160; off,
    # 清三对 暗 80
    ("pure_four_triplets", cz("222m444m666m888m55z", "5z"),
     {("pure_three_triplets", True): 80}, 1310, [-1340, 4000, -1330, -1330]),
    # 1830: 底胡, 自摸, 老资格 40, 坎坎胡, 不求人, 天地碰 2 × 80, 清十四一 560; off, 对对胡 40
    ("pure_terminals", cz("111m999m111p999p99s", "9s"),
     {("all_triplets", False): 40}, 1310, [-1340, 4000, -1330, -1330]),
    # 1470: 底胡, 自摸, 老资格 40, 坎坎胡, 不求人, 天地碰 80, 混十四一 280; off, 对对胡 40
    ("mixed_terminals", cz("111m999m111p111z99s", "9s"),
     {("all_triplets", False): 40}, 1230, [-1260, 3760, -1250, -1250]),
    # 1460: 底胡, 自摸, 老资格 30, 硬三坎 80, 不求人, 清三连对 240, 混一色 80, 硬四喜 960; off,
    # 软四喜 暗 480
    ("hard_four_winds", cz("111z222z333z44z123m", "3z"),
     {("soft_four_winds", True): 480}, 980, [-1010, 3010, -1000, -1000]),
    # the issue's hand, on seat 3's discard: 180, 底胡, 门清 10, 七对暗绝 160; off, 明七对 80
    ("seven_pairs_last_copy", cz("1111m33m55p77p99s22z", "1m", **D, **READY),
     {("seven_pairs", False): 80}, 100, [-130, 380, -120, -130]),
    # self-drawn: 390, 底胡, 自摸, 不求人, 七对暗暗绝 320; off, 暗七对 160
    ("seven_pairs_last_copy", cz("1111m33m55p77p99s22z", "1m", **READY),
     {("seven_pairs", True): 160}, 230, [-260, 760, -250, -250]),
    # 5350: 底胡, 自摸, 老资格 40, 坎坎胡, 不求人, 清三连对 240, 风胡 4000; off, 对对胡 40
    ("all_honors", cz("111z222z333z555z66z", "6z"),
     {("all_triplets", False): 40}, 1390, [-1420, 4240, -1410, -1410]),
    # 150: 底胡, 自摸, 不求人, 四付5 暗 80; off, 三付5 暗 40
    ("four_fives", cz("345m456m456p567s11z", "1z"),
     {("three_fives", True): 40}, 110, [-140, 400, -130, -130]),
    # 1m: 11 and 123 123, two copies in sequences. 270: 底胡, 自摸, 不求人, 姊妹付 40, 四合二 暗
    # 160; off, the tile takes 四合一, 暗 80 (CZ-5: 四合二 is a 四合一 too)
    ("four_in_two", cz("11112233m456p789s", "9s"),
     {("four_in_one", True): 80}, 190, [-220, 640, -210, -210]),
    # 3m in 123 123 234 345, every copy in a sequence. 430: 底胡, 自摸, 不求人, 姊妹付 40, 清四付
    # 80, 混一色 80, 四合四 暗 160; off, the tile takes 四合二, 暗 160: the same
    ("four_in_four", cz("112223333445m55z", "5z"),
     {("four_in_two", True): 160}, 430, [-460, 1360, -450, -450]),
    # 520: 底胡, 自摸, 老资格 10, 不求人, 四合一 80, 三付5 40, 付付全 320; off, 付付同 160
    ("same_number_all_suits", cz("345m456p555s567s55m", "5m"),
     {("same_number", True): 160}, 360, [-390, 1150, -380, -380]),
]

YUEQING: list[tuple[str, dict[str, Any], dict[str, int], int, list[int]]] = [
    # 无财神 1, 混一色 10, 四风齐 30 (自风位 dropped): (1 + 40) × 2 = 82, 1 花; off, 自风位 1:
    # (2 + 10) × 2 = 24
    ("four_winds", yq("111z222z333z444z123m55m", "5m"), {"seat_wind": 1},
     24, [-27, 79, -26, -26]),
    # 硬吊 30 (无财神 dropped): 60; off, 无财神 1: N 1, M 0, 1 台
    ("hard_single_wait", yq("3m3m", "3m", melds=FIVE_MELDS, **D), {"no_caishen": 1},
     1, [-3, 7, -2, -2]),
    # The three 财神 as South's triplet: 发财刻 1, 对对胡, 混一色, 三财神 10, 四风齐 30, 三财神刻
    # 30: (1 + 90) × 2 = 182; 花 4 + 1 + 1 = 6, 24 条. Off, nothing comes back: three 财神 in
    # a triplet are none of them 归位, so 三归位 never stands beside 三财神刻 (YQ-4, YQ-7):
    # (1 + 60) × 2 = 122
    ("caishen_triplet", yq("111z333z444z666z9s9s9s55s", "5s"), {},
     122, [-148, 442, -147, -147]),
    # 白板 3, 无财神 1, 三美人 30: (4 + 30) × 2 = 68, 花 5, 15 条; off, 红中刻 and 发财刻:
    # N 6, N' 10, 20
    ("three_beauties", yq("777z666z123m456m789p55s", "5s", flowers=3),
     {"red_triplet": 1, "green_triplet": 1}, 20, [-37, 109, -36, -36]),
    # 红中刻, 发财刻, 无财神, 全字 100: (3 + 100) × 2 = 206, 3 花; off, 自风位 1 and 对对胡 10:
    # (4 + 10) × 2 = 28 (no suit, so no 混一色 comes back)
    ("all_honors", yq("111z222z333z666z777z44z", "4z"), {"seat_wind": 1, "all_triplets": 10},
     28, [-33, 97, -32, -32]),
    # 自风位, 无财神: 2 台. South's exposed kong 2 花; off, a kong's 1
    ("seat_wind_set", yq(PLAIN, "5s", melds=("gang:2222z:2",)), {"kong": 1},
     2, [-5, 13, -4, -4]),
    # 红中刻, 无财神: 2 台. A concealed kong of 红中 3 花; off, a kong's 2
    ("red_set", yq(PLAIN, "5s", melds=("angang:7777z",)), {"kong": 2},
     2, [-6, 16, -5, -5]),
    # 发财刻, 无财神: 2 台. An exposed kong of 发财 2 花; off, a kong's 1
    ("green_set", yq(PLAIN, "5s", melds=("gang:6666z:2",)), {"kong": 1},
     2, [-5, 13, -4, -4]),
]

FLOWER_SETS = {fid for fid, *_ in FLOWER_ITEMS if fid.endswith("_set")}


def test_every_pattern_that_excludes_or_replaces_has_a_worked_hand() -> None:
    assert {pid for pid, *_ in CHUZHOU} == {p.id for p in PATTERNS
                                            if p.excludes or BELOW.get(p.id)}
    assert {pid for pid, *_ in YUEQING} == {i.id for i in ITEMS if i.excludes} | FLOWER_SETS


def _chuzhou_entries(answer: dict[str, Any]) -> dict[tuple[str, bool], int]:
    return {(e["id"], e["concealed"]): e["fan"] for e in answer["patterns"]}


@pytest.mark.parametrize(("pid", "request_body", "back", "fan", "net"), CHUZHOU)
def test_a_chuzhou_pattern_off_leaves_what_it_alone_excluded(
        pid: str, request_body: dict[str, Any], back: dict[tuple[str, bool], int], fan: int,
        net: list[int]) -> None:
    before = score("chuzhou", request_body)
    after = score("chuzhou", {**request_body, "rules": {f"{pid}.on": False}})
    assert after["hand"]["sets"] == before["hand"]["sets"]  # the same reading, judged again
    excluded = next(p.excludes for p in PATTERNS if p.id == pid) + BELOW.get(pid, ())
    assert {i for i, _ in back} <= set(excluded)
    kept = {k: v for k, v in _chuzhou_entries(before).items() if k[0] != pid}
    assert len(kept) < len(_chuzhou_entries(before))
    assert _chuzhou_entries(after) == {**kept, **back}
    assert after["fan"] == sum(_chuzhou_entries(after).values()) == fan
    assert after["settlement"]["net"] == net


@pytest.mark.parametrize(("pid", "request_body", "back", "total", "net"), YUEQING)
def test_a_yueqing_item_or_flower_set_off_leaves_what_it_alone_excluded(
        pid: str, request_body: dict[str, Any], back: dict[str, int], total: int,
        net: list[int]) -> None:
    before = score("yueqing", request_body)
    after = score("yueqing", {**request_body, "rules": {f"{pid}.on": False}})
    assert after["hand"]["sets"] == before["hand"]["sets"]  # the same reading, judged again
    part = "flowers" if pid in FLOWER_SETS else "patterns"

    def found(answer: dict[str, Any]) -> dict[str, int]:
        listed = answer["flowers"]["items"] if part == "flowers" else answer["patterns"]
        return {e["id"]: e["flowers" if part == "flowers" else "tai"] for e in listed}

    excluded = ("kong",) if part == "flowers" else next(i.excludes for i in ITEMS
                                                        if i.id == pid)
    assert set(back) <= set(excluded)
    assert pid in found(before)
    kept = {k: v for k, v in found(before).items() if k != pid}
    assert found(after) == {**kept, **back}
    other = "patterns" if part == "flowers" else "flowers"
    assert after[other] == before[other]
    assert after["tai"]["total"] == total
    assert after["settlement"]["net"] == net


@pytest.mark.parametrize(("rules", "fans"), [
    ({}, {("four_in_one", True): 80, ("four_in_two", True): 160}),
    ({"four_in_two.on": False}, {("four_in_one", True): 160}),  # both tiles 四合一
    ({"four_in_one.on": False}, {("four_in_two", True): 160}),  # 1m has nothing below
    ({"four_in_one.on": False, "four_in_two.on": False}, {}),
])
def test_the_four_in_family_is_judged_again_per_tile(
        rules: dict[str, bool], fans: dict[tuple[str, bool], int]) -> None:
    """CZ-5 per tile: 1m (111 and 123) is a 四合一, 5p (55, 345 and 567) a 四合二. With 四合二
    off, 5p takes 四合一 and 1m keeps its own. Seat 0 wins self-drawn, dealer 2: 90 番 beside
    the family (底胡 10, 自摸 10, 老资格 10, 缺一门 10, 不求人 50), all of it 暗."""
    request = cz("111m123m55p345p567p", "7p", winner=0, dealer=2)
    after = score("chuzhou", {**request, "rules": rules})
    family = {k: v for k, v in _chuzhou_entries(after).items() if k[0].startswith("four_in")}
    assert family == fans
    assert after["fan"] == 90 + sum(fans.values())


def test_a_chuzhou_pattern_worth_0_still_counts_and_still_excludes() -> None:
    """The issue's hand with 七对暗绝 at 0: it is listed, 七对 stays out, 底胡 and 门清 make 20."""
    request = cz("1111m33m55p77p99s22z", "1m", **D, **READY)
    after = score("chuzhou", {**request, "rules": {"seven_pairs_last_copy.ming": 0}})
    assert _chuzhou_entries(after) == {("base_win", False): 10, ("concealed_hand", False): 10,
                                       ("seven_pairs_last_copy", False): 0}
    assert after["fan"] == 20
    assert after["settlement"]["net"] == [-50, 140, -40, -50]


@pytest.mark.parametrize("doubling", [2, 3])
def test_a_yueqing_major_item_worth_0_adds_nothing_to_m_and_brings_no_doubling(
        doubling: int) -> None:
    """YQ-15, G-8: M is the major items' 台, so 三美人 at 0 leaves M 0 and N' = N = 4
    undoubled; it still counts, and 红中刻 and 发财刻 stay out. 5 花 are 15 条: the dealer
    pays 4 + 2 + 15, the others 4 + 1 + 15."""
    request = yq("777z666z123m456m789p55s", "5s", flowers=3)
    after = score("yueqing", {**request, "rules": {"three_beauties.tai": 0,
                                                   "doubling": doubling}})
    assert {e["id"]: e["tai"] for e in after["patterns"]} == {
        "flower_tile": 3, "no_caishen": 1, "three_beauties": 0}
    assert after["tai"] == {"minor": 4, "minor_adjusted": 4, "major": 0, "total": 4}
    assert after["settlement"]["net"] == [-21, 61, -20, -20]


def test_a_caishen_ladder_step_off_scores_the_reading_one_step_down() -> None:
    """YQ-7, G-4, docs/rules/yueqing.md: 财神 6s, ``4578s66s``: both 财神 at their face make
    456s 789s (财神双归位 10 + 双财神 1: (1 + 10) × 2 = 22); one of them may as well stand as
    9s (789s) with the other at home in 456s. With 双归位 off that reading scores 一归位 1 +
    双财神 1 = 2 台. Two 财神 held are 2 花, 2 条 from each payer."""
    request = yq("123m456m789p4578s66s11z", "1z", caishen="6s")
    before = score("yueqing", request)
    assert {e["id"]: e["tai"] for e in before["patterns"]} == {
        "two_caishen": 1, "caishen_home_two": 10}
    assert before["settlement"]["net"] == [-26, 76, -25, -25]
    after = score("yueqing", {**request, "rules": {"caishen_home_two.on": False}})
    assert {e["id"]: e["tai"] for e in after["patterns"]} == {
        "caishen_home_one": 1, "two_caishen": 1}
    assert after["tai"]["total"] == 2
    assert after["settlement"]["net"] == [-6, 16, -5, -5]
