"""One reading of a Yueqing winning hand, with what every 财神 stands for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from service.hand.groups import SEQUENCE, TRIPLET, Group, Meld, meld_group
from service.hand.splits import FreeChoice
from service.hand.waits import natural_readings, placed_readings
from service.tiles import GREEN, RED, WHITE, WINDS, counts_of, is_honor


class Table:
    """What the seats and the revealed tile make of this hand. A plain class, built once per
    hand: compiled, a native class, where a NamedTuple is built by a Python-level ``__new__``."""

    __slots__ = ("caishen", "flower", "seat_wind", "flowers")

    def __init__(self, caishen: int, flower: int, seat_wind: int, flowers: int) -> None:
        self.caishen = caishen
        self.flower = flower
        self.seat_wind = seat_wind
        self.flowers = flowers  # flower tiles laid aside

    def __repr__(self) -> str:
        return (f"Table(caishen={self.caishen}, flower={self.flower}, "
                f"seat_wind={self.seat_wind}, flowers={self.flowers})")


class Need:
    """What a reading must have for an item's test to be worth running (catalogue ``needs``).

    A reading's ``has`` holds the flags it meets; an item whose needs are not all met cannot
    apply, so its test is skipped. This only saves time: every test checks its item whole.
    The last five are facts of the whole hand, the same on every reading, which the items run
    once per hand (catalogue ``per_reading=False``) are gated by.

    Each flag is declared here once, a plain int and Final, so compiled code reads ``Need.X``
    as a constant, not an IntFlag (docs/performance.md, Speed devices). A new flag takes the
    next bit: tests/yueqing/test_items.py checks that each is one bit of its own, below the
    suits' bits (``_SUIT_SHIFT``).
    """

    WIND_TRIPLET: Final = 1 << 0  # a triplet or kong of a wind
    DRAGON_TRIPLET: Final = 1 << 1  # a triplet or kong of 红中 or 发财
    HOME: Final = 1 << 2          # a 财神 归位 in a sequence
    WILD_PAIR: Final = 1 << 3     # two 财神 as the pair
    WILD_TRIPLET: Final = 1 << 4  # a set of three 财神
    NO_SEQUENCE: Final = 1 << 5
    NO_TRIPLET: Final = 1 << 6    # no triplet or kong
    ONE_SUIT: Final = 1 << 7      # at most one of 万 饼 条
    ONLY_HONOURS: Final = 1 << 8
    NO_CAISHEN: Final = 1 << 9    # no 财神 tile in the hand
    FLOWERS: Final = 1 << 10      # flower tiles laid aside
    TWO_WILDS: Final = 1 << 11    # two or more 财神 acting as wilds
    SITUATION: Final = 1 << 12    # won after a kong, by robbing a kong, 天胡 or 地胡
    ALL_MELDED: Final = 1 << 13   # five melds: two tiles stood at the win (YQ-10)


# The tables below are Final: compiled code reads a Final name as a constant, any other
# module-level name from the module's dict at every use.
# What a set brings to its reading, by first tile, in one number: the Need flag of an honour
# triplet (an honour is never in a sequence; 白板 is never scored for itself) in the low bits,
# and above them a bit for the tile's suit (万 饼 条) or for an honour.
_SUIT_SHIFT: Final = 16
_NEED_BITS: Final = (1 << _SUIT_SHIFT) - 1
_HONOUR_BIT: Final = 8
_TRIPLET_FLAGS = {**{w: Need.WIND_TRIPLET for w in WINDS}, RED: Need.DRAGON_TRIPLET,
                  GREEN: Need.DRAGON_TRIPLET}
_PAIR_BITS: Final = tuple((1 << t // 9 if t < 27 else _HONOUR_BIT) << _SUIT_SHIFT
                          for t in range(34))
_SET_BITS: Final = tuple(_PAIR_BITS[t] | _TRIPLET_FLAGS.get(t, 0) for t in range(34))


def _suit_facts(suits: int) -> tuple[bool, bool, bool, int]:
    """one_suit, honors, only_honors and the Need flags of a mask of the suits present."""
    suited = suits & 7
    flags = Need.ONE_SUIT if suited in (0, 1, 2, 4) else 0
    if not suited:
        flags |= Need.ONLY_HONOURS
    return suited in (1, 2, 4), bool(suits & _HONOUR_BIT), not suited, flags


_BY_SUITS: Final = tuple(_suit_facts(suits) for suits in range(16))


class View:
    """One reading of a Yueqing winning hand. A plain class with its own ``__init__``, not a
    dataclass: compiled (mypyc), its fields are read at fixed offsets and it is built without
    the Python-level ``__init__`` a dataclass generates."""

    __slots__ = ("sets", "pair", "wilds", "caishen_tiles", "win_tile", "win_by_wild",
                 "kept_caishen", "shape", "melds", "table", "request", "one_suit", "honors",
                 "only_honors", "triplets", "wild_triplet", "home_sets", "has")

    def __init__(self, sets: tuple[Group, ...], pair: Group, wilds: int, caishen_tiles: int,
                 win_tile: int, win_by_wild: bool, kept_caishen: bool | None, shape: str,
                 melds: tuple[Meld, ...], table: Table, request: dict[str, Any], one_suit: bool,
                 honors: bool, only_honors: bool, triplets: dict[int, int],
                 wild_triplet: int, home_sets: tuple[int, ...], has: int) -> None:
        self.sets = sets                    # the five sets: standing sets first, then melds
        self.pair = pair
        self.wilds = wilds                  # 财神 acting as wilds in the hand
        self.caishen_tiles = caishen_tiles  # 财神 tiles standing in the hand, wild or not
        self.win_tile = win_tile            # the value the winning tile stands for
        self.win_by_wild = win_by_wild
        self.kept_caishen = kept_caishen    # all five sets melded: was the tile kept a 财神
        self.shape = shape
        self.melds = melds
        self.table = table
        self.request = request
        # What the item tests share, found once per reading in one pass over its sets, each
        # 财神 taken as the tile it stands for (YQ-9); set indices count into ``groups``, the
        # answer's ``hand.sets``:
        self.one_suit = one_suit            # exactly one of 万 饼 条 present
        self.honors = honors                # any honour present
        self.only_honors = only_honors
        self.triplets = triplets            # tile → index of its triplet or kong
        self.wild_triplet = wild_triplet    # index of the triplet of three 财神, or -1
        self.home_sets = home_sets  # sequences holding a 财神 at its own face (归位, YQ-4)
        self.has = has                      # the Need flags this reading meets

    @property
    def groups(self) -> tuple[Group, ...]:
        return self.sets + (self.pair,)

    @property
    def pair_index(self) -> int:
        return len(self.sets)

    @property
    def all_triplets(self) -> bool:
        return bool(self.has & Need.NO_SEQUENCE)

    def triplet_of(self, tile: int, natural: bool = False) -> int | None:
        """The index of the tile's triplet or kong (of natural tiles only, if asked)."""
        index = self.triplets.get(tile)
        return None if index is None or (natural and self.sets[index].wilds) else index


