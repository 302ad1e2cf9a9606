"""`make quoted`: the versions and fingerprints the README and the docs quote, written from the
service, so that a MAJOR (which moves the pin a request may send and every fingerprint) is
rewritten by `make regen` and never by hand.

    python tools/quoted.py           # rewrites each quoted value
    python tools/quoted.py --check   # fails naming each value that is not the service's

Each place is a pattern found exactly once in its file, its groups the quoted values; a
place no longer found (the text around it was rewritten) stops the run, naming it, so a quote
cannot go stale unseen. tests/test_readme.py and tests/test_fingerprint.py send and compare
what these places say.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the repository, for the service

from service.house import VARIANTS  # noqa: E402
from service.rulesets import RULESETS  # noqa: E402
from tools.recorded import example_variants  # noqa: E402


class Quote(NamedTuple):
    """A place a file quotes the service: its pattern, and each group's value."""

    file: str
    pattern: str
    values: tuple[Callable[[], str], ...]


def _major(ruleset_id: str, less: int = 0) -> Callable[[], str]:
    return lambda: str(RULESETS[ruleset_id].major - less)


def _variant_fingerprint(ruleset_id: str, name: str) -> Callable[[], str]:
    """The fingerprint of one of the example variants (examples/rules)."""
    def found() -> str:
        with example_variants():
            return VARIANTS[ruleset_id][name].fingerprint
    return found


QUOTES = (
    # the README's pin: today's MAJOR answers, the one before is a 409
    Quote("README.md", r"""-d '\{"dealer": 0, "ruleset_version": "(\d+)"\}'""",
          (_major("chuzhou"),)),
    Quote("README.md",
          r"""# → 200 while chuzhou's money is (\d+)\.x; "(\d+)" is a 409: a (\d+)\.x """,
          (_major("chuzhou"), _major("chuzhou", 1), _major("chuzhou", 1))),
    # a club's fingerprint, which a MAJOR moves (service/house.py fingerprint)
    Quote("docs/house-rules.md",
          r'"variant": "huaian-teahouse", "overrides": \{\}, "fingerprint": "([0-9a-f]{16})"',
          (_variant_fingerprint("chuzhou", "huaian-teahouse"),)),
)


class QuoteError(Exception):
    """A quoted place not found once: the message names it."""


def rewritten(path: str, text: str) -> str:
    """``text`` (the file ``path``) with each quoted value the service's."""
    for quote in QUOTES:
        if quote.file != path:
            continue
        found = list(re.finditer(quote.pattern, text))
        if len(found) != 1:
            raise QuoteError(f"{path}: the quoted place {quote.pattern!r} is found "
                             f"{len(found)} times, not once: write it back, or change "
                             "tools/quoted.py with it")
        match = found[0]
        said = match.group(0)
        for group, value in reversed(list(enumerate(quote.values, 1))):
            start, end = match.start(group) - match.start(), match.end(group) - match.start()
            said = said[:start] + value() + said[end:]
        text = text[:match.start()] + said + text[match.end():]
    return text


def main(arguments: list[str]) -> int:
    stale = []
    for path in sorted({quote.file for quote in QUOTES}):
        text = (ROOT / path).read_text(encoding="utf-8")
        try:
            again = rewritten(path, text)
        except QuoteError as error:
            print(error, file=sys.stderr)
            return 1
        if again != text:
            stale.append(path)
            if "--check" not in arguments:
                (ROOT / path).write_text(again, encoding="utf-8")
    if stale and "--check" in arguments:
        print(f"quoted values that are not the service's: {', '.join(stale)}: `make quoted`",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
