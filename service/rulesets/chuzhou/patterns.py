"""Every Chuzhou pattern: its catalogue row (``@pattern``) directly above the test that
recognises it in one reading. Adding a pattern is adding a row and its test here (and, if its
test needs a new fact of the reading to be gated by, a ``Need`` flag in view.py).

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
from typing import Final, NamedTuple

from service.hand.groups import ANGANG, GANG, SEQUENCE
from service.hand.waits import DOUBLE_PUNG, EDGE
from service.rulesets.chuzhou.view import SEVEN_PAIRS, STANDARD, Need, View
from service.tiles import DRAGONS, WINDS, is_honor, is_terminal

Instance = tuple[bool, tuple[int, ...]]
Instances = Sequence[Instance]
Test = Callable[[View], Instances]

NONE: Final[Instances] = ()
OPEN: Final[Instances] = ((False, ()),)  # found once, 明, read from no set
DARK: Final[Instances] = ((True, ()),)   # found once, 暗, read from no set
ONCE: Final = (OPEN, DARK)          # by the 暗 flag


def _local(t: int) -> int:
    return t % 9


def _dark_first(v: View, indices: Sequence[int]) -> Sequence[int]:
    """The sets, concealed ones first (sorted is stable), so the 暗 instances take them."""
    groups = v.groups
    return sorted(indices, key=lambda i: not groups[i].concealed)


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


# --- helpers of the base, draw and meld patterns ------------------------------------------------


# Each 坎 one instance (CZ-4), by the reading's bit per 坎 set (``View.kan_at``).
_EACH_KAN: Final = tuple(tuple((True, (i,)) for i in range(4) if mask >> i & 1)
                         for mask in range(16))


def _melds_of(v: View, kind: str, dark: bool) -> Instances:
    return [(dark, (i,)) for i, g in enumerate(v.sets) if g.meld == kind]


# --- helpers of the sequence patterns -----------------------------------------------------------


def _one_suit(v: View, indices: tuple[int, ...], size: int) -> Instances:
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


def _same_in_three_suits(v: View) -> list[list[int]] | None:
    """Per suit, the sequences at one first tile found in all three suits."""
    at = v.seq_at
    for first in at:
        if first < 9 and first + 9 in at and first + 18 in at:
            return [at[first], at[first + 9], at[first + 18]]
    return None


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


def _double_dragon(parts: list[list[int]]) -> tuple[int, ...] | None:
    every = tuple(i for sets in parts for i in sets)
    return every if len(every) >= 4 else None


def _four_in(v: View, judged: tuple[int, ...]) -> Instances:
    """四合: all four copies of a suited tile held, as many of them in sequences as one of
    ``judged`` says.

    The 四合 family is judged per tile (CZ-5, CZ-6): how many of a tile's copies sit in
    sequences (1, 2 or 4) fixes the one member it scores, the highest that fits it, so the
    members exclude nothing across tiles and two tiles may score 四合二 and 四合一.
    """
    hits: list[Instance] = []
    for holding, in_seqs in v.four_holdings:
        if in_seqs in judged:
            hits.append((v.dark(holding), holding))
    return hits


# The 四合 family, lowest first, each member with how many of a tile's copies sit in
# sequences for it to fit: a member fits a tile with at least that many (the text's 成四合二时，
# 不计算四合一番数: 四合二 is a 四合一 too), and the tile takes the highest member that fits.
# Under the defaults each member judges the tiles of its own number only; rules.py gives a
# member on the tiles of the members above it switched off (G-8).
FOUR_IN: Final = (("four_in_one", 1), ("four_in_two", 2), ("four_in_four", 4))


def four_in_judging(judged: tuple[int, ...]) -> Test:
    """A 四合 member's test judging the tiles with any of these numbers in sequences."""
    def test(v: View) -> Instances:
        return _four_in(v, judged)
    return test


# --- helpers of the triplet patterns ------------------------------------------------------------


def _wind_groups(v: View) -> tuple[int, ...] | None:
    groups = v.groups
    found = tuple(i for i, g in enumerate(groups) if g.first in WINDS and g.kind != SEQUENCE)
    return found if {groups[i].first for i in found} == set(WINDS) else None


# --- helpers of the whole-hand patterns ---------------------------------------------------------


