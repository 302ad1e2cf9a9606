"""The tests that recognise each Yueqing 台 item in one reading (see catalogue.py).

Each test returns None where the item is absent, else how many times it counts and the
indices of the sets (into the answer's ``hand.sets``) it was read from: none for an item of
the whole hand or of the situation. Each reads facts the view found once (view.py).
"""

from __future__ import annotations

from collections.abc import Callable

from service.hand.waits import TWO_SIDED
from service.rulesets.yueqing.view import View
from service.tiles import GREEN, RED, WHITE, WINDS

Found = tuple[int, tuple[int, ...]]
Test = Callable[[View], Found | None]
WHOLE: Found = (1, ())


def _whole(value: bool) -> Found | None:
    return WHOLE if value else None


def _at(*indices: int | None) -> Found | None:
    """Present once, read from these sets, when every one of them was found."""
    return None if None in indices else (1, indices)  # type: ignore[return-value]


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

def seat_wind(v: View) -> Found | None:
    wind = v.table.seat_wind
    return None if wind == v.table.caishen else _at(v.triplet_of(wind))


def flower_tile(v: View) -> Found | None:
    return (v.table.flowers, ()) if v.table.flowers else None


def _natural_triplet(v: View, tile: int) -> Found | None:
    if tile in (v.table.caishen, v.table.flower):
        return None
    return _at(v.triplet_of(tile, natural=True))


def red_triplet(v: View) -> Found | None:
    return _natural_triplet(v, RED)


def green_triplet(v: View) -> Found | None:
    return _natural_triplet(v, GREEN)


def no_caishen(v: View) -> Found | None:
    return _whole(v.caishen_tiles == 0)


def caishen_home_one(v: View) -> Found | None:
    """YQ-7: one 财神 归位 (with one, two or three 财神 in the hand)."""
    return (1, v.home_sets) if len(v.home_sets) == 1 else None


def two_caishen(v: View) -> Found | None:
    return _whole(v.wilds == 2)


def kong_bloom(v: View) -> Found | None:
    return _whole(_situation(v, "after_kong"))


def robbing_kong(v: View) -> Found | None:
    return _whole(v.request["win"]["by"] == "robbing_kong")


def ping_hu(v: View) -> Found | None:
    """YQ-8: no triplet or kong, no 财神, a plain pair, won at the open end of a two-sided wait."""
    plain_pair = v.pair.first not in (v.table.seat_wind, RED, GREEN)
    return _whole(v.caishen_tiles == 0 and plain_pair and v.shape == TWO_SIDED
                  and not v.triplets)


# --- major items (YQ-9) ------------------------------------------------------------------

def all_triplets(v: View) -> Found | None:
    return _whole(v.all_triplets)


def half_flush(v: View) -> Found | None:
    return _whole(v.one_suit and v.honors)


def full_flush(v: View) -> Found | None:
    return _whole(v.one_suit and not v.honors)


def all_honors(v: View) -> Found | None:
    return _whole(v.only_honors)


def caishen_single_wait(v: View) -> Found | None:
    return _at(v.pair_index) if _single_wait(v) and _kept_is_caishen(v) else None


def single_wait_caishen(v: View) -> Found | None:
    """YQ-10: a plain tile kept, a self-drawn 财神 won."""
    ok = _single_wait(v) and v.win_by_wild and not _kept_is_caishen(v)
    return _at(v.pair_index) if ok else None


def hard_single_wait(v: View) -> Found | None:
    """YQ-10: a plain tile kept and its natural twin won."""
    ok = _single_wait(v) and not v.win_by_wild and not _kept_is_caishen(v)
    return _at(v.pair_index) if ok else None


def three_caishen(v: View) -> Found | None:
    return _whole(v.wilds == 3)


def caishen_pair(v: View) -> Found | None:
    """财神做牛: two 财神 make the pair."""
    return _at(v.pair_index) if len(v.pair.wilds) == 2 else None


def caishen_triplet(v: View) -> Found | None:
    """三财神刻: three 财神 make one triplet, of any tile (YQ-4)."""
    return _at(v.wild_triplet) if v.wild_triplet >= 0 else None


def caishen_home_two(v: View) -> Found | None:
    return (1, v.home_sets) if len(v.home_sets) == 2 else None


def caishen_home_three(v: View) -> Found | None:
    return (1, v.home_sets) if len(v.home_sets) == 3 else None


def four_winds_shadow(v: View) -> Found | None:
    """YQ-11: triplets of the three other winds and a pair of the seat wind."""
    wind = v.table.seat_wind
    if not _winds_are_plain(v) or v.pair.first != wind:
        return None
    return _at(*(v.triplet_of(w) for w in WINDS if w != wind), v.pair_index)


def four_winds(v: View) -> Found | None:
    if not _winds_are_plain(v):
        return None
    return _at(*(v.triplet_of(w) for w in WINDS))


def four_flowers(v: View) -> Found | None:
    return _whole(v.table.flowers == 4)


def heavenly_hand(v: View) -> Found | None:
    return _whole(_situation(v, "heavenly"))


def earthly_hand(v: View) -> Found | None:
    return _whole(_situation(v, "earthly"))


def three_beauties(v: View) -> Found | None:
    """YQ-12: 红中 and 发财 triplets or kongs and three flower tiles laid aside."""
    possible = not {WHITE, RED, GREEN} & {v.table.caishen}
    if not possible or v.table.flowers < 3:
        return None
    return _at(v.triplet_of(RED), v.triplet_of(GREEN))
