"""How much work a request asks for, bounded before it starts, and the pace it runs at.

Work is counted in hands: one scoring of one hand is one. A hand weighs more with each wild
tile (Yueqing's 财神) standing in it (its readings multiply), a match is its events, a batch
its items, and a waits request that asks what each wait is worth scores every wait four ways, so it
weighs as the most waits a hand can have; each distinct set of house rules a request sends
weighs ``HOUSE_RULES_WEIGHT`` more. A request over ``MAX_WORK`` is refused at once with
413, before anything runs (docs/operations.md measures the bound: the heaviest request it
admits costs about one second of CPU).

While a request runs, ``pace()`` is called between hands, and by the core between the
discards of an advice's reading (its turns, service/hand/turns.py, set with the deadline): it
lets the worker's other requests run (gevent workers: ``time.sleep(0)`` is a greenlet switch
there, made every hand, and every ``TURN_EVERY`` a sleep on a timer, which lets gevent's loop
read new requests; elsewhere a real sleep, made once the request has run a millisecond), and
it stops a request that has run past its deadline with a 503 that says when to retry;
nothing half-done is answered. The deadline is set per HTTP request
(``MAHJONG_DEADLINE_SECONDS``, default 5); the command line and the core used as a library
run without one.
"""

from __future__ import annotations

import gc
import math
import os
import time
from collections.abc import Iterable
from contextvars import ContextVar
from typing import Any, Final

from service.errors import PastDeadline, TooMuchWork
from service.hand.turns import stop_turns, taking_turns
from service.language import Message
from service.rulesets import RULESETS
from service.rulesets.registry import Ruleset, no_wilds

MAX_WORK: Final = 2_000
# Checking and building a set of house rules the worker has not seen (service/house.py: each
# parameter sent checked, the ruleset's tables built) costs about what scoring this many of
# the heaviest hands does (docs/operations.md): a request weighs that much more for each
# distinct set of rules it sends. A batch whose items share one club's rules pays once.
HOUSE_RULES_WEIGHT: Final = 4
# And every parameter a request sends is checked, and named again in its answer (a match's
# events name their match's rules too: each event's answer is the single call's): every this
# many parameters sent weigh one hand more, so a batch whose every item sends all of them
# stays within a worker's memory share (docs/operations.md).
PARAMETERS_PER_HAND: Final = 64
# Not Final: read at every request, so a test may set it.
DEADLINE_SECONDS = float(os.environ.get("MAHJONG_DEADLINE_SECONDS", "5"))
RETRY_AFTER_SECONDS: Final = PastDeadline.retry_after

# A hand with this many wild tiles (Yueqing's 财神) standing weighs this many hands
# (docs/operations.md).
WILD_WEIGHT: Final = (1, 1, 2, 6)
# What each wait is worth: every wait self-drawn and on each of the three other discards.
WAYS: Final = 4
# An advice request's reading: every discard, each with its draws, a Chuzhou single wait
# scored twice. Measured against the heaviest hands admitted (bench/heavy.py's three-财神
# wins, in the same process) on never-seen hands of one crowded suit, the costliest to read
# (`make advice-weight`; `bench/advice_weight.py 500` for 500 hands of each kind): compiled,
# the build the bound was chosen on and the image ships, at most 102-111 of them (Yueqing,
# 财神 among them; Chuzhou 21-24); interpreted up to 577, where the deadline is what stops a
# batch of the costliest. docs/performance.md, Advice.
ADVICE: Final = 130
# The most waits of a hand of a ruleset the service does not know: one per tile.
ANY_TILE: Final = 34


def hands(ruleset_id: Any, action: Any, request: Any) -> int:
    """The work one request body asks for, in hands (never raises: a body the schema will
    refuse weighs one). Each ruleset declares how many wild tiles stand in a body and the most
    waits its hands can have (service/rulesets/registry.py)."""
    if not isinstance(request, dict):
        return 1
    ruleset = RULESETS.get(ruleset_id) if isinstance(ruleset_id, str) else None
    if action == "match":
        events = request.get("events")
        if not isinstance(events, list):
            return 1
        return sum(hands(ruleset_id, _event_action(ruleset, event), _event_request(event))
                   for event in events) or 1
    wilds = ruleset.standing_wilds if ruleset is not None else no_wilds
    if action == "score":
        hand = request.get("hand")
        concealed = hand.get("concealed") if isinstance(hand, dict) else None
        return wild_weight(wilds(request, concealed))
    if action == "waits":
        weight = wild_weight(wilds(request, request.get("concealed")))
        if "winner" in request:  # with what each wait is worth
            return weight * WAYS * (ruleset.most_waits if ruleset is not None else ANY_TILE)
        return weight
    if action == "advice":
        # What each wait pays is weighed once the ready hands are known (service/advice.py).
        return ADVICE
    return 1  # draw, instant, escape: a few small sums


