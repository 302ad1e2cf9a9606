"""Waits: the tiles that complete a waiting hand, and the wait shape a winning tile fills."""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from service.hand import splits
from service.hand.groups import PAIR, SEQUENCE, TRIPLET, Group
from service.hand.splits import (
    SUITS,
    FreeChoice,
    Shapes,
    completes,
    concealed_readings,
    seven_pairs_wait,
    suit_walk,
)

TWO_SIDED, EDGE, CLOSED, PAIR_WAIT, DOUBLE_PUNG = (
    "two_sided", "edge", "closed", "pair", "double_pung"
)


@lru_cache(maxsize=65536)
def _suit_after_each(counts: tuple[int, ...], honors: bool,
                     wilds: int) -> tuple[Shapes, tuple[Shapes, ...]]:
    """A suit's outcomes, and its outcomes after adding each of its tiles (one walk)."""
    return suit_walk(counts, honors, wilds, True)


def wait_tiles(
    counts: Sequence[int],
    wilds: int = 0,
    *,
    held: Sequence[int] | None = None,
    wild_tile: int | None = None,
    allow_seven_pairs: bool = False,
    excluded: Sequence[int] = (),
) -> list[int]:
    """Tiles that would complete the standing tiles (natural ``counts`` plus ``wilds``).

    ``held`` counts every natural copy the player holds, melds included: a tile of which all
    four are held cannot be won. Drawing ``wild_tile`` adds a wild.
    """
    held = counts if held is None else held
    if wilds == 0 and wild_tile is None:
        found = _natural_waits(counts)
    else:
        found = _wild_waits(counts, wilds, wild_tile)
    result = [t for t in found if held[t] < 4 and t != wild_tile]
    if excluded:
        result = [t for t in result if t not in excluded]
    if allow_seven_pairs:
        pairs_wait = seven_pairs_wait(counts)
        if pairs_wait is not None and held[pairs_wait] < 4 and pairs_wait not in excluded \
                and pairs_wait not in result:
            insort(result, pairs_wait)
    # A drawn wild can stand for any tile, so it completes the hand exactly when adding some
    # tile does, whether or not that tile could be won (tests/test_waits_tables.py).
    if wild_tile is not None and found and wild_tile not in excluded:
        insort(result, wild_tile)
    return result


def _wild_waits(counts: Sequence[int], wilds: int, wild_tile: int | None) -> list[int]:
    """Every tile whose addition completes the hand with ``wilds``, ascending, whether or not
    it can be won."""
    tables = [_suit_after_each(tuple(counts[a:b]), s == 3, wilds)
              for s, (a, b) in enumerate(SUITS)]
    shapes = [own for own, _ in tables]
    found = []
    # Adding a tile changes one suit only: look up that suit's outcomes after each addition.
    for s, (_, after) in enumerate(tables):
        if wilds == 0 and any(not options for i, options in enumerate(shapes) if i != s):
            continue  # another suit cannot be read at all, whatever is added here
        base = s * 9
        found += [base + local for local, options in enumerate(after)
                  if options and completes(shapes[:s] + [options] + shapes[s + 1:], wilds)]
    return found


class _SuitWaits(NamedTuple):
    """What a suit brings to waits without wilds. Read without wilds, a suit of 3n tiles can
    only be sets and one of 3n + 2 only sets and the pair, so a flag each says it all."""

    readable: bool           # as sets, or as sets and the pair
    holds_pair: bool         # readable, with the pair
    adds_pair: bool          # a tile added makes the pair (3n + 1 tiles)
    waits: tuple[int, ...]   # (global) tiles whose addition leaves the suit readable


@lru_cache(maxsize=65536)
def _suit_waits(counts: tuple[int, ...], suit: int) -> _SuitWaits:
    own, after = suit_walk(counts, suit == 3, 0, True)
    base = suit * 9
    return _SuitWaits(bool(own), (0, True) in own, sum(counts) % 3 == 1,
                      tuple(base + local for local, options in enumerate(after) if options))


