"""The core's one caching style: a table of computed answers bounded in bytes.

Every table the core keeps between requests is a ``Memo``: what a function computed for a
key, kept up to a budget of bytes the memo counts itself, so a worker's memory stays flat
however varied its traffic (docs/operations.md gives the budget and the soak behind it). A
look-up is one dict look-up; the bytes are counted only when an entry is made.

Entries live in two generations. A new entry goes into the young one; when the young one holds
half the budget it becomes the old one and the previous old one is dropped, so the memo never
holds more than its budget. A look-up that finds an entry only in the old generation moves it
back into the young one: what traffic keeps asking for survives a turn-over, what it stopped
asking for goes.

The byte count is an estimate from ``sys.getsizeof``, walked through tuples, lists, dicts,
sets and slotted objects. Walking an entry costs about as much as a look-up's miss saves, so
a memo walks its first entries and then one in sixteen, and charges each of the others the
mean of those it walked: the entries of one memo are much alike (one suit's readings), and
over thousands of them the mean is close. Strings, callables and small ints are not
counted: in the core's tables they are the module's own constants (set kinds, pattern ids,
tests), shared by every entry. An object reachable twice, from one entry or two, is counted
each time, so the estimate errs high: measured with tracemalloc, the memos hold about two
thirds of the bytes they count.

The budget: ``MAHJONG_CACHE_MB`` (default 64), shared among the memos by the fraction each
declares. ``clear()`` empties every memo (benchmarks time a cold start with it).
"""

from __future__ import annotations

import os
import sys
from typing import Final, Generic, TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")

MB: Final = 1 << 20
TOTAL_BYTES: Final = int(float(os.environ.get("MAHJONG_CACHE_MB", "64")) * MB)
_TUPLE_BYTES: Final = sys.getsizeof((0,)) - 8   # a tuple's header, its GC header included
_POINTER_BYTES: Final = 8
_INT_BYTES: Final = sys.getsizeof(1 << 40)     # an int past the small ones Python shares
# What an entry costs beyond its key and value: its slots in the table and in the table of
# sizes beside it, and its size.
ENTRY_BYTES: Final = 240

# Each memo counts the bytes of its first EXACT_ENTRIES entries and of one in WEIGH_EVERY
# after that; every other entry is charged the mean of those counted.
EXACT_ENTRIES: Final = 256
WEIGH_EVERY: Final = 16

_MEMOS: list[Memo[object, object]] = []


def size_of(value: object) -> int:
    """The bytes an entry's key or value holds, by the estimate the module docstring gives.

    Runs once per entry made, so it is written to be cheap: a tuple's size is reckoned from
    its length, and its items are looked at where they stand, only containers going on the
    stack to be walked.
    """
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):  # NamedTuples too; the empty tuple is shared by all
            if item:
                total += _TUPLE_BYTES + _POINTER_BYTES * len(item)
                for part in item:
                    if type(part) is int:
                        if not -5 <= part <= 256:
                            total += _INT_BYTES
                    elif part is not None and not isinstance(part, (str, bool)):
                        stack.append(part)
        elif isinstance(item, int):
            if not -5 <= item <= 256 and type(item) is not bool:
                total += _INT_BYTES
        elif item is None or isinstance(item, str) or callable(item):
            continue
        elif isinstance(item, (list, set, frozenset)):
            total += sys.getsizeof(item)
            stack.extend(item)
        elif isinstance(item, dict):
            total += sys.getsizeof(item)
            stack.extend(item.keys())
            stack.extend(item.values())
        else:
            total += sys.getsizeof(item)
            # a compiled class keeps its fields without __slots__, and names them in
            # __mypyc_attrs__ (what pickling reads): the same walk serves both builds
            kind = type(item)
            for name in getattr(kind, "__slots__", ()) or getattr(kind, "__mypyc_attrs__", ()):
                stack.append(getattr(item, name, None))
    return total


class Memo(Generic[Key, Value]):
    """A table bounded in bytes (module docstring). Values are never None: ``get`` answers
    None for a key it does not hold."""

    __slots__ = ("name", "budget", "_young", "_old", "_young_sizes", "_old_sizes",
                 "_young_bytes", "lookups", "misses", "_weighed", "_weighed_bytes",
                 "weigh_each")

    def __init__(self, name: str, share: float, budget: int | None = None,
                 weigh_each: bool = False) -> None:
        """``share``: the fraction of ``TOTAL_BYTES`` it may hold. A memo given its own
        ``budget`` in bytes instead is not one of the core's (``memos``, ``clear``).
        ``weigh_each``: count every entry's bytes, for a memo whose entries differ widely in
        size (a request's house rules: one parameter or all of them) and are made rarely."""
        self.name = name
        self.weigh_each = weigh_each
        # the most it holds, old and young together
        self.budget = int(TOTAL_BYTES * share) if budget is None else budget
        self._young: dict[Key, Value] = {}
        self._old: dict[Key, Value] = {}
        self._young_sizes: dict[Key, int] = {}  # each entry's bytes, counted when it was made
        self._old_sizes: dict[Key, int] = {}
        self._young_bytes = 0
        self.lookups = 0
        self.misses = 0
        self._weighed = 0         # entries whose bytes were counted, and their bytes
        self._weighed_bytes = 0
        if budget is None:
            _MEMOS.append(self)  # type: ignore[arg-type]

    def get(self, key: Key) -> Value | None:
        self.lookups += 1
        found = self._young.get(key)
        if found is None and self._old:
            found = self._old.pop(key, None)
            if found is not None:
                self._keep(key, found, self._old_sizes.pop(key))
        return found

    def put(self, key: Key, value: Value, unseen: int = 0) -> Value:
        """Keep a value just computed for ``key`` (a miss of ``get``), and answer it.
        ``unseen``: bytes the entry holds that the count does not see (strings of its own)."""
        self.misses += 1
        if self.weigh_each or self._weighed < EXACT_ENTRIES or self.misses % WEIGH_EVERY == 0:
            size = size_of(key) + size_of(value) + ENTRY_BYTES + unseen
            self._weighed += 1
            self._weighed_bytes += size
        else:  # charged the mean of the entries counted: counting is most of a miss's cost
            size = self._weighed_bytes // self._weighed
        self._keep(key, value, size)
        return value

    def _keep(self, key: Key, value: Value, size: int) -> None:
        half = self.budget // 2
        if size > half:
            return  # never kept: it would take more than a generation
        if self._young_bytes + size > half:
            self._old = self._young
            self._old_sizes = self._young_sizes
            self._young = {}
            self._young_sizes = {}
            self._young_bytes = 0
        self._young[key] = value
        self._young_sizes[key] = size
        self._young_bytes += size

    @property
    def entries(self) -> int:
        return len(self._young) + len(self._old)

    @property
    def bytes_held(self) -> int:
        """Both generations' bytes, as counted when each entry was made."""
        return self._young_bytes + sum(self._old_sizes.values())

    def empty(self) -> None:
        self._young = {}
        self._old = {}
        self._young_sizes = {}
        self._old_sizes = {}
        self._young_bytes = 0


def memos() -> list[Memo[object, object]]:
    """Every memo of the core, in the order they were made."""
    return list(_MEMOS)


def clear() -> None:
    """Empty every memo: the next hands read cold (benchmarks)."""
    for memo in _MEMOS:
        memo.empty()
