"""乐清麻将 上海花 (Yueqing, small flowers): 台 with a wild 财神, 花, 牢庄, 包牌, 逃跑.

catalogue.py lists the items, items.py recognises them, view.py reads a hand with its
财神, scorer.py keeps the best reading, flowers.py counts 花, settlement.py moves the money,
events.py and escape.py handle drawn hands and escapes.
"""

from __future__ import annotations

from typing import Any

from service.language import Phrase
from service.rulesets.registry import (
    Action,
    FlowerTile,
    MatchRules,
    Ready,
    Ruleset,
    WaitValues,
)
from service.rulesets.yueqing import checks, rules, schemas
from service.rulesets.yueqing.advice import advice
from service.rulesets.yueqing.catalogue import FLOWER_ITEMS, ITEMS, catalogue
from service.rulesets.yueqing.changes import CHANGES
from service.rulesets.yueqing.escape import JUDGES
from service.rulesets.yueqing.events import EVENTS, draw, escape
from service.rulesets.yueqing.scorer import score
from service.rulesets.yueqing.tiles import loaded_caishen, standing_caishen
from service.rulesets.yueqing.waits import waits
from service.schemas import advice as advice_schemas
from service.schemas import common, values
from service.schemas.verify import checked, verifiable


def id_enums() -> dict[str, list[str]]:
    """The item, flower item and escape candidate ids an answer may carry, for the OpenAPI
    document."""
    return {
        "YueqingItem": [item.id for item in ITEMS],
        "YueqingFlowerItem": [fid for fid, _, _, _ in FLOWER_ITEMS],
        "YueqingCandidate": [pid for pid, _ in JUDGES],
    }


# The readiness check's hand: 平胡 and 无财神, 2 台 (the contract's match example). Scoring it
# runs the 财神 readings, the items and the flowers.
READY_HAND: dict[str, Any] = {
    "dealer": 0, "winner": 0, "caishen": "3z", "hand": {"concealed": "123m456m789p234s678s55s"},
    "win": {"tile": "8s", "by": "discard", "from": 3},
}


def _ready(answer: dict[str, Any]) -> bool:
    return bool(answer["tai"]["total"] == 2)


RULESET: Ruleset = Ruleset(
    id="yueqing",
    name="乐清麻将",
    name_en="Yueqing mahjong",
    catalogue=catalogue,
    actions={
        "score": Action("Score a winning Yueqing hand: 台, 花, settlement, next dealer and 牢庄.",
                        verifiable(schemas.ScoreRequest), checked(schemas.ScoreResponse),
                        score),
        "draw": Action("A drawn Yueqing hand: flower settlement, next dealer and 牢庄.",
                       verifiable(schemas.DrawRequest), checked(schemas.DrawResponse), draw),
        "escape": Action("Settle an escape (逃跑): each staying player's best claim and the fine.",
                         verifiable(schemas.EscapeRequest), checked(schemas.EscapeResponse),
                         escape),
        "waits": Action("Which tiles complete a waiting Yueqing hand (财神 wild); with the "
                        "winner, what each is worth.",
                        schemas.PlainWaitsRequest, common.WaitsResponse, waits),
        "advice": Action("How far a Yueqing hand is from ready (five sets and a pair, 财神 wild), "
                         "which draws help and how many are left, what each discard leaves; "
                         "with the winner, what each wait pays.",
                         schemas.AdviceRequest, advice_schemas.AdviceResponse, advice),
    },
    match=MatchRules(
        "A whole Yueqing match: every event scored in order, dealer and 牢庄 threaded, running "
        "totals.",
        verifiable(schemas.MatchRequest), checked(schemas.MatchResponse),
        counter="lao_zhuang",
        events=EVENTS),
    values=WaitValues(schemas.WaitsRequest, values.WaitsResponse,
                      state=("lao_zhuang", "caishen"), totals=("tai", "flowers"),
                      check=checks.check_valued, wilds=loaded_caishen,
                      discards_alike=checks.discards_alike),
    most_waits=34,  # a 财神 standing waits on any tile
    standing_wilds=standing_caishen,
    id_enums=id_enums,
    ready=Ready("score", READY_HAND, _ready),
    version=CHANGES[0].version,  # the newest change: one source (changes.py)
    parameters=rules.PARAMETERS,
    tune=rules.tune,
    changes=CHANGES,
    # 白板 is the flower, 红中 when 白板 is the 财神 (YQ-3): laid aside, counted as hand.flowers.
    flower_tiles=(
        FlowerTile("white_dragon", "白板", "White Dragon", "\U0001F006", 4,
                   Phrase("the flower, laid aside and never standing in the hand: 1 台 and "
                          "1 花 each (YQ-3, YQ-6, YQ-16); a request counts them as flowers"),
                   "5z"),
        FlowerTile("red_dragon", "红中", "Red Dragon", "\U0001F004", 4,
                   Phrase("the flower in place of 白板 when 白板 is the 财神 (YQ-3)"), "7z")),
)
