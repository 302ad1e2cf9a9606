"""POST /v1/chuzhou/score: read the hand every way, keep the best (G-4), settle it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.errors import impossible, not_a_win
from service.hand import prepare_melds
from service.hand.groups import described
from service.hand.leftover import no_win
from service.hand.splits import seven_pairs
from service.hand.validate import check_winning_hand
from service.hand.waits import add_seven_pairs_wait, natural_waits
from service.language import Message
from service.rulesets.chuzhou.checks import check_rules, check_seats, check_situation
from service.rulesets.chuzhou.patterns import Instance
from service.rulesets.chuzhou.rules import DEFAULT, NAMES, Tuned
from service.rulesets.chuzhou.settlement import liable_seat, next_state, shares, transfers
from service.rulesets.chuzhou.view import SEVEN_PAIRS, View, read_suits, views
from service.rulesets.chuzhou.waits import SETS
from service.rulesets.readings import examined
from service.rulesets.registry import recognise as shared_recognise
from service.tiles import CODES, codes

PatternInstances = dict[str, Sequence[Instance]]  # by pattern id


def recognise(view: View, tuned: Tuned = DEFAULT) -> tuple[int, PatternInstances]:
    """Every pattern of one reading with its instances, after the exclusions (CZ-5) and the
    add-ons without what they add to, and the 番 they total (registry.recognise, the one way
    both rulesets recognise).

    One pass over the tests the reading's flags allow, the patterns of the hand and the
    situation among them: they find the same in every reading (``hand_patterns``), but most
    hands read one way, so running them again on a rare second reading costs less than keeping
    them apart.
    """
    hits: PatternInstances = shared_recognise(tuned.tests, view, view.has)
    return total(hits, tuned), hits


def hand_patterns(view: View, tuned: Tuned = DEFAULT) -> PatternInstances:
    """The patterns that read only the hand and the situation (catalogue ``per_reading``
    False): every reading of a hand finds the same (tests/chuzhou/test_why.py)."""
    return shared_recognise(tuned.hand_tests, view, view.has)


def total(hits: PatternInstances, tuned: Tuned = DEFAULT) -> int:
    """The 番 of the patterns found."""
    fan = 0
    for pid, found in hits.items():
        values = tuned.values[pid]
        for concealed, _ in found:
            fan += values[concealed]
    return fan


def entries(hits: PatternInstances, tuned: Tuned = DEFAULT) -> list[dict[str, Any]]:
    """The answer's pattern entries: one per pattern and 明/暗 value, 暗 first, each with the
    sets its instances were read from. In catalogue order, the order ``recognise`` finds
    them in (tests/chuzhou/test_catalogue.py checks it)."""
    result = []
    by_pattern = tuned.entry  # each entry as found once, 明 then 暗: copied per answer
    for pid, found in hits.items():
        if len(found) == 1:  # most patterns count once: 10,600 instructions a never-seen
            # hand less than the general way, compiled (docs/performance.md, Speed devices)
            concealed, sets = found[0]
            entry = by_pattern[pid][concealed].copy()
            entry["sets"] = sorted(sets)
            result.append(entry)
            continue
        for concealed in (True, False):
            alike = [sets for dark, sets in found if dark == concealed]
            if alike:
                result.append(_entry(by_pattern[pid][concealed], len(alike),
                                     sorted({i for sets in alike for i in sets})))
    return result


def _entry(single: dict[str, Any], count: int, sets: list[int]) -> dict[str, Any]:
    entry = single.copy()
    entry["count"] = count
    entry["fan"] = entry["value"] * count
    entry["sets"] = sets
    return entry


def _undeclared(waits: Sequence[int]) -> str:
    """Why an undeclared hand that reads only as seven pairs is no win, and whether a
    declaration could have made it one (CZ-10: only a hand waiting on a single tile)."""
    if len(waits) == 1:
        return Message("seven-pairs-undeclared", "七对 wins only when declared ready (CZ-10)",
                       tiles=codes(waits))
    return Message("seven-pairs-undeclared", "七对 wins only when declared ready, and this hand "
                   "cannot be declared: it waited on {tiles}, and a declaration needs a single "
                   "wait (CZ-10)", tiles=codes(waits))


def _switched_off(form: str) -> str:
    """Why a hand that reads only in a winning form the request's rules switch off is no win
    (CZ-19): the table does not play that form."""
    return Message("form-switched-off", "these rules switch {_name} off (rules.{parameter} "
                   "false), and the hand wins only as {_name} (CZ-19)", form=form,
                   parameter=f"{form}.on", _name=NAMES[form])


def score(data: dict[str, Any]) -> dict[str, Any]:
    hand, win, situation = data["hand"], data["win"], data["situation"]
    tuned: Tuned = data["rules"].tuned
    concealed, win_tile = hand["concealed"], win["tile"]
    melds = prepare_melds(hand["melds"])
    check_seats(data, melds)
    counts, held = check_winning_hand(concealed, melds, win_tile, SETS)
    check_situation(data, melds, held, tuned)
    check_rules(data, tuned)
    self_draw = win["by"] == "self_draw"

    suits = read_suits(counts, win_tile, not self_draw)
    counts[win_tile] -= 1
    held[win_tile] -= 1
    waits = natural_waits((suits[0].waits, suits[1].waits, suits[2].waits, suits[3].waits), held)
    # a form the rules switch off is no wait, and reads no hand (CZ-19)
    pairs_played = not melds and SEVEN_PAIRS not in tuned.forms_off
    if pairs_played:
        add_seven_pairs_wait(waits, counts, held)
    held[win_tile] += 1
    counts[win_tile] += 1
    if win_tile not in waits:
        if not melds and not pairs_played and seven_pairs(counts) is not None:
            raise not_a_win("hand.concealed", _switched_off(SEVEN_PAIRS))
        raise not_a_win("hand.concealed", no_win(concealed, SETS - len(melds),
                                                 seven_pairs=pairs_played))
    declared = situation["declared_ready"]
    if declared and len(waits) != 1:
        raise impossible("situation.declared_ready",
                         Message("declared-many-waits", "a ready declaration needs a single "
                                 "wait; the hand waited on {tiles} (CZ-10)",
                                 tiles=codes(waits)) if waits else
                         Message("declared-many-waits", "a ready declaration needs a single "
                                 "wait; the hand waited on nothing (CZ-10)", tiles=[]))

    found = views(counts, melds, win_tile, self_draw, declared and pairs_played, data, held,
                  suits)
    best: tuple[int, View, PatternInstances] | None = None
    examined(len(found))
    for view in found:
        fan, hits = recognise(view, tuned)
        if best is None or fan > best[0]:
            best = (fan, view, hits)
    if best is None:  # only seven pairs read it, undeclared
        raise not_a_win("situation.declared_ready", _undeclared(waits))
    fan, view, hits = best

    discarder = None if self_draw else win["source"]
    dealer, winner, zhen = data["dealer"], data["winner"], data["zhen"]
    liable = liable_seat(situation, melds, view.sets, hits.keys(), discarder, self_draw, tuned)
    settlement = transfers(shares(fan, dealer, winner, zhen, discarder, tuned), winner, liable)
    settlement["liable_seat"] = liable
    return {
        "ruleset": "chuzhou",
        "hand": {"form": view.form, "sets": described(view.groups),
                 "waits": [CODES[t] for t in waits]},  # waits: distinct, in tile order
        "patterns": entries(hits, tuned),
        "fan": fan,
        "settlement": settlement,
        "next": next_state(dealer, winner, zhen, tuned.zhen_cap),
    }
