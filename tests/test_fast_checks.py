"""The shortcuts of the checks, the settlement and the metrics hook give what the long way
gives: every refusal, every share, every count."""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations, product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from prometheus_client import REGISTRY

from service import metrics
from service.errors import ImpossibleHand
from service.hand import prepare_melds
from service.hand.groups import (
    ANGANG,
    CHI,
    GANG,
    KONG,
    PAIR,
    PENG,
    SEQUENCE,
    TRIPLET,
    Group,
    Meld,
    described,
)
from service.hand.validate import REAL_MELDS, check_copies, check_meld
from service.rulesets.chuzhou.catalogue import PATTERNS, Pattern
from service.rulesets.chuzhou.checks import QUIET, check_situation
from service.rulesets.chuzhou.rules import DEFAULT, tune
from service.rulesets.chuzhou.schemas import SituationSchema
from service.rulesets.chuzhou.scorer import entries
from service.rulesets.chuzhou.settlement import (
    derived_liability,
    liable_seat,
    next_state,
    shares,
    transfers,
)
from service.rulesets.money import by_payer, ledger, paid_to
from service.rulesets.yueqing.checks import QUIET as YUEQING_QUIET
from service.rulesets.yueqing.checks import check_win
from service.rulesets.yueqing.schemas import SituationSchema as YueqingSituationSchema
from service.rulesets.yueqing.tiles import check_special_tiles
from service.scoring import load
from service.tiles import NUM_TILES, code, render
from tests.budget import examples
from tests.catalogues import every_one_on

KINDS = (CHI, PENG, GANG, ANGANG)


def accepted(kind: str, tiles: tuple[int, ...]) -> bool:
    try:
        check_meld(kind, tiles, "m")
    except ImpossibleHand:
        return False
    return True


def test_the_table_of_real_melds_is_what_check_meld_accepts_for_every_three_tiles() -> None:
    for kind, tiles in product((CHI, PENG), product(range(NUM_TILES), repeat=3)):
        assert ((kind, tiles) in REAL_MELDS) == accepted(kind, tiles), (kind, tiles)


@pytest.mark.parametrize("kind", (GANG, ANGANG))
def test_the_table_of_real_kongs_is_what_check_meld_accepts(kind: str) -> None:
    for tiles in product(range(NUM_TILES), repeat=4):
        if len(set(tiles)) <= 2:  # four of one tile, or one tile astray
            assert ((kind, tiles) in REAL_MELDS) == accepted(kind, tiles), (kind, tiles)


@settings(max_examples=examples(300))
@given(st.sampled_from(KINDS),
       st.lists(st.integers(0, NUM_TILES - 1), min_size=0, max_size=5).map(tuple))
def test_the_table_of_real_melds_agrees_with_check_meld_on_any_tiles(
        kind: str, tiles: tuple[int, ...]) -> None:
    assert ((kind, tiles) in REAL_MELDS) == accepted(kind, tiles)


def test_a_meld_off_the_table_is_refused_with_its_field_and_message() -> None:
    raw = [{"type": PENG, "tiles": [5, 5, 5], "source": 0},
           {"type": CHI, "tiles": [7, 8, 9], "source": 0}]  # 8m 9m 1p: not one suit
    with pytest.raises(ImpossibleHand) as caught:
        prepare_melds(raw)
    assert caught.value.errors == {
        "hand.melds.1.tiles": ["a chi is three consecutive tiles of one suit"]}


def test_the_quiet_situation_is_the_schema_default() -> None:
    """The shortcut is taken by every request that sends no situation."""
    assert load(SituationSchema, {}) == QUIET


@pytest.mark.parametrize("winner", range(4))
def test_the_quiet_situation_passes_the_full_checks(winner: int) -> None:
    # A key the checks do not read makes the situation unequal to QUIET: the long way runs.
    data = {"situation": {**QUIET, "unread": True}, "winner": winner, "dealer": 0,
            "win": {"by": "discard"}, "hand": {"flowers": 0}}
    check_situation(data, [], [0] * NUM_TILES)


# The settlement as it was written before it was made direct: the reference.
def reference_shares(fan: int, dealer: int, winner: int, zhen: list[int],
                     discarder: int | None) -> dict[int, int]:
    def weighted(seat: int) -> int:
        return zhen[seat] * (2 if seat == dealer else 1)

    return {seat: fan + 10 * (weighted(winner) + weighted(seat))
            + (10 if seat == discarder else 0) for seat in range(4) if seat != winner}


def reference_transfers(owed: dict[int, int], winner: int,
                        liable: int | None) -> dict[str, object]:
    totals: dict[int, int] = {}
    for seat in sorted(owed):
        payer = seat if liable is None else liable
        totals[payer] = totals.get(payer, 0) + owed[seat]
    net = [0, 0, 0, 0]
    payments = []
    for payer, amount in totals.items():
        payments.append({"from": payer, "to": winner, "amount": amount})
        net[payer] -= amount
        net[winner] += amount
    return {"payments": payments, "net": net}


