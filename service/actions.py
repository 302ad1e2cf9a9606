"""Every action a client may ask for, by ruleset and name: each ruleset's own (run by
service.scoring), its match (service/match.py) and its waits with what each wait is worth
(service/values.py). The HTTP layer, the batch endpoint and the command line call ``answer``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from service.errors import UnknownRuleset
from service.match import play
from service.rulesets import RULESETS
from service.rulesets.registry import Action, Ruleset
from service.scoring import perform, ruleset
from service.values import with_values
from service.work import admit, hands


def actions_of(rules: Ruleset) -> dict[str, Action]:
    """A ruleset's actions as its endpoints offer them, in the order they are listed."""
    offered = dict(rules.actions)
    waits, match = offered["waits"], rules.match
    offered["waits"] = Action(waits.summary, rules.values.request, rules.values.response,
                              partial(with_values, rules))
    offered["match"] = Action(match.summary, match.request, match.response,
                              partial(play, rules))
    return offered


OFFERED = {rules.id: actions_of(rules) for rules in RULESETS.values()}
# Every (ruleset, action) pair, so a request finds its action in one lookup; ``action`` names
# what is missing when it does not.
ACTIONS = {(ruleset_id, name): chosen for ruleset_id, offered in OFFERED.items()
           for name, chosen in offered.items()}


def action(ruleset_id: str, name: str) -> Action:
    ruleset(ruleset_id)  # an unknown ruleset is named first
    try:
        return OFFERED[ruleset_id][name]
    except KeyError:
        raise UnknownRuleset(f"ruleset '{ruleset_id}' has no '{name}' action") from None


def run(ruleset_id: str, name: str, body: Any) -> dict[str, Any]:
    """Any action a client may ask for, on a JSON-shaped body."""
    chosen = ACTIONS.get((ruleset_id, name)) or action(ruleset_id, name)
    return perform(ruleset_id, name, chosen, body)


def answer(ruleset_id: str, name: str, body: Any) -> dict[str, Any]:
    """``run`` for a request a client sent (an endpoint, a batch item, a command-line line):
    refused with 413 first if it asks for more work than one request may (service/work.py)."""
    admit(hands(ruleset_id, name, body))
    return run(ruleset_id, name, body)
