"""Suit look-up tables keyed by packed counts (service/hand/suit_tables.py): keys round-trip,
never collide across counts, winning tiles and claims."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service import memo
from service.hand.suit_tables import packed, unpacked, with_tile
from service.hand.waits import natural_readings
from service.tiles import counts_of, parse_tiles

suit_counts = st.lists(st.integers(0, 4), min_size=9, max_size=9)


@given(suit_counts, st.integers(0, 25))
def test_packed_counts_unpack_to_the_same_counts(counts: list[int], start: int) -> None:
    hand = [0] * start + counts + [0] * 9
    key = packed(hand, start, start + 9)
    assert unpacked(key, 9) == bytes(counts)
    assert unpacked(packed(hand, start, start + 7), 7) == bytes(counts[:7])


@given(suit_counts, suit_counts, st.integers(-1, 8), st.integers(-1, 8), st.booleans(),
       st.booleans())
def test_keys_differ_when_anything_in_them_differs(
    one: list[int], two: list[int], place_one: int, place_two: int, claimed_one: bool,
    claimed_two: bool,
) -> None:
    def key(counts: list[int], place: int, claimed: bool) -> int:
        plain = packed(counts, 0, 9)
        return plain if place < 0 else with_tile(plain, place, claimed)

    # without a winning tile (place -1) the claim is not part of the key
    same = one == two and place_one == place_two and (place_one < 0 or claimed_one == claimed_two)
    assert (key(one, place_one, claimed_one) == key(two, place_two, claimed_two)) == same
    assert unpacked(key(one, place_one, claimed_one), 9) == bytes(one)


def test_natural_readings_agree_after_the_memos_are_emptied() -> None:
    hand = counts_of(parse_tiles("123m456p789s11z234m"))
    first = natural_readings(hand, (), 1, False)
    memo.clear()
    assert natural_readings(hand, (), 1, False) == first
