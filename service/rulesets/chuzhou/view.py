"""One reading of a Chuzhou winning hand, as the pattern tests see it."""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from itertools import compress
from typing import Any, Final, NamedTuple

from service.hand.groups import ANGANG, GANG, KONG, PAIR, SEQUENCE, Group, Meld, meld_group
from service.hand.splits import seven_pairs
from service.hand.suit_tables import looked_up
from service.hand.waits import (
    PAIR_WAIT,
    SuitFragments,
    SuitWaits,
    combined,
    holds,
    suit_fragments,
    suit_waits,
)
from service.memo import Memo
from service.tiles import NORTH, WHITE, WINDS

STANDARD: Final = "standard"
SEVEN_PAIRS: Final = "seven_pairs"


class Need:
    """What a reading must have for a pattern's test to be worth running (catalogue ``needs``).

    A reading's ``has`` holds the flags it meets; a pattern whose needs are not all met cannot
    apply, so its test is skipped. This only saves time: every test checks its pattern whole,
    and tests/chuzhou/test_catalogue.py checks that skipping never changes a score. Each flag
    is a cheap necessary condition of the patterns that need it, found once per hand (the
    hand's tiles and situation) or once per reading (its sets, looked up by their first tiles).

    Each flag is declared here once, a plain int and Final, so compiled code reads ``Need.X``
    as a constant: an IntFlag's arithmetic builds enum members, 0.5 µs an operation compiled
    against a nanosecond, over 2 % of a never-seen request (docs/performance.md, Speed
    devices). A new flag takes the next bit: tests/chuzhou/test_catalogue.py checks that each is
    one bit of its own, below the suits' shapes (``SHAPE_AT``) and the 64 a reading's flags
    are kept in (``registry.PatternTests``).
    """

    SEQ1: Final = 1 << 0          # at least one sequence
    SEQ2: Final = 1 << 1
    SEQ3: Final = 1 << 2
    SEQ4: Final = 1 << 3          # four sequences
    TRIP1: Final = 1 << 4         # at least one triplet or kong
    TRIP2: Final = 1 << 5
    TRIP3: Final = 1 << 6
    TRIP4: Final = 1 << 7
    STANDARD: Final = 1 << 8      # four sets and a pair
    SEVEN_PAIRS: Final = 1 << 9
    DECLARED: Final = 1 << 10     # a ready declaration (CZ-10)
    SELF_DRAW: Final = 1 << 11
    FOURS: Final = 1 << 12        # a suited tile held four times
    HONORS: Final = 1 << 13       # an honour tile held
    NO_HONORS: Final = 1 << 14
    WIND_WIN: Final = 1 << 15     # won on a wind
    # The hand and the situation, once per hand:
    HEAVENLY: Final = 1 << 16
    EARTHLY: Final = 1 << 17
    LAST_TILE: Final = 1 << 18
    AFTER_KONG: Final = 1 << 19
    READY_FIRST_TURN: Final = 1 << 20
    FLOWERS: Final = 1 << 21      # a 小花 held
    EXPOSED_KONG: Final = 1 << 22
    CONCEALED_KONG: Final = 1 << 23
    MENQING: Final = 1 << 24      # no claimed meld
    FOUR_CLAIMED: Final = 1 << 25  # four melds, none a concealed kong
    ONE_SUIT: Final = 1 << 26     # one of 万 饼 条 held
    TWO_SUITS: Final = 1 << 27
    TERMINALS_ONLY: Final = 1 << 28  # only 1s, 9s and honours
    ALL_HONOURS: Final = 1 << 29
    THREE_DRAGONS: Final = 1 << 30  # three or more of each dragon
    FOUR_WINDS: Final = 1 << 31   # two or more of each wind
    PAIR_3_7: Final = 1 << 32     # a suited 3 or 7 held twice or more
    NARROW: Final = 1 << 33       # every suited tile within five numbers of the others
    TABLE_PENG_WIN: Final = 1 << 34  # a suited winning tile 碰'd on the table (绝张)
    FIVE_WIN: Final = 1 << 35     # a suited 5 won
    # The reading's sets, once per reading:
    KAN1: Final = 1 << 36         # at least one 坎
    KAN3: Final = 1 << 37
    KAN4: Final = 1 << 38
    TWIN: Final = 1 << 39         # a sequence twice
    OLD_YOUNG: Final = 1 << 40    # 123 and 789 of one suit
    HALF_DRAGON: Final = 1 << 41  # 456 and 123 or 789 of one suit
    DRAGON: Final = 1 << 42       # 123, 456 and 789 of one suit
    SUIT_SEQ3: Final = 1 << 43    # three sequences of one suit
    SUIT_SEQ4: Final = 1 << 44
    COLOR_SEQ: Final = 1 << 45    # one sequence in all three suits
    FIVES: Final = 1 << 46        # a sequence holding a 5 in each suit
    OUTSIDE: Final = 1 << 47      # every sequence 123 or 789
    SUIT_TRIP3: Final = 1 << 48   # three triplets of one suit
    SUIT_TRIP4: Final = 1 << 49
    COLOR_TRIP: Final = 1 << 50   # one number's triplet in all three suits
    RUN_TRIP: Final = 1 << 51     # three consecutive triplets of one suit, or of three winds
    END_TRIP: Final = 1 << 52     # triplets of 1 and of 9 of one suit
    SEQ_3_7: Final = 1 << 53      # every sequence holds a 3 or a 7 (none is 456)
    TRIP_3_7: Final = 1 << 54     # every triplet or kong is of a suited 3 or 7


