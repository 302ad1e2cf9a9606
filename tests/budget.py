"""How many examples a property draws: its own number in `make test` and `make test-compiled`,
a share of it under `make core`, the loop after an edit (``EXAMPLES_SHARE``, the Makefile's
``CORE_SHARE``). A property's ``@settings(max_examples=...)`` overrides any hypothesis profile,
so the share is applied here, where the number is written."""

from __future__ import annotations

import os

SHARE = float(os.environ.get("EXAMPLES_SHARE", "1"))
FLOOR = 20  # the fewest a property draws, whatever the share


def examples(count: int) -> int:
    """``count`` examples, or the share of them ``make core`` asks for (never under FLOOR)."""
    return max(min(count, FLOOR), round(count * SHARE))
