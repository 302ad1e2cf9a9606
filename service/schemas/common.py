"""Schemas shared by both rulesets: melds, sets, payments, problems, waits.

Requests are strict (marshmallow refuses unknown fields, and the contract says
``additionalProperties: false``); answers derive from ``Answer`` and stay open, so a field
added within /v1 never breaks a client generated from an older contract.
"""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from service.hand.groups import ANGANG
from service.language import Message
from service.schemas.checks import request_check
from service.schemas.fields import TILE_CODE_REF, BoundedList, Fresh, Seat, Tile, Tiles
from service.version import CHANGED, KINDS

MAX_CONCEALED = 18  # a generous bound: the hand-size check (G-3) says what is exactly expected
SELF_DRAW = "self_draw"  # the one way to win that takes no tile from another seat
CAISHEN = ("the 财神 (wild) tile itself, as named at the table (YQ-2): in the concealed hand "
           "it may stand for any tile, in a meld it is its face value")


class Answer(Schema):
    """A response body: open to fields added within /v1."""

    class Meta:
        unknown = EXCLUDE


class MeldSchema(Schema):
    type = fields.String(required=True, validate=validate.OneOf(["chi", "peng", "gang", "angang"]),
                         metadata={"description": "chi (吃, a claimed sequence), peng (碰, a "
                                                  "claimed triplet), gang (明杠, any exposed "
                                                  "kong: claimed, or a 碰 upgraded) or angang "
                                                  "(暗杠, a concealed kong)"})
    tiles = Tiles(required=True, max_tiles=4,
                  metadata={"description": "the meld's 3 tiles (4 for a kong)"})
    source = Seat("the seat the claimed tile came from; required for chi, peng and gang, "
                  "absent for angang", data_key="from", load_default=None, allow_none=True)

    @request_check
    def _source_matches_type(self, data: dict[str, Any]) -> None:
        if (data["source"] is None) is not (data["type"] == ANGANG):  # one test while right
            if data["type"] == ANGANG:
                raise ValidationError(Message("angang-from",
                                              "a concealed kong has no 'from' seat"), "from")
            raise ValidationError(Message("meld-needs-from",
                                          "a {meld} needs the seat it was claimed from",
                                          meld=data["type"]), "from")


class WinBase(Schema):
    """The winning tile and where it came from; each ruleset lists its ways to win as ``by``."""

    tile = Tile(required=True, metadata={
        "description": "the winning tile; it is also in hand.concealed, once (G-3)"})
    by: fields.String
    source = Seat("the seat that discarded the winning tile (or whose kong was robbed); "
                  "required unless by is self_draw", data_key="from", load_default=None,
                  allow_none=True)

    @request_check
    def _source_matches_by(self, data: dict[str, Any]) -> None:
        if (data["source"] is None) is not (data["by"] == SELF_DRAW):  # one test while right
            if data["source"] is None:
                raise ValidationError(Message("win-needs-from",
                                              "a {by} win needs the seat the tile came from",
                                              by=data["by"]), "from")
            raise ValidationError(Message("self-draw-from",
                                          "a self-drawn win has no 'from' seat"), "from")


def defaults(schema: type[Schema]) -> Fresh:
    """A load_default for an optional nested object: its fields' defaults, lists fresh."""
    return Fresh(schema().load({}))


def part(schema: type[Schema], description: str) -> fields.Nested:
    """A required part of a request, such as the winner's hand."""
    return fields.Nested(schema, required=True, metadata={"description": description})


def situation_part(schema: type[Schema]) -> fields.Nested:
    """A score request's optional situation: every flag false and every seat null if left out."""
    return fields.Nested(schema, load_default=defaults(schema), metadata={
        "description": "what happened at the table; every field optional"})


def melds_field(max_melds: int, **kwargs: Any) -> fields.List[Any]:
    """A hand's melds, in the order they were made: at most one per set of the hand."""
    return BoundedList(fields.Nested(MeldSchema), max_items=max_melds, load_default=list,
                       metadata={"description": "exposed sets and concealed kongs, in the "
                                                f"order they were made (at most {max_melds})"},
                       **kwargs)