def house_rules(requests: Iterable[tuple[Any, Any]]) -> int:
    """The work of the house rules that ``requests`` (ruleset, request body) send: one set per
    distinct ruleset, ``variant`` and ``rules`` as spelled, and the parameters sent, every
    ``PARAMETERS_PER_HAND`` one hand (never raises)."""
    distinct: set[Any] = set()
    sent = 0
    for ruleset, request in requests:
        if not isinstance(request, dict):
            continue
        rules, variant = request.get("rules"), request.get("variant")
        if not rules and variant is None:
            continue
        if isinstance(rules, dict):
            sent += len(rules)
        spelled = tuple(rules.items()) if isinstance(rules, dict) else rules
        key = (ruleset, variant, spelled)
        try:
            distinct.add(key)
        except TypeError:  # a value that is no parameter's (a list): refused, but weighed
            distinct.add(id(request))
    return HOUSE_RULES_WEIGHT * len(distinct) + sent // PARAMETERS_PER_HAND


def valuing(ways: int, wilds: int) -> int:
    """What scoring ``ways`` ways of the waits of one standing hand with ``wilds`` wild tiles
    weighs (an advice's ready hands, service/advice.py): its first as a hand of its wilds,
    every other as one hand, whatever its wilds. The hands one standing hand wins differ in
    one tile, so each suit is read once and found again: measured against the heaviest hands
    admitted, interpreted, a way after the first cost at most 0.63 of one (0-3 财神, hands of
    one crowded suit and of four), but for one hand of 150 measured at 3.8 interpreted and
    1.0 compiled (docs/performance.md, Advice)."""
    return ways + wild_weight(wilds) - 1 if ways else 0


def wild_weight(wilds: int) -> int:
    """What a hand with ``wilds`` wild tiles standing weighs: more than three weigh as three
    (a hand has four copies of a tile; Yueqing counts at most three)."""
    return WILD_WEIGHT[min(max(wilds, 0), len(WILD_WEIGHT) - 1)]


def _event_action(ruleset: Ruleset | None, event: Any) -> str:
    """The action an event of a match runs; an event the match will refuse weighs as the
    lightest."""
    kind = event.get("type") if isinstance(event, dict) else None
    match = ruleset.match if ruleset is not None else None
    known = match.events.get(kind) if match is not None and isinstance(kind, str) else None
    return known.action if known is not None else "draw"


def _event_request(event: Any) -> Any:
    return event.get("request") if isinstance(event, dict) else None


def admit(work: int, field: str = "body") -> None:
    """Refuse, before anything runs, a request asking for more than ``MAX_WORK`` hands."""
    if work > MAX_WORK:
        message = Message(
            "too-much-work", "asks for the work of {work:,} hands; a request may ask for at "
            "most {max:,} (a match counts each event, a batch each item, a hand more with "
            "each wild tile (财神) standing, what each wait is worth every wait four ways, "
            "an advice {advice}, each distinct set of house rules {house_rules} and every "
            "{parameters} parameters sent 1): split it", work=work, max=MAX_WORK,
            advice=ADVICE, house_rules=HOUSE_RULES_WEIGHT, parameters=PARAMETERS_PER_HAND)
        raise TooMuchWork.at(field, message)


# The work a request has been admitted for, and then found it must do as it runs (what each
# wait of an advice's ready hands pays, known only once they are read): one running total
# per request a client sent, a batch's items sharing their batch's.
_SPENT: ContextVar[list[int] | None] = ContextVar("spent", default=None)


class counted:  # noqa: N801 (used as a function: ``with counted(work):``)
    """Run the block with the request's admitted ``work`` as the running total ``spend`` adds
    to; inside another (a batch's item), the outer total is kept."""

    __slots__ = ("token", "work")

    def __init__(self, work: int) -> None:
        self.work = work

    def __enter__(self) -> None:
        self.token = None if _SPENT.get() is not None else _SPENT.set([self.work])

    def __exit__(self, *exc: object) -> None:
        if self.token is not None:
            _SPENT.reset(self.token)


def running_total() -> int:
    """The running total of the request being run (0 outside one): what it was admitted for
    and what ``spend`` has added (bench/advice_weight.py reads what the valuing added)."""
    spent = _SPENT.get()
    return spent[0] if spent is not None else 0


