"""Every Yueqing item: a hand worked by hand that scores it, and a near miss that does not.

Seats: dealer 0 (East), winner 1 (South, 2z; its 上家 is seat 0). The 财神 is 9s unless a
case says otherwise, and the flower is 白板 (5z). Values per YQ-6 and YQ-9.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.catalogues import playing
from tests.yueqing.helpers import body, tai

D = {"by": "discard", "source": 3}
PLAIN = "123m456m789p234s678s55s"
FIVE_MELDS = ("chi:123m:0", "peng:444p:2", "peng:777s:3", "chi:456s:0", "peng:111z:2")

CASES: list[tuple[str, int | None, dict[str, Any]]] = [
    ("seat_wind", 1, body("222z123m456m789p234s55s", "5s")),
    ("seat_wind", 1, body("22z9s123m456m789p234s55s", "5s")),  # a 财神 completes it
    ("seat_wind", None, body("111z123m456m789p234s55s", "5s")),  # East is not South's wind
    ("seat_wind", None, body("222z123m456m789p234s55s", "5s", caishen="2z")),
    ("flower_tile", 2, body(PLAIN, "8s", flowers=2)),
    ("flower_tile", None, body(PLAIN, "8s")),
    ("red_triplet", 1, body("777z123m456m789p234s55s", "5s")),
    ("red_triplet", None, body("77z9s123m456m789p234s55s", "5s")),  # 财神 never completes it
    ("green_triplet", 1, body("666z123m456m789p234s55s", "5s")),
    ("green_triplet", None, body("66z9s123m456m789p234s55s", "5s")),
    ("no_caishen", 1, body(PLAIN, "8s")),
    ("no_caishen", None, body("123m456m789p234s678s5s9s", "8s")),
    ("caishen_home_one", 1, body(PLAIN, "8s", caishen="5m")),  # the 5m in 456m is 归位
    ("caishen_home_one", None, body("123m456m789p234s678s5s9s", "8s")),
    ("two_caishen", 1, body("1234556m789p234s678s5s", "8s", caishen="5m")),
    ("two_caishen", None, body(PLAIN, "8s", caishen="5m")),
    ("kong_bloom", 1, body("456m789p234s678s55s", "8s", melds=("angang:1111m",),
                           after_kong=True)),
    ("kong_bloom", None, body(PLAIN, "8s")),
    ("robbing_kong", 1, body(PLAIN, "8s", by="robbing_kong", source=2)),
    ("robbing_kong", None, body(PLAIN, "8s", **D)),
    ("ping_hu", 1, body(PLAIN, "8s", **D)),           # 67s waiting 5s or 8s
    ("ping_hu", None, body(PLAIN, "7s", **D)),        # 68s waiting 7s: closed
    ("ping_hu", None, body(PLAIN, "3m", **D)),        # 12m waiting 3m: edge
    ("ping_hu", None, body("123m456m789p234s678s22z", "8s", **D)),  # the seat wind as pair
    ("ping_hu", None, body("123m456m789p234s678s9s5s", "8s", **D)),  # a 财神 in the hand
    ("all_triplets", 10, body("111m222p333s444s666z55s", "5s")),
    ("all_triplets", None, body("111m222p333s456s666z55s", "5s")),
    ("half_flush", 10, body("123m456m789m111z333z22m", "2m")),
    ("half_flush", None, body("123m456m789p111z333z22m", "2m")),
    ("caishen_single_wait", 10, body("9s3m", "3m", melds=FIVE_MELDS, **D)),
    ("caishen_single_wait", None, body("3m3m", "3m", melds=FIVE_MELDS, **D)),
    ("three_caishen", 10, body("9s9s9s123m456m789p234s55s", "5s")),
    ("three_caishen", None, body("9s9s123m456m789p234s556s", "6s")),
    ("caishen_pair", 10, body("6s6s123m456m789p234s111z", "1z", caishen="6s")),
    ("caishen_pair", None, body("123m456m789p4578s66s11z", "1z", caishen="6s")),
    ("four_winds_shadow", 10, body("111z333z444z22z123m456p", "6p")),
    ("four_winds_shadow", None, body("222z333z444z11z123m456p", "6p")),
    ("four_winds_shadow", None, body("111z333z444z22z123m456p", "6p", caishen="4z")),
    ("caishen_home_two", 10, body("123m456m789p4578s66s11z", "1z", caishen="6s")),
    ("caishen_home_two", None, body("1234556m789p234s678s5s", "8s", caishen="5m")),
    ("single_wait_caishen", 20, body("3m9s", "9s", melds=FIVE_MELDS)),
    ("single_wait_caishen", None, body("3m3m", "3m", melds=FIVE_MELDS)),
    ("full_flush", 30, body("123m234m456m678m999m55m", "5m")),
    ("full_flush", None, body("123m456m789m111z333z22m", "2m")),
    ("four_winds", 30, body("111z222z333z444z123m55m", "5m")),
    ("seat_wind", None, body("111z222z333z444z123m55m", "5m")),
    ("four_winds", None, body("111z222z333z44z123m555m", "5m")),
    ("four_flowers", 30, body(PLAIN, "8s", flowers=4)),
    ("four_flowers", None, body(PLAIN, "8s", flowers=3)),
    ("hard_single_wait", 30, body("3m3m", "3m", melds=FIVE_MELDS, **D)),
    ("no_caishen", None, body("3m3m", "3m", melds=FIVE_MELDS, **D)),
    ("hard_single_wait", None, body("9s3m", "3m", melds=FIVE_MELDS, **D)),
    ("heavenly_hand", 30, body(PLAIN, "8s", winner=0, heavenly=True)),
    ("heavenly_hand", None, body(PLAIN, "8s", winner=0)),
    ("earthly_hand", 30, body(PLAIN, "8s", by="discard", source=0, earthly=True)),
    ("earthly_hand", None, body(PLAIN, "8s", by="discard", source=0)),
    ("caishen_triplet", 30, body("9s9s9s123m456m789p234s55s", "5s")),
    ("caishen_triplet", None, body("344667m555m789p234s11z", "1z", caishen="5m")),
    ("three_beauties", 30, body("777z666z123m456m789p55s", "5s", flowers=3)),
    ("red_triplet", None, body("777z666z123m456m789p55s", "5s", flowers=3)),
    ("three_beauties", None, body("777z666z123m456m789p55s", "5s", flowers=2)),
    ("caishen_home_three", 100, body("344667m555m789p234s11z", "1z", caishen="5m")),
    ("caishen_home_three", None, body("9s9s9s123m456m789p234s55s", "5s")),
    ("all_honors", 100, body("111z222z333z444z666z77z", "7z")),
    ("all_triplets", None, body("111z222z333z444z666z77z", "7z")),
    ("all_honors", None, body("111z222z333z444z123m77z", "7z")),
]


@pytest.mark.parametrize(("item", "expected", "request_body"), CASES)
def test_item(item: str, expected: int | None, request_body: dict[str, Any]) -> None:
    """Its worked hand scores it and its near miss does not, with it switched on (an item may
    be declared off by default: tests/catalogues.py)."""
    assert tai(playing("yueqing", item, request_body)).get(item) == expected


def test_need_flags_are_bits_of_their_own() -> None:
    """Each Need flag is one bit no other flag has, below the suits' bits the view keeps above
    them."""
    from service.rulesets.yueqing import view
    from service.rulesets.yueqing.catalogue import ITEMS

    flags = [value for name, value in vars(view.Need).items() if name.isupper()]
    assert all(flag > 0 and flag & (flag - 1) == 0 for flag in flags)
    assert len(set(flags)) == len(flags)
    assert max(flags) < 1 << view._SUIT_SHIFT
    assert all(not item.needs & ~view._NEED_BITS for item in ITEMS)


def test_an_item_reading_numbers_with_a_caishen_standing_is_refused() -> None:
    """The 财神 search tells a lone 财神's values apart by suit alone (view.free_choices): an
    item that reads numbers, as 断幺 would, is refused at registration unless it needs no 财神
    standing, and registered when it does."""
    from service.rulesets.yueqing import items
    from service.rulesets.yueqing.view import Need

    def all_simples(v: Any) -> Any:
        every = [t for s in (*v.sets, v.pair) for t in s.tiles]
        return items.WHOLE if all(t < 27 and 0 < t % 9 < 8 for t in every) else None

    before = list(items.ITEMS)
    with pytest.raises(ValueError, match="duan_yao reads a tile's number"):
        items.item("duan_yao", "断幺", "All simples", items.MINOR, 1, "no 1, 9 or honour",
                   reads_numbers=True)(all_simples)
    assert items.ITEMS == before
    try:
        items.item("duan_yao", "断幺", "All simples", items.MINOR, 1, "no 1, 9 or honour",
                   needs=Need.NO_CAISHEN, reads_numbers=True)(all_simples)
        assert items.ITEMS[-1].id == "duan_yao"
    finally:
        items.ITEMS[:] = before
