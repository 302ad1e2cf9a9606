"""Suit look-up tables keyed by packed counts (service/hand/suit_tables.py): keys round-trip,
never collide across counts, winning tiles and claims, and tables stay bounded."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.hand import waits
from service.hand.suit_tables import TABLE_LIMIT, packed, remember, unpacked, with_tile
from service.hand.waits import natural_readings, suit_fragments
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


def test_a_full_table_is_emptied_before_it_grows() -> None:
    table: dict[int, str] = {}
    for key in range(3):
        assert remember(table, key, f"v{key}", limit=3) == f"v{key}"
    assert table == {0: "v0", 1: "v1", 2: "v2"}
    assert remember(table, 7, "v7", limit=3) == "v7"
    assert table == {7: "v7"}


def test_natural_readings_tables_stay_bounded_and_agree_after_emptying() -> None:
    waits.clear_caches()
    hand = counts_of(parse_tiles("123m456p789s11z234m"))
    first = natural_readings(hand, (), 1, False)
    table = waits._READ[0]
    assert len(table) == 1
    # fill the 万 table to its limit with keys no real suit has: the next reading empties it
    for key in range(TABLE_LIMIT - 1):
        table[-1 - key] = suit_fragments(bytes(9), 0, None, False)
    assert len(table) == TABLE_LIMIT
    other = counts_of(parse_tiles("111m456p789s11z234m"))
    natural_readings(other, (), 1, True)
    assert len(table) == 1
    assert natural_readings(hand, (), 1, False) == first
    waits.clear_caches()
    assert all(not t for t in waits._READ)
