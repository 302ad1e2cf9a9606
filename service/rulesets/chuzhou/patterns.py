"""The tests that recognise each Chuzhou pattern in one reading (see catalogue.py).

Each test returns one flag per instance found, True where that instance is 暗 (CZ-7), and
an empty list where the pattern is absent. Instances of one pattern use disjoint sets (CZ-6).
"""

from __future__ import annotations

from collections.abc import Callable

from service.hand.groups import ANGANG, GANG, KONG, TRIPLET, Group
from service.hand.waits import DOUBLE_PUNG, EDGE
from service.rulesets.chuzhou.view import SEVEN_PAIRS, STANDARD, View
from service.tiles import DRAGONS, WINDS, is_honor, is_terminal

Hits = list[bool]
Test = Callable[[View], Hits]


def _suit(g: Group) -> int:
    return g.first // 9


def _local(t: int) -> int:
    return t % 9


def _pairings(lefts: list[bool], rights: list[bool]) -> Hits:
    """Instances pairing one left set with one right set, as many 暗 as the flags allow."""
    count = min(len(lefts), len(rights))
    dark = min(sum(lefts), sum(rights))
    return [True] * dark + [False] * (count - dark)


def _whole_hand_dark(v: View) -> bool:
    """CZ-7: a whole-hand pattern is 暗 when the hand is 门清 and self-drawn."""
    return v.menqing and v.self_draw


def _kan(v: View) -> int:
    """坎: a triplet standing concealed at the win (CZ-4, G-5); a kong is not a 坎."""
    return sum(1 for g in v.sets if g.kind == TRIPLET and g.concealed and g.meld is None)


def _tiles_all(v: View, test: Callable[[int], bool]) -> bool:
    return all(test(t) for t, n in enumerate(v.counts) if n)


def _seqs_at(v: View, suit: int, local: int) -> list[bool]:
    return v.seq_flags.get(suit * 9 + local, [])


def _whole(flag: bool, dark: bool) -> Hits:
    return [dark] if flag else []


# --- base, draw and meld patterns -------------------------------------------------------

def base_win(v: View) -> Hits:
    return [False]


def self_draw(v: View) -> Hits:
    return [False] if v.self_draw else []


def concealed_triplet(v: View) -> Hits:
    return [True] * _kan(v)


def all_triplets(v: View) -> Hits:
    return _whole(v.form == STANDARD and all(g.is_triplet_like for g in v.sets), False)


def three_concealed_triplets(v: View) -> Hits:
    return _whole(_kan(v) >= 3, True)


def four_concealed_triplets(v: View) -> Hits:
    return _whole(_kan(v) == 4 and v.menqing and v.self_draw, True)


def heavenly_hand(v: View) -> Hits:
    return _whole(v.request["situation"]["heavenly"], False)


def earthly_hand(v: View) -> Hits:
    return _whole(v.request["situation"]["earthly"], False)


def last_tile_draw(v: View) -> Hits:
    return _whole(v.request["situation"]["last_tile"], False)


def win_after_kong(v: View) -> Hits:
    return _whole(v.request["situation"]["after_kong"], False)


def exposed_kong(v: View) -> Hits:
    return [False] * sum(1 for m in v.melds if m.type == GANG)


def concealed_kong(v: View) -> Hits:
    return [True] * sum(1 for m in v.melds if m.type == ANGANG)


def small_flowers(v: View) -> Hits:
    flowers = v.request["hand"]["flowers"]
    return [flowers == 2] if flowers else []  # 暗花: both flowers


def two_suits(v: View) -> Hits:
    return _whole(len(v.suits) == 2, False)  # CZ-9: honours allowed


def concealed_hand(v: View) -> Hits:
    return _whole(v.menqing, False)


def concealed_self_draw(v: View) -> Hits:
    return _whole(v.menqing and v.self_draw, True)


def all_claimed(v: View) -> Hits:
    """CZ-9: four claimed melds, no 暗杠, the pair completed by a discard."""
    claimed = len(v.melds) == 4 and all(m.type != ANGANG for m in v.melds)
    return _whole(claimed and not v.self_draw and v.form == STANDARD, False)


# --- sequence patterns ------------------------------------------------------------------

def old_young(v: View) -> Hits:
    flags, hits = v.seq_flags, []
    for base in (0, 9, 18):
        if base in flags and base + 6 in flags:
            hits += _pairings(flags[base], flags[base + 6])
    return hits


def twin_sequences(v: View) -> Hits:
    hits: Hits = []
    for first in sorted(v.seq_flags):
        flags = v.seq_flags[first]
        count, dark = len(flags) // 2, min(sum(flags) // 2, len(flags) // 2)
        hits += [True] * dark + [False] * (count - dark)
    return hits


def _one_suit(groups: tuple[Group, ...], size: int) -> Hits:
    """``size`` of the groups in one suit: 暗 when ``size`` of them are concealed."""
    if len(groups) < size:
        return []
    for s in range(3):
        flags = [g.concealed for g in groups if _suit(g) == s]
        if len(flags) >= size:
            return [sum(flags) >= size]
    return []