def _outside_sets(v: View) -> bool:
    return v.form == STANDARD and all(
        g.kind == SEQUENCE and _local(g.first) in (0, 6) for g in v.sets)


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


def _same_number(v: View) -> bool:
    if v.form != STANDARD or v.pair is None or v.honors:
        return False
    return _every_set_holds(v, (_local(v.pair.first),))


# --- helpers of the ready-bound patterns (CZ-10): only when declared ----------------------------

def _declared(v: View) -> bool:
    return bool(v.request["situation"]["declared_ready"])


class Pattern(NamedTuple):
    """One row of the catalogue: id, Chinese and English names, values (``ming``/``an`` for
    明/暗 patterns, ``value`` for one-valued ones), the test that recognises it, the condition
    as implemented, what it excludes, and what a reading must have for the test to be worth
    running (its ``Need`` flags, view.py)."""

    id: str
    name: str
    name_en: str
    values: dict[str, int]
    test: Test
    condition: str
    excludes: tuple[str, ...] = ()
    needs: int = 0
    # False where the test reads only the hand and the situation, never the reading, so every
    # reading of a hand finds the same (tests/chuzhou/test_why.py). The scorer still runs it
    # with the reading's other tests, in one pass: most hands read one way.
    per_reading: bool = True
    # An add-on (CZ-8's 一条龙加番): it counts only beside one of these, so with them switched
    # off (house rules, G-8) it goes too.
    adds_to: tuple[str, ...] = ()
    # Whether a table plays it unless its rules say otherwise (``<id>.on``'s default): a
    # club's extra pattern is declared off, and the tests switch it on from this row.
    on: bool = True
    # The name of each form scored, 明 then 暗, as the text writes it: 暗姊妹付 for the 暗 form
    # of 姊妹付, 明七对 and 暗七对, 七对暗绝 and 七对暗暗绝 (an answer shows the form it scored).
    forms: tuple[str, str] = ("", "")

    def value(self, concealed: bool) -> int:
        if "value" in self.values:
            return self.values["value"]
        return self.values["an" if concealed else "ming"]


def one(value: int) -> dict[str, int]:
    return {"value": value}


def two(ming: int, an: int) -> dict[str, int]:
    return {"ming": ming, "an": an}


# Every pattern, in catalogue order: the order of the tests below, each under its row.
PATTERNS: list[Pattern] = []
NO_NEEDS: Final = 0


def pattern(id: str, name: str, name_en: str, values: dict[str, int], condition: str,  # noqa: A002
            excludes: tuple[str, ...] = (), needs: int = NO_NEEDS,
            per_reading: bool = True, adds_to: tuple[str, ...] = (),
            on: bool = True, forms: tuple[str, str] | None = None) -> Callable[[Test], Test]:
    """The catalogue row of the test it decorates, added to ``PATTERNS``. A 明/暗 pattern's 暗
    form is named 暗 and its name, as the text names most (暗姊妹付, 暗清一色), unless ``forms``
    gives the text's two names."""
    if forms is None:
        forms = (name, "暗" + name) if "an" in values else (name, name)

    def row(test: Test) -> Test:
        PATTERNS.append(Pattern(id, name, name_en, values, test, condition, excludes, needs,
                                per_reading, adds_to, on, forms))
        return test
    return row


# --- the patterns, in catalogue order, each under its row ---------------------------------


@pattern("base_win", "底胡", "Base win", one(10), "every win", per_reading=False)
def base_win(v: View) -> Instances:
    return OPEN


@pattern("self_draw", "自摸", "Self-draw", one(10), "won on a self-drawn tile",
         needs=Need.SELF_DRAW, per_reading=False)
def self_draw(v: View) -> Instances:
    return OPEN if v.self_draw else NONE


@pattern("concealed_triplet", "老资格", "Concealed triplet", one(10), "each triplet standing "
         "concealed at the win (坎); a discard completing it makes it exposed (G-5); a "
         "concealed kong is no 坎 (CZ-4)", needs=Need.KAN1)
def concealed_triplet(v: View) -> Instances:
    return _EACH_KAN[v.kan_at]


@pattern("all_triplets", "对对胡", "All triplets", one(40), "four triplets or kongs and a pair",
         needs=Need.TRIP4)
