"""Why each item counts: the sets it was read from, and what every 财神 stood for."""

from __future__ import annotations

from service.scoring import score
from tests.yueqing.helpers import body


def test_items_name_the_sets_they_were_read_from() -> None:
    # 财神 9s completes 22z (South, the winner's wind): 自风位 is read from that triplet.
    result = score("yueqing", body("22z9s123m456m789p234s55s", "5s"))
    sets = result["hand"]["sets"]
    (seat_wind,) = [e for e in result["patterns"] if e["id"] == "seat_wind"]
    assert [sets[i]["tiles"] for i in seat_wind["sets"]] == ["222z"]
    assert sets[seat_wind["sets"][0]]["caishen_as"] == ["2z"]
    assert all(s["caishen_as"] == [] for i, s in enumerate(sets) if i != seat_wind["sets"][0])


def test_whole_hand_and_situation_items_name_no_set() -> None:
    result = score("yueqing", body("123m456m789p234s678s55s", "8s", flowers=1))
    assert {e["id"]: e["sets"] for e in result["patterns"]} == {
        "flower_tile": [], "no_caishen": [], "ping_hu": []}


def test_caishen_pair_and_home_name_their_sets() -> None:
    # 财神 6s: two 财神 as the pair (做牛) beside 111m 333s 444s 555s 999s.
    result = score("yueqing", body("111m33344455566999s", "1m", caishen="6s"))
    sets = result["hand"]["sets"]
    (pair,) = [e for e in result["patterns"] if e["id"] == "caishen_pair"]
    assert [sets[i]["type"] for i in pair["sets"]] == ["pair"]
    the_pair = sets[pair["sets"][0]]
    assert the_pair["caishen_as"] == [the_pair["tiles"][0] + the_pair["tiles"][-1]] * 2
    home = score("yueqing", body("123m456m789p234s678s55s", "8s", caishen="5m"))
    (entry,) = home["patterns"]
    assert entry["id"] == "caishen_home_one"
    assert [home["hand"]["sets"][i]["tiles"] for i in entry["sets"]] == ["456m"]
    assert home["hand"]["sets"][entry["sets"][0]]["caishen_as"] == ["5m"]
