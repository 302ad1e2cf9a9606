"""Yueqing drawn hands (YQ-20, YQ-21) and the requests that are refused (G-6)."""

from __future__ import annotations

from typing import Any

import pytest

from service.errors import ProblemError
from service.rulesets.yueqing.catalogue import FLOWER_ITEMS, FLOWER_VALUES, ITEMS
from service.scoring import run_own, score
from tests.chuzhou.helpers import meld
from tests.contract import known_ids
from tests.yueqing.helpers import body
from tests.yueqing.test_items import CASES

PLAIN = "123m456m789p234s678s55s"


def player(seat: int, concealed: str | None, melds: tuple[str, ...] = (),
           flowers: int = 0) -> dict[str, Any]:
    entry: dict[str, Any] = {"seat": seat, "melds": [meld(m) for m in melds], "flowers": flowers}
    if concealed is not None:
        entry["concealed"] = concealed
    return entry


def draw_body(*players: dict[str, Any], lao_zhuang: int = 2) -> dict[str, Any]:
    return {"dealer": 0, "lao_zhuang": lao_zhuang, "caishen": "9s", "players": list(players)}


def test_drawn_hand_settles_every_players_flowers_and_passes_on_a_kong() -> None:
    result = run_own("yueqing", "draw", draw_body(
        player(0, "123m789m888m123p4567s", flowers=1),
        player(1, "456p789p123s45s67s", ("peng:222z:3",)),   # South's own wind: 1 flower
        player(2, "234s678s11z344z89p", ("gang:5555m:1",), flowers=2),  # 2 + kong 1
        player(3, None),
    ))
    assert result["flowers"] == [{"seat": 0, "count": 1, "tiao": 1},
                                 {"seat": 1, "count": 1, "tiao": 1},
                                 {"seat": 2, "count": 3, "tiao": 3},
                                 {"seat": 3, "count": 0, "tiao": 0}]
    assert result["settlement"]["net"] == [3 - 1 - 3, 3 - 1 - 3, 9 - 1 - 1, -1 - 1 - 3]
    assert result["next"] == {"dealer": 1, "lao_zhuang": 0}


def test_drawn_hand_without_a_kong_keeps_the_dealer_and_lao_zhuang() -> None:
    result = run_own("yueqing", "draw", draw_body(
        player(0, None, flowers=4), player(1, None), player(2, None), player(3, None)))
    assert result["flowers"][0] == {"seat": 0, "count": 5, "tiao": 15}
    assert result["settlement"]["net"] == [45, -15, -15, -15]
    assert result["next"] == {"dealer": 0, "lao_zhuang": 2}


@pytest.mark.parametrize(("request_body", "field", "kind"), [
    (body("9s9s9s123m456m789p234s5s9s", "5s"), "hand.concealed", "impossible-hand"),
    (body("9s9s123m456m789p55s", "5s", melds=("chi:789s:0", "chi:234s:0")),
     "hand.concealed", "impossible-hand"),
    (body("555z123m456m789p234s55s", "5s"), "hand.concealed", "impossible-hand"),
    (body("123m456m789p234s55s", "5s", melds=("peng:555z:2",)), "hand.melds.0.tiles",
     "impossible-hand"),
    (body("123m456m789p234s678s5s", "5s"), "hand.concealed", "impossible-hand"),
    (body("456m789p234s678s55s", "5s", melds=("chi:123m:2",)), "hand.melds.0.from",
     "impossible-hand"),
    (body(PLAIN, "8s", by="discard", source=2, earthly=True), "situation.earthly",
     "impossible-hand"),
    (body(PLAIN, "8s", winner=0, by="discard", source=2, earthly=True), "situation.earthly",
     "impossible-hand"),
    (body(PLAIN, "8s", earthly=True), "situation.earthly", "impossible-hand"),
    (body(PLAIN, "8s", heavenly=True), "situation.heavenly", "impossible-hand"),
    (body(PLAIN, "8s", by="discard", source=2, after_kong=True), "situation.after_kong",
     "impossible-hand"),
    (body(PLAIN, "8s", after_kong=True), "situation.after_kong", "impossible-hand"),
    (body(PLAIN, "8s", by="robbing_kong"), "win.from", "schema-violation"),
    # YQ-2, G-6: the robbed 碰 holds the other three copies, so the winner holds none more:
    # two 3m standing, or one standing and one in a meld, make a fifth copy.
    (body("123m345m678p234s678s55s", "3m", by="robbing_kong", source=2, caishen="9p"),
     "win.tile", "impossible-hand"),
    (body("345m789p234s678s55s", "3m", by="robbing_kong", source=2, melds=("chi:123m:0",)),
     "win.tile", "impossible-hand"),
    # YQ-2: a kong of the 财神 cannot be robbed (four 财神 would be in play).
    (body(PLAIN, "8s", by="robbing_kong", source=2, caishen="8s"), "win.tile",
     "impossible-hand"),
    (body(PLAIN, "8s", by="discard", source=1), "win.from", "impossible-hand"),
    (body(PLAIN, "8s", flowers=5), "hand.flowers", "schema-violation"),
    (body(PLAIN, "8s", lao_zhuang=-1), "lao_zhuang", "schema-violation"),
    (body(PLAIN, "8s", liable_seat=1), "situation.liable_seat", "impossible-hand"),
    (body(PLAIN, "1z"), "win.tile", "impossible-hand"),
    (body("123m456m789p234s678s12z", "1z"), "hand.concealed", "not-a-win"),
])
def test_refused(request_body: dict[str, Any], field: str, kind: str) -> None:
    with pytest.raises(ProblemError) as caught:
        score("yueqing", request_body)
    problem = caught.value.problem()
    assert problem["type"] == f"/problems/{kind}", problem
    assert field in problem["errors"], problem


def test_draw_refuses_a_missing_seat_and_table_wide_copies() -> None:
    with pytest.raises(ProblemError, match="list each seat"):
        run_own("yueqing", "draw", draw_body(player(0, None), player(1, None), player(2, None)))
    with pytest.raises(ProblemError, match="1m appears 6 times"):
        run_own("yueqing", "draw", draw_body(
            player(0, None, ("peng:111m:1",)), player(1, None, ("peng:111m:2",)),
            player(2, None), player(3, None)))
    with pytest.raises(ProblemError, match="four flower tiles"):
        run_own("yueqing", "draw", draw_body(
            player(0, None, flowers=3), player(1, None, flowers=2), player(2, None),
            player(3, None)))


def test_catalogue_holds_the_contract_ids() -> None:
    """Each id once, the contract's (openapi.yaml, generated and reviewed as a diff) in the
    catalogue's order; each flower item with its parts' parameters."""
    ids = [item.id for item in ITEMS]
    assert len(set(ids)) == len(ids)
    assert known_ids("YueqingItem") == ids
    assert [f[0] for f in FLOWER_ITEMS] == list(FLOWER_VALUES)


def test_every_item_is_scored_and_nearly_missed() -> None:
    every = {item.id for item in ITEMS}
    assert {i for i, expected, _ in CASES if expected is not None} == every
    assert {i for i, expected, _ in CASES if expected is None} == every
