"""Verify mode in the contract: the ``expected`` a request may carry and the ``check`` its
answer then holds. One definition, added to each verifiable schema by ``verifiable`` and
``checked`` (subclasses with the same name, so the contract's component names stay)."""

from __future__ import annotations

from functools import cache
from typing import Any, cast

from marshmallow import Schema, fields

from service.schemas.common import Answer


class DifferenceSchema(Answer):
    path = fields.String(required=True,
                         metadata={"description": "dotted path into the answer, e.g. "
                                                  "settlement.net.2"})
    expected = fields.Raw(required=True, allow_none=True)
    actual = fields.Raw(required=True, allow_none=True,
                        metadata={"description": "null when the answer has nothing there"})


class CheckSchema(Answer):
    ok = fields.Boolean(required=True)
    differences = fields.List(fields.Nested(DifferenceSchema), required=True)


def _subclass(schema: type[Schema], name: str, field: fields.Field[Any]) -> type[Schema]:
    attributes = {"__module__": schema.__module__, "__qualname__": schema.__qualname__,
                  "__doc__": schema.__doc__, name: field}
    return cast(type[Schema], type(schema.__name__, (schema,), attributes))


@cache
def verifiable(request: type[Schema]) -> type[Schema]:
    """The request schema with an optional ``expected``: a subset of the answer to check."""
    return _subclass(request, "expected", fields.Dict(
        keys=fields.String(), load_default=None,
        metadata={"description": "verify mode: a subset of the answer (totals, pattern entries "
                                 "by id, net, payments, next state); the answer then carries "
                                 "`check`"}))


@cache
def checked(response: type[Schema]) -> type[Schema]:
    """The response schema with the ``check`` a verified request gets."""
    return _subclass(response, "check", fields.Nested(
        CheckSchema, metadata={"description": "present when the request carried `expected`: "
                                              "every difference, with a dotted path"}))
