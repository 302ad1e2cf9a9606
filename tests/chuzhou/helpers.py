"""Building Chuzhou request bodies from short notation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from service.hand import prepare_melds
from service.rulesets.chuzhou.schemas import ScoreRequest
from service.rulesets.chuzhou.view import View, views
from service.scoring import load, score
from service.tiles import counts_of


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


def readings(request: dict[str, Any]) -> Iterator[View]:
    """Every reading the scorer sees for a request body (its views, G-4)."""
    data = load(ScoreRequest, request)
    hand, win = data["hand"], data["win"]
    counts = counts_of(hand["concealed"])
    held = list(counts)
    for meld in hand["melds"]:
        for t in meld["tiles"]:
            held[t] += 1
    yield from views(counts, prepare_melds(hand["melds"]), win["tile"],
                     win["by"] == "self_draw", data["situation"]["declared_ready"], data,
                     held)
