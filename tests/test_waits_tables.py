"""The waits tables against slow references: reading each grown suit, adding each tile."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.hand.splits import EXACT, is_complete, seven_pairs_wait, suit_splits
from service.hand.waits import _suit_after_each, wait_tiles
from service.memo import clear as clear_caches
from tests.budget import examples


def _shapes_of_splits(counts: tuple[int, ...], honors: bool, wilds: int) -> set[tuple[int, bool]]:
    return {(s.wilds, s.has_pair) for s in suit_splits(counts, honors, wilds, EXACT)}


def _suit(tiles: list[int], honors: bool) -> tuple[int, ...]:
    size = 7 if honors else 9
    return tuple(min(4, [t % size for t in tiles].count(n)) for n in range(size))


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.integers(0, 8), max_size=14), st.integers(0, 3), st.booleans())
def test_each_addition_reads_as_the_grown_suit(tiles: list[int], wilds: int,
                                               honors: bool) -> None:
    """One walk for all additions gives, for each tile, the shapes of reading the suit with
    that tile added (a fifth copy included), and the suit's own shapes."""
    counts = _suit(tiles, honors)
    base, after = _suit_after_each(counts, honors, wilds)
    assert base == _shapes_of_splits(counts, honors, wilds)
    assert len(after) == len(counts)
    for local, shapes in enumerate(after):
        grown = counts[:local] + (counts[local] + 1,) + counts[local + 1:]
        assert shapes == _shapes_of_splits(grown, honors, wilds), local


def _brute_force(counts: list[int], wilds: int, held: list[int], wild_tile: int | None,
                 allow_seven_pairs: bool, excluded: list[int]) -> list[int]:
    """Add each tile and read the hand."""
    found = {t for t in range(34)
             if held[t] < 4 and t not in excluded and t != wild_tile
             and is_complete([n + (i == t) for i, n in enumerate(counts)], wilds)}
    pairs_wait = seven_pairs_wait(counts) if allow_seven_pairs else None
    if pairs_wait is not None and held[pairs_wait] < 4 and pairs_wait not in excluded:
        found.add(pairs_wait)
    if wild_tile is not None and wild_tile not in excluded and is_complete(counts, wilds + 1):
        found.add(wild_tile)
    return sorted(found)


# Tiles from two crowded suits and a few honours, so hands often wait and suits repeat shapes.
_TILES = st.integers(0, 11) | st.integers(18, 20) | st.integers(27, 29)


@st.composite
def _waiting(draw: st.DrawFn) -> tuple[list[int], int, list[int], int | None, list[int]]:
    """Standing tiles of a hand one tile short (0-4 melds, 0-3 wilds): counts, wilds, held
    (melds' copies included), the wild tile if any, excluded tiles."""
    melds, wilds = draw(st.integers(0, 4)), draw(st.integers(0, 3))
    size = 13 - 3 * melds - wilds
    tiles = draw(st.lists(_TILES, min_size=max(size, 0), max_size=max(size, 0)))
    wild_tile = draw(st.none() | _TILES | st.integers(0, 33))
    counts = [min(4, tiles.count(t)) for t in range(34)]
    if wild_tile is not None:
        counts[wild_tile] = 0  # its copies stand as wilds
    held = list(counts)
    for t in draw(st.lists(st.integers(0, 33), max_size=4)):
        held[t] = min(4, held[t] + 1)
    return counts, wilds, held, wild_tile, draw(st.lists(_TILES, max_size=2))


@pytest.mark.slow  # hundreds of hands: make test runs it, make core does not
@settings(max_examples=examples(500), deadline=None)
@given(_waiting(), st.booleans(), st.booleans())
def test_waits_equal_adding_each_tile(
    hand: tuple[list[int], int, list[int], int | None, list[int]], allow_seven_pairs: bool,
    cold: bool,
) -> None:
    """wait_tiles, with and without wilds, equals adding each tile and reading the hand."""
    counts, wilds, held, wild_tile, excluded = hand
    allow_seven_pairs = allow_seven_pairs and wild_tile is None
    if cold:
        clear_caches()
    expected = _brute_force(counts, wilds, held, wild_tile, allow_seven_pairs, excluded)
    assert wait_tiles(counts, wilds, held=held, wild_tile=wild_tile,
                      allow_seven_pairs=allow_seven_pairs, excluded=excluded) == expected
