"""楚州麻将 (Chuzhou / Huai'an): 番 patterns with 明/暗 values, 针, 包庄, 现场汇."""

from __future__ import annotations

from typing import Any

from service.rulesets.chuzhou.waits import waits
from service.rulesets.registry import Action, Ruleset
from service.schemas.common import WaitsRequest, WaitsResponse


def catalogue() -> dict[str, Any]:
    return {"id": "chuzhou", "name": "楚州麻将", "name_en": "Chuzhou mahjong", "patterns": []}


RULESET = Ruleset(
    id="chuzhou",
    name="楚州麻将",
    name_en="Chuzhou mahjong",
    catalogue=catalogue,
    actions={
        "waits": Action("Which tiles complete a waiting Chuzhou hand.",
                        WaitsRequest, WaitsResponse, waits),
    },
)
