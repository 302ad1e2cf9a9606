"""How far standing tiles are from ready (向听, shanten), read suit by suit from tables (G-9).

A hand of ``3n + 1`` or ``3n + 2`` standing tiles that must make ``n`` sets and a pair is
``missing - 1`` from ready, where ``missing`` is the fewest tiles it lacks of some winning hand:
the winning hand of ``3n + 2`` tiles that keeps the most of its natural tiles, every wild
standing for a tile it lacks. So ``shanten`` is 0 for a ready hand, -1 for a winning one, and
one draw and one discard can lower it by one at most and always can (by drawing a lacking
tile and discarding one the winning hand does not keep).

The winning hands are read per suit: for a suit's natural counts, how many of them a suit part
of ``k`` sets (and the pair, or not) keeps at most, found once by a walk over the suit's tiles
and kept in a memo bounded in bytes, one table for all the suits that read alike (a number suit
backwards or moved along, honours in any order: ``canonical``); a hand combines its four suits'
tables. No search runs per
hand, and none over what a wild stands for.

Copies count (G-9): a tile can only be drawn while the player does not hold all four (melds
included), and a tile that cannot be drawn at all (a flower tile laid aside, the wild tile's
face, which comes as a wild) only ever stands in a winning hand as a wild's value. A winning hand
asking for more copies of a tile than can be held or drawn is reached only if wilds (held, or
drawable) stand for the rest: the exact tables count those places apart, up to ``spare``; the
``SOFT`` tables count them without a limit, fewest first among the most kept, and a hand reads
those first (service/hand/advice.py), the exact ones only when its best needs more places than
it has wilds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from service.memo import Memo

# A suit's table: how many natural tiles a suit part of k sets, p pairs and at most e places
# only a wild can fill keeps, at index (k * 2 + p) * (spare + 1) + e; IMPOSSIBLE if none.
IMPOSSIBLE: Final = -100
_TABLES: Final[Memo[int, tuple[int, ...]]] = Memo("shanten suit tables", 0.04)
_BITS: Final = 3
# ``spare`` for a table whose wild places are counted, not limited (``_walk``): a hand with
# wilds reads these first, and the exact tables only when its best needs too many places.
SOFT: Final = 7
MOST_PLACES: Final = 15  # more in one suit is never within a hand's wilds: not walked


def suit_key(counts: Sequence[int], start: int, end: int, limits: Sequence[int],
             honours: bool, most_sets: int, spare: int) -> int:
    """One int naming a suit's table: ``counts[start:end]`` three bits each, the first count
    lowest (so drawing the suit's tile j adds ``1 << 3 * j``), its limits above them, then the
    sizes and whether it is the honours."""
    key = (int(honours) << 3 | spare) << 3 | most_sets
    for t in range(end - 1, start - 1, -1):
        key = key << _BITS | limits[t]
    for t in range(end - 1, start - 1, -1):
        key = key << _BITS | counts[t]
    return key


def suit_table(key: int, size: int) -> tuple[int, ...]:
    """The table a ``suit_key`` names (see ``IMPOSSIBLE``): the most natural tiles kept by k
    sets, p pairs and at most e wild places, each counted "at most"; ``size`` the suit's
    tiles (nine, or seven honours)."""
    found = _TABLES.get(key)
    if found is None:
        counts = [key >> _BITS * i & 7 for i in range(size)]
        limits = [key >> _BITS * (size + i) & 7 for i in range(size)]
        rest = key >> _BITS * 2 * size
        honours, most_sets, spare = bool(rest >> 6), rest & 7, rest >> 3 & 7
        # Suits read alike (``canonical``) share one table, kept under the canonical suit's
        # name only: naming it again costs less than the walk, and the memo holds about three
        # times the suits it would if each name kept its own copy (measured on new hands).
        counts, limits = canonical(counts, limits, honours)
        same = suit_key(counts, 0, size, limits, honours, most_sets, spare)
        if same != key:
            found = _TABLES.get(same)
        if found is None:
            found = _TABLES.put(same, _walk(counts, limits, honours, most_sets, spare))
    return found


def canonical(counts: list[int], limits: list[int],
              honours: bool) -> tuple[list[int], list[int]]:
    """A suit whose table is the same as that of ``counts`` and ``limits``: the first of the
    suits read alike, which are
    - an honours suit with its tiles in any order (no sequence joins two honours);
    - a number suit backwards (a sequence backwards is a sequence);
    - a number suit moved along, while its tiles stay two or more from either end: a group
      that keeps none of the hand's tiles is never walked (``_walk``), so nothing reaches a
      tile more than two from the hand's, and the ends are out of reach;
    and a tile's limit is read only within two of a tile the hand holds (of its own tile, for
    honours), so every other limit reads as four."""
    size = len(counts)
    if honours:
        placed = sorted(((n, limits[t] if n else 4) for t, n in enumerate(counts)),
                        reverse=True)
        return [n for n, _ in placed], [limit for _, limit in placed]
    held = [t for t in range(size) if counts[t]]
    if not held:
        return [0] * size, [4] * size
    return min(_framed(counts, limits, held[0], held[-1]),
               _framed(counts[::-1], limits[::-1], size - 1 - held[-1], size - 1 - held[0]))


def _framed(counts: list[int], limits: list[int], low: int,
            high: int) -> tuple[list[int], list[int]]:
    """A number suit holding tiles from ``low`` to ``high``, its limits beyond reach read as
    four, and moved to begin two from the start when both ends are out of reach."""
    size = len(counts)
    limits = [limits[t] if low - 2 <= t <= high + 2 else 4 for t in range(size)]
    if low >= 2 and high <= size - 3:
        moved = low - 2
        return counts[moved:] + [0] * moved, limits[moved:] + [4] * moved
    return list(counts), limits


def _walk(counts: Sequence[int], limits: Sequence[int], honours: bool, most_sets: int,
          spare: int) -> tuple[int, ...]:
    """Every suit part, tile by tile: at each tile, the sequences begun at the two before it
    (``a`` at the one before, ``b`` two before), and the sets, pair and wild places so far.
    Each state keeps the most natural tiles kept.

    Only groups that keep a natural tile are walked: a set or pair of tiles none of which the
    hand holds can stand on a tile nobody holds (there are always such), so it keeps nothing
    and asks no wild: the tables count "at most k sets, at most one pair" and the hand makes
    up the rest that way. A group keeps a natural only if there are some under it, which
    bounds how many begin at each tile.

    A state is one int, ``(((a * A + b) * K + k) * 2 + p) * W + e``, and the states of a tile
    a flat list of the most kept (-1: not reached), so the walk does plain arithmetic.

    ``spare`` ``SOFT``: wild places are not limited but counted, fewest first among the most
    kept: the state leaves ``e`` out (W is 1) and its value is ``kept * 64 + 15 - e``."""
    size = len(counts)
    sets_span = most_sets + 1
    soft = spare == SOFT
    width = 1 if soft else spare + 1
    if soft:
        spare = 1 << 20  # no wild place is refused for want of wilds, but see MOST_PLACES
    states = sets_span * sets_span * sets_span * 2 * width
    kept_at = [-1] * states
    kept_at[0] = 15 if soft else 0  # nothing kept, no wild place
    active = [0]
    for i in range(size):
        have = counts[i]
        room = max(have, limits[i])  # copies that need no wild
        window = 0 if honours or i > size - 3 else have + counts[i + 1] + counts[i + 2]
        triplets = 2 if have == 4 else 1 if have else 0  # a second keeps more only of four
        following = [-1] * states
        reached: list[int] = []
        for state in active:
            kept = kept_at[state]
            e = 15 - kept % 64 if soft else state % width
            rest = state // width
            p = rest % 2
            rest //= 2
            k = rest % sets_span
            rest //= sets_span
            b = rest % sets_span
            a = rest // sets_span
            carried = a + b
            free = most_sets - k
            left = spare - e
            for s in range(min(window, free) + 1):
                if carried + s - room > left:
                    break
                for u in range(min(triplets, free - s) + 1):
                    base = carried + s + 3 * u
                    if base - room > left:
                        break
                    for q in range(2 if have and not p else 1):
                        target = base + 2 * q
                        over = target - room
                        if over > left:
                            break
                        gained = have if have < target else target
                        if soft:
                            if over > 0 and e + over > MOST_PLACES:
                                break
                            index = ((s * sets_span + a) * sets_span + k + s + u) * 2 + (p | q)
                            value = kept + gained * 64 - (over if over > 0 else 0)
                        else:
                            index = ((((s * sets_span + a) * sets_span + k + s + u) * 2
                                      + (p | q)) * width + (e + over if over > 0 else e))
                            value = kept + gained
                        known = following[index]
                        if known < 0:
                            reached.append(index)
                        if known < value:
                            following[index] = value
        kept_at = following
        active = _undominated(following, reached, width, sets_span, soft)
    table = [IMPOSSIBLE] * (sets_span * 2 * width)
    for state in active:
        if state < sets_span * 2 * width:  # a = b = 0: every sequence ended in the suit
            if table[state] < kept_at[state]:
                table[state] = kept_at[state]
    # "at most": k sets, p pairs, e wild places, or fewer of each
    for k in range(sets_span):
        for p in (0, 1):
            for e in range(width):
                index = (k * 2 + p) * width + e
                best = table[index]
                if k and table[index - 2 * width] > best:
                    best = table[index - 2 * width]
                if p and table[index - width] > best:
                    best = table[index - width]
                if e and table[index - 1] > best:
                    best = table[index - 1]
                table[index] = best
    return tuple(table)


def _undominated(kept_at: list[int], reached: list[int], width: int, sets_span: int,
                 soft: bool) -> list[int]:
    """The states of ``reached`` no other state beats: one with the same sequences open and a
    set, the pair or a wild place fewer that keeps as many tiles (and, ``soft``, needs no
    more places) can go on every way this one can and keep as much, so this one is not
    walked on. Each state is compared with its neighbours only: a state a farther one beats
    is beaten by a neighbour, or by one that neighbour is beaten by, and so on to one kept."""
    kept: list[int] = []
    for state in reached:
        value = kept_at[state]
        for step in (1, width, 2 * width):  # a wild place, the pair, a set fewer
            if step == 1:
                if width == 1:
                    continue
                fewer = state % width
            elif step == width:
                fewer = state // width % 2
            else:
                fewer = state // (2 * width) % sets_span
            if fewer:
                other = kept_at[state - step]
                if other >= value if not soft else \
                        other >> 6 >= value >> 6 and other % 64 >= value % 64:
                    break
        else:
            kept.append(state)
    return kept


def seven_pairs_from(pairs: int, singles: int) -> int:
    """Shanten for seven pairs of a hand holding ``pairs`` pairs and ``singles`` odd copies
    (four of a kind counting as two pairs, as the engine reads them): seven places of two,
    each pair filling one and an odd copy half of one."""
    slots = min(pairs, 7)
    return 13 - 2 * slots - min(7 - slots, singles)
