"""Chuzhou request and response schemas (contract: POST /v1/chuzhou/...).

Each class's OpenAPI component is its name with the ruleset's prefix (``ChuzhouScoreRequest``;
service/openapi.py ``schema_name``), unless it names its ``component``.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from service.rulesets.chuzhou.events import EVENTS, SUPPLIES
from service.rulesets.chuzhou.rules import DEFAULT, PARAMETERS
from service.schemas import common, match
from service.schemas.advice import AdviceMixin
from service.schemas.common import (
    Answer,
    PaymentSchema,
    ScoreSettlementSchema,
    SetSchema,
    SettlementSchema,
    WinBase,
    concealed_field,
    melds_field,
    part,
    situation_part,
)
from service.schemas.fields import (
    MOST_IN_A_ROW,
    BoundedList,
    Count,
    Flag,
    Fresh,
    Seat,
    Tile,
    Tiles,
    flag,
)
from service.schemas.rules import pin_field, rules_field, variant_field
from service.schemas.values import ValuesMixin

MAX_MELDS = 4  # four sets and a pair (CZ-1)


def Zhen(**kwargs: Any) -> fields.List[Any]:  # noqa: N802
    return BoundedList(
        Count(1, MOST_IN_A_ROW), min_items=4, max_items=4, load_default=Fresh([1, 1, 1, 1]),
        metadata={"description": "each seat's 针 (zhen), seats 0-3 in order, each "
                                 f"1-{MOST_IN_A_ROW:,}: every 针 adds the rules' zhen_unit "
                                 f"({DEFAULT.zhen_unit} by default) to what that seat pays or "
                                 "receives (CZ-12, the dealer's counted "
                                 f"{DEFAULT.dealer_zhen_factor} times); after a win they "
                                 "change as CZ-13 says, and stay at the rules' zhen_cap "
                                 f"({MOST_IN_A_ROW:,} at most) once there; all 1 at the start "
                                 "and by default"},
        **kwargs)


class HandSchema(Schema):
    concealed = concealed_field(
        "every standing tile at the win, the winning tile included once; the tiles of melds "
        "are not repeated here, so 14 less 3 per meld (G-3)", required=True)
    melds = melds_field(MAX_MELDS)
    flowers = Count(0, 2, load_default=0, metadata={
        "description": "小花 (small flowers) the winner holds: 0, 1 or 2 (CZ-1)"})


class WinSchema(WinBase):
    by = fields.String(required=True, validate=validate.OneOf(["self_draw", "discard"]),
                       metadata={"description": "self_draw (自摸) or discard (点炮)"})


class SituationSchema(Schema):
    declared_ready = flag("the winner had declared ready (听/架); only possible on a single "
                          "wait, and needed for 七对 and the ready-bound patterns (CZ-10)")
    ready_first_turn = flag("the ready declaration came in the first go-around: 硬子 (CZ-10)")
    heavenly = flag("天胡: the dealer won self-drawn on the deal (CZ-11)")
    earthly = flag("地胡: a non-dealer won self-drawn in the first go-around (CZ-11)")
    last_tile = flag("海底捞月: the winning tile was the last drawable tile, self-drawn (CZ-11)")
    after_kong = flag("杠后开: won self-drawn on the replacement tile after a kong or a 小花 "
                      "(CZ-11)")
    table_pengs = Tiles(load_default=list, max_tiles=16, metadata={
        "description": "one tile of each 碰 visible on the table, the winner's own included, "
                       "for 绝张 (CZ-10); four seats of four melds make the bound"})
    tuokuzi_seat = Seat("脱裤子: the seat that chowed a tile and then discarded the same tile, "
                        "the win coming inside that go-around (CZ-15); null if none",
                        load_default=None, allow_none=True)
    one_suit_seats = BoundedList(
        Seat(), max_items=4, load_default=list,
        metadata={"description": "seats holding a one-suit hand themselves, who are never "
                                 "liable (清不包清, CZ-15); at most 4"})
    liable_seat = Seat("a seat the table has already found liable (包庄, CZ-15): it pays all "
                       "three shares whatever else applies; null to let the service decide",
                       load_default=None, allow_none=True)


class Tunable(Schema):
    """What every Chuzhou request may carry: its table's house rules (docs/house-rules.md) and
    the version of the money it expects."""

    rules = rules_field("chuzhou", PARAMETERS)
    variant = variant_field()
    ruleset_version = pin_field()


class ScoreRequest(Tunable):
    dealer = Seat("the dealer (庄) of this hand", required=True)
    winner = Seat("the seat that won", required=True)
    zhen = Zhen()
    hand = part(HandSchema, "the winner's hand")
    win = part(WinSchema, "the winning tile and how it came")
    situation = situation_part(SituationSchema)


class PatternSchema(Answer):
    id = fields.String(required=True)
    name = fields.String(required=True)
    name_en = fields.String(required=True)
    value = fields.Integer(required=True, metadata={"description": "番 per instance"})
    count = fields.Integer(required=True, metadata={"description": "instances (CZ-6)"})
    concealed = fields.Boolean(required=True, metadata={"description": "the 暗 value (CZ-7)"})
    fan = fields.Integer(required=True, metadata={"description": "value × count"})
    sets = fields.List(fields.Integer(), required=True, validate=validate.Length(max=7),
                       metadata={"description": "indices into hand.sets this entry's instances "
                                                "were read from; empty for a pattern of the "
                                                "whole hand or of the situation"})


class ReadHandSchema(Answer):
    form = fields.String(required=True, validate=validate.OneOf(["standard", "seven_pairs"]))
    sets = fields.List(fields.Nested(SetSchema), required=True,
                       validate=validate.Length(max=7))  # seven pairs
    waits = fields.List(Tile(), required=True, validate=validate.Length(max=34),
                        metadata={"description": "what the hand waited on before the win"})


class NextSchema(Answer):
    dealer = fields.Integer(required=True)
    zhen = fields.List(fields.Integer(), required=True, validate=validate.Length(equal=4))


class ScoreResponse(Answer):
    ruleset = fields.String(required=True)
    hand = fields.Nested(ReadHandSchema, required=True)
    patterns = fields.List(fields.Nested(PatternSchema), required=True)
    fan = fields.Integer(required=True, metadata={"description": "F, the pattern total"})
    settlement = fields.Nested(ScoreSettlementSchema, required=True)
    next = fields.Nested(NextSchema, required=True)


class InstantRequest(Tunable):
    event = fields.String(
        required=True, validate=validate.OneOf(["followed_discard", "four_same_discards"]),
        metadata={"description": "followed_discard (a discard the other three followed with "
                                 "the same tile) or four_same_discards (one player discarded "
                                 "four identical tiles in the hand), CZ-16"})
    seat = Seat("for followed_discard the first discarder, who pays each other seat the "
                f"rules' instant_unit ({DEFAULT.instant_unit} by default); for "
                "four_same_discards the player who discarded the four, who is paid it by each",
                required=True)
    # The table's state, so that the answer gives the next one as every event's does (a
    # match supplies them): optional, since a payment alone needs neither.
    dealer = Seat("the dealer (庄) of the hand the payment falls in; sent, the answer's "
                  "`next` gives the state to send on (the same: an instant changes neither "
                  "dealer nor 针, CZ-16)", load_default=None)
    zhen = Zhen()


class InstantResponse(Answer):
    payments = fields.List(fields.Nested(PaymentSchema), required=True,
                           validate=validate.Length(max=3), metadata={
                               "description": "the same as `settlement.payments`, kept here "
                                              "for clients written before `settlement`"})
    net = fields.List(fields.Integer(), required=True, validate=validate.Length(equal=4),
                      metadata={"description": "the same as `settlement.net`, kept here for "
                                               "clients written before `settlement`"})
    settlement = fields.Nested(SettlementSchema, required=True, metadata={
        "description": "who pays whom and every seat's net, as every other action answers "
                       "them (CZ-16)"})
    next = fields.Nested(NextSchema, metadata={
        "description": "the dealer and 针 to send with the next hand, unchanged (CZ-16); "
                       "present when the request sends `dealer`, as every event of a match "
                       "does"})


class DrawRequest(Tunable):
    dealer = Seat("the dealer (庄) of the drawn hand", required=True)
    zhen = Zhen()
    kongs = Count(0, 16, load_default=0, metadata={
        "description": "kongs made in the hand so far, 0-16: each leaves the rules' "
                       f"wall_reserve_per_kong ({DEFAULT.wall_reserve_per_kong} by default) more "
                       "tiles undrawn (CZ-17)"})


class DrawResponse(Answer):
    wall_reserve = fields.Integer(required=True,
                                  metadata={"description": "tiles left undrawn (CZ-17)"})
    next = fields.Nested(NextSchema, required=True)


class MatchEvent(Schema):
    type = match.event_type(list(EVENTS))
    request = match.event_request(" and ".join(SUPPLIES))


class MatchRequest(Tunable):
    dealer = match.first_dealer()
    zhen = Zhen()
    events = match.events(MatchEvent)


class MatchEventResult(match.MatchEventResult):
    state = fields.Nested(NextSchema, required=True,
                          metadata={"description": "dealer and 针 after the event"})


class MatchResponse(Answer):
    events = fields.List(fields.Nested(MatchEventResult), required=True)
    state = fields.Nested(NextSchema, required=True)
    totals = fields.List(fields.Integer(), required=True)


class WaitsSituation(SituationSchema):
    """The score request's situation, but ``declared_ready`` left out is not false: what
    each wait is worth then shows a wait that wins only declared as declared (``needs``)."""

    declared_ready = Flag(metadata={"description": (
        "the waiting player has declared ready (听/架; only possible on a single wait, CZ-10); "
        "left out, a wait that wins only when declared (七对) is valued as declared and its "
        "ways say `needs: [\"declared_ready\"]`; false, such a wait is refused")})


class WaitsRequest(ValuesMixin, Tunable, common.WaitsRequest):
    """The waits request (its component keeps the name it had before ``values``, unprefixed:
    ``component``)."""

    component = "WaitsRequest"

    zhen = Zhen()
    flowers = Count(0, 2, load_default=0, metadata={
        "description": "小花 (small flowers) the waiting player holds: 0, 1 or 2 (CZ-1)"})
    situation = situation_part(WaitsSituation)


class AdviceRequest(AdviceMixin, WaitsRequest):
    """The advice request: the waits request's fields, standing tiles of waiting or winning
    size, and the tiles seen elsewhere."""
