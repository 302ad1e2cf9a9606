"""Every hand the version record holds (tools/versions.py), by where it comes from.

- ``worked``: tests/worked_hands.jsonl, every request the in-process tests send (``make
  worked-hands``, tools/capture_hands.py);
- ``example``: the contract's examples (service/schemas/examples.json): each operation's
  request, each item of its batches, and those shown under the example variants, answered
  with examples/rules served;
- ``reaching``: tests/reaching_hands.jsonl, requests that reach every parameter and every
  pair of situation flags (``make reaching-hands``, tools/reach.py).

A hand is one line ``[ruleset, action, body]``, keys sorted, and its key in the record the
digest of that line (of the line and the variants served, for a hand shown under them).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from service.house import VARIANTS, load_variants, serve
from service.openapi import EXAMPLE_RULES, EXAMPLES_FILE

ROOT = Path(__file__).resolve().parent.parent
HANDS = ROOT / "tests" / "worked_hands.jsonl"
REACHING = ROOT / "tests" / "reaching_hands.jsonl"
SOURCES = ("worked", "example", "reaching")
UNDER_VARIANTS = " RULES_DIR=examples/rules"  # what a hand shown under them is keyed with


class Hand(NamedTuple):
    source: str
    ruleset: str
    action: str
    body: Any
    key: str
    under_variants: bool = False


def hand_line(ruleset_id: str, action: str, body: Any) -> str:
    """One hand as the files hold it: keys sorted, so a hand sent in another key order is the
    same line."""
    return json.dumps([ruleset_id, action, body], ensure_ascii=False, separators=(",", ":"),
                      sort_keys=True)


def hands_file(lines: Iterable[str]) -> str:
    """A file's text: each line once, sorted, so a regeneration changes nothing else."""
    return "".join(line + "\n" for line in sorted(set(lines)))


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def _from_file(path: Path, source: str) -> Iterator[Hand]:
    if not path.exists():
        return
    for line in path.read_text(encoding="utf-8").splitlines():
        ruleset_id, action, body = json.loads(line)
        yield Hand(source, ruleset_id, action, body, digest(line.encode()))


def _examples() -> Iterator[Hand]:
    found = json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))
    for group, under in ((found, False), (found["under_variants"], True)):
        for name, example in group.items():
            if not isinstance(example, dict) or "request" not in example:
                continue
            if name == "batch":
                asked = [(item["ruleset"], item["action"], item["request"])
                         for item in example["request"]["items"]]
            else:
                ruleset_id, action = name.split("_", 1)
                asked = [(ruleset_id, action, example["request"])]
            for ruleset_id, action, body in asked:
                line = hand_line(ruleset_id, action, body) + (UNDER_VARIANTS if under else "")
                yield Hand("example", ruleset_id, action, body, digest(line.encode()), under)


def hands() -> Iterator[Hand]:
    """Every recorded hand, worked hands first, then the examples, then the reaching ones."""
    yield from _from_file(HANDS, "worked")
    yield from _examples()
    yield from _from_file(REACHING, "reaching")


def sources() -> dict[str, str]:
    """Each hand's key, with where it first comes from."""
    found: dict[str, str] = {}
    for hand in hands():
        found.setdefault(hand.key, hand.source)
    return found


@contextmanager
def example_variants() -> Iterator[None]:
    """The example variants (examples/rules) served, and what was served before afterwards."""
    saved = {ruleset_id: dict(named) for ruleset_id, named in VARIANTS.items()}
    load_variants(str(EXAMPLE_RULES))
    try:
        yield
    finally:
        serve(saved)
