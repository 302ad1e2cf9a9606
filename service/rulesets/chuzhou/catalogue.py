"""The Chuzhou pattern catalogue: one row per pattern, as the rule text lists them.

Each row: id, Chinese and English names, values (``ming``/``an`` for 明/暗 patterns, ``value``
for one-valued ones), the test that recognises it (patterns.py), what it excludes, and the
condition as implemented. ``GET /v1/rulesets/chuzhou`` serves this table and
docs/rules/chuzhou.md explains it. Adding a house rule is adding a row and its test.
"""

from __future__ import annotations

from typing import NamedTuple

from service.rulesets.chuzhou import patterns as p
from service.rulesets.chuzhou.view import Need


class Pattern(NamedTuple):
    id: str
    name: str
    name_en: str
    values: dict[str, int]
    test: p.Test
    condition: str
    excludes: tuple[str, ...] = ()
    needs: Need = Need(0)  # what a reading must have for the test to be worth running
    # False where the test reads only the hand and the situation, never the reading, so every
    # reading of a hand finds the same (tests/chuzhou/test_why.py). The scorer still runs it
    # with the reading's other tests, in one pass: most hands read one way.
    per_reading: bool = True

    def value(self, concealed: bool) -> int:
        if "value" in self.values:
            return self.values["value"]
        return self.values["an" if concealed else "ming"]


def one(value: int) -> dict[str, int]:
    return {"value": value}


def two(ming: int, an: int) -> dict[str, int]:
    return {"ming": ming, "an": an}


