"""Situations that cannot hold together in one win (CZ-18): each ruleset lists its pairs of
situation fields with why, and a request raising both is refused whatever its hand, naming
both fields and, in its cause's ``flags``, both names. Such a request describes no hand a
table can produce, so refusing it is a MINOR of the ruleset's money (G-10)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from service.errors import impossible_together
from service.language import Message


class Exclusive(NamedTuple):
    """Two situation fields that cannot both be raised (a flag true, a list not empty), and
    the sentence that says why (a msgid: ``N_`` where it is written)."""

    first: str
    second: str
    why: str


def check_together(situation: Mapping[str, Any], pairs: Sequence[Exclusive]) -> None:
    """Refuses the first pair the situation raises both of (CZ-18)."""
    for pair in pairs:
        if situation.get(pair.first) and situation.get(pair.second):
            flags = [pair.first, pair.second]
            raise impossible_together([f"situation.{flag}" for flag in flags],
                                      Message("exclusive-situations", pair.why, flags=flags))
