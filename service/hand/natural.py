"""A suit without wilds: whether it reads, what completes it, and its splits, by arithmetic.

Two facts make a natural suit cheap, with no search and nothing to remember:

- **Sets only.** Three equal sequences hold the tiles of three triplets, so a suit that reads
  as sets reads with fewer than three sequences starting at each tile. Walking up the suit,
  the copies of a tile left after the sequences that run through it then start exactly
  ``left % 3`` sequences, the rest being triplets: one pass tells whether the suit reads.
- **The pair.** A sequence's numbers add up to a multiple of three, and so do a triplet's, so
  in a suit of ``3n + 2`` tiles the pair's number ``p`` has ``2p`` congruent to the sum of the
  numbers held, modulo three: at most three places to try it.

``splits`` walks the groups holding the lowest tile left and goes on only where what is left
still reads, so its work follows the splits it finds. tests/test_natural_suits.py checks all
of it against reading every split by plain recursion.
"""

from __future__ import annotations

from typing import Final

from service.hand.groups import PAIR, SEQUENCE, TRIPLET, LocalGroup

_NO_WILDS: Final[tuple[int, ...]] = ()


def sets_only(counts: list[int], honours: bool) -> bool:
    """Whether the suit's tiles read as sets only (``counts`` is not changed)."""
    if honours:
        for n in counts:
            if n % 3:
                return False
        return True
    through = starting = 0  # sequences that run through this tile: begun two back, one back
    for n in counts:
        n -= through + starting
        if n < 0:
            return False
        through = starting
        starting = n % 3
    return through == 0 and starting == 0


def with_pair(counts: list[int], honours: bool) -> bool:
    """Whether the suit's tiles read as sets and one pair (``counts`` is restored)."""
    for place in pair_places(counts, honours):
        counts[place] -= 2
        reads = sets_only(counts, honours)
        counts[place] += 2
        if reads:
            return True
    return False


def pair_places(counts: list[int], honours: bool) -> list[int]:
    """The places where the pair of a suit of ``3n + 2`` tiles may stand: in a numbered suit
    those where twice the number is the numbers' sum modulo three (see the module); among
    honours, which make no sequences, those held 3k + 2 times."""
    if honours:
        return [t for t, n in enumerate(counts) if n % 3 == 2]
    numbers = 0
    for t, n in enumerate(counts):
        numbers += t * n
    residue = numbers * 2 % 3  # 2p = numbers (mod 3), and 2 is its own inverse
    return [t for t in range(residue, len(counts), 3) if counts[t] >= 2]


def reads(counts: list[int], honours: bool) -> bool:
    """Whether the suit's tiles read as sets, with one pair when their number asks for it."""
    size = sum(counts) % 3
    if size == 0:
        return sets_only(counts, honours)
    return size == 2 and with_pair(counts, honours)


def completing(counts: list[int], honours: bool) -> list[int]:
    """The places (ascending) where one more tile makes the suit read, a fifth copy included
    (a caller drops the tiles it cannot win). ``counts`` is restored."""
    found: list[int] = []
    tiles = sum(counts) + 1
    if tiles % 3 == 1:
        return found  # 3n + 1 tiles never read
    size = len(counts)
    for place in range(size):
        # A tile with no copy within two places (honours: none of its own) stands alone.
        if honours:
            if not counts[place]:
                continue
        elif not (counts[place] or (place > 0 and counts[place - 1])
                  or (place > 1 and counts[place - 2])
                  or (place + 1 < size and counts[place + 1])
                  or (place + 2 < size and counts[place + 2])):
            continue
        counts[place] += 1
        if with_pair(counts, honours) if tiles % 3 == 2 else sets_only(counts, honours):
            found.append(place)
        counts[place] -= 1
    return found


def splits(counts: list[int], honours: bool) -> list[tuple[bool, tuple[LocalGroup, ...]]]:
    """Every split of the suit's tiles into sets and at most one pair, each once, as (holds
    the pair, its groups sorted), sorted; none when the suit does not read (every group the
    search takes leaves a rest that reads, so it finds none without a check of its own).
    ``counts`` is restored."""
    found: list[tuple[bool, tuple[LocalGroup, ...]]] = []
    tiles = sum(counts) % 3
    if tiles != 1:
        _split(counts, honours, tiles == 2, [], 0, found)
    found.sort()
    return found


# The groups a tile may start, in the order the search takes them. Groups taken at one tile
# come in this order only, so a split is met once, not once per order of its groups.
_KINDS: Final = (TRIPLET, PAIR, SEQUENCE)


def _split(counts: list[int], honours: bool, pair_left: bool, groups: list[LocalGroup],
           kind_from: int, found: list[tuple[bool, tuple[LocalGroup, ...]]]) -> None:
    """Each group holding the lowest tile left, where the rest still reads; ``kind_from``:
    the first of ``_KINDS`` still allowed at that tile."""
    lowest = next((t for t, n in enumerate(counts) if n), -1)
    if lowest < 0:
        found.append((any(g[0] == PAIR for g in groups), tuple(sorted(groups))))
        return
    if groups and groups[-1][1] != lowest:
        kind_from = 0  # a new tile: any group may start it
    for index in range(kind_from, 3):
        kind = _KINDS[index]
        if kind == SEQUENCE:
            if honours or lowest + 2 >= len(counts) or not (counts[lowest + 1]
                                                           and counts[lowest + 2]):
                continue
            taken: tuple[int, ...] = (lowest, lowest + 1, lowest + 2)
        elif kind == PAIR:
            if not pair_left or counts[lowest] < 2:
                continue
            taken = (lowest, lowest)
        else:
            if counts[lowest] < 3:
                continue
            taken = (lowest, lowest, lowest)
        for t in taken:
            counts[t] -= 1
        left = pair_left and kind != PAIR
        if with_pair(counts, honours) if left else sets_only(counts, honours):
            groups.append((kind, lowest, _NO_WILDS))
            _split(counts, honours, left, groups, index, found)
            groups.pop()
        for t in taken:
            counts[t] += 1
