"""The scoring core's front door: the same JSON-shaped dicts the endpoints take.

    from service.scoring import score
    score("chuzhou", body)  # the response dict, or a ProblemError carrying the problem

``run_own`` runs one of a ruleset's own actions (score, draw, waits, ...); service/actions.py adds
the actions made of these (a match, the waits with what each is worth) and is what the HTTP
layer, the batch endpoint and the command line call.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from marshmallow import Schema, ValidationError

from service import metrics
from service.errors import (
    PROBLEM_BASE,
    PastDeadline,
    ProblemError,
    SchemaViolation,
    UnknownRuleset,
)
from service.hints import refusals
from service.house import paid, pinned, resolve, said
from service.language import Message
from service.loader import Unsure, reader
from service.rulesets import RULESETS
from service.rulesets.readings import call
from service.rulesets.registry import Action, Ruleset
from service.verify import check
from service.work import pace


def known_ruleset(ruleset_id: str) -> Ruleset:
    try:
        return RULESETS[ruleset_id]
    except KeyError:
        raise UnknownRuleset(Message("unknown-ruleset", "no ruleset '{ruleset}'; known: "
                                     "{known}", ruleset=ruleset_id,
                                     known=list(RULESETS))) from None


def own_action(ruleset_id: str, name: str) -> Action:
    """One of a ruleset's own actions (score, draw, waits, ...), by its name."""
    ruleset = known_ruleset(ruleset_id)
    try:
        return ruleset.actions[name]
    except KeyError:
        raise UnknownRuleset(Message(
            "unknown-action", "ruleset '{ruleset}' has no '{action}' action of its own "
            "(service.actions.run runs the match and the waits with what each wait is worth "
            "as well)", ruleset=ruleset_id, action=name)) from None


@cache
def _instance(schema: type[Schema]) -> Schema:
    """One instance per schema: building one copies every field, loading with it does not."""
    return schema()


def load(schema: type[Schema], body: Any) -> dict[str, Any]:
    """Validate a body against a schema, raising SchemaViolation with every field named.

    The schema's compiled reader loads what it can vouch for; marshmallow loads the rest, so
    every refusal is marshmallow's own (service/loader.py).
    """
    try:
        fast: dict[str, Any] = reader(schema)(body)
    except Unsure:
        pass
    else:
        return fast
    loader = _instance(schema)
    try:
        data: dict[str, Any] = loader.load(body)
    except ValidationError as exc:
        raise SchemaViolation.for_fields(refusals(loader, exc.messages, body)) from None
    return data


def perform(ruleset_id: str, name: str, chosen: Action, body: Any) -> dict[str, Any]:
    """Load ``body`` with the action's schema and run it (one hand, or an action that runs
    others: a match's events, a waits request's values); answer whether it met ``expected``
    (verify mode)."""
    pace()  # between hands: the worker's other requests run, a deadline is kept
    data = load(chosen.request, body)
    expected = data.pop("expected", None)  # verify mode, on the schemas that declare it
    ruleset = RULESETS[ruleset_id]
    # verify mode: what changed since the stored answer's money, its check's ``changes``
    changes = paid(ruleset, data.pop("paid_under", None), expected is not None)
    try:
        answer = _run(ruleset, name, chosen, data)
    except PastDeadline:
        raise  # not a verdict on the request: nothing is checked
    except ProblemError as refused:
        if expected is not None:  # the verdict is the refusal: nothing of expected is met
            refused.members["check"] = _checked(check(expected, {}), changes,
                                                refused=PROBLEM_BASE + refused.slug)
        raise
    if expected is not None:
        answer["check"] = _checked(check(expected, answer), changes)
    return answer


def _checked(found: dict[str, Any], changes: list[dict[str, Any]] | None,
             refused: str | None = None) -> dict[str, Any]:
    """A check as an answer or a refusal carries it: ``ok``, the problem type that refused
    the request, every difference, and with ``paid_under`` the changes since."""
    made: dict[str, Any] = {"ok": found["ok"] and refused is None}
    if refused is not None:
        made["refused"] = refused
    made["differences"] = found["differences"]
    if changes is not None:
        made["changes"] = changes
    return made


def _run(ruleset: Ruleset, name: str, chosen: Action, data: dict[str, Any]) -> dict[str, Any]:
    """The loaded request run under its pin and its rules, its answer saying which."""
    pinned(ruleset, data.pop("ruleset_version", None))  # a stored check fails loudly, 409
    # house rules: the variant and the overrides a request may send, resolved once each
    used = resolve(ruleset, data.pop("variant", None), data.pop("rules", None))
    data["rules"] = used
    examined: list[int] = []
    try:
        answer = call(chosen.handler, data, examined)
    finally:  # what was read counts, whether the handler answers or refuses
        for readings in examined:
            metrics.hand_read(ruleset.id, readings)
    metrics.hand_scored(ruleset.id, name)
    answer["ruleset_version"] = ruleset.version  # which rules gave this answer
    # A match names its rules with its events' dict (service/match.py), else a copy of its own
    answer["rules"] = answer.pop("rules", None) or said(used)
    return answer


def run_own(ruleset_id: str, name: str, body: Any) -> dict[str, Any]:
    """One of a ruleset's own actions on a JSON-shaped body (``service.actions.run`` runs any
    action an endpoint offers: these, a match, the waits with what each is worth)."""
    ruleset = RULESETS.get(ruleset_id)
    chosen = ruleset.actions.get(name) if ruleset is not None else None
    return perform(ruleset_id, name, chosen or own_action(ruleset_id, name), body)


def score(ruleset_id: str, body: Any) -> dict[str, Any]:
    return run_own(ruleset_id, "score", body)


def waits(ruleset_id: str, body: Any) -> dict[str, Any]:
    return run_own(ruleset_id, "waits", body)
