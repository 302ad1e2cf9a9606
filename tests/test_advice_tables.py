"""The shanten suit tables (service/hand/shanten.py) of suits read alike are one table: a suit
and its ``canonical`` form, walked each on its own, give the same table and masks (each
mask's tiles put back in the suit's places), for number suits and honours, any limits, exact
and soft (G-9); the walk's pruning of beaten states changes no table; and a table's masks are
the draws after which the suit keeps one tile more, wherever fewer sets or no pair keep
fewer tiles (where they keep as many, the advice reads each draw's table)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from service.hand import shanten
from service.hand.advice import _joint
from service.hand.shanten import (
    IMPOSSIBLE,
    SOFT,
    _walk,
    canonical_key,
    mask_parts,
    own_mask,
    suit_key,
)
from tests.budget import examples


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


def canonical(counts: list[int], limits: list[int],
              honours: bool) -> tuple[list[int], list[int], tuple[int, ...]]:
    """``canonical_key`` of a suit's counts and limits, as counts and limits, and its places."""
    size = len(counts)
    same, places = canonical_key(suit_key(counts, 0, size, limits, honours, 0, 0), size)
    return ([same >> 3 * i & 7 for i in range(size)],
            [same >> 3 * (size + i) & 7 for i in range(size)], places)


@settings(max_examples=examples(400), deadline=None)
@given(suits())
def test_a_canonical_suit_reads_as_the_suit(suit: tuple[list[int], list[int], bool, int,
                                                         int]) -> None:
    counts, limits, honours, most_sets, spare = suit
    same_counts, same_limits, places = canonical(counts, limits, honours)
    assert sorted(same_counts) == sorted(counts)
    assert [same_counts[j] for j, t in enumerate(places) if t >= 0] == \
        [counts[t] for t in places if t >= 0]
    table, masks = _walk(counts, limits, honours, most_sets, spare)
    same_table, same_masks = _walk(same_counts, same_limits, honours, most_sets, spare)
    assert table == same_table
    soft = spare == SOFT
    for mask, same in zip(masks, same_masks, strict=True):
        lacks, more = mask_parts(mask, soft)
        same_lacks, same_more = mask_parts(same, soft)
        assert (lacks, more) == (own_mask(same_lacks, places), own_mask(same_more, places))


def test_suits_read_alike_have_one_canonical_form() -> None:
    """Backwards, moved along, honours reordered, unreachable limits: one form each."""
    four = [4] * 9
    assert _form([0, 0, 0, 1, 2, 0, 0, 0, 0], four, False) == \
        _form([0, 0, 0, 0, 2, 1, 0, 0, 0], four, False) == \
        _form([0, 0, 1, 2, 0, 0, 0, 0, 0], four, False)
    near_an_end = [0, 1, 2, 0, 0, 0, 0, 0, 0]  # one from the start: not moved
    assert _form(near_an_end, four, False)[0] in (near_an_end, near_an_end[::-1])
    assert _form([1, 0, 0, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0, 0], True) == \
        _form([0, 0, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 0, 4], True)
    assert _form([0, 0, 0, 0, 1, 0, 0, 0, 0], [0, 4, 4, 4, 4, 4, 4, 4, 0], False) == \
        _form([0, 0, 0, 0, 1, 0, 0, 0, 0], four, False)


@settings(max_examples=examples(400), deadline=None)
@given(suits(), st.randoms(use_true_random=False))
def test_every_suit_read_alike_has_one_canonical_form(
        suit: tuple[list[int], list[int], bool, int, int], rng: random.Random) -> None:
    """A suit backwards, moved along away from its ends, its honours in another order, its
    limits out of reach changed: the same canonical form."""
    counts, limits, honours, _, _ = suit
    size = len(counts)
    same = list(counts), list(limits)
    if honours:
        order = list(range(size))
        rng.shuffle(order)
        same = [counts[t] for t in order], [limits[t] for t in order]
    else:
        if rng.random() < 0.5:
            same = same[0][::-1], same[1][::-1]
        held = [t for t in range(size) if same[0][t]]
        if held and held[0] >= 2 and held[-1] <= size - 3:
            step = rng.randint(2 - held[0], size - 3 - held[-1])
            same = [same[0][(t - step) % size] for t in range(size)], \
                [same[1][(t - step) % size] for t in range(size)]
    for t in range(size):
        near = range(t, t + 1) if honours else range(max(0, t - 2), min(size, t + 3))
        if not any(same[0][u] for u in near):
            same[1][t] = rng.choice([0, 1, 4])
    assert _form(*same, honours) == _form(counts, limits, honours)


