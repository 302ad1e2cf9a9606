"""Answer parts copied from templates built at import (scorer.entries, flowers.summary,
settlement.win_transfers, the answer's sets): the order the contract shows, and no answer
sharing anything it could change with the templates or with another answer."""

from __future__ import annotations

from service.rulesets.yueqing.catalogue import ITEMS
from service.rulesets.yueqing.scorer import entries
from service.scoring import score
from tests.yueqing.helpers import body


def test_entries_come_in_catalogue_order_whatever_order_they_were_found_in() -> None:
    ids = [item.id for item in ITEMS]
    hits = {iid: (1, (0,)) for iid in reversed(ids[:12])}
    assert [e["id"] for e in entries(hits)] == ids[:12]
    one = entries({ids[3]: (2, (4, 1, 4))})
    assert one == [{"id": ids[3], "name": ITEMS[3].name, "name_en": ITEMS[3].name_en,
                    "value": ITEMS[3].value, "count": 2, "group": ITEMS[3].group,
                    "tai": ITEMS[3].value * 2, "sets": [1, 4]}]
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


def test_an_answer_changed_in_place_leaves_the_next_answer_alone() -> None:
    request = body("123m456p789s11z234m", "2m", flowers=2, by="discard", source=0,
                   melds=("peng:777z:0",), liable_seat=0)
    first = score("yueqing", request)
    again = score("yueqing", request)
    assert first == again
    _changed_everywhere(first)
    assert score("yueqing", request) == again
    assert again["flowers"]["items"] and again["patterns"] and again["hand"]["sets"]
    assert again["settlement"]["payments"]
