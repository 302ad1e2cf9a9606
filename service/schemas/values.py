"""The waits request with what each wait is worth (contract: POST /v1/{ruleset}/waits).

With ``winner`` and ``dealer`` (and optionally the rest of a score request) the answer adds
``values``; without them it is the plain waits answer.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields

from service.schemas import chuzhou, common, yueqing
from service.schemas.checks import request_check
from service.schemas.common import Answer, ProblemSchema, situation_part
from service.schemas.fields import Count, Flag, Seat, Tile

VALUE_FIELDS = ("winner", "dealer", "zhen", "lao_zhuang", "situation", "flowers")


class ValuesMixin(Schema):
    winner = Seat("the waiting player; with `dealer`, asks for `values`")
    dealer = Seat("the dealer, for `values`")

    @request_check(pass_original=True)
    def _values_need_seats(self, data: dict[str, Any], original: Any) -> None:
        given = [name for name in VALUE_FIELDS if name in original]
        for needed in ("winner", "dealer"):
            if given and needed not in original:
                raise ValidationError(f"what each wait is worth ({', '.join(given)}) needs "
                                      f"'{needed}' as well", needed)


class ChuzhouWaitsSituation(chuzhou.SituationSchema):
    """The score request's situation, but ``declared_ready`` left out is not false: what
    each wait is worth then shows a wait that wins only declared as declared (``needs``)."""

    declared_ready = Flag(metadata={"description": (
        "the waiting player has declared ready (听/架; only possible on a single wait, CZ-10); "
        "left out, a wait that wins only when declared (七对) is valued as declared and its "
        "ways say `needs: [\"declared_ready\"]`; false, such a wait is refused")})


class WaitsRequest(ValuesMixin, common.WaitsRequest):
    """Chuzhou's waits request (its component keeps the name it had before ``values``)."""

    zhen = chuzhou.Zhen()
    flowers = Count(0, 2, load_default=0, metadata={
        "description": "小花 (small flowers) the waiting player holds: 0, 1 or 2 (CZ-1)"})
    situation = situation_part(ChuzhouWaitsSituation)


class YueqingWaitsRequest(ValuesMixin, common.YueqingWaitsRequest):
    lao_zhuang = yueqing.LaoZhuang()
    flowers = yueqing.Flowers()
    situation = situation_part(yueqing.SituationSchema)


class WaySchema(Answer):
    """One way of winning on a waiting tile: what the score answer says of it."""

    fan = fields.Integer(metadata={"description": "where the ruleset counts 番: the total"})
    tai = fields.Nested(yueqing.TaiSchema, metadata={
        "description": "where the ruleset counts 台: the 台 and parts"})
    flowers = fields.Nested(yueqing.FlowersSchema, metadata={
        "description": "where the ruleset counts 花: the flowers"})
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
