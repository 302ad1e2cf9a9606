"""Yueqing 台 totals, flowers, payments for every seat, 包牌, next dealer and 牢庄."""

from __future__ import annotations

from typing import Any

import pytest

from service.rulesets.yueqing.flowers import tiao
from service.rulesets.yueqing.settlement import hand_shares, total_tai
from service.scoring import run_own, score
from tests.yueqing.helpers import body

PLAIN = "123m456m789p234s678s55s"
HALF = "123m456m789m111z333z22m"


@pytest.mark.parametrize(("minor", "major", "total"), [
    (5, 0, 5), (6, 0, 20), (8, 0, 24), (5, 10, 30), (6, 10, 40), (8, 10, 44), (0, 30, 60),
    (3, 10, 26), (0, 0, 0),
])
def test_total_tai(minor: int, major: int, total: int) -> None:
    assert total_tai(minor, major) == total  # YQ-15, Y-a


@pytest.mark.parametrize(("flowers", "expected"), [(0, 0), (1, 1), (3, 3), (4, 10), (5, 15),
                                                   (7, 35)])
def test_flowers_to_tiao(flowers: int, expected: int) -> None:
    assert tiao(flowers) == expected  # YQ-17, Y-b


def totals(request: dict[str, Any]) -> tuple[dict[str, int], int]:
    result = score("yueqing", request)
    return result["tai"], result["flowers"]["tiao"]


@pytest.mark.parametrize(("request_body", "minor", "major", "total"), [
    # N = 5: 3 flowers, 无财神, 平胡; M = 0.
    (body(PLAIN, "8s", by="discard", source=3, flowers=3), 5, 0, 5),
    # N = 6 with 抢杠胡: the doubling starts.
    (body(PLAIN, "8s", by="robbing_kong", source=2, flowers=3), 6, 0, 20),
    # N = 8: 2 flowers, 自风位, 红中刻, 发财刻, 双财神, 一归位, 抢杠胡.
    (body("222z777z666z12346m9p55m", "3m", by="robbing_kong", source=2, flowers=2,
          caishen="5m"), 8, 0, 24),
    # N = 5 with M = 10 (混一色): 3 flowers, 无财神, 抢杠胡.
    (body(HALF, "1m", by="robbing_kong", source=2, flowers=3), 5, 10, 30),
    # N = 6 with M = 10: West (3z) is the winner's seat wind when seat 3 deals.
    (body(HALF, "1m", by="robbing_kong", source=2, flowers=3, dealer=3), 6, 10, 40),
    # N = 8 with M = 10: 2 flowers, 西 自风位, 红中刻, 发财刻, 双财神, 一归位, 抢杠胡.
    (body("122346m55m777z666z333z", "1m", by="robbing_kong", source=2, flowers=2,
          caishen="5m", dealer=3), 8, 10, 44),
])
def test_doubling_through_whole_hands(request_body: dict[str, Any], minor: int, major: int,
                                      total: int) -> None:
    counted, _ = totals(request_body)
    assert (counted["minor"], counted["major"], counted["total"]) == (minor, major, total)


@pytest.mark.parametrize(("flowers", "melds", "concealed", "count", "expected_tiao"), [
    (3, (), PLAIN, 3, 3),
    (4, (), PLAIN, 5, 15),               # four flower tiles count 5
    (2, ("gang:1111m:2",), "456m789p234s678s55s", 3, 3),   # exposed kong 1
    (2, ("angang:1111m",), "456m789p234s678s55s", 4, 10),  # concealed kong 2
    (2, ("angang:2222z",), "456m789p234s678s55s", 5, 15),  # seat-wind concealed kong 3
    (3, ("gang:7777z:2", "angang:6666z"), "789p234s678s55s", 8, 48),  # 2 + 3 + 3 flowers
])
def test_flower_counts(flowers: int, melds: tuple[str, ...], concealed: str, count: int,
                       expected_tiao: int) -> None:
    result = score("yueqing", body(concealed, "5s", melds=melds, flowers=flowers))
    assert (result["flowers"]["count"], result["flowers"]["tiao"]) == (count, expected_tiao)


def test_contract_example_payments() -> None:
    # N = 3 (1 flower, 无财神, 抢杠胡), M = 10 (混一色): (3 + 10) × 2 = 26; 1 flower = 1 条.
    result = score("yueqing", body(HALF, "1m", by="robbing_kong", source=2, flowers=1))
    assert result["tai"]["total"] == 26
    assert result["settlement"]["payments"] == [
        {"from": 0, "to": 1, "amount": 29, "hand": 28, "flowers": 1},
        {"from": 2, "to": 1, "amount": 28, "hand": 27, "flowers": 1},
        {"from": 3, "to": 1, "amount": 28, "hand": 27, "flowers": 1},
    ]
    assert result["settlement"]["net"] == [-29, 85, -28, -28]
    assert result["next"] == {"dealer": 1, "lao_zhuang": 0}


