"""Loading request bodies fast, with marshmallow's answer whenever the fast path is unsure.

marshmallow stays the contract: the schemas, their messages and ``openapi.yaml``. Running its
generic machinery per field costs ~10 µs per nested object, so each schema is compiled once
into plain closures read from the schema's own fields: their ``data_key``, ``required``,
``allow_none``, ``load_default``, validators (``Range``, ``Length``, ``OneOf`` and any other,
called as is) and the schema's ``@validates_schema`` hooks. A field, validator or hook added to a
schema is therefore picked up unchanged; a new field *class* is loaded by its own
``_deserialize`` until it is named in ``_IDENTITY`` or ``_LISTS`` below (right either way, fast
once named).

The fast path only ever accepts: anything it does not recognise, and every error, raises
``Unsure`` and the caller loads the body with marshmallow itself, so every error document is
marshmallow's. tests/test_loader.py proves the two equal on valid and invalid bodies.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, missing, validate
from marshmallow.decorators import VALIDATES_SCHEMA

from service.schemas.fields import BoundedList, Flag, WholeNumber


class Unsure(Exception):
    """The fast path cannot vouch for this body: marshmallow decides."""


Reader = Callable[[Any], Any]


# --- validators -----------------------------------------------------------------------------

def _check(validator: Any) -> Callable[[Any], bool]:
    """A validator as a predicate. Known ones are compiled; any other is called as marshmallow
    calls it (a False return or an error both fail)."""
    if type(validator) is validate.Range:
        low, high = validator.min, validator.max
        low_in, high_in = validator.min_inclusive, validator.max_inclusive

        def in_range(value: Any) -> bool:
            if low is not None and (value < low if low_in else value <= low):
                return False
            return high is None or (value <= high if high_in else value < high)

        return in_range
    if type(validator) is validate.Length:
        equal, shortest, longest = validator.equal, validator.min, validator.max
        if equal is not None:
            return lambda value: len(value) == equal
        return lambda value: (shortest is None or len(value) >= shortest) and (
            longest is None or len(value) <= longest)
    if type(validator) is validate.OneOf:
        try:
            choices = frozenset(validator.choices)
        except TypeError:  # unhashable choices: ask the validator
            pass
        else:
            return lambda value: value in choices

    def call(value: Any) -> bool:
        try:
            return validator(value) is not False
        except ValidationError:
            return False

    return call


def _validated(read: Reader, checks: list[Callable[[Any], bool]]) -> Reader:
    if not checks:
        return read

    def read_checked(value: Any) -> Any:
        out = read(value)
        for check in checks:
            if not check(out):
                raise Unsure
        return out

    return read_checked


# --- fields ---------------------------------------------------------------------------------

def _exact(kind: type) -> Reader:
    """Values JSON already gives in the field's own type load as themselves."""

    def read(value: Any) -> Any:
        if type(value) is not kind:
            raise Unsure
        return value

    return read


# Field classes whose load of a value of exactly this Python type is the value itself. The
# contract's own field classes (service/schemas/fields.py) are listed beside marshmallow's: a
# class missing here is still loaded right, by its own ``_deserialize``, only more slowly.
_IDENTITY: dict[type, type] = {
    fields.String: str,
    fields.Integer: int,
    WholeNumber: int,  # strict, no booleans: exactly int
    fields.Boolean: bool,
    Flag: bool,  # true or false only
}
# List classes that load each item with their inner field and check their length with a
# ``Length`` validator (BoundedList checks it before the items; so does this loader).
_LISTS = (fields.List, BoundedList)


def _unsure_on_error(load: Reader) -> Reader:
    """marshmallow's own loading of a part; any error means marshmallow decides the body."""

    def read(value: Any) -> Any:
        try:
            return load(value)
        except Exception:  # marshmallow will raise it, or its error, itself
            raise Unsure from None

    return read


