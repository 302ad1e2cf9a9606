"""The tests that recognise each Chuzhou pattern in one reading (see catalogue.py).

Each test returns one instance per time the pattern counts, an empty sequence where it is
absent. An instance is its 暗 flag (CZ-7) and the sets it was read from: indices into the
reading's ``groups``, the answer's ``hand.sets``; none for a pattern of the whole hand or of the
situation. Instances of one pattern use disjoint sets (CZ-6). Tests read the facts the view
found once per reading (sequence starts, triplet tiles, 坎) and look them up, never search.

What a test returns is never changed by anyone (the scorer, the answer and the settlement only
read it), so the common results are tuples built once and shared: ``OPEN``, ``DARK``, ``NONE``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from service.hand.groups import ANGANG, GANG, SEQUENCE
from service.hand.waits import DOUBLE_PUNG, EDGE
from service.rulesets.chuzhou.view import SEVEN_PAIRS, STANDARD, View
from service.tiles import DRAGONS, WINDS, is_honor, is_terminal

Instance = tuple[bool, tuple[int, ...]]
Hits = Sequence[Instance]
Test = Callable[[View], Hits]

NONE: Final[Hits] = ()
OPEN: Final[Hits] = ((False, ()),)  # found once, 明, read from no set
DARK: Final[Hits] = ((True, ()),)   # found once, 暗, read from no set
ONCE: Final = (OPEN, DARK)          # by the 暗 flag


def _local(t: int) -> int:
    return t % 9


def _dark_first(v: View, indices: Sequence[int]) -> Sequence[int]:
    """The sets, concealed ones first (stable), so the 暗 instances take them."""
    if len(indices) == 1:
        return indices
    groups = v.groups
    dark: list[int] = []
    exposed: list[int] = []
    for i in indices:  # a stable partition: what sorted() by a key did, for less
        (dark if groups[i].concealed else exposed).append(i)
    return dark + exposed if exposed else dark


def _pairings(v: View, lefts: Sequence[int], rights: Sequence[int]) -> list[Instance]:
    """Instances pairing one left set with one right set, as many 暗 as the sets allow."""
    return [(v.dark(pair), pair)
            for pair in zip(_dark_first(v, lefts), _dark_first(v, rights), strict=False)]


def _whole_hand_dark(v: View) -> bool:
    """CZ-7: a whole-hand pattern is 暗 when the hand is 门清 and self-drawn."""
    return v.menqing and v.self_draw


TERMINALS: Final = frozenset(t for t in range(27) if is_terminal(t))
HONOURS: Final = frozenset(range(27, 34))
TERMINALS_AND_HONOURS: Final = TERMINALS | HONOURS


# --- base, draw and meld patterns -------------------------------------------------------

def base_win(v: View) -> Hits:
    return OPEN


def self_draw(v: View) -> Hits:
    return OPEN if v.self_draw else NONE


# Each 坎 one instance (CZ-4), by the reading's bit per 坎 set (``View.kan_at``).
_EACH_KAN: Final = tuple(tuple((True, (i,)) for i in range(4) if mask >> i & 1)
                         for mask in range(16))


def concealed_triplet(v: View) -> Hits:
    return _EACH_KAN[v.kan_at]


def all_triplets(v: View) -> Hits:
    return OPEN if v.form == STANDARD and not v.sequences else NONE


def three_concealed_triplets(v: View) -> Hits:
    return ((True, v.kan),) if len(v.kan) >= 3 else NONE


def four_concealed_triplets(v: View) -> Hits:
    return ((True, v.kan),) if len(v.kan) == 4 and v.menqing and v.self_draw else NONE


def heavenly_hand(v: View) -> Hits:
    return OPEN if v.request["situation"]["heavenly"] else NONE


def earthly_hand(v: View) -> Hits:
    return OPEN if v.request["situation"]["earthly"] else NONE


def last_tile_draw(v: View) -> Hits:
    return OPEN if v.request["situation"]["last_tile"] else NONE


def win_after_kong(v: View) -> Hits:
    return OPEN if v.request["situation"]["after_kong"] else NONE


def _melds_of(v: View, kind: str, dark: bool) -> Hits:
    return [(dark, (i,)) for i, g in enumerate(v.sets) if g.meld == kind]


def exposed_kong(v: View) -> Hits:
    return _melds_of(v, GANG, False)


def concealed_kong(v: View) -> Hits:
    return _melds_of(v, ANGANG, True)


def small_flowers(v: View) -> Hits:
    flowers = v.request["hand"]["flowers"]
    return ONCE[flowers == 2] if flowers else NONE  # 暗花: both flowers


def two_suits(v: View) -> Hits:
    return OPEN if len(v.suits) == 2 else NONE  # CZ-9: honours allowed


def concealed_hand(v: View) -> Hits:
    return OPEN if v.menqing else NONE


def concealed_self_draw(v: View) -> Hits:
    return DARK if v.menqing and v.self_draw else NONE


def all_claimed(v: View) -> Hits:
    """CZ-9: four claimed melds, no 暗杠, the pair completed by a discard.

    Four melds leave only the standard form, so every reading finds the same (run per hand).
    """
    claimed = len(v.melds) == 4 and all(m.type != ANGANG for m in v.melds)
    return OPEN if claimed and not v.self_draw and v.form == STANDARD else NONE


# --- sequence patterns ------------------------------------------------------------------

def old_young(v: View) -> Hits:
    at, hits = v.seq_at, []
    for base in (0, 9, 18):
        if base in at and base + 6 in at:
            hits += _pairings(v, at[base], at[base + 6])
    return hits


def twin_sequences(v: View) -> Hits:
    at = v.seq_at
    if len(at) == len(v.sequences):
        return NONE  # no sequence twice
    hits: list[Instance] = []
    for first in sorted(at):
        if len(at[first]) < 2:
            continue
        same = _dark_first(v, at[first])
        for k in range(0, len(same) - 1, 2):
            pair = (same[k], same[k + 1])
            hits.append((v.dark(pair), pair))
    return hits


def _one_suit(v: View, indices: tuple[int, ...], size: int) -> Hits:
    """``size`` of these sets in one suit: 暗 when ``size`` of them are concealed."""
    if len(indices) < size:
        return NONE
    groups = v.groups
    by_suit: tuple[list[int], ...] = ([], [], [], [])
    for i in indices:
        by_suit[groups[i].first // 9].append(i)
    for in_suit in by_suit[:3]:
        if len(in_suit) >= size:
            chosen = tuple(_dark_first(v, in_suit)[:size])
            return [(v.dark(chosen), chosen)]
    return NONE


def pure_three_sequences(v: View) -> Hits:
    return _one_suit(v, v.sequences, 3)


def pure_four_sequences(v: View) -> Hits:
    return _one_suit(v, v.sequences, 4)


def _same_in_three_suits(v: View) -> list[list[int]] | None:
    """Per suit, the sequences at one first tile found in all three suits."""
    at = v.seq_at
    for first in at:
        if first < 9 and first + 9 in at and first + 18 in at:
            return [at[first], at[first + 9], at[first + 18]]
    return None


def three_color_sequences(v: View) -> Hits:
    per_suit = _same_in_three_suits(v) if len(v.sequences) >= 3 else None
    if not per_suit:
        return NONE
    chosen = tuple(_dark_first(v, sets)[0] for sets in per_suit)
    return [(v.dark(chosen), chosen)]


def four_same_sequences(v: View) -> Hits:
    per_suit = _same_in_three_suits(v) if len(v.sequences) >= 4 else None
    if per_suit and sum(map(len, per_suit)) >= 4:
        every = tuple(i for sets in per_suit for i in sets)
        return [(v.dark(every), every)]
    return NONE


def half_dragon(v: View) -> Hits:
    at, hits = v.seq_at, []
    for middle in (3, 12, 21):
        if middle in at:
            hits += _pairings(v, at[middle], at.get(middle - 3, []) + at.get(middle + 3, []))
    return hits


def _dragon(v: View) -> list[list[int]] | None:
    """The sequences 123, 456 and 789 of the suit holding all three."""
    if len(v.sequences) < 3:
        return None
    at = v.seq_at
    for base in (0, 9, 18):
        if base + 3 in at and base in at and base + 6 in at:
            return [at[base], at[base + 3], at[base + 6]]
    return None


def _full_dragon(v: View, parts: list[list[int]]) -> Instance:
    chosen = tuple(_dark_first(v, sets)[0] for sets in parts)
    return v.dark(chosen), chosen


def full_dragon(v: View) -> Hits:
    dragon = _dragon(v)
    return [_full_dragon(v, dragon)] if dragon else NONE


def _double_dragon(parts: list[list[int]]) -> tuple[int, ...] | None:
    every = tuple(i for sets in parts for i in sets)
    return every if len(every) >= 4 else None


def double_dragon(v: View) -> Hits:
    dragon = _dragon(v)
    every = _double_dragon(dragon) if dragon else None
    return [(v.dark(every), every)] if every else NONE


def dragon_bonus(v: View) -> Hits:
    """CZ-8: a 明 龙 two of whose three straight sets are concealed scores 10 more."""
    dragon = _dragon(v)
    if dragon is None:
        return NONE
    every = _double_dragon(dragon)
    dark, chosen = (v.dark(every), every) if every else _full_dragon(v, dragon)
    concealed_parts = sum(1 for sets in dragon if any(v.groups[i].concealed for i in sets))
    return [(False, chosen)] if not dark and concealed_parts >= 2 else NONE


def _four_in(v: View, in_sequences: int) -> Hits:
    """四合: all four copies of a suited tile held, ``in_sequences`` of them in sequences.

    The 四合 family is judged per tile (CZ-5, CZ-6): how many of a tile's copies sit in
    sequences (1, 2 or 4) fixes the one member it scores, the highest that fits it, so the
    members exclude nothing across tiles and two tiles may score 四合二 and 四合一.
    """
    hits: list[Instance] = []
    for holding, in_seqs in v.four_holdings:
        if in_seqs == in_sequences:
            hits.append((v.dark(holding), holding))
    return hits


def four_in_one(v: View) -> Hits:
    return _four_in(v, 1)


def four_in_two(v: View) -> Hits:
    return _four_in(v, 2)


def four_in_four(v: View) -> Hits:
    return _four_in(v, 4)


# --- triplet patterns -------------------------------------------------------------------

def pure_three_triplets(v: View) -> Hits:
    return _one_suit(v, v.triplets, 3)


def pure_four_triplets(v: View) -> Hits:
    return _one_suit(v, v.triplets, 4)


def three_color_triplets(v: View) -> Hits:
    at = v.trip_at
    for local in range(9):
        if local in at and local + 9 in at and local + 18 in at:
            chosen = (at[local], at[local + 9], at[local + 18])
            return [(v.dark(chosen), chosen)]
    return NONE


def consecutive_triplets(v: View) -> Hits:
    """CZ-9: three triplets of one suit with consecutive numbers, or of three of 东南西北."""
    at = v.trip_at
    if len(at) < 3:
        return NONE
    choices = [[f, f + 1, f + 2] for f in at if f < 27 and f % 9 <= 6]
    winds = [t for t in WINDS if t in at]
    if len(winds) >= 3:
        choices += [[t for t in winds if t != skip] for skip in winds] if len(winds) == 4 \
            else [winds]
    found = [tuple(at[t] for t in c) for c in choices if all(t in at for t in c)]
    if not found:
        return NONE
    chosen = next((sets for sets in found if v.dark(sets)), found[0])
    return [(v.dark(chosen), chosen)]


def terminal_triplets(v: View) -> Hits:
    at = v.trip_at
    return [(v.dark(pair), pair) for pair in
            ((at[s * 9], at[s * 9 + 8]) for s in range(3) if s * 9 in at and s * 9 + 8 in at)]


def _wind_groups(v: View) -> tuple[int, ...] | None:
    groups = v.groups
    found = tuple(i for i, g in enumerate(groups) if g.first in WINDS and g.kind != SEQUENCE)
    return found if {groups[i].first for i in found} == set(WINDS) else None


def soft_four_winds(v: View) -> Hits:
    """CZ-9: a triplet or pair of each of 东南西北, won on a wind."""
    found = _wind_groups(v)
    if found is None or v.win_tile not in WINDS:
        return NONE
    return [(v.self_draw and v.dark(found), found)]


def hard_four_winds(v: View) -> Hits:
    """CZ-9: 软四喜 where the hand waited on two winds (双碰) and won on one."""
    if v.form != STANDARD or v.shape != DOUBLE_PUNG or v.pair is None or \
            v.pair.first not in WINDS:
        return NONE
    return soft_four_winds(v)


# --- whole-hand patterns ----------------------------------------------------------------

def full_flush(v: View) -> Hits:
    return ONCE[_whole_hand_dark(v)] if len(v.suits) == 1 and not v.honors else NONE


def half_flush(v: View) -> Hits:
    return ONCE[_whole_hand_dark(v)] if len(v.suits) == 1 and v.honors else NONE


def pure_terminals(v: View) -> Hits:
    return ONCE[_whole_hand_dark(v)] if TERMINALS.issuperset(v.held) else NONE


def mixed_terminals(v: View) -> Hits:
    both = v.honors and not HONOURS.issuperset(v.held)
    mixed = both and TERMINALS_AND_HONOURS.issuperset(v.held)
    return ONCE[_whole_hand_dark(v)] if mixed else NONE


def _outside_sets(v: View) -> bool:
    return v.form == STANDARD and all(
        g.kind == SEQUENCE and _local(g.first) in (0, 6) for g in v.sets)


def pure_outside(v: View) -> Hits:
    pair_ok = v.pair is not None and is_terminal(v.pair.first)
    return ONCE[_whole_hand_dark(v)] if pair_ok and _outside_sets(v) else NONE


def mixed_outside(v: View) -> Hits:
    pair_ok = v.pair is not None and is_honor(v.pair.first)
    return ONCE[_whole_hand_dark(v)] if pair_ok and _outside_sets(v) else NONE


def three_dragons(v: View) -> Hits:
    if not all(v.counts[t] >= 3 for t in DRAGONS):
        return NONE
    found = tuple(i for i, g in enumerate(v.groups) if g.first in DRAGONS)
    return [(_whole_hand_dark(v), found)]


def all_honors(v: View) -> Hits:
    return ONCE[_whole_hand_dark(v)] if HONOURS.issuperset(v.held) else NONE


def seven_pairs(v: View) -> Hits:
    return ONCE[v.self_draw] if v.form == SEVEN_PAIRS and v.counts[v.win_tile] != 4 else NONE


def seven_pairs_last_copy(v: View) -> Hits:
    """七对暗绝: five pairs and a 坎 waiting on the 坎's last copy."""
    return ONCE[v.self_draw] if v.form == SEVEN_PAIRS and v.counts[v.win_tile] == 4 else NONE


