"""What the tests know of a catalogue, read from it and its parameters, never from today's
defaults: which patterns (Chuzhou) or items (Yueqing) a table may play, the values that switch
every one of them on, and a request that plays the one a worked hand is about.

A pattern or item may be declared off by default (a club's extra one: ``on=False`` in its
row); its worked hand, its near miss and its gate are still tested, with it switched on.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from service.rulesets import RULESETS
from service.schemas.rules import Parameter


def pattern_ids(ruleset_id: str) -> list[str]:
    """The ids of the ruleset's patterns (Chuzhou) or 台 items (Yueqing), catalogue order."""
    return [str(entry["id"]) for entry in RULESETS[ruleset_id].catalogue()["patterns"]]


def every_one_on(ruleset_id: str, parameters: Iterable[Parameter] | None = None
                 ) -> dict[str, Any]:
    """A full set of parameter values, each at its default but every pattern's switch on."""
    chosen = RULESETS[ruleset_id].parameters if parameters is None else parameters
    values = {parameter.id: parameter.default for parameter in chosen}
    return values | {f"{pid}.on": True for pid in pattern_ids(ruleset_id)
                     if f"{pid}.on" in values}


def playing(ruleset_id: str, pid: str, request: dict[str, Any],
            parameters: Iterable[Parameter] | None = None) -> dict[str, Any]:
    """``request``, played with ``pid`` switched on where its row declares it off."""
    chosen = RULESETS[ruleset_id].parameters if parameters is None else parameters
    switch = next(p for p in chosen if p.id == f"{pid}.on")
    if switch.default:
        return request
    return {**request, "rules": {**request.get("rules", {}), switch.id: True}}
