"""Every Yueqing 台 item: its catalogue row (``@item``) directly above the test that recognises
it in one reading. Adding an item is adding a row and its test here (and, if its test needs a
new fact of the reading to be gated by, a ``Need`` flag in view.py).

Each test returns None where the item is absent, else how many times it counts and the
indices of the sets (into the answer's ``hand.sets``) it was read from: none for an item of
the whole hand or of the situation. Each reads facts the view found once (view.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from service.hand.waits import TWO_SIDED
from service.rulesets.yueqing.view import Need, View
from service.tiles import GREEN, RED, WHITE, WINDS

Tally = tuple[int, tuple[int, ...]]  # an item's count and the sets it was read from
Test = Callable[[View], Tally | None]
WHOLE: Tally = (1, ())
MINOR, MAJOR = "minor", "major"  # 1 台 each, and the major ones (YQ-15)


def _whole(value: bool) -> Tally | None:
    return WHOLE if value else None


def _at(*indices: int | None) -> Tally | None:
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


def _natural_triplet(v: View, tile: int) -> Tally | None:
    if tile in (v.table.caishen, v.table.flower):
        return None
    return _at(v.triplet_of(tile, natural=True))


# --- major items (YQ-9) ------------------------------------------------------------------


class Item(NamedTuple):
    """One row of the catalogue: id, names, group (minor or major), value, the test that
    recognises it, the condition as implemented, what it excludes, whether it reads the
    reading, and what a reading must have for the test to be worth running (view.py)."""

    id: str
    name: str
    name_en: str
    group: str
    value: int
    test: Test
    condition: str
    excludes: tuple[str, ...] = ()
    # False where the test reads only the hand and the situation, never the reading: it is
    # then run once per hand, not once per reading.
    per_reading: bool = True
    needs: int = 0  # what a reading must have for the test to be worth running
    # True where the test reads what the 财神 search does not tell apart: a tile's number
    # (归位 aside), the wait's shape or where the winning tile sat. With a 财神 standing the
    # search tries one value per suit for a lone 财神 and scores readings alike in all but
    # those once (view.py: free_choices, views), so such an item would get wrong best
    # readings: it must need Need.NO_CAISHEN, and ``item`` refuses it otherwise.
    reads_numbers: bool = False
    # Whether a table plays it unless its rules say otherwise (``<id>.on``'s default): a
    # club's extra item is declared off, and the tests switch it on from this row.
    on: bool = True


# Every item, in catalogue order: the order of the tests below, each under its row.
ITEMS: list[Item] = []
NO_NEEDS: Final = 0


def item(id: str, name: str, name_en: str, group: str, value: int, condition: str,  # noqa: A002
         excludes: tuple[str, ...] = (), per_reading: bool = True,
         needs: int = NO_NEEDS, reads_numbers: bool = False,
         on: bool = True) -> Callable[[Test], Test]:
    """The catalogue row of the test it decorates, added to ``ITEMS``. An item that reads
    numbers and may apply with a 财神 standing is refused (``Item.reads_numbers``)."""
    if reads_numbers and not needs & Need.NO_CAISHEN:
        raise ValueError(
            f"{id} reads a tile's number, the wait or the winning tile's place, which the 财神 "
            "search does not tell apart: it must need Need.NO_CAISHEN")

    def row(test: Test) -> Test:
        ITEMS.append(Item(id, name, name_en, group, value, test, condition, excludes,
                          per_reading, needs, reads_numbers, on))
        return test
    return row


# --- the items, in catalogue order, each under its row -----------------------------------


@item("seat_wind", "自风位", "Seat wind", MINOR, 1, "a triplet or kong of the seat wind, a 财神 "
      "may complete it; not when the seat wind is the 财神", needs=Need.WIND_TRIPLET)
def seat_wind(v: View) -> Tally | None:
    wind = v.table.seat_wind
    return None if wind == v.table.caishen else _at(v.triplet_of(wind))


@item("flower_tile", "白板", "Flower tile", MINOR, 1, "each flower tile laid aside",
      per_reading=False, needs=Need.FLOWERS)
def flower_tile(v: View) -> Tally | None:
    return (v.table.flowers, ()) if v.table.flowers else None


@item("red_triplet", "红中刻", "Red dragon triplet", MINOR, 1, "a triplet or kong of natural "
      "红中; not when 红中 is the 财神 or the flower", needs=Need.DRAGON_TRIPLET)
def red_triplet(v: View) -> Tally | None:
    return _natural_triplet(v, RED)


@item("green_triplet", "发财刻", "Green dragon triplet", MINOR, 1, "a triplet or kong of natural "
      "发财; not when 发财 is the 财神", needs=Need.DRAGON_TRIPLET)
def green_triplet(v: View) -> Tally | None:
    return _natural_triplet(v, GREEN)


@item("no_caishen", "无财神", "No caishen", MINOR, 1, "no 财神 tile stands in the hand",
      per_reading=False, needs=Need.NO_CAISHEN)
def no_caishen(v: View) -> Tally | None:
    return _whole(v.caishen_tiles == 0)


@item("caishen_home_one", "财神一归位", "One caishen home", MINOR, 1, "exactly one 财神 used as "
      "its own face value inside a sequence (YQ-4, YQ-7)", needs=Need.HOME)
def caishen_home_one(v: View) -> Tally | None:
    """YQ-7: one 财神 归位 (with one, two or three 财神 in the hand)."""
    return (1, v.home_sets) if len(v.home_sets) == 1 else None


@item("two_caishen", "双财神", "Two caishen", MINOR, 1, "exactly two 财神 in the hand",
      per_reading=False, needs=Need.TWO_WILDS)
def two_caishen(v: View) -> Tally | None:
    return _whole(v.wilds == 2)


@item("kong_bloom", "杠上开花", "Kong bloom", MINOR, 1, "self-drawn on the replacement tile "
      "after a kong", per_reading=False, needs=Need.SITUATION)
def kong_bloom(v: View) -> Tally | None:
    return _whole(_situation(v, "after_kong"))


@item("robbing_kong", "抢杠胡", "Robbing the kong", MINOR, 1, "won on the tile another player "
      "added to a kong", per_reading=False, needs=Need.SITUATION)
def robbing_kong(v: View) -> Tally | None:
    return _whole(v.request["win"]["by"] == "robbing_kong")


@item("ping_hu", "平胡", "Plain hand", MINOR, 1, "no triplet or kong, no 财神, the pair not the "
      "seat wind, 红中 or 发财, won at the open end of a two-sided wait (YQ-8)",
      needs=Need.NO_CAISHEN | Need.NO_TRIPLET, reads_numbers=True)
def ping_hu(v: View) -> Tally | None:
    """YQ-8: no triplet or kong, no 财神, a plain pair, won at the open end of a two-sided wait."""
    plain_pair = v.pair.first not in (v.table.seat_wind, RED, GREEN)
    return _whole(v.caishen_tiles == 0 and plain_pair and v.shape == TWO_SIDED
                  and not v.triplets)


@item("all_triplets", "对对胡", "All triplets", MAJOR, 10, "five triplets or kongs and a pair",
      needs=Need.NO_SEQUENCE)
def all_triplets(v: View) -> Tally | None:
    return _whole(v.all_triplets)


@item("half_flush", "混一色", "Half flush", MAJOR, 10, "one suit and honours, both present (a "
      "财神 as what it stands for)", needs=Need.ONE_SUIT)
def half_flush(v: View) -> Tally | None:
    return _whole(v.one_suit and v.honors)


@item("caishen_single_wait", "财神单吊", "Caishen single wait", MAJOR, 10, "five melds and a "
      "财神 kept alone (YQ-10)", per_reading=False, needs=Need.ALL_MELDED)
def caishen_single_wait(v: View) -> Tally | None:
    return _at(v.pair_index) if _single_wait(v) and _kept_is_caishen(v) else None


@item("three_caishen", "三财神", "Three caishen", MAJOR, 10, "three 财神 in the hand",
      per_reading=False, needs=Need.TWO_WILDS)
def three_caishen(v: View) -> Tally | None:
    return _whole(v.wilds == 3)


@item("caishen_pair", "财神做牛", "Caishen pair", MAJOR, 10, "two 财神 make the pair",
      needs=Need.WILD_PAIR)
def caishen_pair(v: View) -> Tally | None:
    """财神做牛: two 财神 make the pair."""
    return _at(v.pair_index) if len(v.pair.wilds) == 2 else None


@item("four_winds_shadow", "四风影", "Four winds shadow", MAJOR, 10, "triplets of the three "
      "other winds and a pair of the seat wind; not when a wind is the 财神 (YQ-11)",
      needs=Need.WIND_TRIPLET)
def four_winds_shadow(v: View) -> Tally | None:
    """YQ-11: triplets of the three other winds and a pair of the seat wind."""
    wind = v.table.seat_wind
    if not _winds_are_plain(v) or v.pair.first != wind:
        return None
    return _at(*(v.triplet_of(w) for w in WINDS if w != wind), v.pair_index)


@item("caishen_home_two", "财神双归位", "Two caishen home", MAJOR, 10, "two 财神 归位 (YQ-7)",
      needs=Need.HOME)
def caishen_home_two(v: View) -> Tally | None:
    return (1, v.home_sets) if len(v.home_sets) == 2 else None


@item("single_wait_caishen", "单吊财神", "Single wait on caishen", MAJOR, 20,
      "five melds, a plain tile kept, won by a self-drawn 财神", per_reading=False,
      needs=Need.ALL_MELDED)
def single_wait_caishen(v: View) -> Tally | None:
    """YQ-10: a plain tile kept, a self-drawn 财神 won."""
    ok = _single_wait(v) and v.win_by_wild and not _kept_is_caishen(v)
    return _at(v.pair_index) if ok else None


@item("full_flush", "清一色", "Full flush", MAJOR, 30, "one suit, no honours (a 财神 as what it "
      "stands for)", needs=Need.ONE_SUIT)
def full_flush(v: View) -> Tally | None:
    return _whole(v.one_suit and not v.honors)


@item("four_winds", "四风齐", "Four winds", MAJOR, 30, "triplets or kongs of all four winds; not "
      "when a wind is the 财神", excludes=("seat_wind",), needs=Need.WIND_TRIPLET)
def four_winds(v: View) -> Tally | None:
    if not _winds_are_plain(v):
        return None
    return _at(*(v.triplet_of(w) for w in WINDS))


@item("four_flowers", "四白板", "Four flowers", MAJOR, 30, "all four flower tiles laid aside",
      per_reading=False, needs=Need.FLOWERS)
def four_flowers(v: View) -> Tally | None:
    return _whole(v.table.flowers == 4)


@item("hard_single_wait", "硬吊", "Hard single wait", MAJOR, 30, "five melds, a plain tile kept "
      "and its natural twin won", excludes=("no_caishen",), per_reading=False,
      needs=Need.ALL_MELDED)
def hard_single_wait(v: View) -> Tally | None:
    """YQ-10: a plain tile kept and its natural twin won."""
    ok = _single_wait(v) and not v.win_by_wild and not _kept_is_caishen(v)
    return _at(v.pair_index) if ok else None


@item("heavenly_hand", "天胡", "Heavenly hand", MAJOR, 30, "the dealer self-draws with the first "
      "17 tiles (YQ-14)", per_reading=False, needs=Need.SITUATION)
def heavenly_hand(v: View) -> Tally | None:
    return _whole(_situation(v, "heavenly"))


@item("earthly_hand", "地胡", "Earthly hand", MAJOR, 30, "a non-dealer wins on the dealer's "
      "first discard (YQ-14)", per_reading=False, needs=Need.SITUATION)
def earthly_hand(v: View) -> Tally | None:
    return _whole(_situation(v, "earthly"))


@item("caishen_triplet", "三财神刻", "Caishen triplet", MAJOR, 30, "three 财神 make one triplet",
      excludes=("caishen_home_three",), needs=Need.WILD_TRIPLET)
def caishen_triplet(v: View) -> Tally | None:
    """三财神刻: three 财神 make one triplet, of any tile (YQ-4)."""
    return _at(v.wild_triplet) if v.wild_triplet >= 0 else None


@item("three_beauties", "三美人", "Three beauties", MAJOR, 30, "红中 and 发财 triplets or kongs "
      "and three flower tiles laid aside; not when 白, 中 or 发 is the 财神 (YQ-12)",
      excludes=("red_triplet", "green_triplet"), needs=Need.DRAGON_TRIPLET)
def three_beauties(v: View) -> Tally | None:
    """YQ-12: 红中 and 发财 triplets or kongs and three flower tiles laid aside."""
    possible = not {WHITE, RED, GREEN} & {v.table.caishen}
    if not possible or v.table.flowers < 3:
        return None
    return _at(v.triplet_of(RED), v.triplet_of(GREEN))


@item("caishen_home_three", "财神三归位", "Three caishen home", MAJOR, 100, "three 财神 归位 "
      "(YQ-7)", needs=Need.HOME)
def caishen_home_three(v: View) -> Tally | None:
    return (1, v.home_sets) if len(v.home_sets) == 3 else None


@item("all_honors", "全字", "All honours", MAJOR, 100, "every tile an honour (YQ-13)",
      excludes=("seat_wind", "all_triplets", "half_flush"), needs=Need.ONLY_HONOURS)
def all_honors(v: View) -> Tally | None:
    return _whole(v.only_honors)
