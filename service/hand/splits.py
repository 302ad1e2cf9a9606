"""Every way to read standing tiles as sets and one pair, with or without wild tiles.

The work is done per suit and kept in a memo bounded in bytes (service/memo.py): a suit's nine
counts (seven for honours) and the number of wilds it may use are the whole key, so a hand
costs four look-ups once the suits have been seen. Wilds are placed only beside natural
tiles; a group made of wilds alone (a pair of two, a set of three) is a *free* group whose
value the caller chooses from a short list, so no reading ever loops over 34 values per wild.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import product
from typing import Final, NamedTuple

from service.hand import natural
from service.hand.groups import PAIR, SEQUENCE, TRIPLET, Group, LocalGroup
from service.memo import Memo
from service.tiles import NUM_TILES

SUITS = ((0, 9), (9, 18), (18, 27), (27, 34))  # tile ranges of 万, 饼, 条, honours


class SuitSplit(NamedTuple):
    wilds: int
    has_pair: bool
    groups: tuple[LocalGroup, ...]


class FreeChoice(NamedTuple):
    """A value for a group made only of wilds: kind (pair, triplet, sequence) and first tile."""

    kind: str
    first: int


# How much of a split a caller needs told apart (``detail``):
EXACT = -2   # every group and every tile its wilds stand for
# 0-8, in a numbered suit: the caller tells the suit's groups apart only by kind and by how
# many wilds stand at this one local face value in a sequence (Yueqing's 归位, YQ-4); -1: at
# no face in this suit. Honours stay told apart by tile and by how many wilds they hold.
HONOURS_BY_TILE = -4


def _token(group: LocalGroup, detail: int) -> tuple[object, ...]:
    if detail == EXACT:
        return group
    kind, first, wilds = group
    if detail == HONOURS_BY_TILE:
        return (kind, first, len(wilds))
    return (kind, wilds.count(detail) if kind == SEQUENCE else 0)


# suit_splits' answers: local tile numbers, so 万, 饼 and 条 of the same counts share one.
_SPLITS: Final[Memo[tuple[tuple[int, ...], bool, int, int], tuple[SuitSplit, ...]]] = Memo(
    "suit splits", 0.08)


def suit_splits(counts: tuple[int, ...], honors: bool, max_wilds: int,
                detail: int = EXACT) -> tuple[SuitSplit, ...]:
    """Every split of one suit's natural tiles, using at most ``max_wilds`` wilds.

    Splits that ``detail`` cannot tell apart are given once, by the least of them, so a
    caller never scores the same thing twice and the search stays small with three wilds.
    """
    key = (counts, honors, max_wilds, detail)
    known = _SPLITS.get(key)
    if known is not None:
        return known
    found = _splits_from(counts, honors, max_wilds, True, detail)
    return _SPLITS.put(key, tuple(sorted(SuitSplit(used, has_pair, groups)
                                         for (used, has_pair, _), groups in found.items())))


_Key = tuple[int, bool, tuple[object, ...]]  # wilds used, holds the pair, the groups' tokens
_Splits = dict[_Key, tuple[LocalGroup, ...]]
_Found = Mapping[_Key, tuple[LocalGroup, ...]]  # what _splits_from answers: read, never changed
# _splits_from's answers: many branches of one suit's search, and many suits, meet the same
# rest (what is left, the wilds left, whether the pair may still be made, the detail asked).
_RESTS: Final[Memo[tuple[tuple[int, ...], bool, int, bool, int], _Found]] = Memo(
    "suit split rests", 0.24)


_NO_SPLITS: Final[_Found] = {}


def _splits_from(
    counts: tuple[int, ...], honors: bool, wilds_left: int, pair_allowed: bool, detail: int
) -> _Found:
    """Splits of what is left of a suit, one per token key (kept: see ``_RESTS``)."""
    if wilds_left == 0 and not natural.reads(list(counts), honors):
        return _NO_SPLITS  # most rests with no wild left: cheaper told than looked up
    rest_key = (counts, honors, wilds_left, pair_allowed, detail)
    known = _RESTS.get(rest_key)
    if known is not None:
        return known
    if wilds_left == 0:  # no wild to place: read by arithmetic
        return _RESTS.put(rest_key, _natural_rest(counts, honors, pair_allowed, detail))
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return {(0, False, ()): ()}
    found: _Splits = {}
    for group, taken, need in _groups_holding(counts, i, honors, wilds_left):
        is_pair = group[0] == PAIR
        if is_pair and not pair_allowed:
            continue
        rest = list(counts)
        for t in taken:
            rest[t] -= 1
        token = _token(group, detail)
        for (used, has_pair, tokens), groups in _splits_from(
                tuple(rest), honors, wilds_left - need, pair_allowed and not is_pair,
                detail).items():
            key = (used + need, has_pair or is_pair,
                   tuple(sorted((*tokens, token))))  # type: ignore[type-var]
            split = tuple(sorted((*groups, group)))
            kept = found.get(key)
            if kept is None or split < kept:
                found[key] = split
    return _RESTS.put(rest_key, found)


def _natural_rest(counts: tuple[int, ...], honors: bool, pair_allowed: bool,
                  detail: int) -> _Splits:
    """_splits_from with no wilds left, by service/hand/natural.py: the least split of each
    token key (natural.splits gives them least first)."""
    found: _Splits = {}
    for has_pair, groups in natural.splits(list(counts), honors):
        if has_pair and not pair_allowed:
            continue
        tokens = groups if detail == EXACT else tuple(sorted(
            _token(group, detail) for group in groups))
        key = (0, has_pair, tokens)
        if key not in found:
            found[key] = groups
    return found


def _groups_holding(
    counts: tuple[int, ...], i: int, honors: bool, wilds_left: int
) -> Iterator[tuple[LocalGroup, tuple[int, ...], int]]:
    """Each group that can hold tile i (the lowest left): the group, naturals taken, wilds."""
    available = counts[i]
    for size, kind in ((3, TRIPLET), (2, PAIR)):
        for naturals in range(min(size, available), 0, -1):
            need = size - naturals
            if need <= wilds_left:
                yield (kind, i, (i,) * need), (i,) * naturals, need
    if honors:
        return
    for start in (i - 2, i - 1, i):
        if start < 0 or start + 2 >= len(counts):
            continue
        for choice in _sequence_fills(counts, i, start, wilds_left):
            places = range(start, start + 3)
            wilds = tuple(t for t, natural in zip(places, choice, strict=True) if not natural)
            taken = tuple(t for t, natural in zip(places, choice, strict=True) if natural)
            yield (SEQUENCE, start, wilds), taken, len(wilds)


def _sequence_fills(
    counts: Sequence[int], lowest: int, start: int, wilds_left: int
) -> Iterator[tuple[bool, ...]]:
    """Which places of the sequence take a natural tile (True) or a wild (False)."""
    options: list[tuple[bool, ...]] = []
    for t in range(start, start + 3):
        if t < lowest:
            options.append((False,))
        elif t == lowest:
            options.append((True,))
        elif counts[t]:
            options.append((True, False))
        else:
            options.append((False,))
    for choice in product(*options):
        if choice.count(False) <= wilds_left:
            yield choice


class GlobalSplit(NamedTuple):
    wilds: int
    has_pair: bool
    groups: tuple[Group, ...]


# suit_groups' answers, which every winning tile's places in a suit and both rulesets share.
_GROUPS: Final[Memo[tuple[tuple[int, ...], int, int, int], tuple[GlobalSplit, ...]]] = Memo(
    "suit groups", 0.11)


def suit_groups(counts: tuple[int, ...], suit: int, max_wilds: int,
                detail: int = EXACT) -> tuple[GlobalSplit, ...]:
    """suit_splits with tile numbers made global."""
    key = (counts, suit, max_wilds, detail)
    known = _GROUPS.get(key)
    if known is not None:
        return known
    offset = suit * 9
    return _GROUPS.put(key, tuple(
        GlobalSplit(split.wilds, split.has_pair, tuple(
            Group(kind, first + offset, True, tuple(t + offset for t in wilds))
            for kind, first, wilds in split.groups
        ))
        for split in suit_splits(counts, suit == 3, max_wilds, detail)
    ))


Key = tuple[int, bool]  # (wilds used, holds the pair)
Keyed = tuple[tuple[Key, tuple[tuple[Group, ...], ...]], ...]

# _suit_keyed's answers: a suit's counts, its number, the wilds and the detail asked.
_KEYED: Final[Memo[tuple[tuple[int, ...], int, int, int], Keyed]] = Memo(
    "suits with wilds", 0.1)


def _suit_keyed(counts: tuple[int, ...], suit: int, max_wilds: int, detail: int) -> Keyed:
    """A suit's splits grouped by what they use, so whole hands combine groups, not splits."""
    key = (counts, suit, max_wilds, detail)
    found = _KEYED.get(key)
    if found is None:
        by_key: dict[Key, list[tuple[Group, ...]]] = {}
        for split in suit_groups(counts, suit, max_wilds, detail):
            by_key.setdefault((split.wilds, split.has_pair), []).append(split.groups)
        found = _KEYED.put(key, tuple(sorted((k, tuple(parts)) for k, parts in by_key.items())))
    return found


