"""What a ruleset offers: its names, its catalogue and its actions (score, waits, ...)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from marshmallow import Schema

Handler = Callable[[dict[str, Any]], dict[str, Any]]
View = TypeVar("View")
Found = TypeVar("Found")


def recognise(tests: Sequence[tuple[str, Callable[[View], Found | None], int]],
              excludes: Mapping[str, tuple[str, ...]], view: View, has: int = 0,
              given: Mapping[str, Found] | None = None) -> dict[str, Found]:
    """Run the pattern tests on one reading, then drop what the patterns found exclude.

    ``given`` holds what the patterns that do not depend on the reading found, run once per
    hand. Each test comes with the flags a reading needs for it to apply; a reading that
    ``has`` fewer skips it.
    """
    hits = dict(given) if given else {}
    missing = ~has
    for pid, test, needs in tests:
        if needs & missing:
            continue
        found = test(view)
        if found:
            hits[pid] = found
    for pid in excludes.keys() & hits.keys():
        for dropped in excludes[pid]:
            hits.pop(dropped, None)
    return hits


class Action(NamedTuple):
    """One POST endpoint of a ruleset: request schema, response schema, the core function."""

    summary: str
    request: type[Schema]
    response: type[Schema]
    handler: Handler


class Ruleset(NamedTuple):
    id: str
    name: str
    name_en: str
    catalogue: Callable[[], dict[str, Any]]
    actions: dict[str, Action]

    def summary(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "name_en": self.name_en}
