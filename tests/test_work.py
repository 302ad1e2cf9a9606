"""Work per request bounded before it starts, and a deadline while it runs (service/work.py)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service import work
from service.batch import run_batch
from service.errors import PastDeadline
from service.hand.turns import turn
from service.work import MAX_WORK, WILD_WEIGHT, deadline, hands, wild_weight

CHUZHOU_WIN = {"winner": 0, "hand": {"concealed": "222m345p678s789s99s"},
               "win": {"tile": "2m", "by": "discard", "from": 3}}
# 财神 9s: three standing (the heaviest kind of Yueqing hand).
THREE_CAISHEN = {"dealer": 0, "winner": 1, "caishen": "9s",
                 "hand": {"concealed": "9s9s9s123m456m789p234s55s"},
                 "win": {"tile": "5s", "by": "self_draw"}}


@pytest.mark.parametrize(("ruleset", "action", "request_body", "weight"), [
    ("chuzhou", "score", {**CHUZHOU_WIN, "dealer": 0}, 1),
    ("chuzhou", "draw", {"dealer": 0}, 1),
    ("yueqing", "score", THREE_CAISHEN, WILD_WEIGHT[3]),
    ("yueqing", "score", {**THREE_CAISHEN, "hand": {"concealed": [
        "9s", "9s", "1m", "2m", "3m", "4m", "5m", "6m", "7p", "8p", "9p", "2s", "3s", "4s", "5s",
        "5s", "9p"]}}, WILD_WEIGHT[2]),
    ("yueqing", "score", {**THREE_CAISHEN, "caishen": "1z"}, 1),
    ("chuzhou", "waits", {"concealed": "1112345678999m"}, 1),
    ("chuzhou", "waits", {"concealed": "1112345678999m", "winner": 1, "dealer": 0}, 4 * 9),
    ("yueqing", "waits", {"concealed": "9s9s123m456m789p234s5s", "caishen": "9s",
                          "winner": 1, "dealer": 0}, WILD_WEIGHT[2] * 4 * 34),
    ("chuzhou", "match", {"dealer": 0, "events": [
        {"type": "win", "request": CHUZHOU_WIN}, {"type": "draw", "request": {}}]}, 2),
    # what the schema will refuse weighs one: the refusal says what is wrong
    ("chuzhou", "match", {"events": "many"}, 1),
    ("yueqing", "score", ["not", "a", "body"], 1),
    (7, None, {"hand": 3}, 1),
])
def test_what_a_request_weighs(ruleset: Any, action: Any, request_body: Any,
                               weight: int) -> None:
    assert hands(ruleset, action, request_body) == weight


def test_a_request_over_the_bound_is_refused_before_it_runs(client: FlaskClient) -> None:
    events = [{"type": "win", "request": THREE_CAISHEN}] * 200
    match = {"dealer": 0, "lao_zhuang": 0, "events": events}
    item = {"ruleset": "yueqing", "action": "match", "request": match}
    assert hands("yueqing", "match", match) == 200 * WILD_WEIGHT[3]
    response = client.post("/v1/batch", json={"items": [item] * 2})
    assert response.status_code == 413
    problem = response.get_json()
    assert problem["type"] == "/problems/too-large"
    assert f"at most {MAX_WORK:,}" in problem["detail"]
    assert f"{2 * 200 * WILD_WEIGHT[3]:,} hands" in problem["errors"]["items"][0]


def test_every_single_request_the_schemas_admit_is_within_the_bound() -> None:
    # The heaviest: a match of 200 wins with three 财神 each (the schema's most events), and
    # what each wait of a three-财神 hand is worth. Only a batch can ask for more.
    match = {"events": [{"type": "win", "request": THREE_CAISHEN}] * 200, "caishen": "9s"}
    values = {"concealed": "9s9s9s23m456m789p234s5s", "caishen": "9s", "winner": 1, "dealer": 0}
    assert hands("yueqing", "match", match) <= MAX_WORK
    assert hands("yueqing", "waits", values) == WILD_WEIGHT[3] * 4 * 34 <= MAX_WORK


def test_past_the_deadline_nothing_half_done_is_answered() -> None:
    draw = {"ruleset": "chuzhou", "action": "draw", "request": {"dealer": 0}}
    with deadline(-1.0), pytest.raises(PastDeadline) as raised:
        run_batch({"items": [draw] * 3})
    assert raised.value.status == 503
    assert raised.value.retry_after == work.RETRY_AFTER_SECONDS
    with deadline(60.0):
        assert len(run_batch({"items": [draw] * 3})["results"]) == 3


def test_a_request_lets_others_run_only_once_it_has_run_a_while(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A request of one hand never sleeps (a real sleep outside gevent: tens of µs of
    timer slack); one that runs on lets the worker's others run every ``YIELD_EVERY``."""
    slept: list[float] = []
    monkeypatch.setattr(work.time, "sleep", slept.append)
    clock = [100.0]
    monkeypatch.setattr(work.time, "monotonic", lambda: clock[0])
    with deadline(60.0):
        work.pace()
        assert slept == []
        clock[0] += work.YIELD_EVERY / 2
        work.pace()
        assert slept == []
        clock[0] += work.YIELD_EVERY
        work.pace()
        work.pace()  # no time has passed since it last let others run
        assert slept == [0]
        clock[0] += work.YIELD_EVERY
        work.pace()
        assert slept == [0, 0]
    work.pace()  # outside a request: nothing
    assert slept == [0, 0]


