"""楚州麻将 (Chuzhou / Huai'an): 番 patterns with 明/暗 values, 针, 包庄, 现场汇.

catalogue.py lists the patterns, patterns.py recognises them, view.py reads a hand,
scorer.py keeps the best reading, settlement.py moves the money.
"""

from __future__ import annotations

from typing import Any

from service.language import Phrase
from service.rulesets.chuzhou import checks, rules, schemas
from service.rulesets.chuzhou.advice import advice
from service.rulesets.chuzhou.catalogue import PATTERNS, catalogue
from service.rulesets.chuzhou.changes import CHANGES
from service.rulesets.chuzhou.events import EVENTS, draw, instant
from service.rulesets.chuzhou.scorer import score
from service.rulesets.chuzhou.waits import waits
from service.rulesets.registry import (
    Action,
    FlowerTile,
    MatchRules,
    Ready,
    Ruleset,
    WaitValues,
)
from service.schemas import advice as advice_schemas
from service.schemas import common, values
from service.schemas.verify import checked, verifiable


def id_enums() -> dict[str, list[str]]:
    """The pattern ids an answer may carry, for the OpenAPI document."""
    return {"ChuzhouPattern": [pattern.id for pattern in PATTERNS]}


# The README's first hand, scored by the readiness check: it runs the loader, the reading
# engine, the catalogue and the settlement, so a worker that answers it can answer a client.
READY_HAND: dict[str, Any] = {
    "dealer": 0, "winner": 1, "zhen": [1, 1, 1, 1],
    "hand": {"concealed": "123m678m99p", "melds": [
        {"type": "chi", "tiles": "345s", "from": 0}, {"type": "peng", "tiles": "777p", "from": 3}]},
    "win": {"tile": "8m", "by": "discard", "from": 3},
}


def _ready(answer: dict[str, Any]) -> bool:
    return bool(answer["fan"] == 10)


RULESET: Ruleset = Ruleset(
    id="chuzhou",
    name="楚州麻将",
    name_en="Chuzhou mahjong",
    catalogue=catalogue,
    actions={
        "score": Action("Score a winning Chuzhou hand, settle it, give the next dealer and 针.",
                        verifiable(schemas.ScoreRequest), checked(schemas.ScoreResponse),
                        score),
        "instant": Action("Settle a 现场汇 instant payment.",
                          verifiable(schemas.InstantRequest), checked(schemas.InstantResponse),
                          instant),
        "draw": Action("A drawn Chuzhou hand: the 流局 point, the next dealer and 针.",
                       verifiable(schemas.DrawRequest), checked(schemas.DrawResponse), draw),
        "waits": Action("Which tiles complete a waiting Chuzhou hand; with the winner, what "
                        "each is worth.",
                        common.WaitsRequest, common.WaitsResponse, waits),
        "advice": Action("How far a Chuzhou hand is from ready (four sets and a pair or 七对), "
                         "which draws help and how many are left, what each discard leaves; "
                         "with the winner, what each wait pays.",
                         schemas.AdviceRequest, advice_schemas.AdviceResponse, advice),
    },
    match=MatchRules(
        "A whole Chuzhou match: every event scored in order, dealer and 针 threaded, running "
        "totals.",
        verifiable(schemas.MatchRequest), checked(schemas.MatchResponse),
        counter="zhen",
        events=EVENTS),
    # 七对 wins only when declared (CZ-10): a waits request that does not say is valued as
    # declared where that is the only way to win.
    values=WaitValues(schemas.WaitsRequest, values.WaitsResponse, state=("zhen",),
                      totals=("fan",), assumed=("declared_ready",),
                      check=checks.check_valued),
    most_waits=9,  # the nine gates; every one-suit hand and a search over mixed ones find no more
    id_enums=id_enums,
    ready=Ready("score", READY_HAND, _ready),
    version=CHANGES[0].version,  # the newest change: one source (changes.py)
    parameters=rules.PARAMETERS,
    tune=rules.tune,
    changes=CHANGES,
    # Two 小花 in the set (CZ-1); Unicode has no tile of its own for them: a flower's picture.
    flower_tiles=(FlowerTile(
        "small_flower", "小花", "Small flower", "\U0001F022", 2,
        Phrase("one of the set's two small flowers: one held is 明花, 10 番, both 暗花, 20 "
               "(CZ-1, small_flowers); a request counts them as hand.flowers")),),
)
