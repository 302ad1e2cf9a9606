"""The catalogue holds every pattern id of the contract, each with a test that scores it."""

from __future__ import annotations

from service.rulesets.chuzhou.catalogue import PATTERNS
from tests.chuzhou.test_patterns import CASES

CONTRACT_IDS = """
base_win self_draw concealed_triplet all_triplets three_concealed_triplets
four_concealed_triplets heavenly_hand earthly_hand last_tile_draw exposed_kong concealed_kong
small_flowers win_after_kong two_suits concealed_hand concealed_self_draw all_claimed old_young
twin_sequences pure_three_sequences pure_four_sequences three_color_sequences
four_same_sequences half_dragon full_dragon dragon_bonus double_dragon four_in_one four_in_two
four_in_four pure_three_triplets pure_four_triplets three_color_triplets pure_terminals
mixed_terminals consecutive_triplets soft_four_winds hard_four_winds full_flush half_flush
pure_outside mixed_outside three_dragons seven_pairs seven_pairs_last_copy all_honors
three_fives four_fives threes_and_sevens same_number same_number_all_suits terminal_triplets
last_copy early_ready center_five edge_wait
""".split()


def test_catalogue_is_the_contract() -> None:
    assert [p.id for p in PATTERNS] == CONTRACT_IDS


def test_every_pattern_is_scored_and_nearly_missed() -> None:
    scored = {pid for pid, expected, _ in CASES if expected is not None}
    missed = {pid for pid, expected, _ in CASES if expected is None}
    assert scored | {"base_win"} == set(CONTRACT_IDS)
    assert missed | {"base_win"} == set(CONTRACT_IDS)


def test_needs_only_skip_tests_that_could_not_apply() -> None:
    """Skipping by ``needs`` never changes what a reading scores."""
    from bench.hands import chuzhou_hands
    from service.rulesets.chuzhou.scorer import EXCLUDES, TESTS
    from service.rulesets.registry import recognise
    from tests.chuzhou.helpers import readings

    bodies = [body for _, _, body in CASES] + chuzhou_hands(400, seed=7)
    checked = 0
    for body in bodies:
        for view in readings(body):
            assert recognise(TESTS, EXCLUDES, view, view.has) == \
                recognise(TESTS, EXCLUDES, view, -1), body
            checked += 1
    assert checked > 400
