"""Readings the items cannot tell apart are scored once; the best reading's worth is the one
reading every split at every place would give (G-4)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.hands import yueqing_hands
from service.rulesets.registry import recognise
from service.rulesets.yueqing import scorer
from service.rulesets.yueqing.flowers import flower_counts, tiao
from service.rulesets.yueqing.rules import tune
from service.rulesets.yueqing.settlement import total_tai
from service.rulesets.yueqing.tiles import caishen_held, flower_tile
from service.rulesets.yueqing.view import Table, View, seat_wind, views
from service.scoring import load, own_action
from tests.budget import examples
from tests.catalogues import every_one_on
from tests.yueqing.helpers import body


def readings(request: dict[str, Any], merge: bool) -> Iterator[View]:
    """Every reading the scorer sees for a request body, alike ones merged or not."""
    data = load(own_action("yueqing", "score").request, request)
    hand, win, caishen = data["hand"], data["win"], data["caishen"]
    table = Table(caishen, flower_tile(caishen), seat_wind(data["winner"], data["dealer"]),
                  hand["flowers"])
    win_is_wild = win["tile"] == caishen and win["by"] == "self_draw"
    yield from views(hand["concealed"], scorer.prepare_melds(hand["melds"]), win["tile"],
                     win_is_wild, table, data, merge=merge)


def best_worth(request: dict[str, Any], merge: bool) -> tuple[int, int]:
    """(best 台 + flower 条, readings scored) with or without merging alike readings."""
    data = load(own_action("yueqing", "score").request, request)
    held = caishen_held(data["hand"]["concealed"], scorer.prepare_melds(data["hand"]["melds"]),
                        data["caishen"])
    best, count = -1, 0
    for view in readings(request, merge):
        count += 1
        hits = scorer.recognise(view, scorer.hand_items(view))
        flowers = flower_counts(view.sets, held, view.table)  # the five sets, not the pair
        best = max(best, total_tai(*scorer.minor_major(hits)) + tiao(sum(flowers)))
    return best, count


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 100_000))
def test_merged_readings_keep_the_best_worth(seed: int) -> None:
    request = yueqing_hands(1, seed=seed)[0]
    assert best_worth(request, merge=True)[0] == best_worth(request, merge=False)[0]


def test_three_wilds_in_one_suit_are_read_a_few_times_not_hundreds() -> None:
    request = body("11122233344456m777z", "7z", caishen="7z")
    merged, exhaustive = best_worth(request, True), best_worth(request, False)
    assert merged[0] == exhaustive[0]
    assert exhaustive[1] > 1000 and merged[1] < 100


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 100_000))
def test_items_marked_per_hand_read_the_same_on_every_reading(seed: int) -> None:
    """An item run once per hand (catalogue ``per_reading=False``) must not depend on the
    reading: it finds the same on every reading the engine gives."""
    request = yueqing_hands(1, seed=seed)[0]
    found = {repr(scorer.hand_items(view)) for view in readings(request, merge=False)}
    assert len(found) == 1


@settings(max_examples=examples(80), deadline=None)
@given(st.integers(0, 100_000))
def test_needs_only_skip_tests_that_could_not_apply(seed: int) -> None:
    """Skipping an item by its catalogue ``needs`` never changes what a reading scores."""
    tests = tune(every_one_on("yueqing")).reading_tests  # every item on, whatever its row says
    for view in readings(yueqing_hands(1, seed=seed)[0], merge=False):
        assert recognise(tests, view, view.has) == recognise(tests, view, -1)
