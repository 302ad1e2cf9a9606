"""Waits: the tiles that complete a waiting hand, and the wait shape a winning tile fills."""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable, Iterator, Sequence
from itertools import product
from typing import Final, NamedTuple

from service.hand import natural
from service.hand.groups import PAIR, SEQUENCE, TRIPLET, Group
from service.hand.splits import (
    SUITS,
    FreeChoice,
    Shapes,
    completes,
    concealed_readings,
    seven_pairs_wait,
    suit_groups,
    suit_walk,
)
from service.hand.suit_tables import looked_up
from service.memo import Memo

TWO_SIDED, EDGE, CLOSED, PAIR_WAIT, DOUBLE_PUNG = (
    "two_sided", "edge", "closed", "pair", "double_pung"
)


_AFTER_EACH: Final[Memo[tuple[tuple[int, ...], bool, int],
                        tuple[Shapes, tuple[Shapes, ...]]]] = Memo("suit waits with wilds", 0.12)


def _suit_after_each(counts: tuple[int, ...], honors: bool,
                     wilds: int) -> tuple[Shapes, tuple[Shapes, ...]]:
    """A suit's outcomes, and its outcomes after adding each of its tiles (one walk)."""
    key = (counts, honors, wilds)
    found = _AFTER_EACH.get(key)
    if found is None:
        found = _AFTER_EACH.put(key, suit_walk(counts, honors, wilds, True))
    return found


def wait_tiles(
    counts: Sequence[int],
    wilds: int = 0,
    *,
    held: Sequence[int] | None = None,
    wild_tile: int | None = None,
    allow_seven_pairs: bool = False,
    excluded: Sequence[int] = (),
) -> list[int]:
    """Tiles that would complete the standing tiles (natural ``counts`` plus ``wilds``).

    ``held`` counts every natural copy the player holds, melds included: a tile of which all
    four are held cannot be won. Drawing ``wild_tile`` adds a wild.
    """
    held = counts if held is None else held
    if wilds == 0 and wild_tile is None:
        # What a worker does for most hands: one cached look-up per suit, one in _TAKE.
        result = natural_waits(_natural_suits(counts), held)
    else:
        # Every tile whose addition completes, whether or not it can be won (a drawn wild
        # below asks exactly that); none standing, the suits' natural waits tell it.
        found = _wild_waits(counts, wilds) if wilds else natural_waits(_natural_suits(counts),
                                                                        _NONE_HELD)
        result = [t for t in found if held[t] < 4 and t != wild_tile]
        # A drawn wild can stand for any tile, so it completes the hand exactly when adding
        # some tile does, whether or not that tile could be won (tests/test_waits_tables.py).
        if wild_tile is not None and found:
            insort(result, wild_tile)
    if excluded:
        result = [t for t in result if t not in excluded]
    if allow_seven_pairs:
        add_seven_pairs_wait(result, counts, held, excluded)
    return result


_NONE_HELD: Final = (0,) * 34  # what natural_waits is told is held, for every wait


def _natural_suits(counts: Sequence[int]) -> tuple[SuitWaits, SuitWaits, SuitWaits, SuitWaits]:
    """The four suits' ``suit_waits`` of standing tiles without wilds."""
    hand = tuple(counts)
    return (suit_waits(hand[:9], 0), suit_waits(hand[9:18], 1), suit_waits(hand[18:27], 2),
            suit_waits(hand[27:], 3))


def add_seven_pairs_wait(waits: list[int], counts: Sequence[int], held: Sequence[int],
                         excluded: Sequence[int] = ()) -> None:
    """Add to ``waits`` (ascending) the tile that would make the standing tiles seven pairs,
    if there is one that can be won and is not there already."""
    pairs_wait = seven_pairs_wait(counts)
    if pairs_wait is not None and held[pairs_wait] < 4 and pairs_wait not in excluded \
            and pairs_wait not in waits:
        insort(waits, pairs_wait)


