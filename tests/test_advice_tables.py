"""The shanten suit tables (service/hand/shanten.py) of suits read alike are one table: a suit
and its ``canonical`` form, walked each on its own, give the same table, for number suits
and honours, any limits, exact and soft (G-9); and the walk's pruning of beaten states
changes no table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.hand import shanten
from service.hand.shanten import SOFT, _walk, canonical


@st.composite
def suits(draw: st.DrawFn) -> tuple[list[int], list[int], bool, int, int]:
    honours = draw(st.booleans())
    size = 7 if honours else 9
    counts = [0] * size
    for t in draw(st.lists(st.integers(0, size - 1), max_size=11)):
        if counts[t] < 4:
            counts[t] += 1
    limits = [draw(st.sampled_from([4, 4, 4, 3, 1, 0])) for _ in range(size)]
    spare = draw(st.sampled_from([0, 0, 1, 2, 3, SOFT]))
    return counts, limits, honours, draw(st.sampled_from([4, 5])), spare


@settings(max_examples=400, deadline=None)
@given(suits())
def test_a_canonical_suit_reads_as_the_suit(suit: tuple[list[int], list[int], bool, int,
                                                         int]) -> None:
    counts, limits, honours, most_sets, spare = suit
    same_counts, same_limits = canonical(counts, limits, honours)
    assert sorted(same_counts) == sorted(counts)
    assert _walk(counts, limits, honours, most_sets, spare) == \
        _walk(same_counts, same_limits, honours, most_sets, spare)


def test_suits_read_alike_have_one_canonical_form() -> None:
    """Backwards, moved along, honours reordered, unreachable limits: one form each."""
    four = [4] * 9
    assert canonical([0, 0, 0, 1, 2, 0, 0, 0, 0], four, False) == \
        canonical([0, 0, 0, 0, 2, 1, 0, 0, 0], four, False) == \
        canonical([0, 0, 1, 2, 0, 0, 0, 0, 0], four, False)
    near_an_end = [0, 1, 2, 0, 0, 0, 0, 0, 0]  # one from the start: not moved
    assert canonical(near_an_end, four, False)[0] in (near_an_end, near_an_end[::-1])
    assert canonical([1, 0, 0, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0, 0], True) == \
        canonical([0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 4], True)
    assert canonical([0, 0, 0, 0, 1, 0, 0, 0, 0], [0, 4, 4, 4, 4, 4, 4, 4, 0], False) == \
        canonical([0, 0, 0, 0, 1, 0, 0, 0, 0], four, False)


@settings(max_examples=400, deadline=None)
@given(suits())
def test_the_walk_drops_only_states_that_change_no_table(
        suit: tuple[list[int], list[int], bool, int, int]) -> None:
    """The walk with every state walked on (none dropped as beaten) gives the same table. (The
    compiled build calls its own pruning whatever the module holds: there both walks prune.)"""
    counts, limits, honours, most_sets, spare = suit
    pruned = _walk(counts, limits, honours, most_sets, spare)
    dropping = shanten._undominated
    shanten._undominated = lambda kept_at, reached, *rest: reached  # type: ignore[assignment]
    try:
        assert _walk(counts, limits, honours, most_sets, spare) == pruned
    finally:
        shanten._undominated = dropping
