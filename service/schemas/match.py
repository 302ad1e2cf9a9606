"""Match ledger schemas (contract: POST /v1/{ruleset}/match)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from service.schemas import chuzhou, yueqing
from service.schemas.common import Answer
from service.schemas.fields import Seat

MAX_EVENTS = 200


def _event_type(types: list[str]) -> fields.String:
    return fields.String(required=True, validate=validate.OneOf(types), metadata={
        "description": "what happened: " + ", ".join(types) + " (win: POST /score)"})


def _event_request(supplied: str) -> fields.Dict:
    return fields.Dict(keys=fields.String(), required=True, metadata={"description": (
        "what the event's single endpoint takes (win: /score, draw: /draw, instant: /instant, "
        f"escape: /escape), less {supplied}, which the match supplies from its running state; "
        "it may carry `expected` (verify mode) like the single request")})


def _events(event: type[Schema]) -> fields.List[Any]:
    return fields.List(fields.Nested(event), required=True,
                       validate=validate.Length(1, MAX_EVENTS),
                       metadata={"description": f"the events in order, at most {MAX_EVENTS}"})


def _first_dealer() -> fields.Integer:
    return Seat("the first hand's dealer", required=True)


class ChuzhouMatchEvent(Schema):
    type = _event_type(["win", "draw", "instant"])
    request = _event_request("dealer and zhen")


class YueqingMatchEvent(Schema):
    type = _event_type(["win", "draw", "escape"])
    request = _event_request("dealer and lao_zhuang")


class ChuzhouMatchRequest(Schema):
    dealer = _first_dealer()
    zhen = chuzhou.Zhen()
    events = _events(ChuzhouMatchEvent)


class YueqingMatchRequest(Schema):
    dealer = _first_dealer()
    lao_zhuang = yueqing.LaoZhuang()
    events = _events(YueqingMatchEvent)


class MatchEventResult(Answer):
    type = fields.String(required=True)
    result = fields.Dict(required=True, metadata={"description": "the single endpoint's answer"})
    totals = fields.List(fields.Integer(), required=True,
                         metadata={"description": "running net per seat after the event"})


class ChuzhouMatchEventResult(MatchEventResult):
    state = fields.Nested(chuzhou.NextSchema, required=True,
                          metadata={"description": "dealer and 针 after the event"})


class YueqingMatchEventResult(MatchEventResult):
    state = fields.Nested(yueqing.NextSchema, required=True,
                          metadata={"description": "dealer and 牢庄 after the event"})


class ChuzhouMatchResponse(Answer):
    events = fields.List(fields.Nested(ChuzhouMatchEventResult), required=True)
    state = fields.Nested(chuzhou.NextSchema, required=True)
    totals = fields.List(fields.Integer(), required=True)


class YueqingMatchResponse(Answer):
    events = fields.List(fields.Nested(YueqingMatchEventResult), required=True)
    state = fields.Nested(yueqing.NextSchema, required=True)
    totals = fields.List(fields.Integer(), required=True)
