"""The waits request with what each wait is worth (contract: POST /v1/{ruleset}/waits).

With ``winner`` and ``dealer`` (and optionally the rest of a score request) the answer adds
``values``; without them it is the plain waits answer.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields

from service.language import Message
from service.schemas import common
from service.schemas.checks import request_check
from service.schemas.common import Answer, ProblemSchema
from service.schemas.fields import Seat, Tile

VALUE_FIELDS = ("winner", "dealer", "zhen", "lao_zhuang", "situation", "flowers",
                "value_detail")


class ValuesMixin(Schema):
    winner = Seat("the waiting player; with `dealer`, asks for `values`")
    dealer = Seat("the dealer, for `values`")

    @request_check(pass_original=True)
    def _values_need_seats(self, data: dict[str, Any], original: Any) -> None:
        given = [name for name in VALUE_FIELDS if name in original]
        for needed in ("winner", "dealer"):
            if given and needed not in original:
                raise ValidationError(Message(
                    "values-need-seats", "what each wait is worth ({given}) needs '{needed}' "
                    "as well", given=given, needed=needed), needed)


class WaySchema(Answer):
    """One way of winning on a waiting tile: what the score answer says of it."""

    fan = fields.Integer(metadata={"description": "where the ruleset counts 番: the total"})
    # Each ruleset's own totals (its WaitValues ``totals``): the contract gives each the score
    # answer's schema (service/openapi_shapes.py).
    tai = fields.Dict(metadata={"description": "where the ruleset counts 台: the 台 and parts"})
    flowers = fields.Dict(metadata={"description": "where the ruleset counts 花: the flowers"})
    patterns = fields.List(fields.Dict(), metadata={"description": "the score answer's entries"})
    net = fields.List(fields.Integer(), metadata={"description": "every seat's net"})
    problem = fields.Nested(ProblemSchema, metadata={
        "description": "instead of the amounts: why the rules refuse this way of winning "
                       "(七对 when the request says it was not declared ready, or for a hand "
                       "that cannot be declared; 天胡 on a discard; a 财神 discarded, at face "
                       "value)"})
    needs = fields.List(fields.String(), metadata={
        "description": "present when these amounts assume `situation` flags the request left "
                       "out, without which the rules refuse this way: their names (七对 "
                       "wins only declared ready, `[\"declared_ready\"]`, CZ-10)"})


class DiscardWaySchema(WaySchema):
    source = fields.Integer(data_key="from", required=True,
                            metadata={"description": "the seat that discards the tile"})


class WaitValueSchema(Answer):
    tile = Tile(required=True)
    self_draw = fields.Nested(WaySchema, required=True)
    discard = fields.List(fields.Nested(DiscardWaySchema), required=True,
                          metadata={"description": "one per other seat that may discard it"})


class WaitsResponse(common.WaitsResponse):
    values = fields.List(fields.Nested(WaitValueSchema), metadata={
        "description": "present when the request names the winner and dealer: what each "
                       "waiting tile pays"})
