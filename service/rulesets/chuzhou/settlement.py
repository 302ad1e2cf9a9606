"""How money moves after a Chuzhou hand: 针 settlement (CZ-12), 包庄 (CZ-15), next 针 and dealer
(CZ-13, CZ-14)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Final

from service.hand.groups import CHI, PENG, SEQUENCE, Group, Meld
from service.rulesets.chuzhou.liability import TRIGGERS
from service.rulesets.chuzhou.rules import DEFAULT, Tuned
from service.rulesets.money import by_payer, paid_to
from service.schemas.fields import MOST_IN_A_ROW


def shares(fan: int, dealer: int, winner: int, zhen: Sequence[int],
           discarder: int | None, tuned: Tuned = DEFAULT) -> dict[int, int]:
    """What each loser owes, in seat order: F + 10 × (winner's 针 + loser's 针), the discarder
    10 more; the dealer's 针 counts double wherever it appears (CZ-12). The 10s and the
    doubling are the rules' (``zhen_unit``, ``discard_extra``, ``dealer_zhen_factor``)."""
    unit, factor = tuned.zhen_unit, tuned.dealer_zhen_factor
    base = fan + unit * zhen[winner] * (factor if winner == dealer else 1)
    owed = {}
    for seat in range(4):
        if seat != winner:
            owed[seat] = base + unit * zhen[seat] * (factor if seat == dealer else 1) + (
                tuned.discard_extra if seat == discarder else 0)
    return owed


def transfers(owed: dict[int, int], winner: int, liable: int | None) -> dict[str, Any]:
    """Payments to the winner and every seat's net; a liable seat pays all the shares.

    ``owed`` is in seat order, as ``shares`` gives it, so without a liable seat it is paid as
    it is, without the sort ``by_payer`` would make (this runs on every scored hand).
    """
    return paid_to(winner, owed if liable is None else by_payer(owed, liable))


# Each dealer's 下家, who deals next unless the dealer wins (CZ-14).
FOLLOWING: Final = (1, 2, 3, 0)


def next_state(dealer: int, winner: int | None, zhen: Sequence[int],
               cap: int = MOST_IN_A_ROW) -> dict[str, Any]:
    """CZ-13 and CZ-14; ``winner`` None is a drawn hand. A 针 grows to ``cap`` at most (the
    rules' ``zhen_cap``, never above what a request may send back)."""
    following = FOLLOWING[dealer]
    if winner is None:
        return {"dealer": following, "zhen": list(zhen)}
    raised = min(zhen[winner] + 1, cap)
    if winner == dealer:  # 连庄, and every 针 is the winner's + 1
        return {"dealer": dealer, "zhen": [raised] * 4}
    if winner == following:
        return {"dealer": following, "zhen": [raised] * 4}
    new_zhen = [1, 1, 1, 1]  # the 对家 or 上家 won: the other three reset to 1
    new_zhen[winner] = raised
    return {"dealer": following, "zhen": new_zhen}


def _last_claim(melds: Sequence[Meld], counts: int,
                belongs: Callable[[Meld], bool]) -> int | None:
    """The seat that fed the ``counts``-th meld that ``belongs``, if that meld was claimed."""
    seen = 0
    for meld in melds:
        if belongs(meld):
            seen += 1
            if seen == counts:
                return meld.source  # None for a concealed kong: claimed from nobody
    return None


def claims(melds: Sequence[Meld], sets: Sequence[Group], discarder: int | None) -> list[Meld]:
    """The melds in the order made, then the set a winning discard completed as a claim from
    its discarder: CZ-15's 不管当时是否胡牌 makes that claim a trigger like any other."""
    won = next((g for g in sets if g.meld is None and not g.concealed), None)
    if discarder is None or won is None:  # self-drawn, or the discard completed the pair
        return list(melds)
    return [*melds, Meld(CHI if won.kind == SEQUENCE else PENG, won.tiles, discarder)]


def derived_liability(
    claimed: Sequence[Meld], scored: AbstractSet[str], win_source: int | None, self_draw: bool,
    tuokuzi_seat: int | None,
) -> list[int]:
    """Seats liable by CZ-15's triggers, in liability.py's order (三大元, 清十四一, 清一色), then
    脱裤子.

    ``scored`` holds the patterns scored that are triggers under the rules."""
    found = [_last_claim(claimed, t.nth, t.counts) for t in TRIGGERS if t.pattern in scored]
    if tuokuzi_seat is not None and (self_draw or win_source == tuokuzi_seat):
        found.append(tuokuzi_seat)
    return [seat for seat in found if seat is not None]


def liable_seat(situation: dict[str, Any], melds: Sequence[Meld], sets: Sequence[Group],
                scored: AbstractSet[str], win_source: int | None, self_draw: bool,
                tuned: Tuned = DEFAULT) -> int | None:
    """The named liable seat, else the first derived one not exempt by 清不包清.

    ``sets`` are the best reading's sets: the one a winning discard completed counts as a
    claim from the discarder (CZ-15). Which triggers apply, and whether 清不包清 exempts, are
    the rules' (``Tuned.triggers``, ``tuokuzi``, ``exempt_one_suit``).
    """
    if situation["liable_seat"] is not None:
        return int(situation["liable_seat"])
    triggers = tuned.triggers
    tuokuzi = situation["tuokuzi_seat"] if tuned.tuokuzi else None
    if tuokuzi is None and triggers.isdisjoint(scored):
        return None  # no trigger: most hands
    exempt = set(situation["one_suit_seats"]) if tuned.exempt_one_suit else set()
    claimed = claims(melds, sets, win_source)
    found = triggers.intersection(scored)  # a frozenset: ``&`` with dict keys makes a set
    for seat in derived_liability(claimed, found, win_source, self_draw, tuokuzi):
        if seat not in exempt:
            return seat
    return None
