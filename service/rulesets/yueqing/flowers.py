"""花 (YQ-16) and how many 条 they are worth (YQ-17)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from service.hand.groups import ANGANG, KONG, SEQUENCE, Group
from service.rulesets.yueqing.catalogue import FLOWER_ITEMS
from service.rulesets.yueqing.rules import DEFAULT, Tuned
from service.rulesets.yueqing.view import Table
from service.tiles import GREEN, RED


def tiao(flowers: int, tuned: Tuned = DEFAULT) -> int:
    """f ≤ 3: f 条; 4: 10 条; 5 or more: (f − 2) × f 条 (YQ-17); the rules may make 4 worth
    another number (``tiao_at_four``) or every 花 one 条 (``tiao_ladder`` linear)."""
    if flowers < 4 or tuned.tiao_linear:
        return flowers
    if flowers == 4:
        return tuned.tiao_at_four
    return (flowers - 2) * flowers


# Places in FLOWER_ITEMS. Final, like the tables below: compiled code reads a Final name as a
# constant, any other module-level name from the module's dict at every use.
_FLOWER: Final = 0
_CAISHEN: Final = 1
_KONG: Final = 2
_SEAT_WIND: Final = 3  # the sets with their own item: _SEAT_WIND + their place in Tuned.sets
_RED: Final = 4
_GREEN: Final = 5


def _place(tile: int, table: Table) -> int | None:
    """The item a set of ``tile`` counts under, if it has its own: the seat wind, and 红中 and
    发财 of natural tiles only; never the 财神's tile."""
    if tile == table.caishen:
        return None
    if tile == table.seat_wind:
        return _SEAT_WIND
    if tile == RED:
        return _RED
    if tile == GREEN:
        return _GREEN
    return None


def flower_counts(groups: Iterable[Group], caishen_held: int, table: Table,
                  tuned: Tuned = DEFAULT) -> list[int]:
    """How many 花 each flower item counts, in FLOWER_ITEMS order, for one player's sets
    (melds and standing sets, never the pair) and tiles (YQ-16), at the rules' values."""
    flowers = table.flowers
    counted = [tuned.flower_all_four if flowers == 4 else flowers * tuned.flower_each,
               tuned.caishen_three if caishen_held == 3 else caishen_held * tuned.caishen_each,
               0, 0, 0, 0]
    for kind, first, _, stand_for, meld, _ in groups:
        if kind == SEQUENCE:
            continue  # only triplets and kongs count
        place = _place(first, table)
        if place is not None and not (stand_for and place != _SEAT_WIND):
            own = tuned.sets[place - _SEAT_WIND]
            if own is not None:
                # a seat-wind, 红中 or 发财 set: triplet 1, exposed kong 2, concealed kong 3
                triplet, exposed, concealed = own
                if kind == KONG:
                    counted[place] += concealed if meld == ANGANG else exposed
                else:
                    counted[place] += triplet
                continue
        # any other kong, a 财神 completing 红中 or 发财 included, and one of a set whose own
        # item the rules switch off: exposed 1, concealed 2
        if kind == KONG:
            counted[_KONG] += tuned.kong_concealed if meld == ANGANG else tuned.kong_exposed
    return counted


# Each flower item as answers list it, its count to be filled in: made once, copied per answer.
_SHOWN: Final[tuple[dict[str, Any], ...]] = tuple(
    {"id": fid, "name": name, "name_en": name_en, "flowers": 0}
    for fid, name, name_en, _ in FLOWER_ITEMS)


def summary(counted: list[int], tuned: Tuned = DEFAULT) -> dict[str, Any]:
    """The flower items that count (``flower_counts``) as answers list them, their total 花
    and its 条."""
    items = []
    count = 0
    for place in range(len(counted)):  # a plain loop: those that count are few, often none
        flowers = counted[place]
        if flowers:
            item = _SHOWN[place].copy()
            item["flowers"] = flowers
            items.append(item)
            count += flowers
    return {"items": items, "count": count, "tiao": tiao(count, tuned)}
