"""Many requests in one: each item runs through ``service.actions.answer`` on its own.

The batch endpoint and the command line answer an item the same way, with ``answer_item``:
``{"id", "status": 200, "answer"}`` or ``{"id", "status": 4xx, "problem"}``, the problem
being exactly what the item's single endpoint would answer. One bad item never fails the
others; a batch over the caps is refused whole before any item runs.
"""

from __future__ import annotations

import logging
from typing import Any

from service.actions import answer
from service.errors import (
    PROBLEM_BASE,
    PastDeadline,
    ProblemError,
    SchemaViolation,
    UnknownRuleset,
    problem_document,
)
from service.rulesets import RULESETS
from service.schemas.batch import BatchRequest
from service.scoring import load
from service.work import admit, hands

MAX_ITEMS = 1_000

log = logging.getLogger(__name__)


class TooLarge(ProblemError):
    status = 413
    slug = "too-large"
    title = "The batch is too large"


def _hands(item: Any) -> int:
    """The work an item asks for, in hands (service/work.py)."""
    if not isinstance(item, dict):
        return 1
    return hands(item.get("ruleset"), item.get("action"), item.get("request"))


def check_caps(body: Any) -> list[Any]:
    """The items of a batch body, or the problem with the body as a whole."""
    if not isinstance(body, dict) or not isinstance(body.get("items"), list):
        raise SchemaViolation("items: a batch is an object with an 'items' array",
                              {"items": ["a batch is an object with an 'items' array"]})
    items: list[Any] = body["items"]
    if len(items) > MAX_ITEMS:
        raise TooLarge(f"items: {len(items)} items; a batch holds at most {MAX_ITEMS:,}",
                       {"items": [f"at most {MAX_ITEMS:,} items"]})
    admit(sum(_hands(item) for item in items), "items")
    load(BatchRequest, body)  # unknown top-level fields are refused, as everywhere
    return items


ITEM_FIELDS = ("id", "ruleset", "action", "request")


def _item_problems(item: Any) -> dict[str, list[str]]:
    """The item's own shape, checked by hand: a schema load per item would cost more than
    scoring many hands."""
    if not isinstance(item, dict):
        return {"body": ["an item is an object with ruleset, action and request"]}
    errors = {name: ["Unknown field."] for name in item if name not in ITEM_FIELDS}
    for name in ITEM_FIELDS[1:]:
        if name not in item:
            errors[name] = ["Missing data for required field."]
        elif name != "request" and not isinstance(item[name], str):
            errors[name] = ["Not a valid string."]
    return errors


def answer_item(item: Any) -> dict[str, Any]:
    """One item's result; never raises."""
    ident = item.get("id") if isinstance(item, dict) else None
    try:
        errors = _item_problems(item)
        if errors:
            raise SchemaViolation.for_fields(errors)
        answered = answer(item["ruleset"], item["action"], item["request"])
    except PastDeadline:
        raise  # the whole request stops: nothing half-done is answered
    except ProblemError as exc:
        problem = exc.problem()
        if isinstance(exc, UnknownRuleset):  # name the item's field, as a schema error would
            field = "ruleset" if item["ruleset"] not in RULESETS else "action"
            problem["errors"] = {field: [exc.detail]}
        return {"id": ident, "status": exc.status, "problem": problem}
    except Exception:  # one item's failure must not take the others with it
        log.exception("batch item failed")
        return {"id": ident, "status": 500, "problem": problem_document(
            PROBLEM_BASE + "http-error", "Internal Server Error", 500,
            "The server failed to answer this item; no detail is shared.", {})}
    return {"id": ident, "status": 200, "answer": answered}


def run_batch(body: Any) -> dict[str, Any]:
    """Every item answered in order; each hand paces the worker (service/work.py)."""
    return {"results": [answer_item(item) for item in check_caps(body)]}
