"""What each wait pays in an advice (G-9) with a 财神 pair: the issue's worked hand, sent with
the winner, is answered within the bound, every ready discard valued; a Yueqing discard is
scored once for every seat (``WaitValues.discards_alike``), which a property holds to scoring
each seat's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.actions import answer, run
from service.errors import TooMuchWork
from service.hand.advice import order
from service.rulesets import RULESETS
from service.rulesets.registry import never_alike
from service.work import ADVICE, MAX_WORK, counted, valuing
from tests.test_advice import ALL_BUT_FLOWER_1Z
from tests.test_advice_properties import _SETTINGS, hands

PAIR = {"concealed": "123m456m789p234s678s11z", "caishen": "1z", "winner": 1, "dealer": 0}


@contextmanager
def every_seat_scored() -> Iterator[None]:
    """Yueqing as if its discards could differ by seat: each seat's discard scored."""
    real = RULESETS["yueqing"]
    assert real.values is not None
    RULESETS["yueqing"] = real._replace(values=real.values._replace(
        discards_alike=never_alike))
    try:
        yield
    finally:
        RULESETS["yueqing"] = real


def test_a_caishen_pair_sent_with_the_winner_is_answered() -> None:
    """The issue's hand: two 财神 make the pair, so every one of its 16 discards leaves a hand
    ready on any of 33 tiles. Each wait is scored self-drawn and on one discard, said for
    every seat (Yueqing's discards win alike, YQ-18): 16 × 33 × 2 scorings, weighed 1,071
    hands (each standing hand's first way as a hand of its 财神) beside the reading's."""
    advice = answer("yueqing", "advice", PAIR)
    assert advice["shanten"] == -1
    discards = advice["discards"]
    assert len(discards) == 16
    assert all(entry["waits"] == ALL_BUT_FLOWER_1Z for entry in discards)
    assert all(len(entry["values"]) == 33 for entry in discards)
    assert discards == sorted(discards, key=order)
    weight = sum(valuing(33 * 2, 1 if entry["tile"] == "1z" else 2) for entry in discards)
    assert weight == 1_071 and ADVICE + weight <= MAX_WORK
    # the values are those each seat's own scoring gives, and what the waits action says
    kept = next(entry for entry in discards if entry["tile"] == "9p")
    with every_seat_scored():
        waits = run("yueqing", "waits", {**PAIR, "concealed": "123m456m78p234s678s11z"})
    assert kept["values"] == waits["values"]
    for valued in kept["values"]:
        first, *rest = valued["discard"]
        assert [way["from"] for way in valued["discard"]] == [0, 2, 3]
        assert all({**way, "from": 0} == first for way in rest)
    # each seat's way is its own: changing one changes no other
    first, second, _ = kept["values"][0]["discard"]
    first["patterns"].append("changed")
    assert second["patterns"] and second["patterns"][-1] != "changed"


def test_the_valuing_is_weighed_before_it_is_scored() -> None:
    """With room for less than the valuing, the same request is refused before any scoring,
    saying what to ask instead."""
    with counted(MAX_WORK - 1_000), pytest.raises(TooMuchWork) as refused:
        run("yueqing", "advice", PAIR)
    assert "ask without winner and dealer" in refused.value.errors["concealed"][0]
    with counted(MAX_WORK - 1_071):  # exactly the room it needs
        assert len(run("yueqing", "advice", PAIR)["discards"]) == 16


@st.composite
def situations(draw: st.DrawFn) -> dict[str, Any]:
    winner, dealer = draw(st.integers(0, 3)), draw(st.integers(0, 3))
    situation: dict[str, Any] = {}
    for flag in ("heavenly", "earthly", "after_kong"):
        if draw(st.booleans()):
            situation[flag] = draw(st.booleans())
    if draw(st.booleans()):
        situation["liable_seat"] = draw(st.sampled_from([s for s in range(4) if s != winner]))
    body = {"winner": winner, "dealer": dealer, "situation": situation,
            "lao_zhuang": draw(st.integers(0, 2))}
    # House rules that read the seats: what the dealer and a streak add, who pays for a
    # liable seat, 天胡 and 地胡 switched off
    rules = draw(st.fixed_dictionaries({}, optional={
        "hand_base": st.integers(0, 5), "dealer_extra": st.integers(0, 5),
        "lao_zhuang_pays": st.booleans(), "baopai": st.booleans(),
        "earthly_hand.on": st.booleans(), "heavenly_hand.on": st.booleans()}))
    if rules:
        body["rules"] = rules
    return body


@_SETTINGS
@given(st.data())
def test_yueqing_discards_score_alike_from_every_seat(data: st.DataObject) -> None:
    """Where ``discards_alike`` says so, scoring each seat's discard gives every seat the
    same way: over ready hands with 0-3 财神, any winner, dealer, 牢庄, situation and the house
    rules that read the seats."""
    hand = data.draw(hands("yueqing", winning=False))
    body = {**hand, **data.draw(situations())}
    try:
        alike = run("yueqing", "waits", body)
    except Exception as refused:  # a situation the rules refuse is refused both ways
        with every_seat_scored():
            try:
                run("yueqing", "waits", body)
            except Exception as again:
                assert type(again) is type(refused)
                return
        raise
    with every_seat_scored():
        assert run("yueqing", "waits", body) == alike
