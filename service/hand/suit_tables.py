"""Look-up tables of what a suit's tiles read as, keyed by the suit and its counts.

The key is a plain tuple: the suit, its counts as bytes (nine numbers, or seven honours,
each 0-4), and the winning tile's place in the suit and its claim when the tile is of this
suit (-1 and False otherwise). The suit is part of the key, so one memo (service/memo.py,
bounded in bytes) holds all four suits: a client sending shape after new shape only costs
itself the readings it asks for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from service.memo import Memo

Found = TypeVar("Found")

SuitKey = tuple[int, bytes, int, bool]  # suit, its counts, winning place (-1: none), claimed


def looked_up(memo: Memo[SuitKey, Found], counts: list[int], suit: int, tile: int,
              claimed: bool, read: Callable[[bytes, int, int | None, bool], Found]) -> Found:
    """What ``read`` makes of one suit of a hand's ``counts``, found in ``memo`` or read and
    kept. ``read`` gets the suit's counts as bytes, the suit, and the winning ``tile`` and
    ``claimed`` when the tile is of this suit (else None and False); ``tile`` -1 is a hand
    without one."""
    start = suit * 9
    suit_counts = bytes(counts[start:34 if suit == 3 else start + 9])
    winning = tile // 9 == suit
    key = (suit, suit_counts, tile - start if winning else -1, claimed and winning)
    found = memo.get(key)
    if found is None:
        found = memo.put(key, read(suit_counts, suit, tile if winning else None,
                                   claimed and winning))
    return found