def test_issue_example() -> None:
    result = score("yueqing", {
        "dealer": 0, "winner": 1, "caishen": "3z",
        "hand": {"concealed": "123m456m789p234s678s55s"},
        "win": {"tile": "8s", "by": "discard", "from": 3}})
    assert result["tai"] == {"minor": 2, "minor_adjusted": 2, "major": 0, "total": 2}
    assert [e["id"] for e in result["patterns"]] == ["no_caishen", "ping_hu"]
    assert result["settlement"]["net"] == [-4, 10, -3, -3]
    assert result["next"] == {"dealer": 1, "lao_zhuang": 0}


def test_example_y_c_shares() -> None:
    assert hand_shares(5, 0, 0, 2) == {1: 8, 2: 8, 3: 8}   # + 1 flower 条 each = 9
    assert hand_shares(5, 0, 1, 2) == {0: 7, 2: 6, 3: 6}   # + 1 = 8, 7, 7


def test_dealer_wins_with_lao_zhuang() -> None:
    # N = 4 (1 flower, 无财神, 平胡, 抢杠胡); each pays 4 + 2 + 1 and 1 flower 条.
    result = score("yueqing", body(PLAIN, "8s", by="robbing_kong", source=2, flowers=1,
                                   winner=0, lao_zhuang=2))
    assert result["tai"]["total"] == 4
    assert result["settlement"]["net"] == [24, -8, -8, -8]
    assert result["next"] == {"dealer": 0, "lao_zhuang": 3}


def test_non_dealer_wins_with_lao_zhuang() -> None:
    result = score("yueqing", body(PLAIN, "8s", by="robbing_kong", source=2, flowers=1,
                                   lao_zhuang=2))
    assert result["settlement"]["net"] == [-7, 19, -6, -6]
    assert result["next"] == {"dealer": 1, "lao_zhuang": 0}


def test_liable_seat_pays_every_share() -> None:
    result = score("yueqing", body(HALF, "1m", by="robbing_kong", source=2, flowers=1,
                                   liable_seat=2))
    settlement = result["settlement"]
    assert settlement["liable_seat"] == 2
    assert settlement["payments"] == [
        {"from": 2, "to": 1, "amount": 85, "hand": 82, "flowers": 3}]
    assert settlement["net"] == [0, 85, -85, 0]


def test_example_y_c_nets() -> None:
    from service.rulesets.yueqing.settlement import win_transfers

    dealer_wins = win_transfers(hand_shares(5, 0, 0, 2), 1, 0, None)
    assert dealer_wins["net"] == [27, -9, -9, -9]
    seat_one_wins = win_transfers(hand_shares(5, 0, 1, 2), 1, 1, None)
    assert seat_one_wins["net"] == [-8, 22, -7, -7]


def test_the_deal_passes_from_seat_3_to_seat_0_after_a_win() -> None:
    # Seat 3 deals, seat 1 wins on seat 3's 8s: 无财神 1 + 平胡 1 = 2 台, no flowers. The
    # non-dealers 0 and 2 pay 2 + 1 = 3, the dealer 2 + 2 = 4 (YQ-18); the dealer's 下家,
    # seat 0, deals next with 牢庄 0 (YQ-20).
    result = score("yueqing", body(PLAIN, "8s", by="discard", source=3, dealer=3,
                                   lao_zhuang=2))
    assert result["tai"]["total"] == 2
    assert {p["from"]: p["amount"] for p in result["settlement"]["payments"]} == {
        0: 3, 2: 3, 3: 4}
    assert result["settlement"]["net"] == [-3, 10, -3, -4]
    assert result["next"] == {"dealer": 0, "lao_zhuang": 0}


def test_the_deal_passes_from_seat_3_to_seat_0_after_a_drawn_hand_with_a_kong() -> None:
    # Seat 3 deals; seat 0 made a 明杠: 1 flower, 1 条 from each other seat (YQ-16, YQ-21).
    # A kong of four real tiles passes the deal to the dealer's 下家, seat 0, 牢庄 0 (YQ-20).
    result = run_own("yueqing", "draw", {
        "dealer": 3, "lao_zhuang": 2, "caishen": "9s",
        "players": [{"seat": 0, "melds": [{"type": "gang", "tiles": "1111m", "from": 1}]},
                    {"seat": 1}, {"seat": 2}, {"seat": 3}]})
    assert [f["count"] for f in result["flowers"]] == [1, 0, 0, 0]
    assert result["settlement"]["net"] == [3, -1, -1, -1]
    assert result["next"] == {"dealer": 0, "lao_zhuang": 0}


