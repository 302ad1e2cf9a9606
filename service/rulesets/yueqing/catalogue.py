"""The Yueqing catalogue: the 台 items (minor, 1 台 each, and major), whose rows live above
their tests in items.py, and the flower items. ``GET /v1/rulesets/yueqing`` serves it.
"""

from __future__ import annotations

from service.language import N_, Phrase, sentence
from service.rulesets.yueqing.items import ITEMS as ROWS
from service.rulesets.yueqing.items import MAJOR, MINOR, Item

__all__ = ["BY_ID", "FLOWER_ITEMS", "FLOWER_VALUES", "GROUP_NAMES", "ITEMS", "MAJOR", "MINOR",
           "TAI_NAMES", "Item", "catalogue"]

# Each id an answer carries besides the items', with its name in the language asked for
# (issue #45): the items' groups, and the parts of the 台 total (YQ-15).
GROUP_NAMES: dict[str, Phrase] = {MINOR: Phrase("minor items, 1 台 each"),
                                  MAJOR: Phrase("major items"),
                                  "flower": Phrase("flower items, in 花")}
TAI_NAMES: dict[str, Phrase] = {
    "minor": Phrase("minor items' 台 (N)"),
    "minor_adjusted": Phrase("minor 台 as counted past 5 (N')"),
    "major": Phrase("major items' 台 (M)"),
    "total": Phrase("台 in all"),
}

ITEMS: tuple[Item, ...] = tuple(ROWS)  # as items.py defines them, in its order
BY_ID = {item.id: item for item in ITEMS}

_SET_FLOWERS = {"triplet": 1, "exposed_kong": 2, "concealed_kong": 3}
# Each flower item's 花, by part, as the seed text gives them (YQ-16): rules.py makes each
# part a parameter with this default, and the conditions below are written from them.
FLOWER_VALUES: dict[str, dict[str, int]] = {
    "flower_tiles": {"each": 1, "all_four": 5},
    "caishen_tiles": {"each": 1, "three": 4},
    "kong": {"exposed": 1, "concealed": 2},
    "seat_wind_set": _SET_FLOWERS, "red_set": _SET_FLOWERS, "green_set": _SET_FLOWERS,
}
FLOWER_ITEMS: tuple[tuple[str, str, str, str], ...] = tuple(
    (fid, name, name_en, sentence(condition, **FLOWER_VALUES[fid]))
    for fid, name, name_en, condition in (
        ("flower_tiles", "白板", "Flower tiles", N_("each flower tile {each}; all four "
                                                   "{all_four}")),
        ("caishen_tiles", "财神", "Caishen tiles", N_("each 财神 tile held, standing or melded, "
                                                      "{each}; three {three}")),
        ("kong", "杠", "Kong", N_("each other kong: exposed {exposed}, concealed {concealed}")),
        ("seat_wind_set", "自风位", "Seat wind set",
         N_("a triplet {triplet}, exposed kong {exposed_kong}, concealed kong "
            "{concealed_kong}; none when the seat wind is the 财神")),
        ("red_set", "红中", "Red dragon set",
         N_("a natural triplet {triplet}, exposed kong {exposed_kong}, concealed kong "
            "{concealed_kong}; none when 红中 is the 财神")),
        ("green_set", "发财", "Green dragon set",
         N_("a natural triplet {triplet}, exposed kong {exposed_kong}, concealed kong "
            "{concealed_kong}; none when 发财 is the 财神")),
    ))


def catalogue() -> dict[str, object]:
    return {
        "id": "yueqing", "name": "乐清麻将", "name_en": "Yueqing mahjong",
        "patterns": [
            {"id": x.id, "name": x.name, "name_en": x.name_en, "group": x.group,
             "group_name": GROUP_NAMES[x.group],
             "values": {"tai": x.value}, "excludes": list(x.excludes),
             "condition": Phrase(x.condition)}
            for x in ITEMS
        ],
        "flowers": [
            {"id": fid, "name": name, "name_en": name_en, "group": "flower",
             "group_name": GROUP_NAMES["flower"],
             "values": {"flowers": 1}, "condition": condition}
            for fid, name, name_en, condition in FLOWER_ITEMS
        ],
    }
