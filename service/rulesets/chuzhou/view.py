"""One reading of a Chuzhou winning hand, as the pattern tests see it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import IntFlag, auto
from itertools import compress
from typing import Any, NamedTuple

from service.hand.groups import ANGANG, KONG, PAIR, SEQUENCE, TRIPLET, Group, Meld
from service.hand.splits import seven_pairs
from service.hand.waits import PAIR_WAIT, holds, placed_readings
from service.tiles import WINDS

STANDARD, SEVEN_PAIRS = "standard", "seven_pairs"


class Need(IntFlag):
    """What a reading must have for a pattern's test to be worth running (catalogue ``needs``).

    A reading's ``has`` holds the flags it meets; a pattern whose needs are not all met cannot
    apply, so its test is skipped. This only saves time: every test checks its pattern whole.
    """

    SEQ1 = auto()         # at least one sequence
    SEQ2 = auto()
    SEQ3 = auto()
    SEQ4 = auto()         # four sequences
    TRIP1 = auto()        # at least one triplet or kong
    TRIP2 = auto()
    TRIP3 = auto()
    TRIP4 = auto()
    STANDARD = auto()     # four sets and a pair
    SEVEN_PAIRS = auto()
    DECLARED = auto()     # a ready declaration (CZ-10)
    SELF_DRAW = auto()
    FOURS = auto()        # a suited tile held four times
    HONORS = auto()       # an honour tile held
    NO_HONORS = auto()
    WIND_WIN = auto()     # won on a wind


# Plain ints on the hot path: IntFlag arithmetic builds enum members, which is slow.
_SEQ = (0, int(Need.SEQ1), int(Need.SEQ1 | Need.SEQ2), int(Need.SEQ1 | Need.SEQ2 | Need.SEQ3),
        int(Need.SEQ1 | Need.SEQ2 | Need.SEQ3 | Need.SEQ4))
_TRIP = (0, int(Need.TRIP1), int(Need.TRIP1 | Need.TRIP2),
         int(Need.TRIP1 | Need.TRIP2 | Need.TRIP3),
         int(Need.TRIP1 | Need.TRIP2 | Need.TRIP3 | Need.TRIP4))
_FORM = {"standard": int(Need.STANDARD), "seven_pairs": int(Need.SEVEN_PAIRS)}
_HONORS, _NO_HONORS, _FOURS = int(Need.HONORS), int(Need.NO_HONORS), int(Need.FOURS)
_SELF_DRAW, _DECLARED, _WIND_WIN = int(Need.SELF_DRAW), int(Need.DECLARED), int(Need.WIND_WIN)


@dataclass(slots=True)  # not frozen: a frozen init sets each field the slow way
class View:
    """A reading with the winning tile placed and G-5 applied.

    ``sets`` are the four sets (standing sets first, then melds in the order made), ``pair`` the
    pair; in the seven-pairs form ``sets`` is empty and ``pairs`` holds the seven pairs.
    """

    form: str
    sets: tuple[Group, ...]
    pair: Group | None
    pairs: tuple[Group, ...]
    counts: tuple[int, ...]
    win_tile: int
    shape: str
    self_draw: bool
    menqing: bool
    melds: tuple[Meld, ...]
    request: dict[str, Any]
    # Facts the pattern tests share, found once per reading. Indices count into ``groups``,
    # the answer's ``hand.sets``, so a pattern can say which sets it was read from:
    groups: tuple[Group, ...]          # sets, then the pair (or the seven pairs)
    sequences: tuple[int, ...]
    triplets: tuple[int, ...]          # triplets and kongs: what 碰/对 patterns count (CZ-3)
    seq_at: dict[int, list[int]]       # first tile → each sequence starting there
    trip_at: dict[int, int]            # tile → its triplet or kong
    kan: tuple[int, ...]               # 坎: triplets standing concealed at the win (CZ-4, G-5)
    suits: frozenset[int]              # suits present (0 万, 1 饼, 2 条)
    honors: bool
    fours: tuple[int, ...]             # suited tiles held four times (四合)
    has: int                           # the Need flags this reading meets
    held: frozenset[int]               # the distinct tiles held
    # 四合: for each suited tile held four times and in no kong, the sets holding it and how
    # many of them are sequences
    four_holdings: tuple[tuple[tuple[int, ...], int], ...]

    def dark(self, indices: Sequence[int]) -> bool:
        """Whether every one of these sets is concealed."""
        groups = self.groups
        return all(groups[i].concealed for i in indices)


class _Hand(NamedTuple):
    """What every reading of one request shares."""

    counts: tuple[int, ...]
    win_tile: int
    self_draw: bool
    menqing: bool
    melds: tuple[Meld, ...]
    request: dict[str, Any]
    suits: frozenset[int]
    honors: bool
    fours: tuple[int, ...]
    has: int  # the Need flags every reading of this hand meets
    held: frozenset[int]


def _view(hand: _Hand, form: str, sets: tuple[Group, ...], pair: Group | None,
          pairs: tuple[Group, ...], shape: str) -> View:
    groups = sets + ((pair,) if pair else ()) + pairs
    sequences, triplets, kan = [], [], []
    seq_at: dict[int, list[int]] = {}
    trip_at: dict[int, int] = {}
    for index, g in enumerate(sets):
        if g.kind == SEQUENCE:
            sequences.append(index)
            seq_at.setdefault(g.first, []).append(index)
        else:
            triplets.append(index)
            trip_at[g.first] = index
            if g.kind == TRIPLET and g.concealed and g.meld is None:
                kan.append(index)
    has = hand.has | _SEQ[len(sequences)] | _TRIP[len(triplets)] | _FORM[form]
    four_holdings = []
    for t in hand.fours if sequences else ():
        holding = tuple(i for i, g in enumerate(groups) if holds(g, t))
        if all(groups[i].kind != KONG for i in holding):
            four_holdings.append(
                (holding, sum(1 for i in holding if groups[i].kind == SEQUENCE)))
    return View(form, sets, pair, pairs, hand.counts, hand.win_tile, shape,
                hand.self_draw, hand.menqing, hand.melds, hand.request, groups,
                tuple(sequences), tuple(triplets), seq_at, trip_at, tuple(kan), hand.suits,
                hand.honors, hand.fours, has, hand.held, tuple(four_holdings))


def views(
    concealed_counts: list[int], melds: Sequence[Meld], win_tile: int, self_draw: bool,
    allow_seven_pairs: bool, request: dict[str, Any], held: tuple[int, ...],
) -> Iterator[View]:
    """Every reading of the hand with every place the winning tile can have filled (G-4).

    Order (ties keep the first): standard splits in the engine's order, placements in set
    order, then seven pairs.
    """
    meld_groups = tuple(m.group() for m in melds)
    honors = any(held[27:])
    fours = tuple(t for t in range(27) if held[t] == 4) if 4 in held[:27] else ()
    has = (_HONORS if honors else _NO_HONORS) | (_FOURS if fours else 0) | (
        _SELF_DRAW if self_draw else 0) | (
        _DECLARED if request["situation"]["declared_ready"] else 0) | (
        _WIND_WIN if win_tile in WINDS else 0)
    tiles = frozenset(compress(range(34), held))
    hand = _Hand(held, win_tile, self_draw, all(m.type == ANGANG for m in melds), tuple(melds),
                 request, frozenset(t // 9 for t in tiles if t < 27), honors, fours, has, tiles)
    for read in placed_readings(concealed_counts, 0, meld_groups, win_tile, by_wild=False,
                                claimed=not self_draw):
        yield _view(hand, STANDARD, read.sets, read.pair, (), read.shape)
    if allow_seven_pairs and not melds:
        pairs = seven_pairs(concealed_counts)
        if pairs is not None:
            placed = Group(PAIR, win_tile, self_draw)
            rest = list(pairs)
            rest.remove(Group(PAIR, win_tile, True))
            yield _view(hand, SEVEN_PAIRS, (), None, tuple(rest) + (placed,), PAIR_WAIT)