@pytest.mark.parametrize(("caishen", "meld", "dealer"), [
    ("7z", "peng:777z:2", 0),   # 红中 is the 财神
    ("6z", "peng:666z:2", 0),   # 发财 is the 财神
    ("2z", "peng:222z:2", 0),   # the winner's seat wind (seat 1, dealer 0: South) is
])
def test_a_set_of_the_caishen_tile_earns_only_the_caishen_flowers(
        caishen: str, meld: str, dealer: int) -> None:
    # The 碰 holds all three 财神 in play at face value: three 财神 tiles are 4 花, and the
    # set earns no 红中, 发财 or seat-wind flower (YQ-16: none when that tile is the 财神).
    # 4 花 → 10 条 (YQ-17). The hand: 无财神 1 (no 财神 stands, YQ-6) = 1 台. The dealer
    # pays 1 + 2 + 10 = 13, seats 2 and 3 1 + 1 + 10 = 12.
    result = score("yueqing", body("123m456m789p234s55s", "5s", melds=(meld,),
                                   caishen=caishen, dealer=dealer))
    assert result["flowers"]["items"] == [
        {"id": "caishen_tiles", "name": "财神", "name_en": "Caishen tiles", "flowers": 4}]
    assert (result["flowers"]["count"], result["flowers"]["tiao"]) == (4, 10)
    assert result["tai"]["total"] == 1
    assert result["settlement"]["net"] == [-13, 37, -12, -12]


def test_two_ordinary_kongs_each_count() -> None:
    # 明杠 1111m (1 花) and 暗杠 9999p (2 花): 3 花, 3 条 (YQ-16, YQ-17). 无财神 1 = 1 台:
    # the dealer pays 1 + 2 + 3 = 6, seats 2 and 3 1 + 1 + 3 = 5.
    result = score("yueqing", body("123p234s678s55s", "5s",
                                   melds=("gang:1111m:2", "angang:9999p")))
    assert result["flowers"]["items"] == [
        {"id": "kong", "name": "杠", "name_en": "Kong", "flowers": 3}]
    assert result["flowers"]["tiao"] == 3
    assert result["settlement"]["net"] == [-6, 16, -5, -5]


def test_two_seat_wind_sets_one_completed_by_caishen_each_count() -> None:
    # 财神 9s, seat 1 (South). 碰 222z and, standing, 2z with two 财神 as 222z (YQ-4): two
    # seat-wind triplets, 1 花 each, beside the two 财神 tiles' 2: 4 花 → 10 条 (YQ-16, YQ-17).
    # Read so: 自风位 1 + 双财神 1 = 2 台 (the 财神 as 5m and 2z instead: 双财神 only, 3 花).
    # The dealer pays 2 + 2 + 10 = 14, seats 2 and 3 2 + 1 + 10 = 13.
    result = score("yueqing", body("2z9s9s123m456m789p55m", "5m", melds=("peng:222z:3",)))
    assert {i["id"]: i["flowers"] for i in result["flowers"]["items"]} == {
        "caishen_tiles": 2, "seat_wind_set": 2}
    assert result["flowers"]["tiao"] == 10
    assert {e["id"] for e in result["patterns"]} == {"seat_wind", "two_caishen"}
    assert result["settlement"]["net"] == [-14, 40, -13, -13]


def test_lao_zhuang_at_its_bound_stays_there_and_is_accepted_back() -> None:
    # YQ-20 raises 牢庄 by 1 when the dealer wins again; at the bound (1,000,000) it stays, so
    # the next state an answer gives is always one a request may send (docs/contract.md).
    most = 1_000_000
    request = body("123m456m789p234s678s55s", "5s", dealer=0, winner=0, lao_zhuang=most)
    first = score("yueqing", request)
    assert first["next"] == {"dealer": 0, "lao_zhuang": most}
    again = score("yueqing", {**request, "lao_zhuang": first["next"]["lao_zhuang"]})
    assert again["settlement"] == first["settlement"]
    below = score("yueqing", {**request, "lao_zhuang": most - 1})
    assert below["next"] == {"dealer": 0, "lao_zhuang": most}
