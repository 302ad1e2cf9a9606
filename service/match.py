"""POST /v1/{ruleset}/match: a whole match in one call.

The ledger threads the state a table carries from hand to hand (the dealer, and Chuzhou's 针
or Yueqing's 牢庄) through the events in order. Each event runs through ``service.scoring.run``
exactly as its single endpoint would, with the state filled in, so a fix to the core lands
here too. The first impossible event refuses the whole match, its problem's fields named from
the match body (``events.3.request.hand.concealed``); nothing is half-applied because nothing
is kept between calls.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from service.errors import PastDeadline, ProblemError, SchemaViolation

State = dict[str, Any]


class Event(NamedTuple):
    """How one event type runs: its action and the state fields the ledger supplies."""

    action: str
    supplies: tuple[str, ...]


EVENTS: dict[str, dict[str, Event]] = {
    "chuzhou": {
        "win": Event("score", ("dealer", "zhen")),  # CZ-12..14
        "draw": Event("draw", ("dealer", "zhen")),  # CZ-13, CZ-14: 针 kept, 下家 deals
        "instant": Event("instant", ()),  # CZ-16: money only, the state is untouched
    },
    "yueqing": {
        "win": Event("score", ("dealer", "lao_zhuang")),  # YQ-18..20
        "draw": Event("draw", ("dealer", "lao_zhuang")),  # YQ-20
        "escape": Event("escape", ("dealer",)),  # YQ-22; the next state: escape_state
    },
}
COUNTER = {"chuzhou": "zhen", "yueqing": "lao_zhuang"}
KONGS = ("gang", "angang")


def escape_state(state: State, request: dict[str, Any]) -> State:
    """Who deals after an escape (the rule text is silent; docs/rules/yueqing.md).

    The text settles an escape's flowers 同流局, as a drawn hand, and nobody won: the deal
    follows the drawn-hand rule (YQ-20). A dealer who runs cannot keep the deal by running:
    the 下家 deals with 牢庄 0.
    """
    from service.rulesets.yueqing.settlement import next_after_draw  # the rulesets import us

    if request["escaper"] == state["dealer"]:
        return {"dealer": (state["dealer"] + 1) % 4, "lao_zhuang": 0}
    kong_made = any(meld.get("type") in KONGS
                    for player in request["players"] for meld in player.get("melds", ()))
    return next_after_draw(state["dealer"], state["lao_zhuang"], kong_made)


def _net(result: dict[str, Any]) -> list[int]:
    """The money an event moved: instants answer ``net``, the others a settlement; a Chuzhou
    drawn hand moves none."""
    if "net" in result:
        return list(result["net"])
    if "settlement" in result:
        return list(result["settlement"]["net"])
    return [0, 0, 0, 0]


def _prefixed(exc: ProblemError, prefix: str) -> ProblemError:
    """The same problem with every field named from the match body."""
    errors = {(f"{prefix}.{path}" if path != "body" else prefix): texts
              for path, texts in exc.errors.items()}
    return type(exc)(f"{prefix}: {exc.detail}", errors)


def play(ruleset_id: str, data: dict[str, Any]) -> dict[str, Any]:
    """A whole match of one ruleset: each ruleset's match action is this with its id bound
    (``functools.partial``), called at every request, so mutation testing reaches it."""
    from service.scoring import run  # the core's front door imports the rulesets: late

    counter = COUNTER[ruleset_id]
    state: State = {"dealer": data["dealer"], counter: data[counter]}
    totals = [0, 0, 0, 0]
    answered = []
    for index, event in enumerate(data["events"]):
        kind, request = event["type"], event["request"]
        field = f"events.{index}.request"
        spec = EVENTS[ruleset_id][kind]
        for name in spec.supplies:
            if name in request:
                message = (f"the match supplies '{name}' from its running state; leave it "
                           "out of the event")
                raise SchemaViolation(f"{field}.{name}: {message}",
                                      {f"{field}.{name}": [message]})
        body = {**request, **{name: state[name] for name in spec.supplies}}
        try:
            result = run(ruleset_id, spec.action, body)
        except PastDeadline:
            raise
        except ProblemError as exc:
            raise _prefixed(exc, field) from None
        if kind == "escape":
            state = escape_state(state, request)
        elif "next" in result:
            state = dict(result["next"])
        moved = _net(result)
        totals = [totals[seat] + moved[seat] for seat in range(4)]  # a new list: kept below
        answered.append({"type": kind, "result": result, "state": state, "totals": totals})
    return {"events": answered, "state": state, "totals": totals}
