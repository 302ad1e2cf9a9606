"""楚州麻将 (Chuzhou / Huai'an): 番 patterns with 明/暗 values, 针, 包庄, 现场汇.

catalogue.py lists the patterns, patterns.py recognises them, view.py reads a hand,
scorer.py keeps the best reading, settlement.py moves the money.
"""

from __future__ import annotations

from service.rulesets.chuzhou.catalogue import catalogue
from service.rulesets.chuzhou.events import draw, instant
from service.rulesets.chuzhou.scorer import score
from service.rulesets.chuzhou.waits import waits
from service.rulesets.registry import Action, Event, MatchRules, Ruleset, WaitValues
from service.schemas import chuzhou as schemas
from service.schemas import common, match, values
from service.schemas.verify import checked, verifiable

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
    },
    match=MatchRules(
        "A whole Chuzhou match: every event scored in order, dealer and 针 threaded, running "
        "totals.",
        verifiable(match.ChuzhouMatchRequest), checked(match.ChuzhouMatchResponse),
        counter="zhen",
        events={
            "win": Event("score", ("dealer", "zhen")),  # CZ-12..14
            "draw": Event("draw", ("dealer", "zhen")),  # CZ-13, CZ-14: 针 kept, 下家 deals
            "instant": Event("instant", ()),  # CZ-16: money only, the state is untouched
        }),
    values=WaitValues(values.WaitsRequest, values.WaitsResponse, state=("zhen",),
                      totals=("fan",)),
    most_waits=9,  # the nine gates; every one-suit hand and a search over mixed ones find no more
)
