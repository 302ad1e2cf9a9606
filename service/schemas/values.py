"""The waits request with what each wait is worth (contract: POST /v1/{ruleset}/waits).

With ``winner`` and ``dealer`` (and optionally the rest of a score request) the answer adds
``values``; without them it is the plain waits answer.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validates_schema

from service.schemas import chuzhou, yueqing
from service.schemas.common import ProblemSchema, WaitsRequest, WaitsResponse, defaults
from service.schemas.fields import Count, Seat, Tile

VALUE_FIELDS = ("winner", "dealer", "zhen", "lao_zhuang", "situation", "flowers")


class ValuesMixin(Schema):
    winner = Seat(load_default=None, metadata={"description": "the waiting player: asks for "
                                                              "`values`, with `dealer`"})
    dealer = Seat(load_default=None)

    @validates_schema(pass_original=True)
    def _values_need_seats(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        given = [name for name in VALUE_FIELDS if name in original]
        for needed in ("winner", "dealer"):
            if given and needed not in original:
                raise ValidationError(f"what each wait is worth ({', '.join(given)}) needs "
                                      f"'{needed}' as well", needed)


class ChuzhouWaitsRequest(ValuesMixin, WaitsRequest):
    zhen = chuzhou.Zhen()
    flowers = Count(0, 2, load_default=0, metadata={"description": "小花 held (CZ-1)"})
    situation = fields.Nested(chuzhou.SituationSchema,
                              load_default=defaults(chuzhou.SituationSchema))


class YueqingWaitsRequest(ValuesMixin, WaitsRequest):
    caishen = Tile(required=True, metadata={"description": "the 财神 (wild) tile"})
    lao_zhuang = yueqing.LaoZhuang()
    flowers = yueqing.Flowers()
    situation = fields.Nested(yueqing.SituationSchema,
                              load_default=defaults(yueqing.SituationSchema))


class WayBase(Schema):
    patterns = fields.List(fields.Dict(), metadata={"description": "the score answer's entries"})
    net = fields.List(fields.Integer())
    problem = fields.Nested(ProblemSchema, metadata={
        "description": "instead of the amounts: why the rules refuse this way of winning "
                       "(七对 undeclared, 天胡 on a discard, a 财神 discarded at face value)"})


class ChuzhouWay(WayBase):
    fan = fields.Integer()


class YueqingWay(WayBase):
    tai = fields.Nested(yueqing.TaiSchema)
    flowers = fields.Nested(yueqing.FlowersSchema)


class ChuzhouDiscardWay(ChuzhouWay):
    source = fields.Integer(data_key="from", required=True)


class YueqingDiscardWay(YueqingWay):
    source = fields.Integer(data_key="from", required=True)


class ChuzhouWaitValue(Schema):
    tile = fields.String(required=True)
    self_draw = fields.Nested(ChuzhouWay, required=True)
    discard = fields.List(fields.Nested(ChuzhouDiscardWay), required=True,
                          metadata={"description": "one per other seat that may discard it"})


class YueqingWaitValue(Schema):
    tile = fields.String(required=True)
    self_draw = fields.Nested(YueqingWay, required=True)
    discard = fields.List(fields.Nested(YueqingDiscardWay), required=True,
                          metadata={"description": "one per other seat that may discard it"})


class ChuzhouWaitsResponse(WaitsResponse):
    values = fields.List(fields.Nested(ChuzhouWaitValue),
                         metadata={"description": "present when the request names the winner"})


class YueqingWaitsResponse(WaitsResponse):
    values = fields.List(fields.Nested(YueqingWaitValue),
                         metadata={"description": "present when the request names the winner"})
