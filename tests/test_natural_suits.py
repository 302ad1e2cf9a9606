"""A suit without wilds (service/hand/natural.py) against plain references: every way of
taking a group holding the lowest tile, tried without pruning; and the walk that places wilds,
which reads a natural suit too."""

from __future__ import annotations

from functools import cache
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from service.hand import natural
from service.hand.groups import PAIR, SEQUENCE, TRIPLET
from service.hand.splits import EXACT, HONOURS_BY_TILE, SuitSplit, _token, suit_shapes, suit_splits
from service.memo import clear as clear_caches
from tests.budget import examples

Split = tuple[bool, tuple[tuple[str, int, tuple[int, ...]], ...]]


@cache
def _reference(counts: tuple[int, ...], honours: bool, pair_left: bool) -> frozenset[Split]:
    """Every split of the counts into sets and at most one pair (exactly one when the tiles'
    number asks for it): each group that may hold the lowest tile, then the rest, with no
    pruning and no order, the same split met many times and kept once."""
    lowest = next((t for t, n in enumerate(counts) if n), -1)
    if lowest < 0:
        return frozenset({(False, ())})
    found = set()
    shapes = [(TRIPLET, (lowest,) * 3), (PAIR, (lowest,) * 2)]
    if not honours:
        shapes += [(SEQUENCE, (first, first + 1, first + 2))
                   for first in (lowest - 2, lowest - 1, lowest)]
    for kind, tiles in shapes:
        if kind == PAIR and not pair_left or min(tiles) < 0 or max(tiles) >= len(counts):
            continue
        rest = list(counts)
        for t in tiles:
            rest[t] -= 1
        if min(rest) < 0:
            continue
        group = (kind, tiles[0], ())
        for has_pair, groups in _reference(tuple(rest), honours, pair_left and kind != PAIR):
            found.add((has_pair or kind == PAIR, tuple(sorted((*groups, group)))))
    return frozenset(found)


def _splits(counts: list[int], honours: bool) -> list[Split]:
    tiles = sum(counts) % 3
    if tiles == 1:
        return []
    return sorted(s for s in _reference(tuple(counts), honours, tiles == 2)
                  if s[0] == (tiles == 2))


# Suits that read, often several ways: sets and a pair of one suit, a tile sometimes added or
# taken away so that near misses come too.
_GROUP = st.tuples(st.sampled_from([TRIPLET, SEQUENCE]), st.integers(0, 8))


@st.composite
def suits(draw: st.DrawFn) -> tuple[list[int], bool]:
    honours = draw(st.booleans())
    size = 7 if honours else 9
    counts = [0] * size
    for kind, first in draw(st.lists(_GROUP, max_size=5)):
        first %= size
        if kind == SEQUENCE and not honours and first <= 6:
            tiles: tuple[int, ...] = (first, first + 1, first + 2)
        else:
            tiles = (first,) * 3
        for t in tiles:
            counts[t] += 1
    if draw(st.booleans()):
        counts[draw(st.integers(0, size - 1))] += 2
    for t in draw(st.lists(st.integers(0, size - 1), max_size=2)):
        counts[t] += draw(st.sampled_from([1, -1]))
    return [min(4, max(0, n)) for n in counts], honours


@settings(max_examples=examples(300), deadline=None)
@given(suits())
def test_splits_reads_and_completing_equal_the_plain_recursion(suit: tuple[list[int], bool]
                                                               ) -> None:
    counts, honours = suit
    before = list(counts)
    expected = _splits(counts, honours)
    assert natural.splits(counts, honours) == expected  # each once, least first
    assert natural.reads(counts, honours) == bool(expected)
    grown = [p for p in range(len(counts))
             if _splits([n + (i == p) for i, n in enumerate(counts)], honours)]
    assert natural.completing(counts, honours) == grown  # a fifth copy included
    assert counts == before  # every function leaves the counts as it found them


