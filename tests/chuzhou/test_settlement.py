"""Chuzhou money: CZ-12 shares for every seat, 包庄 (CZ-15), next 针 and dealer (CZ-13/14)."""

from __future__ import annotations

from typing import Any

import pytest

from service.rulesets.chuzhou.settlement import next_state
from service.scoring import score
from tests.chuzhou.helpers import body


def settle(request: dict[str, Any]) -> tuple[int, list[int], Any, dict[str, Any]]:
    result = score("chuzhou", request)
    s = result["settlement"]
    return result["fan"], s["net"], s["liable_seat"], result["next"]


def test_issue_example_base_win_only() -> None:
    request = body("123m678m99p", "8m", by="discard", source=3,
                   melds=("chi:345s:0", "peng:777p:3"))
    assert settle(request) == (10, [-40, 110, -30, -40], None, {"dealer": 1, "zhen": [2, 2, 2, 2]})


def test_example_c_a_discard_and_self_draw() -> None:
    assert settle(body("222m345p678s789s99s", "2m", by="discard", source=3)) == (
        20, [-50, 140, -40, -50], None, {"dealer": 1, "zhen": [2, 2, 2, 2]})
    assert settle(body("222m345p678s789s99s", "2m"))[:2] == (80, [-110, 310, -100, -100])


def test_example_c_b_dealer_zhen_doubles() -> None:
    request = body("123p456p789p55s", "5s", by="discard", source=1, winner=2,
                   melds=("peng:111z:1",), zhen=[2, 2, 2, 2])
    assert settle(request) == (220, [-280, -270, 810, -260], None,
                               {"dealer": 1, "zhen": [1, 1, 3, 1]})


def test_dealer_wins_by_self_draw() -> None:
    # 底胡 10 + 自摸 10 + 老资格 10 + 不求人 50 = 80; each pays 80 + 10 × (2 + 1).
    request = body("123m456p789s11z555s", "5s", winner=0)
    assert settle(request) == (80, [330, -110, -110, -110], None,
                               {"dealer": 0, "zhen": [2, 2, 2, 2]})


def test_dealer_wins_on_a_discard_with_zhen_above_one() -> None:
    # F = 底胡 10 + 门清 10 = 20; dealer's 针 2 counts 4.
    request = body("123m456p789s11z555s", "5s", by="discard", source=2, winner=0,
                   zhen=[2, 1, 3, 1])
    assert settle(request) == (20, [240, -70, -100, -70], None,
                               {"dealer": 0, "zhen": [3, 3, 3, 3]})


@pytest.mark.parametrize(("dealer", "winner", "zhen", "expected"), [
    (2, 3, [1, 3, 1, 2], {"dealer": 3, "zhen": [3, 3, 3, 3]}),  # C-c: the 下家
    (2, 1, [1, 3, 1, 2], {"dealer": 3, "zhen": [1, 4, 1, 1]}),  # C-c: the 上家
    (2, 0, [1, 3, 1, 2], {"dealer": 3, "zhen": [2, 1, 1, 1]}),  # the 对家
    (2, 2, [1, 3, 1, 2], {"dealer": 2, "zhen": [2, 2, 2, 2]}),  # the dealer stays
    (2, None, [1, 3, 1, 2], {"dealer": 3, "zhen": [1, 3, 1, 2]}),  # drawn: 针 unchanged
])
def test_next_zhen_and_dealer(dealer: int, winner: int | None, zhen: list[int],
                              expected: dict[str, Any]) -> None:
    assert next_state(dealer, winner, zhen) == expected


def test_three_dragons_liability() -> None:
    # F = 10 + 三大元 500 + 缺一门 10 = 520; the third dragon 碰 came from seat 0.
    request = body("123m99s", "9s", by="discard", source=3,
                   melds=("peng:555z:2", "peng:666z:3", "peng:777z:0"))
    fan, net, liable, _ = settle(request)
    assert (fan, liable) == (520, 0)
    assert net == [-(550 + 540 + 550), 1640, 0, 0]


def test_full_flush_liability_and_the_exemption() -> None:
    # F = 10 + 10 + 清一色 200 + 清三对 40 = 260; the fourth 万 meld came from seat 2.
    melds = ("chi:123m:0", "peng:555m:3", "peng:777m:3", "peng:999m:2")
    fan, net, liable, _ = settle(body("22m", "2m", melds=melds))
    assert (fan, liable, net) == (260, 2, [0, 850, -850, 0])
    fan, net, liable, _ = settle(body("22m", "2m", melds=melds, one_suit_seats=[2]))
    assert (liable, net) == (None, [-290, 850, -280, -280])  # 清不包清


def test_pure_terminals_liability() -> None:
    # F = 10 + 清十四一 280 + 全求人 50 + 天地碰 ×2 80 = 420; fourth triplet from seat 0.
    melds = ("peng:111m:2", "peng:999m:3", "peng:111p:3", "peng:999p:0")
    fan, net, liable, _ = settle(body("99s", "9s", by="discard", source=2, melds=melds))
    assert (fan, liable) == (420, 0)
    assert net == [-(450 + 450 + 440), 1340, 0, 0]


