"""Building Yueqing request bodies from short notation."""

from __future__ import annotations

from typing import Any

from service.scoring import score
from tests.chuzhou.helpers import meld


def body(concealed: str, win: str, by: str = "self_draw", source: int | None = None,
         melds: tuple[str, ...] = (), caishen: str = "9s", dealer: int = 0, winner: int = 1,
         flowers: int = 0, lao_zhuang: int = 0, **situation: Any) -> dict[str, Any]:
    request: dict[str, Any] = {
        "dealer": dealer, "winner": winner, "lao_zhuang": lao_zhuang, "caishen": caishen,
        "hand": {"concealed": concealed, "melds": [meld(m) for m in melds], "flowers": flowers},
        "win": {"tile": win, "by": by},
    }
    if source is not None:
        request["win"]["from"] = source
    if situation:
        request["situation"] = situation
    return request


def tai(request: dict[str, Any]) -> dict[str, int]:
    """Item id → 台 of that item in the best reading."""
    return {e["id"]: e["tai"] for e in score("yueqing", request)["patterns"]}
