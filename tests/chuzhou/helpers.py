"""Building Chuzhou request bodies from short notation."""

from __future__ import annotations

from typing import Any

from service.scoring import score


def meld(spec: str) -> dict[str, Any]:
    """``"peng:777p:3"`` → a meld; ``"angang:1111z"`` has no seat."""
    kind, tiles, *source = spec.split(":")
    result: dict[str, Any] = {"type": kind, "tiles": tiles}
    if source:
        result["from"] = int(source[0])
    return result


def body(concealed: str, win: str, by: str = "self_draw", source: int | None = None,
         melds: tuple[str, ...] = (), dealer: int = 0, winner: int = 1, flowers: int = 0,
         zhen: list[int] | None = None, **situation: Any) -> dict[str, Any]:
    request: dict[str, Any] = {
        "dealer": dealer, "winner": winner,
        "hand": {"concealed": concealed, "melds": [meld(m) for m in melds], "flowers": flowers},
        "win": {"tile": win, "by": by},
    }
    if source is not None:
        request["win"]["from"] = source
    if zhen is not None:
        request["zhen"] = zhen
    if situation:
        request["situation"] = situation
    return request


def fans(request: dict[str, Any]) -> dict[str, int]:
    """Pattern id → total 番 of that id in the best reading."""
    result: dict[str, int] = {}
    for entry in score("chuzhou", request)["patterns"]:
        result[entry["id"]] = result.get(entry["id"], 0) + entry["fan"]
    return result
