"""Waits: the tiles that complete a waiting hand, and the wait shape a winning tile fills."""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import product
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
        # What a worker does for every hand: one cached look-up per suit, one in _TAKE.
        hand = tuple(counts)
        suits = (_suit_waits(hand[:9], 0), _suit_waits(hand[9:18], 1),
                 _suit_waits(hand[18:27], 2), _suit_waits(hand[27:], 3))
        result = []
        for suit in _TAKE[suits[0].kind + suits[1].kind + suits[2].kind + suits[3].kind]:
            for tile in suits[suit].waits:
                if held[tile] < 4:
                    result.append(tile)
    else:
        found = _wild_waits(counts, wilds)
        result = [t for t in found if held[t] < 4 and t != wild_tile]
        # A drawn wild can stand for any tile, so it completes the hand exactly when adding
        # some tile does, whether or not that tile could be won (tests/test_waits_tables.py).
        if wild_tile is not None and found:
            insort(result, wild_tile)
    if excluded:
        result = [t for t in result if t not in excluded]
    if allow_seven_pairs:
        pairs_wait = seven_pairs_wait(counts)
        if pairs_wait is not None and held[pairs_wait] < 4 and pairs_wait not in excluded \
                and pairs_wait not in result:
            insort(result, pairs_wait)
    return result


def _wild_waits(counts: Sequence[int], wilds: int) -> list[int]:
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


# What a suit read without wilds brings to the waits. A suit of 3n tiles can only read as
# sets, one of 3n + 2 only as sets and the pair, one of 3n + 1 not at all; so its kind says
# all the hand needs: whether it reads, holds the pair, and what a tile added to it makes.
_SETS, _WITH_PAIR, _WANTS_PAIR, _WANTS_SET, _DEAD = range(5)
# _SETS: reads as sets (a tile added leaves 3n + 1: never). _WITH_PAIR: reads as sets and the
# pair; its waits make it sets. _WANTS_PAIR (3n + 1) and _WANTS_SET (3n + 2) do not read; their
# waits make them sets and the pair, or sets. _DEAD: does not read, and no tile helps.
_READS = (_SETS, _WITH_PAIR)


def _taking(kinds: tuple[int, ...]) -> tuple[int, ...]:
    """The suits whose waits complete a hand of suits of these kinds: every other suit
    reads as it is, and exactly one suit holds the pair once the tile is added."""
    taken = []
    for suit, kind in enumerate(kinds):
        others = kinds[:suit] + kinds[suit + 1:]
        if kind in (_SETS, _DEAD) or any(k not in _READS for k in others):
            continue
        if others.count(_WITH_PAIR) + (kind == _WANTS_PAIR) == 1:
            taken.append(suit)
    return tuple(taken)


# The suits to take, by the four kinds as one number: the first suit's kind times 125, ...
_TAKE = tuple(_taking(kinds) for kinds in product(range(5), repeat=4))


class _SuitWaits(NamedTuple):
    kind: int                # the suit's kind, times its weight in ``_TAKE``'s index
    waits: tuple[int, ...]   # (global) tiles whose addition leaves the suit readable


@lru_cache(maxsize=65536)
def _suit_waits(counts: tuple[int, ...], suit: int) -> _SuitWaits:
    """A suit's kind and waits without wilds (``suit`` 0-3: 万, 饼, 条, honours)."""
    own, after = suit_walk(counts, suit == 3, 0, True)
    base = suit * 9
    waits = tuple(base + local for local, options in enumerate(after) if options)
    if own:
        kind = _WITH_PAIR if (0, True) in own else _SETS
    elif waits:
        kind = _WANTS_PAIR if sum(counts) % 3 == 1 else _WANTS_SET
    else:
        kind = _DEAD
    return _SuitWaits(kind * 5 ** (3 - suit), waits)


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
