"""Yueqing request and response schemas (contract: POST /v1/yueqing/...).

Each class's OpenAPI component is its name with the ruleset's prefix (``YueqingScoreRequest``;
service/openapi.py ``schema_name``).
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from service.rulesets.yueqing.events import EVENTS, SUPPLIES
from service.rulesets.yueqing.rules import DEFAULT, MOST_FINE, PARAMETERS
from service.schemas import common, match
from service.schemas.advice import AdviceMixin
from service.schemas.common import (
    CAISHEN,
    WAITING,
    Answer,
    PaymentSchema,
    SetSchema,
    SettlementSchema,
    WinBase,
    concealed_field,
    melds_field,
    part,
    situation_part,
)
from service.schemas.fields import MOST_IN_A_ROW, BoundedList, Count, Seat, Tile, flag
from service.schemas.rules import pin_field, rules_field, variant_field
from service.schemas.values import ValuesMixin

MAX_MELDS = 5  # five sets and a pair (YQ-1)


def LaoZhuang(**kwargs: Any) -> fields.Integer:  # noqa: N802
    return Count(0, MOST_IN_A_ROW, load_default=0, metadata={
        "description": "牢庄: hands in a row the current dealer has already kept, 0 the first "
                       "time (YQ-18); each raises what a dealer's win is paid by 1 条 (unless "
                       f"the rules' lao_zhuang_pays is false); 0-{MOST_IN_A_ROW:,}, default 0, "
                       "at most the rules' lao_zhuang_cap, and it stays there once there"},
        **kwargs)


def Flowers(**kwargs: Any) -> fields.Integer:  # noqa: N802
    return Count(0, 4, load_default=0, metadata={
        "description": "flower tiles (白板, or 红中 when 白板 is the 财神) laid aside, 0-4; "
                       "they never stand in concealed or a meld (YQ-3); default 0"}, **kwargs)


class HandSchema(Schema):
    concealed = concealed_field(
        "every standing tile at the win, the winning tile included once; the tiles of melds "
        "are not repeated here, so 17 less 3 per meld (G-3)", required=True)
    melds = melds_field(MAX_MELDS)
    flowers = Flowers()


class WinSchema(WinBase):
    by = fields.String(required=True,
                       validate=validate.OneOf(["self_draw", "discard", "robbing_kong"]),
                       metadata={"description": "self_draw (自摸), discard (点炮) or "
                                                "robbing_kong (抢杠)"})


class SituationSchema(Schema):
    heavenly = flag("天胡: the dealer won self-drawn with the first 17 tiles (YQ-14)")
    earthly = flag("地胡: a non-dealer won on the dealer's first discard (YQ-14)")
    after_kong = flag("杠上开花: won self-drawn on the replacement tile after a kong")
    liable_seat = Seat("包牌: a seat the table found liable (YQ-19), which pays all three "
                       "shares, flowers included; null if none", load_default=None,
                       allow_none=True)


class Tunable(Schema):
    """What every Yueqing request may carry: its table's house rules (docs/house-rules.md) and
    the version of the money it expects."""

    rules = rules_field("yueqing", PARAMETERS)
    variant = variant_field()
    ruleset_version = pin_field()


class ScoreRequest(Tunable):
    dealer = Seat("the dealer (庄, East) of this hand", required=True)
    winner = Seat("the seat that won", required=True)
    lao_zhuang = LaoZhuang()
    caishen = Tile(required=True, metadata={"description": CAISHEN})
    hand = part(HandSchema, "the winner's hand")
    win = part(WinSchema, "the winning tile and how it came")
    situation = situation_part(SituationSchema)


class CaishenAsSchema(Answer):
    tile = Tile(required=True)
    stands_for = Tile(data_key="as", required=True)


class ReadSetSchema(SetSchema):
    caishen_as = fields.List(Tile(), required=True, validate=validate.Length(max=3), metadata={
        "description": "the tile each 财神 in this set stands for (YQ-4), empty for none"})


class ReadHandSchema(Answer):
    sets = fields.List(fields.Nested(ReadSetSchema), required=True,
                       validate=validate.Length(max=6))
    caishen_as = fields.List(fields.Nested(CaishenAsSchema), required=True,
                             validate=validate.Length(max=3),
                             metadata={"description": "what each wild 财神 stood for"})


class ItemSchema(Answer):
    id = fields.String(required=True)
    name = fields.String(required=True)
    name_en = fields.String(required=True)
    value = fields.Integer(required=True)
    count = fields.Integer(required=True)
    group = fields.String(required=True, validate=validate.OneOf(["minor", "major"]))
    group_name = fields.String(metadata={
        "description": "the group's name, in the language asked for (`Accept-Language`)"})
    tai = fields.Integer(required=True, metadata={"description": "value × count"})
    sets = fields.List(fields.Integer(), required=True, validate=validate.Length(max=6),
                       metadata={"description": "indices into hand.sets the item was read from; "
                                                "empty for an item of the whole hand or of the "
                                                "situation"})


class TaiSchema(Answer):
    minor = fields.Integer(required=True, metadata={"description": "N, the minor items' sum"})
    minor_adjusted = fields.Integer(required=True, metadata={"description": "N' (YQ-15)"})
    major = fields.Integer(required=True, metadata={"description": "M, the major items' sum"})
    total = fields.Integer(required=True, metadata={"description": "the 台 total (YQ-15)"})


class FlowerItemSchema(Answer):
    id = fields.String(required=True)
    name = fields.String(required=True)
    name_en = fields.String(required=True)
    flowers = fields.Integer(required=True)


class FlowersSchema(Answer):
    items = fields.List(fields.Nested(FlowerItemSchema), required=True,
                        validate=validate.Length(max=6))
    count = fields.Integer(required=True, metadata={"description": "花 in all (YQ-16)"})
    tiao = fields.Integer(required=True, metadata={"description": "their worth in 条 (YQ-17)"})


class ScorePaymentSchema(PaymentSchema):
    hand = fields.Integer(required=True)
    flowers = fields.Integer(required=True)


class ScoreSettlementSchema(common.ScoreSettlementSchema):
    payments = fields.List(fields.Nested(ScorePaymentSchema), required=True,
                           validate=validate.Length(max=3))


class NextSchema(Answer):
    dealer = fields.Integer(required=True)
    lao_zhuang = fields.Integer(required=True)


class ScoreResponse(Answer):
    ruleset = fields.String(required=True)
    hand = fields.Nested(ReadHandSchema, required=True)
    patterns = fields.List(fields.Nested(ItemSchema), required=True)
    tai = fields.Nested(TaiSchema, required=True)
    tai_names = fields.Dict(keys=fields.String(), values=fields.String(), metadata={
        "description": "the name of each part of `tai` (minor, minor_adjusted, major, total), "
                       "in the language asked for (`Accept-Language`)"})
    flowers = fields.Nested(FlowersSchema, required=True)
    settlement = fields.Nested(ScoreSettlementSchema, required=True)
    next = fields.Nested(NextSchema, required=True)


class PlayerSchema(Schema):
    seat = Seat(required=True)
    concealed = concealed_field(
        "the player's standing tiles, meld tiles not repeated; omit it or send null for a "
        "hand not shown, which counts only what is exposed", load_default=None,
        allow_none=True)
    melds = melds_field(MAX_MELDS)
    flowers = Flowers()


def players_field(description: str, **kwargs: Any) -> fields.List[Any]:
    return BoundedList(fields.Nested(PlayerSchema), min_items=1, max_items=4, required=True,
                       metadata={"description": f"{description}; 1-4 players, each seat once"},
                       **kwargs)


class DrawRequest(Tunable):
    dealer = Seat("the dealer (庄) of the drawn hand", required=True)
    lao_zhuang = LaoZhuang()
    caishen = Tile(required=True, metadata={"description": CAISHEN})
    players = players_field("all four players")


class SeatFlowersSchema(Answer):
    seat = fields.Integer(required=True)
    count = fields.Integer(required=True)
    tiao = fields.Integer(required=True)


class DrawResponse(Answer):
    flowers = fields.List(fields.Nested(SeatFlowersSchema), required=True,
                          validate=validate.Length(max=4))
    settlement = fields.Nested(SettlementSchema, required=True)
    next = fields.Nested(NextSchema, required=True)


class EscapeRequest(Tunable):
    dealer = Seat("the dealer (庄) of the hand", required=True)
    caishen = Tile(required=True, metadata={"description": CAISHEN})
    lao_zhuang = LaoZhuang()
    escaper = Seat("the seat that ran away (逃跑), which pays (YQ-22)", required=True)
    # Absent, not null, when not sent: the handler then reads the rules' value, and a null
    # stays a refusal, as it was before house rules.
    base = Count(1, MOST_FINE, metadata={
        "description": f"the fine's base, 1-{MOST_FINE:,}, default the rules' escape_fine_base, "
                       f"{DEFAULT.fine_base} (YQ-22)"})
    multiplier = Count(1, MOST_FINE, metadata={
        "description": f"the fine is base × multiplier 条, paid to nobody; 1-{MOST_FINE:,}, "
                       f"default the rules' escape_fine_multiplier, {DEFAULT.fine_multiplier} "
                       "(YQ-22)"})
    players = players_field("the three who stayed; the escaper may be listed too, for its "
                            "flowers")


class CandidateSchema(Answer):
    id = fields.String(required=True)
    name = fields.String(required=True)
    name_en = fields.String(required=True)
    tai = fields.Integer(required=True)


class ClaimSchema(Answer):
    seat = fields.Integer(required=True)
    candidates = fields.List(fields.Nested(CandidateSchema), required=True,
                             metadata={"description": "the major items the tiles could still "
                                                      "make (YQ-23)"})
    best = fields.Nested(CandidateSchema, required=True, allow_none=True,
                         metadata={"description": "the highest candidate, paid by the "
                                                  "escaper; null when there is none"})


class EscapeResponse(Answer):
    claims = fields.List(fields.Nested(ClaimSchema), required=True,
                         validate=validate.Length(max=3))  # the three who stayed
    fine = fields.Integer(required=True)
    flowers = fields.List(fields.Nested(SeatFlowersSchema), required=True,
                          validate=validate.Length(max=4))
    settlement = fields.Nested(SettlementSchema, required=True)
    next = fields.Nested(NextSchema, required=True, metadata={
        "description": "the next hand's dealer and 牢庄: as after a drawn hand (YQ-20), but a "
                       "dealer who escapes loses the deal (docs/rules/yueqing.md)"})


class MatchEvent(Schema):
    type = match.event_type(list(EVENTS))
    request = match.event_request(" and ".join(SUPPLIES))


class MatchRequest(Tunable):
    dealer = match.first_dealer()
    lao_zhuang = LaoZhuang()
    events = match.events(MatchEvent)


class MatchEventResult(match.MatchEventResult):
    state = fields.Nested(NextSchema, required=True,
                          metadata={"description": "dealer and 牢庄 after the event"})


class MatchResponse(Answer):
    events = fields.List(fields.Nested(MatchEventResult), required=True)
    state = fields.Nested(NextSchema, required=True)
    totals = fields.List(fields.Integer(), required=True)


class PlainWaitsRequest(Schema):
    """The waits request without what each wait is worth."""

    concealed = concealed_field(WAITING, required=True)
    melds = melds_field(5)
    caishen = Tile(required=True, metadata={"description": CAISHEN})


class WaitsRequest(ValuesMixin, Tunable, PlainWaitsRequest):
    lao_zhuang = LaoZhuang()
    flowers = Flowers()
    situation = situation_part(SituationSchema)


class AdviceRequest(AdviceMixin, WaitsRequest):
    """The advice request: the waits request's fields, standing tiles of waiting or winning
    size, and the tiles seen elsewhere."""
