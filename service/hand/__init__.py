"""The hand-reading engine shared by both rulesets: splits, wilds, waits, checks.

Free of Flask and of any ruleset: it knows sets, pairs and tiles, nothing of 番 or 台.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.hand.groups import Group, Meld
from service.hand.validate import check_meld


def prepare_melds(raw: Sequence[dict[str, Any]], field: str = "hand.melds") -> list[Meld]:
    """Melds from loaded request data, each checked to be a real set."""
    melds = [Meld(m["type"], tuple(m["tiles"]), m["source"]) for m in raw]
    for index, meld in enumerate(melds):
        check_meld(meld, f"{field}.{index}")
    return melds


__all__ = ["Group", "Meld", "prepare_melds"]