def concealed_field(description: str, **kwargs: Any) -> Tiles:
    return Tiles(max_tiles=MAX_CONCEALED, metadata={"description": description}, **kwargs)


WAITING = ("every standing tile of the waiting hand; the tiles of melds are not repeated "
           "here (the ruleset's hand of 13 or 16 tiles, less 3 per meld)")


class WaitsRequest(Schema):
    concealed = concealed_field(WAITING, required=True)
    melds = melds_field(4)


class WaitsResponse(Answer):
    waits = fields.List(Tile(), required=True, validate=validate.Length(max=34),
                        metadata={"description": "the tiles that complete the hand, sorted"})
    single_wait = fields.Boolean(required=True,
                                 metadata={"description": "exactly one tile completes it"})


class SetSchema(Answer):
    type = fields.String(required=True,
                         validate=validate.OneOf(["sequence", "triplet", "kong", "pair"]))
    tiles = fields.String(required=True, metadata={"description": "compact notation"})
    concealed = fields.Boolean(required=True)


class PaymentSchema(Answer):
    source = fields.Integer(data_key="from", required=True, metadata={"description": "payer"})
    to = fields.Integer(required=True, metadata={"description": "payee"})
    amount = fields.Integer(required=True)


class SettlementSchema(Answer):
    payments = fields.List(fields.Nested(PaymentSchema), required=True,
                           validate=validate.Length(max=12))
    net = fields.List(fields.Integer(), required=True, validate=validate.Length(equal=4),
                      metadata={"description": "each seat's gain (negative: loss), seats 0-3"})


class ScoreSettlementSchema(SettlementSchema):
    liable_seat = fields.Integer(required=True, allow_none=True, metadata={
        "description": "the seat that paid every share (包庄/包牌), or null"})


class CauseSchema(Answer):
    """One sentence of a problem, with a code an app can translate from."""

    field = fields.String(required=True, allow_none=True, metadata={
        "description": "the field's path, as `errors` names it; null for the body itself"})
    # Open, as the answers' pattern ids are: a later version within /v1 may add codes, and a
    # client generated today still reads them. The codes of this release and each one's params
    # are typed in the contract (service/openapi_causes.py).
    code = fields.String(required=True, metadata={
        "description": "a stable kebab-case id, the same in every language"})
    params = fields.Dict(keys=fields.String(), required=True, metadata={
        "description": "the values the message was built from: tiles as codes, counts, "
                       "bounds, `suggestions` (the names an unknown one most likely meant); "
                       "`CauseParams` gives each code's"})
    message = fields.String(required=True, metadata={
        "description": "the sentence, in the language negotiated by `Accept-Language`"})
    name = fields.String(required=True, metadata={
        "description": "the code's name, a short label in the language negotiated by "
                       "`Accept-Language` (`missing-field`: Missing field, 缺少字段), to show "
                       "a code the app has no words of its own for"})
    name_en = fields.String(metadata={
        "description": "the code's name in English, where the language negotiated is not "
                       "English"})


def _changed() -> str:
    return "; ".join(f"`{name}` ({part}): {meaning}" for name, (part, meaning) in CHANGED.items())


def _ids(what: str) -> fields.List[Any]:
    return fields.List(fields.String(), required=True, metadata={"description": what})


class ChangeSchema(Answer):
    """One version of a ruleset's money: what it changed (docs/contract.md, Versioning)."""

    version = fields.String(required=True, metadata={
        "description": "the money's version, as answers carry it in `ruleset_version`"})
    date = fields.String(required=True, metadata={"format": "date",
                                                  "description": "when it was served"})
    service_version = fields.String(required=True, metadata={
        "description": "the service version that brought it (CHANGELOG.md's entry)"})
    kind = fields.String(required=True, validate=validate.OneOf(KINDS), metadata={
        "description": "how far the version moved from the one before it; the first is a "
                       "MAJOR"})
    changed = fields.List(fields.String(validate=validate.OneOf(list(CHANGED))),
                          required=True, metadata={"description": "what it changed: "
                                                                  + _changed()})
    text = fields.String(required=True, metadata={
        "description": "what changed, in the language negotiated by `Accept-Language`"})
    patterns = _ids("the pattern ids it touched (the catalogue's `patterns`)")
    items = _ids("the item ids it touched (the catalogue's `flowers`)")
    parameters = _ids("the parameter ids it touched (the catalogue's `parameters`)")
    rulings = _ids("the rulings behind it, each at `GET /v1/rulings/{id}`")