def pure_three_sequences(v: View) -> Hits:
    return _one_suit(v.sequences, 3)


def pure_four_sequences(v: View) -> Hits:
    return _one_suit(v.sequences, 4)


def _same_in_three_suits(v: View) -> list[list[bool]] | None:
    """The concealed flags, per suit, of a sequence found in all three suits."""
    flags = v.seq_flags
    for first in flags:
        if first < 9 and first + 9 in flags and first + 18 in flags:
            return [flags[first], flags[first + 9], flags[first + 18]]
    return None


def three_color_sequences(v: View) -> Hits:
    per_suit = _same_in_three_suits(v) if len(v.sequences) >= 3 else None
    return [all(any(flags) for flags in per_suit)] if per_suit else []


def four_same_sequences(v: View) -> Hits:
    per_suit = _same_in_three_suits(v) if len(v.sequences) >= 4 else None
    if per_suit and sum(map(len, per_suit)) >= 4:
        return [all(all(flags) for flags in per_suit)]
    return []


def half_dragon(v: View) -> Hits:
    flags, hits = v.seq_flags, []
    for middle in (3, 12, 21):
        if middle in flags:
            hits += _pairings(flags[middle], flags.get(middle - 3, []) + flags.get(middle + 3, []))
    return hits


def _dragon(v: View) -> tuple[int, list[list[bool]]] | None:
    """The suit holding 123, 456 and 789, with the concealed flags of each."""
    if len(v.sequences) < 3:
        return None
    for s in range(3):
        parts = [_seqs_at(v, s, local) for local in (0, 3, 6)]
        if all(parts):
            return s, parts
    return None


def full_dragon(v: View) -> Hits:
    dragon = _dragon(v)
    return [all(any(flags) for flags in dragon[1])] if dragon else []


def double_dragon(v: View) -> Hits:
    dragon = _dragon(v)
    if dragon and sum(map(len, dragon[1])) >= 4:
        return [all(all(flags) for flags in dragon[1])]
    return []


def dragon_bonus(v: View) -> Hits:
    """CZ-8: a 明 龙 two of whose three straight sets are concealed scores 10 more."""
    dragon = _dragon(v)
    if dragon is None:
        return []
    dark = (double_dragon(v) or full_dragon(v))[0]
    return _whole(not dark and sum(any(flags) for flags in dragon[1]) >= 2, False)


def _four_in(v: View, in_sequences: int) -> Hits:
    """四合: all four copies of a suited tile held, ``in_sequences`` of them in sequences.

    The 四合 family is judged per tile (CZ-5, CZ-6): how many of a tile's copies sit in
    sequences (1, 2 or 4) fixes the one member it scores, the highest that fits it, so the
    members exclude nothing across tiles and two tiles may score 四合二 and 四合一.
    """
    hits: Hits = []
    if not v.sequences:
        return hits
    for t in v.fours:
        holding = [g for g in v.groups if t in g.tiles]
        if any(g.kind == KONG for g in holding):
            continue
        seqs = sum(1 for g in holding if g.kind == "sequence")
        if seqs == in_sequences:
            hits.append(all(g.concealed for g in holding))
    return hits


def four_in_one(v: View) -> Hits:
    return _four_in(v, 1)


def four_in_two(v: View) -> Hits:
    return _four_in(v, 2)


def four_in_four(v: View) -> Hits:
    return _four_in(v, 4)


# --- triplet patterns -------------------------------------------------------------------

def pure_three_triplets(v: View) -> Hits:
    return _one_suit(v.triplets, 3)


def pure_four_triplets(v: View) -> Hits:
    return _one_suit(v.triplets, 4)


def three_color_triplets(v: View) -> Hits:
    trips = v.trip_flags
    for local in range(9):
        if local in trips and local + 9 in trips and local + 18 in trips:
            return [trips[local] and trips[local + 9] and trips[local + 18]]
    return []


def consecutive_triplets(v: View) -> Hits:
    """CZ-9: three triplets of one suit with consecutive numbers, or of three of 东南西北."""
    by_tile = v.trip_flags
    if len(by_tile) < 3:
        return []
    choices = [[f, f + 1, f + 2] for f in by_tile if f < 27 and f % 9 <= 6]
    winds = [t for t in WINDS if t in by_tile]
    if len(winds) >= 3:
        choices += [[t for t in winds if t != skip] for skip in winds] if len(winds) == 4 \
            else [winds]
    found = [all(by_tile[t] for t in c) for c in choices if all(t in by_tile for t in c)]
    return [any(found)] if found else []


def terminal_triplets(v: View) -> Hits:
    trips = v.trip_flags
    return [trips[s * 9] and trips[s * 9 + 8] for s in range(3)
            if s * 9 in trips and s * 9 + 8 in trips]


def _wind_groups(v: View) -> list[Group] | None:
    groups = [g for g in v.groups if g.first in WINDS and g.kind != "sequence"]
    return groups if {g.first for g in groups} == set(WINDS) else None


