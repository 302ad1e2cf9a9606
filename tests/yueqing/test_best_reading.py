"""Hands whose best reading depends on what a 财神 stands for (G-4, YQ-4, YQ-7)."""

from __future__ import annotations

from typing import Any

import pytest

from service.rulesets.yueqing import scorer
from service.scoring import score
from service.tiles import RED
from tests.yueqing import test_best_reading_reference
from tests.yueqing.helpers import body
from tests.yueqing.test_merged_readings import readings


def test_a_wild_use_beats_going_home() -> None:
    # 财神 5p. As 5p inside 456p it is 归位 (1 台: 2 in all, with 红中刻);
    # as 4p it pairs the 4p and leaves 666p a triplet: 对对胡 10 + 红中刻 1 → 22.
    result = score("yueqing", body("4666p111m222s333s777z5p", "1m", caishen="5p"))
    ids = {e["id"] for e in result["patterns"]}
    assert "caishen_home_one" not in ids
    assert {"all_triplets", "red_triplet"} <= ids
    assert result["tai"]["total"] == 22
    assert result["hand"]["caishen_as"] == [{"tile": "5p", "as": "4p"}]


def test_going_home_when_it_pays() -> None:
    result = score("yueqing", body("123m456m789p234s678s55s", "8s", caishen="5m"))
    assert result["hand"]["caishen_as"] == [{"tile": "5m", "as": "5m"}]
    assert [e["id"] for e in result["patterns"]] == ["caishen_home_one"]


def test_caishen_pair_beats_two_home() -> None:
    # 财神 6s. 做牛 reading: 111m 333s 444s 555s 999s + 財神 pair: 对对胡 10 + 做牛 10 + 双财神
    # → (1 + 20) × 2 = 42. The 双归位 reading (456s 456s 345s 33s) gives only (1 + 10) × 2.
    result = score("yueqing", body("111m33344455566999s", "1m", caishen="6s"))
    ids = {e["id"] for e in result["patterns"]}
    assert {"caishen_pair", "all_triplets", "two_caishen"} == ids
    assert result["tai"]["total"] == 42


def test_two_home_as_the_only_reading() -> None:
    result = score("yueqing", body("123m456m789p4578s66s11z", "1z", caishen="6s"))  # Y-d
    assert {e["id"]: e["tai"] for e in result["patterns"]} == {
        "two_caishen": 1, "caishen_home_two": 10}


def test_a_wild_completes_the_seat_wind_triplet() -> None:
    result = score("yueqing", body("22z9s123m456m789p234s55s", "5s"))
    assert result["hand"]["caishen_as"] == [{"tile": "9s", "as": "2z"}]
    assert {e["id"] for e in result["patterns"]} == {"seat_wind"}
    # The set also counts a flower (YQ-16), beside the 财神 tile itself.
    assert {i["id"]: i["flowers"] for i in result["flowers"]["items"]} == {
        "caishen_tiles": 1, "seat_wind_set": 1}


def test_three_wilds_as_the_seat_wind_triplet() -> None:
    # Three 财神 as one triplet: 三财神 10 + 三财神刻 30, and as 南 they add 自风位.
    result = score("yueqing", body("9s9s9s123m456m789p234s55s", "5s"))
    assert result["tai"] == {"minor": 1, "minor_adjusted": 1, "major": 40, "total": 82}
    assert {c["as"] for c in result["hand"]["caishen_as"]} == {"2z"}


def test_a_discarded_caishen_is_its_face_value() -> None:
    # 财神 9s taken from a discard completes 789s as a plain 9s: no wild, so 无财神 does not
    # count (a 财神 tile stands in the hand), and no 归位.
    result = score("yueqing", body("123m456m789p234s789s55s", "9s", by="discard", source=3))
    assert result["hand"]["caishen_as"] == []
    assert {e["id"] for e in result["patterns"]} == set()


