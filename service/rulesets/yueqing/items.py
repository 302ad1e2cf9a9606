"""The tests that recognise each Yueqing 台 item in one reading (see catalogue.py).

Each test returns how many times the item counts (0 where it is absent).
"""

from __future__ import annotations

from collections.abc import Callable

from service.hand.groups import SEQUENCE
from service.hand.waits import TWO_SIDED
from service.rulesets.yueqing.view import View
from service.tiles import GREEN, RED, WHITE, WINDS

Test = Callable[[View], int]


def _flag(value: bool) -> int:
    return 1 if value else 0


def _situation(v: View, name: str) -> bool:
    return bool(v.request["situation"][name])


def _winds_are_plain(v: View) -> bool:
    return v.table.caishen not in WINDS


def _single_wait(v: View) -> bool:
    """YQ-10: all five sets are melds, so two tiles stood at the win."""
    return v.kept_caishen is not None


def _kept_is_caishen(v: View) -> bool:
    return bool(v.kept_caishen)


# --- minor items (1 台 each, YQ-6) ---------------------------------------------------------

def seat_wind(v: View) -> int:
    wind = v.table.seat_wind
    return _flag(wind != v.table.caishen and v.triplet_of(wind) is not None)


def flower_tile(v: View) -> int:
    return int(v.table.flowers)


def _natural_triplet(v: View, tile: int) -> int:
    usable = tile not in (v.table.caishen, v.table.flower)
    return _flag(usable and v.triplet_of(tile, natural=True) is not None)


def red_triplet(v: View) -> int:
    return _natural_triplet(v, RED)


def green_triplet(v: View) -> int:
    return _natural_triplet(v, GREEN)


def no_caishen(v: View) -> int:
    return _flag(v.caishen_tiles == 0)


def caishen_home_one(v: View) -> int:
    """YQ-7: one 财神 归位 (with one, two or three 财神 in the hand)."""
    return _flag(v.home == 1)


def two_caishen(v: View) -> int:
    return _flag(v.wilds == 2)


def kong_bloom(v: View) -> int:
    return _flag(_situation(v, "after_kong"))


def robbing_kong(v: View) -> int:
    return _flag(v.request["win"]["by"] == "robbing_kong")


def ping_hu(v: View) -> int:
    """YQ-8: no triplet or kong, no 财神, a plain pair, won at the open end of a two-sided wait."""
    plain_pair = v.pair.first not in (v.table.seat_wind, RED, GREEN)
    return _flag(v.caishen_tiles == 0 and plain_pair and v.shape == TWO_SIDED
                 and all(g.kind == SEQUENCE for g in v.sets))


# --- major items (YQ-9) ------------------------------------------------------------------

def all_triplets(v: View) -> int:
    return _flag(all(g.is_triplet_like for g in v.sets))


def half_flush(v: View) -> int:
    return _flag(len(v.suits) == 1 and v.honors)


def full_flush(v: View) -> int:
    return _flag(len(v.suits) == 1 and not v.honors)


def all_honors(v: View) -> int:
    return _flag(v.only_honors)


def caishen_single_wait(v: View) -> int:
    return _flag(_single_wait(v) and _kept_is_caishen(v))


def single_wait_caishen(v: View) -> int:
    """YQ-10: a plain tile kept, a self-drawn 财神 won."""
    return _flag(_single_wait(v) and v.win_by_wild and not _kept_is_caishen(v))


def hard_single_wait(v: View) -> int:
    """YQ-10: a plain tile kept and its natural twin won."""
    return _flag(_single_wait(v) and not v.win_by_wild and not _kept_is_caishen(v))


def three_caishen(v: View) -> int:
    return _flag(v.wilds == 3)


def caishen_pair(v: View) -> int:
    """财神做牛: two 财神 make the pair."""
    return _flag(len(v.pair.wilds) == 2)


def caishen_triplet(v: View) -> int:
    """三财神刻: three 财神 make one triplet."""
    return _flag(any(len(g.wilds) == 3 and g.kind != SEQUENCE for g in v.sets))


def caishen_home_two(v: View) -> int:
    return _flag(v.home == 2)


def caishen_home_three(v: View) -> int:
    return _flag(v.home == 3)


def four_winds_shadow(v: View) -> int:
    """YQ-11: triplets of the three other winds and a pair of the seat wind."""
    others = [w for w in WINDS if w != v.table.seat_wind]
    return _flag(_winds_are_plain(v) and v.pair.first == v.table.seat_wind
                 and all(v.triplet_of(w) is not None for w in others))


def four_winds(v: View) -> int:
    return _flag(_winds_are_plain(v) and all(v.triplet_of(w) is not None for w in WINDS))


def four_flowers(v: View) -> int:
    return _flag(v.table.flowers == 4)


def heavenly_hand(v: View) -> int:
    return _flag(_situation(v, "heavenly"))


def earthly_hand(v: View) -> int:
    return _flag(_situation(v, "earthly"))


def three_beauties(v: View) -> int:
    """YQ-12: 红中 and 发财 triplets or kongs and three flower tiles laid aside."""
    possible = not {WHITE, RED, GREEN} & {v.table.caishen}
    return _flag(possible and v.table.flowers >= 3 and v.triplet_of(RED) is not None
                 and v.triplet_of(GREEN) is not None)
