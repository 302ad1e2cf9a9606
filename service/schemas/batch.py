"""Batch schemas (contract: POST /v1/batch).

Each item must be an object; past that the items are open in the contract: an item whose
ruleset, action or request is wrong is answered in its own result (status 4xx), never by
refusing the batch, so the contract cannot refuse it either.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from service.schemas.common import Answer, ProblemSchema

ITEM = ("`{\"id\"?: any, \"ruleset\": string, \"action\": string, \"request\": {...}}`: "
        "`ruleset` one of the ids GET /v1/rulesets lists, `action` one of that ruleset's "
        "(score, draw, instant, escape, waits, advice, match); the request is what the single "
        "endpoint `POST /v1/{ruleset}/{action}` takes, `expected` (verify mode) included")


class BatchRequest(Schema):
    # Each item is an object; what is inside it is the item's own business, and so is being
    # an object: a bad item, a string or a number included, gets its own 4xx result and the
    # others are answered (service/batch.py). So the contract says no more of an item than
    # its description.
    items = fields.List(fields.Raw(allow_none=True, metadata={
        "description": ITEM + "; anything that is not such an object gets its own 422 result"}),
                        required=True,
                        validate=validate.Length(max=1_000), metadata={
        "description": "at most 1,000 items and the work of 2,000 hands (a match counts each "
                       "event, a hand more with each wild tile (财神) standing, what each wait is "
                       "worth every wait four ways, an advice its reading and what its "
                       "ready hands' waits pay: docs/operations.md); more is refused whole "
                       "with 413"})


class BatchResult(Answer):
    component = "BatchItemResult"  # ``BatchResult`` is orval's name for the operation's answer

    id = fields.Raw(required=True, allow_none=True,
                    metadata={"description": "the item's id, null when it had none"})
    ruleset = fields.String(required=True, allow_none=True, metadata={
        "description": "the item's ruleset, null when it sent no name there"})
    action = fields.String(required=True, allow_none=True, metadata={
        "description": "the item's action, null when it sent no name there"})
    status = fields.Integer(required=True,
                            metadata={"description": "the single endpoint's status"})
    answer = fields.Dict(metadata={"description": "with 200: the single endpoint's answer"})
    problem = fields.Nested(ProblemSchema,
                            metadata={"description": "with 4xx: the single endpoint's "
                                                     "problem, its fields named from the item: "
                                                     "the request's under `request.` "
                                                     "(`request.hand.concealed`)"})


class BatchResponse(Answer):
    results = fields.List(fields.Nested(BatchResult), required=True,
                          metadata={"description": "one per item, in order"})


def batch_operation(request: dict[str, Any], response: dict[str, Any],
                    description: str) -> dict[str, Any]:
    """The POST operation of /v1/batch for the OpenAPI document: its request and answer
    bodies (schema and examples) and its description."""
    problem = {"application/problem+json": {"schema": "Problem"}}

    def refused(description: str) -> dict[str, Any]:
        return {"description": description, "content": problem}

    return {
        "operationId": "batch",
        "summary": "Answer up to 1,000 items (score, draw, instant, escape, waits, advice, "
                   "match) in one call.",
        "description": description,
        "tags": ["batch"],
        "requestBody": {"required": True, "content": request},
        "responses": {
            "200": {"description": "One result per item, in order; a bad item gets its own "
                                   "4xx result.",
                    "content": response},
            "400": refused("The body is not valid JSON."),
            "413": refused("The body is larger than 8 MiB, or holds more than 1,000 items or "
                           "the work of 2,000 hands."),
            "503": refused("The batch ran past its deadline (5 s unless the deployment sets "
                           "another) while the worker was busy: nothing is answered; retry "
                           "after `Retry-After` seconds, or send less at once."),
            "415": refused("The body is not application/json."),
            "422": refused("The body is not an object with an `items` array."),
        },
    }