def _wild_waits(counts: Sequence[int], wilds: int) -> list[int]:
    """Every tile whose addition completes the hand with ``wilds`` (one or more: without,
    ``suit_waits`` tells it), ascending, whether or not it can be won."""
    tables = [_suit_after_each(tuple(counts[a:b]), s == 3, wilds)
              for s, (a, b) in enumerate(SUITS)]
    shapes = [own for own, _ in tables]
    found = []
    # Adding a tile changes one suit only: look up that suit's outcomes after each addition.
    for s, (_, after) in enumerate(tables):
        base = s * 9
        found += [base + local for local, options in enumerate(after)
                  if options and completes(shapes[:s] + [options] + shapes[s + 1:], wilds)]
    return found


# What a suit read without wilds brings to the waits. A suit of 3n tiles can only read as
# sets, one of 3n + 2 only as sets and the pair, one of 3n + 1 not at all; so its kind says
# all the hand needs: whether it reads, holds the pair, and what a tile added to it makes.
_SETS, _WITH_PAIR, _WANTS_PAIR, _WANTS_SET, _DEAD = range(5)
# _SETS: reads as sets (a tile added leaves 3n + 1: never). _WITH_PAIR: reads as sets and the
# pair; its waits make it sets. _WANTS_PAIR (3n + 1) and _WANTS_SET (3n + 2) do not read; their
# waits make them sets and the pair, or sets. _DEAD: does not read, and no tile helps.
_READS = (_SETS, _WITH_PAIR)


def _taking(kinds: tuple[int, ...]) -> tuple[int, ...]:
    """The suits whose waits complete a hand of suits of these kinds: every other suit
    reads as it is, and exactly one suit holds the pair once the tile is added."""
    taken = []
    for suit, kind in enumerate(kinds):
        others = kinds[:suit] + kinds[suit + 1:]
        if kind in (_SETS, _DEAD) or any(k not in _READS for k in others):
            continue
        if others.count(_WITH_PAIR) + (kind == _WANTS_PAIR) == 1:
            taken.append(suit)
    return tuple(taken)


# The suits to take, by the four kinds as one number: the first suit's kind times 125, ...
_TAKE = tuple(_taking(kinds) for kinds in product(range(5), repeat=4))


class SuitWaits(NamedTuple):
    kind: int                # the suit's kind, times its weight in ``_TAKE``'s index
    waits: tuple[int, ...]   # (global) tiles whose addition leaves the suit readable


def natural_waits(suits: Sequence[SuitWaits], held: Sequence[int]) -> list[int]:
    """The waits of standing tiles without wilds from their four suits' ``suit_waits``,
    ascending, leaving out tiles of which all four copies are ``held``."""
    result = []
    for suit in _TAKE[suits[0].kind + suits[1].kind + suits[2].kind + suits[3].kind]:
        for tile in suits[suit].waits:
            if held[tile] < 4:
                result.append(tile)
    return result


_SUIT_WAITS: Final[Memo[tuple[tuple[int, ...], int], SuitWaits]] = Memo("suit waits", 0.03)


def suit_waits(counts: tuple[int, ...], suit: int) -> SuitWaits:
    """A suit's kind and waits without wilds (``suit`` 0-3: 万, 饼, 条, honours)."""
    key = (counts, suit)
    found = _SUIT_WAITS.get(key)
    if found is None:
        found = _SUIT_WAITS.put(key, _suit_waits(counts, suit))
    return found


def _suit_waits(counts: tuple[int, ...], suit: int) -> SuitWaits:
    honours = suit == 3
    tiles = list(counts)
    base = suit * 9
    size = sum(counts) % 3
    waits = tuple(base + local for local in natural.completing(tiles, honours))
    if natural.reads(tiles, honours):
        kind = _WITH_PAIR if size == 2 else _SETS
    elif waits:
        kind = _WANTS_PAIR if size == 1 else _WANTS_SET
    else:
        kind = _DEAD
    return SuitWaits(kind * 5 ** (3 - suit), waits)


