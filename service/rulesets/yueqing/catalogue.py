"""The Yueqing catalogue: the 台 items (minor, 1 台 each, and major) and the flower items.

Each row: id, names, group, value, the test that recognises it (items.py), what it
excludes, and the condition as implemented. ``GET /v1/rulesets/yueqing`` serves it.
"""

from __future__ import annotations

from typing import NamedTuple

from service.rulesets.yueqing import items as i
from service.rulesets.yueqing.view import Need

MINOR, MAJOR = "minor", "major"


class Item(NamedTuple):
    id: str
    name: str
    name_en: str
    group: str
    value: int
    test: i.Test
    condition: str
    excludes: tuple[str, ...] = ()
    # False where the test reads only the hand and the situation, never the reading: it is
    # then run once per hand, not once per reading.
    per_reading: bool = True
    needs: Need = Need(0)  # what a reading must have for the test to be worth running


ITEMS: tuple[Item, ...] = (
    Item("seat_wind", "自风位", "Seat wind", MINOR, 1, i.seat_wind,
         "a triplet or kong of the seat wind, a 财神 may complete it; not when the seat wind "
         "is the 财神",
         needs=Need.WIND_TRIPLET),
    Item("flower_tile", "白板", "Flower tile", MINOR, 1, i.flower_tile,
         "each flower tile laid aside", per_reading=False, needs=Need.FLOWERS),
    Item("red_triplet", "红中刻", "Red dragon triplet", MINOR, 1, i.red_triplet,
         "a triplet or kong of natural 红中; not when 红中 is the 财神 or the flower",
         needs=Need.DRAGON_TRIPLET),
    Item("green_triplet", "发财刻", "Green dragon triplet", MINOR, 1, i.green_triplet,
         "a triplet or kong of natural 发财; not when 发财 is the 财神",
         needs=Need.DRAGON_TRIPLET),
    Item("no_caishen", "无财神", "No caishen", MINOR, 1, i.no_caishen,
         "no 财神 tile stands in the hand", per_reading=False, needs=Need.NO_CAISHEN),
    Item("caishen_home_one", "财神一归位", "One caishen home", MINOR, 1, i.caishen_home_one,
         "exactly one 财神 used as its own face value inside a sequence (YQ-4, YQ-7)",
         needs=Need.HOME),
    Item("two_caishen", "双财神", "Two caishen", MINOR, 1, i.two_caishen,
         "exactly two 财神 in the hand", per_reading=False, needs=Need.TWO_WILDS),
    Item("kong_bloom", "杠上开花", "Kong bloom", MINOR, 1, i.kong_bloom,
         "self-drawn on the replacement tile after a kong",
         per_reading=False, needs=Need.SITUATION),
    Item("robbing_kong", "抢杠胡", "Robbing the kong", MINOR, 1, i.robbing_kong,
         "won on the tile another player added to a kong", per_reading=False, needs=Need.SITUATION),
    Item("ping_hu", "平胡", "Plain hand", MINOR, 1, i.ping_hu,
         "no triplet or kong, no 财神, the pair not the seat wind, 红中 or 发财, won at the open "
         "end of a two-sided wait (YQ-8)",
         needs=Need.NO_CAISHEN | Need.NO_TRIPLET),
    Item("all_triplets", "对对胡", "All triplets", MAJOR, 10, i.all_triplets,
         "five triplets or kongs and a pair",
         needs=Need.NO_SEQUENCE),
    Item("half_flush", "混一色", "Half flush", MAJOR, 10, i.half_flush,
         "one suit and honours, both present (a 财神 as what it stands for)",
         needs=Need.ONE_SUIT),
    Item("caishen_single_wait", "财神单吊", "Caishen single wait", MAJOR, 10,
         i.caishen_single_wait, "five melds and a 财神 kept alone (YQ-10)",
         per_reading=False, needs=Need.ALL_MELDED),
    Item("three_caishen", "三财神", "Three caishen", MAJOR, 10, i.three_caishen,
         "three 财神 in the hand", per_reading=False, needs=Need.TWO_WILDS),
    Item("caishen_pair", "财神做牛", "Caishen pair", MAJOR, 10, i.caishen_pair,
         "two 财神 make the pair",
         needs=Need.WILD_PAIR),
    Item("four_winds_shadow", "四风影", "Four winds shadow", MAJOR, 10, i.four_winds_shadow,
         "triplets of the three other winds and a pair of the seat wind; not when a wind is "
         "the 财神 (YQ-11)",
         needs=Need.WIND_TRIPLET),
    Item("caishen_home_two", "财神双归位", "Two caishen home", MAJOR, 10, i.caishen_home_two,
         "two 财神 归位 (YQ-7)",
         needs=Need.HOME),
    Item("single_wait_caishen", "单吊财神", "Single wait on caishen", MAJOR, 20,
         i.single_wait_caishen, "five melds, a plain tile kept, won by a self-drawn 财神",
         per_reading=False, needs=Need.ALL_MELDED),
    Item("full_flush", "清一色", "Full flush", MAJOR, 30, i.full_flush,
         "one suit, no honours (a 财神 as what it stands for)",
         needs=Need.ONE_SUIT),
    Item("four_winds", "四风齐", "Four winds", MAJOR, 30, i.four_winds,
         "triplets or kongs of all four winds; not when a wind is the 财神", ("seat_wind",),
         needs=Need.WIND_TRIPLET),
    Item("four_flowers", "四白板", "Four flowers", MAJOR, 30, i.four_flowers,
         "all four flower tiles laid aside", per_reading=False, needs=Need.FLOWERS),
    Item("hard_single_wait", "硬吊", "Hard single wait", MAJOR, 30, i.hard_single_wait,
         "five melds, a plain tile kept and its natural twin won", ("no_caishen",),
         per_reading=False, needs=Need.ALL_MELDED),
    Item("heavenly_hand", "天胡", "Heavenly hand", MAJOR, 30, i.heavenly_hand,
         "the dealer self-draws with the first 17 tiles (YQ-14)",
         per_reading=False, needs=Need.SITUATION),
    Item("earthly_hand", "地胡", "Earthly hand", MAJOR, 30, i.earthly_hand,
         "a non-dealer wins on the dealer's first discard (YQ-14)",
         per_reading=False, needs=Need.SITUATION),
    Item("caishen_triplet", "三财神刻", "Caishen triplet", MAJOR, 30, i.caishen_triplet,
         "three 财神 make one triplet", ("caishen_home_three",),
         needs=Need.WILD_TRIPLET),
    Item("three_beauties", "三美人", "Three beauties", MAJOR, 30, i.three_beauties,
         "红中 and 发财 triplets or kongs and three flower tiles laid aside; not when 白, 中 "
         "or 发 is the 财神 (YQ-12)", ("red_triplet", "green_triplet"),
         needs=Need.DRAGON_TRIPLET),
    Item("caishen_home_three", "财神三归位", "Three caishen home", MAJOR, 100,
         i.caishen_home_three, "three 财神 归位 (YQ-7)",
         needs=Need.HOME),
    Item("all_honors", "全字", "All honours", MAJOR, 100, i.all_honors,
         "every tile an honour (YQ-13)", ("seat_wind", "all_triplets", "half_flush"),
         needs=Need.ONLY_HONOURS),
)

