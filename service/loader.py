# Design note (the idea, a worked example, how to change it safely): docs/design/loader.md
"""Loading request bodies fast, with marshmallow's answer whenever the fast path is unsure.

marshmallow stays the contract: the schemas, their messages and ``openapi.yaml``. Running its
generic machinery per field costs ~10 µs per nested object (a score request loads in about
100 µs, more than its scoring), so each request schema is compiled once, at first use, into
the straight-line Python source of one function, read from the schema's own public fields:
their ``data_key``, ``attribute``, ``required``, ``allow_none``, ``load_default``,
validators (``Range``, ``Length`` and ``OneOf`` written out as comparisons, a string
``OneOf`` and a tile code each one lookup, any other validator called as is) and the
schema's checks (``@request_check``, service/schemas/checks.py). Nothing is written to disk
and nothing of marshmallow's internals is read. Nested schemas and the items of lists are written
inline, so a body costs one Python call plus its tile strings (``source(ScoreRequest)`` shows
the code). A required field is read by its key and a failed lookup is an error like any
other: the function body is one ``try`` whose handler (free in Python 3.11 until something
raises) turns every error into ``Unsure``. Plain defaults (``Fresh`` values, ``list``,
literals) are written into the source, so a missing part costs no call. A field, validator
or hook added to a schema is therefore picked up unchanged; a new field *class* is loaded by
its own ``_deserialize`` until it is written out below (right either way, fast once written
out).

The fast path only ever accepts: anything it does not recognise, and every error, raises
``Unsure`` and the caller loads the body with marshmallow itself, so every error document is
marshmallow's. tests/test_loader.py proves the two equal on valid and invalid bodies.
"""

from __future__ import annotations

import linecache
from collections.abc import Callable
from functools import cache
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, missing, validate

from service.schemas.checks import checks
from service.schemas.fields import (
    MAX_COMPACT_LENGTH,
    BoundedList,
    Flag,
    Fresh,
    Tile,
    Tiles,
    WholeNumber,
)
from service.tiles import TILE_OF, parse_compact


class Unsure(Exception):
    """The fast path cannot vouch for this body: marshmallow decides."""


Reader = Callable[[Any], Any]
Field = fields.Field[Any]

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
_LITERALS = (int, str, bool, type(None))  # written into the source as themselves


@cache
def program(schema_class: type[Schema], prefix: str = "") -> tuple[str, dict[str, Any]]:
    """The Python source of one schema's loader function, and the objects its global names
    stand for (each such name starts with ``prefix``)."""
    code = _Code(prefix)
    result = code.schema(schema_class, "data", 2, ())
    # Any error at all (a missing key, an unhashable choice, a tile that is not one, a hook's
    # ValidationError) means marshmallow decides: one handler, free until something raises.
    text = ("def load(data: Any) -> Any:\n    try:\n" + "\n".join(code.lines)
            + f"\n        return {result}\n"
            + "    except Exception:  # marshmallow will load it, or say why not, itself\n"
            + "        raise Unsure from None\n")
    return text, code.names


@cache
def reader(schema_class: type[Schema]) -> Reader:
    """The compiled loader of one schema class: the loaded dict, or Unsure. Built at its
    first use (a few milliseconds) and kept for the process's life, one per schema class."""
    text, names = program(schema_class)
    filename = f"<loader of {schema_class.__module__}.{schema_class.__qualname__}>"
    # Tracebacks and profilers show the generated lines.
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    namespace = dict(names)
    exec(compile(text, filename, "exec"), namespace)
    load: Reader = namespace["load"]
    return load


def source(schema_class: type[Schema]) -> str:
    """The Python source ``reader`` runs for a schema: for reading and for profiles."""
    return program(schema_class)[0]


# Names every loader may use, the same objects in every one.
_COMMON_NAMES: dict[str, Any] = {
    "Any": Any, "Unsure": Unsure, "MISSING": missing, "RAISE": RAISE,
    "parse_compact": parse_compact, "TILE_OF": TILE_OF}


