"""An advice's reading takes turns between its discards (service/hand/turns.py): whoever runs
the core may let other work go first there, and a turn that raises stops the reading; the
answers are the same either way. Within a request's deadline a turn is the request's pace
(service/work.py): under gevent, new input is read while two advice requests read (issue #43,
where /healthz waited behind advice batches for seconds)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gevent
import gevent.socket
import pytest

from service import work
from service.actions import answer
from service.hand.turns import stop_turns, taking_turns
from service.memo import clear
from service.scoring import run_own
from service.work import deadline

# Issue #43's heaviest advice: a crowded suit beside three 财神, every discard read with its
# draws, answered in one call.
ISSUE_HAND = {"concealed": "11133445567889m444z", "caishen": "4z"}
CHUZHOU_HAND = {"concealed": "11123456789999m"}


class Stop(Exception):
    pass


def advice_with(hook: Callable[[], None] | None, ruleset: str,
                body: dict[str, Any]) -> dict[str, Any]:
    token = taking_turns(hook)
    try:
        return run_own(ruleset, "advice", body)
    finally:
        stop_turns(token)


@pytest.mark.parametrize(("ruleset", "body"), [("yueqing", ISSUE_HAND),
                                                ("chuzhou", CHUZHOU_HAND)])
def test_an_advice_takes_a_turn_for_every_discard_and_answers_the_same(
        ruleset: str, body: dict[str, Any]) -> None:
    turns: list[int] = []
    taken = advice_with(lambda: turns.append(1), ruleset, body)
    assert len(turns) >= len(taken["discards"]) > 1
    assert taken == advice_with(None, ruleset, body) == run_own(ruleset, "advice", body)


def test_a_turn_that_raises_stops_the_reading_and_leaves_nothing_half_done() -> None:
    """A request past its deadline stops at a turn (503); what the reading had made by then
    (its memos' tables) serves the next request as a fresh reading would."""
    body = {"concealed": "12234456777899m333z", "caishen": "3z"}  # read nowhere else
    calls: list[int] = []

    def stop_at_the_third() -> None:
        calls.append(1)
        if len(calls) == 3:
            raise Stop

    with pytest.raises(Stop):
        advice_with(stop_at_the_third, "yueqing", body)
    assert len(calls) == 3
    again = advice_with(None, "yueqing", body)
    clear()
    assert again == advice_with(None, "yueqing", body)
    assert len(again["discards"]) > 3


def test_under_gevent_input_that_comes_while_advice_reads_is_read_before_it_answers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Two requests read advice on one gevent loop while a third waits for input, which comes
    at the third pause: each request's first pause is before its reading (the pace of its
    first hand), the third within a reading. The input is read before either answers, at the
    next pause of a reading: a turn of the loop, which every pause is here (``TURN_EVERY`` 0,
    so that the order needs no clock). Between hands alone, it was read only after the
    first advice of each was answered."""
    monkeypatch.setattr(work, "TURN_EVERY", 0.0)
    events: list[str] = []
    paused: list[float] = []
    ours, theirs = gevent.socket.socketpair()

    def pause(seconds: float) -> None:  # gevent's sleep, as its workers patch time.sleep
        paused.append(seconds)
        if len(paused) == 3:
            theirs.sendall(b"x")
        gevent.sleep(seconds)

    pause.__module__ = "gevent.hub"
    monkeypatch.setattr(work.time, "sleep", pause)

    def waiting() -> None:
        ours.recv(1)
        events.append("input read")

    def advising(name: str) -> None:
        with deadline(300.0):
            for _ in range(2):
                answer("yueqing", "advice", ISSUE_HAND)
                events.append(name)

    try:
        gevent.joinall([gevent.spawn(waiting), gevent.spawn(advising, "one answered"),
                        gevent.spawn(advising, "two answered")], raise_error=True)
    finally:
        ours.close()
        theirs.close()
    assert events[0] == "input read"
    assert sorted(events) == ["input read"] + ["one answered"] * 2 + ["two answered"] * 2
