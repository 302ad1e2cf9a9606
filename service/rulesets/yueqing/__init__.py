"""乐清麻将 上海花 (Yueqing, small flowers): 台 with a wild 财神, 花, 牢庄, 包牌, 逃跑.

catalogue.py lists the items, items.py recognises them, view.py reads a hand with its
财神, scorer.py keeps the best reading, flowers.py counts 花, settlement.py moves the money,
events.py and escape.py handle drawn hands and escapes.
"""

from __future__ import annotations

from functools import partial

from service.match import play
from service.rulesets.registry import Action, Ruleset
from service.rulesets.yueqing.catalogue import catalogue
from service.rulesets.yueqing.events import draw, escape
from service.rulesets.yueqing.scorer import score
from service.rulesets.yueqing.waits import waits
from service.schemas import match, values
from service.schemas import yueqing as schemas
from service.schemas.verify import checked, verifiable
from service.values import with_values

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
                        values.YueqingWaitsRequest, values.WaitsResponse,
                        with_values("yueqing", waits, score)),
        "match": Action("A whole Yueqing match: every event scored in order, dealer and 牢庄 "
                        "threaded, running totals.",
                        verifiable(match.YueqingMatchRequest),
                        checked(match.YueqingMatchResponse), partial(play, "yueqing")),
    },
)
