"""POST /v1/chuzhou/advice: how far a Chuzhou hand is from ready, which draws help, what each
discard leaves (G-9); four sets and a pair, or 七对 without melds (CZ-10) where the request's
rules play it (CZ-19)."""

from __future__ import annotations

from typing import Any

from service.errors import ProblemError
from service.hand import Meld, prepare_melds
from service.hand.advice import Form, advise, check_advice_size, form_limits, unseen
from service.hand.validate import check_copies, claiming_seat
from service.rulesets.chuzhou.catalogue import BY_ID
from service.rulesets.chuzhou.scorer import score
from service.rulesets.chuzhou.view import SEVEN_PAIRS, Need
from service.rulesets.chuzhou.waits import SETS, waits
from service.tiles import NUM_TILES, counts_of, tile

IN_PLAY = (4,) * NUM_TILES
_DECLARING = Need.DECLARED | Need.SEVEN_PAIRS


def advice(data: dict[str, Any]) -> dict[str, Any]:
    concealed = data["concealed"]
    melds = prepare_melds(data["melds"], "melds")
    check_advice_size(concealed, melds, SETS)
    held = check_copies(concealed, melds, "concealed")
    dealer = data.get("dealer", 0)
    # whose hand it is: the winner named, else the first seat from the dealer's that could
    # have claimed its melds, so what declaring adds is judged on a win the rules allow
    seat = data["winner"] if "winner" in data else claiming_seat(melds, dealer, "melds")
    left = unseen(held, data["visible"], IN_PLAY)
    form = form_of(concealed, melds, held, SEVEN_PAIRS not in data["rules"].tuned.forms_off)

    def waiting(standing: list[int]) -> list[int]:
        found = waits({"concealed": standing, "melds": data["melds"],
                       "rules": data["rules"]})["waits"]
        return [tile(c) for c in found]

    def ready(standing: list[int], found: list[int]) -> dict[str, Any]:
        declarable = len(found) == 1
        answer: dict[str, Any] = {"declarable": declarable}
        if declarable:
            adds = answer["declaring_adds"] = _declaring_adds(data, seat, standing, found[0])
            # the same ids with their names, as every pattern an answer carries (issue #45)
            answer["declaring_adds_patterns"] = [
                {"id": pid, "name": BY_ID[pid].name, "name_en": BY_ID[pid].name_en}
                for pid in adds]
        return answer

    return advise(concealed, form, left, waiting, ready)


def form_of(concealed: list[int], melds: list[Meld], held: list[int],
            seven_pairs: bool = True) -> Form:
    """What the hand must make and may draw: four sets and a pair, 七对 without melds unless
    the rules switch it off (``seven_pairs`` false, CZ-19)."""
    in_melds = [h - n for h, n in zip(held, counts_of(concealed), strict=True)]
    return Form(SETS - len(melds), SETS, form_limits(in_melds), None, 0,
                seven_pairs and not melds)


def _patterns(data: dict[str, Any], seat: int, standing: list[int], wait: int,
              declared: bool) -> list[str] | None:
    """The pattern ids of ``seat``'s self-drawn win on ``wait``, declared or not, the
    request's situation kept; None if the rules refuse it (七对 wins only declared)."""
    request = {
        "dealer": data.get("dealer", 0), "winner": seat, "zhen": data["zhen"],
        "hand": {"concealed": [*standing, wait], "melds": data["melds"],
                 "flowers": data["flowers"]},
        "win": {"tile": wait, "by": "self_draw", "source": None},
        "situation": {**data["situation"], "declared_ready": declared},
        "rules": data["rules"],
    }
    try:
        answer = score(request)
    except ProblemError:
        return None
    return [entry["id"] for entry in answer["patterns"]]


def _declaring_adds(data: dict[str, Any], seat: int, standing: list[int],
                    wait: int) -> list[str]:
    """The patterns a self-drawn win on the single wait scores declared and not undeclared
    (CZ-10), as the one scorer finds them asked both ways. A hand that wins only declared
    (七对) gains the win itself: of its patterns, those that need the declaration or seven
    pairs (the catalogue's own marks)."""
    declared = _patterns(data, seat, standing, wait, True)
    if declared is None:  # refused even declared: nothing declaring could add
        return []
    undeclared = _patterns(data, seat, standing, wait, False)
    if undeclared is None:
        return [pid for pid in declared if BY_ID[pid].needs & _DECLARING]
    return [pid for pid in declared if pid not in undeclared]
