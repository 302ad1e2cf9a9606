"""Look-up tables of what a suit's tiles read as, keyed by the suit's counts packed in one int.

A suit's counts (nine numbers, or seven honours, each 0-4) packed three bits a count make an
int of at most 27 bits: cheap to build from a hand's counts in a loop and cheap to hash, where
a bytes key must be cut from ``bytes(counts)`` and a key of several parts built as a tuple.
A winning tile and whether it was claimed go above the counts, so one int is the whole key.

The suit number goes above those, so one memo (service/memo.py, bounded in bytes) holds all
four suits: a client sending shape after new shape only costs itself the readings it asks for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from service.memo import Memo

Found = TypeVar("Found")

# Final, so compiled code reads each as a constant, not from the module's dict at every use.
COUNT_BITS: Final = 3
_COUNT_MASK: Final = 7
_TILE_AT: Final = 27           # the winning tile's place in its suit plus one, above the counts
_CLAIMED_AT: Final = 31        # whether it was claimed, above that
_SUIT_AT: Final = 32           # the suit, above everything


def packed(counts: list[int], start: int, end: int) -> int:
    """``counts[start:end]`` (each 0-4) as one int, the first count in the highest bits."""
    key = 0
    for index in range(start, end):
        key = key << COUNT_BITS | counts[index]
    return key


def with_tile(key: int, place: int, claimed: bool) -> int:
    """A suit's ``packed`` key with the winning tile's place in the suit (0-8) and its claim:
    never equal to a key without a winning tile, nor to one with another place or claim."""
    return key | (place + 1) << _TILE_AT | (1 << _CLAIMED_AT if claimed else 0)


def unpacked(key: int, size: int) -> bytes:
    """The counts of a ``packed`` key (the winning tile's bits ignored), as bytes."""
    return bytes(key >> COUNT_BITS * (size - 1 - i) & _COUNT_MASK for i in range(size))


def looked_up(memo: Memo[int, Found], counts: list[int], suit: int, tile: int, claimed: bool,
              read: Callable[[bytes, int, int | None, bool], Found]) -> Found:
    """What ``read`` makes of one suit of a hand's ``counts``, found in ``memo`` by one int,
    or read and kept. ``read`` gets the suit's counts as bytes, the suit, and the winning
    ``tile`` and ``claimed`` when the tile is of this suit (else None and False); ``tile``
    -1 is a hand without one."""
    start = suit * 9
    end = 34 if suit == 3 else start + 9
    counted = packed(counts, start, end)
    key = counted | suit << _SUIT_AT
    winning = tile // 9 == suit
    if winning:
        key = with_tile(key, tile - start, claimed)
    found = memo.get(key)
    if found is None:
        found = memo.put(key, read(unpacked(counted, end - start), suit,
                                   tile if winning else None, claimed and winning))
    return found