def _form(counts: list[int], limits: list[int], honours: bool) -> tuple[list[int], list[int]]:
    return canonical(counts, limits, honours)[:2]


@settings(max_examples=examples(400), deadline=None)
@given(suits())
def test_the_walk_drops_only_states_that_change_no_table(
        suit: tuple[list[int], list[int], bool, int, int]) -> None:
    """The walk with every state walked on (none dropped as beaten) gives the same table and
    masks. (The compiled build calls its own pruning whatever the module holds: there both
    walks prune.)"""
    counts, limits, honours, most_sets, spare = suit
    pruned = _walk(counts, limits, honours, most_sets, spare)
    pruning = shanten._frontier
    shanten._frontier = lambda values, states, *rest: states  # type: ignore[assignment]
    try:
        every = _walk(counts, limits, honours, most_sets, spare)
    finally:
        shanten._frontier = pruning
    assert every == pruned


def _tight(table: tuple[int, ...], most_sets: int, soft: bool) -> list[int]:
    """The entries of a table (one wild place each: spare 0 or SOFT, its values as the walk
    counts them) where a set fewer and no pair keep fewer natural tiles: the entries whose
    masks say each draw."""
    def kept(value: int) -> int:
        return value >> 4 if soft else value

    found = []
    for k in range(most_sets + 1):
        for p in (0, 1):
            index = k * 2 + p
            if table[index] == IMPOSSIBLE:
                continue
            if k and kept(table[index - 2]) >= kept(table[index]):
                continue
            if p and kept(table[index - 1]) >= kept(table[index]):
                continue
            found.append(index)
    return found


@settings(max_examples=examples(400), deadline=None)
@given(suits())
def test_the_masks_are_the_draws_that_keep_one_more(
        suit: tuple[list[int], list[int], bool, int, int]) -> None:
    """Where a set fewer and no pair keep fewer tiles, a tile is in an entry's mask exactly
    when the suit with that tile drawn keeps one more there (soft: the second mask; the
    first, with no more wild places), as walking the suit after the draw says; elsewhere
    the masks are empty."""
    counts, limits, honours, most_sets, spare = suit
    if spare not in (0, SOFT):
        spare = SOFT
    soft = spare == SOFT
    table, masks = _walk(counts, limits, honours, most_sets, spare)
    tight = _tight(table, most_sets, soft)
    assert all(not masks[index] for index in range(len(masks)) if index not in tight)
    for t in range(len(counts)):
        if counts[t] >= limits[t] or counts[t] == 4:
            continue  # never drawn: every copy a player may hold is held
        drawn = list(counts)
        drawn[t] += 1
        after = _walk(drawn, limits, honours, most_sets, spare)[0]
        for index in tight:
            lacks, more = mask_parts(masks[index], soft)
            bit = lacks >> t & 1
            if not soft:
                assert after[index] == table[index] + bit, (t, index)
                continue
            assert after[index] >> 4 == (table[index] >> 4) + (more >> t & 1), (t, index)
            if bit:
                assert after[index] == table[index] + 16, (t, index)


@settings(max_examples=examples(400), deadline=None)
@given(st.integers(0, 5), st.randoms(use_true_random=False))
def test_tables_of_one_place_combine_as_every_split(sets: int, rng: random.Random) -> None:
    """``_joint`` of tables without wild places (its own loop) against every split of sets
    and pair between the two, impossible entries included."""
    size = (sets + 1) * 2

    def table() -> tuple[int, ...]:
        return tuple(rng.choice([IMPOSSIBLE, rng.randint(0, 900)]) for _ in range(size))

    one, two = table(), table()
    every = [IMPOSSIBLE] * size
    for k1 in range(sets + 1):
        for k2 in range(sets - k1 + 1):
            for p1, p2 in ((0, 0), (0, 1), (1, 0)):
                if one[k1 * 2 + p1] >= 0 and two[k2 * 2 + p2] >= 0:
                    index = (k1 + k2) * 2 + p1 + p2
                    every[index] = max(every[index], one[k1 * 2 + p1] + two[k2 * 2 + p2])
    assert _joint(one, two, sets, 1) == tuple(every)
