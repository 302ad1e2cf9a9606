"""The shapes marshmallow cannot say, written into the generated OpenAPI document.

marshmallow describes each schema alone; a typed client needs more: which request a match
event or a batch item carries (a union told apart by a discriminator), that a concealed kong
has no ``from`` seat, that a pattern id an answer carries may be one the client has not seen
yet. Each shape here is made from the ruleset registry and the components marshmallow wrote,
never typed out by hand, so a ruleset registered later appears in every union.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from service.actions import actions_of
from service.errors import PROBLEM_TYPES
from service.hand.groups import ANGANG
from service.rulesets import RULESETS
from service.rulesets.registry import Ruleset
from service.schemas.common import SELF_DRAW, WinBase
from service.schemas.rules import Parameter

Schemas = dict[str, dict[str, Any]]
PREFIX = "#/components/schemas/"


def ref(name: str) -> dict[str, str]:
    return {"$ref": PREFIX + name}


def _target(ref_: dict[str, Any]) -> str:
    return str(ref_["$ref"]).removeprefix(PREFIX)


def _camel(word: str) -> str:
    return "".join(part.capitalize() for part in word.split("_"))


def union(branches: dict[str, str], on: str, description: str) -> dict[str, Any]:
    """A ``oneOf`` of components, told apart by the value of the property ``on``."""
    names = list(dict.fromkeys(branches.values()))
    return {"oneOf": [ref(name) for name in names], "description": description,
            "discriminator": {"propertyName": on, "mapping": {
                value: PREFIX + name for value, name in branches.items()}}}


def _const(value: str, description: str | None = None) -> dict[str, Any]:
    made: dict[str, Any] = {"type": "string", "const": value}
    if description:
        made["description"] = description
    return made


# ---- requests: defaults said in words, melds and wins split by kind --------------------------

def describe_defaults(node: Any) -> None:
    """Move every ``default`` into its description: openapi-typescript (default options) makes
    a property with a ``default`` required, so a body that leaves it out would not type-check,
    though the service fills it in."""
    if isinstance(node, dict):
        if "default" in node and not isinstance(node["default"], dict):
            value = node.pop("default")
            said = "absent" if value is None else f"`{json.dumps(value, ensure_ascii=False)}`"
            text = node.get("description", "").rstrip(".")
            node["description"] = f"{text}. Default: {said}." if text else f"Default: {said}."
        for value in node.values():
            describe_defaults(value)
    elif isinstance(node, list):
        for value in node:
            describe_defaults(value)


def _seat(description: str) -> dict[str, Any]:
    return {"type": "integer", "minimum": 0, "maximum": 3, "description": description}


def split_melds(schemas: Schemas) -> None:
    """``Meld`` as a claimed meld, which needs its ``from`` seat, or a concealed kong, which has
    none: the contract itself refuses a 暗杠 with a seat."""
    meld = schemas["Meld"]
    kinds = meld["properties"]["type"]["enum"]
    claimed_kinds = [kind for kind in kinds if kind != ANGANG]
    seat = meld["properties"]["from"]["description"]  # its default (null) stays behind
    tiles = meld["properties"]["tiles"]
    schemas["ClaimedMeld"] = {
        "type": "object", "additionalProperties": False, "required": ["type", "tiles", "from"],
        "properties": {
            "type": {**meld["properties"]["type"], "enum": claimed_kinds},
            "tiles": tiles, "from": _seat(seat)}}
    # No ``from`` at all: a property typed only null reads as ``never`` to openapi-fetch's
    # request types. So the contract refuses a null there that the service, lenient as it
    # always was, still takes: a client that follows the contract sends none.
    schemas["ConcealedKong"] = {
        "type": "object", "additionalProperties": False, "required": ["type", "tiles"],
        "description": "a concealed kong, claimed from nobody: it has no `from`",
        "properties": {"type": _const(ANGANG, "暗杠, a concealed kong"), "tiles": tiles}}
    schemas["Meld"] = union({**{kind: "ClaimedMeld" for kind in claimed_kinds},
                             ANGANG: "ConcealedKong"},
                            "type", "an exposed set or a concealed kong, by its `type`")


def split_wins(schemas: Schemas, names: list[str]) -> None:
    """Each ruleset's ``Win`` as a self-drawn win, which has no ``from``, or a tile taken from
    another seat (a discard, a robbed kong), which needs it."""
    for name in names:
        win = schemas[name]
        ways = win["properties"]["by"]["enum"]
        taken = [way for way in ways if way != SELF_DRAW]
        prefix = name.removesuffix("Win")
        common = {key: value for key, value in win["properties"].items()
                  if key not in ("by", "from")}
        schemas[f"{prefix}SelfDrawnWin"] = {
            "type": "object", "additionalProperties": False, "required": ["tile", "by"],
            "description": "a self-drawn win: the tile came from no other seat, so no `from`",
            "properties": {**common, "by": _const(SELF_DRAW, "自摸, drawn by the winner")}}
        schemas[f"{prefix}TakenWin"] = {
            "type": "object", "additionalProperties": False, "required": ["tile", "by", "from"],
            "properties": {**common, "by": {**win["properties"]["by"], "enum": taken},
                           "from": _seat(win["properties"]["from"]["description"])}}
        schemas[name] = union({**{way: f"{prefix}TakenWin" for way in taken},
                               SELF_DRAW: f"{prefix}SelfDrawnWin"},
                              "by", "how the winning tile came: by `by`")


# ---- answers: open ids, the version, the patterns a way carries -----------------------------

def open_ids(schemas: Schemas, ids: dict[str, list[str]]) -> None:
    """An answer's ids: today's listed, any other accepted, so a client generated today reads
    an answer carrying a pattern added within /v1."""
    for component, known in ids.items():
        schemas[component]["properties"]["id"] = {
            "anyOf": [{"type": "string", "enum": known}, {"type": "string"}],
            "description": "the id; those listed are today's, and a later version within /v1 "
                           "may add others: read an unknown id as an entry this client does "
                           "not know yet (its `name` and `name_en` still say what it is)"}


RULESET_VERSION = {"type": "string", "description": "the version of the ruleset that gave this "
                   "answer (GET /v1/rulesets/{id} `version`; CHANGELOG.md)"}


# A parameter's value, as a request's ``rules`` sends it and an answer shows it.
PARAMETER_VALUE = {"type": ["integer", "boolean", "string"]}


def typed_parameters(schemas: Schemas) -> None:
    """A parameter's default and a variant's values are parameter values, not any JSON."""
    default = schemas["Parameter"]["properties"]["default"]
    schemas["Parameter"]["properties"]["default"] = {**default, **PARAMETER_VALUE}
    schemas["Variant"]["properties"]["parameters"]["additionalProperties"] = PARAMETER_VALUE


RULES_USED = {
    "type": "object", "required": ["variant", "overrides", "fingerprint"],
    "description": "the rules that gave this answer (docs/house-rules.md)",
    "properties": {
        "variant": {"type": ["string", "null"], "description": "the variant the request named"},
        "overrides": {"type": "object", "additionalProperties": PARAMETER_VALUE,
                      "description": "the parameters that differ "
            "from the variant's, or from the defaults: parameter id → value"},
        "fingerprint": {"type": "string", "description": "a stable hash of the full effective "
                        "parameter set: the same for the same rules however they were sent"},
    }}


def versioned(schemas: Schemas, answers: list[str]) -> None:
    schemas["RulesUsed"] = RULES_USED
    for name in answers:
        schemas[name]["properties"]["ruleset_version"] = RULESET_VERSION
        schemas[name]["properties"]["rules"] = ref("RulesUsed")
        schemas[name].setdefault("required", []).extend(["ruleset_version", "rules"])


def _parameter(parameter: Parameter) -> dict[str, Any]:
    kind = parameter.type
    shown: dict[str, Any] = {"type": kind, "description": f"{parameter.name} · "
                             f"{parameter.name_en}: {parameter.description}; default "
                             f"{json.dumps(parameter.default, ensure_ascii=False)} "
                             f"({parameter.ruling})"}
    if kind == "integer":
        shown["minimum"], shown["maximum"] = parameter.minimum, parameter.maximum
    elif kind == "string":
        shown["enum"] = list(parameter.choices)
    return shown


def tuned_requests(schemas: Schemas) -> None:
    """Each ruleset's ``rules`` as an object of its parameters (``<Id>Rules``), referenced by
    every request that takes them (``RulesField``'s ``x-rules`` names the ruleset)."""
    for ruleset in RULESETS.values():
        if ruleset.parameters:
            schemas[f"{ruleset.id.capitalize()}Rules"] = {
                "type": "object", "additionalProperties": False,
                "description": f"house rules of {ruleset.id}: any of its parameters (GET "
                               f"/v1/rulesets/{ruleset.id} lists them), each optional",
                "properties": {p.id: _parameter(p) for p in ruleset.parameters}}
    for schema in schemas.values():
        properties = schema.get("properties", {})
        tuned = [name for name, field in properties.items()
                 if isinstance(field, dict) and "x-rules" in field]
        for name in tuned:  # listed last, after what the request is about, with ``variant``
            field = properties.pop(name)
            properties[name] = {  # null, as absent, is no rules (the field loads it so)
                "description": f"{field['description']}; null or absent: none",
                "anyOf": [ref(f"{field['x-rules'].capitalize()}Rules"), {"type": "null"}]}
            if "variant" in properties:
                properties["variant"] = properties.pop("variant")


def way_parts(schemas: Schemas, entries: list[str], totals: dict[str, dict[str, Any]]) -> None:
    """What each wait is worth carries the score answer's pattern entries and totals, of its
    ruleset: each total (``WaitValues.totals``) as the score answer's schema has it."""
    for way in ("Way", "DiscardWay"):
        properties = schemas[way]["properties"]
        properties["patterns"]["items"] = {"anyOf": [ref(name) for name in entries]}
        for total, scored in totals.items():
            if "$ref" in scored:
                properties[total] = {"description": properties[total]["description"],
                                     "$ref": scored["$ref"]}


# ---- the unions: match events and their results, batch items and their results --------------

def _less(schemas: Schemas, name: str, supplied: tuple[str, ...]) -> dict[str, Any]:
    """A request component without the fields a match supplies."""
    made = copy.deepcopy(schemas[name])
    for field in supplied:
        made["properties"].pop(field, None)
    made["required"] = [field for field in made.get("required", []) if field not in supplied]
    made["description"] = (f"`{name}` less {', '.join(supplied)}, which the match supplies "
                           "from its running state" if supplied else f"as `{name}`")
    return made


def match_unions(schemas: Schemas, ruleset: Ruleset, name: Callable[[Any], str]) -> None:
    match = ruleset.match
    if match is None:
        return
    offered = actions_of(ruleset)
    prefix = _camel(ruleset.id)
    request = schemas[name(match.request)]["properties"]["events"]["items"]
    response = schemas[name(match.response)]["properties"]["events"]["items"]
    event_name, result_name = _target(request), _target(response)
    plain_result = schemas[result_name]["properties"]
    events, results = {}, {}
    for kind, event in match.events.items():
        action = offered[event.action]
        branch = f"{prefix}{_camel(kind)}Event"
        schemas[f"{branch}Request"] = _less(schemas, name(action.request), event.supplies)
        schemas[branch] = {
            "type": "object", "additionalProperties": False, "required": ["type", "request"],
            "properties": {"type": _const(kind, f"what happened: a {kind}"),
                           "request": {**ref(f"{branch}Request"), "description":
                                       f"what POST /{event.action} takes, less what the "
                                       "match supplies"}}}
        schemas[f"{branch}Result"] = {
            "type": "object", "required": ["type", "result", "state", "totals"],
            "properties": {"type": _const(kind),
                           "result": {**ref(name(action.response)),
                                      "description": f"the answer of POST /{event.action}"},
                           "state": plain_result["state"], "totals": plain_result["totals"]}}
        events[kind], results[kind] = branch, f"{branch}Result"
    schemas[event_name] = union(events, "type", "one event of the match, by its `type`")
    schemas[result_name] = union(results, "type", "what one event answered, by its `type`")


def batch_unions(schemas: Schemas, name: Callable[[Any], str]) -> None:
    """Items told apart by ``ruleset``, then by ``action``; results by ``ruleset`` and
    ``action`` (which they echo) or, for an item refused, by carrying ``problem``."""
    rulesets, results = [], []
    item_id = {"description": "any JSON value, optional: the result carries it back (null "
               "when absent)"}
    for ruleset in RULESETS.values():
        prefix, by_action = _camel(ruleset.id), {}
        for action_name, action in actions_of(ruleset).items():
            leaf = f"{prefix}{_camel(action_name)}Item"
            schemas[leaf] = {
                "type": "object", "additionalProperties": False,
                "required": ["ruleset", "action", "request"],
                "properties": {"id": item_id,
                               "ruleset": _const(ruleset.id, "the ruleset, as GET /v1/rulesets "
                                                 "lists it"),
                               "action": _const(action_name, "the action: the single "
                                                "endpoint's last path segment"),
                               "request": {**ref(name(action.request)), "description":
                                           f"what POST /v1/{ruleset.id}/{action_name} takes"}}}
            by_action[action_name] = leaf
            answered = f"{prefix}{_camel(action_name)}ItemResult"
            schemas[answered] = {
                "type": "object", "required": ["id", "ruleset", "action", "status", "answer"],
                "properties": {"id": item_id, "ruleset": _const(ruleset.id),
                               "action": _const(action_name),
                               "status": {"type": "integer", "const": 200},
                               "answer": ref(name(action.response))}}
            results.append(answered)
        schemas[f"{prefix}BatchItem"] = union(by_action, "action", "by its `action`")
        rulesets.append(f"{prefix}BatchItem")
    # No discriminator: a mapping must name object schemas, and each ruleset's items are a
    # union themselves. Every item's ``ruleset`` is a constant, which tells them apart.
    schemas["BatchItem"] = {"oneOf": [ref(name) for name in rulesets],
                            "description": "one request, by its `ruleset`, then its `action`"}
    refused = copy.deepcopy(schemas["BatchItemResult"])
    refused["properties"].pop("answer", None)
    # The statuses of the problem table, so that a client tells a refusal from an answer by
    # its ``status`` alone.
    refused["properties"]["status"]["enum"] = sorted({kind.status
                                                      for kind in PROBLEM_TYPES.values()})
    refused["required"] = ["id", "status", "problem"]
    schemas["BatchProblemResult"] = refused
    schemas["BatchItemResult"] = {
        "oneOf": [ref(result) for result in [*results, "BatchProblemResult"]],
        "description": "an item's answer (status 200: `ruleset` and `action` say which) or "
                       "its problem (4xx, with `problem`)"}
    items = schemas["BatchRequest"]["properties"]["items"]
    items["items"] = {**ref("BatchItem"), "description": items["items"]["description"]}


def shape(document: dict[str, Any], name: Callable[[Any], str],
          ids: dict[str, list[str]]) -> None:
    """Every shape above, on the document ``build_spec`` made (``name`` gives a schema class's
    component name)."""
    schemas: Schemas = document["components"]["schemas"]
    answers, entries, totals = [], [], {}
    for ruleset in RULESETS.values():
        offered = actions_of(ruleset)
        answers += [name(action.response) for action in offered.values()]
        score = offered.get("score")
        if score is None:
            continue
        scored = schemas[name(score.response)]["properties"]
        if "patterns" in scored:
            entries.append(_target(scored["patterns"]["items"]))
        if ruleset.values is not None:
            totals.update({total: scored[total] for total in ruleset.values.totals})
    open_ids(schemas, ids)
    tuned_requests(schemas)
    versioned(schemas, list(dict.fromkeys(answers)))
    typed_parameters(schemas)
    way_parts(schemas, entries, totals)
    for ruleset in RULESETS.values():
        match_unions(schemas, ruleset, name)
    batch_unions(schemas, name)
    split_melds(schemas)
    split_wins(schemas, [win for win in map(name, WinBase.__subclasses__()) if win in schemas])
    describe_defaults(schemas)  # last: a field the splits make required has no default
