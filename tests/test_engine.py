"""The reading engine: splits, wilds, waits and wait shapes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.hand.groups import PAIR, SEQUENCE, TRIPLET, Group
from service.hand.splits import FreeChoice, concealed_readings, is_complete, seven_pairs
from service.hand.waits import placements, wait_shape, wait_tiles
from service.tiles import codes, counts_of, parse_tiles, render
from tests.budget import examples


def shapes(text: str, wilds: int = 0, **free: object) -> set[tuple[str, ...]]:
    readings = concealed_readings(counts_of(parse_tiles(text)), wilds, **free)  # type: ignore[arg-type]
    return {tuple(sorted(f"{g.kind[0]}{render(g.tiles)}" for g in r)) for r in readings}


def test_plain_hand() -> None:
    assert shapes("123m456p789s11z555s") == {("p11z", "s123m", "s456p", "s789s", "t555s")}


def test_several_readings_are_all_found() -> None:
    # 111222333m: three triplets or three identical sequences.
    assert shapes("111222333m456p99s") == {
        ("p99s", "s123m", "s123m", "s123m", "s456p"),
        ("p99s", "s456p", "t111m", "t222m", "t333m"),
    }


def test_the_pair_can_sit_in_either_place() -> None:
    assert shapes("22334455m123p111z") == {
        ("p22m", "s123p", "s345m", "s345m", "t111z"),
        ("p55m", "s123p", "s234m", "s234m", "t111z"),
    }


def test_not_a_win_reads_nothing() -> None:
    assert shapes("123m456p789s12z55s") == set()
    assert not is_complete(counts_of(parse_tiles("123m456p789s12z55s")), 0)


def test_one_wild_completes_a_sequence_or_the_pair() -> None:
    found = shapes("123m456p78s99s", 1)
    assert ("p99s", "s123m", "s456p", "s789s") in found  # wild as 9s in 789s
    assert ("p99s", "s123m", "s456p", "s678s") in found  # wild as 6s


def test_wild_groups_record_what_each_wild_stands_for() -> None:
    readings = concealed_readings(counts_of(parse_tiles("123m456p78s99s")), 1)
    stood_for = {w for r in readings for g in r for w in g.wilds}
    assert codes(stood_for) == ["6s", "9s"]


def test_two_wilds_as_the_pair_use_the_values_offered() -> None:
    found = shapes("123m456p789s123s", 2, free_pairs=[27, 0])
    assert ("p11m", "s123m", "s123s", "s456p", "s789s") in found
    assert ("p11z", "s123m", "s123s", "s456p", "s789s") in found


def test_three_wilds_as_a_set_use_the_choices_offered() -> None:
    found = shapes("123m456p789s11z", 3, free_sets=[FreeChoice(TRIPLET, 4)])
    assert ("p11z", "s123m", "s456p", "s789s", "t555m") in found


def test_three_wilds_spread_over_sets() -> None:
    found = shapes("13m46p79s11z5s", 3)
    assert ("p11z", "s123m", "s456p", "s789s") not in found  # 5s must be used
    found = shapes("13m46p79s11z", 3)
    assert ("p11z", "s123m", "s456p", "s789s") in found


def test_seven_pairs_counts_four_of_a_kind_as_two_pairs() -> None:
    pairs = seven_pairs(counts_of(parse_tiles("1111m33m55p77p99s22z")))
    assert pairs is not None and len(pairs) == 7
    assert seven_pairs(counts_of(parse_tiles("111m33m55p77p99s22z6z"))) is None


@pytest.mark.parametrize(("text", "waits"), [
    ("1112345678999m", ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]),
    ("123m456p789s11z45s", ["3s", "6s"]),
    ("123m456p789s11z46s", ["5s"]),
    ("123m456p789s11z89s", ["7s"]),
    ("123m456p789s11z22z", ["1z", "2z"]),
])
def test_waits(text: str, waits: list[str]) -> None:
    counts = counts_of(parse_tiles(text))
    assert codes(wait_tiles(counts)) == waits


def test_seven_pairs_wait_only_when_allowed() -> None:
    counts = counts_of(parse_tiles("11m33m55p77p99s22z6z"))
    assert codes(wait_tiles(counts, allow_seven_pairs=True)) == ["6z"]
    assert wait_tiles(counts) == []


def test_a_tile_held_four_times_is_no_wait() -> None:
    counts = counts_of(parse_tiles("1111m23m456p789s11z"))
    assert "1m" not in codes(wait_tiles(counts))


def test_a_drawn_wild_is_a_wait() -> None:
    counts = counts_of(parse_tiles("123m456p789s11z44s"))
    assert "7z" in codes(wait_tiles(counts, 0, wild_tile=33))


@pytest.mark.parametrize(("first", "tile", "kind", "shape"), [
    (3, 3, SEQUENCE, "two_sided"),
    (3, 5, SEQUENCE, "two_sided"),
    (3, 4, SEQUENCE, "closed"),
    (0, 2, SEQUENCE, "edge"),      # 12 waiting 3
    (6, 6, SEQUENCE, "edge"),      # 89 waiting 7
    (0, 0, SEQUENCE, "two_sided"), # 23 waiting 1
    (4, 4, PAIR, "pair"),
    (4, 4, TRIPLET, "double_pung"),
])
def test_wait_shapes(first: int, tile: int, kind: str, shape: str) -> None:
    assert wait_shape(Group(kind, first, True), tile) == shape


def test_placements_skip_equal_groups_and_melds() -> None:
    groups = [Group(SEQUENCE, 0, True), Group(SEQUENCE, 0, True), Group(PAIR, 2, True),
              Group(SEQUENCE, 0, False, meld="chi")]
    assert list(placements(groups, 2, by_wild=False)) == [(0, 2), (2, 2)]


def test_a_winning_wild_sits_where_a_wild_stands() -> None:
    groups = [Group(SEQUENCE, 0, True, (1,)), Group(PAIR, 5, True)]
    assert list(placements(groups, 13, by_wild=True)) == [(0, 1)]


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.integers(0, 11) | st.integers(27, 29), min_size=13, max_size=13))
def test_waits_are_the_tiles_that_complete_the_hand(tiles: list[int]) -> None:
    """The table-driven waits equal adding each tile and reading the hand (no wilds)."""
    counts = counts_of(tiles)
    if max(counts) > 4:
        return
    expected = [t for t in range(34) if counts[t] < 4 and is_complete(
        [n + (i == t) for i, n in enumerate(counts)], 0)]
    assert wait_tiles(counts) == expected


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.integers(0, 8), max_size=17), st.integers(0, 4), st.booleans())
def test_suit_shapes_are_those_of_every_split(tiles: list[int], wilds: int, honors: bool) -> None:
    """The one-walk shapes of a suit are exactly the (wilds, pair) of its exact splits."""
    from service.hand.splits import EXACT, suit_shapes, suit_splits

    size = 7 if honors else 9
    counts = tuple(min(4, [t % size for t in tiles].count(n)) for n in range(size))
    exact = {(s.wilds, s.has_pair) for s in suit_splits(counts, honors, wilds, EXACT)}
    assert suit_shapes(counts, honors, wilds) == exact
