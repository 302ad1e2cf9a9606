# Design note (the idea, a worked example, how to change it safely): docs/design/shanten-walk.md
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
backwards or moved along, honours in any order: ``canonical_key``); a hand combines its four
suits' tables. No search runs per hand, and none over what a wild stands for. Each entry also
says which of the suit's tiles its best parts lack: drawn, those let the suit keep one more
(the advice's useful draws, service/hand/advice.py).

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
# A table as the memo keeps it: the values (a SOFT table's as the walk counts them,
# ``_walk``) and a mask per entry, a bit per tile of the suit: the tiles that the parts keeping
# the most lack, and above them (SOFT tables, ``_ANY_PLACES``) those that the parts keeping as
# many natural tiles with any wild places lack. Two tuples of ints mostly below 256, which
# Python shares (a soft mask with a tile lacked only with more places is wider): the memo's
# bytes hold about twice the tables three tuples of wide ints did.
Table = tuple[tuple[int, ...], tuple[int, ...]]
_ANY_PLACES: Final = 9
_TABLES: Final[Memo[int, Table]] = Memo("shanten suit tables", 0.04)
_BITS: Final = 3
# ``spare`` for a table whose wild places are counted, not limited (``_walk``): a hand with
# wilds reads these first, and the exact tables only when its best needs too many places.
SOFT: Final = 7
MOST_PLACES: Final = 15  # more in one suit is never within a hand's wilds: not walked
# A soft table's value: ``kept * 64 + 15 - places`` as a hand reads it, so the values of four
# suits add up to ``kept * 64 + 60 - places`` without a carry (``soft_naturals``); inside the walk
# and in the memo ``kept * 16 + 15 - places``, below 256 (which Python shares) while a suit
# keeps fewer than 16 tiles (``_walk``).
_WIDE: Final = 64
_NARROW: Final = 16


def soft_naturals(value: int) -> int:
    """The natural tiles four soft suits' values added up keep (each value a table's, not
    IMPOSSIBLE)."""
    return (value + 3) // _WIDE


def soft_places(value: int) -> int:
    """The wild places four soft suits' values added up need (as ``soft_naturals``)."""
    return _WIDE * soft_naturals(value) + 4 * 15 - value


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


def suit_table(key: int, size: int) -> tuple[tuple[int, ...], tuple[int, ...],
                                            tuple[int, ...]]:
    """The table a ``suit_key`` names (see ``IMPOSSIBLE``: the most natural tiles kept by k
    sets, p pairs and at most e wild places, each counted "at most"; ``size`` the suit's
    tiles, nine or seven honours), its masks (``mask_parts``) and their tiles: the suit's own
    place of each bit (-1 for none), for the table may be that of a suit read alike."""
    table = _TABLES.get(key)
    places = OWN_PLACES[size]
    if table is None:
        table, places = _canonical_table(key, size)
    values, masks = table
    if _sizes(key, size)[2] == SOFT:  # made as a hand reads them (``_WIDE``)
        values = tuple(v // _NARROW * _WIDE + v % _NARROW if v >= 0 else v for v in values)
    return values, masks, places


def mask_parts(mask: int, soft: bool) -> tuple[int, int]:
    """A ``suit_table`` mask as the tiles the best parts lack and (soft tables) those the
    parts keeping as many natural tiles with any places lack."""
    return mask & 511, mask >> _ANY_PLACES if soft else mask & 511


def _canonical_table(key: int, size: int) -> tuple[Table, tuple[int, ...]]:
    """The table of a suit not named canonically, and its masks' places."""
    # Suits read alike (``canonical_key``) share one table, kept under the canonical suit's
    # name only: naming it again costs less than the walk, and the memo holds about three
    # times the suits it would if each name kept its own copy (measured on new hands).
    canonical, places = canonical_key(key, size)
    table = _TABLES.get(canonical) if canonical != key else None
    if table is None:
        counts = [canonical >> _BITS * i & 7 for i in range(size)]
        limits = [canonical >> _BITS * (size + i) & 7 for i in range(size)]
        honours, most_sets, spare = _sizes(canonical, size)
        table = _TABLES.put(canonical, _walk(counts, limits, honours, most_sets, spare))
    return table, places


def _sizes(key: int, size: int) -> tuple[bool, int, int]:
    """Whether a ``suit_key`` names the honours, its most sets and its spare."""
    rest = key >> _BITS * 2 * size
    return bool(rest >> 6), rest & 7, rest >> 3 & 7


OWN_PLACES: Final = {9: tuple(range(9)), 7: tuple(range(7))}
_ONES: Final = 0o111111111   # the lowest bit of each of nine counts
_FOURS: Final = 0o444444444  # nine limits of four
_NINE: Final = (1 << 27) - 1
# three counts of a ``suit_key`` in the other order, for each value of their nine bits
_BACKWARDS: Final = tuple((v & 7) << 6 | (v >> 3 & 7) << 3 | v >> 6 for v in range(512))
# a canonical number suit's places in the suit, moved along by 0-6 (``canonical_key``)
_FORWARD_PLACES: Final = (OWN_PLACES[9], *(tuple(j + m if j + m < 9 else -1 for j in range(9))
                                           for m in range(1, 7)))
_BACKWARD_PLACES: Final = tuple(tuple(8 - j - m if j + m < 9 else -1 for j in range(9))
                                for m in range(7))


def canonical_key(key: int, size: int) -> tuple[int, tuple[int, ...]]:
    """The ``suit_key`` of the suit whose table is the same as that of the suit ``key`` names,
    the first of the suits read alike, and for each of its tiles the place in the suit it came
    from (-1 for a place beyond the suit's end, which no group reaches). Suits read alike:
    - an honours suit with its tiles in any order (no sequence joins two honours);
    - a number suit backwards (a sequence backwards is a sequence);
    - a number suit moved along, while its tiles stay two or more from either end: a group
      that keeps none of the hand's tiles is never walked (``_walk``), so nothing reaches a
      tile more than two from the hand's, and the ends are out of reach;
    and a tile's limit is read only within two of a tile the hand holds (of its own tile, for
    honours), so every other limit reads as four. Worked on the key's bits: it runs at every
    look-up of a suit not named canonically."""
    rest = key >> _BITS * 2 * size << _BITS * 2 * size
    if size == 7:
        # each honour as (count, limit, place), most held first
        ranked = sorted((((key >> 3 * t & 7) << 3 | ((key >> 3 * (7 + t) & 7)
                                                     if key >> 3 * t & 7 else 4)) << 3 | t
                         for t in range(7)), reverse=True)
        canonical = rest
        for j, value in enumerate(ranked):
            canonical |= (value >> 6) << 3 * j | (value >> 3 & 7) << 3 * (7 + j)
        return canonical, tuple(value & 7 for value in ranked)
    counts = key & _NINE
    tiles_held = (counts | counts >> 1 | counts >> 2) & _ONES  # a count's lowest bit, if held
    if not tiles_held:
        return rest | _FOURS << 27, OWN_PLACES[9]
    reach = ((tiles_held | tiles_held << 3 | tiles_held << 6 | tiles_held >> 3
              | tiles_held >> 6) & _ONES) * 7
    limits = (key >> 27 & reach) | (_FOURS & ~reach)
    low = ((tiles_held & -tiles_held).bit_length() - 1) // 3
    high = (tiles_held.bit_length() - 1) // 3
    shift = low - 2 if low >= 2 and high <= 6 else 0
    forward = counts >> 3 * shift, limits >> 3 * shift | (_FOURS & ~(_NINE >> 3 * shift))
    back_counts = _BACKWARDS[counts & 511] << 18 | _BACKWARDS[counts >> 9 & 511] << 9 | \
        _BACKWARDS[counts >> 18]
    back_limits = _BACKWARDS[limits & 511] << 18 | _BACKWARDS[limits >> 9 & 511] << 9 | \
        _BACKWARDS[limits >> 18]
    back_shift = 6 - high if high <= 6 and low >= 2 else 0
    backward = back_counts >> 3 * back_shift, back_limits >> 3 * back_shift | \
        (_FOURS & ~(_NINE >> 3 * back_shift))
    if backward < forward:
        return rest | backward[0] | backward[1] << 27, _BACKWARD_PLACES[back_shift]
    return rest | forward[0] | forward[1] << 27, _FORWARD_PLACES[shift]


def own_mask(mask: int, places: tuple[int, ...]) -> int:
    """A canonical table's mask (``suit_table``) as the suit's own."""
    own = 0
    j = 0
    while mask:
        if mask & 1:
            own |= 1 << places[j]
        mask >>= 1
        j += 1
    return own


def _walk(counts: Sequence[int], limits: Sequence[int], honours: bool, most_sets: int,
          spare: int) -> Table:
    """Every suit part, tile by tile: at each tile, the sequences begun at the two before it
    (``a`` at the one before, ``b`` two before), and the sets, pair and wild places so far.
    Each state keeps the most natural tiles kept, and which tiles the parts that keep that
    many lack (``Table``'s masks: the draws that would let the state keep one more).

    Only groups that keep a natural tile are walked: a set or pair of tiles none of which the
    hand holds can stand on a tile nobody holds (there are always such), so it keeps nothing
    and asks no wild: the tables count "at most k sets, at most one pair" and the hand makes
    up the rest that way. A group keeps a natural only if there are some under it, which
    bounds how many begin at each tile.

    A state is one int, ``(((a * K + b) * K + k) * 2 + p) * W + e``, and the states of a tile
    a flat list of the most kept (-1: not reached), so the walk does plain arithmetic.

    ``spare`` ``SOFT``: wild places are not limited but counted, fewest first among the most
    kept: the state leaves ``e`` out (W is 1) and its value is ``kept * 16 + 15 - e`` (below
    256 while the suit keeps fewer than 16, so the compiled walk's lists mostly hold
    Python's shared ints; ``_NARROW``, read with shifts by four here), which ``suit_table``
    makes ``kept * 64 + 15 - e`` (``_WIDE``); its first mask is of the parts with that
    value, its second of those keeping as many tiles with any places.

    Why the masks say the draws (service/hand/advice.py reads them): drawing a tile the hand
    may still draw leaves every part's wild places as they were (the tile stays within its
    limit), so a part keeps one tile more exactly when it lacks the tile. A best part is
    walked unless some state beat it, that is unless fewer sets or no pair keep as many; the
    masks of such entries are emptied (``_at_most``) and never read."""
    size = len(counts)
    sets_span = most_sets + 1
    soft = spare == SOFT
    width = 1 if soft else spare + 1
    if soft:
        spare = 1 << 20  # no wild place is refused for want of wilds, but see MOST_PLACES
    states = sets_span * sets_span * sets_span * 2 * width
    # A tile's states and the next tile's, in lists made once: each tile writes the next
    # tile's and then clears its own where it wrote them (``old_states``), for the next but one.
    values = [-1] * states
    values[0] = 15 if soft else 0  # nothing kept, no wild place
    lacks = [0] * states  # tiles the parts with the state's value lack, a bit each
    lacks_any = [0] * states   # soft: tiles the parts keeping as many tiles lack
    next_values = [-1] * states
    next_lacks = [0] * states
    next_lacks_any = [0] * states
    frontier = [0]  # the states walked on from this tile
    old_states = [0]
    for i in range(size):
        count = counts[i]
        room = max(count, limits[i])  # copies that need no wild
        window = 0 if honours or i > size - 3 else count + counts[i + 1] + counts[i + 2]
        triplets = 2 if count == 4 else 1 if count else 0  # a second keeps more only of four
        tile_bit = 1 << i
        new_states: list[int] = []
        for state in frontier:
            state_value = values[state]
            state_lacks = lacks[state]
            state_lacks_any = lacks_any[state]
            e = 15 - state_value % 16 if soft else state % width
            rest = state // width
            p = rest % 2
            rest //= 2
            k = rest % sets_span
            rest //= sets_span
            b = rest % sets_span
            a = rest // sets_span
            open_runs = a + b  # sequences that take this tile
            sets_left = most_sets - k
            places_left = spare - e
            for s in range(min(window, sets_left) + 1):  # sequences begun here
                if open_runs + s - room > places_left:
                    break
                for u in range(min(triplets, sets_left - s) + 1):  # triplets here
                    base = open_runs + s + 3 * u
                    if base - room > places_left:
                        break
                    for q in range(2 if count and not p else 1):  # the pair here
                        need = base + 2 * q  # copies of this tile the part takes
                        extra = need - room  # of them, those only a wild can be
                        if extra > places_left:
                            break
                        gain = count if count < need else need
                        if soft:
                            if extra > 0 and e + extra > MOST_PLACES:
                                break
                            index = ((s * sets_span + a) * sets_span + k + s + u) * 2 + (p | q)
                            value = state_value + gain * 16 - (extra if extra > 0 else 0)
                        else:
                            index = ((((s * sets_span + a) * sets_span + k + s + u) * 2
                                      + (p | q)) * width + (e + extra if extra > 0 else e))
                            value = state_value + gain
                        lack = tile_bit if need > count else 0
                        old_value = next_values[index]
                        if old_value < 0:
                            new_states.append(index)
                            next_values[index] = value
                            next_lacks[index] = state_lacks | lack
                            next_lacks_any[index] = state_lacks_any | lack
                        elif not soft:
                            if old_value < value:
                                next_values[index] = value
                                next_lacks[index] = state_lacks | lack
                            elif old_value == value:
                                next_lacks[index] |= state_lacks | lack
                        elif value >> 4 > old_value >> 4:
                            next_values[index] = value
                            next_lacks[index] = state_lacks | lack
                            next_lacks_any[index] = state_lacks_any | lack
                        elif value >> 4 == old_value >> 4:
                            next_lacks_any[index] |= state_lacks_any | lack
                            if old_value < value:
                                next_values[index] = value
                                next_lacks[index] = state_lacks | lack
                            elif old_value == value:
                                next_lacks[index] |= state_lacks | lack
        for state in old_states:
            values[state] = -1
        values, next_values = next_values, values
        lacks, next_lacks = next_lacks, lacks
        lacks_any, next_lacks_any = next_lacks_any, lacks_any
        old_states = new_states
        frontier = _frontier(values, new_states, width, sets_span, soft)
    return _at_most(values, lacks, lacks_any, frontier, sets_span, width, soft)


def _at_most(values: list[int], lacks: list[int], lacks_any: list[int], frontier: list[int],
             sets_span: int, width: int, soft: bool) -> Table:
    """The table the walk ends with, from its last tile's states: the entry of ``k`` sets,
    ``p`` pairs and ``e`` wild places holds the best of the states with no sequence open and
    that many of each, or fewer of each ("at most")."""
    entries = sets_span * 2 * width
    table = [IMPOSSIBLE] * entries
    masks = [0] * entries
    for state in frontier:
        if state < entries:  # a = b = 0: every sequence ended in the suit
            table[state] = values[state]
            masks[state] = lacks[state] | lacks_any[state] << _ANY_PLACES if soft \
                else lacks[state]
    # "at most": k sets, p pairs, e wild places, or fewer of each. An entry where fewer keep
    # as many natural tiles has room for a group that keeps only a drawn tile, which the
    # masks do not see: its masks are not read (service/hand/advice.py reads its draws
    # apart), so they are left empty, as are the exact tables' with places (read apart too).
    for k in range(sets_span):
        for p in (0, 1):
            for e in range(width):
                index = (k * 2 + p) * width + e
                best = table[index]
                best_kept = best >> 4 if soft else best
                masks_read = width == 1  # the exact tables with places keep none
                for step in (2 * width if k else 0, width if p else 0, 1 if e else 0):
                    if step:  # to the entry of a set, the pair or a place fewer
                        other = table[index - step]
                        if (other >> 4 if soft else other) >= best_kept:
                            masks_read = False
                        if other > best:
                            best = other
                table[index] = best
                if not masks_read:
                    masks[index] = 0
    return tuple(table), tuple(masks)


def _frontier(values: list[int], states: list[int], width: int, sets_span: int,
              soft: bool) -> list[int]:
    """The states of ``states`` no other state beats: one with the same sequences open and a
    set, the pair or a wild place fewer that keeps as many tiles (and, ``soft``, needs no
    more places) can go on every way this one can and keep as much, so this one is not
    walked on. Each state is compared with its neighbours only: a state a farther one beats
    is beaten by a neighbour, or by one that neighbour is beaten by, and so on to one kept.
    (Written out, not looped over the three: the compiled walk spends a fifth less.)"""
    frontier: list[int] = []
    pair_step = width
    set_step = 2 * width
    for state in states:
        value = values[state]
        if width > 1 and state % width and values[state - 1] >= value:
            continue  # a wild place fewer (the soft tables count none: width 1)
        if state // pair_step % 2 and _as_good(values[state - pair_step], value, soft):
            continue
        if state // set_step % sets_span and _as_good(values[state - set_step], value, soft):
            continue
        frontier.append(state)
    return frontier


def _as_good(other: int, value: int, soft: bool) -> bool:
    """Whether a state of value ``other`` is as good as one of ``value``: keeps as many
    tiles (soft: with as few places)."""
    if soft:
        return other >> 4 >= value >> 4 and other % 16 >= value % 16
    return other >= value


def seven_pairs_from(pairs: int, singles: int) -> int:
    """Shanten for seven pairs of a hand holding ``pairs`` pairs and ``singles`` odd copies
    (four of a kind counting as two pairs, as the engine reads them): seven places of two,
    each pair filling one and an odd copy half of one."""
    slots = min(pairs, 7)
    return 13 - 2 * slots - min(7 - slots, singles)