def all_triplets(v: View) -> Instances:
    return OPEN if v.form == STANDARD and not v.sequences else NONE


@pattern("three_concealed_triplets", "硬三坎", "Three concealed triplets", one(80),
         "three or more 坎", needs=Need.KAN3)
def three_concealed_triplets(v: View) -> Instances:
    return ((True, v.kan),) if len(v.kan) >= 3 else NONE


@pattern("four_concealed_triplets", "坎坎胡", "Four concealed triplets", one(1000),
         "four 坎 and a pair, 门清 and self-drawn", excludes=('three_concealed_triplets',),
         needs=Need.KAN4 | Need.SELF_DRAW | Need.MENQING)
def four_concealed_triplets(v: View) -> Instances:
    return ((True, v.kan),) if len(v.kan) == 4 and v.menqing and v.self_draw else NONE


@pattern("heavenly_hand", "天胡", "Heavenly hand", one(500), "the dealer wins on the first 14 "
         "tiles, self-drawn (CZ-11)", needs=Need.HEAVENLY, per_reading=False)
def heavenly_hand(v: View) -> Instances:
    return OPEN if v.request["situation"]["heavenly"] else NONE


@pattern("earthly_hand", "地胡", "Earthly hand", one(500), "a non-dealer self-draws in the first "
         "go-around (CZ-11)", needs=Need.EARTHLY, per_reading=False)
def earthly_hand(v: View) -> Instances:
    return OPEN if v.request["situation"]["earthly"] else NONE


@pattern("last_tile_draw", "海底捞月", "Last tile draw", one(20), "self-drawn on the last "
         "drawable tile", needs=Need.LAST_TILE, per_reading=False)
def last_tile_draw(v: View) -> Instances:
    return OPEN if v.request["situation"]["last_tile"] else NONE


@pattern("exposed_kong", "杠牌", "Exposed kong", one(10), "each exposed kong, claimed or "
         "upgraded from a 碰", needs=Need.EXPOSED_KONG, per_reading=False)
def exposed_kong(v: View) -> Instances:
    return _melds_of(v, GANG, False)


@pattern("concealed_kong", "暗杠", "Concealed kong", one(20), "each concealed kong",
         needs=Need.CONCEALED_KONG, per_reading=False)
def concealed_kong(v: View) -> Instances:
    return _melds_of(v, ANGANG, True)


@pattern("small_flowers", "小花", "Small flowers", two(10, 20), "one 小花 held (明花) 10; both "
         "(暗花) 20", needs=Need.FLOWERS, per_reading=False, forms=("明花", "暗花"))
def small_flowers(v: View) -> Instances:
    flowers = v.request["hand"]["flowers"]
    return ONCE[flowers == 2] if flowers else NONE  # 暗花: both flowers


@pattern("win_after_kong", "杠后开", "Win after kong", one(10), "self-drawn on the replacement "
         "after a kong or a 小花", needs=Need.AFTER_KONG, per_reading=False)
def win_after_kong(v: View) -> Instances:
    return OPEN if v.request["situation"]["after_kong"] else NONE


@pattern("two_suits", "缺一门", "Two suits", one(10), "exactly two of 万 饼 条 present, honours "
         "allowed (CZ-9)", needs=Need.TWO_SUITS, per_reading=False)
def two_suits(v: View) -> Instances:
    return OPEN if len(v.suits) == 2 else NONE  # CZ-9: honours allowed


@pattern("concealed_hand", "门清", "Concealed hand", one(10), "no 吃, 碰 or 明杠 (暗杠 allowed)",
         needs=Need.MENQING, per_reading=False)
def concealed_hand(v: View) -> Instances:
    return OPEN if v.menqing else NONE


@pattern("concealed_self_draw", "不求人", "Concealed self-draw", one(50), "门清 and self-drawn",
         excludes=('concealed_hand',), needs=Need.MENQING | Need.SELF_DRAW, per_reading=False)
def concealed_self_draw(v: View) -> Instances:
    return DARK if v.menqing and v.self_draw else NONE


@pattern("all_claimed", "全求人", "All claimed", one(50), "four claimed melds, no 暗杠, the pair "
         "completed by a discard", needs=Need.FOUR_CLAIMED, per_reading=False)
