"""现场汇 instant payments (CZ-16) and the drawn hand (CZ-17, CZ-13, CZ-14)."""

from __future__ import annotations

from typing import Any

from service.rulesets.chuzhou.settlement import next_state
from service.rulesets.money import ledger

INSTANT_UNIT = 10
WALL_RESERVE = 15  # tiles left undrawn when the hand is drawn, plus 2 per kong


def instant(data: dict[str, Any]) -> dict[str, Any]:
    """Followed discard: the first discarder pays each other seat 10. Four identical discards
    by one player: each other seat pays that player 10."""
    seat = data["seat"]
    others = [s for s in range(4) if s != seat]
    if data["event"] == "followed_discard":
        payments = [{"from": seat, "to": other, "amount": INSTANT_UNIT} for other in others]
    else:
        payments = [{"from": other, "to": seat, "amount": INSTANT_UNIT} for other in others]
    return ledger(payments)


def draw(data: dict[str, Any]) -> dict[str, Any]:
    return {"wall_reserve": WALL_RESERVE + 2 * data["kongs"],
            "next": next_state(data["dealer"], None, data["zhen"])}
