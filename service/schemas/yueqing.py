"""Yueqing request and response schemas (contract: POST /v1/yueqing/...)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from service.schemas import common
from service.schemas.common import (
    PaymentSchema,
    SetSchema,
    SettlementSchema,
    WinBase,
    defaults,
    melds_field,
)
from service.schemas.fields import Count, Seat, Tile, Tiles

CAISHEN = {"description": "the 财神 (wild) tile itself"}


def LaoZhuang(**kwargs: Any) -> fields.Integer:  # noqa: N802
    return Count(0, 1_000_000, load_default=0,
                 metadata={"description": "hands in a row the dealer has already kept"},
                 **kwargs)


def Flowers(**kwargs: Any) -> fields.Integer:  # noqa: N802
    return Count(0, 4, load_default=0,
                 metadata={"description": "flower tiles laid aside (YQ-3)"}, **kwargs)


class HandSchema(Schema):
    concealed = Tiles(required=True,
                      metadata={"description": "every standing tile, the winning tile included"})
    melds = melds_field()
    flowers = Flowers()


class WinSchema(WinBase):
    by = fields.String(required=True,
                       validate=validate.OneOf(["self_draw", "discard", "robbing_kong"]))


class SituationSchema(Schema):
    heavenly = fields.Boolean(load_default=False)
    earthly = fields.Boolean(load_default=False)
    after_kong = fields.Boolean(load_default=False)
    liable_seat = Seat(load_default=None, allow_none=True)


class ScoreRequest(Schema):
    dealer = Seat(required=True)
    winner = Seat(required=True)
    lao_zhuang = LaoZhuang()
    caishen = Tile(required=True, metadata=CAISHEN)
    hand = fields.Nested(HandSchema, required=True)
    win = fields.Nested(WinSchema, required=True)
    situation = fields.Nested(SituationSchema, load_default=defaults(SituationSchema))


class CaishenAsSchema(Schema):
    tile = fields.String(required=True)
    stands_for = fields.String(data_key="as", required=True)


class ReadSetSchema(SetSchema):
    caishen_as = fields.List(fields.String(), required=True, metadata={
        "description": "the tile each 财神 in this set stands for (YQ-4), empty for none"})


class ReadHandSchema(Schema):
    sets = fields.List(fields.Nested(ReadSetSchema), required=True)
    caishen_as = fields.List(fields.Nested(CaishenAsSchema), required=True)


class ItemSchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    name_en = fields.String(required=True)
    value = fields.Integer(required=True)
    count = fields.Integer(required=True)
    group = fields.String(required=True, validate=validate.OneOf(["minor", "major"]))
    tai = fields.Integer(required=True)
    sets = fields.List(fields.Integer(), required=True, metadata={
        "description": "indices into hand.sets the item was read from; empty for an item of "
                       "the whole hand or of the situation"})


class TaiSchema(Schema):
    minor = fields.Integer(required=True)
    minor_adjusted = fields.Integer(required=True)
    major = fields.Integer(required=True)
    total = fields.Integer(required=True)


class FlowerItemSchema(Schema):
    id = fields.String(required=True)
    flowers = fields.Integer(required=True)


class FlowersSchema(Schema):
    items = fields.List(fields.Nested(FlowerItemSchema), required=True)
    count = fields.Integer(required=True)
    tiao = fields.Integer(required=True)


class ScorePaymentSchema(PaymentSchema):
    hand = fields.Integer(required=True)
    flowers = fields.Integer(required=True)


class ScoreSettlementSchema(common.ScoreSettlementSchema):
    payments = fields.List(fields.Nested(ScorePaymentSchema), required=True)


class NextSchema(Schema):
    dealer = fields.Integer(required=True)
    lao_zhuang = fields.Integer(required=True)


class ScoreResponse(Schema):
    ruleset = fields.String(required=True)
    hand = fields.Nested(ReadHandSchema, required=True)
    patterns = fields.List(fields.Nested(ItemSchema), required=True)
    tai = fields.Nested(TaiSchema, required=True)
    flowers = fields.Nested(FlowersSchema, required=True)
    settlement = fields.Nested(ScoreSettlementSchema, required=True)
    next = fields.Nested(NextSchema, required=True)


class PlayerSchema(Schema):
    seat = Seat(required=True)
    concealed = Tiles(load_default=None, allow_none=True,
                      metadata={"description": "standing tiles; omit for a hand not shown"})
    melds = melds_field()
    flowers = Flowers()


def players_field(**kwargs: Any) -> fields.List[Any]:
    return fields.List(fields.Nested(PlayerSchema), required=True,
                       validate=validate.Length(min=1, max=4), **kwargs)


class DrawRequest(Schema):
    dealer = Seat(required=True)
    lao_zhuang = LaoZhuang()
    caishen = Tile(required=True, metadata=CAISHEN)
    players = players_field(metadata={"description": "all four players"})


class SeatFlowersSchema(Schema):
    seat = fields.Integer(required=True)
    count = fields.Integer(required=True)
    tiao = fields.Integer(required=True)


class DrawResponse(Schema):
    flowers = fields.List(fields.Nested(SeatFlowersSchema), required=True)
    settlement = fields.Nested(SettlementSchema, required=True)
    next = fields.Nested(NextSchema, required=True)


class EscapeRequest(Schema):
    dealer = Seat(required=True)
    caishen = Tile(required=True, metadata=CAISHEN)
    escaper = Seat(required=True)
    base = Count(1, 1_000_000, load_default=1)
    multiplier = Count(1, 1_000_000, load_default=10)
    players = players_field(
        metadata={"description": "the three who stayed; the escaper may be listed for flowers"})


class CandidateSchema(Schema):
    id = fields.String(required=True)
    tai = fields.Integer(required=True)


class ClaimSchema(Schema):
    seat = fields.Integer(required=True)
    candidates = fields.List(fields.Nested(CandidateSchema), required=True)
    best = fields.Nested(CandidateSchema, required=True, allow_none=True)


class EscapeResponse(Schema):
    claims = fields.List(fields.Nested(ClaimSchema), required=True)
    fine = fields.Integer(required=True)
    flowers = fields.List(fields.Nested(SeatFlowersSchema), required=True)
    settlement = fields.Nested(SettlementSchema, required=True)
