"""Why each pattern counts: every entry names the sets (indices into hand.sets) it was read
from; whole-hand and situation patterns name none."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.hands import chuzhou_hands
from service.rulesets.chuzhou.scorer import hand_patterns
from service.scoring import score
from tests.budget import examples
from tests.chuzhou.helpers import body, readings


def read_from(result: dict[str, Any], pid: str) -> list[list[str]]:
    """The tiles of the sets each entry of ``pid`` names, 暗 entry first."""
    sets = result["hand"]["sets"]
    return [[sets[i]["tiles"] for i in e["sets"]] for e in result["patterns"] if e["id"] == pid]


def test_set_patterns_name_their_sets() -> None:
    # 一条龙 in 万, a 坎 of 5s: the dragon names its three sequences, the 坎 its triplet.
    result = score("chuzhou", body("123456789m11z555s", "5s"))
    assert read_from(result, "full_dragon") == [["123m", "456m", "789m"]]
    assert read_from(result, "concealed_triplet") == [["555s"]]
    assert read_from(result, "base_win") == [[]]
    assert read_from(result, "concealed_self_draw") == [[]]


def test_instances_of_one_value_share_an_entry_and_list_every_set() -> None:
    # Two 老少付 in 万 (123m 789m twice), both concealed: one 暗 entry naming four sets.
    result = score("chuzhou", body("112233778899m55p", "5p", by="discard", source=3))
    (entry,) = [e for e in result["patterns"] if e["id"] == "old_young"]
    assert entry["count"] == 2 and entry["concealed"]
    assert sorted(result["hand"]["sets"][i]["tiles"] for i in entry["sets"]) == \
        ["123m", "123m", "789m", "789m"]


def test_meld_patterns_name_the_meld() -> None:
    result = score("chuzhou", body("123m456p11z555s", "5s", melds=("gang:7777s:2",)))
    assert read_from(result, "exposed_kong") == [["7777s"]]


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 100_000))
def test_patterns_marked_per_hand_read_the_same_on_every_reading(seed: int) -> None:
    """A pattern run once per hand (catalogue ``per_reading=False``) must not depend on the
    reading: it finds the same on every reading the engine gives."""
    found = {repr(hand_patterns(view)) for view in readings(chuzhou_hands(1, seed=seed)[0])}
    assert len(found) == 1