def concealed_readings(
    counts: Sequence[int],
    wilds: int,
    free_pairs: Sequence[int] = (),
    free_sets: Sequence[FreeChoice] = (),
    home: int | None = None,
) -> list[list[Group]]:
    """Every reading of the standing tiles as sets plus exactly one pair.

    ``counts`` holds natural tiles only (34 counts); ``wilds`` how many wilds stand beside
    them. Every wild must be used. A group of wilds alone takes each value offered in
    ``free_pairs`` (pair tiles) or ``free_sets``; without wilds those lists are unused.

    A caller that tells sequences apart only by suit and by the wilds standing at the face
    of the tile ``home`` (Yueqing's 归位) passes it: readings alike in all else come once.
    """
    details = _EXACT_EVERYWHERE if home is None else [_detail(home, s) for s in range(4)]
    keyed = [_suit_keyed(tuple(counts[a:b]), s, wilds, details[s])
             for s, (a, b) in enumerate(SUITS)]
    readings: list[list[Group]] = []
    for choice in product(*keyed):
        used = pairs = 0
        for (suit_used, suit_pair), _ in choice:
            used += suit_used
            pairs += suit_pair
        left = wilds - used
        if pairs == 1 and left == 0:
            free: list[Group | None] = [None]
        elif pairs == 1 and left == 3:
            free = [_free_group(c) for c in free_sets]
        elif pairs == 0 and left == 2:
            free = [_free_group(FreeChoice(PAIR, t)) for t in free_pairs]
        else:
            continue
        for parts in product(*[splits for _, splits in choice]):
            groups = [*parts[0], *parts[1], *parts[2], *parts[3]]
            readings.extend(groups if extra is None else groups + [extra] for extra in free)
    return readings


