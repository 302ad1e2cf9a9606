"""Many requests in one: each item runs through ``service.scoring.run`` on its own.

The batch endpoint and the command line answer an item the same way, with ``answer_item``:
``{"id", "status": 200, "answer"}`` or ``{"id", "status": 4xx, "problem"}``, the problem
being exactly what the item's single endpoint would answer. One bad item never fails the
others; a batch over the caps is refused whole before any item runs.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from service.errors import (
    PROBLEM_BASE,
    ProblemError,
    SchemaViolation,
    UnknownRuleset,
    problem_document,
)
from service.rulesets import RULESETS
from service.schemas.batch import BatchRequest
from service.scoring import load, run

MAX_ITEMS = 1_000
# A match counts each of its events: 1,000 matches of 200 hands would hold a worker for
# a minute, so the hands of a batch are capped too.
MAX_HANDS = 10_000

YIELD_EVERY = 20

log = logging.getLogger(__name__)


class TooLarge(ProblemError):
    status = 413
    slug = "too-large"
    title = "The batch is too large"


def _hands(item: Any) -> int:
    """How many hands an item asks for: a match's events, else one."""
    if isinstance(item, dict) and item.get("action") == "match":
        request = item.get("request")
        if isinstance(request, dict) and isinstance(request.get("events"), list):
            return max(1, len(request["events"]))
    return 1


def check_caps(body: Any) -> list[Any]:
    """The items of a batch body, or the problem with the body as a whole."""
    if not isinstance(body, dict) or not isinstance(body.get("items"), list):
        raise SchemaViolation("items: a batch is an object with an 'items' array",
                              {"items": ["a batch is an object with an 'items' array"]})
    items: list[Any] = body["items"]
    if len(items) > MAX_ITEMS:
        raise TooLarge(f"items: {len(items)} items; a batch holds at most {MAX_ITEMS:,}",
                       {"items": [f"at most {MAX_ITEMS:,} items"]})
    hands = sum(_hands(item) for item in items)
    if hands > MAX_HANDS:
        raise TooLarge(f"items: {hands:,} hands (a match counts each event); a batch holds at "
                       f"most {MAX_HANDS:,}", {"items": [f"at most {MAX_HANDS:,} hands"]})
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
        answer = run(item["ruleset"], item["action"], item["request"])
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
    return {"id": ident, "status": 200, "answer": answer}


def run_batch(body: Any) -> dict[str, Any]:
    results = []
    for index, item in enumerate(check_caps(body)):
        if index % YIELD_EVERY == 0:
            # Under gevent workers (gunicorn.conf.py) time.sleep is cooperative: a long batch
            # lets the worker's other requests and its heartbeat run between items.
            time.sleep(0)
        results.append(answer_item(item))
    return {"results": results}