def all_claimed(v: View) -> Instances:
    """CZ-9: four claimed melds, no 暗杠, the pair completed by a discard.

    Four melds leave only the standard form, so every reading finds the same (run per hand).
    """
    claimed = len(v.melds) == 4 and all(m.type != ANGANG for m in v.melds)
    return OPEN if claimed and not v.self_draw and v.form == STANDARD else NONE


@pattern("old_young", "老少付", "Old and young", two(10, 20), "123 and 789 of one suit, each "
         "instance", needs=Need.OLD_YOUNG)
def old_young(v: View) -> Instances:
    at, hits = v.seq_at, []
    for base in (0, 9, 18):
        if base in at and base + 6 in at:
            hits += _pairings(v, at[base], at[base + 6])
    return hits


@pattern("twin_sequences", "姊妹付", "Twin sequences", two(20, 40), "two identical sequences, "
         "each instance", needs=Need.TWIN)
def twin_sequences(v: View) -> Instances:
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


@pattern("pure_three_sequences", "清三付", "Pure three sequences", two(20, 40),
         "three sequences of one suit", needs=Need.SUIT_SEQ3)
def pure_three_sequences(v: View) -> Instances:
    return _one_suit(v, v.sequences, 3)


@pattern("pure_four_sequences", "清四付", "Pure four sequences", two(40, 80),
         "four sequences of one suit", excludes=('pure_three_sequences',), needs=Need.SUIT_SEQ4)
def pure_four_sequences(v: View) -> Instances:
    return _one_suit(v, v.sequences, 4)


@pattern("three_color_sequences", "三付同", "Three-colour sequences", two(40, 80),
         "the same sequence in all three suits", needs=Need.COLOR_SEQ)
def three_color_sequences(v: View) -> Instances:
    per_suit = _same_in_three_suits(v) if len(v.sequences) >= 3 else None
    if not per_suit:
        return NONE
    chosen = tuple(_dark_first(v, sets)[0] for sets in per_suit)
    return [(v.dark(chosen), chosen)]


@pattern("four_same_sequences", "四付同", "Four same sequences", two(60, 120),
         "三付同 plus a fourth identical sequence",
         excludes=('three_color_sequences', 'twin_sequences'), needs=Need.COLOR_SEQ | Need.SEQ4)
def four_same_sequences(v: View) -> Instances:
    per_suit = _same_in_three_suits(v) if len(v.sequences) >= 4 else None
    if per_suit and sum(map(len, per_suit)) >= 4:
        every = tuple(i for sets in per_suit for i in sets)
        return [(v.dark(every), every)]
    return NONE


@pattern("half_dragon", "半条龙", "Half dragon", two(10, 20), "123+456 or 456+789 of one suit, "
         "each instance", needs=Need.HALF_DRAGON)
def half_dragon(v: View) -> Instances:
    at, hits = v.seq_at, []
    for middle in (3, 12, 21):
        if middle in at:
            hits += _pairings(v, at[middle], at.get(middle - 3, []) + at.get(middle + 3, []))
    return hits


@pattern("full_dragon", "一条龙", "Full dragon", two(80, 160), "123, 456 and 789 of one suit",
         excludes=('half_dragon', 'old_young'), needs=Need.DRAGON)
def full_dragon(v: View) -> Instances:
    dragon = _dragon(v)
    return [_full_dragon(v, dragon)] if dragon else NONE


@pattern("dragon_bonus", "一条龙加番", "Dragon add-on", one(10), "a 明 龙 two of whose three "
         "straight sets are concealed (CZ-8)", needs=Need.DRAGON,
         adds_to=("full_dragon", "double_dragon"))
def dragon_bonus(v: View) -> Instances:
    """CZ-8: a 明 龙 two of whose three straight sets are concealed scores 10 more."""
    dragon = _dragon(v)
    if dragon is None:
        return NONE
    every = _double_dragon(dragon)
    dark, chosen = (v.dark(every), every) if every else _full_dragon(v, dragon)
    concealed_parts = sum(1 for sets in dragon if any(v.groups[i].concealed for i in sets))
    return [(False, chosen)] if not dark and concealed_parts >= 2 else NONE


