"""House rules in the contract: what a parameter of a ruleset is, and the ``rules`` and
``variant`` every action's request may carry (docs/house-rules.md).

A ruleset declares its parameters in its own package (``rulesets/<id>/rules.py``); each is a
``Parameter`` here. ``RulesField`` loads a request's ``rules``: it looks at the parameters
sent, not at every one declared, so a request that tunes two values pays for two, and it
refuses an unknown parameter, a wrong type or a value out of range naming ``rules.<id>``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from marshmallow import ValidationError, fields, validate

from service.errors import MAX_FIELD_ERRORS
from service.hints import closest, did_you_mean
from service.language import Message

Value = int | bool | str


class Parameter(NamedTuple):
    """One number or switch of a ruleset that a table may set otherwise.

    ``default`` is the seed text's value, and fixes the type: a bool is a switch, an int a
    number between ``minimum`` and ``maximum``, a str one of ``choices``.
    """

    id: str
    name: str
    name_en: str
    description: str
    default: Value
    ruling: str
    minimum: int = 0
    maximum: int = 0
    choices: tuple[str, ...] = ()

    @property
    def type(self) -> str:
        if isinstance(self.default, bool):
            return "boolean"
        return "integer" if isinstance(self.default, int) else "string"

    def problem(self, value: Any) -> str | None:
        """Why ``value`` cannot be this parameter's, or None if it can (run on every
        parameter a request sends: the default's type read directly, not ``type``)."""
        kind = type(self.default)
        if kind is bool:
            return None if isinstance(value, bool) else Message(
                "not-a-boolean", "Not a valid boolean: true or false.")
        if kind is int:
            if type(value) is not int:
                return Message("not-an-integer", "Not a valid integer.")
            if not self.minimum <= value <= self.maximum:
                return Message("out-of-range", "Must be between {min} and {max}.",
                               min=self.minimum, max=self.maximum)
            return None
        if value not in self.choices:
            return Message("not-one-of", "Must be one of: {choices}.", choices=self.choices)
        return None

    def described(self) -> dict[str, Any]:
        """The parameter as the catalogue lists it (GET /v1/rulesets/{id})."""
        shown: dict[str, Any] = {"id": self.id, "name": self.name, "name_en": self.name_en,
                                 "description": self.description, "type": self.type,
                                 "default": self.default}
        if self.type == "integer":
            shown["minimum"], shown["maximum"] = self.minimum, self.maximum
        elif self.type == "string":
            shown["choices"] = list(self.choices)
        shown["ruling"] = self.ruling
        return shown


def switch(id: str, name: str, name_en: str, description: str, ruling: str,  # noqa: A002
           default: bool = True) -> Parameter:
    return Parameter(id, name, name_en, description, default, ruling)


def number(id: str, name: str, name_en: str, description: str, ruling: str,  # noqa: A002
           default: int, minimum: int, maximum: int) -> Parameter:
    return Parameter(id, name, name_en, description, default, ruling, minimum, maximum)


def choice(id: str, name: str, name_en: str, description: str, ruling: str,  # noqa: A002
           default: str, choices: tuple[str, ...]) -> Parameter:
    return Parameter(id, name, name_en, description, default, ruling, choices=choices)


LONGEST_ID = 64  # no parameter id is longer; a longer key is refused without a hint


def refusals(ruleset: str, declared: Mapping[str, Parameter],
             given: Mapping[Any, Any]) -> dict[str, list[str]]:
    """Why each sent parameter cannot be one of ``declared``, by its key: an unknown one (with
    the closest known id, for the first few), a wrong type, a value out of range. A request's
    ``rules`` and a variant file's ``[parameters]`` are both checked here."""
    errors: dict[str, list[str]] = {}
    for key, value in given.items():
        parameter = declared.get(key)
        if parameter is None:
            texts = [Message("unknown-parameter", "Unknown parameter of {ruleset}: "
                             "GET /v1/rulesets/{ruleset} lists them.", ruleset=ruleset)]
            hinted = len(errors) < MAX_FIELD_ERRORS and len(str(key)) <= LONGEST_ID
            meant = closest(str(key), declared) if hinted else None
            errors[str(key)] = texts + ([did_you_mean(meant)] if meant is not None else [])
        else:
            problem = parameter.problem(value)
            if problem is not None:
                errors[str(key)] = [problem]
    return errors


