"""One reading of a Yueqing winning hand, with what every 财神 stands for."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import IntFlag, auto
from typing import Any

from service.hand.groups import SEQUENCE, TRIPLET, Group, Meld
from service.hand.splits import FreeChoice
from service.hand.waits import placed_readings
from service.tiles import WINDS, counts_of, is_honor


@dataclass(frozen=True, slots=True)
class Table:
    """What the seats and the revealed tile make of this hand."""

    caishen: int
    flower: int
    seat_wind: int
    flowers: int  # flower tiles laid aside


class Need(IntFlag):
    """What a reading must have for an item's test to be worth running (catalogue ``needs``).

    A reading's ``has`` holds the flags it meets; an item whose needs are not all met cannot
    apply, so its test is skipped. This only saves time: every test checks its item whole.
    """

    HONOUR_TRIPLET = auto()  # a triplet or kong of an honour
    HOME = auto()            # a 财神 归位 in a sequence
    WILD_PAIR = auto()       # two 财神 as the pair
    WILD_TRIPLET = auto()    # a set of three 财神
    NO_CAISHEN = auto()      # no 财神 tile in the hand
    NO_SEQUENCE = auto()
    ONE_SUIT = auto()        # at most one of 万 饼 条
    ONLY_HONOURS = auto()


_HONOUR_TRIPLET, _HOME, _WILD_PAIR, _WILD_TRIPLET, _NO_CAISHEN, _NO_SEQUENCE, _ONE_SUIT, \
    _ONLY_HONOURS = (int(flag) for flag in Need)


@dataclass(slots=True)  # not frozen: a frozen init sets each field the slow way
class View:
    sets: tuple[Group, ...]   # the five sets: standing sets first, then melds in order
    pair: Group
    wilds: int                # 财神 acting as wilds in the hand
    caishen_tiles: int        # 财神 tiles standing in the hand, wild or not
    win_tile: int             # the value the winning tile stands for
    win_by_wild: bool
    kept_caishen: bool | None  # all five sets melded: whether the tile kept was a 财神
    shape: str
    melds: tuple[Meld, ...]
    table: Table
    request: dict[str, Any]
    # What the item tests share, found once per reading, each 财神 taken as the tile it
    # stands for (YQ-9); set indices count into ``groups``, the answer's ``hand.sets``:
    suits: frozenset[int]               # suits present (0 万, 1 饼, 2 条)
    honors: bool                        # any honour present
    only_honors: bool
    triplets: dict[int, int]            # tile → index of its triplet or kong
    home_sets: tuple[int, ...]          # sequences holding a 财神 at its own face (归位, YQ-4)
    all_triplets: bool
    has: int                            # the Need flags this reading meets

    @property
    def groups(self) -> tuple[Group, ...]:
        return self.sets + (self.pair,)

    @property
    def pair_index(self) -> int:
        return len(self.sets)

    def triplet_of(self, tile: int, natural: bool = False) -> int | None:
        """The index of the tile's triplet or kong (of natural tiles only, if asked)."""
        index = self.triplets.get(tile)
        return None if index is None or (natural and self.sets[index].wilds) else index


def free_choices(caishen: int, flower: int) -> tuple[list[int], list[FreeChoice]]:
    """Values worth trying for 财神 that stand alone as the pair or as a set.

    Yueqing's items look at a tile's suit or honour, never its number, except 归位 (a 财神 at
    its own face value inside a sequence): one value per suit, every honour, and the
    sequences that hold the 财神's own face are enough to find every distinct score.
    """
    honours = [t for t in range(27, 34) if t != flower]
    suited = [caishen if caishen // 9 == s else s * 9 for s in range(3)]
    # The 财神's own face first, so that a tie shows the wilds as themselves.
    values = [caishen] + [t for t in suited + honours if t != caishen]
    pairs = values
    sets = [FreeChoice(TRIPLET, t) for t in values]
    if not is_honor(caishen):
        local = caishen % 9
        sets += [FreeChoice(SEQUENCE, caishen - k) for k in range(3) if 0 <= local - k <= 6]
    sets += [FreeChoice(SEQUENCE, s * 9) for s in range(3) if s != caishen // 9]
    return pairs, sets


def views(
    concealed: Sequence[int], melds: Sequence[Meld], win_tile: int, win_is_wild: bool,
    table: Table, request: dict[str, Any], *, merge: bool = True,
) -> Iterator[View]:
    """Every reading and every place of the winning tile, in a fixed order (G-4).

    Readings the items cannot tell apart come once (``merge=False``, for tests, gives all).
    """
    caishen = table.caishen
    counts = counts_of(concealed)
    caishen_tiles = counts[caishen]
    wilds = caishen_tiles - (0 if win_is_wild or win_tile != caishen else 1)
    counts[caishen] -= wilds
    free_pairs, free_sets = free_choices(caishen, table.flower)
    meld_groups = tuple(m.group() for m in melds)
    claimed = request["win"]["by"] != "self_draw"
    kept_caishen = None
    if len(concealed) == 2:
        kept = list(concealed)
        kept.remove(win_tile)
        kept_caishen = kept[0] == caishen
    # With a 财神 in the hand no item looks at the wait's shape (平胡 needs none), where the
    # winning tile sat, or a sequence's numbers beyond its suit and 归位 (items.py): readings
    # alike in all that are scored once, each at one place.
    alike = merge and caishen_tiles > 0
    for read in placed_readings(counts, wilds, meld_groups, win_tile, by_wild=win_is_wild,
                                claimed=claimed, free_pairs=free_pairs, free_sets=free_sets,
                                home=caishen if alike else None, one_place=alike):
        yield _view(read.sets, read.pair, wilds, caishen_tiles, read.stands_for, win_is_wild,
                    kept_caishen, read.shape, tuple(melds), table, request)


def _view(sets: tuple[Group, ...], pair: Group, wilds: int, caishen_tiles: int, win_tile: int,
          win_by_wild: bool, kept_caishen: bool | None, shape: str, melds: tuple[Meld, ...],
          table: Table, request: dict[str, Any]) -> View:
    suits, honors, only_honors = set(), pair.first >= 27, pair.first >= 27
    if pair.first < 27:
        suits.add(pair.first // 9)
    triplets: dict[int, int] = {}
    home: list[int] = []
    sequences = 0
    caishen = table.caishen
    has = _NO_CAISHEN if caishen_tiles == 0 else 0
    if len(pair.wilds) == 2:
        has |= _WILD_PAIR
    for index, g in enumerate(sets):
        first = g.first
        if first >= 27:
            honors = True
        else:
            suits.add(first // 9)
            only_honors = False
        if g.kind == SEQUENCE:
            sequences += 1
            if caishen in g.wilds:
                home.append(index)
                has |= _HOME
        else:
            triplets[first] = index
            if first >= 27:
                has |= _HONOUR_TRIPLET
            if len(g.wilds) == 3:
                has |= _WILD_TRIPLET
    if sequences == 0:
        has |= _NO_SEQUENCE
    if len(suits) <= 1:
        has |= _ONE_SUIT
    if only_honors:
        has |= _ONLY_HONOURS
    return View(sets, pair, wilds, caishen_tiles, win_tile, win_by_wild, kept_caishen, shape,
                melds, table, request, frozenset(suits), honors, only_honors, triplets,
                tuple(home), sequences == 0, has)


def seat_wind(seat: int, dealer: int) -> int:
    """The dealer is East, the others follow in turn order (YQ-5)."""
    return WINDS[(seat - dealer) % 4]