@pattern("double_dragon", "双龙", "Double dragon", two(160, 320), "一条龙 plus another 123, 456 "
         "or 789 of its suit",
         excludes=('full_dragon', 'half_dragon', 'old_young', 'twin_sequences'),
         needs=Need.DRAGON | Need.SEQ4)
def double_dragon(v: View) -> Instances:
    dragon = _dragon(v)
    every = _double_dragon(dragon) if dragon else None
    return [(v.dark(every), every)] if every else NONE


@pattern("four_in_one", "四合一", "Four in one", two(40, 80), "each suited tile held four times, "
         "one copy in a sequence (three as a triplet); judged per tile, like 四合二 and 四合四: a "
         "tile takes the highest member on that fits it, a higher member switched off leaving "
         "its tiles to this one (CZ-5, G-8)", needs=Need.SEQ1 | Need.FOURS,
         forms=("明四合一", "暗四合一"))
def four_in_one(v: View) -> Instances:
    return _four_in(v, (1,))


@pattern("four_in_two", "四合二", "Four in two", two(80, 160), "each suited tile held four "
         "times, two copies in sequences (two as the pair); with 四合四 switched off, every copy "
         "too (G-8)", needs=Need.SEQ2 | Need.FOURS, forms=("明四合二", "暗四合二"))
def four_in_two(v: View) -> Instances:
    return _four_in(v, (2,))


@pattern("four_in_four", "四合四", "Four in four", two(80, 160), "each suited tile held four "
         "times, every copy in a sequence", needs=Need.SEQ4 | Need.FOURS,
         forms=("明四合四", "暗四合四"))
def four_in_four(v: View) -> Instances:
    return _four_in(v, (4,))


@pattern("pure_three_triplets", "清三对", "Pure three triplets", two(40, 80),
         "three triplets or kongs of one suit (CZ-3)", needs=Need.SUIT_TRIP3)
def pure_three_triplets(v: View) -> Instances:
    return _one_suit(v, v.triplets, 3)


@pattern("pure_four_triplets", "清四对", "Pure four triplets", two(80, 160), "four triplets or "
         "kongs of one suit", excludes=('pure_three_triplets',), needs=Need.SUIT_TRIP4)
def pure_four_triplets(v: View) -> Instances:
    return _one_suit(v, v.triplets, 4)


@pattern("three_color_triplets", "三对同", "Three-colour triplets", two(200, 400),
         "triplets of the same number in all three suits", needs=Need.COLOR_TRIP)
def three_color_triplets(v: View) -> Instances:
    at = v.trip_at
    for local in range(9):
        if local in at and local + 9 in at and local + 18 in at:
            chosen = (at[local], at[local + 9], at[local + 18])
            return [(v.dark(chosen), chosen)]
    return NONE


@pattern("pure_terminals", "清十四一", "Pure terminals", two(280, 560), "only 1s and 9s of the "
         "three suits", excludes=('all_triplets',), needs=Need.TERMINALS_ONLY | Need.NO_HONORS,
         per_reading=False)
def pure_terminals(v: View) -> Instances:
    return ONCE[_whole_hand_dark(v)] if TERMINALS.issuperset(v.held) else NONE


@pattern("mixed_terminals", "混十四一", "Mixed terminals", two(140, 280), "only 1s, 9s and "
         "honours, both present", excludes=('all_triplets',),
         needs=Need.TERMINALS_ONLY | Need.HONORS, per_reading=False)
def mixed_terminals(v: View) -> Instances:
    both = v.honors and not HONOURS.issuperset(v.held)
    mixed = both and TERMINALS_AND_HONOURS.issuperset(v.held)
    return ONCE[_whole_hand_dark(v)] if mixed else NONE


@pattern("consecutive_triplets", "清三连对", "Consecutive triplets", two(120, 240),
         "three triplets of one suit with consecutive numbers, or of three of 东南西北",
         needs=Need.RUN_TRIP)
def consecutive_triplets(v: View) -> Instances:
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


@pattern("soft_four_winds", "软四喜", "Soft four winds", two(240, 480), "a triplet or pair of "
         "each of 东南西北, won on a wind", needs=Need.WIND_WIN | Need.FOUR_WINDS)
