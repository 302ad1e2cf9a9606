"""Answer parts copied from templates built at import (scorer.entries, flowers.summary,
settlement.win_transfers, the answer's sets): the order the contract shows, and no answer
sharing anything it could change with the templates or with another answer, under the
defaults or house rules (the rules' overrides too), Chuzhou's answers included."""

from __future__ import annotations

import copy

import pytest

from service.rulesets.yueqing.catalogue import GROUP_NAMES, ITEMS
from service.rulesets.yueqing.scorer import entries
from service.scoring import score
from tests.chuzhou.helpers import body as cz
from tests.yueqing.helpers import body


def test_entries_come_in_catalogue_order_whatever_order_they_were_found_in() -> None:
    ids = [item.id for item in ITEMS]
    hits = {iid: (1, (0,)) for iid in reversed(ids[:12])}
    assert [e["id"] for e in entries(hits)] == ids[:12]
    one = entries({ids[3]: (2, (4, 1, 4))})
    assert one == [{"id": ids[3], "name": ITEMS[3].name, "name_en": ITEMS[3].name_en,
                    "value": ITEMS[3].value, "count": 2, "group": ITEMS[3].group,
                    "group_name": GROUP_NAMES[ITEMS[3].group], "tai": ITEMS[3].value * 2,
                    "sets": [1, 4]}]
    assert entries({}) == []


def _changed_everywhere(answer: dict[str, object]) -> None:
    """Change every dict and list of an answer in place, as a careless client might."""
    if isinstance(answer, dict):
        for value in list(answer.values()):
            _changed_everywhere(value)
        answer["changed"] = True
    elif isinstance(answer, list):
        for value in answer:
            _changed_everywhere(value)
        answer.append("changed")


@pytest.mark.parametrize("rules", [None, {"seat_wind.tai": 3}, {"flower_tiles.each": 2}])
def test_an_answer_changed_in_place_leaves_the_next_answer_alone(
        rules: dict[str, int] | None) -> None:
    request = body("123m456p789s11z234m", "2m", flowers=2, by="discard", source=0,
                   melds=("peng:777z:0",), liable_seat=0)
    if rules is not None:
        request["rules"] = rules
    first = score("yueqing", request)
    again = score("yueqing", request)
    kept = copy.deepcopy(again)
    assert first == again
    _changed_everywhere(first)
    assert score("yueqing", request) == again == kept
    assert again["flowers"]["items"] and again["patterns"] and again["hand"]["sets"]
    assert again["settlement"]["payments"] and "fingerprint" in again["rules"]


@pytest.mark.parametrize("rules", [None, {"zhen_unit": 5}])
def test_a_chuzhou_answer_changed_in_place_leaves_the_next_alone(
        rules: dict[str, int] | None) -> None:
    request = cz("123m678m99p", "8m", by="discard", source=3, melds=("chi:345s:0", "peng:777p:3"))
    if rules is not None:
        request["rules"] = rules
    first = score("chuzhou", request)
    kept = copy.deepcopy(first)
    _changed_everywhere(first)
    assert score("chuzhou", request) == kept


@pytest.mark.parametrize(("caishen", "flower", "four"), [
    ("9s", "白板", "四白板"),
    ("5z", "红中", "四红中"),  # 白板 is the 财神: 红中 serves (YQ-3), 以红中计, 包括四红中
])
def test_the_flower_items_are_named_after_the_tile_that_serves(caishen: str, flower: str,
                                                               four: str) -> None:
    # four flower tiles: 白板 4 and 四白板 30 台, 5 花; the next answer is named afresh
    for _ in range(2):
        answer = score("yueqing", body("123m456m789p234s678s55s", "8s", flowers=4,
                                       caishen=caishen))
        names = {e["id"]: e["name"] for e in answer["patterns"]}
        assert (names["flower_tile"], names["four_flowers"]) == (flower, four)
        assert answer["flowers"]["items"] == [
            {"id": "flower_tiles", "name": flower, "name_en": "Flower tiles", "flowers": 5}]
    plain = score("yueqing", body("123m456m789p234s678s55s", "8s", flowers=1))
    assert [e["name"] for e in plain["flowers"]["items"]] == ["白板"]  # templates untouched
