"""Readings of hands without wilds come from cached per-suit placings; they must be exactly the
readings the general engine gives, in the same order (ties keep the first reading, G-4)."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from service.hand.groups import SEQUENCE, TRIPLET, Group
from service.hand.splits import is_complete
from service.hand.waits import (
    NaturalReading,
    Placed,
    _placed,
    natural_readings,
    placed_readings,
)
from service.tiles import counts_of, parse_tiles
from tests.budget import examples


def _plain(readings: list[NaturalReading], tile: int) -> list[Placed]:
    """The readings as the general engine gives them, each reading's facts checked first."""
    for read in readings:
        assert read.sequences == tuple(sorted(g.first for g in read.sets
                                              if g.kind == SEQUENCE))
        assert read.triplets == tuple(sorted(g.first for g in read.sets
                                             if g.kind != SEQUENCE))
        assert read.kan == sum(1 << i for i, g in enumerate(read.sets)
                               if g.kind == TRIPLET and g.concealed and g.meld is None)
    return [Placed(read.sets, read.pair, tile, read.shape) for read in readings]


# Winning hands crowded into few suits, where one hand reads several ways: sets and a pair
# drawn from two suits' low numbers and three winds.
_set = st.tuples(st.sampled_from(["sequence", "triplet"]),
                 st.one_of(st.integers(0, 5), st.integers(9, 14), st.integers(27, 29)))


@st.composite
def winning(draw: st.DrawFn) -> tuple[list[int], int, int]:
    melds = draw(st.integers(0, 4))
    counts = [0] * 34
    for kind, first in draw(st.lists(_set, min_size=4 - melds, max_size=4 - melds)):
        for t in (first, first + 1, first + 2) if kind == "sequence" and first < 27 else \
                (first,) * 3:
            counts[t] += 1
    counts[draw(st.one_of(st.integers(0, 8), st.integers(27, 29)))] += 2
    assume(max(counts) <= 4)
    tiles = [t for t, n in enumerate(counts) if n]
    return counts, draw(st.sampled_from(tiles)), melds


@pytest.mark.slow  # hundreds of hands: make test runs it, make core does not
@settings(max_examples=examples(600), deadline=None)
@given(winning(), st.booleans())
def test_natural_readings_equal_the_general_engine(
        hand: tuple[list[int], int, int], claimed: bool) -> None:
    counts, tile, meld_count = hand
    melds = tuple(Group("triplet", 30 + i, False, (), "peng", 1) for i in range(meld_count))
    general = list(_placed(counts, 0, melds, tile, False, claimed, (), (), None, False))
    assert _plain(natural_readings(counts, melds, tile, claimed), tile) == general
    assert list(placed_readings(counts, 0, melds, tile, by_wild=False, claimed=claimed)) == \
        general
    assert general and is_complete(counts, 0)


def test_several_splits_and_places_in_the_engine_order() -> None:
    # 111222333m: triplets or sequences; the winning 2m sits in three places of 123m123m123m.
    counts = counts_of(parse_tiles("11122233344455m"))
    for claimed in (False, True):
        general = list(_placed(counts, 0, (), 1, False, claimed, (), (), None, False))
        assert len(general) > 3
        assert _plain(natural_readings(counts, (), 1, claimed), 1) == general
