"""How money moves after a Yueqing hand: the 台 total (YQ-15), hand and flower payments
(YQ-18), 包牌 (YQ-19), and the next dealer and 牢庄 (YQ-20)."""

from __future__ import annotations

from typing import Any, Final

from service.rulesets.money import by_payer
from service.rulesets.yueqing.rules import DEFAULT, Tuned
from service.schemas.fields import MOST_IN_A_ROW


def adjusted_minor(minor: int, tuned: Tuned = DEFAULT) -> int:
    """N' = N up to 5, else 10 + N − 6 (YQ-15): the rules' ``minor_limit`` and
    ``minor_jump``."""
    return minor if minor <= tuned.minor_limit else minor + tuned.minor_jump


def total_tai(minor: int, major: int, tuned: Tuned = DEFAULT) -> int:
    """N' when N ≤ 5 and M = 0, else (N' + M) × 2 (YQ-15): the rules' limit and
    ``doubling``."""
    adjusted = adjusted_minor(minor, tuned)
    if minor <= tuned.minor_limit and major == 0:
        return adjusted
    return (adjusted + major) * tuned.doubling


# The three other seats of each seat, in seat order (Final: read as a constant, compiled).
_OTHERS: Final = tuple(tuple(seat for seat in range(4) if seat != winner) for winner in range(4))


def hand_shares(tai: int, dealer: int, winner: int, lao_zhuang: int,
                tuned: Tuned = DEFAULT) -> dict[int, int]:
    """Dealer wins: 台 + 牢庄 + 1 from each; else 台 + 1, the dealer 台 + 2 (YQ-18): the 1 is
    the rules' ``hand_base``, the dealer's one more ``dealer_extra``, and 牢庄 counts where
    ``lao_zhuang_pays``."""
    base = tai + tuned.hand_base
    if winner == dealer and tuned.lao_zhuang_pays:
        base += lao_zhuang
    shares = dict.fromkeys(_OTHERS[winner], base)
    if winner != dealer:
        shares[dealer] = base + tuned.dealer_extra
    return shares


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
        amount = part + flowers
        payments.append({"from": payer, "to": winner, "amount": amount, "hand": part,
                         "flowers": flowers})
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


def next_after_win(dealer: int, winner: int, lao_zhuang: int,
                   cap: int = MOST_IN_A_ROW) -> dict[str, int]:
    """YQ-20; 牢庄 grows to ``cap`` at most (the rules' ``lao_zhuang_cap``, never above what
    a request may send back)."""
    if winner == dealer:
        return {"dealer": dealer, "lao_zhuang": min(lao_zhuang + 1, cap)}
    return {"dealer": (dealer + 1) % 4, "lao_zhuang": 0}


def next_after_draw(dealer: int, lao_zhuang: int, kong_made: bool,
                    passes: bool) -> dict[str, int]:
    """A kong of four real tiles passes the deal; otherwise the dealer stays (YQ-20). Not
    where the rules say a kong does not (``kong_passes_deal`` false: ``passes``)."""
    if kong_made and passes:
        return {"dealer": (dealer + 1) % 4, "lao_zhuang": 0}
    return {"dealer": dealer, "lao_zhuang": lao_zhuang}


def after_escape(dealer: int, lao_zhuang: int, escaper: int, kong_made: bool,
                 passes: bool) -> dict[str, int]:
    """Who deals after an escape (the rule text is silent; docs/rules/yueqing.md): the escape
    answers it as ``next``, and a match threads it as it threads every event's.

    The text settles an escape's flowers 同流局, as a drawn hand, and nobody won: the deal
    follows the drawn-hand rule (YQ-20). A dealer who runs cannot keep the deal by running:
    the 下家 deals with 牢庄 0.
    """
    if escaper == dealer:
        return {"dealer": (dealer + 1) % 4, "lao_zhuang": 0}
    return next_after_draw(dealer, lao_zhuang, kong_made, passes)
