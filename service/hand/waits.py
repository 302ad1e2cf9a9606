"""Waits: the tiles that complete a waiting hand, and the wait shape a winning tile fills."""

from __future__ import annotations

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
    is_complete,
    seven_pairs_wait,
    suit_shapes,
)

TWO_SIDED, EDGE, CLOSED, PAIR_WAIT, DOUBLE_PUNG = (
    "two_sided", "edge", "closed", "pair", "double_pung"
)


@lru_cache(maxsize=65536)
def _suit_after_each(counts: tuple[int, ...], honors: bool, wilds: int) -> tuple[Shapes, ...]:
    """A suit's outcomes after adding each of its tiles, cached by the suit's counts."""
    after = []
    for local in range(len(counts)):
        grown = counts[:local] + (counts[local] + 1,) + counts[local + 1:]
        after.append(suit_shapes(grown, honors, wilds))
    return tuple(after)


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
    held = held if held is not None else counts
    suits = [tuple(counts[a:b]) for a, b in SUITS]
    pairs_wait = seven_pairs_wait(counts) if allow_seven_pairs else None
    if wilds == 0 and wild_tile is None:
        result = set(_natural_waits(suits))
        if pairs_wait is not None:
            result.add(pairs_wait)
        return sorted(t for t in result if held[t] < 4 and t not in excluded)
    shapes = [suit_shapes(suit, s == 3, wilds) for s, suit in enumerate(suits)]
    result = set()
    # Adding a tile changes one suit only: look up that suit's outcomes after each addition.
    for s, suit in enumerate(suits):
        if wilds == 0 and any(not options for i, options in enumerate(shapes) if i != s):
            continue  # another suit cannot be read at all, whatever is added here
        base = s * 9
        for local, options in enumerate(_suit_after_each(suit, s == 3, wilds)):
            t = base + local
            if options and held[t] < 4 and t not in excluded and t != wild_tile and \
                    completes(shapes[:s] + [options] + shapes[s + 1:], wilds):
                result.add(t)
    if pairs_wait is not None and held[pairs_wait] < 4:
        result.add(pairs_wait)
    if wild_tile is not None and wild_tile not in excluded and is_complete(counts, wilds + 1):
        result.add(wild_tile)
    return sorted(result)


_SETS_ONLY, _WITH_PAIR = (0, False), (0, True)


@lru_cache(maxsize=65536)
def _suit_after_each_natural(counts: tuple[int, ...], honors: bool) -> tuple[tuple[int, ...],
                                                                                tuple[int, ...]]:
    """Without wilds: the local tiles whose addition leaves the suit readable as sets only,
    and those that leave it readable as sets and the pair."""
    sets_only, with_pair = [], []
    for local, options in enumerate(_suit_after_each(counts, honors, 0)):
        if _SETS_ONLY in options:
            sets_only.append(local)
        if _WITH_PAIR in options:
            with_pair.append(local)
    return tuple(sets_only), tuple(with_pair)


def _natural_waits(suits: list[tuple[int, ...]]) -> list[int]:
    """Waits without wilds: a tile added to one suit completes the hand when that suit then
    reads as sets and the others as sets with one pair among them, or that suit holds the
    pair and the others read as sets only."""
    shapes = [suit_shapes(suit, s == 3, 0) for s, suit in enumerate(suits)]
    readable = [bool(options) for options in shapes]
    sets_only = [_SETS_ONLY in options for options in shapes]
    pair = [_WITH_PAIR in options for options in shapes]
    unreadable, all_sets_only, all_pair = 4 - sum(readable), sum(sets_only), sum(pair)
    found: list[int] = []
    for s, suit in enumerate(suits):
        if unreadable - (not readable[s]):
            continue  # another suit cannot be read, whatever is added here
        others_sets_only = all_sets_only - sets_only[s]
        must_pair = 3 - others_sets_only  # other suits that read only with the pair
        one_pair = must_pair == 1 or (must_pair == 0 and all_pair - pair[s] > 0)
        if not one_pair and others_sets_only < 3:
            continue
        to_sets, to_pair = _suit_after_each_natural(suit, s == 3)
        base = s * 9
        if one_pair:
            found += [base + local for local in to_sets]
        if others_sets_only == 3:
            found += [base + local for local in to_pair]
    return found


def clear_caches() -> None:
    """Forget every cached suit reading, waits' included (benchmarks time a cold start)."""
    splits.clear_caches()
    _suit_after_each.cache_clear()
    _suit_after_each_natural.cache_clear()


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
