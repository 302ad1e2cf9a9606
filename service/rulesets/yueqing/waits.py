"""POST /v1/yueqing/waits: which tiles complete a waiting Yueqing hand (财神 wild)."""

from __future__ import annotations

from typing import Any

from service.hand import prepare_melds
from service.hand.validate import check_copies, check_size
from service.hand.waits import wait_tiles
from service.rulesets.yueqing.tiles import check_special_tiles, flower_tile
from service.tiles import codes, counts_of

SETS = 5  # YQ-1: five sets and a pair


def waits(data: dict[str, Any]) -> dict[str, Any]:
    concealed, caishen = data["concealed"], data["caishen"]
    melds = prepare_melds(data["melds"], "melds")
    check_size(concealed, melds, SETS, winning=False, field="concealed")
    held = check_copies(concealed, melds, "concealed")
    check_special_tiles(concealed, melds, caishen, "")
    counts = counts_of(concealed)
    wilds = counts[caishen]
    counts[caishen] = 0
    # A drawn 财神 completes any hand that waits at all; it cannot be drawn once the three
    # copies in play are all held.
    excluded = [flower_tile(caishen)] + ([caishen] if held[caishen] >= 3 else [])
    tiles = wait_tiles(counts, wilds, held=held, wild_tile=caishen, excluded=excluded)
    return {"waits": codes(tiles), "single_wait": len(tiles) == 1}