PATTERNS: tuple[Pattern, ...] = (
    Pattern("base_win", "底胡", "Base win", one(10), p.base_win, "every win",
            per_reading=False),
    Pattern("self_draw", "自摸", "Self-draw", one(10), p.self_draw, "won on a self-drawn tile",
            needs=Need.SELF_DRAW,
            per_reading=False),
    Pattern("concealed_triplet", "老资格", "Concealed triplet", one(10), p.concealed_triplet,
            "each triplet standing concealed at the win (坎); a discard completing it makes it "
            "exposed (G-5); a concealed kong is no 坎 (CZ-4)",
            needs=Need.KAN1),
    Pattern("all_triplets", "对对胡", "All triplets", one(40), p.all_triplets,
            "four triplets or kongs and a pair",
            needs=Need.TRIP4),
    Pattern("three_concealed_triplets", "硬三坎", "Three concealed triplets", one(80),
            p.three_concealed_triplets, "three or more 坎",
            needs=Need.KAN3),
    Pattern("four_concealed_triplets", "坎坎胡", "Four concealed triplets", one(1000),
            p.four_concealed_triplets, "four 坎 and a pair, 门清 and self-drawn",
            ("three_concealed_triplets",),
            needs=Need.KAN4 | Need.SELF_DRAW | Need.MENQING),
    Pattern("heavenly_hand", "天胡", "Heavenly hand", one(500), p.heavenly_hand,
            "the dealer wins on the first 14 tiles, self-drawn (CZ-11)",
            needs=Need.HEAVENLY,
            per_reading=False),
    Pattern("earthly_hand", "地胡", "Earthly hand", one(500), p.earthly_hand,
            "a non-dealer self-draws in the first go-around (CZ-11)",
            needs=Need.EARTHLY,
            per_reading=False),
    Pattern("last_tile_draw", "海底捞月", "Last tile draw", one(20), p.last_tile_draw,
            "self-drawn on the last drawable tile",
            needs=Need.LAST_TILE,
            per_reading=False),
    Pattern("exposed_kong", "明杠", "Exposed kong", one(10), p.exposed_kong,
            "each exposed kong, claimed or upgraded from a 碰",
            needs=Need.EXPOSED_KONG,
            per_reading=False),
    Pattern("concealed_kong", "暗杠", "Concealed kong", one(20), p.concealed_kong,
            "each concealed kong",
            needs=Need.CONCEALED_KONG,
            per_reading=False),
    Pattern("small_flowers", "小花", "Small flowers", two(10, 20), p.small_flowers,
            "one 小花 held (明花) 10; both (暗花) 20",
            needs=Need.FLOWERS,
            per_reading=False),
    Pattern("win_after_kong", "杠后开", "Win after kong", one(10), p.win_after_kong,
            "self-drawn on the replacement after a kong or a 小花",
            needs=Need.AFTER_KONG,
            per_reading=False),
    Pattern("two_suits", "缺一门", "Two suits", one(10), p.two_suits,
            "exactly two of 万 饼 条 present, honours allowed (CZ-9)",
            needs=Need.TWO_SUITS,
            per_reading=False),
    Pattern("concealed_hand", "门清", "Concealed hand", one(10), p.concealed_hand,
            "no 吃, 碰 or 明杠 (暗杠 allowed)",
            needs=Need.MENQING,
            per_reading=False),
    Pattern("concealed_self_draw", "不求人", "Concealed self-draw", one(50),
            p.concealed_self_draw, "门清 and self-drawn", ("concealed_hand",),
            needs=Need.MENQING | Need.SELF_DRAW,
            per_reading=False),
    Pattern("all_claimed", "全求人", "All claimed", one(50), p.all_claimed,
            "four claimed melds, no 暗杠, the pair completed by a discard",
            needs=Need.FOUR_CLAIMED,
            per_reading=False),
    Pattern("old_young", "老少付", "Old and young", two(10, 20), p.old_young,
            "123 and 789 of one suit, each instance",
            needs=Need.OLD_YOUNG),
    Pattern("twin_sequences", "姊妹付", "Twin sequences", two(20, 40), p.twin_sequences,
            "two identical sequences, each instance",
            needs=Need.TWIN),
    Pattern("pure_three_sequences", "清三付", "Pure three sequences", two(20, 40),
            p.pure_three_sequences, "three sequences of one suit",
            needs=Need.SUIT_SEQ3),
    Pattern("pure_four_sequences", "清四付", "Pure four sequences", two(40, 80),
            p.pure_four_sequences, "four sequences of one suit", ("pure_three_sequences",),
            needs=Need.SUIT_SEQ4),
    Pattern("three_color_sequences", "三付同", "Three-colour sequences", two(40, 80),
            p.three_color_sequences, "the same sequence in all three suits",
            needs=Need.COLOR_SEQ),
    Pattern("four_same_sequences", "四付同", "Four same sequences", two(60, 120),
            p.four_same_sequences, "三付同 plus a fourth identical sequence",
            ("three_color_sequences", "twin_sequences"),
            needs=Need.COLOR_SEQ | Need.SEQ4),
    Pattern("half_dragon", "半条龙", "Half dragon", two(10, 20), p.half_dragon,
            "123+456 or 456+789 of one suit, each instance",
            needs=Need.HALF_DRAGON),
    Pattern("full_dragon", "一条龙", "Full dragon", two(80, 160), p.full_dragon,
            "123, 456 and 789 of one suit", ("half_dragon", "old_young"),
            needs=Need.DRAGON),
    Pattern("dragon_bonus", "一条龙加番", "Dragon add-on", one(10), p.dragon_bonus,
            "a 明 龙 two of whose three straight sets are concealed (CZ-8)",
            needs=Need.DRAGON),
    Pattern("double_dragon", "双龙", "Double dragon", two(160, 320), p.double_dragon,
            "一条龙 plus another 123, 456 or 789 of its suit",
            ("full_dragon", "half_dragon", "old_young", "twin_sequences"),
            needs=Need.DRAGON | Need.SEQ4),
    Pattern("four_in_one", "四合一", "Four in one", two(40, 80), p.four_in_one,
            "each suited tile held four times, one copy in a sequence (three as a triplet); "
            "judged per tile, like 四合二 and 四合四 (CZ-5)",
            needs=Need.SEQ1 | Need.FOURS),
    Pattern("four_in_two", "四合二", "Four in two", two(80, 160), p.four_in_two,
            "each suited tile held four times, two copies in sequences (two as the pair)",
            needs=Need.SEQ2 | Need.FOURS),
    Pattern("four_in_four", "四合四", "Four in four", two(80, 160), p.four_in_four,
            "each suited tile held four times, every copy in a sequence",
            needs=Need.SEQ4 | Need.FOURS),
    Pattern("pure_three_triplets", "清三对", "Pure three triplets", two(40, 80),
            p.pure_three_triplets, "three triplets or kongs of one suit (CZ-3)",
            needs=Need.SUIT_TRIP3),
    Pattern("pure_four_triplets", "清四对", "Pure four triplets", two(80, 160),
            p.pure_four_triplets, "four triplets or kongs of one suit", ("pure_three_triplets",),
            needs=Need.SUIT_TRIP4),
    Pattern("three_color_triplets", "三对同", "Three-colour triplets", two(200, 400),
            p.three_color_triplets, "triplets of the same number in all three suits",
            needs=Need.COLOR_TRIP),
    Pattern("pure_terminals", "清十四一", "Pure terminals", two(280, 560), p.pure_terminals,
            "only 1s and 9s of the three suits", ("all_triplets",),
            needs=Need.TERMINALS_ONLY | Need.NO_HONORS,
            per_reading=False),
    Pattern("mixed_terminals", "混十四一", "Mixed terminals", two(140, 280), p.mixed_terminals,
            "only 1s, 9s and honours, both present", ("all_triplets",),
            needs=Need.TERMINALS_ONLY | Need.HONORS,
            per_reading=False),
    Pattern("consecutive_triplets", "清三连对", "Consecutive triplets", two(120, 240),
            p.consecutive_triplets,
            "three triplets of one suit with consecutive numbers, or of three of 东南西北",
            needs=Need.RUN_TRIP),
    Pattern("soft_four_winds", "软四喜", "Soft four winds", two(240, 480), p.soft_four_winds,
            "a triplet or pair of each of 东南西北, won on a wind",
            needs=Need.WIND_WIN | Need.FOUR_WINDS),
    Pattern("hard_four_winds", "硬四喜", "Hard four winds", two(480, 960), p.hard_four_winds,
            "软四喜 where the hand waited on two winds (双碰) and won on one",
            ("soft_four_winds",),
            needs=Need.WIND_WIN | Need.FOUR_WINDS | Need.TRIP3 | Need.STANDARD),
    Pattern("full_flush", "清一色", "Full flush", two(200, 400), p.full_flush,
            "one suit, no honours",
            needs=Need.ONE_SUIT | Need.NO_HONORS,
            per_reading=False),
    Pattern("half_flush", "混一色", "Half flush", two(40, 80), p.half_flush,
            "one suit and honours, both present",
            needs=Need.ONE_SUIT | Need.HONORS,
            per_reading=False),
    Pattern("pure_outside", "清\"1\"", "Pure outside", two(80, 160), p.pure_outside,
            "a pair of 1s or 9s and four sequences, each 123 or 789",
            needs=Need.OUTSIDE | Need.SEQ4),
    Pattern("mixed_outside", "混\"1\"", "Mixed outside", two(40, 80), p.mixed_outside,
            "an honour pair and four sequences, each 123 or 789",
            needs=Need.OUTSIDE | Need.SEQ4 | Need.HONORS),
    Pattern("three_dragons", "三大元", "Three dragons", two(500, 1000), p.three_dragons,
            "triplets or kongs of 中, 发 and 白",
            needs=Need.THREE_DRAGONS | Need.TRIP3),
    Pattern("seven_pairs", "七对", "Seven pairs", two(80, 160), p.seven_pairs,
            "seven pairs, declared ready (CZ-10)",
            needs=Need.SEVEN_PAIRS),
    Pattern("seven_pairs_last_copy", "七对暗绝", "Seven pairs on the last copy", two(160, 320),
            p.seven_pairs_last_copy,
            "five pairs and a 坎, won on the 坎's fourth tile: 七对暗绝 160, self-drawn 七对暗暗绝 "
            "320", ("seven_pairs",),
            needs=Need.SEVEN_PAIRS),
    Pattern("all_honors", "风胡", "All honours", two(2000, 4000), p.all_honors,
            "every tile an honour", ("all_triplets",),
            needs=Need.ALL_HONOURS,
            per_reading=False),
    Pattern("three_fives", "三付5", "Three fives", two(20, 40), p.three_fives,
            "a sequence holding a 5 in each suit",
            needs=Need.FIVES),
    Pattern("four_fives", "四付5", "Four fives", two(40, 80), p.four_fives,
            "三付5 plus another sequence holding a 5", ("three_fives",),
            needs=Need.FIVES | Need.SEQ4),
    Pattern("threes_and_sevens", "付付尖", "Threes and sevens", two(40, 80), p.threes_and_sevens,
            "every set holds a 3 or a 7 and the pair is 33 or 77",
            needs=Need.STANDARD | Need.NO_HONORS | Need.PAIR_3_7 | Need.SEQ_3_7 | Need.TRIP_3_7),
    Pattern("same_number", "付付同", "Same number", two(80, 160), p.same_number,
            "one number in every set and in the pair, no honours",
            needs=Need.STANDARD | Need.NARROW),
    Pattern("same_number_all_suits", "付付全", "Same number, all suits", two(160, 320),
            p.same_number_all_suits, "付付同 with all three suits", ("same_number",),
            needs=Need.STANDARD | Need.NARROW),
    Pattern("terminal_triplets", "天地碰", "Terminal triplets", two(40, 80), p.terminal_triplets,
            "a triplet of 1 and a triplet of 9 of one suit, each instance",
            needs=Need.END_TRIP),
    Pattern("last_copy", "绝张", "Last copy", two(80, 160), p.last_copy,
            "declared; a suited winning tile whose other copies include a 碰 on the table",
            needs=Need.DECLARED | Need.TABLE_PENG_WIN,
            per_reading=False),
    Pattern("early_ready", "硬子", "Early ready", two(80, 160), p.early_ready,
            "declared in the first go-around",
            needs=Need.DECLARED | Need.READY_FIRST_TURN,
            per_reading=False),
    Pattern("center_five", "中心5", "Centre five", two(20, 40), p.center_five,
            "declared; the single wait was a suited 5",
            needs=Need.DECLARED | Need.FIVE_WIN,
            per_reading=False),
    Pattern("edge_wait", "边3/7", "Edge three or seven", two(20, 40), p.edge_wait,
            "declared; the wait was 12 waiting 3 or 89 waiting 7",
            needs=Need.DECLARED),
)

BY_ID = {pattern.id: pattern for pattern in PATTERNS}


def catalogue() -> dict[str, object]:
    return {
        "id": "chuzhou", "name": "楚州麻将", "name_en": "Chuzhou mahjong",
        "patterns": [
            {"id": x.id, "name": x.name, "name_en": x.name_en, "values": x.values,
             "excludes": list(x.excludes), "condition": x.condition}
            for x in PATTERNS
        ],
    }
