"""包庄's triggers (CZ-15), defined once: each pattern whose scoring can make a seat liable,
which claimed melds count towards it, and which claim is the liable one. rules.py makes each
a switch (``baozhuang.<pattern>``); settlement.py finds the liable seat by them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from service.hand.groups import CHI, Meld
from service.language import N_
from service.tiles import DRAGONS, is_terminal


class Trigger(NamedTuple):
    pattern: str                   # the pattern's id
    name: str                      # the switch's names
    name_en: str
    fed: str                       # the claim that makes its feeder liable, in words
    nth: int                       # the claim completing this many melds that count
    counts: Callable[[Meld], bool]  # which melds count


def _dragon_set(meld: Meld) -> bool:
    return meld.type != CHI and meld.tiles[0] in DRAGONS


def _terminal_set(meld: Meld) -> bool:
    return meld.type != CHI and is_terminal(meld.tiles[0])


def _any_meld(meld: Meld) -> bool:
    return True  # a full flush's melds are all of its suit


TRIGGERS: Final = (
    Trigger("three_dragons", "包庄：三大元", "Liability for three dragons",
            N_("the third dragon triplet"), 3, _dragon_set),
    Trigger("pure_terminals", "包庄：清十四一", "Liability for pure terminals",
            N_("the fourth terminal triplet"), 4, _terminal_set),
    Trigger("full_flush", "包庄：清一色", "Liability for a full flush",
            N_("the fourth one-suit meld"), 4, _any_meld),
)
