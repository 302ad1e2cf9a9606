"""A plain reference for what the best reading of a Yueqing win pays (G-4), written from the
rule text, rulings.md and docs/rules/yueqing.md, sharing nothing with the core's reading,
views, item tests or flower counts.

It fixes what every 财神 acting as a wild stands for, over every multiset of the tiles that
can matter (each natural tile's neighbours within two, melds' tiles and the 财神's own face
included, and every honour), a tile whose four copies are out included. Each standing tile is
then a natural or a wild of a known value; a plain recursion splits them every way into sets
and one pair, each split is scored item by item with every 财神 item kept (三财神刻, 三财神,
双财神, 归位, 财神做牛, the 财神's flowers, no 无财神), and the most paid is kept: 台 plus
flower 条, what each other seat pays the winner besides the fixed part (YQ-18).

House rules (docs/house-rules.md): ``best_worth`` takes parameter values by id, applied over
the parameters' defaults (``SEED``: numbers only, the rules above are the reference's own;
each item's group is the served catalogue's): an item switched off no longer counts nor
excludes, and the 台 total, the 花 and the ladder take the values given.

Slow on purpose (thousands of assignments for three 财神): a test oracle, never the scorer.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any, NamedTuple

from service.rulesets import RULESETS

WINDS = (27, 28, 29, 30)
WHITE, GREEN, RED = 31, 32, 33
HONOURS = tuple(range(27, 34))

# A standing tile as the reference sees it: its value, and whether it is a 财神 acting wild.
Piece = tuple[int, bool]


class Set(NamedTuple):
    kind: str                 # "sequence", "triplet", "kong" or "pair"
    first: int                # the value of its lowest tile
    wild_values: tuple[int, ...]  # the value of each wild in it
    meld: str | None          # chi, peng, gang, angang; None when it stands in the hand

    @property
    def values(self) -> tuple[int, ...]:
        if self.kind == "sequence":
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * {"triplet": 3, "kong": 4, "pair": 2}[self.kind]

    @property
    def is_triplet(self) -> bool:
        return self.kind in ("triplet", "kong")


def _groups_of_lowest(pieces: tuple[Piece, ...]) -> Iterator[tuple[Set, tuple[Piece, ...]]]:
    """Each set or pair that holds the first (lowest) piece, with the pieces left."""
    first_value = pieces[0][0]
    rest = list(pieces[1:])

    def take(value: int, pool: list[Piece]) -> Iterator[tuple[Piece, list[Piece]]]:
        for wild in (False, True):
            if (value, wild) in pool:
                left = list(pool)
                left.remove((value, wild))
                yield (value, wild), left

    lowest = pieces[0]
    for second, left in take(first_value, rest):
        pair = (lowest, second)
        yield _set("pair", first_value, pair), tuple(left)
        for third, left3 in take(first_value, left):
            yield _set("triplet", first_value, (*pair, third)), tuple(left3)
    suit_number = first_value % 9
    if first_value < 27 and suit_number <= 6:
        for second, left in take(first_value + 1, rest):
            for third, left3 in take(first_value + 2, left):
                yield _set("sequence", first_value, (lowest, second, third)), tuple(left3)


def _set(kind: str, first: int, pieces: tuple[Piece, ...]) -> Set:
    return Set(kind, first, tuple(sorted(value for value, wild in pieces if wild)), None)


@lru_cache(maxsize=1 << 16)
def splits(pieces: tuple[Piece, ...], pair_left: bool) -> frozenset[tuple[Set, ...]]:
    """Every way to make ``pieces`` (sorted) into sets and, if ``pair_left``, one pair."""
    if not pieces:
        return frozenset({()}) if not pair_left else frozenset()
    found: set[tuple[Set, ...]] = set()
    for group, left in _groups_of_lowest(pieces):
        if group.kind == "pair" and not pair_left:
            continue
        for rest in splits(left, pair_left and group.kind != "pair"):
            found.add(tuple(sorted((group, *rest))))
    return frozenset(found)


def flower_tile(caishen: int) -> int:
    return RED if caishen == WHITE else WHITE  # YQ-3


def seat_wind(seat: int, dealer: int) -> int:
    return WINDS[(seat - dealer) % 4]  # YQ-5


def tiao(flowers: int, rules: Mapping[str, Any] | None = None) -> int:
    """YQ-17: f ≤ 3 花 are f 条, 4 are 10, 5 or more (f − 2) × f."""
    rules = SEED if rules is None else rules
    if rules["tiao_ladder"] == "linear" or flowers <= 3:
        return flowers
    return rules["tiao_at_four"] if flowers == 4 else (flowers - 2) * flowers


def total_tai(minor: int, major: int, rules: Mapping[str, Any] | None = None) -> int:
    """YQ-15: N ≤ 5 minor 台 and no major are N; else (N' + M) × 2, N' = 10 + N − 6."""
    rules = SEED if rules is None else rules
    limit = rules["minor_limit"]
    adjusted = minor if minor <= limit else minor + rules["minor_jump"]
    return adjusted if minor <= limit and major == 0 else (adjusted + major) * rules["doubling"]


# Each item's group (minor or major) as the catalogue serves it (GET /v1/rulesets/yueqing).
_SERVED = RULESETS["yueqing"].catalogue()["patterns"]
MINOR_ITEMS = frozenset(row["id"] for row in _SERVED if row["group"] == "minor")
MAJOR_ITEMS = frozenset(row["id"] for row in _SERVED if row["group"] == "major")
# What an item, once found, drops (YQ-9 to YQ-14).
DROPS = (("four_winds", ("seat_wind",)), ("hard_single_wait", ("no_caishen",)),
         ("three_beauties", ("red_triplet", "green_triplet")),
         ("all_honors", ("seat_wind", "all_triplets", "half_flush")))
# The numbers by parameter id, at their defaults (the seed text's, which the docs' tables and
# the worked hands check): every item's switch and 台, each flower item's parts, the 台 total
# (YQ-15) and the ladder (YQ-17). Only what the reference reads: the settlement's are not here.
_TOTALS = ("minor_limit", "minor_jump", "doubling", "tiao_ladder", "tiao_at_four")
_READ = {row["id"] for row in _SERVED} | {row["id"] for row in
                                          RULESETS["yueqing"].catalogue()["flowers"]}
SEED: dict[str, Any] = {key: value for key, value in RULESETS["yueqing"].defaults().items()
                        if key.partition(".")[0] in _READ or key in _TOTALS}


class Hand(NamedTuple):
    """What a reading does not change: the table, the tiles held, how the hand was won."""

    caishen: int
    flower: int
    wind: int                  # the winner's seat wind
    flowers: int               # flower tiles laid aside
    caishen_standing: int      # 财神 tiles standing, wild or at face value
    caishen_held: int          # 财神 tiles standing or melded
    wilds: int                 # 财神 acting as wilds: c of YQ-7
    win_tile: int
    win_is_wild: bool
    kept: int | None           # five melds: the standing tile that is not the winning one
    situation: dict[str, Any]
    robbed: bool


def items(hand: Hand, sets: list[Set], pair: Set, ping_hu: bool,
          on: Mapping[str, Any] = SEED) -> dict[str, int]:
    """Every item of one reading that ``on`` leaves on, with its count, after the exclusions
    (YQ-6 to YQ-14)."""
    c = hand.caishen
    every = [t for s in (*sets, pair) for t in s.values]
    triplets = [s for s in sets if s.is_triplet]
    triplet_values = {s.first for s in triplets}
    natural_triplets = {s.first for s in triplets if not s.wild_values}
    home = sum(1 for s in sets if s.kind == "sequence" for v in s.wild_values if v == c)
    suits = {t // 9 for t in every if t < 27}
    honours = any(t >= 27 for t in every)
    winds_plain = c not in WINDS
    single = hand.kept is not None
    kept_caishen = single and hand.kept == c
    found: dict[str, int] = {}

    def add(item: str, holds: bool, count: int = 1) -> None:
        if holds and count:
            found[item] = count

    add("seat_wind", hand.wind != c and hand.wind in triplet_values)
    add("flower_tile", hand.flowers > 0, hand.flowers)
    add("red_triplet", RED not in (c, hand.flower) and RED in natural_triplets)
    add("green_triplet", GREEN not in (c, hand.flower) and GREEN in natural_triplets)
    add("no_caishen", hand.caishen_standing == 0)
    add("caishen_home_one", home == 1)
    add("two_caishen", hand.wilds == 2)
    add("kong_bloom", bool(hand.situation["after_kong"]))
    add("robbing_kong", hand.robbed)
    add("ping_hu", ping_hu)
    add("all_triplets", len(triplets) == 5)
    add("half_flush", len(suits) == 1 and honours)
    add("caishen_single_wait", kept_caishen)
    add("three_caishen", hand.wilds == 3)
    add("caishen_pair", len(pair.wild_values) == 2)
    add("four_winds_shadow", winds_plain and pair.first == hand.wind
        and all(w in triplet_values for w in WINDS if w != hand.wind))
    add("caishen_home_two", home == 2)
    add("single_wait_caishen", single and not kept_caishen and hand.win_is_wild)
    add("full_flush", len(suits) == 1 and not honours)
    add("four_winds", winds_plain and all(w in triplet_values for w in WINDS))
    add("four_flowers", hand.flowers == 4)
    add("hard_single_wait", single and not kept_caishen and not hand.win_is_wild)
    add("heavenly_hand", bool(hand.situation["heavenly"]))
    add("earthly_hand", bool(hand.situation["earthly"]))
    three_wild = any(len(s.wild_values) == 3 for s in triplets)
    add("caishen_triplet", three_wild)
    add("three_beauties", not {WHITE, RED, GREEN} & {c} and hand.flowers >= 3
        and RED in triplet_values and GREEN in triplet_values)
    add("caishen_home_three", home == 3 and not three_wild)
    add("all_honors", not suits)
    for item in [item for item in found if not on[f"{item}.on"]]:
        del found[item]  # switched off: it counts for nothing and excludes nothing
    for item, drops in DROPS:
        if item in found:
            for dropped in drops:
                found.pop(dropped, None)
    return found


def flowers(hand: Hand, sets: list[Set], rules: Mapping[str, Any] = SEED) -> int:
    """YQ-16: flower tiles, 财神 tiles, kongs, and seat-wind, 红中 and 发财 sets."""
    def worth(item: str, part: str) -> int:
        return int(rules[f"{item}.{part}"]) if rules[f"{item}.on"] else 0

    count = worth("flower_tiles", "all_four") if hand.flowers == 4 else \
        hand.flowers * worth("flower_tiles", "each")
    count += worth("caishen_tiles", "three") if hand.caishen_held == 3 else \
        hand.caishen_held * worth("caishen_tiles", "each")
    for s in sets:
        if not s.is_triplet:
            continue
        concealed_kong = s.meld == "angang"
        own = None if s.first == hand.caishen else "seat_wind_set" if s.first == hand.wind \
            else {RED: "red_set", GREEN: "green_set"}.get(s.first) if not s.wild_values \
            else None
        if own is not None and not rules[f"{own}.on"]:
            own = None  # switched off: its kongs count as any other kong's (G-8)
        if own is not None:
            count += worth(own, "triplet" if s.kind == "triplet" else
                           "concealed_kong" if concealed_kong else "exposed_kong")
        elif s.kind == "kong":
            count += worth("kong", "concealed" if concealed_kong else "exposed")
    return count


def _meld_set(meld: dict[str, Any]) -> Set:
    kind = {"chi": "sequence", "peng": "triplet", "gang": "kong", "angang": "kong"}
    return Set(kind[meld["type"]], min(meld["tiles"]), (), meld["type"])


def _ping_hu_place(hand: Hand, standing: tuple[Set, ...], pair: Set) -> bool:
    """YQ-8: no 财神 standing, no triplet anywhere, a plain pair, and a place for the winning
    tile at the open end of a two-sided wait (45 waiting 3 or 6; not 12→3 nor 89→7)."""
    if hand.caishen_standing or pair.first in (hand.wind, RED, GREEN):
        return False
    t = hand.win_tile
    for s in standing:
        if s.kind != "sequence":
            continue
        number = s.first % 9 + 1
        if (t == s.first and number != 7) or (t == s.first + 2 and number != 1):
            return True
    return False


def candidates(naturals: list[int], caishen: int) -> list[int]:
    """The values that can matter for a wild: every honour, and every suited tile within two
    of a natural tile held (standing or melded) or of the 财神's own face."""
    found = set(HONOURS)
    for t in [*naturals, caishen]:
        if t < 27:
            found.update(n for n in range(t - 2, t + 3) if n // 9 == t // 9 and n >= 0)
    return sorted(found)


def best_worth(data: dict[str, Any], house: Mapping[str, Any] | None = None) -> int | None:
    """台 plus flower 条 of the best reading of a loaded score request (``scoring.load``), or
    None if no assignment of the 财神 makes it a win; ``house``: parameter id → value, over
    the seed's."""
    rules = {**SEED, **(house or {})}
    caishen = data["caishen"]
    concealed, melds, win = data["hand"]["concealed"], data["hand"]["melds"], data["win"]
    win_is_wild = win["tile"] == caishen and win["by"] == "self_draw"
    standing_caishen = concealed.count(caishen)
    wilds = standing_caishen - (0 if win_is_wild or win["tile"] != caishen else 1)  # YQ-2
    naturals = list(concealed)
    for _ in range(wilds):
        naturals.remove(caishen)
    meld_sets = [_meld_set(m) for m in melds]
    kept = None
    if len(concealed) == 2:
        rest = list(concealed)
        rest.remove(win["tile"])
        kept = rest[0]
    hand = Hand(caishen, flower_tile(caishen), seat_wind(data["winner"], data["dealer"]),
                data["hand"]["flowers"], standing_caishen,
                standing_caishen + sum(list(m["tiles"]).count(caishen) for m in melds), wilds,
                win["tile"], win_is_wild, kept, data["situation"], win["by"] == "robbing_kong")
    values = candidates(naturals + [t for m in melds for t in m["tiles"]], caishen)
    best: int | None = None
    for assigned in combinations_with_replacement(values, wilds):
        pieces = tuple(sorted([(t, False) for t in naturals] + [(v, True) for v in assigned]))
        for split in splits(pieces, True):
            standing = tuple(s for s in split if s.kind != "pair")
            pair = next(s for s in split if s.kind == "pair")
            sets = [*standing, *meld_sets]
            found = items(hand, sets, pair, _ping_hu_place(hand, standing, pair)
                          and not any(s.is_triplet for s in sets), rules)
            minor = sum(rules[f"{i}.tai"] * n for i, n in found.items() if i in MINOR_ITEMS)
            major = sum(rules[f"{i}.tai"] * n for i, n in found.items() if i in MAJOR_ITEMS)
            worth = total_tai(minor, major, rules) + tiao(flowers(hand, sets, rules), rules)
            if best is None or worth > best:
                best = worth
    return best
