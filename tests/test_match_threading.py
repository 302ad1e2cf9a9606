"""Random matches, threaded through POST /match and through the single calls one by one: the
same answers, every single call answers the next state (``next``) and every next state it gives
is one the next request may send, the counters at their bound included (docs/contract.md,
"Bounds"). The last test plays an evening hand by hand against the real server.

MATCH_SEQUENCES sets how many matches (default 150 in `make test`; `make sequences` runs
10,000).
"""

from __future__ import annotations

import copy
import os
from typing import Any

import requests
from hypothesis import given, settings
from hypothesis import strategies as st

from service.actions import run
from service.openapi import examples
from service.rulesets import RULESETS
from service.schemas.fields import MOST_IN_A_ROW

SEQUENCES = int(os.environ.get("MATCH_SEQUENCES", "150"))
MOST = MOST_IN_A_ROW

YUEQING_HAND = {"concealed": "123m456m789p234s678s55s"}
# An escape where a kong was made: the deal passes as after such a drawn hand (YQ-20).
ESCAPE_AFTER_KONG = {"type": "escape", "request": {
    "caishen": "5p", "escaper": 1, "players": [
        {"seat": 0, "concealed": "1234567m", "melds": [
            {"type": "chi", "tiles": "123m", "from": 3}, {"type": "gang", "tiles": "9999m",
                                                          "from": 2},
            {"type": "peng", "tiles": "555m", "from": 1}]},
        {"seat": 2, "concealed": "123p123p456s456s666z6s"},
        {"seat": 3, "concealed": "789p789p234s678s444z5s"}]}}
EVENTS: dict[str, list[dict[str, Any]]] = {
    "chuzhou": [*examples()["chuzhou_match"]["request"]["events"],
                {"type": "draw", "request": {}},
                {"type": "instant", "request": {"event": "followed_discard", "seat": 2}},
                {"type": "instant", "request": {"event": "four_same_discards", "seat": 0}}],
    "yueqing": [*examples()["yueqing_match"]["request"]["events"],
                {"type": "win", "request": {"winner": 2, "caishen": "3z", "hand": YUEQING_HAND,
                                            "win": {"tile": "8s", "by": "self_draw"}}},
                {"type": "draw", "request": {"caishen": "3z", "players": [
                    {"seat": 0}, {"seat": 1}, {"seat": 2}, {"seat": 3}]}},
                ESCAPE_AFTER_KONG],
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
        state = single["next"]  # every event answers it: nothing is worked out here
        assert result["state"] == state
        counters = state[rules.counter] if isinstance(state[rules.counter], list) \
            else [state[rules.counter]]
        assert all(0 <= value <= MOST for value in counters)
        moved = single.get("net") or single.get("settlement", {}).get("net") or [0, 0, 0, 0]
        totals = [t + m for t, m in zip(totals, moved, strict=True)]
        assert result["totals"] == totals
    assert answered["state"] == state and answered["totals"] == totals


def _evening(ruleset: str, seed: int) -> dict[str, Any]:
    """A match of every event type of the ruleset, each twice, in an order set by ``seed``."""
    events = [event for event in EVENTS[ruleset] for _ in range(2)]
    order = sorted(range(len(events)), key=lambda place: (place * 7919 + seed) % 97)
    counter = RULESETS[ruleset].match.counter  # type: ignore[union-attr]
    first = [1, 1, 1, 1] if ruleset == "chuzhou" else 0
    return {"dealer": seed % 4, counter: first,
            "events": [copy.deepcopy(events[place]) for place in order]}


def test_an_evening_played_hand_by_hand_threads_every_state_from_the_answers(
        live_server: str) -> None:
    # As a club's app plays it against the real server: each hand's request carries the state
    # the previous answer gave, escapes and instant payments included, and nothing else; the
    # states and the totals are those of the same evening sent as one match.
    for ruleset in sorted(EVENTS):
        rules = RULESETS[ruleset].match
        assert rules is not None
        kinds = {event["type"] for event in EVENTS[ruleset]}
        assert kinds == set(rules.events)  # every event type a match holds is played
        for seed in range(3):
            evening = _evening(ruleset, seed)
            state = {"dealer": evening["dealer"], rules.counter: evening[rules.counter]}
            totals = [0, 0, 0, 0]
            states = []
            for event in evening["events"]:
                action = rules.events[event["type"]].action
                answer = requests.post(f"{live_server}/v1/{ruleset}/{action}",
                                       json={**event["request"], **state}, timeout=30)
                assert answer.status_code == 200, answer.text
                body = answer.json()
                state = body["next"]
                moved = body["net"] if "net" in body else body.get(
                    "settlement", {}).get("net", [0, 0, 0, 0])
                totals = [t + m for t, m in zip(totals, moved, strict=True)]
                states.append(state)
            match = requests.post(f"{live_server}/v1/{ruleset}/match", json=evening,
                                  timeout=30).json()
            assert [event["state"] for event in match["events"]] == states
            assert match["state"] == state and match["totals"] == totals