BY_ID = {item.id: item for item in ITEMS}

FLOWER_ITEMS: tuple[tuple[str, str, str, str], ...] = (
    ("flower_tiles", "白板", "Flower tiles", "each flower tile 1; all four 5"),
    ("caishen_tiles", "财神", "Caishen tiles", "each 财神 tile held, standing or melded, 1; "
                                               "three 4"),
    ("kong", "杠", "Kong", "each other kong: exposed 1, concealed 2"),
    ("seat_wind_set", "自风位", "Seat wind set",
     "a triplet 1, exposed kong 2, concealed kong 3; none when the seat wind is the 财神"),
    ("red_set", "红中", "Red dragon set",
     "a natural triplet 1, exposed kong 2, concealed kong 3; none when 红中 is the 财神"),
    ("green_set", "发财", "Green dragon set",
     "a natural triplet 1, exposed kong 2, concealed kong 3; none when 发财 is the 财神"),
)


def catalogue() -> dict[str, object]:
    return {
        "id": "yueqing", "name": "乐清麻将", "name_en": "Yueqing mahjong",
        "patterns": [
            {"id": x.id, "name": x.name, "name_en": x.name_en, "group": x.group,
             "values": {"tai": x.value}, "excludes": list(x.excludes), "condition": x.condition}
            for x in ITEMS
        ],
        "flowers": [
            {"id": fid, "name": name, "name_en": name_en, "group": "flower",
             "values": {"flowers": 1}, "condition": condition}
            for fid, name, name_en, condition in FLOWER_ITEMS
        ],
    }
