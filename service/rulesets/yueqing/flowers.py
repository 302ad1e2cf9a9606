"""花 (YQ-16) and how many 条 they are worth (YQ-17)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.hand.groups import ANGANG, KONG, TRIPLET, Group
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


_FLOWER, _CAISHEN, _KONG, _SEAT_WIND, _RED, _GREEN = range(6)  # places in FLOWER_ITEMS
_NATURAL_ONLY = {RED: _RED, GREEN: _GREEN}  # sets that count only of natural tiles


def flower_counts(groups: Sequence[Group], caishen_held: int, table: Table) -> list[int]:
    """How many 花 each flower item counts, in FLOWER_ITEMS order, for one player's sets
    (melds and standing sets) and tiles (YQ-16)."""
    counted = [5 if table.flowers == 4 else table.flowers,
               4 if caishen_held == 3 else caishen_held, 0, 0, 0, 0]
    seat_wind, caishen = table.seat_wind, table.caishen
    for kind, first, _, stand_for, meld, _ in groups:
        if kind != TRIPLET and kind != KONG:
            continue
        if first == seat_wind:
            place = _SEAT_WIND
        else:
            place = _KONG if stand_for else _NATURAL_ONLY.get(first, _KONG)
        if first == caishen or place == _KONG:
            if kind == KONG:
                counted[_KONG] += 2 if meld == ANGANG else 1
        elif kind == KONG:
            # a seat-wind, 红中 or 发财 set: triplet 1, exposed kong 2, concealed kong 3
            counted[place] += 3 if meld == ANGANG else 2
        else:
            counted[place] += 1
    return counted


def summary(counted: list[int]) -> dict[str, Any]:
    """The flower items that count (``flower_counts``) as answers list them, their total 花
    and its 条."""
    items = [{"id": fid, "name": name, "name_en": name_en, "flowers": value}
             for (fid, name, name_en, _), value in zip(FLOWER_ITEMS, counted, strict=True)
             if value]
    count = sum(counted)
    return {"items": items, "count": count, "tiao": tiao(count)}
