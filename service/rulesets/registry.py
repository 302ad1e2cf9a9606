"""What a ruleset offers: its names, its catalogue and its actions (score, waits, ...)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from marshmallow import Schema

Handler = Callable[[dict[str, Any]], dict[str, Any]]


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
