"""POST /v1/chuzhou/waits: which tiles complete a waiting Chuzhou hand."""

from __future__ import annotations

from typing import Any

from service.hand import prepare_melds
from service.hand.validate import check_copies, check_size
from service.hand.waits import wait_tiles
from service.rulesets.chuzhou.view import SEVEN_PAIRS
from service.tiles import codes, counts_of

SETS = 4  # CZ-1: four sets and a pair


def waits(data: dict[str, Any]) -> dict[str, Any]:
    concealed = data["concealed"]
    melds = prepare_melds(data["melds"], "melds")
    check_size(concealed, melds, SETS, winning=False, field="concealed")
    held = check_copies(concealed, melds, "concealed")
    # a form the request's rules switch off is no wait (CZ-19)
    pairs = not melds and SEVEN_PAIRS not in data["rules"].tuned.forms_off
    tiles = wait_tiles(counts_of(concealed), held=held, allow_seven_pairs=pairs)
    return {"waits": codes(tiles), "single_wait": len(tiles) == 1}
