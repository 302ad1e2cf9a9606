"""Whole-object checks of a request schema: ``@request_check`` on a schema method.

marshmallow runs each as a ``validates_schema`` hook; service/loader.py's fast path finds
them by the mark this decorator leaves on the hook, so it never reads marshmallow's internals.
A check takes the loaded data (and, with ``pass_original``, the body as sent), raises
``ValidationError`` to refuse it, and reads nothing else: marshmallow's keywords never reach
it. Schemas use no other marshmallow hook (tests/test_loader.py holds them to that).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import wraps
from typing import Any, NamedTuple, TypeVar, overload

from marshmallow import Schema, validates_schema

MARK = "request_check"


class Check(NamedTuple):
    name: str              # the hook's name on the schema
    check: Callable[..., None]  # the plain function: (schema, data) or (schema, data, original)
    pass_original: bool


Method = TypeVar("Method", bound=Callable[..., None])


@overload
def request_check(method: Method) -> Method: ...


@overload
def request_check(*, pass_original: bool = False) -> Callable[[Method], Method]: ...


def request_check(method: Callable[..., None] | None = None, *,
                  pass_original: bool = False) -> Any:
    """Make ``method`` (``self, data`` or ``self, data, original``) a check of its schema."""

    def mark(function: Callable[..., None]) -> Any:
        if pass_original:
            @wraps(function)
            def hook(self: Schema, data: Any, original: Any, **_: Any) -> None:
                function(self, data, original)
        else:
            @wraps(function)
            def hook(self: Schema, data: Any, **_: Any) -> None:
                function(self, data)
        setattr(hook, MARK, Check(function.__name__, function, pass_original))
        return validates_schema(pass_original=pass_original)(hook)

    return mark(method) if method is not None else mark


def checks(schema_class: type[Schema]) -> list[Check]:
    """The schema's checks, inherited ones included, in name order."""
    return [getattr(member, MARK) for _, member in inspect.getmembers(schema_class)
            if callable(member) and isinstance(getattr(member, MARK, None), Check)]
