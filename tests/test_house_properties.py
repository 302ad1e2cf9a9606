"""House rules as properties (docs/house-rules.md, G-4, G-8): a hand that scores one pattern
moves by exactly that pattern's delta, every seat's amount with it; and raising any
pattern's value, from any rules, never lowers what the winner is paid."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from service.errors import NotAWin
from service.rulesets import RULESETS
from service.scoring import score
from tests.chuzhou.helpers import body as cz
from tests.test_house_rules import VALUE_PARAMETERS, _worked_scores

# (ruleset, hand, the one pattern it scores, its parameter, what one more of it adds to the
# total, what one more of it takes from each seat): each hand has one reading, its sets all
# melded but the pair, so the pattern's value moves nothing else.
ONE_PATTERN = [
    # 底胡 10 番 alone: seat 1 wins on a discard, dealer 0, every 针 1. Each of the three pays
    # F = 10 and its 针 part, the discarder 10 more (CZ-12): one more 番, one more from each.
    ("chuzhou", cz("123m678m99p", "8m", by="discard", source=3,
                   melds=("chi:345s:0", "peng:777p:3")),
     "base_win", "base_win.fan", 1, [-1, 3, -1, -1]),
    # the same on the dealer's discard
    ("chuzhou", cz("123m678m99p", "8m", by="discard", source=0,
                   melds=("chi:345s:0", "peng:777p:3")),
     "base_win", "base_win.fan", 1, [-1, 3, -1, -1]),
    # 硬单吊 30 台, a major item: (0 + 30) × 2 (YQ-15); a non-dealer wins, each pays the 台
    ("yueqing", {"dealer": 0, "winner": 1, "caishen": "9s", "lao_zhuang": 0,
                 "hand": {"concealed": "3m3m", "flowers": 0, "melds": [
                     {"type": "chi", "tiles": "123m", "from": 0},
                     {"type": "peng", "tiles": "444p", "from": 2},
                     {"type": "peng", "tiles": "777s", "from": 3},
                     {"type": "chi", "tiles": "456s", "from": 0},
                     {"type": "peng", "tiles": "111z", "from": 2}]},
                 "win": {"tile": "3m", "by": "discard", "from": 2}},
     "hard_single_wait", "hard_single_wait.tai", 2, [-2, 6, -2, -2]),
]


@settings(max_examples=60, deadline=None)
@given(case=st.sampled_from(ONE_PATTERN), delta=st.integers(-10, 300))
def test_a_hand_of_one_pattern_moves_by_exactly_its_delta(
        case: tuple[str, dict[str, Any], str, str, int, list[int]], delta: int) -> None:
    ruleset_id, request, pid, parameter, per_one, per_seat = case
    default = next(p.default for p in RULESETS[ruleset_id].parameters if p.id == parameter)
    value = max(0, default + delta)
    moved = value - default
    before = score(ruleset_id, request)
    after = score(ruleset_id, {**request, "rules": {parameter: value}})
    assert [e["id"] for e in before["patterns"]] == [pid]
    assert [e["id"] for e in after["patterns"]] == [pid]
    assert after["patterns"][0]["value"] == value
    total = "fan" if ruleset_id == "chuzhou" else "tai"
    if ruleset_id == "chuzhou":
        assert after["fan"] == before["fan"] + per_one * moved
    else:
        assert after["tai"]["total"] == before["tai"]["total"] + per_one * moved, total
    assert after["settlement"]["net"] == [
        net + per_seat[seat] * moved for seat, net in enumerate(before["settlement"]["net"])]


def test_the_one_pattern_hands_are_worked_as_their_table_says() -> None:
    nets = [score(rid, request)["settlement"]["net"] for rid, request, *_ in ONE_PATTERN]
    # 底胡 10 with every 针 1 (CZ-12, CZ-13): F + 10 × (1 + 1) = 30 each, the dealer 10 +
    # 10 × (1 + 2) = 40 (its 针 doubled), the discarder 10 more; 硬单吊 60 台 (YQ-18): 61
    # each, the dealer 62
    assert nets == [[-40, 110, -30, -40], [-50, 110, -30, -30], [-62, 184, -61, -61]]


@st.composite
def _raised(draw: st.DrawFn) -> tuple[str, dict[str, Any], dict[str, Any], str, int]:
    """A worked hand, random rules for it, one pattern value of them and how far it rises."""
    ruleset_id = draw(st.sampled_from(("chuzhou", "yueqing")))
    hands = _worked_scores(ruleset_id)
    request = draw(st.sampled_from(hands))[0]
    values = [pid for rid, pid in VALUE_PARAMETERS if rid == ruleset_id
              and not pid.endswith(".on")]
    switches = [pid for rid, pid in VALUE_PARAMETERS if rid == ruleset_id
                and pid.endswith(".on")]
    rules: dict[str, Any] = {pid: draw(st.integers(0, 120)) for pid in draw(
        st.lists(st.sampled_from(values), max_size=4, unique=True))}
    rules.update({pid: False for pid in draw(st.lists(st.sampled_from(switches), max_size=2,
                                                       unique=True))})
    raised = draw(st.sampled_from(values))
    return ruleset_id, request, rules, raised, draw(st.integers(1, 200))


@pytest.mark.reads_record
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_raised())
def test_raising_a_pattern_never_lowers_the_winners_pay(
        case: tuple[str, dict[str, Any], dict[str, Any], str, int]) -> None:
    ruleset_id, request, rules, raised, by = case
    default = next(p.default for p in RULESETS[ruleset_id].parameters if p.id == raised)
    low = {**rules, raised: rules.get(raised, default)}
    high = {**low, raised: low[raised] + by}
    winner = request["winner"]
    try:
        before = score(ruleset_id, {**request, "rules": low})["settlement"]["net"][winner]
    except NotAWin as refused:  # a switch drawn turns off the one form it wins as (CZ-19)?
        [cause] = refused.problem()["causes"]
        if cause["code"] != "form-switched-off":
            raise
        reject()
    after = score(ruleset_id, {**request, "rules": high})["settlement"]["net"][winner]
    assert after >= before