class RulesField(fields.Field):  # type: ignore[type-arg]
    """A request's ``rules``: parameter id → value, each checked against its declaration.

    Loads to a plain dict of what was sent; the defaults and a variant are applied later, when
    the request's rules are resolved (service/house.py).
    """

    def __init__(self, ruleset: str, parameters: Sequence[Parameter], **kwargs: Any) -> None:
        self.ruleset = ruleset
        self.parameters = {parameter.id: parameter for parameter in parameters}
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None,
                     **kwargs: Any) -> dict[str, Any]:
        return self.fast_load(value)

    def fast_load(self, value: Any) -> dict[str, Any]:
        """The loaded value in one call, as service/loader.py calls it without marshmallow's
        field machinery (this field has no validators of its own)."""
        if type(value) is not dict:
            raise ValidationError(Message("not-an-object",
                                          "Not a valid object: parameter id → value."))
        parameters = self.parameters
        for key, given in value.items():
            parameter = parameters.get(key)
            if parameter is None or parameter.problem(given) is not None:
                raise ValidationError(refusals(self.ruleset, parameters, value))
        return dict(value)


def rules_field(ruleset: str, parameters: Sequence[Parameter]) -> RulesField:
    return RulesField(ruleset, parameters, load_default=None, metadata={
        "description": "house rules: parameter id → value, on top of `variant` (or the "
                       f"defaults); GET /v1/rulesets/{ruleset} lists every parameter with "
                       "its default and bounds (docs/house-rules.md)",
        "x-rules": ruleset})


def variant_field() -> fields.String:
    return fields.String(load_default=None, validate=validate.Length(1, 64), metadata={
        "description": "a named variant this deployment serves (GET "
                       "/v1/rulesets/{id}/variants); `rules` apply on top of it"})


# The contract publishes this pattern; JSON Schema's ``$`` is the end of the text, and the
# service matches it whole too (``Version``).
PIN = r"^[0-9]{1,6}(\.[0-9]{1,6}){0,2}$"
# A pin refused is shown this far: a version is at most 20 characters, and a megabyte sent as
# one must not come back three times in its answer.
SHOWN_PIN = 32


class Version(validate.Validator):
    """A ``ruleset_version`` pin matched whole: ``re.match`` would read ``"2\\n"`` as ``"2"``
    (Python's ``$`` also matches before a final newline), which the contract's pattern
    refuses. apispec writes ``regex`` into the contract as the field's ``pattern``."""

    regex = re.compile(PIN)

    def __call__(self, value: str) -> str:
        if self.regex.fullmatch(value) is None:
            sent = value if len(value) <= SHOWN_PIN else value[:SHOWN_PIN] + "…"
            raise ValidationError(Message(
                "not-a-version", "{_written} is not a version: a pin is a MAJOR such as \"1\", "
                "or \"1.2\" or \"1.2.0\", digits and dots alone", pin=sent, pattern=PIN,
                _written=json.dumps(sent, ensure_ascii=False)))
        return value


def pin_field() -> fields.String:
    """A request's ``ruleset_version``: the money it expects (service/house.py ``pinned``)."""
    return fields.String(load_default=None, validate=Version(), metadata={"description": (
        "pins the ruleset's money: a MAJOR (`\"1\"`), or `\"1.2\"` / `\"1.2.0\"` for at least "
        "that version within the MAJOR. A service whose ruleset is at another MAJOR, or older "
        "than the pin, answers 409 (`/problems/ruleset-version-conflict`) and scores nothing. "
        "An answer's own `ruleset_version` may be sent back as the pin (docs/contract.md, "
        "Versioning)"), "example": "1"})
