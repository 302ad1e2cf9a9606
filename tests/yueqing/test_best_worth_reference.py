"""The scorer's best reading against every reading the engine gives (G-4),
every item test run on each (no gates, no merging of alike readings, nothing found once per
hand), 台 and flowers summed straight from the catalogue and the rule text, the most paid kept.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.hands import yueqing_hands
from service.hand.groups import ANGANG, KONG, TRIPLET, Group
from service.rulesets.registry import PatternTests, recognise
from service.rulesets.yueqing.catalogue import BY_ID, ITEMS, MINOR
from service.rulesets.yueqing.rules import tune
from service.rulesets.yueqing.view import Table
from service.scoring import score
from service.tiles import GREEN, RED
from tests.budget import examples
from tests.catalogues import every_one_on
from tests.yueqing import reference
from tests.yueqing.test_merged_readings import readings

# Every item switched on, whatever its row's default: the gates of one declared off too.
PLAYED = tune(every_one_on("yueqing"))

ALL_TESTS = PatternTests(((item.id, item.test, 0) for item in ITEMS),
                         excludes={item.id: item.excludes for item in ITEMS if item.excludes})


def reference_flowers(groups: tuple[Group, ...], held: int, table: Table) -> int:
    """YQ-16, read from the rule text."""
    count = 5 if table.flowers == 4 else table.flowers
    count += 4 if held == 3 else held
    for group in groups:
        if group.kind not in (TRIPLET, KONG):
            continue
        special = group.first == table.seat_wind or (
            group.first in (RED, GREEN) and not group.wilds)
        concealed_kong = group.meld == ANGANG
        if special and group.first != table.caishen:
            count += 1 if group.kind == TRIPLET else 3 if concealed_kong else 2
        elif group.kind == KONG:
            count += 2 if concealed_kong else 1
    return count


def reference_total(hits: dict[str, Any]) -> int:
    """YQ-15."""
    minor = sum(BY_ID[i].value * count for i, (count, _) in hits.items()
                if BY_ID[i].group == MINOR)
    major = sum(BY_ID[i].value * count for i, (count, _) in hits.items()
                if BY_ID[i].group != MINOR)
    return reference.total_tai(minor, major)


def reference_best(request: dict[str, Any]) -> int:
    best = -1
    for view in readings(request, merge=False):
        hits = recognise(ALL_TESTS, view)
        caishen = view.table.caishen
        held = list(view.request["hand"]["concealed"]).count(caishen) + sum(
            m.tiles.count(caishen) for m in view.melds)
        paid = reference_total(hits) + reference.tiao(
            reference_flowers(view.groups, held, view.table))
        best = max(best, paid)
    return best


def scored_worth(request: dict[str, Any]) -> int:
    answer = score("yueqing", request)
    return int(answer["tai"]["total"]) + int(answer["flowers"]["tiao"])


def varied(request: dict[str, Any], seed: int) -> dict[str, Any]:
    """The generated hand at another table: dealer, flowers laid aside, a kong bloom."""
    request = {**request, "dealer": seed % 4,
               "hand": {**request["hand"], "flowers": seed // 4 % 5}}
    kongs = [m for m in request["hand"]["melds"] if m["type"] in ("gang", "angang")]
    if kongs and request["win"]["by"] == "self_draw" and seed % 3 == 0:
        request["situation"] = {"after_kong": True}
    return request


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(0, 1_000_000), st.integers(0, 3))
def test_best_worth_equals_the_plain_reference(seed: int, wilds: int) -> None:
    """Hands with 0-3 财神 (bench/hands.py places 0-3 at random; ``wilds`` 0 asks for none)."""
    request = varied(yueqing_hands(1, seed=seed, wilds=wilds > 0)[0], seed)
    assert scored_worth(request) == reference_best(request)


def test_the_reference_reads_a_known_hand() -> None:
    # 财神 6s, 做牛 and 对对胡 with 双财神: (1 + 20) × 2 = 42 (test_best_reading.py).
    request = {"dealer": 0, "winner": 1, "caishen": "6s",
               "hand": {"concealed": "111m33344455566999s", "melds": []},
               "win": {"tile": "1m", "by": "self_draw"}}
    assert reference_best(request) == scored_worth(request) == 42 + 2  # two 财神 held: 2 花


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(0, 1_000_000))
def test_hand_needs_only_skip_tests_that_could_not_apply(seed: int) -> None:
    """The items found once per hand are gated by the hand's flags (catalogue ``needs``):
    skipping by them never changes what a hand finds."""
    for view in readings(varied(yueqing_hands(1, seed=seed)[0], seed), merge=False):
        assert recognise(PLAYED.hand_tests, view, view.has) == \
            recognise(PLAYED.hand_tests, view, -1)