def spend(work: int, field: str, instead: str) -> None:
    """Add ``work`` found while running to the request's running total, refusing it with 413
    before any of it runs if the total would pass ``MAX_WORK``; ``instead`` says what the
    client may ask instead."""
    spent = _SPENT.get()
    total = work + (spent[0] if spent is not None else 0)
    if total > MAX_WORK:
        message = Message(
            "too-much-work", "needs the work of {work:,} hands more, {total:,} in all; a "
            "request may ask for at most {max:,}: {_instead}", work=work, total=total,
            max=MAX_WORK, _instead=instead)
        raise TooMuchWork.at(field, message)
    if spent is not None:
        spent[0] = total


# A request's deadline, when it next lets others run and how often, and when it next lets
# gevent's loop turn and how often, in ``time.monotonic()`` seconds.
_DEADLINE: ContextVar[list[float] | None] = ContextVar("deadline", default=None)
# How often a running request lets the worker's other requests run outside gevent, where
# ``time.sleep(0)`` is a real sleep (60-70 µs of timer slack on Linux): a request of one hand,
# done well within this, never pays it; a long one yields every millisecond or hand, whichever
# is longer. Under gevent it is a greenlet switch, and a request yields between every two
# hands: gevent's loop reads new input only after a run of such switches, so yielding once a
# millisecond made a new request wait about ten times longer while a batch ran.
YIELD_EVERY: Final = 0.001
# How often, under gevent, a running request lets the loop turn. A switch lets the greenlets
# already waiting run, not the loop: gevent runs such switches one after another and reads new
# input (a new request, the next one on a kept-alive connection) only after 50 of them, once
# 5 ms have passed. Fifty hands are a few milliseconds; fifty readings of an advice were half
# a second and more compiled, seconds interpreted, and /healthz waited behind them (issue
# #43). So once a request has run this long since the loop last turned for it, it sleeps on
# a timer instead of switching: a timer wakes it only at the loop's next turn, after the
# input is read. A turn costs a few microseconds. Not Final: read at every request, so a
# test may set it.
TURN_EVERY = 0.005
# The timer's time: any above zero wakes the request at the loop's next turn.
TURN_SLEEP: Final = 1e-6


def _under_gevent() -> bool:
    """Whether ``time.sleep`` is gevent's (its workers patch it)."""
    return getattr(time.sleep, "__module__", None) == "gevent.hub"


class deadline:  # noqa: N801 (used as a function: ``with deadline():``)
    """Run the block with a deadline ``seconds`` (``DEADLINE_SECONDS``) from now, checked by
    ``pace()``, which the core's turns call too (service/hand/turns.py). A class rather than
    a generator: entered on every request, it costs a third of one."""

    __slots__ = ("seconds", "token", "turns")

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = DEADLINE_SECONDS if seconds is None else seconds

    def __enter__(self) -> None:
        now, gevent = time.monotonic(), _under_gevent()
        every = 0.0 if gevent else YIELD_EVERY
        turn_every = TURN_EVERY if gevent else math.inf  # elsewhere a sleep is the OS's turn
        self.token = _DEADLINE.set([now + self.seconds, now + every, every,
                                    now + turn_every, turn_every])
        self.turns = taking_turns(pace)

    def __exit__(self, *exc: object) -> None:
        stop_turns(self.turns)
        _DEADLINE.reset(self.token)


def pace() -> None:
    """Between two hands, or two parts of a long reading: let other requests run once the
    request has run ``YIELD_EVERY`` since it last did (under gevent, every time, and every
    ``TURN_EVERY`` with a turn of the loop); stop one that is past its deadline. Outside a
    request with a deadline (the command line, the core as a library) it does nothing."""
    timing = _DEADLINE.get()
    if timing is None:
        return
    now = time.monotonic()
    if now >= timing[1]:
        if now >= timing[3]:
            time.sleep(TURN_SLEEP)
            timing[3] = time.monotonic() + timing[4]
        else:
            time.sleep(0)
        timing[1] = now + timing[2]
    if now > timing[0]:
        message = Message(
            "past-deadline", "still running after its deadline of {seconds:g} s, with the "
            "worker busy: retry in {retry} s, or send less at once",
            seconds=DEADLINE_SECONDS, retry=RETRY_AFTER_SECONDS)
        raise PastDeadline.at("body", message)


# A full collection walks every object the core's memos hold (service/memo.py): hundreds of
# thousands once they are full, 150-200 ms a time, and with the default thresholds one ran
# every 1.3 s of scoring, 30 % of the CPU (docs/operations.md, Memory). The memos hold no
# cycles, so full collections may be rare: one after 100 of the middle generation's instead of
# 10 (one in 60,000 hands measured).
GC_THRESHOLDS: Final = (700, 10, 100)


def tune_gc() -> None:
    """For a process that serves: what is loaded so far is never collected again, and full
    collections come a tenth as often (gunicorn's workers, the command line)."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
