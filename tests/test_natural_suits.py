"""A suit without wilds (service/hand/natural.py) against plain references: every multiset
of groups tried, and the search with wilds, which reads a natural suit too."""

from __future__ import annotations

from itertools import combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.hand import natural
from service.hand.groups import PAIR, SEQUENCE, TRIPLET
from service.hand.splits import (
    EXACT,
    HONOURS_BY_TILE,
    SuitSplit,
    _token,
    suit_shapes,
    suit_splits,
)
from service.memo import clear as clear_caches


def _made(groups: tuple[tuple[str, int], ...], size: int) -> list[int]:
    counts = [0] * size
    for kind, first in groups:
        for t in {TRIPLET: (first,) * 3, PAIR: (first,) * 2,
                  SEQUENCE: (first, first + 1, first + 2)}[kind]:
            counts[t] += 1
    return counts


def _reference(counts: list[int], honours: bool) -> list[tuple[bool, tuple[object, ...]]]:
    """Every multiset of sets (and one pair when the tiles' number asks for it) whose tiles
    are exactly the suit's, as natural.splits gives them."""
    size, tiles = len(counts), sum(counts)
    sets = [(TRIPLET, t) for t in range(size)]
    if not honours:
        sets += [(SEQUENCE, t) for t in range(size - 2)]
    pairs: list[tuple[tuple[str, int], ...]] = (
        [()] if tiles % 3 == 0 else [((PAIR, t),) for t in range(size)] if tiles % 3 == 2
        else [])
    found = set()
    for pair in pairs:
        for chosen in combinations_with_replacement(sets, tiles // 3):
            groups = (*chosen, *pair)
            if _made(groups, size) == counts:
                found.add((bool(pair), tuple(sorted((k, f, ()) for k, f in groups))))
    return sorted(found)


def _suit(tiles: list[int], honours: bool) -> list[int]:
    size = 7 if honours else 9
    return [min(4, [t % size for t in tiles].count(n)) for n in range(size)]


@pytest.mark.slow  # each example tries thousands of multisets: make test runs it, not make core
@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 8), max_size=12), st.booleans())
def test_splits_reads_and_completing_equal_trying_every_multiset(tiles: list[int],
                                                                 honours: bool) -> None:
    counts = _suit(tiles, honours)
    before = list(counts)
    expected = _reference(counts, honours)
    assert natural.splits(counts, honours) == expected
    assert natural.reads(counts, honours) == bool(expected)
    grown = [p for p in range(len(counts))
             if _reference([n + (i == p) for i, n in enumerate(counts)], honours)]
    assert natural.completing(counts, honours) == grown
    assert counts == before  # every function leaves the counts as it found them


def test_every_suit_reads_as_the_walk_says() -> None:
    """Every numbered suit of at most two copies a tile (3^9 of them) and every honours suit
    of at most three: natural.reads against the walk that places wilds
    (service/hand/splits.py), none placed."""
    for size, honours, most in ((9, False, 2), (7, True, 3)):
        for counts in product(range(most + 1), repeat=size):
            suit = list(counts)
            assert natural.reads(suit, honours) == bool(suit_shapes(counts, honours, 0)), counts


@pytest.mark.parametrize("counts, expected", [
    # 111 222 333 reads as three triplets or three sequences
    ([3, 3, 3, 0, 0, 0, 0, 0, 0], 2),
    # 11 123: the pair stands at 1 (2 * 1 = 0 + 0 + 0 + 1 + 2 ... mod 3)
    ([3, 1, 1, 0, 0, 0, 0, 0, 0], 1),
    ([1, 1, 0, 0, 0, 0, 0, 0, 0], 0),
])
def test_worked_suits(counts: list[int], expected: int) -> None:
    assert len(natural.splits(counts, False)) == expected


@pytest.mark.slow  # each example tries thousands of multisets: make test runs it, not make core
@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 8), max_size=12), st.booleans(),
       st.sampled_from([EXACT, HONOURS_BY_TILE, -1, 0, 4, 8]))
def test_suit_splits_without_wilds_keep_the_least_split_of_each_token_key(
        tiles: list[int], honours: bool, detail: int) -> None:
    """suit_splits of a natural suit, at each detail: of the splits a caller cannot tell
    apart, the least, as the search with wilds keeps them."""
    counts = _suit(tiles, honours)
    if honours and detail not in (EXACT, HONOURS_BY_TILE):
        detail = HONOURS_BY_TILE
    kept: dict[object, SuitSplit] = {}
    for has_pair, groups in _reference(counts, honours):  # least first
        key = (has_pair, tuple(sorted(_token(g, detail) for g in groups)))  # type: ignore
        kept.setdefault(key, SuitSplit(0, has_pair, groups))  # type: ignore[arg-type]
    clear_caches()
    assert suit_splits(tuple(counts), honours, 0, detail) == tuple(sorted(kept.values()))