seats = st.integers(0, 3)


@settings(max_examples=examples(400))
@given(st.integers(0, 10_000), seats, seats, st.lists(st.integers(1, 1000), min_size=4,
                                                       max_size=4),
       st.none() | seats, st.none() | seats)
def test_settlement_equals_the_reference_for_every_seat(
        fan: int, dealer: int, winner: int, zhen: list[int], discarder: int | None,
        liable: int | None) -> None:
    owed = shares(fan, dealer, winner, zhen, discarder)
    assert owed == reference_shares(fan, dealer, winner, zhen, discarder)
    assert list(owed) == sorted(owed)
    if liable == winner:
        liable = None
    moved = transfers(owed, winner, liable)
    assert moved == reference_transfers(owed, winner, liable)
    assert sum(moved["net"]) == 0


@pytest.mark.parametrize("dealer", range(4))
def test_every_seating_shares_as_the_reference(dealer: int) -> None:
    """Shares are linear in F and each seat's 针: distinct 针 per seat pin every coefficient."""
    for winner, discarder in product(range(4), (None, *range(4))):
        for zhen in permutations((1, 2, 7, 30)):
            for fan in (0, 10, 370):
                owed = shares(fan, dealer, winner, list(zhen), discarder)
                assert owed == reference_shares(fan, dealer, winner, list(zhen), discarder)
                assert list(owed) == sorted(owed)


def reference_next(dealer: int, winner: int | None, zhen: list[int]) -> dict[str, object]:
    """CZ-13 and CZ-14 as written before the shortcut: the reference."""
    if winner is None:
        return {"dealer": (dealer + 1) % 4, "zhen": list(zhen)}
    raised = zhen[winner] + 1
    if winner in (dealer, (dealer + 1) % 4):
        new_zhen = [raised] * 4
    else:
        new_zhen = [raised if seat == winner else 1 for seat in range(4)]
    return {"dealer": dealer if winner == dealer else (dealer + 1) % 4, "zhen": new_zhen}


def test_next_state_equals_the_reference_for_every_seating() -> None:
    zhen = [3, 1, 4, 2]
    for dealer, winner in product(range(4), (None, *range(4))):
        following = next_state(dealer, winner, zhen)
        assert following == reference_next(dealer, winner, zhen)
        assert list(following) == ["dealer", "zhen"]
        following["zhen"][0] += 100  # a list of its own, never the request's
        assert zhen == [3, 1, 4, 2]


@given(seats, st.dictionaries(seats, st.integers(0, 10_000), max_size=4))
def test_paid_to_is_the_ledger_of_payments_to_one_seat(payee: int,
                                                       paid: dict[int, int]) -> None:
    payments = [{"from": payer, "to": payee, "amount": amount}
                for payer, amount in paid.items()]
    assert paid_to(payee, paid) == ledger(payments)


@given(st.dictionaries(seats, st.integers(0, 10_000), max_size=4), st.none() | seats)
def test_by_payer_keeps_seat_order_and_every_share(owed: dict[int, int],
                                                   liable: int | None) -> None:
    paid = by_payer(owed, liable)
    if liable is None:
        assert list(paid.items()) == sorted(owed.items())
    elif owed:
        assert paid == {liable: sum(owed.values())}
    assert sum(paid.values()) == sum(owed.values())
    assert sum(ledger([{"from": p, "to": 0, "amount": a} for p, a in paid.items()])["net"]) == 0


@given(st.sets(st.sampled_from(["three_dragons", "pure_terminals", "full_flush", "self_drawn",
                                "base", "one_suit"])), st.none() | seats, st.booleans())
def test_liability_is_looked_for_only_when_something_can_trigger_it(
        scored: set[str], win_source: int | None, self_draw: bool) -> None:
    situation = dict(QUIET)
    found = liable_seat(situation, [], [], scored, win_source, self_draw)
    if DEFAULT.triggers.isdisjoint(scored):
        assert found is None
        assert derived_liability([], scored, win_source, self_draw, None) == []


def test_hand_read_counts_one_hand_and_its_readings() -> None:
    def sample(suffix: str) -> float:
        return REGISTRY.get_sample_value(f"mahjong_readings_per_hand_{suffix}",
                                         {"ruleset": "test-hand-read"}) or 0.0

    before = sample("count"), sample("sum")
    metrics.hand_read("test-hand-read", 3)
    assert (sample("count"), sample("sum")) == (before[0] + 1, before[1] + 3)
    with metrics.uncounted():
        metrics.hand_read("test-hand-read", 5)
    assert (sample("count"), sample("sum")) == (before[0] + 1, before[1] + 3)


