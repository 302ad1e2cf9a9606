"""Match ledger schemas (contract: POST /v1/{ruleset}/match)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from service.schemas.common import Answer
from service.schemas.fields import Seat

MAX_EVENTS = 200


def event_type(types: list[str]) -> fields.String:
    return fields.String(required=True, validate=validate.OneOf(types), metadata={
        "description": "what happened: " + ", ".join(types) + " (win: POST /score)"})


def event_request(supplied: str) -> fields.Dict:
    return fields.Dict(keys=fields.String(), required=True, metadata={"description": (
        "what the event's single endpoint takes (win: /score, draw: /draw, instant: /instant, "
        f"escape: /escape), less {supplied}, which the match supplies from its running state; "
        "it may carry `expected` (verify mode) like the single request")})


def events(event: type[Schema]) -> fields.List[Any]:
    return fields.List(fields.Nested(event), required=True,
                       validate=validate.Length(1, MAX_EVENTS),
                       metadata={"description": f"the events in order, at most {MAX_EVENTS}"})


def first_dealer() -> fields.Integer:
    return Seat("the first hand's dealer", required=True)


class MatchEventResult(Answer):
    type = fields.String(required=True)
    result = fields.Dict(required=True, metadata={"description": "the single endpoint's answer"})
    totals = fields.List(fields.Integer(), required=True,
                         metadata={"description": "running net per seat after the event"})
