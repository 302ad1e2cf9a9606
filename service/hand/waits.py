"""Waits: the tiles that complete a waiting hand, and the wait shape a winning tile fills."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from service.hand.groups import PAIR, SEQUENCE, TRIPLET, Group
from service.hand.splits import is_complete, seven_pairs
from service.tiles import NUM_TILES

TWO_SIDED, EDGE, CLOSED, PAIR_WAIT, DOUBLE_PUNG = (
    "two_sided", "edge", "closed", "pair", "double_pung"
)


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
    result = []
    work = list(counts)
    for t in range(NUM_TILES):
        if t in excluded:
            continue
        if t == wild_tile:
            if is_complete(work, wilds + 1):
                result.append(t)
            continue
        if held[t] >= 4:
            continue
        work[t] += 1
        if is_complete(work, wilds) or (allow_seven_pairs and seven_pairs(work) is not None):
            result.append(t)
        work[t] -= 1
    return result


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


__all__ = [
    "CLOSED", "DOUBLE_PUNG", "EDGE", "PAIR_WAIT", "SEQUENCE", "TWO_SIDED",
    "placements", "wait_shape", "wait_tiles",
]