def test_every_set_is_described_as_its_tiles_rendered() -> None:
    for kind, first, concealed in product((SEQUENCE, TRIPLET, KONG, PAIR), range(NUM_TILES),
                                          (False, True)):
        if kind == SEQUENCE and (first >= 27 or first % 9 > 6):
            continue
        group = Group(kind, first, concealed)
        shown = {"type": kind, "tiles": render(group.tiles), "concealed": concealed}
        assert group.describe() == shown
        assert list(group.describe()) == ["type", "tiles", "concealed"]
        assert described([group, group]) == [shown, shown]
        described([group])[0]["tiles"] = "changed"  # each answer has dicts of its own
        group.describe()["concealed"] = None
        assert group.describe() == shown


def reference_entry(pid: str, concealed: bool, count: int, sets: list[int]) -> dict[str, Any]:
    """A pattern entry as written before the entries were copied: the reference (its name the
    form scored, as the text writes it: 暗姊妹付, 七对暗暗绝)."""
    pattern = next(p for p in PATTERNS if p.id == pid)
    value = pattern.value(concealed)
    return {"id": pid, "name": pattern.forms[concealed], "name_en": pattern.name_en,
            "value": value,
            "count": count, "concealed": concealed, "fan": value * count, "sets": sets}


PLAYED = tune(every_one_on("chuzhou"))  # every pattern on, whatever its row's default


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.id)
def test_pattern_entries_equal_the_reference(pattern: Pattern) -> None:
    pid = pattern.id
    for concealed in (False, True):
        found = entries({pid: [(concealed, (3, 0))]}, PLAYED)
        assert found == [reference_entry(pid, concealed, 1, [0, 3])]
        assert list(found[0]) == list(reference_entry(pid, concealed, 1, []))
        found[0]["sets"].append(9)  # each answer has dicts and lists of its own
        found[0]["name"] = "changed"
        assert entries({pid: [(concealed, ())]}, PLAYED) == \
            [reference_entry(pid, concealed, 1, [])]
    mixed = entries({pid: [(False, (1,)), (True, (2, 0)), (False, (3, 1))]}, PLAYED)
    assert mixed == [reference_entry(pid, True, 1, [0, 2]),
                     reference_entry(pid, False, 2, [1, 3])]
def test_the_quiet_yueqing_situation_is_the_schema_default() -> None:
    assert load(YueqingSituationSchema, {}) == YUEQING_QUIET


def outcome(check: Callable[[], object]) -> object:
    try:
        return check()
    except ImpossibleHand as refused:
        return refused.errors


melds_drawn = st.lists(st.tuples(st.sampled_from(KINDS), st.integers(0, NUM_TILES - 1)),
                       max_size=5).map(lambda found: [
                           Meld(kind, (t,) * (4 if kind in (GANG, ANGANG) else 3), 0)
                           for kind, t in found])
tiles_drawn = st.lists(st.integers(0, NUM_TILES - 1), max_size=18)


@settings(max_examples=examples(400))
@given(tiles_drawn, melds_drawn, st.integers(0, NUM_TILES - 1))
def test_special_tiles_checked_from_the_counts_as_the_long_way_checks_them(
        concealed: list[int], melds: list[Meld], caishen: int) -> None:
    held = [0] * NUM_TILES
    for t in concealed + [t for meld in melds for t in meld.tiles]:
        held[t] += 1
    assert outcome(lambda: check_special_tiles(concealed, melds, caishen, "hand.", held)) == \
        outcome(lambda: check_special_tiles(concealed, melds, caishen, "hand."))


@settings(max_examples=examples(400))
@given(tiles_drawn, melds_drawn)
def test_copies_are_refused_exactly_when_a_tile_is_held_five_times(
        concealed: list[int], melds: list[Meld]) -> None:
    every = concealed + [t for meld in melds for t in meld.tiles]
    over = [t for t in range(NUM_TILES) if every.count(t) > 4]
    found = outcome(lambda: check_copies(concealed, melds))
    if over:
        assert found == {"hand": [f"{code(over[0])} appears {every.count(over[0])} times; "
                                  "there are four of each tile"]}
    else:
        assert found == [every.count(t) for t in range(NUM_TILES)]


@pytest.mark.parametrize("winner", range(4))
def test_the_quiet_yueqing_situation_passes_the_full_checks(winner: int) -> None:
    # A key the checks do not read makes the situation unequal to QUIET: the long way runs.
    data = {"situation": {**YUEQING_QUIET, "unread": True}, "winner": winner, "dealer": 0,
            "win": {"by": "discard", "source": (winner + 1) % 4, "tile": 0}, "caishen": 1,
            "hand": {"concealed": [0]}}
    check_win(data, [])