# Every table here is Final: compiled, read as a constant rather than from the module's dict.
_SEQ: Final = (0, Need.SEQ1, Need.SEQ1 | Need.SEQ2,
               Need.SEQ1 | Need.SEQ2 | Need.SEQ3,
               Need.SEQ1 | Need.SEQ2 | Need.SEQ3 | Need.SEQ4)
_TRIP: Final = (0, Need.TRIP1, Need.TRIP1 | Need.TRIP2,
                Need.TRIP1 | Need.TRIP2 | Need.TRIP3,
                Need.TRIP1 | Need.TRIP2 | Need.TRIP3 | Need.TRIP4)
# A reading's 坎 come as a bit per set (at most four standing sets): the sets, and the flags.
_KAN_AT: Final = tuple(tuple(i for i in range(4) if mask >> i & 1) for mask in range(16))
_KAN: Final = tuple((0, Need.KAN1, Need.KAN1, Need.KAN1 | Need.KAN3,
                     Need.KAN1 | Need.KAN3 | Need.KAN4)[len(at)] for at in _KAN_AT)
# The suits present, by a bit per numbered suit held.
_SUITS: Final = tuple(frozenset(s for s in range(3) if mask >> s & 1) for mask in range(8))


# sequence_flags' and triplet_flags' answers, looked up by views: their keys are at most four
# sequence starts of 21 or four triplet tiles of 34.
_SEQUENCE_FLAGS: Final[Memo[tuple[int, ...], int]] = Memo("chuzhou sequence flags", 0.01)
_TRIPLET_FLAGS: Final[Memo[tuple[int, ...], int]] = Memo("chuzhou triplet flags", 0.008)