def wait_shape(group: Group, tile: int) -> str:
    """The shape of the wait that ``tile`` filled by completing ``group``."""
    if group.kind == PAIR:
        return PAIR_WAIT
    if group.kind == TRIPLET:
        return DOUBLE_PUNG
    place = tile - group.first
    if place == 1:
        return CLOSED
    number = group.first % 9 + 1
    if (place == 0 and number == 7) or (place == 2 and number == 1):
        return EDGE  # 89 waiting 7, 12 waiting 3
    return TWO_SIDED


def holds(group: Group, tile: int) -> bool:
    """Whether the group holds the tile (naturally or as a wild's value)."""
    first = group.first
    return first == tile or (group.kind == SEQUENCE and first < tile <= first + 2)


def placements(
    groups: Sequence[Group], tile: int, by_wild: bool
) -> Iterator[tuple[int, int]]:
    """(index, tile stood for) of each concealed group the winning tile may have completed.

    A natural winning tile sits where the group holds a natural copy of it; a winning wild
    sits in any place a wild fills. Groups equal to one already offered are skipped, since
    they give the same reading.
    """
    seen: set[tuple[Group, int]] = set()
    for index, group in enumerate(groups):
        if not group.concealed or group.meld is not None:
            continue
        if by_wild:
            candidates: Sequence[int] = sorted(set(group.wilds))
        elif holds(group, tile) and (
                not group.wilds or group.tiles.count(tile) > group.wilds.count(tile)):
            candidates = (tile,)
        else:
            continue
        for stands_for in candidates:
            key = (group, stands_for)
            if key not in seen:
                seen.add(key)
                yield index, stands_for


class Placed(NamedTuple):
    """A reading with the winning tile placed: five or four sets, the pair, the wait filled."""

    sets: tuple[Group, ...]  # standing sets first, then the melds in the order made
    pair: Group
    stands_for: int          # the tile the winning tile counts as
    shape: str


def placed_readings(
    counts: Sequence[int], wilds: int, melds: Sequence[Group], tile: int, *, by_wild: bool,
    claimed: bool, free_pairs: Sequence[int] = (), free_sets: Sequence[FreeChoice] = (),
    home: int | None = None, one_place: bool = False,
) -> Iterable[Placed]:
    """Every reading of the standing tiles with every place the winning tile can have filled.

    A set completed by a claimed tile is marked exposed (G-5). The order is the engine's:
    readings as ``concealed_readings`` gives them, then places in set order. ``home`` is
    passed on to ``concealed_readings``; ``one_place`` gives each reading's first place only,
    for a caller whose score does not depend on where the winning tile sat.
    """
    if wilds == 0 and not by_wild and home is None and not one_place:
        return [Placed(read.sets, read.pair, tile, read.shape)
                for read in natural_readings(counts, melds, tile, claimed)]
    return _placed(counts, wilds, tuple(melds), tile, by_wild, claimed, free_pairs, free_sets,
                   home, one_place)


def _placed(
    counts: Sequence[int], wilds: int, meld_groups: tuple[Group, ...], tile: int, by_wild: bool,
    claimed: bool, free_pairs: Sequence[int], free_sets: Sequence[FreeChoice], home: int | None,
    one_place: bool,
) -> Iterator[Placed]:
    for groups in concealed_readings(counts, wilds, free_pairs, free_sets, home):
        places = placements(groups, tile, by_wild)
        standing = [g for g in groups if g.kind != PAIR]
        pair = next(g for g in groups if g.kind == PAIR)
        for index, stands_for in [next(places)] if one_place else places:
            sets, placed_pair, shape = _place(standing, pair, groups[index], stands_for,
                                              meld_groups, claimed)
            yield Placed(sets, placed_pair or pair, stands_for, shape)


Placing = tuple[tuple[Group, ...], Group | None, str]  # sets, the pair (if any), the shape


