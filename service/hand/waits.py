"""Waits: the tiles that complete a waiting hand, and the wait shape a winning tile fills."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from service.hand.groups import PAIR, TRIPLET, Group
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
    shapes = [suit_shapes(suit, s == 3, wilds) for s, suit in enumerate(suits)]
    pairs_wait = seven_pairs_wait(counts) if allow_seven_pairs else None
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
            candidates = set(group.wilds)
        elif group.tiles.count(tile) > group.wilds.count(tile):
            candidates = {tile}
        else:
            continue
        for stands_for in sorted(candidates):
            if (group, stands_for) not in seen:
                seen.add((group, stands_for))
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
        for index, stands_for in [next(places)] if one_place else places:
            read = [g._replace(concealed=False) if claimed and i == index else g
                    for i, g in enumerate(groups)]
            pair = next(g for g in read if g.kind == PAIR)
            sets = tuple(g for g in read if g.kind != PAIR) + meld_groups
            yield Placed(sets, pair, stands_for, wait_shape(groups[index], stands_for))