def soft_four_winds(v: View) -> Instances:
    """CZ-9: a triplet or pair of each of 东南西北, won on a wind."""
    found = _wind_groups(v)
    if found is None or v.win_tile not in WINDS:
        return NONE
    return [(v.self_draw and v.dark(found), found)]


@pattern("hard_four_winds", "硬四喜", "Hard four winds", two(480, 960), "软四喜 where the hand "
         "waited on two winds (双碰) and won on one", excludes=('soft_four_winds',),
         needs=Need.WIND_WIN | Need.FOUR_WINDS | Need.TRIP3 | Need.STANDARD)
def hard_four_winds(v: View) -> Instances:
    """CZ-9: 软四喜 where the hand waited on two winds (双碰) and won on one."""
    if v.form != STANDARD or v.shape != DOUBLE_PUNG or v.pair is None or \
            v.pair.first not in WINDS:
        return NONE
    return soft_four_winds(v)


@pattern("full_flush", "清一色", "Full flush", two(200, 400), "one suit, no honours",
         needs=Need.ONE_SUIT | Need.NO_HONORS, per_reading=False)
def full_flush(v: View) -> Instances:
    return ONCE[_whole_hand_dark(v)] if len(v.suits) == 1 and not v.honors else NONE


@pattern("half_flush", "混一色", "Half flush", two(40, 80), "one suit and honours, both present",
         needs=Need.ONE_SUIT | Need.HONORS, per_reading=False)
def half_flush(v: View) -> Instances:
    return ONCE[_whole_hand_dark(v)] if len(v.suits) == 1 and v.honors else NONE


@pattern("pure_outside", "清“1”", "Pure outside", two(80, 160), "a pair of 1s or 9s and four "
         "sequences, each 123 or 789", needs=Need.OUTSIDE | Need.SEQ4)
def pure_outside(v: View) -> Instances:
    pair_ok = v.pair is not None and is_terminal(v.pair.first)
    return ONCE[_whole_hand_dark(v)] if pair_ok and _outside_sets(v) else NONE


@pattern("mixed_outside", "混“1”", "Mixed outside", two(40, 80), "an honour pair and four "
         "sequences, each 123 or 789", needs=Need.OUTSIDE | Need.SEQ4 | Need.HONORS)
def mixed_outside(v: View) -> Instances:
    pair_ok = v.pair is not None and is_honor(v.pair.first)
    return ONCE[_whole_hand_dark(v)] if pair_ok and _outside_sets(v) else NONE


@pattern("three_dragons", "三大元", "Three dragons", two(500, 1000), "triplets or kongs of 中, "
         "发 and 白", needs=Need.THREE_DRAGONS | Need.TRIP3)
def three_dragons(v: View) -> Instances:
    if not all(v.counts[t] >= 3 for t in DRAGONS):
        return NONE
    found = tuple(i for i, g in enumerate(v.groups) if g.first in DRAGONS)
    return [(_whole_hand_dark(v), found)]


@pattern("seven_pairs", "七对", "Seven pairs", two(80, 160), "seven pairs, declared ready (CZ-10)",
         needs=Need.SEVEN_PAIRS, forms=("明七对", "暗七对"))
def seven_pairs(v: View) -> Instances:
    return ONCE[v.self_draw] if v.form == SEVEN_PAIRS else NONE  # 七对暗绝 excludes it (CZ-5)


@pattern("seven_pairs_last_copy", "七对暗绝", "Seven pairs on the last copy", two(160, 320),
         "five pairs and a 坎, won on the 坎's fourth tile: 七对暗绝 160, self-drawn 七对暗暗绝 "
         "320", excludes=('seven_pairs',), needs=Need.SEVEN_PAIRS,
         forms=("七对暗绝", "七对暗暗绝"))
def seven_pairs_last_copy(v: View) -> Instances:
    """七对暗绝: five pairs and a 坎 waiting on the 坎's last copy."""
    return ONCE[v.self_draw] if v.form == SEVEN_PAIRS and v.counts[v.win_tile] == 4 else NONE


@pattern("all_honors", "风胡", "All honours", two(2000, 4000), "every tile an honour",
         excludes=('all_triplets',), needs=Need.ALL_HONOURS, per_reading=False)
def all_honors(v: View) -> Instances:
    return ONCE[_whole_hand_dark(v)] if HONOURS.issuperset(v.held) else NONE