def _place(standing: list[Group], pair: Group | None, group: Group, stands_for: int,
           meld_groups: tuple[Group, ...], claimed: bool) -> Placing:
    """The reading with the winning tile in ``group``: exposed if a discard completed it."""
    shape = wait_shape(group, stands_for)
    if not claimed:
        return (*standing, *meld_groups), pair, shape
    exposed = group._replace(concealed=False)
    if group is pair:
        return (*standing, *meld_groups), exposed, shape
    place = standing.index(group)  # the first equal set: the one G-5 exposes
    return (*standing[:place], exposed, *standing[place + 1:], *meld_groups), pair, shape


# --- natural hands: suits read and placed once, readings combined from them ------------------

class Fragment(NamedTuple):
    """One suit's part of a natural reading, with the facts pattern tests gate on."""

    sets: tuple[Group, ...]     # in the engine's order
    pair: Group | None          # if this suit holds the pair
    shape: str                  # the wait the winning tile filled, in its suit ("" elsewhere)
    sequences: tuple[int, ...]  # first tiles of the sequences, ascending
    triplets: tuple[int, ...]   # tiles of the triplets, ascending
    kan: int                    # 坎 (triplets standing concealed at the win): a bit per set


class NaturalReading(NamedTuple):
    """A reading of a hand without wilds: sets (standing, then melds), the pair, the wait the
    winning tile filled, and the sets' first tiles, which patterns gate on."""

    sets: tuple[Group, ...]
    pair: Group
    shape: str
    sequences: tuple[int, ...]  # first tiles of every sequence, melds' included, ascending
    triplets: tuple[int, ...]   # tiles of every triplet and kong, ascending
    kan: int                    # 坎: bit i set when sets[i] is a triplet standing concealed


class SuitFragments(NamedTuple):
    """A suit's splits as the fragments each gives: one, or in the winning tile's suit one per
    place the tile can have filled."""

    sets_only: tuple[tuple[Fragment, ...], ...]   # the splits into sets only
    with_pair: tuple[tuple[Fragment, ...], ...]   # the splits holding the pair
    only: Fragment | None   # the one fragment of a suit that reads one way (most suits)


def _fragment(sets: tuple[Group, ...], pair: Group | None, shape: str) -> Fragment:
    return Fragment(sets, pair, shape, tuple(g.first for g in sets if g.kind == SEQUENCE),
                    tuple(g.first for g in sets if g.kind != SEQUENCE),
                    sum(1 << i for i, g in enumerate(sets) if g.kind == TRIPLET and g.concealed))


def suit_fragments(counts: bytes, suit: int, tile: int | None, claimed: bool) -> SuitFragments:
    """A suit's natural splits as fragments; with ``tile`` (in this suit), each place it can
    have filled in each split, in set order, equal sets offered once."""
    found: tuple[list[tuple[Fragment, ...]], list[tuple[Fragment, ...]]] = ([], [])
    for split in suit_groups(tuple(counts), suit, 0):
        standing = [g for g in split.groups if g.kind != PAIR]
        pair = next((g for g in split.groups if g.kind == PAIR), None)
        if tile is None:
            found[split.has_pair].append((_fragment(tuple(standing), pair, ""),))
            continue
        fragments: list[Fragment] = []
        seen: set[Group] = set()
        for group in split.groups:
            if holds(group, tile) and group not in seen:
                seen.add(group)
                fragments.append(_fragment(*_place(standing, pair, group, tile, (), claimed)))
        found[split.has_pair].append(tuple(fragments))
    sets_only, with_pair = tuple(found[0]), tuple(found[1])
    every = [fragment for splits in (sets_only, with_pair) for split in splits
             for fragment in split]
    return SuitFragments(sets_only, with_pair, every[0] if len(every) == 1 else None)


# natural_readings' suits: by the suit's counts packed in an int, the winning tile's place and
# claim above them in the winning tile's suit (suit_tables).
_READ: Final[Memo[int, SuitFragments]] = Memo("natural suits", 0.04)


