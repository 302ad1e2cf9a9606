"""Turns: where one long reading of the core lets others run.

An advice reads every discard of a hand, and each discard's draws, in one call: tens of
milliseconds compiled, hundreds interpreted for the costliest hands (docs/performance.md,
Advice). Between two discards it calls ``turn()``. What a turn does is not the core's to
know: whoever runs the core sets it with ``taking_turns`` (service/work.py sets its ``pace``
for each HTTP request: the worker's other requests run, the deadline is kept); elsewhere (the
command line, the core as a library) a turn does nothing. A turn may raise, and the reading
then stops with nothing answered. Per context, like the deadline, so requests served side by
side keep their own.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar, Token

_TURN: ContextVar[Callable[[], None] | None] = ContextVar("turn", default=None)


def turn() -> None:
    """Between two parts of one reading: what the runner set, or nothing."""
    hook = _TURN.get()
    if hook is not None:
        hook()


def taking_turns(hook: Callable[[], None] | None) -> Token[Callable[[], None] | None]:
    """Let ``turn()`` call ``hook`` from now on in this context; ``stop_turns`` with the token
    puts back what was before."""
    return _TURN.set(hook)


def stop_turns(token: Token[Callable[[], None] | None]) -> None:
    _TURN.reset(token)
