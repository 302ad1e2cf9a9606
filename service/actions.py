"""Every action a client may ask for, by ruleset and name: each ruleset's own (run by
service.scoring), its match (service/match.py) and its waits with what each wait is worth
(service/values.py). The HTTP layer, the batch endpoint and the command line call ``answer``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from service.advice import with_values as advice_with_values
from service.errors import UnknownRuleset
from service.language import Message
from service.match import play
from service.rulesets import RULESETS
from service.rulesets.registry import Action, Ruleset
from service.scoring import known_ruleset, perform
from service.values import with_values
from service.work import admit, counted, hands, house_rules


def actions_of(ruleset: Ruleset) -> dict[str, Action]:
    """A ruleset's actions as its endpoints offer them, in the order they are listed."""
    offered = dict(ruleset.actions)
    asked, match = ruleset.values, ruleset.match
    if asked is not None:
        waits = offered["waits"]
        offered["waits"] = Action(waits.summary, asked.request, asked.response,
                                  partial(with_values, ruleset, asked))
        advice = offered.get("advice")
        if advice is not None:
            offered["advice"] = Action(advice.summary, advice.request, advice.response,
                                       partial(advice_with_values, ruleset, asked))
    if match is not None:
        offered["match"] = Action(match.summary, match.request, match.response,
                                  partial(play, ruleset.id, match))
    return offered


# Each ruleset's offered actions, made at its first request: one entry per ruleset, remade if
# the ruleset registered under that id is another.
_OFFERED: dict[str, tuple[Ruleset, dict[str, Action]]] = {}


def offered(ruleset: Ruleset) -> dict[str, Action]:
    made = _OFFERED.get(ruleset.id)
    if made is None or made[0] is not ruleset:
        made = _OFFERED[ruleset.id] = (ruleset, actions_of(ruleset))
    return made[1]


def action(ruleset_id: str, name: str) -> Action:
    ruleset = known_ruleset(ruleset_id)  # an unknown ruleset is named first
    try:
        return offered(ruleset)[name]
    except KeyError:
        raise UnknownRuleset(Message("unknown-action", "ruleset '{ruleset}' has no '{action}' "
                                     "action", ruleset=ruleset_id, action=name)) from None


def run(ruleset_id: str, name: str, body: Any) -> dict[str, Any]:
    """Any action a client may ask for, on a JSON-shaped body."""
    ruleset = RULESETS.get(ruleset_id)
    chosen = offered(ruleset).get(name) if ruleset is not None else None
    return perform(ruleset_id, name, chosen or action(ruleset_id, name), body)


def answer(ruleset_id: str, name: str, body: Any) -> dict[str, Any]:
    """``run`` for a request a client sent (an endpoint, a batch item, a command-line line):
    refused with 413 first if it asks for more work than one request may (service/work.py)."""
    work = hands(ruleset_id, name, body) + house_rules([(ruleset_id, body)])
    admit(work)
    with counted(work):
        return run(ruleset_id, name, body)