def _read(counts: list[int], suit: int, tile: int, claimed: bool) -> SuitFragments:
    """``suit_fragments`` of one suit of a natural hand, looked up by one int."""
    return looked_up(_READ, counts, suit, tile, claimed, suit_fragments)


def natural_readings(counts: Sequence[int], melds: Sequence[Group], tile: int,
                     claimed: bool) -> list[NaturalReading]:
    """``placed_readings`` of a hand without wilds, in the same order, with each reading's
    sequence and triplet tiles: each suit's splits and the winning tile's places in its suit
    come from tables, and a hand only combines them."""
    hand = counts if isinstance(counts, list) else list(counts)
    return combined([_read(hand, 0, tile, claimed), _read(hand, 1, tile, claimed),
                     _read(hand, 2, tile, claimed), _read(hand, 3, tile, claimed)], melds)


def combined(suits: Sequence[SuitFragments], melds: Sequence[Group]) -> list[NaturalReading]:
    """The readings of a natural hand from its four suits' ``suit_fragments`` (the winning
    tile's suit placed) and its melds, in the engine's order."""
    meld_sets = tuple(melds)
    meld_sequences: tuple[int, ...] = ()
    meld_triplets: tuple[int, ...] = ()
    for g in meld_sets:
        if g.kind == SEQUENCE:
            meld_sequences += (g.first,)
        else:
            meld_triplets += (g.first,)
    man, pin, sou, honours = suits
    a, b, c, d = man.only, pin.only, sou.only, honours.only
    if a is not None and b is not None and c is not None and d is not None:
        # Most hands: every suit reads one way, so the hand reads once if one suit holds
        # the pair, and not at all otherwise (counted by plain tests: no tuple built).
        pairs = 0
        for fragment in (a, b, c, d):
            if fragment.pair is not None:
                pairs += 1
        if pairs != 1:
            return []
        return [_joined(a, b, c, d, meld_sets, meld_sequences, meld_triplets)]
    readings = []
    # The engine's order: the pair in the last suit first (concealed_readings sorts by key).
    for holder in (3, 2, 1, 0):
        if not suits[holder].with_pair:
            continue  # no split of this suit holds the pair
        choices = [both.with_pair if s == holder else both.sets_only
                   for s, both in enumerate(suits)]
        for one, two, three, four in product(*choices):
            # One split per suit; only the winning tile's suit offers more than one fragment,
            # one per place the tile filled.
            readings += [_joined(a, b, c, d, meld_sets, meld_sequences, meld_triplets)
                         for a in one for b in two for c in three for d in four]
    return readings


def _joined(man: Fragment, pin: Fragment, sou: Fragment, honours: Fragment,
            meld_sets: tuple[Group, ...], meld_sequences: tuple[int, ...],
            meld_triplets: tuple[int, ...]) -> NaturalReading:
    """One reading from one fragment per suit (one of them holding the pair) and the melds.
    Suits come in tile order, so their first tiles come out ascending."""
    sa, ra, ha, qa, ta, ka = man
    sb, rb, hb, qb, tb, kb = pin
    sc, rc, hc, qc, tc, kc = sou
    sd, rd, hd, _, td, kd = honours  # honours: no sequences
    n = len(sa)
    kan = ka | kb << n
    n += len(sb)
    kan |= kc << n
    kan |= kd << n + len(sc)
    seqs = qa + qb + qc
    trips = ta + tb + tc + td
    pair = ra or rb or rc or rd
    assert pair is not None  # one suit's fragment holds it
    return NaturalReading(
        sa + sb + sc + sd + meld_sets,
        pair,
        ha or hb or hc or hd,
        tuple(sorted(seqs + meld_sequences)) if meld_sequences else seqs,
        tuple(sorted(trips + meld_triplets)) if meld_triplets else trips,
        kan)
