"""How money moves after a Yueqing hand: the 台 total (YQ-15), hand and flower payments
(YQ-18), 包牌 (YQ-19), and the next dealer and 牢庄 (YQ-20)."""

from __future__ import annotations

from typing import Any, Final

from service.hand.groups import ANGANG, GANG
from service.rulesets.money import by_payer
from service.schemas.fields import MOST_IN_A_ROW

_KONGS: Final = (GANG, ANGANG)


def adjusted_minor(minor: int) -> int:
    """N' = N up to 5, else 10 + N − 6 (YQ-15)."""
    return minor if minor <= 5 else minor + 4


def total_tai(minor: int, major: int) -> int:
    """N' when N ≤ 5 and M = 0, else (N' + M) × 2 (YQ-15)."""
    adjusted = adjusted_minor(minor)
    return adjusted if minor <= 5 and major == 0 else (adjusted + major) * 2


# The three other seats of each seat, in seat order (Final: read as a constant, compiled).
_OTHERS: Final = tuple(tuple(seat for seat in range(4) if seat != winner) for winner in range(4))


def hand_shares(tai: int, dealer: int, winner: int, lao_zhuang: int) -> dict[int, int]:
    """Dealer wins: 台 + 牢庄 + 1 from each; else 台 + 1, the dealer 台 + 2 (YQ-18)."""
    share = tai + lao_zhuang + 1 if winner == dealer else tai + 1
    shares = {}
    for seat in _OTHERS[winner]:  # a plain loop: compiled, cheaper than calling dict.fromkeys
        shares[seat] = share
    if winner != dealer:
        shares[dealer] = tai + 2
    return shares


# A payment as answers list it, made once and copied per payment (cheaper than a new dict).
_PAYMENT: Final[dict[str, int]] = {"from": 0, "to": 0, "amount": 0, "hand": 0, "flowers": 0}


def win_transfers(hand: dict[int, int], flower_tiao: int, winner: int,
                  liable: int | None) -> dict[str, Any]:
    """Each loser's hand and flower 条; a liable seat pays all three shares (YQ-19).

    The payments and every seat's net, as ``money.ledger`` would give them, found as the
    payments are made (this runs on every scored hand).
    """
    # every loser owes the same flower 条; a liable seat pays it for each of them
    flowers = flower_tiao if liable is None else flower_tiao * len(hand)
    payments = []
    net = [0, 0, 0, 0]
    won = 0
    for payer, part in by_payer(hand, liable).items():
        payment = _PAYMENT.copy()
        amount = part + flowers
        payment["from"] = payer
        payment["to"] = winner
        payment["amount"] = amount
        payment["hand"] = part
        payment["flowers"] = flowers
        payments.append(payment)
        net[payer] -= amount
        won += amount
    net[winner] = won  # the winner pays nobody
    return {"payments": payments, "net": net, "liable_seat": liable}


def flower_payments(tiao_by_seat: dict[int, int]) -> list[dict[str, int]]:
    """Each player receives its flower 条 from each of the other three (YQ-21)."""
    return [
        {"from": other, "to": seat, "amount": amount}
        for seat, amount in sorted(tiao_by_seat.items()) if amount
        for other in range(4) if other != seat
    ]


def next_after_win(dealer: int, winner: int, lao_zhuang: int) -> dict[str, int]:
    if winner == dealer:  # at most what a request may send back
        return {"dealer": dealer, "lao_zhuang": min(lao_zhuang + 1, MOST_IN_A_ROW)}
    return {"dealer": (dealer + 1) % 4, "lao_zhuang": 0}


def next_after_draw(dealer: int, lao_zhuang: int, kong_made: bool) -> dict[str, int]:
    """A kong of four real tiles passes the deal; otherwise the dealer stays (YQ-20)."""
    if kong_made:
        return {"dealer": (dealer + 1) % 4, "lao_zhuang": 0}
    return {"dealer": dealer, "lao_zhuang": lao_zhuang}


def after_escape(state: dict[str, int], request: dict[str, Any]) -> dict[str, int]:
    """Who deals after an escape, from the match's state and the escape's request as sent
    (the rule text is silent; docs/rules/yueqing.md).

    The text settles an escape's flowers 同流局, as a drawn hand, and nobody won: the deal
    follows the drawn-hand rule (YQ-20). A dealer who runs cannot keep the deal by running:
    the 下家 deals with 牢庄 0.
    """
    if request["escaper"] == state["dealer"]:
        return {"dealer": (state["dealer"] + 1) % 4, "lao_zhuang": 0}
    kong_made = any(meld.get("type") in _KONGS
                    for player in request["players"] for meld in player.get("melds", ()))
    return next_after_draw(state["dealer"], state["lao_zhuang"], kong_made)
