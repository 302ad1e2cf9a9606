"""How many readings each hand scored examined for its best (G-4), for the serving layer's
metric: a scorer reports with ``examined``, and ``call`` collects the reports of a handler's
hands for service.scoring, which hands them to the metrics. The core imports no metrics
module. Compiled with the scorers (setup.py): this runs on every hand.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

# Per context, like the deadline (service/work.py), so requests served side by side keep
# their own.
_EXAMINED: ContextVar[list[int] | None] = ContextVar("examined", default=None)


def examined(readings: int) -> None:
    """A scorer's report: one hand, and how many readings it examined."""
    kept = _EXAMINED.get()
    if kept is not None:
        kept.append(readings)


def call(handler: Callable[[dict[str, Any]], dict[str, Any]], data: dict[str, Any],
         reports: list[int]) -> dict[str, Any]:
    """The handler's answer; ``reports`` gets the readings examined of each hand it scored
    itself, whether it answers or raises (a hand scored through a nested ``call`` reports
    there)."""
    token = _EXAMINED.set(reports)
    try:
        return handler(data)
    finally:
        _EXAMINED.reset(token)
