"""Yueqing's house rules: every number a table may set otherwise (docs/house-rules.md), and
the tables the scorer, the flowers, the settlement and the escape read, built from one full
set of their values.

Each 台 item has ``<id>.on`` and ``<id>.tai``, each flower item ``<id>.on`` and its 花
values; the defaults are the catalogue's (items.py, catalogue.py). The 台 total (YQ-15), the
flower ladder (YQ-17), the payments (YQ-18 to YQ-20) and the escape's fine (YQ-22) follow.
``tune`` builds a ``Tuned`` from a full set of values; service/house.py calls it once per
fingerprint, and ``DEFAULT`` is the seed text's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any, Final, NamedTuple

from service.language import N_, Named, Phrase, joined, sentence
from service.rulesets.registry import PatternTests
from service.rulesets.yueqing.catalogue import (
    BY_ID,
    FLOWER_VALUES,
    GROUP_NAMES,
    ITEMS,
    MINOR,
    Item,
)
from service.rulesets.yueqing.escape import JUDGES, Holding
from service.schemas.fields import MOST_IN_A_ROW
from service.schemas.rules import Parameter, choice, number, switch

MOST_TAI: Final = 1_000  # ten times the text's highest item, 100 台
MOST_FLOWERS: Final = 20
MOST_FINE: Final = 1_000_000  # an escape's base and multiplier, sent or the rules'


def _names(ids: tuple[str, ...]) -> list[str]:
    return [BY_ID[iid].name for iid in ids]


# Each description is said in the language a request asks for (service/language.py): built
# of sentences, each a msgid of the catalog.
def item_parameters(item: Item) -> list[Parameter]:
    """An item's switch (on or off by its row) and its 台, each at the row's default."""
    cited = re.search(r"YQ-\d+", item.condition)
    ruling = cited.group(0) if cited else ("YQ-6" if item.group == MINOR else "YQ-9")
    # The names first: a catalogue row's keyword (item) inside a sentence's call would
    # mislead pybabel's reading of the sentence (tools/messages.py).
    excluded = _names(item.excludes)
    off: list[str] = [sentence("off, it no longer counts")]
    if excluded:
        off.extend((" ", sentence("and no longer excludes: what it alone excluded ({names}) "
                                  "is judged again", names=excluded)))
    zero: list[str] = [sentence("at 0 it adds nothing to N (the minor items' 台)")
                       if item.group == MINOR else
                       sentence("at 0 it adds nothing to M (the major items' 台) and brings no "
                                "doubling (YQ-15)"), sentence(", but still counts")]
    if excluded:
        zero.extend((" ", sentence("and still excludes {names}", names=excluded)))
    named = Named(item.name, item.name_en)  # in Chinese, the name alone
    return [
        switch(f"{item.id}.on", item.name, f"{item.name_en}: counts",
               joined(sentence("whether {name} counts, in a hand and as an escape's "
                               "candidate; ", name=named), *off, " (G-8)"), ruling,
               item.on),
        number(f"{item.id}.tai", f"{item.name} 台", f"{item.name_en}: 台",
               joined(sentence("the 台 of {name}, a minor item, each time it counts (an "
                               "escape's candidate too); ", name=named) if item.group == MINOR
                      else sentence("the 台 of {name}, a major item, each time it counts (an "
                                    "escape's candidate too); ", name=named),
                      *zero, " (G-8)"), ruling, item.value, 0, MOST_TAI),
    ]


def _flower(fid: str, part: str, name: str, name_en: str, what: str) -> Parameter:
    return number(f"{fid}.{part}", name, name_en, joined(sentence("花 for "), what), "YQ-16",
                  FLOWER_VALUES[fid][part], 0, MOST_FLOWERS)


def _set_flowers(fid: str, name: str, name_en: str, natural: str) -> list[Parameter]:
    """A set with 花 of its own: ``natural`` says which of its triplets count."""
    return [
        switch(f"{fid}.on", name, f"{name_en}: counts", sentence(
            "whether a {name} set counts 花 of its own; off, its kongs count as any other "
            "kong's (kong.*) and its triplets nothing (G-8)", name=name), "YQ-16"),
        _flower(fid, "triplet", f"{name} 刻", f"{name_en}: triplet",
                sentence("a {name} triplet ({natural})", name=name, natural=Phrase(natural))),
        _flower(fid, "exposed_kong", f"{name} 明杠", f"{name_en}: exposed kong",
                sentence("an exposed kong of {name}", name=name)),
        _flower(fid, "concealed_kong", f"{name} 暗杠", f"{name_en}: concealed kong",
                sentence("a concealed kong of {name}", name=name)),
    ]


FLOWERS: Final = (
    switch("flower_tiles.on", "白板", "Flower tiles: count", Phrase(
        "whether the flower tiles laid aside (白板, or 红中 when 白板 is the 财神: YQ-3) count "
        "花; the 台 of 白板 and 四白板 are items of their own"), "YQ-16"),
    _flower("flower_tiles", "each", "白板 每张", "Flower tiles: each",
            Phrase("each flower tile laid aside")),
    _flower("flower_tiles", "all_four", "四白板 花", "Flower tiles: all four",
            Phrase("all four flower tiles laid aside, instead of four times each")),
    switch("caishen_tiles.on", "财神", "Caishen tiles: count", Phrase(
        "whether 财神 tiles count 花"),
           "YQ-16"),
    _flower("caishen_tiles", "each", "财神 每张", "Caishen tiles: each",
            Phrase("each 财神 held, standing or melded")),
    _flower("caishen_tiles", "three", "三财神 花", "Caishen tiles: three",
            Phrase("three 财神 held, instead of three times each")),
    switch("kong.on", "杠", "Kong: counts", Phrase(
        "whether the other kongs count 花: every kong but those of a seat-wind, 红中 or 发财 set "
        "that counts 花 of its own"), "YQ-16"),
    _flower("kong", "exposed", "明杠 花", "Kong: exposed", Phrase("each other exposed kong")),
    _flower("kong", "concealed", "暗杠 花", "Kong: concealed", Phrase("each other concealed kong")),
    *_set_flowers("seat_wind_set", "自风位", "Seat wind set", N_("a 财神 may complete it")),
    *_set_flowers("red_set", "红中", "Red dragon set", N_("natural tiles only")),
    *_set_flowers("green_set", "发财", "Green dragon set", N_("natural tiles only")),
)

SETTLEMENT: Final = (
    # 6台起翻 (YQ-15): up to the limit the minor 台 count as they are; from the next they
    # count 10 at 6 (the jump), and the total doubles.
    number("minor_limit", "起翻前最多台数", "Minor limit", Phrase(
        "N ≤ this many minor 台 count as they are (N' = N) and, with M 0 (no major 台: a major "
        "item worth 0 adds none), are the total undoubled"), "YQ-15", 5, 0, 30),
    number("minor_jump", "起翻加台", "Minor jump", Phrase(
        "what N' adds above the limit: N' = N + this (the text's 10 + N − 6)"), "YQ-15", 4, 0, 100),
    number("doubling", "翻倍", "Doubling", Phrase(
        "the factor of (N' + M) when M, the major items' 台, is above 0 or N passes the limit; a "
        "major item worth 0 brings no doubling"), "YQ-15", 2, 1, 4),
    choice("tiao_ladder", "花的算法", "Flower ladder", Phrase(
        "how 花 become 条: text (f ≤ 3: f; 4: tiao_at_four; 5 or more: (f − 2) × f) or linear (f "
        "条)"), "YQ-17", "text", ("text", "linear")),
    number("tiao_at_four", "四花条数", "Four flowers' 条", Phrase(
        "the 条 of exactly 4 花 on the text's ladder; 3-15 keeps the ladder from falling (5 花 "
        "are 15)"), "YQ-17", 10, 3, 15),
    number("hand_base", "底", "Hand base", Phrase("what every payer adds to the 台: 台 + this"),
           "YQ-18", 1, 0, 100),
    number("dealer_extra", "庄家加付", "Dealer's extra", Phrase(
        "what the dealer pays beyond the others when a non-dealer wins"), "YQ-18", 1, 0, 100),
    switch("lao_zhuang_pays", "牢庄加付", "Lao zhuang pays", Phrase(
        "whether a winning dealer's 牢庄 is added to what each other player pays"), "YQ-18"),
    number("lao_zhuang_cap", "牢庄上限", "Lao zhuang cap", sentence(
        "the most 牢庄 grows to; a request sending more is refused; at most {most:,}, the bound "
        "every request keeps", most=MOST_IN_A_ROW), "YQ-20", MOST_IN_A_ROW, 0, MOST_IN_A_ROW),
    switch("baopai", "包牌", "Liability", Phrase(
        "whether a seat can be liable (包牌): off, a request naming a liable seat is refused"),
        "YQ-19"),
    switch("kong_passes_deal", "杠过庄", "A kong passes the deal", Phrase(
        "whether a kong of four real tiles in a drawn hand passes the deal to the 下家"), "YQ-20"),
    number("escape_fine_base", "逃跑底", "Escape fine base", Phrase(
        "the fine's base when the request gives none"), "YQ-22", 1, 1, MOST_FINE),
    number("escape_fine_multiplier", "逃跑倍数", "Escape fine multiplier", Phrase(
        "the fine's multiplier when the request gives none: the fine is base × multiplier"),
        "YQ-22", 10, 1, MOST_FINE),
)

PARAMETERS: Final = tuple(p for item in ITEMS for p in item_parameters(item)) + FLOWERS \
    + SETTLEMENT

Judge = tuple[str, str, str, int, Callable[[Holding], bool]]  # id, names, 台, test


class Tuned(NamedTuple):
    """What the scorer, the flowers, the settlement and the escape read, for one set of
    parameter values."""

    reading_tests: PatternTests  # with what every item on excludes
    hand_tests: PatternTests
    values: dict[str, tuple[int, int]]  # each item's 台 as a minor and as a major item
    entry: dict[str, dict[str, Any]]     # each item's answer entry, copied per answer
    # 花, by flower item: each flower and all four, each 财神 and three, other kongs
    # (exposed, concealed); the seat-wind, 红中 and 发财 sets (triplet, exposed, concealed),
    # None for one switched off: its kongs then count as any other kong's
    flower_each: int
    flower_all_four: int
    caishen_each: int
    caishen_three: int
    kong_exposed: int
    kong_concealed: int
    sets: tuple[tuple[int, int, int] | None, ...]
    tiao_linear: bool
    tiao_at_four: int
    minor_limit: int
    minor_jump: int
    doubling: int
    hand_base: int
    dealer_extra: int
    lao_zhuang_pays: bool
    lao_zhuang_cap: int
    baopai: bool
    kong_passes_deal: bool
    judges: tuple[Judge, ...]
    fine_base: int
    fine_multiplier: int


def _flowers(values: Mapping[str, Any], fid: str, name: str) -> int:
    return values[f"{fid}.{name}"] if values[f"{fid}.on"] else 0


def _set(values: Mapping[str, Any], fid: str) -> tuple[int, int, int] | None:
    if not values[f"{fid}.on"]:
        return None  # what it alone excluded, the plain kong count, is judged again (G-8)
    return (values[f"{fid}.triplet"], values[f"{fid}.exposed_kong"],
            values[f"{fid}.concealed_kong"])


def tune(values: Mapping[str, Any]) -> Tuned:
    """The tables for one full set of parameter values: the items switched off are gone from
    the tests, the exclusions and the escape's candidates, so what only they excluded is
    judged again (G-8)."""
    on = [item for item in ITEMS if values[f"{item.id}.on"]]
    tai = {item.id: values[f"{item.id}.tai"] for item in on}
    return Tuned(
        # the reading's items exclude what the hand's found too (``given``)
        reading_tests=PatternTests(((i.id, i.test, i.needs) for i in on if i.per_reading),
                                   excludes={i.id: i.excludes for i in on if i.excludes}),
        hand_tests=PatternTests((i.id, i.test, i.needs) for i in on if not i.per_reading),
        values={i.id: (tai[i.id], 0) if i.group == MINOR else (0, tai[i.id]) for i in on},
        entry={i.id: {"id": i.id, "name": i.name, "name_en": i.name_en, "value": tai[i.id],
                      "count": 0, "group": i.group, "group_name": GROUP_NAMES[i.group],
                      "tai": 0, "sets": []} for i in on},
        flower_each=_flowers(values, "flower_tiles", "each"),
        flower_all_four=_flowers(values, "flower_tiles", "all_four"),
        caishen_each=_flowers(values, "caishen_tiles", "each"),
        caishen_three=_flowers(values, "caishen_tiles", "three"),
        kong_exposed=_flowers(values, "kong", "exposed"),
        kong_concealed=_flowers(values, "kong", "concealed"),
        sets=(_set(values, "seat_wind_set"), _set(values, "red_set"),
              _set(values, "green_set")),
        tiao_linear=values["tiao_ladder"] == "linear",
        tiao_at_four=values["tiao_at_four"],
        minor_limit=values["minor_limit"],
        minor_jump=values["minor_jump"],
        doubling=values["doubling"],
        hand_base=values["hand_base"],
        dealer_extra=values["dealer_extra"],
        lao_zhuang_pays=values["lao_zhuang_pays"],
        lao_zhuang_cap=values["lao_zhuang_cap"],
        baopai=values["baopai"],
        kong_passes_deal=values["kong_passes_deal"],
        judges=tuple((pid, BY_ID[pid].name, BY_ID[pid].name_en, tai[pid], judge)
                     for pid, judge in JUDGES if pid in tai),
        fine_base=values["escape_fine_base"],
        fine_multiplier=values["escape_fine_multiplier"],
    )


DEFAULT: Final = tune({parameter.id: parameter.default for parameter in PARAMETERS})
