"""A third ruleset, defined here and nowhere under service/: 七对 only. It proves that a ruleset
is one package declaring a ``registry.Ruleset``, which every layer above finds
(tests/test_third_ruleset.py; docs/architecture.md walks through it).

Its one pattern: seven pairs (七对), 2 points. A self-drawn win is paid 2 by each other seat;
a win on a discard, 2 by the discarder alone.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from marshmallow import Schema, fields, validate

from service.errors import not_a_win
from service.rulesets.money import paid_to
from service.rulesets.registry import Action, Ruleset
from service.schemas.common import Answer, SettlementSchema, WinBase, concealed_field
from service.schemas.fields import Seat

POINTS = 2


class WinSchema(WinBase):
    by = fields.String(required=True, validate=validate.OneOf(["self_draw", "discard"]))


class ScoreRequest(Schema):
    winner = Seat("the winner", required=True)
    concealed = concealed_field("the fourteen tiles at the win", required=True)
    win = fields.Nested(WinSchema, required=True)


class ScoreResponse(Answer):
    points = fields.Integer(required=True)
    settlement = fields.Nested(SettlementSchema, required=True)


def score(data: dict[str, Any]) -> dict[str, Any]:
    tiles = Counter(data["concealed"])
    if len(data["concealed"]) != 14 or sorted(tiles.values()) != [2] * 7:
        raise not_a_win("concealed", "seven pairs (七对) is the only win of this ruleset")
    winner, source = data["winner"], data["win"]["source"]
    payers = [source] if source is not None else [s for s in range(4) if s != winner]
    return {"points": POINTS, "settlement": paid_to(winner, {s: POINTS for s in payers})}


def catalogue() -> dict[str, object]:
    return {"id": "tiny", "name": "七对麻将", "name_en": "Seven pairs only",
            "patterns": [{"id": "seven_pairs", "name": "七对", "name_en": "Seven pairs",
                          "values": {"value": POINTS}}]}


RULESET = Ruleset(
    id="tiny", name="七对麻将", name_en="Seven pairs only", catalogue=catalogue,
    actions={"score": Action("Score a seven-pairs hand.", ScoreRequest, ScoreResponse, score)},
)