def sequence_flags(firsts: tuple[int, ...]) -> int:
    """What a reading's sequences, by their sorted first tiles, make possible."""
    has = _SEQ[len(firsts)]
    if len(set(firsts)) < len(firsts):
        has |= Need.TWIN
    by_suit = [{f % 9 for f in firsts if f // 9 == suit} for suit in range(3)]
    counts = [sum(1 for f in firsts if f // 9 == suit) for suit in range(3)]
    for starts, count in zip(by_suit, counts, strict=True):
        if {0, 6} <= starts:
            has |= Need.OLD_YOUNG
        if 3 in starts and starts & {0, 6}:
            has |= Need.HALF_DRAGON
        if {0, 3, 6} <= starts:
            has |= Need.DRAGON
        has |= (Need.SUIT_SEQ3 if count >= 3 else 0) | (Need.SUIT_SEQ4 if count >= 4 else 0)
    if by_suit[0] & by_suit[1] & by_suit[2]:
        has |= Need.COLOR_SEQ
    if all(starts & {2, 3, 4} for starts in by_suit):
        has |= Need.FIVES
    if firsts and all(f % 9 in (0, 6) for f in firsts):
        has |= Need.OUTSIDE
    if all(f % 9 != 3 for f in firsts):
        has |= Need.SEQ_3_7
    return int(has)


def triplet_flags(tiles: tuple[int, ...]) -> int:
    """What a reading's triplets and kongs, by their sorted tiles, make possible."""
    has = _TRIP[len(tiles)]
    held = set(tiles)
    for suit in range(3):
        count = sum(1 for t in tiles if t // 9 == suit)
        has |= (Need.SUIT_TRIP3 if count >= 3 else 0) | (Need.SUIT_TRIP4 if count >= 4 else 0)
        if {suit * 9, suit * 9 + 8} <= held:
            has |= Need.END_TRIP
    if any({n, n + 9, n + 18} <= held for n in range(9)):
        has |= Need.COLOR_TRIP
    runs = any({t + 1, t + 2} <= held for t in tiles if t < 27 and t % 9 <= 6)
    if runs or len(held & set(WINDS)) >= 3:
        has |= Need.RUN_TRIP
    if all(t < 27 and t % 9 in (2, 6) for t in tiles):
        has |= Need.TRIP_3_7
    return int(has)


# A suit's facts as one int, so that a hand's are the four suits' OR'ed: its own Need flags
# below _SHAPE_AT, and above them its shape: a bit for each numbered suit held (0-2), one for
# honours held (3), one for a numbered 2-8 held (4), and the numbers held, of any suit (5-13).
_SHAPE_AT: Final[int] = max(value for name, value in vars(Need).items()
                            if name.isupper()).bit_length()
_HONOURS_HELD: Final = 8
_INNER_HELD: Final = 16
_NUMBERS_AT: Final = 5


def _shape_flags(shape: int) -> int:
    """The Need flags of a hand's shape (the suits' shapes OR'ed)."""
    numbered = bin(shape & 7).count("1")
    has = (0, Need.ONE_SUIT, Need.TWO_SUITS, 0)[numbered]
    if not shape & _INNER_HELD:
        has |= Need.TERMINALS_ONLY | (Need.ALL_HONOURS if not numbered else 0)
    if shape & _HONOURS_HELD:
        return has | Need.HONORS
    numbers = shape >> _NUMBERS_AT  # a bit per number held
    if numbers and numbers.bit_length() - (numbers & -numbers).bit_length() <= 4:
        has |= Need.NARROW  # the highest number held minus the lowest
    return has | Need.NO_HONORS


_SHAPES: Final = tuple(_shape_flags(shape) for shape in range(1 << _NUMBERS_AT + 9))


class _Suit(NamedTuple):
    """What one suit of the tiles held (melds included) tells the hand's flags."""

    bits: int                  # its Need flags, and its shape above _SHAPE_AT
    fours: tuple[int, ...]     # numbered tiles held four times


def _suit(counts: bytes, suit: int, tile: int | None = None, claimed: bool = False) -> _Suit:
    """A suit's facts (the tiles held; ``tile`` and ``claimed`` are ``looked_up``'s, unread).
    Kept by its callers' memos: ``_read_suit``'s and ``_HELD``."""
    numbers = [n for n, count in enumerate(counts) if count]
    if not numbers:
        return _Suit(0, ())
    if suit == 3:
        dragons = min(counts[WHITE - 27:]) >= 3
        winds = min(counts[:NORTH - 27 + 1]) >= 2
        return _Suit((Need.THREE_DRAGONS if dragons else 0) | (Need.FOUR_WINDS if winds else 0)
                     | _HONOURS_HELD << _SHAPE_AT, ())
    fours = tuple(suit * 9 + n for n in numbers if counts[n] == 4)
    pair_3_7 = counts[2] >= 2 or counts[6] >= 2
    shape = 1 << suit | sum(1 << _NUMBERS_AT + n for n in numbers)
    if any(0 < n < 8 for n in numbers):
        shape |= _INNER_HELD
    return _Suit((Need.FOURS if fours else 0) | (Need.PAIR_3_7 if pair_3_7 else 0)
                 | shape << _SHAPE_AT, fours)


class SuitRead(NamedTuple):
    """Everything a winning hand needs from one suit of its concealed tiles, one look-up."""

    fragments: SuitFragments   # its natural readings, the winning tile placed in its suit
    waits: SuitWaits           # its waits, the winning tile taken out
    facts: _Suit               # its tiles' facts, the hand's when no meld adds to them


def _read_suit(counts: bytes, suit: int, tile: int | None, claimed: bool) -> SuitRead:
    standing = list(counts)
    if tile is not None:
        standing[tile - suit * 9] -= 1
    return SuitRead(suit_fragments(counts, suit, tile, claimed),
                    suit_waits(tuple(standing), suit), _suit(counts, suit))


# What read_suits has read: by the suit's counts packed in an int, the winning tile's place
# and claim above them in the winning tile's suit (suit_tables).
_READS: Final[Memo[int, SuitRead]] = Memo("chuzhou suits", 0.09)
# held_suits' facts of a suit a meld adds to, by its held counts packed.
_HELD: Final[Memo[int, _Suit]] = Memo("chuzhou held suits", 0.013)


def _read(counts: list[int], suit: int, tile: int, claimed: bool) -> SuitRead:
    """``_read_suit`` of one suit of a winning hand's concealed tiles, looked up by one int."""
    return looked_up(_READS, counts, suit, tile, claimed, _read_suit)


def read_suits(counts: list[int], win_tile: int,
               claimed: bool) -> tuple[SuitRead, SuitRead, SuitRead, SuitRead]:
    """The four suits of a winning hand's concealed tiles (the winning tile among them)."""
    return (_read(counts, 0, win_tile, claimed), _read(counts, 1, win_tile, claimed),
            _read(counts, 2, win_tile, claimed), _read(counts, 3, win_tile, claimed))


def held_suits(suits: Sequence[SuitRead], melds: Sequence[Meld],
               held: list[int]) -> list[_Suit]:
    """The facts of the four suits of the tiles held, melds included: the concealed tiles'
    own (``read_suits``), looked up again by the held counts only in a suit a meld adds to."""
    facts = [suit.facts for suit in suits]
    for suit in {meld.tiles[0] // 9 for meld in melds}:
        # -1: no winning tile in the key (looked_up places one only in its own suit)
        facts[suit] = looked_up(_HELD, held, suit, -1, False, _suit)
    return facts


def hand_flags(suits: Sequence[_Suit], melds: Sequence[Meld], win_tile: int,
               self_draw: bool, request: dict[str, Any]) -> int:
    """The Need flags of the hand and its situation, which every reading of it meets."""
    situation = request["situation"]
    m, p, s, z = suits
    bits = m.bits | p.bits | s.bits | z.bits
    has = (bits & _FLAGS) | _SHAPES[bits >> _SHAPE_AT] | _WON_ON[win_tile]
    if situation["heavenly"]:
        has |= Need.HEAVENLY
    if situation["earthly"]:
        has |= Need.EARTHLY
    if situation["last_tile"]:
        has |= Need.LAST_TILE
    if situation["after_kong"]:
        has |= Need.AFTER_KONG
    if situation["declared_ready"]:
        has |= Need.DECLARED
    if situation["ready_first_turn"]:
        has |= Need.READY_FIRST_TURN
    if self_draw:
        has |= Need.SELF_DRAW
    if request["hand"]["flowers"]:
        has |= Need.FLOWERS
    concealed_kongs = 0
    for meld in melds:
        if meld.type == ANGANG:
            concealed_kongs += 1
        elif meld.type == GANG:
            has |= Need.EXPOSED_KONG
    if concealed_kongs:
        has |= Need.CONCEALED_KONG
    if concealed_kongs == len(melds):
        has |= Need.MENQING
    elif len(melds) == 4 and not concealed_kongs:
        has |= Need.FOUR_CLAIMED
    if win_tile < 27 and win_tile in situation["table_pengs"]:
        has |= Need.TABLE_PENG_WIN
    return has


_FLAGS: Final = (1 << _SHAPE_AT) - 1
_WON_ON: Final = tuple(Need.WIND_WIN if t in WINDS
                       else Need.FIVE_WIN if t < 27 and t % 9 == 4 else 0 for t in range(34))


class _Index(NamedTuple):
    """Where a reading's sets are, for the tests that name them. Indices count into
    ``groups``, the answer's ``hand.sets``, so a pattern can say which sets it was read from."""

    sequences: tuple[int, ...]
    triplets: tuple[int, ...]          # triplets and kongs: what 碰/对 patterns count (CZ-3)
    seq_at: dict[int, list[int]]       # first tile → each sequence starting there
    trip_at: dict[int, int]            # tile → its triplet or kong


class View:
    """A reading with the winning tile placed and G-5 applied, and the hand it reads.

    ``sets`` are the four sets (standing sets first, then melds in the order made), ``pair`` the
    pair; in the seven-pairs form ``sets`` is empty and ``pairs`` holds the seven pairs.
    ``has`` holds the Need flags the reading meets; most readings run only the few tests those
    allow, so where each set sits is found only when a test asks (``_Index``).

    A plain class with its own ``__init__``, not a dataclass: compiled (mypyc), its fields are
    read at fixed offsets and it is built without the Python-level ``__init__`` a dataclass
    generates.
    """

    __slots__ = ("form", "sets", "pair", "pairs", "shape", "groups", "has", "kan_at", "counts",
                 "win_tile", "self_draw", "menqing", "melds", "request", "suits", "honors",
                 "fours", "_index", "_holdings")

    def __init__(self, form: str, sets: tuple[Group, ...], pair: Group | None,
                 pairs: tuple[Group, ...], shape: str, groups: tuple[Group, ...], has: int,
                 kan_at: int, counts: Sequence[int], win_tile: int, self_draw: bool,
                 menqing: bool, melds: tuple[Meld, ...], request: dict[str, Any],
                 suits: AbstractSet[int], honors: bool, fours: tuple[int, ...]) -> None:
        self.form = form
        self.sets = sets
        self.pair = pair
        self.pairs = pairs
        self.shape = shape
        self.groups = groups        # sets, then the pair (or the seven pairs)
        self.has = has
        self.kan_at = kan_at        # 坎: bit i set when sets[i] is one (CZ-4, G-5)
        # What the whole hand holds and how it was won, alike in every reading:
        self.counts = counts        # every tile held, melds included (not to be changed)
        self.win_tile = win_tile
        self.self_draw = self_draw
        self.menqing = menqing
        self.melds = melds
        self.request = request
        self.suits = suits          # suits present (0 万, 1 饼, 2 条)
        self.honors = honors
        self.fours = fours          # suited tiles held four times (四合)
        self._index: _Index | None = None
        self._holdings: tuple[tuple[tuple[int, ...], int], ...] | None = None

    def dark(self, indices: Sequence[int]) -> bool:
        """Whether every one of these sets is concealed."""
        groups = self.groups
        return all(groups[i].concealed for i in indices)

    @property
    def held(self) -> frozenset[int]:
        """The distinct tiles held."""
        return frozenset(compress(range(34), self.counts))

    # Where the reading's sets are, found on first use (an _Index is a non-empty tuple, so
    # ``or`` calls index() only the first time):
    @property
    def sequences(self) -> tuple[int, ...]:
        return (self._index or self.index()).sequences

    @property
    def triplets(self) -> tuple[int, ...]:
        return (self._index or self.index()).triplets

    @property
    def seq_at(self) -> dict[int, list[int]]:
        return (self._index or self.index()).seq_at

    @property
    def trip_at(self) -> dict[int, int]:
        return (self._index or self.index()).trip_at

    @property
    def kan(self) -> tuple[int, ...]:
        """坎: triplets standing concealed at the win (CZ-4, G-5)."""
        return _KAN_AT[self.kan_at]

    @property
    def four_holdings(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        """四合: for each suited tile held four times and in no kong, the sets holding it and
        how many of them are sequences."""
        if self._holdings is None:
            self._holdings = self._four_holdings() if self.fours else ()
        return self._holdings

    def _four_holdings(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        groups, found = self.groups, []
        for t in self.fours:
            holding: list[int] = []
            in_sequences = 0
            for i, g in enumerate(groups):
                if holds(g, t):
                    if g.kind == KONG:
                        break  # all four copies in one kong: no 四合
                    holding.append(i)
                    in_sequences += g.kind == SEQUENCE
            else:
                found.append((tuple(holding), in_sequences))
        return tuple(found)

    def index(self) -> _Index:
        if self._index is None:
            self._index = _indexed(self.sets)
        return self._index


def _indexed(sets: tuple[Group, ...]) -> _Index:
    sequences, triplets = [], []
    seq_at: dict[int, list[int]] = {}
    trip_at: dict[int, int] = {}
    for index, g in enumerate(sets):
        first = g.first
        if g.kind == SEQUENCE:
            sequences.append(index)
            if first in seq_at:
                seq_at[first].append(index)
            else:
                seq_at[first] = [index]
        else:
            triplets.append(index)
            trip_at[first] = index
    return _Index(tuple(sequences), tuple(triplets), seq_at, trip_at)


def views(
    concealed_counts: list[int], melds: Sequence[Meld], win_tile: int, self_draw: bool,
    allow_seven_pairs: bool, request: dict[str, Any], held: list[int],
    suits: Sequence[SuitRead] | None = None,
) -> list[View]:
    """Every reading of the hand with every place the winning tile can have filled (G-4).

    ``suits``: ``read_suits`` of the concealed tiles, where the caller has them already.
    Order (ties keep the first): standard splits in the engine's order, placements in set
    order, then seven pairs.
    """
    if suits is None:
        suits = read_suits(concealed_counts, win_tile, not self_draw)
    by_suit = held_suits(suits, melds, held)
    has = hand_flags(by_suit, melds, win_tile, self_draw, request)
    man, pin, sou, _ = by_suit
    menqing = bool(has & Need.MENQING)
    melds = tuple(melds)
    present = _SUITS[(man.bits | pin.bits | sou.bits) >> _SHAPE_AT & 7]
    honors = bool(has & Need.HONORS)
    fours = man.fours + pin.fours + sou.fours
    has |= Need.STANDARD
    found = []
    for sets, pair, shape, sequences, triplets, kan in combined(
            (suits[0].fragments, suits[1].fragments, suits[2].fragments, suits[3].fragments),
            tuple([meld_group(meld) for meld in melds]) if melds else ()):
        by_sequences = _SEQUENCE_FLAGS.get(sequences)
        if by_sequences is None:
            by_sequences = _SEQUENCE_FLAGS.put(sequences, sequence_flags(sequences))
        by_triplets = _TRIPLET_FLAGS.get(triplets)
        if by_triplets is None:
            by_triplets = _TRIPLET_FLAGS.put(triplets, triplet_flags(triplets))
        found.append(View(STANDARD, sets, pair, (), shape, (*sets, pair),
                          has | _KAN[kan] | by_sequences | by_triplets,
                          kan, held, win_tile, self_draw, menqing, melds, request, present,
                          honors, fours))
    if allow_seven_pairs and not melds:
        pairs = seven_pairs(concealed_counts)
        if pairs is not None:
            placed = Group(PAIR, win_tile, self_draw)
            rest = list(pairs)
            rest.remove(Group(PAIR, win_tile, True))
            groups = (*rest, placed)
            found.append(View(SEVEN_PAIRS, (), None, groups, PAIR_WAIT, groups,
                              (has ^ Need.STANDARD) | Need.SEVEN_PAIRS, 0, held, win_tile,
                              self_draw, menqing, melds, request, present, honors, fours))
    return found
