"""Hands that read several ways: every reading is scored and the best kept (G-4)."""

from __future__ import annotations

from service.scoring import score
from tests.chuzhou.helpers import body


def test_triplets_beat_identical_sequences() -> None:
    # 111222333m reads as three triplets or as 123m three times. Self-drawn, as triplets:
    # 底胡 10 + 自摸 10 + 老资格 3 × 10 + 硬三坎 80 + 暗清三对 80 + 暗清三连对 240 + 不求人 50
    # = 500. As sequences: 10 + 10 + 暗姊妹付 40 + 暗清三付 40 + 不求人 50 = 150.
    result = score("chuzhou", body("111222333m456p99s", "9s"))
    assert result["fan"] == 500
    assert [s["tiles"] for s in result["hand"]["sets"][:3]] == ["111m", "222m", "333m"]


def test_the_winning_tile_goes_where_it_pays_most() -> None:
    # Four 2m: 222m and 234m (四合一). Won on a discarded 2m, the tile can have completed
    # 222m (then exposed, G-5: 10 + 门清 10 + 明四合一 40 = 60) or 234m (222m stays a 坎:
    # 10 + 老资格 10 + 门清 10 + 明四合一 40 = 70). The second is kept.
    discard = score("chuzhou", body("222m234m345p678s99s", "2m", by="discard", source=3))
    assert discard["fan"] == 70
    assert {"type": "sequence", "tiles": "234m", "concealed": False} in discard["hand"]["sets"]
    assert {"type": "triplet", "tiles": "222m", "concealed": True} in discard["hand"]["sets"]
    # Self-drawn, every set stays concealed: 10 + 自摸 10 + 老资格 10 + 不求人 50 + 暗四合一 80.
    assert score("chuzhou", body("222m234m345p678s99s", "2m"))["fan"] == 160


def test_the_pair_can_move_to_make_a_dragon() -> None:
    # 123456789p + 11p: read as 11p pair + 123 456 789 (一条龙), not 111p + 23 ... .
    result = score("chuzhou", body("11123456789p111z", "1z"))
    ids = {p["id"] for p in result["patterns"]}
    assert "full_dragon" in ids
    assert result["hand"]["sets"][-1] == {"type": "pair", "tiles": "11p", "concealed": True}