def _natural_waits(counts: Sequence[int]) -> list[int]:
    """Waits without wilds, ascending: a tile added to one suit completes the hand when that
    suit then reads, every other suit reads as it is, and exactly one suit holds the pair."""
    hand = tuple(counts)
    suits = (_suit_waits(hand[:9], 0), _suit_waits(hand[9:18], 1),
             _suit_waits(hand[18:27], 2), _suit_waits(hand[27:], 3))
    unreadable = pairs = 0
    for readable, holds_pair, _, _ in suits:
        unreadable += not readable
        pairs += holds_pair
    if unreadable > 1:
        return []
    found: list[int] = []
    for readable, holds_pair, adds_pair, waits in suits:
        if waits and unreadable == (not readable) and pairs - holds_pair + adds_pair == 1:
            found += waits
    return found


def clear_caches() -> None:
    """Forget every cached suit reading, waits' included (benchmarks time a cold start)."""
    splits.clear_caches()
    _suit_after_each.cache_clear()
    _suit_waits.cache_clear()


def wait_shape(group: Group, tile: int) -> str:
    """The shape of the wait that ``tile`` filled by completing ``group``."""
    if group.kind == PAIR:
        return PAIR_WAIT
    if group.kind == TRIPLET:
        return DOUBLE_PUNG
    place = tile - group.first
    if place == 1:
        return CLOSED
    number = group.first % 9 + 1
    if (place == 0 and number == 7) or (place == 2 and number == 1):
        return EDGE  # 89 waiting 7, 12 waiting 3
    return TWO_SIDED


def holds(group: Group, tile: int) -> bool:
    """Whether the group holds the tile (naturally or as a wild's value)."""
    first = group.first
    return first == tile or (group.kind == SEQUENCE and first < tile <= first + 2)


def placements(
    groups: Sequence[Group], tile: int, by_wild: bool
) -> Iterator[tuple[int, int]]:
    """(index, tile stood for) of each concealed group the winning tile may have completed.

    A natural winning tile sits where the group holds a natural copy of it; a winning wild
    sits in any place a wild fills. Groups equal to one already offered are skipped, since
    they give the same reading.
    """
    seen: set[tuple[Group, int]] = set()
    for index, group in enumerate(groups):
        if not group.concealed or group.meld is not None:
            continue
        if by_wild:
            candidates: Sequence[int] = sorted(set(group.wilds))
        elif holds(group, tile) and (
                not group.wilds or group.tiles.count(tile) > group.wilds.count(tile)):
            candidates = (tile,)
        else:
            continue
        for stands_for in candidates:
            key = (group, stands_for)
            if key not in seen:
                seen.add(key)
                yield index, stands_for


class Placed(NamedTuple):
    """A reading with the winning tile placed: five or four sets, the pair, the wait filled."""

    sets: tuple[Group, ...]  # standing sets first, then the melds in the order made
    pair: Group
    stands_for: int          # the tile the winning tile counts as
    shape: str


def placed_readings(
    counts: Sequence[int], wilds: int, melds: Sequence[Group], tile: int, *, by_wild: bool,
    claimed: bool, free_pairs: Sequence[int] = (), free_sets: Sequence[FreeChoice] = (),
    home: int | None = None, one_place: bool = False,
) -> Iterator[Placed]:
    """Every reading of the standing tiles with every place the winning tile can have filled.

    A set completed by a claimed tile is marked exposed (G-5). The order is the engine's:
    readings as ``concealed_readings`` gives them, then places in set order. ``home`` is
    passed on to ``concealed_readings``; ``one_place`` gives each reading's first place only,
    for a caller whose score does not depend on where the winning tile sat.
    """
    meld_groups = tuple(melds)
    for groups in concealed_readings(counts, wilds, free_pairs, free_sets, home):
        places = placements(groups, tile, by_wild)
        standing = [g for g in groups if g.kind != PAIR]
        pair = next(g for g in groups if g.kind == PAIR)
        for index, stands_for in [next(places)] if one_place else places:
            group = groups[index]
            shape = wait_shape(group, stands_for)
            if not claimed:
                yield Placed(tuple(standing) + meld_groups, pair, stands_for, shape)
                continue
            exposed = Group(group.kind, group.first, False, group.wilds, group.meld,
                            group.source)
            if group is pair:
                yield Placed(tuple(standing) + meld_groups, exposed, stands_for, shape)
                continue
            place = standing.index(group)  # the first equal set: the one G-5 exposes
            sets = (*standing[:place], exposed, *standing[place + 1:], *meld_groups)
            yield Placed(sets, pair, stands_for, shape)
