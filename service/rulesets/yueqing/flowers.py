"""花 (YQ-16) and how many 条 they are worth (YQ-17)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.hand.groups import ANGANG, KONG, Group
from service.rulesets.yueqing.catalogue import FLOWER_ITEMS
from service.rulesets.yueqing.view import Table
from service.tiles import GREEN, RED


def tiao(flowers: int) -> int:
    """f ≤ 3: f 条; 4: 10 条; 5 or more: (f − 2) × f 条 (YQ-17)."""
    if flowers <= 3:
        return flowers
    if flowers == 4:
        return 10
    return (flowers - 2) * flowers


FLOWER_NAMES = {fid: {"name": name, "name_en": name_en} for fid, name, name_en, _ in FLOWER_ITEMS}


def _set_flowers(group: Group) -> int:
    """A seat-wind, 红中 or 发财 set: triplet 1, exposed kong 2, concealed kong 3."""
    if group.kind != KONG:
        return 1
    return 3 if group.meld == ANGANG else 2


def flower_items(groups: Sequence[Group], caishen_held: int, table: Table) -> list[dict[str, Any]]:
    """The flower items of one player's sets (melds and standing sets) and tiles."""
    special = {table.seat_wind: "seat_wind_set", RED: "red_set", GREEN: "green_set"}
    counted = {"flower_tiles": 5 if table.flowers == 4 else table.flowers,
               "caishen_tiles": 4 if caishen_held == 3 else caishen_held,
               "kong": 0, "seat_wind_set": 0, "red_set": 0, "green_set": 0}
    for group in groups:
        if not group.is_triplet_like:
            continue
        item = special.get(group.first)
        natural_only = group.first in (RED, GREEN)
        if item and group.first != table.caishen and not (natural_only and group.wilds):
            counted[item] += _set_flowers(group)
        elif group.kind == KONG:
            counted["kong"] += 2 if group.meld == ANGANG else 1
    return [{"id": key, **FLOWER_NAMES[key], "flowers": value}
            for key, value in counted.items() if value]


def summary(items: list[dict[str, Any]]) -> dict[str, Any]:
    count = sum(item["flowers"] for item in items)
    return {"items": items, "count": count, "tiao": tiao(count)}
