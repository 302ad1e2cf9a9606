"""The core's memos (service/memo.py): bounded in bytes, what traffic keeps asking for kept."""

from __future__ import annotations

import sys

from hypothesis import given
from hypothesis import strategies as st

from service import memo
from service.memo import ENTRY_BYTES, Memo, size_of


def test_size_of_counts_containers_and_large_ints_only() -> None:
    assert size_of(None) == size_of(True) == size_of("sequence") == size_of(7) == 0
    big = 1 << 40  # an int past the small ones: as large as any packed key
    assert size_of(big) == sys.getsizeof(big) >= sys.getsizeof(10**9)
    pair = (big, "x")
    assert size_of(pair) == sys.getsizeof(pair) + sys.getsizeof(big)
    # an object reached twice is counted twice (the estimate errs high); () is shared
    assert size_of([pair, pair]) == sys.getsizeof([pair, pair]) + 2 * size_of(pair)
    assert size_of(((), ())) == sys.getsizeof(((), ()))
    assert size_of(frozenset({(1, 2)})) == sys.getsizeof(frozenset({(1, 2)})) + \
        sys.getsizeof((1, 2))
    assert size_of({1: (2, 3)}) == sys.getsizeof({1: (2, 3)}) + sys.getsizeof((2, 3))


@given(st.lists(st.tuples(st.integers(0, 300), st.integers(1, 40)), max_size=300))
def test_a_memo_never_holds_more_than_its_budget(puts: list[tuple[int, int]]) -> None:
    table: Memo[int, tuple[int, ...]] = Memo("test", 0, budget=4096)
    for key, length in puts:
        if table.get(key) is None:
            table.put(key, tuple(range(1000, 1000 + length)))
        assert table.bytes_held <= table.budget
        assert table.get(key) is not None or size_of(tuple(range(1000, 1000 + length))) \
            + size_of(key) + ENTRY_BYTES > table.budget // 2


def test_what_is_asked_for_again_survives_a_turn_over() -> None:
    table: Memo[int, tuple[int, ...]] = Memo("test", 0, budget=20_000)
    value = tuple(range(1000, 1010))
    table.put(-1, value)
    for key in range(1000):
        if table.get(key) is None:
            table.put(key, value)
        assert table.get(-1) == value  # asked for after every new entry: never dropped
    assert table.get(0) is None        # asked for once, long ago: dropped
    assert table.lookups > table.misses > 0


def test_an_entry_above_half_the_budget_is_answered_but_not_kept() -> None:
    table: Memo[int, tuple[int, ...]] = Memo("test", 0, budget=1024)
    big = tuple(range(1000, 1200))
    assert table.put(1, big) == big
    assert table.get(1) is None and table.entries == 0


def test_the_core_memos_share_the_budget_and_clear_together() -> None:
    import service.rulesets  # noqa: F401  (every memo of the core is made at import)

    core = memo.memos()
    assert len({m.name for m in core}) == len(core) >= 10
    assert sum(m.budget for m in core) <= memo.TOTAL_BYTES
    memo.clear()
    assert all(m.entries == 0 for m in core)


def test_a_memo_weighing_each_entry_charges_a_large_one_its_own_bytes() -> None:
    """Entries alike in size may be charged the mean; a memo whose entries differ widely
    (house rules spelled with one parameter or all of them) weighs each, and what it cannot
    see (strings of an entry's own) is added."""
    for weigh_each in (False, True):
        table: Memo[int, tuple[int, ...]] = Memo("test", 0, budget=10_000_000,
                                                 weigh_each=weigh_each)
        small, large = (1 << 40,), tuple(range(1 << 40, (1 << 40) + 500))
        for key in range(memo.EXACT_ENTRIES + 1):
            table.put(key, small)
        before = table.bytes_held
        table.put(-1, large, unseen=1000)
        charged = table.bytes_held - before
        exact = memo.size_of(-1) + memo.size_of(large) + memo.ENTRY_BYTES + 1000
        assert (charged == exact) == weigh_each


def test_a_built_rule_set_is_weighed_with_its_fields_in_either_build() -> None:
    """A compiled class has no __slots__: its fields are walked all the same, so the memo of
    built rule sets weighs a compiled set as an interpreted one (docs/operations.md: the
    estimate errs high, never low). make test-compiled runs this against the compiled build."""
    from service.rulesets.chuzhou.rules import DEFAULT

    tests = DEFAULT.tests
    assert size_of(tests) >= sys.getsizeof(tests) + size_of(tests.tests) + size_of(tests.excludes)