_EXACT_EVERYWHERE = (EXACT,) * 4


def _detail(home: int | None, suit: int) -> int:
    if home is None:
        return EXACT
    if suit == 3:
        return HONOURS_BY_TILE
    return home - suit * 9 if home // 9 == suit else -1


def _free_group(choice: FreeChoice) -> Group:
    group = Group(choice.kind, choice.first, True)
    return group._replace(wilds=group.tiles)


Shapes = frozenset[tuple[int, bool]]


def suit_shapes(counts: tuple[int, ...], honors: bool, max_wilds: int) -> Shapes:
    """The (wilds used, holds the pair) outcomes one suit can be read with (not kept: tests
    and ``is_complete`` use it).

    Whether a suit completes needs no groups, so this walks the suit once, tile by tile (see
    ``suit_walk``). tests/test_engine.py checks the outcomes equal those of reading every split.
    """
    return suit_walk(counts, honors, max_wilds, False)[0]


# Where a walk stands between two tiles: sequences open for this tile and the next, open for
# this tile only, pair taken. A sequence is opened at its first natural tile, taking wilds
# for the places before it there, so every group holds a natural and no state needs to
# remember a sequence that holds none yet. The wilds used are not part of the state: each
# state carries a bit mask of the wilds counts it is reached with (bit ``used * _PLACES``)
# and, once a tile is added, of the places it was added at (``used * _PLACES + place``), so
# states alike but for those are walked once.
_State = tuple[int, int, bool]
_PLACES = 16  # a suit has at most nine places