def test_every_suit_reads_as_the_walk_says() -> None:
    """Every numbered suit of at most two copies a tile (3^9 of them) and every honours suit
    of at most three: natural.reads against the walk that places wilds
    (service/hand/splits.py), none placed."""
    for size, honours, most in ((9, False, 2), (7, True, 3)):
        for counts in product(range(most + 1), repeat=size):
            suit = list(counts)
            assert natural.reads(suit, honours) == bool(suit_shapes(counts, honours, 0)), counts


# Worked by hand, local numbers 0-8 for 1-9.
def test_worked_suits() -> None:
    # 111 222 333: three sequences 123, or three triplets
    assert natural.splits([3, 3, 3, 0, 0, 0, 0, 0, 0], False) == [
        (False, ((SEQUENCE, 0, ()), (SEQUENCE, 0, ()), (SEQUENCE, 0, ()))),
        (False, ((TRIPLET, 0, ()), (TRIPLET, 1, ()), (TRIPLET, 2, ()))),
    ]
    # 11123: the numbers add up to 0 + 0 + 0 + 1 + 2 = 3, twice the pair's number is 0 mod 3,
    # so the pair is the 1s (0), 4s (3) or 7s (6), of which only the 1s are held twice
    assert natural.pair_places([3, 1, 1, 0, 0, 0, 0, 0, 0], False) == [0]
    assert natural.splits([3, 1, 1, 0, 0, 0, 0, 0, 0], False) == [
        (True, ((PAIR, 0, ()), (SEQUENCE, 0, ()))),
    ]
    # 11123455: 0 * 3 + 1 + 2 + 3 + 4 * 2 = 14 = 2 mod 3, so 2p = 2 and p = 1 mod 3: the 5s
    assert natural.pair_places([3, 1, 1, 1, 2, 0, 0, 0, 0], False) == [4]
    assert natural.splits([3, 1, 1, 1, 2, 0, 0, 0, 0], False) == [
        (True, ((PAIR, 4, ()), (SEQUENCE, 1, ()), (TRIPLET, 0, ()))),
    ]
    # 1122334: seven tiles, 3n + 1, never read
    assert natural.splits([2, 2, 2, 1, 0, 0, 0, 0, 0], False) == []
    assert natural.completing([1, 1, 0, 0, 0, 0, 0, 0, 0], False) == [2]  # 12 waits on 3
    assert natural.completing([2, 0, 0, 0, 0, 0, 0, 0, 2], False) == [0, 8]  # 11 99
    # four 东: a fifth would make a triplet and the pair (the caller drops a tile held four times)
    assert natural.completing([4, 0, 0, 0, 0, 0, 0], True) == [0]
    assert natural.completing([1, 0, 0, 1, 0, 0, 0], True) == []  # 东 北: two single winds


@settings(max_examples=examples(300), deadline=None)
@given(suits(), st.sampled_from([EXACT, -1, 0, 4, 8]))
def test_suit_splits_without_wilds_keep_the_least_split_of_each_token_key(
        suit: tuple[list[int], bool], detail: int) -> None:
    """suit_splits of a natural suit, at each detail the engine asks (a numbered suit: exact,
    or by the 财神's face; honours: exact, or by tile): of the splits a caller cannot tell
    apart, the least, as the search with wilds keeps them."""
    counts, honours = suit
    if honours and detail != EXACT:
        detail = HONOURS_BY_TILE
    kept: dict[tuple[bool, tuple[tuple[object, ...], ...]], SuitSplit] = {}
    for has_pair, groups in _splits(counts, honours):  # least first
        key = (has_pair, tuple(sorted(_token(g, detail) for g in groups)))  # type: ignore[type-var]
        kept.setdefault(key, SuitSplit(0, has_pair, groups))
    clear_caches()
    assert suit_splits(tuple(counts), honours, 0, detail) == tuple(sorted(kept.values()))
