"""One reading of a Chuzhou winning hand, as the pattern tests see it."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from service.hand.groups import ANGANG, PAIR, SEQUENCE, Group, Meld
from service.hand.splits import concealed_readings, seven_pairs
from service.hand.waits import placements, wait_shape

STANDARD, SEVEN_PAIRS = "standard", "seven_pairs"


@dataclass(frozen=True, slots=True)
class View:
    """A reading with the winning tile placed and G-5 applied.

    ``sets`` are the four sets (standing sets first, then melds in the order made), ``pair`` the
    pair; in the seven-pairs form ``sets`` is empty and ``pairs`` holds the seven pairs.
    """

    form: str
    sets: tuple[Group, ...]
    pair: Group | None
    pairs: tuple[Group, ...]
    counts: tuple[int, ...]
    win_tile: int
    win_group: Group
    shape: str
    self_draw: bool
    menqing: bool
    melds: tuple[Meld, ...]
    request: dict[str, Any]
    # Indexes the pattern tests share, built once per reading:
    sequences: tuple[Group, ...]
    triplets: tuple[Group, ...]        # triplets and kongs: what 碰/对 patterns count (CZ-3)
    seq_flags: dict[int, list[bool]]   # first tile → concealed flag of each such sequence
    trip_flags: dict[int, bool]        # tile → concealed flag of its triplet or kong
    suits: frozenset[int]              # suits present (0 万, 1 饼, 2 条)
    honors: bool
    fours: tuple[int, ...]             # suited tiles held four times (四合)

    @property
    def groups(self) -> tuple[Group, ...]:
        return self.sets + ((self.pair,) if self.pair else ()) + self.pairs


class _Hand(NamedTuple):
    """What every reading of one request shares."""

    counts: tuple[int, ...]
    win_tile: int
    self_draw: bool
    menqing: bool
    melds: tuple[Meld, ...]
    request: dict[str, Any]
    suits: frozenset[int]
    honors: bool
    fours: tuple[int, ...]


def _view(hand: _Hand, form: str, sets: tuple[Group, ...], pair: Group | None,
          pairs: tuple[Group, ...], win_group: Group, shape: str) -> View:
    sequences = tuple(g for g in sets if g.kind == SEQUENCE)
    triplets = tuple(g for g in sets if g.kind != SEQUENCE)
    seq_flags: dict[int, list[bool]] = {}
    for g in sequences:
        seq_flags.setdefault(g.first, []).append(g.concealed)
    return View(form, sets, pair, pairs, hand.counts, hand.win_tile, win_group, shape,
                hand.self_draw, hand.menqing, hand.melds, hand.request, sequences, triplets,
                seq_flags, {g.first: g.concealed for g in triplets}, hand.suits, hand.honors,
                hand.fours)


def views(
    concealed_counts: list[int], melds: Sequence[Meld], win_tile: int, self_draw: bool,
    allow_seven_pairs: bool, request: dict[str, Any], held: tuple[int, ...],
) -> Iterator[View]:
    """Every reading of the hand with every place the winning tile can have filled (G-4).

    Order (ties keep the first): standard splits in the engine's order, placements in set
    order, then seven pairs.
    """
    meld_groups = tuple(m.group() for m in melds)
    hand = _Hand(held, win_tile, self_draw, all(m.type == ANGANG for m in melds), tuple(melds),
                 request, frozenset(s for s in range(3) if any(held[s * 9:s * 9 + 9])),
                 any(held[27:]), tuple(t for t in range(27) if held[t] == 4))
    for groups in concealed_readings(concealed_counts, 0):
        for index, _ in placements(groups, win_tile, by_wild=False):
            placed = groups[index]
            if not self_draw:
                placed = placed._replace(concealed=False)  # G-5
            standing = [placed if i == index else g for i, g in enumerate(groups)]
            pair = next(g for g in standing if g.kind == PAIR)
            sets = tuple(g for g in standing if g.kind != PAIR) + meld_groups
            yield _view(hand, STANDARD, sets, pair, (), placed,
                        wait_shape(groups[index], win_tile))
    if allow_seven_pairs and not melds:
        pairs = seven_pairs(concealed_counts)
        if pairs is not None:
            placed = Group(PAIR, win_tile, self_draw)
            rest = list(pairs)
            rest.remove(Group(PAIR, win_tile, True))
            yield _view(hand, SEVEN_PAIRS, (), None, tuple(rest) + (placed,), placed, "pair")