def test_under_gevent_a_request_lets_others_run_between_every_two_hands(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """gevent's workers patch ``time.sleep`` to a greenlet switch: a request yields at every
    hand, as gevent's loop reads new requests only after a run of such switches."""
    slept: list[float] = []

    def switch(seconds: float) -> None:
        slept.append(seconds)

    switch.__module__ = "gevent.hub"
    monkeypatch.setattr(work.time, "sleep", switch)
    monkeypatch.setattr(work.time, "monotonic", lambda: 100.0)  # no time passes at all
    with deadline(60.0):
        for _ in range(3):
            work.pace()
    assert slept == [0, 0, 0]


def test_under_gevent_a_running_request_lets_the_loop_turn_every_while(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A switch lets the greenlets already waiting run, but gevent's loop reads new requests
    only after 50 switches (issue #43): once a request has run ``TURN_EVERY`` since the loop
    last turned for it, it sleeps on a timer, which wakes it at the loop's next turn."""
    slept: list[float] = []
    clock = [100.0]

    def switch(seconds: float) -> None:
        slept.append(seconds)
        clock[0] += 0.000_1  # the others' turn takes a while

    switch.__module__ = "gevent.hub"
    monkeypatch.setattr(work.time, "sleep", switch)
    monkeypatch.setattr(work.time, "monotonic", lambda: clock[0])
    with deadline(60.0):
        work.pace()
        clock[0] += work.TURN_EVERY / 2
        work.pace()
        assert slept == [0, 0]
        clock[0] += work.TURN_EVERY / 2
        work.pace()
        assert slept == [0, 0, work.TURN_SLEEP]
        work.pace()  # counted from when the loop turned for it, not from when it asked
        clock[0] += work.TURN_EVERY - 0.000_2
        work.pace()
        assert slept == [0, 0, work.TURN_SLEEP, 0, 0]
        clock[0] += 0.000_2
        work.pace()
        assert slept[-1] == work.TURN_SLEEP and slept.count(work.TURN_SLEEP) == 2


def test_the_cores_turns_are_the_requests_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Within a request's deadline a turn of the core (service/hand/turns.py, between an
    advice's discards) lets others run and keeps the deadline, as ``pace`` between hands
    does; outside one it does nothing."""
    slept: list[float] = []
    clock = [100.0]
    monkeypatch.setattr(work.time, "sleep", slept.append)
    monkeypatch.setattr(work.time, "monotonic", lambda: clock[0])
    turn()
    with deadline(1.0):
        clock[0] += work.YIELD_EVERY
        turn()
        assert slept == [0]
        clock[0] += 1.0
        with pytest.raises(PastDeadline):
            turn()
    turn()
    assert slept == [0, 0]


def test_past_the_deadline_over_http(client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(work, "DEADLINE_SECONDS", -1.0)
    match = {"dealer": 0, "events": [{"type": "draw", "request": {}}] * 3}
    for path, body in (("/v1/chuzhou/match", match),
                       ("/v1/batch", {"items": [{"ruleset": "chuzhou", "action": "match",
                                                 "request": match}]})):
        response = client.post(path, json=body)
        assert response.status_code == 503
        assert response.headers["Retry-After"] == str(work.RETRY_AFTER_SECONDS)
        assert response.content_type == "application/problem+json"
        problem = response.get_json()
        assert problem["type"] == "/problems/past-deadline"
        assert "retry in" in problem["detail"]


def test_more_wild_tiles_than_the_table_weigh_as_its_heaviest() -> None:
    # A ruleset may report any count of standing wild tiles; none makes the weighing raise.
    assert [wild_weight(n) for n in (-1, 0, 3, 4, 14)] == [WILD_WEIGHT[0], WILD_WEIGHT[0],
                                                       WILD_WEIGHT[3], WILD_WEIGHT[3],
                                                       WILD_WEIGHT[3]]
    # Yueqing reports every 财神 standing; four weigh as three.
    four = {"caishen": "5p", "hand": {"concealed": "5555p123m456m789s1z"}}
    assert hands("yueqing", "score", four) == WILD_WEIGHT[3]
    assert hands("yueqing", "waits", {"caishen": "5p", "concealed": ["5p"] * 4}) == \
        WILD_WEIGHT[3]
