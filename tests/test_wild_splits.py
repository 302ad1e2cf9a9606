"""A suit's splits with wilds (service/hand/splits.py's search, which hands a rest with no wild
left to service/hand/natural.py) against a plain reference: every value each wild may stand
for, the grown suit read every way, and every way of telling its wilds from its naturals."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement, product

from hypothesis import given, settings
from hypothesis import strategies as st

from service.hand.groups import PAIR, SEQUENCE, LocalGroup
from service.hand.splits import EXACT, HONOURS_BY_TILE, SuitSplit, _token, suit_splits
from service.memo import clear as clear_caches
from tests.budget import examples
from tests.test_natural_suits import _reference

Key = tuple[int, bool, tuple[tuple[object, ...], ...]]


def _tiles(kind: str, first: int) -> tuple[int, ...]:
    return (first, first + 1, first + 2) if kind == SEQUENCE else (
        (first,) * 2 if kind == PAIR else (first,) * 3)


def _wild_choices(kind: str, first: int) -> set[tuple[int, ...]]:
    """The tiles of a group its wilds may stand for: any of its places but one at least,
    which holds a natural tile."""
    tiles = _tiles(kind, first)
    return {tuple(sorted(tiles[i] for i in places))
            for size in range(len(tiles)) for places in combinations(range(len(tiles)), size)}


def _plain(counts: list[int], honours: bool, wilds: int, detail: int) -> tuple[SuitSplit, ...]:
    size = len(counts)
    kept: dict[Key, tuple[LocalGroup, ...]] = {}
    for used in range(wilds + 1):
        for values in combinations_with_replacement(range(size), used):
            grown = list(counts)
            for t in values:
                grown[t] += 1
            for has_pair, groups in _reference(tuple(grown), honours, True):
                for stands in product(*[_wild_choices(k, f) for k, f, _ in groups]):
                    if Counter(t for part in stands for t in part) != Counter(values):
                        continue
                    split = tuple(sorted((k, f, part) for (k, f, _), part
                                         in zip(groups, stands, strict=True)))
                    key = (used, has_pair, tuple(sorted(
                        _token(g, detail) for g in split)))  # type: ignore[type-var]
                    if key not in kept or split < kept[key]:
                        kept[key] = split
    return tuple(sorted(SuitSplit(used, has_pair, split)
                        for (used, has_pair, _), split in kept.items()))


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.integers(0, 8), max_size=8), st.integers(1, 3), st.booleans(),
       st.sampled_from([EXACT, -1, 0, 4, 8]))
def test_splits_with_wilds_equal_trying_every_value_of_every_wild(
        tiles: list[int], wilds: int, honours: bool, detail: int) -> None:
    size = 7 if honours else 9
    counts = [min(4, [t % size for t in tiles].count(n)) for n in range(size)]
    if honours and detail != EXACT:
        detail = HONOURS_BY_TILE
    clear_caches()
    assert suit_splits(tuple(counts), honours, wilds, detail) == _plain(counts, honours, wilds,
                                                                         detail)