@pytest.mark.parametrize(("by", "source", "liable"), [
    ("discard", 3, 3),     # won on the 脱裤子 seat's own discard
    ("self_draw", None, 3),  # self-drawn inside the go-around
    ("discard", 2, None),  # another seat's discard: no liability
])
def test_tuokuzi(by: str, source: int | None, liable: int | None) -> None:
    request = body("123m456p789s11z555s", "5s", by=by, source=source, tuokuzi_seat=3)
    assert settle(request)[2] == liable


def test_named_liable_seat_pays_everything() -> None:
    fan, net, liable, _ = settle(body("123m456p789s11z555s", "5s", by="discard", source=3,
                                      liable_seat=2))
    # F = 20: shares 50, 40, 50 all paid by seat 2.
    assert (fan, liable, net) == (20, 2, [0, 140, -140, 0])


def test_settlements_sum_to_zero() -> None:
    for request in (body("123m456p789s11z555s", "5s", zhen=[3, 1, 2, 5]),
                    body("123m456p789s11z555s", "5s", by="discard", source=0, winner=2)):
        assert sum(settle(request)[1]) == 0


def test_contract_example_shares() -> None:
    # Dealer 0, all 针 1, F = 120, seat 3 discarded (the contract's worked example).
    from service.rulesets.chuzhou.settlement import shares, transfers

    owed = shares(120, 0, 1, [1, 1, 1, 1], 3)
    assert owed == {0: 150, 2: 140, 3: 150}
    assert transfers(owed, 1, None)["net"] == [-150, 440, -140, -150]


# CZ-15: a win on a discard that completes the triggering set is a claim from that discarder.
DRAGON_MELDS = ("peng:555z:1", "chi:456p:1", "peng:666z:0")
TERMINAL_MELDS = ("peng:111m:2", "peng:999m:3", "peng:111p:3")
FLUSH_MELDS = ("chi:123m:0", "peng:555m:3", "peng:777m:3")


def test_three_dragons_completed_by_the_winning_discard() -> None:
    # The issue's hand: 10 + 明三大元 500 + 缺一门 10 = 520. Shares 540 (seat 0), 540 (seat 1),
    # 520 + 10 × (1 + 2) + 10 = 560 (seat 3, the dealer, discarded 7z): seat 3 pays all three.
    request = body("777z88s", "7z", by="discard", source=3, dealer=3, winner=2,
                   melds=DRAGON_MELDS)
    assert settle(request)[:3] == (520, [0, 0, 1640, -1640], 3)


@pytest.mark.parametrize(("win", "by", "source", "expected"), [
    # Self-drawn: the third dragon triplet is a 坎, claimed from nobody (+ 自摸, 老资格).
    ("7z", "self_draw", None, (540, [-560, -560, 1690, -570], None)),
    # Won on 8s: the discard completed the pair, 777z stood concealed (+ 老资格).
    ("8s", "discard", 3, (530, [-550, -550, 1670, -570], None)),
])
def test_three_dragons_not_claimed(win: str, by: str, source: int | None,
                                   expected: tuple[int, list[int], None]) -> None:
    request = body("777z88s", win, by=by, source=source, dealer=3, winner=2,
                   melds=DRAGON_MELDS)
    assert settle(request)[:3] == expected


def test_three_dragons_winning_claim_exempt_or_overridden() -> None:
    # 清不包清 still applies to the winning claim; a named liable seat still overrides it.
    exempt = body("777z88s", "7z", by="discard", source=3, dealer=3, winner=2,
                  melds=DRAGON_MELDS, one_suit_seats=[3])
    assert settle(exempt)[:3] == (520, [-540, -540, 1640, -560], None)
    named = body("777z88s", "7z", by="discard", source=3, dealer=3, winner=2,
                 melds=DRAGON_MELDS, liable_seat=0)
    assert settle(named)[:3] == (520, [-1640, 0, 1640, 0], 0)


def test_pure_terminals_completed_by_the_winning_discard() -> None:
    # 10 + 明清十四一 280 + 天地碰 ×2 80 = 370; seat 0 (dealer) discarded the fourth terminal
    # triplet's 9p: its own 370 + 30 + 10 and the others' 390 each.
    request = body("999p99s", "9p", by="discard", source=0, melds=TERMINAL_MELDS)
    assert settle(request)[:3] == (370, [-1190, 1190, 0, 0], 0)


def test_pure_terminals_fourth_triplet_concealed() -> None:
    # Won on 9s, the pair: 999p stood concealed (老资格 10), so nobody fed the fourth triplet.
    request = body("999p99s", "9s", by="discard", source=0, melds=TERMINAL_MELDS)
    assert settle(request)[:3] == (380, [-420, 1220, -400, -400], None)


