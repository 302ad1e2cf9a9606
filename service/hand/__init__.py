"""The hand-reading engine shared by both rulesets: splits, wilds, waits, checks.

Free of Flask and of any ruleset: it knows sets, pairs and tiles, nothing of 番 or 台.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.hand.groups import Group, Meld
from service.hand.validate import REAL_MELDS, check_meld


def prepare_melds(raw: Sequence[dict[str, Any]], field: str = "hand.melds") -> list[Meld]:
    """Melds from loaded request data, each checked to be a real set."""
    melds: list[Meld] = []
    for meld in raw:
        kind, tiles = meld["type"], tuple(meld["tiles"])
        if (kind, tiles) not in REAL_MELDS:  # check_meld says what is wrong with it
            check_meld(kind, tiles, f"{field}.{len(melds)}")
        melds.append(Meld(kind, tiles, meld["source"]))
    return melds


__all__ = ["Group", "Meld", "prepare_melds"]
