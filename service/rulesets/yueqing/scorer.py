"""POST /v1/yueqing/score: read the hand every way the 财神 allow, keep the one that pays
the winner most (G-4), count 花, settle."""

from __future__ import annotations

from typing import Any, Final

from service.errors import not_a_win
from service.hand import prepare_melds
from service.hand.groups import Group, described
from service.hand.leftover import no_win
from service.hand.validate import check_claims, check_winning_hand
from service.language import Message, joined
from service.rulesets.readings import examined
from service.rulesets.registry import recognise as shared_recognise
from service.rulesets.yueqing.catalogue import ITEMS, TAI_NAMES
from service.rulesets.yueqing.checks import check_rules, check_win
from service.rulesets.yueqing.flowers import flower_counts, summary, tiao
from service.rulesets.yueqing.items import Tally
from service.rulesets.yueqing.rules import DEFAULT, Tuned
from service.rulesets.yueqing.settlement import (
    adjusted_minor,
    hand_shares,
    next_after_win,
    total_tai,
    win_transfers,
)
from service.rulesets.yueqing.tiles import check_special_tiles, flower_tile, name_after_flower
from service.rulesets.yueqing.view import Table, View, seat_wind, views
from service.rulesets.yueqing.waits import SETS
from service.tiles import NUM_TILES, WHITE, code

Tallies = dict[str, Tally]  # by item id
# Final: compiled code reads a Final name as a constant, any other from the module's dict.
ORDER: Final = {item.id: index for index, item in enumerate(ITEMS)}


def recognise(view: View, given: Tallies | None = None, tuned: Tuned = DEFAULT) -> Tallies:
    """Every item of one reading with its count and sets, after the exclusions.

    ``given``: what the items that do not depend on the reading found (``hand_items``).
    """
    return shared_recognise(tuned.reading_tests, view, view.has, given)


def hand_items(view: View, tuned: Tuned = DEFAULT) -> Tallies:
    """The items that read only the hand and the situation, found once for every reading."""
    return shared_recognise(tuned.hand_tests, view, view.has)


def entries(hits: Tallies, tuned: Tuned = DEFAULT) -> list[dict[str, Any]]:
    """The answer's items in catalogue order, each with the sets it was read from."""
    result = []
    by_item = tuned.entry  # each item's answer entry, its count, 台 and sets to be filled in
    for iid in sorted(hits, key=ORDER.__getitem__):  # hand items came first: catalogue order
        count, sets = hits[iid]
        entry = by_item[iid].copy()
        entry["count"] = count
        entry["tai"] = entry["value"] * count
        entry["sets"] = sorted(set(sets))
        result.append(entry)
    return result


def minor_major(hits: Tallies, tuned: Tuned = DEFAULT) -> tuple[int, int]:
    """N and M: the 台 of the minor and of the major items found (YQ-15)."""
    minor = major = 0
    values = tuned.values  # each item's 台 as a minor and as a major item: one of them 0
    for iid, (count, _) in hits.items():
        small, big = values[iid]
        minor += small * count
        major += big * count
    return minor, major


_CODES: Final = tuple(code(t) for t in range(NUM_TILES))


def shown_sets(groups: tuple[Group, ...], wilds: int, face: str) -> dict[str, Any]:
    """The answer's ``hand``: each set as ``Group.describe`` shows it with what each 财神 in it
    stands for, then every 财神 acting as a wild (a reading without wilds has none)."""
    sets: list[dict[str, Any]] = described(groups)
    index = 0
    for _, _, _, stand_for, _, _ in groups:
        sets[index]["caishen_as"] = [_CODES[t] for t in stand_for] if stand_for else []
        index += 1
    return {
        "sets": sets,
        "caishen_as": [{"tile": face, "as": _CODES[t]} for g in groups for t in g.wilds]
        if wilds else [],
    }


def score(data: dict[str, Any]) -> dict[str, Any]:
    hand, win, caishen = data["hand"], data["win"], data["caishen"]
    tuned: Tuned = data["rules"].tuned
    concealed, win_tile = hand["concealed"], win["tile"]
    melds = prepare_melds(hand["melds"])
    check_claims(data["winner"], melds, "hand.melds")
    check_win(data, melds, tuned)
    check_rules(data, tuned)
    counts, every = check_winning_hand(concealed, melds, win_tile, SETS)
    held = check_special_tiles(concealed, melds, caishen, "hand.", every)

    dealer, winner, lao_zhuang = data["dealer"], data["winner"], data["lao_zhuang"]
    table = Table(caishen, flower_tile(caishen), seat_wind(winner, dealer), hand["flowers"])
    # A 财神 taken from another player (discard or robbed kong) plays at its face value.
    win_is_wild = win_tile == caishen and win["by"] == "self_draw"

    readings = views(concealed, melds, win_tile, win_is_wild, table, data, counts=counts)
    examined(len(readings))
    best: tuple[int, View, Tallies, int, int, int, list[int]] | None = None
    given: Tallies | None = None
    for view in readings:
        if given is None:
            given = hand_items(view, tuned)  # the same on every reading
        hits = recognise(view, given, tuned)
        minor, major = minor_major(hits, tuned)
        total = total_tai(minor, major, tuned)
        flowers = flower_counts(view.sets, held, table, tuned)  # the pair never counts
        paid = total + tiao(sum(flowers), tuned)
        if best is None or paid > best[0]:
            best = (paid, view, hits, minor, major, total, flowers)
    if best is None:
        why = no_win(concealed, SETS - len(melds), wild=caishen,
                     face=None if win_is_wild else win_tile)
        if win_tile == caishen and not win_is_wild:  # a robbed 财神 is refused before (YQ-2)
            why = joined(Message("caishen-at-face-value", "a discarded 财神 plays at its face "
                                 "value (YQ-2): as {tile}, ", tile=_CODES[win_tile]), why,
                         primary=1)
        raise not_a_win("hand.concealed", why)
    _, view, hits, minor, major, total, flowers = best
    patterns = entries(hits, tuned)
    flower_summary = summary(flowers, tuned)
    if table.flower != WHITE:  # 白板 is the 财神: 红中 serves, and names the flower's items
        name_after_flower(patterns, table.flower)
        name_after_flower(flower_summary["items"], table.flower)
    return {
        "ruleset": "yueqing",
        "hand": shown_sets(view.groups, view.wilds, _CODES[caishen]),
        "patterns": patterns,
        "tai": {"minor": minor, "minor_adjusted": adjusted_minor(minor, tuned), "major": major,
                "total": total},
        "tai_names": dict(TAI_NAMES),  # each part's name, beside it: a wait's way keeps `tai`
        "flowers": flower_summary,
        "settlement": win_transfers(hand_shares(total, dealer, winner, lao_zhuang, tuned),
                                    flower_summary["tiao"], winner,
                                    data["situation"]["liable_seat"]),
        "next": next_after_win(dealer, winner, lao_zhuang, tuned.lao_zhuang_cap),
    }
