"""POST /v1/yueqing/advice: how far a Yueqing hand is from ready, which draws help, what each
discard leaves (G-9); five sets and a pair, a standing 财神 as any tile (YQ-1, YQ-2)."""

from __future__ import annotations

from typing import Any

from service.hand import Meld, prepare_melds
from service.hand.advice import Form, advise, check_advice_size, form_limits, unseen
from service.hand.validate import check_copies
from service.rulesets.yueqing.tiles import check_special_tiles, flower_tile
from service.rulesets.yueqing.waits import SETS, waits
from service.tiles import NUM_TILES, counts_of, tile

CAISHEN_IN_PLAY = 3  # the fourth is the revealed tile (YQ-2)


def advice(data: dict[str, Any]) -> dict[str, Any]:
    concealed, caishen = data["concealed"], data["caishen"]
    melds = prepare_melds(data["melds"], "melds")
    check_advice_size(concealed, melds, SETS)
    held = check_copies(concealed, melds, "concealed")
    caishen_held = check_special_tiles(concealed, melds, caishen, "")
    in_play = [4] * NUM_TILES
    in_play[caishen] = CAISHEN_IN_PLAY
    left = unseen(held, data["visible"], in_play)
    form = form_of(concealed, melds, held, caishen, caishen_held)

    def waiting(standing: list[int]) -> list[int]:
        found = waits({"concealed": standing, "melds": data["melds"], "caishen": caishen})
        return [tile(c) for c in found["waits"]]

    return advise(concealed, form, left, waiting)


def form_of(concealed: list[int], melds: list[Meld], held: list[int], caishen: int,
            caishen_held: int) -> Form:
    """What the hand must make and may draw: five sets and a pair, the 财神 wild. The flower
    tile is never drawn (it is laid aside, YQ-3); a 财神 drawn comes as a wild."""
    in_melds = [h - n for h, n in zip(held, counts_of(concealed), strict=True)]
    limits = form_limits(in_melds, (flower_tile(caishen), caishen))
    return Form(SETS - len(melds), SETS, limits, caishen, CAISHEN_IN_PLAY - caishen_held,
                False)
