"""Money as both rulesets move it: who pays, and every seat's net (G-7)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def by_payer(owed: Mapping[int, int], liable: int | None) -> dict[int, int]:
    """What each paying seat hands over, in seat order; a liable seat pays every share."""
    if liable is None:
        return dict(sorted(owed.items()))
    return {liable: sum(owed.values())}


def ledger(payments: Sequence[dict[str, int]]) -> dict[str, Any]:
    """The payments and every seat's net."""
    net = [0, 0, 0, 0]
    for payment in payments:
        amount = payment["amount"]
        net[payment["from"]] -= amount
        net[payment["to"]] += amount
    return {"payments": list(payments), "net": net}


def paid_to(payee: int, paid: Mapping[int, int]) -> dict[str, Any]:
    """``ledger`` of payments that all go to one seat (a win's): each payer's amount, in the
    order given, and every seat's net."""
    net = [0, 0, 0, 0]
    payments = []
    for payer, amount in paid.items():
        payments.append({"from": payer, "to": payee, "amount": amount})
        net[payer] -= amount
    net[payee] += sum(paid.values())
    return {"payments": payments, "net": net}