# Three 财神 as one triplet of a tile another set already holds (the 财神 may stand for a tile
# whose four copies are out, docs/rules/yueqing.md): the reading keeps 三财神刻 whatever tile
# it stands for, and a natural set beside it (G-4, YQ-4).
THREE_CAISHEN_TRIPLETS = [
    pytest.param(
        # 财神 5s. 999p, 44p and the three 财神 as 1p beside 碰 111p, 333p, 666p: one suit.
        # M = 对对胡 10 + 三财神 10 + 清一色 30 + 三财神刻 30 = 80, N = 0: 160 台 (YQ-15).
        # 花: three 财神 4 (YQ-16) → 10 条 (YQ-17). Seat 3 wins, seat 1 deals: seats 0 and 2
        # pay 160 + 1 + 10 = 171, the dealer 160 + 2 + 10 = 172 (YQ-18); 514 in all.
        test_best_reading_reference.ONE_SUIT_WITH_A_CAISHEN_TRIPLET,
        {"minor": 0, "minor_adjusted": 0, "major": 80, "total": 160}, 4,
        {0: 171, 1: 172, 2: 171}, [-171, -172, -171, 514], id="one-suit"),
    pytest.param(
        # 财神 1p, self-drawn after a kong. 888m, 66m and the three 财神 as a 万 triplet beside
        # 明杠 7777m, 碰 111m, 222m: M = 80 as above, N = 杠上开花 1: (1 + 80) × 2 = 162 台.
        # 花: three 财神 4 + the 明杠 1 = 5 → (5 − 2) × 5 = 15 条. Seat 3 wins, seat 0 deals:
        # seats 1 and 2 pay 162 + 1 + 15 = 178, the dealer 162 + 2 + 15 = 179; 535 in all.
        test_best_reading_reference.BESIDE_A_KONG,
        {"minor": 1, "minor_adjusted": 1, "major": 80, "total": 162}, 5,
        {0: 179, 1: 178, 2: 178}, [-179, -178, -178, 535], id="beside-a-kong"),
    pytest.param(
        # 财神 5m. 567s, 44m and the three 财神 as 西 3z, seat 3's wind (seat 1 deals), beside
        # 碰 333z, 吃 345p, 碰 666m: N = 自风位 1, M = 三财神 10 + 三财神刻 30: 82 台.
        # 花: three 财神 4 + the 碰 333z 1 + the 财神 triplet of 3z 1 (YQ-16) = 6 → 24 条;
        # as 5m the triplet earns no flower: 5 → 15 条. Seats 0 and 2 pay 82 + 1 + 24 = 107,
        # the dealer 82 + 2 + 24 = 108; 322 in all.
        test_best_reading_reference.SEAT_WIND_TWICE,
        {"minor": 1, "minor_adjusted": 1, "major": 40, "total": 82}, 6,
        {0: 107, 1: 108, 2: 107}, [-107, -108, -107, 322], id="seat-wind-twice"),
    pytest.param(
        # The hand above with 明杠 3333z for 碰 333z: the same 82 台 (a kong adds no 台 here).
        # 花: three 财神 4 + the seat-wind 明杠 2 + the 财神 triplet of 3z 1 = 7 → 35 条; as 5m,
        # 6 → 24 条. Seats 0 and 2 pay 82 + 1 + 35 = 118, the dealer 82 + 2 + 35 = 119.
        {**test_best_reading_reference.SEAT_WIND_TWICE, "hand": {
            "concealed": "6s 7s 5m 5m 5m 5s 4m 4m", "melds": [
                {"type": "chi", "tiles": "345p", "from": 2},
                {"type": "peng", "tiles": "666m", "from": 1},
                {"type": "gang", "tiles": "3333z", "from": 1}]}},
        {"minor": 1, "minor_adjusted": 1, "major": 40, "total": 82}, 7,
        {0: 118, 1: 119, 2: 118}, [-118, -119, -118, 355], id="seat-wind-kong-beside"),
]


@pytest.mark.parametrize(("request_body", "tai", "flowers", "paid", "net"),
                         THREE_CAISHEN_TRIPLETS)
def test_three_caishen_triplet_beside_a_set_of_the_same_tile(
        request_body: dict[str, Any], tai: dict[str, int], flowers: int, paid: dict[int, int],
        net: list[int]) -> None:
    result = score("yueqing", request_body)
    assert result["tai"] == tai
    assert result["flowers"]["count"] == flowers
    assert {p["from"]: p["amount"] for p in result["settlement"]["payments"]} == paid
    assert all(p["to"] == 3 for p in result["settlement"]["payments"])
    assert result["settlement"]["net"] == net
    assert "caishen_triplet" in {e["id"] for e in result["patterns"]}


def test_a_natural_red_triplet_counts_beside_three_caishen_as_red() -> None:
    # 财神 9s. 777z stands natural; in the reading where the three 财神 stand for 红中 as well,
    # 红中刻 still counts the natural triplet (YQ-6) and 三财神刻 the wild one (YQ-4).
    request = body("777z9s9s9s123m456m789p55m", "5m")
    found = [scorer.recognise(view, scorer.hand_items(view))
             for view in readings(request, merge=False)
             if any(g.first == RED and len(g.wilds) == 3 for g in view.sets)]
    assert found
    assert all({"red_triplet", "caishen_triplet"} <= hits.keys() for hits in found)
