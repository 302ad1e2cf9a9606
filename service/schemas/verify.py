"""Verify mode in the contract: the ``expected`` a request may carry (with ``paid_under``, the
money it was paid under) and the ``check`` its answer, or its refusal, then holds. One
definition, added to each verifiable schema by ``verifiable`` and ``checked`` (subclasses with
the same name, so the contract's component names stay)."""

from __future__ import annotations

from functools import cache
from typing import Any, cast

from marshmallow import Schema, fields, validate

from service.schemas.common import CheckSchema

SHOWN_VERSION = 32  # a version is at most 20 characters: a longer one is refused unread


def _subclass(schema: type[Schema], name: str, field: fields.Field[Any]) -> type[Schema]:
    attributes = {"__module__": schema.__module__, "__qualname__": schema.__qualname__,
                  "__doc__": schema.__doc__, name: field}
    return cast(type[Schema], type(schema.__name__, (schema,), attributes))


@cache
def verifiable(request: type[Schema]) -> type[Schema]:
    """The request schema with an optional ``expected``, a subset of the answer to check,
    and ``paid_under``, the version of the money that answer was paid under."""
    expecting = _subclass(request, "expected", fields.Dict(
        keys=fields.String(), load_default=None,
        metadata={"description": "verify mode: a subset of the answer (totals, pattern entries "
                                 "by id, net, payments, next state); the answer then carries "
                                 "`check`, and a refusal carries it in its problem"}))
    return _subclass(expecting, "paid_under", fields.String(
        load_default=None, validate=validate.Length(1, SHOWN_VERSION),
        metadata={"description": "verify mode: the version of the ruleset's money the "
                                 "`expected` answer was paid under (its stored "
                                 "`ruleset_version`, e.g. \"1.2.0\"); `check` then lists the "
                                 "`changes` since. A version the money never had is a 422; "
                                 "sent without `expected`, a 422",
                  "example": "1.2.0"}))


@cache
def checked(response: type[Schema]) -> type[Schema]:
    """The response schema with the ``check`` a verified request gets."""
    return _subclass(response, "check", fields.Nested(
        CheckSchema, metadata={"description": "present when the request carried `expected`: "
                                              "every difference, with a dotted path"}))