@pattern("three_fives", "三付“5”", "Three fives", two(20, 40),
         "a sequence holding a 5 in each suit", needs=Need.FIVES)
def three_fives(v: View) -> Instances:
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


@pattern("four_fives", "四付“5”", "Four fives", two(40, 80), "三付“5” plus another sequence "
         "holding a 5", excludes=('three_fives',), needs=Need.FIVES | Need.SEQ4)
def four_fives(v: View) -> Instances:
    if len(v.sequences) < 4:
        return NONE
    fives = tuple(_fives(v))
    if len(fives) >= 4 and len({v.groups[i].first // 9 for i in fives}) == 3:
        return [(v.dark(fives), fives)]
    return NONE


@pattern("threes_and_sevens", "付付尖", "Threes and sevens", two(40, 80), "every set holds a 3 "
         "or a 7 and the pair is 33 or 77",
         needs=Need.STANDARD | Need.NO_HONORS | Need.PAIR_3_7 | Need.SEQ_3_7 | Need.TRIP_3_7)
def threes_and_sevens(v: View) -> Instances:
    ok = v.form == STANDARD and v.pair is not None and v.pair.first < 27 and \
        _local(v.pair.first) in (2, 6) and _every_set_holds(v, (2, 6))
    return ONCE[_whole_hand_dark(v)] if ok else NONE


@pattern("same_number", "付付同", "Same number", two(80, 160), "one number in every set and in "
         "the pair, no honours", needs=Need.STANDARD | Need.NARROW)
def same_number(v: View) -> Instances:
    return ONCE[_whole_hand_dark(v)] if _same_number(v) else NONE


@pattern("same_number_all_suits", "付付全", "Same number, all suits", two(160, 320),
         "付付同 with all three suits", excludes=('same_number',),
         needs=Need.STANDARD | Need.NARROW)
def same_number_all_suits(v: View) -> Instances:
    return ONCE[_whole_hand_dark(v)] if _same_number(v) and len(v.suits) == 3 else NONE


@pattern("terminal_triplets", "天地碰", "Terminal triplets", two(40, 80), "a triplet of 1 and a "
         "triplet of 9 of one suit, each instance", needs=Need.END_TRIP,
         forms=("明天地碰", "暗天地碰"))
def terminal_triplets(v: View) -> Instances:
    at = v.trip_at
    return [(v.dark(pair), pair) for pair in
            ((at[s * 9], at[s * 9 + 8]) for s in range(3) if s * 9 in at and s * 9 + 8 in at)]


@pattern("last_copy", "绝张", "Last copy", two(80, 160), "declared; a suited winning tile whose "
         "other copies include a 碰 on the table", needs=Need.DECLARED | Need.TABLE_PENG_WIN,
         per_reading=False, forms=("明绝", "暗绝"))
def last_copy(v: View) -> Instances:
    table = v.request["situation"]["table_pengs"]
    return ONCE[v.self_draw] if _declared(v) and v.win_tile < 27 and v.win_tile in table else NONE


@pattern("early_ready", "硬子", "Early ready", two(80, 160), "declared in the first go-around",
         needs=Need.DECLARED | Need.READY_FIRST_TURN, per_reading=False,
         forms=("明硬子", "暗硬子"))
def early_ready(v: View) -> Instances:
    if not (_declared(v) and v.request["situation"]["ready_first_turn"]):
        return NONE
    return ONCE[v.self_draw]


@pattern("center_five", "中心“5”", "Centre five", two(20, 40), "declared; the single wait was a "
         "suited 5", needs=Need.DECLARED | Need.FIVE_WIN, per_reading=False,
         forms=("明中心“5”", "暗中心“5”"))
def center_five(v: View) -> Instances:
    if not (_declared(v) and v.win_tile < 27 and _local(v.win_tile) == 4):
        return NONE
    return ONCE[v.self_draw]


@pattern("edge_wait", "边“3”“7”", "Edge three or seven", two(20, 40), "declared; the wait was "
         "12 waiting 3 or 89 waiting 7", needs=Need.DECLARED, forms=("明边“3”“7”", "暗边“3”“7”"))
def edge_wait(v: View) -> Instances:
    return ONCE[v.self_draw] if _declared(v) and v.shape == EDGE else NONE
