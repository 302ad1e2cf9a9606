"""The sets a hand is read into, and the melds a request lists."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, NamedTuple

from service.tiles import render

SEQUENCE: Final = "sequence"
TRIPLET: Final = "triplet"
KONG: Final = "kong"
PAIR: Final = "pair"

CHI: Final = "chi"
PENG: Final = "peng"
GANG: Final = "gang"
ANGANG: Final = "angang"
MELD_KINDS: Final = {CHI: SEQUENCE, PENG: TRIPLET, GANG: KONG, ANGANG: KONG}


# A group inside one suit, as a suit's splits give it: kind, local first tile (0-8), and the
# local tiles the wilds in it stand for.
LocalGroup = tuple[str, int, tuple[int, ...]]


class Group(NamedTuple):
    """One set or the pair of a reading.

    ``wilds`` lists the tile each wild in the group stands for (a wild standing for its own
    face value is listed as that value too); ``meld`` is the meld type for exposed sets and
    concealed kongs, None for sets read out of the standing hand.
    """

    kind: str
    first: int
    concealed: bool
    wilds: tuple[int, ...] = ()
    meld: str | None = None
    source: int | None = None

    @property
    def tiles(self) -> tuple[int, ...]:
        f = self.first
        if self.kind == SEQUENCE:
            return (f, f + 1, f + 2)
        return (f,) * {TRIPLET: 3, KONG: 4, PAIR: 2}[self.kind]

    def describe(self) -> dict[str, object]:
        """The set as responses show it: ``{"type", "tiles", "concealed"}``."""
        return _DESCRIBED[self.kind][self.first][self.concealed].copy()


def _shown(kind: str, first: int, concealed: bool) -> dict[str, object]:
    return {"type": kind, "tiles": render(Group(kind, first, concealed).tiles),
            "concealed": concealed}


# Every set and pair as answers write it, by kind, first tile and concealed (exposed first):
# built once, so an answer copies a small dict instead of building one.
_DESCRIBED: Final[dict[str, dict[int, tuple[dict[str, object], dict[str, object]]]]] = {
    kind: {first: (_shown(kind, first, False), _shown(kind, first, True)) for first in range(34)
           if kind != SEQUENCE or (first < 27 and first % 9 <= 6)}
    for kind in (SEQUENCE, TRIPLET, KONG, PAIR)
}


def described(groups: Iterable[Group]) -> list[dict[str, object]]:
    """``[g.describe() for g in groups]``, without a call per group: the calls cost a
    never-seen hand 2,600-3,100 instructions compiled (docs/performance.md, Speed devices)."""
    return [_DESCRIBED[kind][first][concealed].copy()
            for kind, first, concealed, _wilds, _meld, _source in groups]


class Meld(NamedTuple):
    """A meld as the request gives it: type, tiles, and the seat the claimed tile came from."""

    type: str
    tiles: tuple[int, ...]
    source: int | None

    def group(self) -> Group:
        return meld_group(self)


def meld_group(meld: Meld) -> Group:
    """The meld as a set of a reading. Made anew each time: a memo of them gained nothing
    measurable on never-seen hands (docs/performance.md, each memo's gain)."""
    return Group(MELD_KINDS[meld.type], min(meld.tiles), meld.type == ANGANG, (), meld.type,
                 meld.source)