def suit_walk(counts: tuple[int, ...], honors: bool, max_wilds: int,
              adding: bool) -> tuple[Shapes, tuple[Shapes, ...]]:
    """A suit's shapes, and (when ``adding``) its shapes after one natural tile is added at
    each place, a fifth copy included; all in one walk along the suit. A suit read without
    wilds has its own arithmetic (service/hand/natural.py: ``reads``, ``completing``).

    Adding is carried in the walk: a state that has not added yet may add at this tile, one
    that has carries the places it could have added at, so the nine additions share one walk.
    tests/test_waits_tables.py checks every outcome against reading the grown suit's splits.
    """
    size = len(counts)
    limit = (1 << (max_wilds + 1) * _PLACES) - 1
    waiting: dict[_State, int] = {(0, 0, False): 1}  # nothing added (yet)
    added: dict[_State, int] = {}
    for i, naturals in enumerate(counts):
        # Sequences a natural here may open, as its first, second or third place.
        opens = (False, False, False) if honors else (i + 2 < size, 0 < i < size - 1, i > 1)
        following_added: dict[_State, int] = {}
        for state, mask in added.items():
            _step(following_added, mask, limit, _moves(state, naturals, opens, max_wilds))
        if adding:
            for state, mask in waiting.items():
                _step(following_added, mask << i, limit,
                      _moves(state, naturals + 1, opens, max_wilds))
        following: dict[_State, int] = {}
        for state, mask in waiting.items():
            _step(following, mask, limit, _moves(state, naturals, opens, max_wilds))
        waiting, added = following, following_added
    shapes = frozenset(_outcomes(waiting, max_wilds, 1))
    if not adding:
        return shapes, ()
    return shapes, tuple(frozenset(_outcomes(added, max_wilds, 1 << place))
                         for place in range(size))


def _step(following: dict[_State, int], mask: int, limit: int,
          moves: tuple[tuple[_State, int], ...]) -> None:
    for state, wilds in moves:
        moved = mask << wilds * _PLACES & limit
        if moved:
            following[state] = following.get(state, 0) | moved


def _outcomes(states: dict[_State, int], max_wilds: int,
              place: int) -> Iterator[tuple[int, bool]]:
    """(wilds used, pair taken) of the walks ended with nothing open, at ``place`` (a bit)."""
    for (through, last, paired), mask in states.items():
        if through == 0 and last == 0:
            for used in range(max_wilds + 1):
                if mask >> used * _PLACES & place:
                    yield used, paired


# The walk's steps. Their keys are a walk state, a tile's copies and what it may open: a few
# thousand in all, so these memos hold their whole domain.
_MOVES: Final[Memo[tuple[_State, int, tuple[bool, bool, bool], int],
                   tuple[tuple[_State, int], ...]]] = Memo("suit walk moves", 0.02)
_OPENINGS: Final[Memo[tuple[int, tuple[bool, bool, bool], bool, int],
                      tuple[tuple[int, int, bool, int], ...]]] = Memo("suit walk openings", 0.004)
_CLOSED: Final[Memo[tuple[int, bool, bool], Shapes]] = Memo("suit walk closings", 0.001)
_SAME_TILE: Final[Memo[tuple[int, bool], Shapes]] = Memo("suit walk same-tile groups", 0.001)


def _moves(state: _State, naturals: int, opens: tuple[bool, bool, bool],
           max_wilds: int) -> tuple[tuple[_State, int], ...]:
    """The states after a tile with ``naturals`` copies, each with the wilds it takes (at
    most ``max_wilds``; the caller drops those past what it has left)."""
    key = (state, naturals, opens, max_wilds)
    known = _MOVES.get(key)
    if known is not None:
        return known
    through, last, paired = state
    found = set()
    # Each open sequence takes this tile, natural or wild.
    for taken in range(max(through + last - max_wilds, 0), min(through + last, naturals) + 1):
        spent = through + last - taken
        for as_first, as_second, pair, wilds in _openings(naturals - taken, opens, not paired,
                                                          max_wilds - spent):
            found.add(((as_first, through + as_second, paired or pair), spent + wilds))
    return _MOVES.put(key, tuple(found))


