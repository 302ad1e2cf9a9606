"""Many requests in one: each item runs through ``service.actions.answer`` on its own.

The batch endpoint and the command line answer an item the same way, with ``answer_item``:
``{"id", "status": 200, "answer"}`` or ``{"id", "status": 4xx, "problem"}``, the problem
being what the item's single endpoint would answer, its fields named from the item: the
item's own as they are (``ruleset``), those of its request under ``request.``
(``request.hand.concealed``). One bad item never fails the others; a batch over the caps is
refused whole before any item runs.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from typing import Any

from service.actions import answer, offered
from service.errors import (
    MAX_FIELD_ERRORS,
    PROBLEM_BASE,
    PastDeadline,
    ProblemError,
    SchemaViolation,
    UnknownRuleset,
    causes,
    describe,
    problem_document,
    under,
)
from service.field_messages import MISSING, NOT_A_STRING, UNKNOWN
from service.hints import closest, did_you_mean
from service.language import Message, Phrase, joined
from service.rulesets import RULESETS
from service.schemas.batch import BatchRequest
from service.scoring import load
from service.work import admit, counted, hands, house_rules, pace

MAX_ITEMS = 1_000

log = logging.getLogger(__name__)


class TooLarge(ProblemError):
    slug = "too-large"


def _hands(item: Any) -> int:
    """The work an item asks for, in hands (service/work.py)."""
    if not isinstance(item, dict):
        return 1
    return hands(item.get("ruleset"), item.get("action"), item.get("request"))


def check_caps(body: Any) -> tuple[list[Any], int]:
    """The items of a batch body and the work they ask for, or the problem with the body as a
    whole."""
    if not isinstance(body, dict) or not isinstance(body.get("items"), list):
        shape = Message("not-a-batch", "a batch is an object with an 'items' array")
        raise SchemaViolation(joined("items: ", shape), {"items": [shape]})
    items: list[Any] = body["items"]
    if len(items) > MAX_ITEMS:
        raise TooLarge(Message("too-many-items",
                               "items: {count} items; a batch holds at most {max:,}",
                               count=len(items), max=MAX_ITEMS),
                       {"items": [Message("too-many-items", "at most {max:,} items",
                                          max=MAX_ITEMS, count=len(items))]})
    work = sum(_hands(item) for item in items) + house_rules(
        (item.get("ruleset"), item.get("request")) for item in items if isinstance(item, dict))
    admit(work, "items")
    load(BatchRequest, body)  # unknown top-level fields are refused, as everywhere
    return items, work


ITEM_FIELDS = ("id", "ruleset", "action", "request")


def _item_problems(item: Any) -> dict[str, list[str]]:
    """The item's own shape, checked by hand: a schema load per item would cost more than
    scoring many hands."""
    if not isinstance(item, dict):
        return {"body": [Message("not-an-item",
                                 "an item is an object with ruleset, action and request")]}
    strays = [name for name in item if name not in ITEM_FIELDS]
    errors: dict[str, list[str]] = {
        name: _unknown(name, ITEM_FIELDS) if place < MAX_FIELD_ERRORS
        else [UNKNOWN] for place, name in enumerate(strays)}  # hints: shown only
    for name in ITEM_FIELDS[1:]:
        if name not in item:
            errors[name] = [MISSING]
        elif name != "request" and not isinstance(item[name], str):
            errors[name] = [NOT_A_STRING]
    return errors


def _unknown(name: Any, known: Collection[str]) -> list[str]:
    """An unknown name's refusal, with the known one it most likely meant."""
    meant = closest(name, known) if isinstance(name, str) else None
    return [UNKNOWN, did_you_mean(meant)] if meant else [UNKNOWN]


def _in_request(exc: ProblemError) -> dict[str, Any]:
    """The problem of an item's request with its fields named from the item: under
    ``request.``, the request itself (``body``) as ``request``."""
    errors = under("request", exc.errors)
    # A detail that lists the fields is listed again with the new names; any other says
    # where it belongs.
    detail = describe(errors) if errors and exc.detail == describe(exc.errors) \
        else joined("request: ", exc.detail)
    return exc.renamed(detail, errors).problem()


def _unknown_name(item: dict[str, Any], exc: UnknownRuleset) -> dict[str, Any]:
    """The 404 of an item's unknown ruleset or action, naming that field of the item, as a
    schema error would, with the name it most likely meant."""
    problem = exc.problem()
    ruleset = RULESETS.get(item["ruleset"])
    field, known = ("ruleset", list(RULESETS)) if ruleset is None else ("action", offered(ruleset))
    meant = closest(item[field], known)
    problem["errors"] = {field: [exc.detail, did_you_mean(meant)] if meant else [exc.detail]}
    problem["causes"] = causes(problem["errors"], problem["detail"])
    return problem


def _named(item: Any, field: str) -> str | None:
    """The item's ruleset or action, echoed in its result when it is a name at all."""
    named = item.get(field) if isinstance(item, dict) else None
    return named if isinstance(named, str) else None


def answer_item(item: Any) -> dict[str, Any]:
    """One item's result; never raises. It echoes the item's ``ruleset`` and ``action``, so a
    typed client knows which answer it holds without counting items."""
    pace()  # a refused item costs work too: the worker's other requests run, the deadline holds
    said = {"id": item.get("id") if isinstance(item, dict) else None,
            "ruleset": _named(item, "ruleset"), "action": _named(item, "action")}
    errors = _item_problems(item)
    if errors:
        refused = SchemaViolation.for_fields(errors)
        return {**said, "status": refused.status, "problem": refused.problem()}
    try:
        answered = answer(item["ruleset"], item["action"], item["request"])
    except PastDeadline:
        raise  # the whole request stops: nothing half-done is answered
    except UnknownRuleset as exc:
        return {**said, "status": exc.status, "problem": _unknown_name(item, exc)}
    except ProblemError as exc:
        return {**said, "status": exc.status, "problem": _in_request(exc)}
    except Exception:  # one item's failure must not take the others with it
        log.exception("batch item failed")
        return {**said, "status": 500, "problem": problem_document(
            PROBLEM_BASE + "http-error", Phrase("Internal Server Error"), 500,
            Message("server-error", "The server failed to answer this item; no detail is "
                    "shared."), {})}
    return {**said, "status": 200, "answer": answered}


def run_batch(body: Any) -> dict[str, Any]:
    """Every item answered in order; each hand paces the worker, and work an item finds as it
    runs counts against the batch's whole (service/work.py)."""
    items, work = check_caps(body)
    with counted(work):
        return {"results": [answer_item(item) for item in items]}
