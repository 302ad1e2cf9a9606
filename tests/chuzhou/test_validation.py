"""Chuzhou requests that cannot happen are refused with the field named (G-6)."""

from __future__ import annotations

from typing import Any

import pytest

from service.errors import ProblemError
from service.scoring import run_own, score
from tests.chuzhou.helpers import body
from tests.said import said

HAND = "123m456p789s11z555s"


@pytest.mark.parametrize(("request_body", "field", "kind"), [
    (body("123m456p11z555s", "5s", melds=("chi:789s:2",)), "hand.melds.0.from",
     "impossible-hand"),
    (body("123m456p11z555s", "5s", melds=("peng:777s:1",)), "hand.melds.0.from",
     "impossible-hand"),
    (body(HAND, "5s", by="discard", source=1), "win.from", "impossible-hand"),
    (body(HAND, "5s", by="discard"), "win.from", "schema-violation"),
    (body(HAND, "5s", source=2), "win.from", "schema-violation"),
    (body(HAND, "5s", heavenly=True), "situation.heavenly", "impossible-hand"),
    (body(HAND, "5s", winner=0, by="discard", source=2, heavenly=True), "situation.heavenly",
     "impossible-hand"),
    (body(HAND, "5s", winner=0, earthly=True), "situation.earthly", "impossible-hand"),
    (body(HAND, "5s", by="discard", source=2, earthly=True), "situation.earthly",
     "impossible-hand"),
    (body(HAND, "5s", by="discard", source=2, last_tile=True), "situation.last_tile",
     "impossible-hand"),
    (body(HAND, "5s", by="discard", source=2, after_kong=True), "situation.after_kong",
     "impossible-hand"),
    (body(HAND, "5s", ready_first_turn=True), "situation.ready_first_turn", "impossible-hand"),
    (body(HAND, "5s", after_kong=True), "situation.after_kong", "impossible-hand"),
    (body(HAND, "5s", flowers=3), "hand.flowers", "schema-violation"),
    (body(HAND, "5s", zhen=[1, 0, 1, 1]), "zhen.1", "schema-violation"),
    (body(HAND, "5s", zhen=[1, 1, 1]), "zhen", "schema-violation"),
    (body(HAND, "5s", winner=4), "winner", "schema-violation"),
    (body(HAND, "5z"), "win.tile", "impossible-hand"),
    (body("123m456p789s11z5555s", "5s"), "hand.concealed", "impossible-hand"),
    (body("11111m456p789s555s", "5s"), "hand", "impossible-hand"),
    (body("123m456p789s12z555s", "5s"), "hand.concealed", "not-a-win"),
    (body("123m456p789s12z555s", "5s", declared_ready=True), "hand.concealed", "not-a-win"),
    (body("11m33m55p77p99s22z66z", "6z"), "situation.declared_ready", "not-a-win"),
    (body("123m456p789s11z345s", "5s", declared_ready=True),
     "situation.declared_ready", "impossible-hand"),
    (body(HAND, "5s", liable_seat=1), "situation.liable_seat", "impossible-hand"),
    (body(HAND, "5s", liable_seat=2, one_suit_seats=[2]), "situation.liable_seat",
     "impossible-hand"),
    (body("234m456p789s111z55s", "3m", table_pengs="3m3m"), "situation.table_pengs",
     "impossible-hand"),
    (body("233m456p789s111z55s", "3m", table_pengs="3m"), "situation.table_pengs",
     "impossible-hand"),
])
def test_refused(request_body: dict[str, Any], field: str, kind: str) -> None:
    with pytest.raises(ProblemError) as caught:
        score("chuzhou", request_body)
    problem = caught.value.problem()
    assert problem["type"] == f"/problems/{kind}", problem
    assert field in problem["errors"], problem
    assert problem["status"] == 422


def test_instant_settlements() -> None:
    # CZ-16: the first discarder pays each other seat 10 (C-d); four identical discards, each
    # other seat pays that player 10. The money is a settlement, as every action's (issue
    # #45), and stays at the top for the clients that read it there.
    followed = {"payments": [{"from": 0, "to": 1, "amount": 10},
                             {"from": 0, "to": 2, "amount": 10},
                             {"from": 0, "to": 3, "amount": 10}],
                "net": [-30, 10, 10, 10]}
    assert run_own("chuzhou", "instant", {"event": "followed_discard", "seat": 0}) == {
        **followed, "settlement": followed, **said("chuzhou")}
    four = {"payments": [{"from": 0, "to": 2, "amount": 10}, {"from": 1, "to": 2, "amount": 10},
                         {"from": 3, "to": 2, "amount": 10}],
            "net": [-10, -10, 30, -10]}
    assert run_own("chuzhou", "instant", {"event": "four_same_discards", "seat": 2}) == {
        **four, "settlement": four, **said("chuzhou")}


def test_draw_point_and_next_state() -> None:
    result = run_own("chuzhou", "draw", {"dealer": 3, "zhen": [1, 2, 1, 1], "kongs": 3})
    assert result == {"wall_reserve": 21, "next": {"dealer": 0, "zhen": [1, 2, 1, 1]},
                      **said("chuzhou")}  # C-d
    assert run_own("chuzhou", "draw", {"dealer": 0})["wall_reserve"] == 15
