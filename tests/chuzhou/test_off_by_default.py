"""A club's extra pattern is declared off by default (``on=False`` in its row), and the tests
still test it on, from its row: its worked hand, its near miss, its gate (tests/catalogues.py).

Here a club's catalogue declares 三对同 off unless a table's rules switch it on. Played as the
catalogue's values say (every pattern on), its worked hands score it through its gate, its near
miss does not, and the gate skips nothing the pattern would find. `make mutate` breaks this
pattern's gate (view.triplet_flags, its canary) and runs this module alone against it: a test
that read the club's defaults would leave the pattern off and the broken gate alive.
"""

from __future__ import annotations

from service.rulesets.chuzhou.catalogue import PATTERNS
from service.rulesets.chuzhou.rules import SETTLEMENT, pattern_parameters, tune
from service.rulesets.chuzhou.scorer import recognise
from service.rulesets.chuzhou.scorer import total as total_fan
from service.rulesets.registry import recognise as every_test
from tests.catalogues import every_one_on, playing
from tests.chuzhou.helpers import readings
from tests.chuzhou.test_patterns import CASES

EXTRA = "three_color_triplets"  # 三对同, gated by Need.COLOR_TRIP
CLUB_ROWS = [p._replace(on=False) if p.id == EXTRA else p for p in PATTERNS]
CLUB_PARAMETERS = [*(x for row in CLUB_ROWS for x in pattern_parameters(row)), *SETTLEMENT]
WORKED = [(expected, body) for pid, expected, body in CASES if pid == EXTRA]


def _fan_of_best(body: dict[str, object], values: dict[str, object]) -> int | None:
    """The pattern's 番 in the best reading of ``body`` under ``values``, None if absent."""
    tuned = tune(values)
    best = max((recognise(view, tuned) for view in readings(body)), key=lambda found: found[0])
    hits = best[1]
    return total_fan({EXTRA: hits[EXTRA]}, tuned) if EXTRA in hits else None


def test_the_club_declares_it_off() -> None:
    defaults = {p.id: p.default for p in CLUB_PARAMETERS}
    assert defaults[f"{EXTRA}.on"] is False
    assert all(_fan_of_best(body, defaults) is None for _, body in WORKED)


def test_played_from_its_row_its_worked_hands_score_it_and_its_near_miss_does_not() -> None:
    played = every_one_on("chuzhou", CLUB_PARAMETERS)
    assert {expected is None for expected, _ in WORKED} == {False, True}  # hands and a miss
    for expected, body in WORKED:
        assert _fan_of_best(body, played) == expected, body


def test_a_worked_hand_is_played_with_it_switched_on() -> None:
    """What tests/test_patterns.py sends for a pattern declared off: its switch on; for one
    the shipped catalogue plays, the hand as it is."""
    _, body = WORKED[0]
    assert playing("chuzhou", EXTRA, body, CLUB_PARAMETERS) == {
        **body, "rules": {f"{EXTRA}.on": True}}
    assert playing("chuzhou", EXTRA, body) is body


def test_its_gate_skips_nothing_it_would_find() -> None:
    tests = tune(every_one_on("chuzhou", CLUB_PARAMETERS)).tests
    for _, body in WORKED:
        for view in readings(body):
            assert every_test(tests, view, view.has) == every_test(tests, view, -1), body