class _Code:
    """The lines of one loader function and the objects its global names stand for.

    Each method writes the lines that load one part and returns the expression (a local name)
    that then holds the loaded value; any line may raise Unsure.
    """

    def __init__(self, prefix: str = "") -> None:
        self.lines: list[str] = []
        self.names: dict[str, Any] = dict(_COMMON_NAMES)
        self.prefix = prefix
        self.count = 0

    def add(self, indent: int, line: str) -> None:
        self.lines.append("    " * indent + line)

    def local(self, stem: str) -> str:
        self.count += 1
        return f"{stem}{self.count}"

    def name(self, value: Any, stem: str) -> str:
        """An expression for ``value``: itself when it is a literal, else a global name."""
        if type(value) in _LITERALS:
            return repr(value)
        global_name = self.prefix + self.local(stem.upper())
        self.names[global_name] = value
        return global_name

    def refuse_if(self, indent: int, conditions: list[str]) -> None:
        if conditions:
            self.add(indent, f"if {' or '.join(conditions)}:")
            self.add(indent + 1, "raise Unsure")

    # --- schemas ----------------------------------------------------------------------------

    def schema(self, schema_class: type[Schema], src: str, indent: int,
               inside: tuple[type[Schema], ...]) -> str:
        """The object in ``src`` loaded into a new dict, in four steps: its unknown fields
        refused (``size_check``), each field loaded (``entries``), the size checked, the dict
        built and the schema's checks called (``result``)."""
        schema = schema_class()
        if not _compilable(schema) or schema_class in inside:  # a schema nested in itself
            return self.marshmallow_part(f"{self.name(schema.load, 'load')}({src})", indent)
        inside = (*inside, schema_class)
        keys = [field.data_key or name for name, field in schema.load_fields.items()]
        optional_count, size = self.size_check(schema, keys, src, indent)
        first_entries, later_entries = self.entries(schema, keys, src, optional_count, indent,
                                                    inside)
        if size is not None:  # before the hooks, which marshmallow runs on known fields only
            self.refuse_if(indent, [f"len({src}) != {size}"])
        return self.result(schema_class, schema, src, first_entries, later_entries, indent)

    def size_check(self, schema: Schema, keys: list[str], src: str,
                   indent: int) -> tuple[str | None, str | None]:
        """The lines refusing anything but a dict, and the size the dict must have: the
        generated local counting the optional fields present (None if there are none) and the
        size as an expression (None where the keys are compared instead, written here).

        Unknown fields: the body's size against the fields read (the required ones, which are
        all there or a KeyError, and the optional ones counted as found); a field read by
        marshmallow's own code, or two fields sharing a key, make the keys compared."""
        by_count = len(set(keys)) == len(keys) and not any(
            field.pre_load or field.post_load for field in schema.load_fields.values())
        self.refuse_if(indent, [f"type({src}) is not dict"])
        if not by_count:
            self.refuse_if(indent, [f"not {src}.keys() <= {self.name(frozenset(keys), 'known')}"])
            return None, None
        required = sum(field.required for field in schema.load_fields.values())
        optional_count = self.local("found") if required < len(keys) else None
        if optional_count is not None:
            self.add(indent, f"{optional_count} = 0")
        size = " + ".join(([str(required)] if required else [])
                          + ([optional_count] if optional_count else []))
        return optional_count, size or "0"

    def entries(self, schema: Schema, keys: list[str], src: str, optional_count: str | None,
                indent: int, inside: tuple[type[Schema], ...]
                ) -> tuple[list[str], list[tuple[str, str, str]]]:
        """Each field of the object in ``src`` loaded into a local: the dict's first entries,
        ``"attr": value`` while every field is in the loaded dict, then ``(attr, value,
        presence)`` for the rest, added one by one so that marshmallow's key order is kept."""
        first_entries: list[str] = []
        later_entries: list[tuple[str, str, str]] = []
        for (name, field), key in zip(schema.load_fields.items(), keys, strict=True):
            attr = repr(field.attribute or name)
            value, presence = self.field(field, src, repr(key), optional_count, indent, inside)
            if presence is None and not later_entries:
                first_entries.append(f"{attr}: {value}")
            else:
                later_entries.append((attr, value, presence or "True"))
        return first_entries, later_entries

    def result(self, schema_class: type[Schema], schema: Schema, src: str,
               first_entries: list[str], later_entries: list[tuple[str, str, str]],
               indent: int) -> str:
        """The loaded dict built from ``entries``, then the schema's checks called on it."""
        schema_checks = checks(schema_class)
        # Built into ``src`` itself, unless a check reads the original object there
        result = self.local("obj") if src == "data" or any(
            check.pass_original for check in schema_checks) else src
        self.add(indent, f"{result} = {{{', '.join(first_entries)}}}")
        for attr, value, presence in later_entries:
            self.add(indent, f"if {presence}:")
            self.add(indent + 1, f"{result}[{attr}] = {value}")
        for check in schema_checks:
            method = check.check.__get__(schema)  # the check of this schema instance
            arguments = [result, src] if check.pass_original else [result]
            self.add(indent, f"{self.name(method, 'check')}({', '.join(arguments)})")
        return result

    def field(self, field: Field, src: str, key: str, optional_count: str | None, indent: int,
              inside: tuple[type[Schema], ...]) -> tuple[str, str | None]:
        """One field of the object in ``src``: its loaded value, and a condition for its
        presence in the loaded dict (None: always present). A present optional field adds 1
        to ``optional_count``, when there is one."""
        value = self.local("v")
        default = field.load_default
        if field.pre_load or field.post_load:  # marshmallow's own, whole
            self.add(indent, f"{value} = {src}.get({key}, MISSING)")
            deserialize = self.name(field.deserialize, "deserialize")
            part = self.marshmallow_part(f"{deserialize}({value}, {key}, {src})", indent)
            return part, f"{part} is not MISSING"
        if field.required:  # missing: a KeyError, so marshmallow's error
            self.add(indent, f"{value} = {src}[{key}]")
            self.load_present(field, value, indent, inside)
            return value, None
        self.add(indent, f"if {key} in {src}:")
        if optional_count is not None:
            self.add(indent + 1, f"{optional_count} += 1")
        self.add(indent + 1, f"{value} = {src}[{key}]")
        self.load_present(field, value, indent + 1, inside)
        self.add(indent, "else:")
        self.add(indent + 1, f"{value} = {self.default(default)}")
        return value, (f"{value} is not MISSING" if default is missing else None)

    def load_present(self, field: Field, value: str, indent: int,
                     inside: tuple[type[Schema], ...]) -> None:
        """The value of a field that is there replaced by its loaded value: null stays null
        where the field allows it, and is refused where it does not."""
        if field.allow_none:
            self.add(indent, f"if {value} is not None:")
            indent += 1
        elif not self.starts_with_type_check(field):  # so its own check would not refuse null
            self.refuse_if(indent, [f"{value} is None"])
        result = self.value(field, value, indent, inside)
        if result != value:
            self.add(indent, f"{value} = {result}")

    @staticmethod
    def starts_with_type_check(field: Field) -> bool:
        """Whether ``value`` writes this field's load starting with a check of the value's
        type (so null is refused)."""
        kind = type(field)
        return _identity_field(field) or kind is Tile or kind is Tiles or kind in _LISTS or (
            kind is fields.Nested and isinstance(field, fields.Nested)
            and isinstance(field.nested, type) and issubclass(field.nested, Schema)) or \
            _plain_dict(field)

    def default(self, default: Any) -> str:
        if default is missing:
            return "MISSING"
        if default is list:
            return "[]"
        if isinstance(default, Fresh):
            written = _literal(default.value)
            if written is not None:  # a new object each time the line runs, as Fresh gives
                return written
        if callable(default):
            return f"{self.name(default, 'default')}()"
        return self.name(default, "default")  # the same object each time, as marshmallow

    # --- values -----------------------------------------------------------------------------

    def value(self, field: Field, src: str, indent: int,
              inside: tuple[type[Schema], ...]) -> str:
        """The present, non-null value in ``src`` loaded and checked with the field's
        validators."""
        kind = type(field)
        checks = list(field.validators)
        choices = _choices(field)
        if choices is not None:  # a value not among them (or unhashable) raises
            return f"{self.name(choices, 'choices')}[{src}]"
        if _identity_field(field):
            self.refuse_if(indent, [f"type({src}) is not {_IDENTITY[kind].__name__}",
                                    *self.failures(checks, src)])
            return src
        if kind is Tile:  # not a code string: a KeyError or a TypeError
            if not checks:
                return f"TILE_OF[{src}]"
            self.add(indent, f"{src} = TILE_OF[{src}]")
            result = src
        elif kind is Tiles and isinstance(field, Tiles):
            result = self.tiles(field.max_tiles, src, indent)
        elif kind in _LISTS and isinstance(field, fields.List):
            lengths = [check for check in checks if type(check) is validate.Length]
            checks = [check for check in checks if type(check) is not validate.Length]
            # Bounds first: the same bodies pass, and a huge list is refused before its items.
            self.refuse_if(indent, [f"type({src}) is not list", *self.failures(lengths, src)])
            result = self.items(field.inner, src, indent, inside)
        elif kind is fields.Nested and isinstance(field, fields.Nested) and not (
                field.many or field.only or field.exclude or field.unknown) \
                and isinstance(field.nested, type) and issubclass(field.nested, Schema):
            result = self.schema(field.nested, src, indent, inside)
        elif _plain_dict(field):
            result = self.mapping(src, indent)
        elif callable(fast_load := getattr(field, "fast_load", None)) and not checks:
            # a field of the contract's own that loads itself in one call (``rules``)
            return self.marshmallow_part(f"{self.name(fast_load, 'fast_load')}({src})", indent)
        else:  # any other field: marshmallow's own ``deserialize``, its validators included
            deserialize = self.name(field.deserialize, "deserialize")
            return self.marshmallow_part(f"{deserialize}({src})", indent)
        self.refuse_if(indent, self.failures(checks, result))
        return result

    def tiles(self, max_tiles: int, src: str, indent: int) -> str:
        """A compact string or an array of codes, as ``Tiles._deserialize`` reads them, into
        ``src``: a bad string raises InvalidTiles, a bad code a KeyError or a TypeError."""
        result = src
        self.add(indent, f"if type({src}) is str and len({src}) <= {MAX_COMPACT_LENGTH}:")
        self.add(indent + 1, f"{result} = parse_compact({src})")
        self.refuse_if(indent + 1, [f"len({result}) > {max_tiles}"])
        self.add(indent, f"elif type({src}) is list and len({src}) <= {max_tiles}:")
        self.add(indent + 1, f"{result} = [TILE_OF[code] for code in {src}]")
        self.add(indent, "else:")
        self.add(indent + 1, "raise Unsure")
        return result

    def mapping(self, src: str, indent: int) -> str:
        """A dict with string keys into ``src``, as ``Mapping._deserialize`` loads it for a
        ``_plain_dict``: a new dict holding the same values."""
        key = self.local("key")
        self.refuse_if(indent, [f"type({src}) is not dict"])
        self.add(indent, f"for {key} in {src}:")  # JSON's keys are strings: one check each
        self.refuse_if(indent + 1, [f"type({key}) is not str"])
        self.add(indent, f"{src} = dict({src})")
        return src

    def items(self, inner: Field, src: str, indent: int,
              inside: tuple[type[Schema], ...]) -> str:
        """Each item of the list in ``src`` loaded, into a new list."""
        item = self.local("item")
        if _identity_field(inner) and _choices(inner) is None and not (
                inner.allow_none or inner.pre_load or inner.post_load):
            self.add(indent, f"for {item} in {src}:")  # checked, then copied whole
            self.value(inner, item, indent + 1, inside)
            return f"{src}[:]"
        result = self.local("items")
        self.add(indent, f"{result}: list[Any] = []")
        self.add(indent, f"for {item} in {src}:")
        if inner.pre_load or inner.post_load:
            deserialize = self.name(inner.deserialize, "deserialize")
            part = self.marshmallow_part(f"{deserialize}({item})", indent + 1)
            self.add(indent + 1, f"{result}.append({part})")
        else:
            self.load_present(inner, item, indent + 1, inside)
            self.add(indent + 1, f"{result}.append({item})")
        return result

    def marshmallow_part(self, call: str, indent: int) -> str:
        """marshmallow's own loading of a part; any error means marshmallow decides the body."""
        part = self.local("part")
        self.add(indent, f"{part} = {call}")
        return part

    def failures(self, validators: list[Any], value: str) -> list[str]:
        """Conditions under which the validators refuse ``value`` (its type already known)."""
        return [self.failure(validator, value) for validator in validators]

    def failure(self, validator: Any, value: str) -> str:
        """The condition under which one validator refuses ``value``."""
        if type(validator) is validate.Range:
            return self.range_failure(validator, value)
        if type(validator) is validate.Length:
            return self.length_failure(validator, value)
        if type(validator) is validate.OneOf:
            try:
                choices = frozenset(validator.choices)
            except TypeError:  # unhashable choices: ask the validator
                pass
            else:
                return f"{value} not in {self.name(choices, 'choices')}"
        return f"not {self.name(_predicate(validator), 'check')}({value})"

    def range_failure(self, validator: validate.Range, value: str) -> str:
        low, high = validator.min, validator.max
        parts = []
        if low is not None:
            parts.append(f"{self.name(low, 'low')} {'<=' if validator.min_inclusive else '<'}")
        parts.append(value)
        if high is not None:
            parts.append(f"{'<=' if validator.max_inclusive else '<'} "
                         f"{self.name(high, 'high')}")
        return f"not {' '.join(parts)}" if len(parts) > 1 else "False"

    def length_failure(self, validator: validate.Length, value: str) -> str:
        if validator.equal is not None:
            return f"len({value}) != {self.name(validator.equal, 'length')}"
        shortest, longest = validator.min, validator.max
        bounds = ([f"len({value}) < {self.name(shortest, 'shortest')}"]
                  if shortest else []) + \
            ([f"len({value}) > {self.name(longest, 'longest')}"]
             if longest is not None else [])
        return " or ".join(bounds) or "False"


