"""A ruleset's money, version by version: the one source of ``GET /v1/rulesets/{id}/changes``,
of the ``changes`` a check and a 409 list, of the ruleset's version and of CHANGELOG.md's
per-ruleset lines (``make changelog``, tools/changelog.py).

Each ruleset keeps its changes in its own package (``changes.py``, ``CHANGES``), newest first,
one ``Change`` per version its money had. A change says what it changed (``service.version``'s
``CHANGED``), in a sentence that is a msgid of the catalog, and the ids it touched; its kind
(MAJOR, MINOR, PATCH) is not written but read from the version before it, so the two cannot
disagree. The first version is a MAJOR: every amount was new.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from service.version import KINDS, MAJOR, key


class Change(NamedTuple):
    """One version of a ruleset's money."""

    version: str
    date: str  # when it was served (its CHANGELOG.md entry's date)
    service: str  # the service version that brought it: CHANGELOG.md's entry
    changed: tuple[str, ...]  # what it changed: keys of service.version.CHANGED
    text: str  # a Phrase: said in the language a request asks for
    patterns: tuple[str, ...] = ()  # the ids it touched: patterns (a catalogue's ``patterns``)
    items: tuple[str, ...] = ()  # ... items (its ``flowers``)
    parameters: tuple[str, ...] = ()  # ... and parameters
    rulings: tuple[str, ...] = ()  # the rulings behind it, each at GET /v1/rulings/{id}


def kind(version: str, before: str | None) -> str:
    """How far ``version`` moved from ``before``: the first part that differs; the first
    version (no ``before``) is a MAJOR."""
    if before is None:
        return MAJOR
    moved = next((place for place, (was, is_) in enumerate(zip(key(before), key(version),
                                                               strict=True)) if was != is_), 2)
    return KINDS[moved]


def document(change: Change, before: str | None) -> dict[str, Any]:
    """A change as the answers list it."""
    return {"version": change.version, "date": change.date, "service_version": change.service,
            "kind": kind(change.version, before), "changed": list(change.changed),
            "text": change.text, "patterns": list(change.patterns), "items": list(change.items),
            "parameters": list(change.parameters), "rulings": list(change.rulings)}


def listed(changes: Sequence[Change]) -> list[dict[str, Any]]:
    """Every change, newest first, as ``GET /v1/rulesets/{id}/changes`` lists them: made anew
    for each answer, so no caller shares another's lists."""
    return [document(change, changes[place + 1].version if place + 1 < len(changes) else None)
            for place, change in enumerate(changes)]


def since(changes: Sequence[Change], version: str) -> list[dict[str, Any]]:
    """The changes newer than ``version`` (a MAJOR ``"1"`` or ``"1.2"`` read as ``1.0.0`` and
    ``1.2.0``), newest first: what lies between a stored answer's money and today's."""
    given = key(version)
    floor = given + (0,) * (3 - len(given))
    return [entry for entry in listed(changes) if key(entry["version"]) > floor]


def versions(changes: Sequence[Change], current: str) -> list[str]:
    """Every version the ruleset's money had, newest first (today's at least)."""
    return [change.version for change in changes] or [current]