def free_choices(caishen: int, flower: int) -> tuple[tuple[int, ...], tuple[FreeChoice, ...]]:
    """Values worth trying for 财神 that stand alone as the pair or as a set.

    Yueqing's items look at a tile's suit or honour, never its number, except 归位 (a 财神 at
    its own face value inside a sequence): one value per suit, every honour, and the
    sequences that hold the 财神's own face are enough to find every distinct score. An item
    that reads numbers applies only with no 财神 standing (items.py's ``reads_numbers``,
    refused otherwise), where there is no wild to choose for.
    """
    honours = [t for t in range(27, 34) if t != flower]
    suited = [caishen if caishen // 9 == s else s * 9 for s in range(3)]
    # The 财神's own face first, so that a tie shows the wilds as themselves.
    values = [caishen] + [t for t in suited + honours if t != caishen]
    sets = [FreeChoice(TRIPLET, t) for t in values]
    if not is_honor(caishen):
        local = caishen % 9
        sets += [FreeChoice(SEQUENCE, caishen - k) for k in range(3) if 0 <= local - k <= 6]
    sets += [FreeChoice(SEQUENCE, s * 9) for s in range(3) if s != caishen // 9]
    return tuple(values), tuple(sets)


# free_choices by 财神 (the flower follows from it, YQ-3): made once, a table, not a cache.
_FREE: Final = tuple(free_choices(caishen, WHITE if caishen != WHITE else RED)
                     for caishen in range(34))


def hand_flags(table: Table, caishen_tiles: int, wilds: int, kept_caishen: bool | None,
               request: dict[str, Any]) -> int:
    """The Need flags of the whole hand, the same on every reading."""
    has = 0 if caishen_tiles else Need.NO_CAISHEN
    if table.flowers:
        has |= Need.FLOWERS
    if wilds >= 2:
        has |= Need.TWO_WILDS
    if kept_caishen is not None:
        has |= Need.ALL_MELDED
    situation = request["situation"]
    if (situation["after_kong"] or situation["heavenly"] or situation["earthly"]
            or request["win"]["by"] == "robbing_kong"):
        has |= Need.SITUATION
    return has


def views(
    concealed: Sequence[int], melds: Sequence[Meld], win_tile: int, win_is_wild: bool,
    table: Table, request: dict[str, Any], *, merge: bool = True,
    counts: list[int] | None = None,
) -> list[View]:
    """Every reading and every place of the winning tile, in a fixed order (G-4).

    Readings the items cannot tell apart come once (``merge=False``, for tests, gives all).
    ``counts``: the concealed tiles counted, where the caller has them (they are changed).
    """
    caishen = table.caishen
    if counts is None:
        counts = counts_of(concealed)
    caishen_tiles = counts[caishen]
    wilds = caishen_tiles - (0 if win_is_wild or win_tile != caishen else 1)
    counts[caishen] -= wilds
    # Groups of wilds alone take these values; without wilds there are none.
    free_pairs, free_sets = _FREE[caishen] if wilds else ((), ())
    melds = tuple(melds)
    meld_groups = tuple(meld_group(meld) for meld in melds)
    claimed = request["win"]["by"] != "self_draw"
    kept_caishen = None
    if len(concealed) == 2:
        kept = list(concealed)
        kept.remove(win_tile)
        kept_caishen = kept[0] == caishen
    has = hand_flags(table, caishen_tiles, wilds, kept_caishen, request)
    if not caishen_tiles:
        # No 财神, so no wild and nothing merged: the engine's natural readings, which
        # placed_readings would only wrap one by one; the winning tile stands for itself.
        return [_view(read.sets, read.pair, 0, 0, win_tile, False, kept_caishen, read.shape,
                      melds, table, request, has)
                for read in natural_readings(counts, meld_groups, win_tile, claimed)]
    # With a 财神 in the hand no item looks at the wait's shape (平胡 needs none), where the
    # winning tile sat, or a sequence's numbers beyond its suit and 归位: items.py refuses an
    # item that does (``reads_numbers``) unless it needs no 财神. Readings alike in all that
    # are scored once, each at one place.
    return [_view(sets, pair, wilds, caishen_tiles, stands_for, win_is_wild, kept_caishen,
                  shape, melds, table, request, has)
            for sets, pair, stands_for, shape in placed_readings(
                counts, wilds, meld_groups, win_tile, by_wild=win_is_wild, claimed=claimed,
                free_pairs=free_pairs, free_sets=free_sets, home=caishen if merge else None,
                one_place=merge)]


def _view(sets: tuple[Group, ...], pair: Group, wilds: int, caishen_tiles: int, win_tile: int,
          win_by_wild: bool, kept_caishen: bool | None, shape: str, melds: tuple[Meld, ...],
          table: Table, request: dict[str, Any], has: int) -> View:
    """The reading's facts in one pass over its sets; ``has`` brings the hand's own flags."""
    bits = _PAIR_BITS[pair.first]
    triplets: dict[int, int] = {}
    wild_triplet = -1
    home: tuple[int, ...] = ()
    sequences = False
    if len(pair.wilds) == 2:
        has |= Need.WILD_PAIR
    for index, (kind, first, _, stand_for, _, _) in enumerate(sets):
        bits |= _SET_BITS[first]
        if kind == SEQUENCE:
            sequences = True
            if stand_for and table.caishen in stand_for:
                home += (index,)
                has |= Need.HOME
        else:
            # A 财神 may stand for a tile whose copies are all out, so two sets may be of one
            # tile: a natural one is kept (红中刻 and 发财刻 ask for it), else the later one.
            # 三财神刻 is found by its own index, whatever tile it stands for (YQ-4).
            if not stand_for or first not in triplets or sets[triplets[first]].wilds:
                triplets[first] = index
            if len(stand_for) == 3:
                has |= Need.WILD_TRIPLET
                wild_triplet = index
    one_suit, honors, only_honors, flags = _BY_SUITS[bits >> _SUIT_SHIFT]
    has |= flags | bits & _NEED_BITS
    if not sequences:
        has |= Need.NO_SEQUENCE
    if not triplets:
        has |= Need.NO_TRIPLET
    return View(sets, pair, wilds, caishen_tiles, win_tile, win_by_wild, kept_caishen, shape,
                melds, table, request, one_suit, honors, only_honors, triplets, wild_triplet,
                home, has)


def seat_wind(seat: int, dealer: int) -> int:
    """The dealer is East, the others follow in turn order (YQ-5)."""
    return WINDS[(seat - dealer) % 4]
