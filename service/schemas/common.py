"""Schemas shared by both rulesets: melds, sets, payments, problems, waits."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.hand.groups import ANGANG
from service.schemas.fields import Seat, Tile, Tiles


class MeldSchema(Schema):
    type = fields.String(required=True, validate=validate.OneOf(["chi", "peng", "gang", "angang"]))
    tiles = Tiles(required=True)
    source = Seat(data_key="from", load_default=None, allow_none=True)

    @validates_schema
    def _source_matches_type(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data["type"] == ANGANG and data["source"] is not None:
            raise ValidationError("a concealed kong has no 'from' seat", "from")
        if data["type"] != ANGANG and data["source"] is None:
            raise ValidationError(f"a {data['type']} needs the seat it was claimed from", "from")


class WinBase(Schema):
    """The winning tile and where it came from; each ruleset lists its ways to win as ``by``."""

    tile = Tile(required=True)
    by: fields.String
    source = Seat(data_key="from", load_default=None, allow_none=True)

    @validates_schema
    def _source_matches_by(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data["by"] != "self_draw" and data["source"] is None:
            raise ValidationError(f"a {data['by']} win needs the seat the tile came from", "from")
        if data["by"] == "self_draw" and data["source"] is not None:
            raise ValidationError("a self-drawn win has no 'from' seat", "from")


def defaults(schema: type[Schema]) -> Callable[[], dict[str, Any]]:
    """A load_default for an optional nested object: its fields' defaults, lists fresh."""
    loaded: dict[str, Any] = schema().load({})

    def fresh() -> dict[str, Any]:
        return {key: list(value) if isinstance(value, list) else value
                for key, value in loaded.items()}

    return fresh


def melds_field(**kwargs: Any) -> fields.List[Any]:
    return fields.List(fields.Nested(MeldSchema), validate=validate.Length(max=5),
                       load_default=list, **kwargs)


class WaitsRequest(Schema):
    concealed = Tiles(required=True)
    melds = melds_field()


class YueqingWaitsRequest(WaitsRequest):
    caishen = Tile(required=True, metadata={"description": "the 财神 (wild) tile"})


class WaitsResponse(Schema):
    waits = fields.List(fields.String(), required=True)
    single_wait = fields.Boolean(required=True)


class SetSchema(Schema):
    type = fields.String(required=True,
                         validate=validate.OneOf(["sequence", "triplet", "kong", "pair"]))
    tiles = fields.String(required=True)
    concealed = fields.Boolean(required=True)


class PaymentSchema(Schema):
    source = fields.Integer(data_key="from", required=True)
    to = fields.Integer(required=True)
    amount = fields.Integer(required=True)


class SettlementSchema(Schema):
    payments = fields.List(fields.Nested(PaymentSchema), required=True)
    net = fields.List(fields.Integer(), required=True)


class ScoreSettlementSchema(SettlementSchema):
    liable_seat = fields.Integer(required=True, allow_none=True)


class ProblemSchema(Schema):
    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    errors = fields.Dict(keys=fields.String(), values=fields.List(fields.String()),
                         required=True)


class HealthSchema(Schema):
    status = fields.String(required=True)


class RulesetSummarySchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    name_en = fields.String(required=True)


class RulesetListSchema(Schema):
    rulesets = fields.List(fields.Nested(RulesetSummarySchema), required=True)


class CatalogueEntrySchema(Schema):
    id = fields.String(required=True)
    name = fields.String(required=True)
    name_en = fields.String(required=True)
    values = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    group = fields.String(metadata={"description": "yueqing: minor, major or flower"})
    excludes = fields.List(fields.String())
    condition = fields.String()


class CatalogueSchema(RulesetSummarySchema):
    patterns = fields.List(fields.Nested(CatalogueEntrySchema), required=True)
    flowers = fields.List(fields.Nested(CatalogueEntrySchema))
