"""Verify mode: compare an app's ``expected`` answer with the service's own.

``expected`` is a subset of the answer. Objects compare key by key (keys the app left out are
not checked); lists of pattern entries (objects with an ``id``) match entries by id, so an app
can name the patterns it expects in any order and leave the others out; other lists compare
item by item and must have the same length. Every mismatch is one difference with a dotted
path into the answer (``settlement.net.2``, ``patterns.3.fan``).
"""

from __future__ import annotations

from typing import Any

Difference = dict[str, Any]


def _join(path: str, key: object) -> str:
    return f"{path}.{key}" if path else str(key)


def _same(expected: Any, actual: Any) -> bool:
    """Equal as JSON values: true is not 1, 1 is 1.0."""
    if isinstance(expected, bool) or isinstance(actual, bool):
        return type(expected) is type(actual) and expected == actual
    return bool(expected == actual)


def _by_id(entries: list[Any]) -> bool:
    return all(isinstance(entry, dict) and "id" in entry for entry in entries)


def differences(expected: Any, actual: Any, path: str = "") -> list[Difference]:
    """Every place where ``actual`` does not hold what ``expected`` says, in document order."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        found: list[Difference] = []
        for key, wanted in expected.items():
            if key not in actual:
                found.append({"path": _join(path, key), "expected": wanted, "actual": None})
            else:
                found.extend(differences(wanted, actual[key], _join(path, key)))
        return found
    if isinstance(expected, list) and isinstance(actual, list):
        if expected and actual and _by_id(expected) and _by_id(actual):
            return _entries_by_id(expected, actual, path)
        if len(expected) != len(actual):
            return [{"path": path, "expected": expected, "actual": actual}]
        return [d for index, (wanted, got) in enumerate(zip(expected, actual, strict=True))
                for d in differences(wanted, got, _join(path, index))]
    if _same(expected, actual):
        return []
    return [{"path": path, "expected": expected, "actual": actual}]


def _entries_by_id(expected: list[dict[str, Any]], actual: list[dict[str, Any]],
                   path: str) -> list[Difference]:
    """Pattern entries matched by id (and 明/暗 where the entry says which); one the answer
    lacks is a difference at the list's path with ``actual`` null."""
    found: list[Difference] = []
    for wanted in expected:
        matches = [index for index, entry in enumerate(actual)
                   if all(_same(wanted[key], entry.get(key)) for key in ("id", "concealed")
                          if key in wanted)]
        if not matches:
            found.append({"path": path, "expected": wanted, "actual": None})
        else:
            found.extend(differences(wanted, actual[matches[0]], _join(path, matches[0])))
    return found


def check(expected: dict[str, Any], answer: dict[str, Any]) -> dict[str, Any]:
    """The ``check`` member of a verified answer."""
    found = differences(expected, answer)
    return {"ok": not found, "differences": found}
