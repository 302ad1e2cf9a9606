"""乐清麻将 上海花 (Yueqing, small flowers): 台 with a wild 财神, 花, 牢庄, 包牌, 逃跑."""

from __future__ import annotations

from typing import Any

from service.rulesets.registry import Action, Ruleset
from service.rulesets.yueqing.waits import waits
from service.schemas.common import WaitsResponse, YueqingWaitsRequest


def catalogue() -> dict[str, Any]:
    return {"id": "yueqing", "name": "乐清麻将", "name_en": "Yueqing mahjong",
            "patterns": [], "flowers": []}


RULESET = Ruleset(
    id="yueqing",
    name="乐清麻将",
    name_en="Yueqing mahjong",
    catalogue=catalogue,
    actions={
        "waits": Action("Which tiles complete a waiting Yueqing hand (财神 wild).",
                        YueqingWaitsRequest, WaitsResponse, waits),
    },
)