def _generic(field: fields.Field) -> Reader:  # type: ignore[type-arg]
    """Any other field: its own ``_deserialize``, as ``Field.deserialize`` calls it."""
    deserialize = field._deserialize
    return _unsure_on_error(lambda value: deserialize(value, None, None))


def _list(field: fields.List) -> Reader:  # type: ignore[type-arg]
    item = _field(field.inner)
    # Bounds first: the same bodies pass, and a huge list is refused before its items.
    checks = [_check(v) for v in field.validators]

    def read(value: Any) -> Any:
        if type(value) is not list:
            raise Unsure
        for check in checks:
            if not check(value):
                raise Unsure
        return [item(each) for each in value]

    return read


def _body(field: fields.Field) -> Reader:  # type: ignore[type-arg]
    """What a non-null, present value loads as, before the field's validators."""
    kind = type(field)
    if kind in _IDENTITY and (kind is not fields.Boolean or _plain_booleans(field)):
        return _exact(_IDENTITY[kind])
    if kind in _LISTS and isinstance(field, fields.List):
        return _list(field)
    if kind is fields.Nested and isinstance(field, fields.Nested) and not (
            field.many or field.only or field.exclude or field.unknown):
        nested = field.nested
        if isinstance(nested, type) and issubclass(nested, Schema):
            return reader(nested)
    return _generic(field)


def _plain_booleans(field: fields.Field) -> bool:  # type: ignore[type-arg]
    return True in field.truthy and False in field.falsy  # type: ignore[attr-defined]


def _field(field: fields.Field) -> Reader:  # type: ignore[type-arg]
    """A present value of the field: null handling, the value, then its validators."""
    if field.pre_load or field.post_load:
        return _generic_whole(field)
    body = _body(field)
    if type(field) not in _LISTS:
        body = _validated(body, [_check(v) for v in field.validators])
    if not field.allow_none:
        return body
    return lambda value: None if value is None else body(value)


def _generic_whole(field: fields.Field) -> Reader:  # type: ignore[type-arg]
    return _unsure_on_error(field.deserialize)


# --- schemas --------------------------------------------------------------------------------

_MISSING = object()


def _understood(schema: Schema) -> bool:
    """Hooks and options the compiled reader reproduces; anything else is marshmallow's."""
    hooks = schema._hooks
    if any(hooks[tag] for tag in hooks if tag != VALIDATES_SCHEMA):
        return False
    if any(many for _, many, _ in hooks[VALIDATES_SCHEMA]):
        return False
    if schema.unknown != RAISE or schema.many or schema.partial:
        return False
    return all(f.attribute is None or "." not in f.attribute
               for f in schema.load_fields.values())


@cache
def reader(schema_class: type[Schema]) -> Reader:
    """The compiled loader of one schema class: the loaded dict, or Unsure."""
    schema = schema_class()
    if not _understood(schema):
        return _unsure_on_error(schema.load)

    entries = []
    for name, field in schema.load_fields.items():
        key = field.data_key if field.data_key is not None else name
        entries.append((key, field.attribute or name, _field(field), field.required,
                        field.load_default))
    allowed = frozenset(key for key, *_ in entries)
    hooks = [
        (getattr(schema, name), options.get("pass_original", False))
        for name, _, options in schema._hooks[VALIDATES_SCHEMA]
    ]

    def read(data: Any) -> dict[str, Any]:
        if type(data) is not dict or not allowed.issuperset(data):
            raise Unsure  # not an object, or an unknown field
        out: dict[str, Any] = {}
        for key, attr, read_value, required, default in entries:
            value = data.get(key, _MISSING)
            if value is _MISSING:
                if required:
                    raise Unsure
                if default is not missing:
                    out[attr] = default() if callable(default) else default
            else:
                out[attr] = read_value(value)
        for hook, pass_original in hooks:
            try:
                if pass_original:
                    hook(out, data, partial=None, many=False, unknown=RAISE)
                else:
                    hook(out, partial=None, many=False, unknown=RAISE)
            except ValidationError:
                raise Unsure from None
        return out

    return read
