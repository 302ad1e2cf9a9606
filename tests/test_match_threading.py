"""Random matches, threaded through POST /match and through the single calls one by one: the
same answers, and every next state an answer gives is one the next request may send, the
counters at their bound included (docs/contract.md, "Bounds").

MATCH_SEQUENCES sets how many matches (default 150 in `make test`; `make sequences` runs
10,000).
"""

from __future__ import annotations

import copy
import os
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from service.actions import run
from service.openapi import examples
from service.rulesets import RULESETS
from service.schemas.fields import MOST_IN_A_ROW

SEQUENCES = int(os.environ.get("MATCH_SEQUENCES", "150"))
MOST = MOST_IN_A_ROW

YUEQING_HAND = {"concealed": "123m456m789p234s678s55s"}
EVENTS: dict[str, list[dict[str, Any]]] = {
    "chuzhou": [*examples()["chuzhou_match"]["request"]["events"],
                {"type": "draw", "request": {}},
                {"type": "instant", "request": {"event": "followed_discard", "seat": 2}}],
    "yueqing": [*examples()["yueqing_match"]["request"]["events"],
                {"type": "win", "request": {"winner": 2, "caishen": "3z", "hand": YUEQING_HAND,
                                            "win": {"tile": "8s", "by": "self_draw"}}},
                {"type": "draw", "request": {"caishen": "3z", "players": [
                    {"seat": 0}, {"seat": 1}, {"seat": 2}, {"seat": 3}]}}],
}
COUNTERS = {"chuzhou": st.lists(st.sampled_from([1, 2, MOST - 1, MOST]), min_size=4, max_size=4),
            "yueqing": st.sampled_from([0, 1, MOST - 1, MOST])}


@st.composite
def matches(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    ruleset = draw(st.sampled_from(sorted(EVENTS)))
    counter = RULESETS[ruleset].match.counter  # type: ignore[union-attr]
    events = draw(st.lists(st.sampled_from(EVENTS[ruleset]), min_size=1, max_size=8))
    return ruleset, {"dealer": draw(st.integers(0, 3)), counter: draw(COUNTERS[ruleset]),
                     "events": copy.deepcopy(events)}


@settings(max_examples=SEQUENCES, deadline=None)
@given(matches())
def test_a_match_is_its_single_calls_and_every_next_state_is_accepted(
        match: tuple[str, dict[str, Any]]) -> None:
    ruleset, body = match
    rules = RULESETS[ruleset].match
    assert rules is not None
    answered = run(ruleset, "match", body)
    state = {"dealer": body["dealer"], rules.counter: body[rules.counter]}
    totals = [0, 0, 0, 0]
    for event, result in zip(body["events"], answered["events"], strict=True):
        spec = rules.events[event["type"]]
        # the single call with the state so far: a state an answer gave is never refused
        single = run(ruleset, spec.action, {**event["request"],
                                            **{name: state[name] for name in spec.supplies}})
        assert single == result["result"]
        if spec.next_state is not None:
            state = spec.next_state(state, event["request"])
        elif "next" in single:
            state = single["next"]
        assert result["state"] == state
        counters = state[rules.counter] if isinstance(state[rules.counter], list) \
            else [state[rules.counter]]
        assert all(0 <= value <= MOST for value in counters)
        moved = single.get("net") or single.get("settlement", {}).get("net") or [0, 0, 0, 0]
        totals = [t + m for t, m in zip(totals, moved, strict=True)]
        assert result["totals"] == totals
    assert answered["state"] == state and answered["totals"] == totals
