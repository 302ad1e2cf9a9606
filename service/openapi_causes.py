"""The causes' codes and params as types in the contract (issue #44).

``code`` stays open on the wire: a later release within /v1 may add codes, and a client
generated from today's contract must still read them, so ``Cause.code`` is ``CauseCode`` (this
release's codes, an enum) or any string. Beside it:

- ``CauseParamValues``: every param name with its type (service/params.py), none required:
  what ``Cause.params`` is, so ``cause.params.count`` is a number in any generated client;
- ``CauseParams``: each code of this release mapped to its params, which always there
  (``required``), so an app narrows a cause on its code and reads its params typed
  (docs/contract.md shows the few lines).

Both stay open to more properties: a later release may give a code another param.
"""

from __future__ import annotations

from typing import Any

from service.errors import CAUSES
from service.params import PARAMS

TILE_CODE = {"$ref": "#/components/schemas/TileCode"}
_KINDS: dict[str, dict[str, Any]] = {
    "integer": {"type": "integer"},
    "number": {"type": "number"},
    "boolean": {"type": "boolean"},
    "string": {"type": "string"},
    "tile": TILE_CODE,
    "tiles": {"type": "array", "items": TILE_CODE},
    "strings": {"type": "array", "items": {"type": "string"}},
    "any": {},
}
PREFIX = "#/components/schemas/"


def kind_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema of a param kind (service/params.py ``KINDS``)."""
    return dict(_KINDS[kind])


def code_params(code: str) -> tuple[list[str], list[str]]:
    """A code's param names, in the order ``CAUSES`` lists them, and those always there."""
    names = [name.strip("[]") for name in CAUSES[code].params]
    return names, [name for name in CAUSES[code].params if not name.startswith("[")]


def _params_of(code: str) -> dict[str, Any]:
    names, required = code_params(code)
    schema: dict[str, Any] = {
        "type": "object", "description": CAUSES[code].meaning,
        "properties": {name: kind_schema(PARAMS[name].kind) for name in names}}
    if required:
        schema["required"] = required
    return schema


def typed_causes(schemas: dict[str, dict[str, Any]]) -> None:
    """``CauseCode``, ``CauseParamValues`` and ``CauseParams`` added, and ``Cause``'s code and
    params typed by them."""
    schemas["CauseCode"] = {
        "type": "string", "enum": list(CAUSES),
        "description": "the codes of this release, each with its params in `CauseParams`; a "
                       "later version within /v1 may add others"}
    schemas["CauseParamValues"] = {
        "type": "object",
        "description": "a cause's params: every name a code of this release uses, each of one "
                       "type wherever it appears; which a code carries, and which always, is "
                       "`CauseParams`",
        "properties": {name: {**kind_schema(param.kind), "description": param.meaning}
                       for name, param in sorted(PARAMS.items())}}
    schemas["CauseParams"] = {
        "type": "object",
        "description": "each code of this release with its params (`required`: always there): "
                       "narrow a cause on its `code` and read its params with these types "
                       "(docs/contract.md)",
        "properties": {code: _params_of(code) for code in CAUSES},
        "required": list(CAUSES)}  # a map of types, never an answer: every code is in it
    cause = schemas["Cause"]["properties"]
    cause["code"] = {
        "anyOf": [{"$ref": PREFIX + "CauseCode"}, {"type": "string"}],
        "description": "a stable kebab-case id, the same in every language: one of `CauseCode` "
                       "today; a later version within /v1 may add others (show its `message`)"}
    cause["params"] = {
        "$ref": PREFIX + "CauseParamValues",
        "description": cause["params"]["description"]}