def _every_set_holds(v: View, numbers: tuple[int, ...]) -> bool:
    """Whether every set holds a suited tile of one of these numbers (0-8)."""
    for g in v.sets:
        first = g.first
        if first >= 27:
            return False
        low = first % 9
        if g.kind != SEQUENCE:
            if low not in numbers:
                return False
        elif not any(low <= n <= low + 2 for n in numbers):
            return False
    return True


def _fives(v: View) -> list[int]:
    groups = v.groups
    return [i for i in v.sequences if 2 <= groups[i].first % 9 <= 4]


def three_fives(v: View) -> Hits:
    if len(v.sequences) < 3:
        return NONE
    groups = v.groups
    per_suit: tuple[list[int], ...] = ([], [], [])
    for i in _fives(v):
        per_suit[groups[i].first // 9].append(i)
    if not all(per_suit):
        return NONE
    chosen = tuple(_dark_first(v, sets)[0] for sets in per_suit)
    return [(v.dark(chosen), chosen)]


def four_fives(v: View) -> Hits:
    if len(v.sequences) < 4:
        return NONE
    fives = tuple(_fives(v))
    if len(fives) >= 4 and len({v.groups[i].first // 9 for i in fives}) == 3:
        return [(v.dark(fives), fives)]
    return NONE


def threes_and_sevens(v: View) -> Hits:
    ok = v.form == STANDARD and v.pair is not None and v.pair.first < 27 and \
        _local(v.pair.first) in (2, 6) and _every_set_holds(v, (2, 6))
    return ONCE[_whole_hand_dark(v)] if ok else NONE


def _same_number(v: View) -> bool:
    if v.form != STANDARD or v.pair is None or v.honors:
        return False
    return _every_set_holds(v, (_local(v.pair.first),))


def same_number(v: View) -> Hits:
    return ONCE[_whole_hand_dark(v)] if _same_number(v) else NONE


def same_number_all_suits(v: View) -> Hits:
    return ONCE[_whole_hand_dark(v)] if _same_number(v) and len(v.suits) == 3 else NONE


# --- ready-bound patterns (CZ-10): only when declared -----------------------------------

def _declared(v: View) -> bool:
    return bool(v.request["situation"]["declared_ready"])


def last_copy(v: View) -> Hits:
    table = v.request["situation"]["table_pengs"]
    return ONCE[v.self_draw] if _declared(v) and v.win_tile < 27 and v.win_tile in table else NONE


def early_ready(v: View) -> Hits:
    if not (_declared(v) and v.request["situation"]["ready_first_turn"]):
        return NONE
    return ONCE[v.self_draw]


def center_five(v: View) -> Hits:
    if not (_declared(v) and v.win_tile < 27 and _local(v.win_tile) == 4):
        return NONE
    return ONCE[v.self_draw]


def edge_wait(v: View) -> Hits:
    return ONCE[v.self_draw] if _declared(v) and v.shape == EDGE else NONE