class DifferenceSchema(Answer):
    path = fields.String(required=True,
                         metadata={"description": "dotted path into the answer, e.g. "
                                                  "settlement.net.2"})
    expected = fields.Raw(required=True, allow_none=True)
    actual = fields.Raw(required=True, allow_none=True,
                        metadata={"description": "null when the answer has nothing there"})


class CheckSchema(Answer):
    ok = fields.Boolean(required=True, metadata={
        "description": "true when the answer holds everything `expected` says; false when "
                       "it differs or the request was refused"})
    refused = fields.String(metadata={
        "description": "present when the request was refused (the check is then in the "
                       "problem): the problem's `type`, the verdict; every member of "
                       "`expected` is a difference, its `actual` null"})
    differences = fields.List(fields.Nested(DifferenceSchema), required=True)
    changes = fields.List(fields.Nested(ChangeSchema), metadata={
        "description": "present when the request sent `paid_under`: every change of the "
                       "ruleset's money since that version, newest first (GET "
                       "/v1/rulesets/{id}/changes), so that a difference paid otherwise since "
                       "is told from a stored answer that was wrong"})


class ProblemSchema(Answer):
    type = fields.String(required=True)
    title = fields.String(required=True)
    status = fields.Integer(required=True)
    detail = fields.String(required=True)
    errors = fields.Dict(keys=fields.String(), values=fields.List(fields.String()),
                         required=True,
                         metadata={"description": "each offending field's path, such as "
                                                  "hand.melds.0.from, with its messages"})
    causes = fields.List(fields.Nested(CauseSchema), required=True, metadata={
        "description": "each message again with its `code`, `params` and `name`, from which "
                       "an app can write the problem in its own words (docs/contract.md)"})
    check = fields.Nested(CheckSchema, metadata={
        "description": "a refused request that carried `expected` (verify mode): the check, "
                       "`ok` false, naming the refusal (`refused`)"})
    changes = fields.List(fields.Nested(ChangeSchema), metadata={
        "description": "a 409 `ruleset-version-conflict`: every change of the ruleset's money "
                       "since the pinned version, newest first (a MAJOR `\"1\"` read as "
                       "`1.0.0`)"})


class HealthSchema(Answer):
    status = fields.String(required=True)


class RulesetSummarySchema(Answer):
    id = fields.String(required=True)
    name = fields.String(required=True)
    name_en = fields.String(required=True)
    version = fields.String(required=True, metadata={
        "description": "the ruleset's version, bumped whenever its answers change "
                       "(CHANGELOG.md); every answer carries it as `ruleset_version`"})


class RulesetListSchema(Answer):
    rulesets = fields.List(fields.Nested(RulesetSummarySchema), required=True)


class TileSchema(Answer):
    """One tile as an app shows it (issue #45)."""

    code = Tile(required=True)
    suit = fields.String(required=True, validate=validate.OneOf(
        ["characters", "dots", "bamboos", "honours"]), metadata={
            "description": "characters (万, m), dots (饼, p), bamboos (条, s) or honours (z)"})
    number = fields.Integer(required=True, metadata={
        "description": "1-9 in a suit; an honour's place, 1-7: 东 南 西 北 白 发 中 (G-1)"})
    name = fields.String(required=True, metadata={
        "description": "its name in the language asked for (`Accept-Language`): 一万, 五饼, "
                       "东风 in Chinese, as every Chinese sentence names it; 1 Character, 5 Dot, "
                       "East Wind in English"})
    name_en = fields.String(required=True)
    name_zh = fields.String(required=True, metadata={
        "description": "its Chinese name, simplified characters (一万)"})
    name_zh_hant = fields.String(required=True, metadata={
        "description": "its Chinese name, traditional characters (一萬)"})
    glyph = fields.String(required=True, metadata={
        "description": "its picture: the tile's character in Unicode's Mahjong Tiles block "
                       "(🀇 is 1m)"})