def soft_four_winds(v: View) -> Hits:
    """CZ-9: a triplet or pair of each of 东南西北, won on a wind."""
    groups = _wind_groups(v)
    if groups is None or v.win_tile not in WINDS:
        return []
    return [v.self_draw and all(g.concealed for g in groups)]


def hard_four_winds(v: View) -> Hits:
    """CZ-9: 软四喜 where the hand waited on two winds (双碰) and won on one."""
    if v.form != STANDARD or v.shape != DOUBLE_PUNG or v.pair is None or \
            v.pair.first not in WINDS:
        return []
    return soft_four_winds(v)


# --- whole-hand patterns ----------------------------------------------------------------

def full_flush(v: View) -> Hits:
    return _whole(len(v.suits) == 1 and not v.honors, _whole_hand_dark(v))


def half_flush(v: View) -> Hits:
    return _whole(len(v.suits) == 1 and v.honors, _whole_hand_dark(v))


def pure_terminals(v: View) -> Hits:
    return _whole(_tiles_all(v, is_terminal), _whole_hand_dark(v))


def mixed_terminals(v: View) -> Hits:
    both = v.honors and any(v.counts[t] for t in range(27))
    mixed = both and _tiles_all(v, lambda t: is_terminal(t) or is_honor(t))
    return _whole(mixed, _whole_hand_dark(v))


def _outside_sets(v: View) -> bool:
    return v.form == STANDARD and all(
        g.kind == "sequence" and _local(g.first) in (0, 6) for g in v.sets)


def pure_outside(v: View) -> Hits:
    pair_ok = v.pair is not None and is_terminal(v.pair.first)
    return _whole(pair_ok and _outside_sets(v), _whole_hand_dark(v))


def mixed_outside(v: View) -> Hits:
    pair_ok = v.pair is not None and is_honor(v.pair.first)
    return _whole(pair_ok and _outside_sets(v), _whole_hand_dark(v))


def three_dragons(v: View) -> Hits:
    return _whole(all(v.counts[t] >= 3 for t in DRAGONS), _whole_hand_dark(v))


def all_honors(v: View) -> Hits:
    return _whole(_tiles_all(v, is_honor), _whole_hand_dark(v))


def seven_pairs(v: View) -> Hits:
    return _whole(v.form == SEVEN_PAIRS and v.counts[v.win_tile] != 4, v.self_draw)


def seven_pairs_last_copy(v: View) -> Hits:
    """七对暗绝: five pairs and a 坎 waiting on the 坎's last copy."""
    return _whole(v.form == SEVEN_PAIRS and v.counts[v.win_tile] == 4, v.self_draw)


def _holds(g: Group, numbers: tuple[int, ...]) -> bool:
    return g.first < 27 and any(_local(t) in numbers for t in g.tiles)


def _fives(v: View) -> list[Group]:
    return [g for g in v.sequences if 2 <= g.first % 9 <= 4]


def three_fives(v: View) -> Hits:
    if len(v.sequences) < 3:
        return []
    fives = _fives(v)
    per_suit = [[g.concealed for g in fives if _suit(g) == s] for s in range(3)]
    return [all(any(f) for f in per_suit)] if all(per_suit) else []


def four_fives(v: View) -> Hits:
    if len(v.sequences) < 4:
        return []
    fives = _fives(v)
    if len(fives) >= 4 and len({_suit(g) for g in fives}) == 3:
        return [all(g.concealed for g in fives)]
    return []


def threes_and_sevens(v: View) -> Hits:
    ok = v.form == STANDARD and v.pair is not None and v.pair.first < 27 and \
        _local(v.pair.first) in (2, 6) and all(_holds(g, (2, 6)) for g in v.sets)
    return _whole(ok, _whole_hand_dark(v))


def _same_number(v: View) -> bool:
    if v.form != STANDARD or v.pair is None or v.honors:
        return False
    number = _local(v.pair.first)
    return all(_holds(g, (number,)) for g in v.sets)


def same_number(v: View) -> Hits:
    return _whole(_same_number(v), _whole_hand_dark(v))


def same_number_all_suits(v: View) -> Hits:
    return _whole(_same_number(v) and len(v.suits) == 3, _whole_hand_dark(v))


# --- ready-bound patterns (CZ-10): only when declared -----------------------------------

def _declared(v: View) -> bool:
    return bool(v.request["situation"]["declared_ready"])


def last_copy(v: View) -> Hits:
    table = v.request["situation"]["table_pengs"]
    return _whole(_declared(v) and v.win_tile < 27 and v.win_tile in table, v.self_draw)


def early_ready(v: View) -> Hits:
    return _whole(_declared(v) and v.request["situation"]["ready_first_turn"], v.self_draw)


def center_five(v: View) -> Hits:
    return _whole(_declared(v) and v.win_tile < 27 and _local(v.win_tile) == 4, v.self_draw)


def edge_wait(v: View) -> Hits:
    return _whole(_declared(v) and v.shape == EDGE, v.self_draw)
