"""Chuzhou request and response schemas (contract: POST /v1/chuzhou/...)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from service.schemas.common import (
    PaymentSchema,
    ScoreSettlementSchema,
    SetSchema,
    WinBase,
    defaults,
    melds_field,
)
from service.schemas.fields import Count, Seat, Tiles


def Zhen(**kwargs: Any) -> fields.List[Any]:  # noqa: N802
    return fields.List(Count(1, 1_000_000), validate=validate.Length(equal=4),
                       load_default=lambda: [1, 1, 1, 1],
                       metadata={"description": "each seat's 针, all 1 by default"}, **kwargs)


class HandSchema(Schema):
    concealed = Tiles(required=True,
                      metadata={"description": "every standing tile, the winning tile included"})
    melds = melds_field()
    flowers = Count(0, 2, load_default=0, metadata={"description": "小花 held (CZ-1)"})


class WinSchema(WinBase):
    by = fields.String(required=True, validate=validate.OneOf(["self_draw", "discard"]))


class SituationSchema(Schema):
    declared_ready = fields.Boolean(load_default=False)
    ready_first_turn = fields.Boolean(load_default=False)
    heavenly = fields.Boolean(load_default=False)
    earthly = fields.Boolean(load_default=False)
    last_tile = fields.Boolean(load_default=False)
    after_kong = fields.Boolean(load_default=False)
    table_pengs = Tiles(load_default=list,
                        metadata={"description": "tiles of which a 碰 is visible on the table"})
    tuokuzi_seat = Seat(load_default=None, allow_none=True)
    one_suit_seats = fields.List(Seat(), load_default=list, validate=validate.Length(max=4))
    liable_seat = Seat(load_default=None, allow_none=True)


class ScoreRequest(Schema):
    dealer = Seat(required=True)
    winner = Seat(required=True)
    zhen = Zhen()
    hand = fields.Nested(HandSchema, required=True)
    win = fields.Nested(WinSchema, required=True)
    situation = fields.Nested(SituationSchema, load_default=defaults(SituationSchema))


class PatternSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    name_en = fields.String(required=True)
    value = fields.Integer(required=True)
    count = fields.Integer(required=True)
    concealed = fields.Boolean(required=True)
    fan = fields.Integer(required=True)
    sets = fields.List(fields.Integer(), required=True, metadata={
        "description": "indices into hand.sets this entry's instances were read from; empty "
                       "for a pattern of the whole hand or of the situation"})


class ReadHandSchema(Schema):
    form = fields.String(required=True, validate=validate.OneOf(["standard", "seven_pairs"]))
    sets = fields.List(fields.Nested(SetSchema), required=True)
    waits = fields.List(fields.String(), required=True)


class NextSchema(Schema):
    dealer = fields.Integer(required=True)
    zhen = fields.List(fields.Integer(), required=True)


class ScoreResponse(Schema):
    ruleset = fields.String(required=True)
    hand = fields.Nested(ReadHandSchema, required=True)
    patterns = fields.List(fields.Nested(PatternSchema), required=True)
    fan = fields.Integer(required=True)
    settlement = fields.Nested(ScoreSettlementSchema, required=True)
    next = fields.Nested(NextSchema, required=True)


class InstantRequest(Schema):
    event = fields.String(required=True,
                          validate=validate.OneOf(["followed_discard", "four_same_discards"]))
    seat = Seat(required=True)


class InstantResponse(Schema):
    payments = fields.List(fields.Nested(PaymentSchema), required=True)
    net = fields.List(fields.Integer(), required=True)


class DrawRequest(Schema):
    dealer = Seat(required=True)
    zhen = Zhen()
    kongs = Count(0, 16, load_default=0, metadata={"description": "kongs made in the hand"})


class DrawResponse(Schema):
    wall_reserve = fields.Integer(required=True)
    next = fields.Nested(NextSchema, required=True)
