"""POST /v1/yueqing/score: read the hand every way the 财神 allow, keep the one that pays
the winner most (G-4), count 花, settle."""

from __future__ import annotations

from typing import Any

from service.errors import not_a_win
from service.hand import prepare_melds
from service.hand.leftover import no_win
from service.hand.validate import check_claims, check_winning_hand
from service.rulesets.registry import recognise as shared_recognise
from service.rulesets.yueqing.catalogue import BY_ID, ITEMS, MINOR
from service.rulesets.yueqing.checks import check_win
from service.rulesets.yueqing.flowers import flower_items, summary
from service.rulesets.yueqing.settlement import (
    adjusted_minor,
    hand_shares,
    next_after_win,
    total_tai,
    win_transfers,
)
from service.rulesets.yueqing.tiles import caishen_held, check_special_tiles, flower_tile
from service.rulesets.yueqing.view import Table, View, seat_wind, views
from service.rulesets.yueqing.waits import SETS
from service.tiles import code

Hits = dict[str, int]
TESTS = tuple((item.id, item.test, 0) for item in ITEMS)
EXCLUDES = {item.id: item.excludes for item in ITEMS if item.excludes}


def recognise(view: View) -> Hits:
    """Every item of one reading with its count, after the exclusions."""
    return shared_recognise(TESTS, EXCLUDES, view)


def entries(hits: Hits) -> list[dict[str, Any]]:
    return [
        {"id": iid, "name": BY_ID[iid].name, "name_en": BY_ID[iid].name_en,
         "value": BY_ID[iid].value, "count": count, "group": BY_ID[iid].group,
         "tai": BY_ID[iid].value * count}
        for iid, count in hits.items()
    ]


def tai_of(hits: Hits) -> dict[str, int]:
    """N, N', M and the total (YQ-15)."""
    minor = sum(BY_ID[i].value * n for i, n in hits.items() if BY_ID[i].group == MINOR)
    major = sum(BY_ID[i].value * n for i, n in hits.items() if BY_ID[i].group != MINOR)
    return {"minor": minor, "minor_adjusted": adjusted_minor(minor), "major": major,
            "total": total_tai(minor, major)}


def score(data: dict[str, Any]) -> dict[str, Any]:
    hand, win, caishen = data["hand"], data["win"], data["caishen"]
    concealed, win_tile = hand["concealed"], win["tile"]
    melds = prepare_melds(hand["melds"])
    check_claims(data["winner"], melds, "hand.melds")
    check_win(data, melds)
    check_winning_hand(concealed, melds, win_tile, SETS)
    check_special_tiles(concealed, melds, caishen, "hand.")

    table = Table(caishen, flower_tile(caishen), seat_wind(data["winner"], data["dealer"]),
                  hand["flowers"])
    # A 财神 taken from another player (discard or robbed kong) plays at its face value.
    win_is_wild = win_tile == caishen and win["by"] == "self_draw"
    held = caishen_held(concealed, melds, caishen)

    best: tuple[int, View, Hits, dict[str, int], dict[str, Any]] | None = None
    for view in views(concealed, melds, win_tile, win_is_wild, table, data):
        hits = recognise(view)
        tai = tai_of(hits)
        flower_summary = summary(flower_items(view.groups, held, table))
        worth = tai["total"] + flower_summary["tiao"]
        if best is None or worth > best[0]:
            best = (worth, view, hits, tai, flower_summary)
    if best is None:
        raise not_a_win("hand.concealed", no_win(concealed, SETS - len(melds), wild=caishen,
                                                 face=None if win_is_wild else win_tile))
    _, view, hits, tai, flower_summary = best

    shares = hand_shares(tai["total"], data["dealer"], data["winner"], data["lao_zhuang"])
    wild_values = [w for g in view.groups for w in g.wilds]
    return {
        "ruleset": "yueqing",
        "hand": {"sets": [g.describe() for g in view.groups],
                 "caishen_as": [{"tile": code(caishen), "as": code(w)} for w in wild_values]},
        "patterns": entries(hits),
        "tai": tai,
        "flowers": flower_summary,
        "settlement": win_transfers(shares, flower_summary["tiao"], data["winner"],
                                    data["situation"]["liable_seat"]),
        "next": next_after_win(data["dealer"], data["winner"], data["lao_zhuang"]),
    }
