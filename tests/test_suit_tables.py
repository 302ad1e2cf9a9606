"""Suit look-up tables (service/hand/suit_tables.py): a look-up answers what the reading
answers, and never shares an answer across suits, counts, winning tiles and claims."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service import memo
from service.hand.suit_tables import SuitKey, looked_up
from service.hand.waits import natural_readings
from service.memo import Memo
from service.tiles import counts_of, parse_tiles

hand_counts = st.lists(st.integers(0, 4), min_size=34, max_size=34)


def _reading(counts: bytes, suit: int, tile: int | None,
             claimed: bool) -> tuple[bytes, int, int | None, bool]:
    return counts, suit, tile, claimed


@given(st.lists(st.tuples(hand_counts, st.integers(0, 3), st.integers(-1, 33), st.booleans()),
                min_size=1, max_size=8))
def test_a_look_up_answers_what_the_reading_answers(
    asked: list[tuple[list[int], int, int, bool]],
) -> None:
    table: Memo[SuitKey, tuple[bytes, int, int | None, bool]] = Memo("test", 0,
                                                                     budget=1 << 20)
    for _ in range(2):  # the second time from the table
        for counts, suit, tile, claimed in asked:
            start = suit * 9
            winning = tile // 9 == suit
            assert looked_up(table, counts, suit, tile, claimed, _reading) == (
                bytes(counts[start:34 if suit == 3 else start + 9]), suit,
                tile if winning else None, claimed and winning)


def test_natural_readings_agree_after_the_memos_are_emptied() -> None:
    hand = counts_of(parse_tiles("123m456p789s11z234m"))
    first = natural_readings(hand, (), 1, False)
    memo.clear()
    assert natural_readings(hand, (), 1, False) == first
