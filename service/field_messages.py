"""marshmallow's refusals as coded sentences (service/language.py): ``Missing data for required
field.`` is the code ``missing-field`` in every language, said in Chinese when asked.

Importing this module gives marshmallow's fields, schemas and validators these messages in
place of its plain strings, word for word the same in English. service/schemas imports it
first, before any field is made: a field copies its messages when it is made.
"""

from __future__ import annotations

from typing import Final

from marshmallow import Schema, fields, validate

from service.language import Message

MISSING: Final = Message("missing-field", "Missing data for required field.")
UNKNOWN: Final = Message("unknown-field", "Unknown field.")
NOT_A_STRING: Final = Message("not-a-string", "Not a valid string.")
NOT_AN_OBJECT: Final = Message("not-an-object", "Invalid input type.")
# Range, given no message of its own (service/schemas/fields.py Count gives this one).
OUT_OF_RANGE: Final = Message(
    "out-of-range", "Must be greater than or equal to {min} and less than or equal to {max}.")

_FIELDS: Final = {
    fields.Field: {"required": MISSING,
                   "null": Message("null-value", "Field may not be null."),
                   "validator_failed": Message("invalid-value", "Invalid value.")},
    fields.Integer: {"invalid": Message("not-an-integer", "Not a valid integer.")},
    fields.Number: {"invalid": Message("not-a-number", "Not a valid number."),
                    "too_large": Message("number-too-large", "Number too large.")},
    fields.String: {"invalid": NOT_A_STRING,
                    "invalid_utf8": Message("not-utf8-string", "Not a valid utf-8 string.")},
    fields.Boolean: {"invalid": Message("not-a-boolean", "Not a valid boolean.")},
    fields.List: {"invalid": Message("not-an-array", "Not a valid list.")},
    fields.Mapping: {"invalid": Message("not-an-object", "Not a valid mapping type.")},
    fields.Nested: {"type": Message("not-an-object", "Invalid type.")},
}


def _choices(self: validate.OneOf, value: object) -> str:
    """OneOf's message with its choices as a list: the same English, and a list in params."""
    return self.error.format(input=value, choices=[str(choice) for choice in self.choices],
                             labels=self.labels_text)


def install() -> None:
    """Give marshmallow the coded messages (idempotent)."""
    for field, messages in _FIELDS.items():
        field.default_error_messages.update(messages)  # type: ignore[attr-defined]
    Schema._default_error_messages.update({"type": NOT_AN_OBJECT, "unknown": UNKNOWN})
    validate.Length.message_min = Message("too-short", "Shorter than minimum length {min}.")
    validate.Length.message_max = Message("too-long", "Longer than maximum length {max}.")
    validate.Length.message_all = Message("wrong-length",
                                          "Length must be between {min} and {max}.")
    validate.Length.message_equal = Message("wrong-length", "Length must be {equal}.")
    validate.OneOf.default_message = Message("not-one-of", "Must be one of: {choices}.")
    validate.OneOf._format_error = _choices  # type: ignore[method-assign]
    validate.Regexp.default_message = Message("pattern-mismatch",
                                              "String does not match expected pattern.")


install()