def _predicate(validator: Any) -> Callable[[Any], bool]:
    """Any other validator as a predicate, called as marshmallow calls it (a False return or
    an error both fail)."""

    def call(value: Any) -> bool:
        try:
            return validator(value) is not False
        except ValidationError:
            return False

    return call


def _choices(field: Field) -> dict[str, str] | None:
    """A string field whose one validator is a ``OneOf`` of strings: each choice mapped to
    itself, so that one lookup both checks a value and loads it (marshmallow's ``str(value)``,
    equal to the choice, is the choice)."""
    checks = field.validators
    if type(field) is not fields.String or len(checks) != 1 \
            or type(checks[0]) is not validate.OneOf:
        return None
    choices = list(checks[0].choices)
    if not all(type(choice) is str for choice in choices):
        return None
    return {choice: choice for choice in choices}


def _literal(value: Any) -> str | None:
    """Python source building ``value`` anew each time it runs, for a plain value (literals,
    and lists and dicts of them); None for anything else."""
    if type(value) in _LITERALS:
        return repr(value)
    if type(value) is list:
        items = [_literal(item) for item in value]
        return None if None in items else f"[{', '.join(map(str, items))}]"
    if type(value) is dict and all(type(key) is str for key in value):
        entries = [(key, _literal(item)) for key, item in value.items()]
        if any(written is None for _, written in entries):
            return None
        return "{" + ", ".join(f"{key!r}: {written}" for key, written in entries) + "}"
    return None


def _plain_dict(field: Field) -> bool:
    """Whether the field is a ``Dict`` that loads a dict with string keys as a new dict of the
    same values: its keys a plain ``String`` (a ``str`` loads as itself), its values with no
    field."""
    if type(field) is not fields.Dict or not isinstance(field, fields.Dict):
        return False
    keys = field.key_field
    return field.value_field is None and type(keys) is fields.String and not (
        keys.validators or keys.pre_load or keys.post_load)


def _identity_field(field: Field) -> bool:
    """Whether the field loads a value of its exact type as the value itself."""
    kind = type(field)
    return kind in _IDENTITY and (kind is not fields.Boolean or (
        True in field.truthy and False in field.falsy))  # type: ignore[attr-defined]



def _compilable(schema: Schema) -> bool:
    """Options the compiled reader reproduces; anything else is marshmallow's. (Hooks other
    than ``@request_check`` are not used by any schema: tests/test_loader.py.)"""
    if schema.unknown != RAISE or schema.many or schema.partial:
        return False
    return all(f.attribute is None or "." not in f.attribute
               for f in schema.load_fields.values())
