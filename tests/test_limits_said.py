"""The limits the service enforces are stated in words in its problem pages and contract; the
words are checked against the constants that enforce them, so neither drifts alone."""

from __future__ import annotations

import pytest

from service.api.batch import MAX_BATCH_BYTES
from service.api.body import MAX_BODY_BYTES
from service.batch import MAX_ITEMS
from service.errors import PROBLEM_TYPES
from service.jsonio import MAX_DEPTH
from service.openapi import spec_yaml
from service.work import DEADLINE_SECONDS, MAX_WORK

MIB = 1024 * 1024
SAID = [
    f"{MAX_BODY_BYTES // MIB} MiB", f"{MAX_BATCH_BYTES // MIB} MiB", f"{MAX_ITEMS:,} items",
    f"{MAX_WORK:,} hands", f"{MAX_DEPTH} deep", f"{DEADLINE_SECONDS:g} s",
]
CONTRACT = spec_yaml()
PAGES = " ".join(kind.description + " " + kind.how_to_fix for kind in PROBLEM_TYPES.values())


@pytest.mark.parametrize("words", SAID)
def test_each_limit_is_said_as_enforced(words: str) -> None:
    assert words in CONTRACT and words in PAGES, words


def test_no_other_size_is_said() -> None:
    sizes = {f"{MAX_BODY_BYTES // MIB} MiB", f"{MAX_BATCH_BYTES // MIB} MiB"}
    for text in (CONTRACT, PAGES):
        for number in range(1, 100):
            said = f"{number} MiB"
            assert said not in text or said in sizes, said
