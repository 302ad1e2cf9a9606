"""The advice request's extra fields and its answer (contract: POST /v1/{ruleset}/advice).

The request is the ruleset's waits request (with what each wait is worth when it names the
winner and dealer), its standing tiles of waiting or of winning size, and ``visible``.
"""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from service.schemas.common import Answer, concealed_field
from service.schemas.fields import Tile, Tiles
from service.schemas.values import WaitValueSchema

PAYMENTS = "payments"  # value_detail: each wait valued as the waits action values it
TOTALS = "totals"  # each wait's ways as the winner's net alone

ADVISED = ("every standing tile, the tiles of melds not repeated here: of waiting size (the "
           "ruleset's 13 or 16 tiles, less 3 per meld) to learn how far it is from ready and "
           "which draws help, or of winning size (one more) to learn what each discard leaves")


class AdviceMixin(Schema):
    concealed = concealed_field(ADVISED, required=True)
    visible = Tiles(max_tiles=136, load_default=list, metadata={
        "description": "tiles seen elsewhere (discards, other players' melds), taken "
                       "from what is left of each useful tile; not a revealed wild tile, which "
                       "is never in play (G-9)"})
    value_detail = fields.String(
        load_default=PAYMENTS, validate=validate.OneOf([PAYMENTS, TOTALS]), metadata={
            "description": "with `winner` and `dealer`, how each wait's worth is answered: "
                           "`payments` (the default) as `values`, each way with its patterns "
                           "and every seat's net, as `waits` answers it; `totals` as "
                           "`value_totals`, the winner's net alone for each way, a few bytes "
                           "where `values` takes a few hundred (an app's advice screen)"})


class UsefulSchema(Answer):
    tile = Tile(required=True)
    left = fields.Integer(required=True, metadata={
        "description": "copies not yet seen: those in play less the hand's own, its melds' "
                       "and `visible` (G-9)"})


class NamedPatternSchema(Answer):
    id = fields.String(required=True)
    name = fields.String(required=True)
    name_en = fields.String(required=True)


class WaitTotalSchema(Answer):
    """What one wait brings the winner, each way as a number (``value_detail: totals``)."""

    tile = Tile(required=True)
    self_draw = fields.Integer(required=True, allow_none=True, metadata={
        "description": "the winner's net when it draws the tile itself; null where the rules "
                       "refuse that way (`values` says why)"})
    discard = fields.List(fields.Integer(allow_none=True), required=True, metadata={
        "description": "the winner's net on the tile discarded by each other seat, in seat "
                       "order (the three seats but the winner, 0-3); null where the rules "
                       "refuse that way"})


class HandAdvice(Answer):
    """What standing tiles of waiting size are: the answer for such a hand, and each discard
    of one of winning size."""

    shanten = fields.Integer(required=True, metadata={
        "description": "向听: 0 ready, 1 one useful draw and discard from ready, ... (G-9)"})
    useful = fields.List(fields.Nested(UsefulSchema), required=True, metadata={
        "description": "every tile whose draw lowers `shanten` (ready: the waits), in tile "
                       "order, with how many are left"})
    useful_total = fields.Integer(required=True, metadata={
        "description": "the useful tiles left, summed"})
    waits = fields.List(Tile(), metadata={
        "description": "ready: the tiles that complete the hand, as `waits` answers"})
    single_wait = fields.Boolean(metadata={"description": "ready: exactly one tile completes it"})
    declarable = fields.Boolean(metadata={
        "description": "ready, where the ruleset has ready declarations: whether it may be "
                       "declared (听牌: exactly one wait)"})
    declaring_adds = fields.List(fields.String(), metadata={
        "description": "ready and declarable: the ids of the patterns declaring would add to "
                       "a self-drawn win on the wait; where the hand wins only declared (七对), "
                       "those of its patterns that need the declaration or its form (G-9)"})
    declaring_adds_patterns = fields.List(fields.Nested(NamedPatternSchema), metadata={
        "description": "`declaring_adds` again, each id with its names"})
    values = fields.List(fields.Nested(WaitValueSchema), metadata={
        "description": "ready, when the request names the winner and dealer: what each wait "
                       "pays, as `waits` answers it"})
    value_totals = fields.List(fields.Nested(WaitTotalSchema), metadata={
        "description": "ready, when the request names the winner and dealer and asks "
                       "`value_detail: totals`: what each wait brings the winner, in place of "
                       "`values`"})
    summary = fields.String(metadata={
        "description": "the advice in one line, in the language asked for (`Accept-Language`): "
                       "how far from ready and how many useful tiles are left; for a discard, "
                       "which tile it discards (打西风：一向听，进张 10 种 30 张); a hand of "
                       "winning size has it in each discard"})
    expected = fields.Float(metadata={
        "description": "ready, with `values` or `value_totals`: the winner's net a win would "
                       "bring on average, "
                       "each wait weighted by the copies left and its four ways alike (a way "
                       "the rules refuse brings 0); orders discards of equal shanten and "
                       "useful tiles (G-9)"})


class DiscardAdvice(HandAdvice):
    tile = Tile(required=True, metadata={"description": "the tile discarded"})


class AdviceResponse(HandAdvice):
    shanten = fields.Integer(required=True, metadata={
        "description": "向听 of the standing tiles: for a hand of winning size -1 when it "
                       "wins, else the lowest any discard leaves (G-9)"})
    useful = fields.List(fields.Nested(UsefulSchema), metadata={
        "description": "waiting size: every tile whose draw lowers `shanten` (ready: the "
                       "waits), in tile order, with how many are left"})
    useful_total = fields.Integer(metadata={"description": "waiting size: the useful tiles "
                                                           "left, summed"})
    discards = fields.List(fields.Nested(DiscardAdvice), metadata={
        "description": "winning size: each distinct tile's discard and what it leaves, best "
                       "first: the lowest shanten, then the most useful tiles left, then the "
                       "highest `expected`, then tile order (G-9)"})
