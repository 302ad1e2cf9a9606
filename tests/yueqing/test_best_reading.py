"""Hands whose best reading depends on what a 财神 stands for (G-4, YQ-4, YQ-7)."""

from __future__ import annotations

from service.scoring import score
from tests.yueqing.helpers import body


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