def _openings(naturals: int, opens: tuple[bool, bool, bool], pair_free: bool,
              max_wilds: int) -> tuple[tuple[int, int, bool, int], ...]:
    """Ways for copies of one tile to open sequences, as their first place or their second
    (a wild before it), the rest closing groups here: (as first, as second, pair taken,
    wilds), at most ``max_wilds``."""
    key = (naturals, opens, pair_free, max_wilds)
    known = _OPENINGS.get(key)
    if known is not None:
        return known
    first, second, third = opens
    found = set()
    for as_first in range(naturals + 1 if first else 1):
        most = min(naturals - as_first, max_wilds)
        for as_second in range(most + 1 if second else 1):
            for kept, pair in _closed_here(naturals - as_first - as_second, pair_free, third):
                if as_second + kept <= max_wilds:
                    found.add((as_first, as_second, pair, as_second + kept))
    return _OPENINGS.put(key, tuple(found))


def _closed_here(naturals: int, pair_free: bool, third: bool) -> Shapes:
    """(wilds, pair taken) for copies of one tile as groups that end at it: triplets, at most
    one pair, and (``third``) sequences with two wilds before it."""
    key = (naturals, pair_free, third)
    known = _CLOSED.get(key)
    if known is not None:
        return known
    return _CLOSED.put(key, frozenset((kept + 2 * as_third, pair)
                                      for as_third in range(naturals + 1 if third else 1)
                                      for kept, pair in _same_tile_groups(naturals - as_third,
                                                                          pair_free)))


def _same_tile_groups(naturals: int, pair_free: bool) -> Shapes:
    """(wilds, pair taken) for copies of one tile as triplets and at most one pair, each group
    holding at least one of them."""
    if naturals == 0:
        return frozenset({(0, False)})
    key = (naturals, pair_free)
    known = _SAME_TILE.get(key)
    if known is not None:
        return known
    found = set()
    for size, is_pair in ((3, False), (2, True)):
        if is_pair and not pair_free:
            continue
        for taken in range(1, min(size, naturals) + 1):
            for wilds, paired in _same_tile_groups(naturals - taken, pair_free and not is_pair):
                found.add((wilds + size - taken, paired or is_pair))
    return _SAME_TILE.put(key, frozenset(found))


_SETS_ONLY, _WITH_PAIR = (0, False), (0, True)


def completes(shapes: Sequence[Shapes], wilds: int) -> bool:
    """Whether the suits' outcomes combine into sets and exactly one pair, every wild used."""
    if wilds == 0:  # the common case: one suit holds the pair, the others only sets
        pair_only = can_pair = 0
        for options in shapes:
            if _SETS_ONLY not in options:
                if _WITH_PAIR not in options:
                    return False
                pair_only += 1
            elif _WITH_PAIR in options:
                can_pair += 1
        return pair_only == 1 or (pair_only == 0 and can_pair > 0)
    reachable = {(0, False)}
    for options in shapes:
        if not options:
            return False
        reachable = {
            (w + sw, p or sp)
            for w, p in reachable
            for sw, sp in options
            if w + sw <= wilds and not (p and sp)
        }
    return any(
        (p and (wilds - w) % 3 == 0) or (not p and wilds - w >= 2 and (wilds - w - 2) % 3 == 0)
        for w, p in reachable
    )


def is_complete(counts: Sequence[int], wilds: int) -> bool:
    """True when the standing tiles read as sets plus one pair (wilds may form groups alone)."""
    return completes([suit_shapes(tuple(counts[a:b]), s == 3, wilds)
                      for s, (a, b) in enumerate(SUITS)], wilds)


def seven_pairs_wait(counts: Sequence[int]) -> int | None:
    """The one tile that would make 13 standing tiles seven pairs, if any."""
    if counts.count(0) < NUM_TILES - 7:
        return None  # more than seven kinds of tile: never seven pairs
    odd = [t for t, n in enumerate(counts) if n % 2]
    return odd[0] if sum(counts) == 13 and len(odd) == 1 else None


def seven_pairs(counts: Sequence[int]) -> list[Group] | None:
    """The seven-pairs reading (four of a kind counts as two pairs), or None."""
    if counts.count(0) < NUM_TILES - 7 or sum(counts) != 14 or any(n % 2 for n in counts):
        return None
    return [Group(PAIR, t, True) for t, n in enumerate(counts) for _ in range(n // 2)]

