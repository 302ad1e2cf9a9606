"""POST /v1/{ruleset}/match: a whole match in one call.

The ledger threads the state a table carries from hand to hand (the dealer, and the counter
the ruleset names: Chuzhou's 针, Yueqing's 牢庄) through the events in order. Each event runs
through ``service.scoring.run_own`` exactly as its single endpoint would, with the state filled
in, so a fix to the core lands here too. The first impossible event refuses the whole match,
its problem's fields named from the match body (``events.3.request.hand.concealed``); nothing
is half-applied because nothing is kept between calls.
"""

from __future__ import annotations

from typing import Any

from service.errors import PastDeadline, ProblemError, SchemaViolation, under
from service.language import Message, joined
from service.rulesets.registry import MatchRules, Rules, State
from service.scoring import run_own


def _net(result: dict[str, Any]) -> list[int]:
    """The money an event moved, its settlement's; a Chuzhou drawn hand moves none."""
    if "settlement" in result:
        return list(result["settlement"]["net"])
    return [0, 0, 0, 0]


def _prefixed(exc: ProblemError, prefix: str) -> ProblemError:
    """The same problem with every field named from the match body."""
    return exc.renamed(joined(prefix, ": ", exc.detail), under(prefix, exc.errors))


def play(ruleset_id: str, match: MatchRules, data: dict[str, Any]) -> dict[str, Any]:
    """A whole match of one ruleset: each ruleset's match action is this with the ruleset's
    id and match bound (``functools.partial``), called at every request, so mutation testing
    reaches it."""
    counter, events = match.counter, match.events
    used: Rules = data["rules"]  # set once for the match: every event is scored under them
    house = {"variant": used.variant, "rules": used.overrides}
    once = (*house, "ruleset_version")  # the match's pin was checked for every event
    state: State = {"dealer": data["dealer"], counter: data[counter]}
    totals = [0, 0, 0, 0]
    answered: list[dict[str, Any]] = []
    for index, event in enumerate(data["events"]):
        kind, request = event["type"], event["request"]
        field = f"events.{index}.request"
        spec = events[kind]
        for name in (*spec.supplies, *once):
            if name in request:
                message = Message(
                    "match-supplies", "the match supplies '{name}' from its running state; "
                    "leave it out of the event", name=name) if name in spec.supplies else \
                    Message("match-sets-once", "the match sets '{name}' once, for every "
                            "event; send it with the match", name=name)
                raise SchemaViolation.at(f"{field}.{name}", message)
        body = {**request, **{name: state[name] for name in spec.supplies}, **house}
        try:
            result = run_own(ruleset_id, spec.action, body)
        except PastDeadline:
            raise
        except ProblemError as exc:
            raise _prefixed(exc, field) from None
        state = dict(result["next"])  # every event answers it (registry.Event)
        # Every event is scored under the match's rules: each event's answer names them, as
        # the single call's does (/v1), with the first event's dict rather than a copy of its
        # own, so a batch of matches under a club's full rules holds one copy per match.
        if answered:
            result["rules"] = answered[0]["result"]["rules"]
        moved = _net(result)
        # a new list each event: each answered event keeps its own totals
        totals = [totals[seat] + moved[seat] for seat in range(4)]
        answered.append({"type": kind, "result": result, "state": state, "totals": totals})
    # the match's answer names the same rules with the same dict (scoring.perform); a match
    # holds at least one event (its schema)
    return {"events": answered, "state": state, "totals": totals,
            "rules": answered[0]["result"]["rules"]}
