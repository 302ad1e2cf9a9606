"""现场汇 instant payments (CZ-16) and the drawn hand (CZ-17, CZ-13, CZ-14)."""

from __future__ import annotations

from typing import Any, Final

from service.rulesets.chuzhou.checks import check_zhen
from service.rulesets.chuzhou.rules import Tuned
from service.rulesets.chuzhou.settlement import next_state
from service.rulesets.money import ledger
from service.rulesets.registry import Event

# A match's events (POST /v1/chuzhou/match), declared once: the match runs each by its action,
# supplying the state it threads; the match request's schema lists them (schemas.py).
SUPPLIES: Final = ("dealer", "zhen")
EVENTS: Final[dict[str, Event]] = {
    "win": Event("score", SUPPLIES),  # CZ-12..14
    "draw": Event("draw", SUPPLIES),  # CZ-13, CZ-14: 针 kept, 下家 deals
    "instant": Event("instant", SUPPLIES),  # CZ-16: money only, state kept
}


def instant(data: dict[str, Any]) -> dict[str, Any]:
    """Followed discard: the first discarder pays each other seat 10. Four identical discards
    by one player: each other seat pays that player 10 (CZ-16; the rules' ``instant_unit``)."""
    tuned: Tuned = data["rules"].tuned
    check_zhen(data, tuned)
    unit = tuned.instant_unit
    seat = data["seat"]
    others = [s for s in range(4) if s != seat]
    if data["event"] == "followed_discard":
        payments = [{"from": seat, "to": other, "amount": unit} for other in others]
    else:
        payments = [{"from": other, "to": seat, "amount": unit} for other in others]
    settled = ledger(payments)
    # The money in a settlement, as every other action answers it (issue #45); the same
    # payments and net stay at the top, where clients written before it read them.
    answer = {**settled, "settlement": {"payments": [dict(paid) for paid in payments],
                                        "net": list(settled["net"])}}
    if data["dealer"] is not None:  # the state goes on as it came: money only moved
        answer["next"] = {"dealer": data["dealer"], "zhen": list(data["zhen"])}
    return answer


def draw(data: dict[str, Any]) -> dict[str, Any]:
    """The tiles left undrawn when the hand is drawn, 15 and 2 per kong (CZ-17), and the next
    state (CZ-13, CZ-14)."""
    tuned: Tuned = data["rules"].tuned
    check_zhen(data, tuned)
    return {"wall_reserve": tuned.wall_reserve + tuned.wall_reserve_per_kong * data["kongs"],
            "next": next_state(data["dealer"], None, data["zhen"])}