class FlowerTileSchema(Answer):
    """A tile a ruleset's players lay aside as a flower."""

    ruleset = fields.String(required=True)
    id = fields.String(required=True)
    code = fields.String(required=True, allow_none=True, metadata={
        "anyOf": [{"$ref": TILE_CODE_REF}, {"type": "null"}],
        "description": "its code where it is one of the 34 tiles (白板 5z), else null (a "
                       "small flower); requests count flowers, they never write them"})
    name = fields.String(required=True, metadata={"description": "in the language asked for"})
    name_en = fields.String(required=True)
    name_zh = fields.String(required=True)
    name_zh_hant = fields.String(required=True)
    glyph = fields.String(required=True)
    copies = fields.Integer(required=True, metadata={"description": "how many the set holds"})
    note = fields.String(required=True, metadata={
        "description": "when it is a flower and what it brings, with its ruling, in the "
                       "language asked for"})


class TileListSchema(Answer):
    tiles = fields.List(fields.Nested(TileSchema), required=True,
                        validate=validate.Length(equal=34), metadata={
                            "description": "the 34 tiles, in tile order: 1m-9m, 1p-9p, 1s-9s, "
                                           "1z-7z"})
    flowers = fields.List(fields.Nested(FlowerTileSchema), required=True, metadata={
        "description": "each ruleset's flower tiles"})


class CatalogueEntrySchema(Answer):
    id = fields.String(required=True)
    name = fields.String(required=True)
    name_en = fields.String(required=True)
    values = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    group = fields.String(metadata={
        "description": "where a ruleset groups its items, the group: minor, major or flower"})
    group_name = fields.String(metadata={
        "description": "with `group`, its name in the language asked for (`Accept-Language`)"})
    excludes = fields.List(fields.String())
    condition = fields.String()


class ParameterSchema(Answer):
    id = fields.String(required=True, metadata={"description": "the key in a request's `rules`"})
    name = fields.String(required=True)
    name_en = fields.String(required=True)
    description = fields.String(required=True)
    type = fields.String(required=True, validate=validate.OneOf(["integer", "boolean", "string"]))
    default = fields.Raw(required=True, metadata={"description": "the seed text's value"})
    minimum = fields.Integer(metadata={"description": "an integer's least value"})
    maximum = fields.Integer(metadata={"description": "an integer's greatest value"})
    choices = fields.List(fields.String(), metadata={"description": "a string's values"})
    ruling = fields.String(required=True, metadata={"description": "the ruling it comes from"})


class CatalogueSchema(RulesetSummarySchema):
    patterns = fields.List(fields.Nested(CatalogueEntrySchema), required=True)
    flowers = fields.List(fields.Nested(CatalogueEntrySchema))
    parameters = fields.List(fields.Nested(ParameterSchema), required=True, metadata={
        "description": "every number a table may set otherwise, with its default and bounds: "
                       "send them as a request's `rules` (docs/house-rules.md)"})


class VariantSchema(Answer):
    name = fields.String(required=True, metadata={"description": "what a request's `variant` "
                                                                 "names"})
    description = fields.String(required=True)
    parameters = fields.Dict(keys=fields.String(), required=True, metadata={
        "description": "what the variant sets, parameter id → value; the rest are defaults"})
    fingerprint = fields.String(required=True, metadata={
        "description": "the fingerprint of its full effective parameter set"})


class VariantListSchema(Answer):
    ruleset = fields.String(required=True)
    variants = fields.List(fields.Nested(VariantSchema), required=True)


class ChangeListSchema(Answer):
    ruleset = fields.String(required=True)
    version = fields.String(required=True, metadata={"description": "today's version"})
    changes = fields.List(fields.Nested(ChangeSchema), required=True, metadata={
        "description": "every version of the money, newest first"})