@pytest.mark.parametrize(("concealed", "expected"), [
    # The winning 9m completes 999m: 10 + 明清三对 40 + 明清一色 200 = 250.
    ("999m22m", (250, [0, 830, -830, 0], 2)),
    # The winning 9m completes 789m: 10 + 老少付 10 + 明四合一 40 (7m) + 清一色 200 = 260.
    ("789m22m", (260, [0, 860, -860, 0], 2)),
])
def test_full_flush_completed_by_the_winning_discard(
        concealed: str, expected: tuple[int, list[int], int]) -> None:
    request = body(concealed, "9m", by="discard", source=2, melds=FLUSH_MELDS)
    assert settle(request)[:3] == expected


def test_full_flush_winning_claim_and_the_exemption() -> None:
    # 清不包清: seat 2 holds a one-suit hand too, so each seat pays its own share:
    # 250 + 30 (dealer), 250 + 20 + 10 (the discarder), 250 + 20.
    request = body("999m22m", "9m", by="discard", source=2, melds=FLUSH_MELDS,
                   one_suit_seats=[2])
    assert settle(request)[:3] == (250, [-280, 830, -280, -270], None)


def test_full_flush_won_on_the_pair() -> None:
    # The discard completed the pair; the fourth set, 999m, stood concealed (老资格 10).
    request = body("999m22m", "2m", by="discard", source=2, melds=FLUSH_MELDS)
    assert settle(request)[:3] == (260, [-290, 860, -290, -280], None)


def test_two_four_in_patterns_self_drawn() -> None:
    # The issue's hand: 10 + 自摸 10 + 老资格 10 (111m) + 缺一门 10 + 不求人 50
    # + 暗四合二 160 (5p) + 暗四合一 80 (1m) = 330 (CZ-5, CZ-6: per tile).
    request = body("111m123m55p345p567p", "7p", winner=0, dealer=2)
    assert settle(request)[:2] == (330, [1060, -350, -360, -350])


def test_two_four_in_patterns_on_a_discard() -> None:
    # Seat 3's 7p makes 567p exposed (G-5), so 5p's 四合二 is 明 80; 1m's 四合一 stays 暗 80.
    # 10 + 老资格 10 + 缺一门 10 + 门清 10 + 80 + 80 = 200; seat 3 pays 10 more.
    request = body("111m123m55p345p567p", "7p", by="discard", source=3, winner=0, dealer=2)
    assert settle(request)[:2] == (200, [680, -220, -230, -230])


def test_three_dragons_liability_counts_only_dragon_pengs() -> None:
    # 碰 555z from 2, 碰 222m from 3, 碰 666z from 3, 碰 777z from 0, won on 9s from seat 2.
    # The third dragon 碰 came from seat 0; the 碰 of 222m before it is no dragon (CZ-15).
    # F = 底胡 10 + 对对胡 40 + 全求人 50 + 缺一门 10 (m, s) + 三大元 500 = 610 (CZ-7: 明).
    # Shares (CZ-12, dealer 0, all 针 1): seat 0 610 + 10 × (1 + 2) = 640, seat 2
    # 610 + 20 + 10 (the discard) = 640, seat 3 610 + 20 = 630: seat 0 pays all 1,910.
    request = body("99s", "9s", by="discard", source=2,
                   melds=("peng:555z:2", "peng:222m:3", "peng:666z:3", "peng:777z:0"))
    result = score("chuzhou", request)
    assert result["fan"] == 610
    assert result["settlement"]["payments"] == [{"from": 0, "to": 1, "amount": 1910}]
    assert result["settlement"]["net"] == [-1910, 1910, 0, 0]
    assert result["settlement"]["liable_seat"] == 0


def test_a_zhen_at_its_bound_stays_there_and_is_accepted_back() -> None:
    # CZ-13 raises the winner's 针 by 1; at the bound (1,000,000) it stays, so the next state
    # an answer gives is always one a request may send (docs/contract.md).
    most = 1_000_000
    assert next_state(0, 0, [most, 1, 1, 1]) == {"dealer": 0, "zhen": [most] * 4}
    assert next_state(0, 1, [1, most, 1, 1]) == {"dealer": 1, "zhen": [most] * 4}
    assert next_state(0, 2, [1, 1, most, 1]) == {"dealer": 1, "zhen": [1, 1, most, 1]}
    assert next_state(0, 2, [1, 1, most - 1, 1]) == {"dealer": 1, "zhen": [1, 1, most, 1]}
    # Dealer 0 self-draws the README hand with every 针 at the bound, twice in a row.
    request = body("123m456p789s11z555s", "5s", dealer=0, winner=0, zhen=[most] * 4)
    first = score("chuzhou", request)
    assert first["next"] == {"dealer": 0, "zhen": [most] * 4}
    again = score("chuzhou", {**request, "zhen": first["next"]["zhen"]})
    assert again["settlement"]["net"] == first["settlement"]["net"]
