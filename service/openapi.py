"""The OpenAPI document, generated from the marshmallow schemas (the single source of truth).

``python -m service.openapi > openapi.yaml`` writes the committed contract file; a test
regenerates it and compares. OpenAPI 3.1, so a nullable object is a plain
``anyOf: [$ref, {type: null}]`` that generated clients type properly.
"""

from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from service.actions import actions_of, run
from service.batch import run_batch
from service.house import load_variants, variants
from service.language import ENGLISH, LANGUAGES, Phrase, Text
from service.openapi_causes import typed_causes
from service.openapi_shapes import ref, shape
from service.pages import spec_components, spec_paths
from service.rulesets import RULESETS, listing, tile_listing
from service.schemas.batch import BatchRequest, BatchResponse, batch_operation
from service.schemas.common import (
    CatalogueSchema,
    ChangeListSchema,
    HealthSchema,
    ProblemSchema,
    RulesetListSchema,
    TileListSchema,
    VariantListSchema,
)
from service.schemas.fields import tile_code_ref
from service.tiles import CODES, NOTATION
from service.version import VERSION

TITLE = "Mahjong scoring service"
OPERATION_WORDS = ("summary", "description")  # what /docs says in the language asked for
EXAMPLES_FILE = Path(__file__).with_name("schemas") / "examples.json"
PROBLEM = {"application/problem+json": {"schema": "Problem"}}
POST_ERRORS = {
    "400": ("The body is not valid JSON, is nested more than 32 deep, or its framing breaks "
            "(a bad chunk, a body shorter than its length).", PROBLEM),
    "413": ("The body is larger than 1 MiB (chunked bodies too).", PROBLEM),
    "503": ("The request ran past its deadline while the worker was busy: nothing is "
            "answered; retry after `Retry-After` seconds.", PROBLEM),
    "415": ("The body is not application/json, is compressed, or is not UTF-8.", PROBLEM),
    "409": ("The request pinned `ruleset_version`, and the ruleset's money is not at it (its "
            "MAJOR moved, or the service has not reached the pin): nothing is scored.",
            PROBLEM),
    "422": ("The body breaks the schema, describes an impossible hand, or is not a win.",
            PROBLEM),
}
DESCRIPTION = f"""\
Scores the mahjong hands of each ruleset it serves: the pattern breakdown, the settlement
between the four seats, the next hand's dealer state.

**Seats** are integers 0-3 in turn order (G-2): seat s+1 (mod 4) plays after seat s, so it
is s's 下家; s+3 is s's 上家 and s+2 its 对家. Any seat may be the dealer.

**Tiles.** {NOTATION} Whitespace in a compact string is ignored.

**Hands** (G-3): `concealed` holds every standing tile at the win, the winning tile included
once; the tiles of `melds` are not repeated in it.

**Errors** are `application/problem+json` (RFC 9457); `errors` maps each offending field's path
to messages that say what was expected, and `causes` says each message again with a stable
`code` and the `params` it was built from, so an app can show it in its own words.

**Language.** `Accept-Language` (q-values weighed; `zh`, `zh-CN`, `zh-Hans` for Chinese in
simplified characters, `zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant` in traditional ones, anything else
English) chooses the language of every message, ruling, problem page and catalogue text;
every JSON answer says `Content-Language` and `Vary: Accept-Language`. Without the header
every answer is in English.

**Versioning.** `/v1` is the shape of requests and answers: within it answers may gain fields
and the catalogues may gain patterns; requests may gain optional fields; nothing is removed or
renamed. `ruleset_version` is the money, semantic: MAJOR when some request a real table can
produce may be paid differently, MINOR when answers gain information with every amount
unchanged or a request no real table can produce is refused (G-10), PATCH for texts;
`GET /v1/rulesets/{{ruleset_id}}/changes` lists every version. A stored answer is rechecked by
sending its request with the answer as `expected` and its `ruleset_version` as `paid_under`:
`check` lists the changes since. A request may pin it (`"ruleset_version": "1"`): a service
whose ruleset is at another MAJOR answers 409, listing the changes since, and scores nothing.
"""


def _served_rulesets() -> str:
    names = ", ".join(f"{ruleset.name_en} ({ruleset.name}, `{ruleset.id}`)"
                      for ruleset in RULESETS.values())
    return f"Rulesets: {names}.\n\n"


def schema_name(schema: Any) -> str:
    """Component names: ``ChuzhouScoreRequest`` for a class in a ruleset's package (its id as
    the prefix), plain for shared ones; a class may name its own ``component``.

    An answer's ``...Response`` class is the component ``...Answer``: generators name their
    own per-operation types ``<Operation>Response`` (@hey-api/openapi-ts) and
    ``<Operation>Result`` (orval), so no component may end so after an operation's name."""
    cls = schema if isinstance(schema, type) else type(schema)
    named = cls.__dict__.get("component")
    if isinstance(named, str):
        return named
    parts = cls.__module__.split(".")
    owner = next((part for part in parts if part in RULESETS), None)  # a ruleset's own schemas
    prefix = owner.capitalize() if owner is not None else ""
    name = cls.__name__.removesuffix("Schema")
    if name.endswith("Response"):
        name = name.removesuffix("Response") + "Answer"
    return prefix + name


def _response(description: str, content: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": content}


def _json(schema: Any, example: Any = None, under: dict[str, Any] | None = None,
          part: str = "request") -> dict[str, Any]:
    """A JSON body with its example; with ``under`` (an example under the example variants,
    examples/rules/), the two as named examples: ``defaults`` and ``under_variants``."""
    media: dict[str, Any] = {"schema": schema}
    if under is not None:
        media["examples"] = {
            "defaults": {"summary": "Under the seed text's rules", "value": example},
            "under_variants": {"summary": under["summary"], "value": under[part]}}
    elif example is not None:
        media["example"] = example
    return {"application/json": media}


# Where the example variants live: the examples shown under them need a deployment serving
# them (RULES_DIR=examples/rules), as `make examples` and tests/test_examples.py run one.
EXAMPLE_RULES = Path(__file__).parents[1] / "examples" / "rules"


def examples() -> dict[str, dict[str, Any]]:
    """Each operation's example request and the answer the service gives it (a test checks)."""
    loaded: dict[str, dict[str, Any]] = json.loads(EXAMPLES_FILE.read_text(encoding="utf-8"))
    return loaded


def _id_enums() -> dict[str, list[str]]:
    """The ids an answer may carry, by component, as each ruleset declares them."""
    return {component: ids for ruleset in RULESETS.values()
            for component, ids in ruleset.id_enums().items()}


def _get(operation_id: str, tag: str, summary: str, description: str,
         responses: dict[str, Any], parameters: list[dict[str, Any]] | None = None,
         ) -> dict[str, Any]:
    operation: dict[str, Any] = {"operationId": operation_id, "tags": [tag], "summary": summary,
                                 "description": description, "responses": responses}
    if parameters:
        operation["parameters"] = parameters
    return {"get": operation}


def _ruleset_id() -> dict[str, Any]:
    return {"name": "ruleset_id", "in": "path", "required": True,
            "description": "a ruleset's id, as GET /v1/rulesets lists them",
            "schema": {"type": "string", "enum": sorted(RULESETS)}}


def _common_paths(spec: APISpec) -> None:
    first = next(iter(RULESETS.values()))
    spec.path("/healthz", operations=_get(
        "health", "service", "Tell a load balancer the service is up.",
        "Answers as long as the process serves HTTP; it scores nothing (the liveness probe). "
        "`/readyz` says whether a worker can score.",
        {"200": _response("The service is up.", _json(HealthSchema, {"status": "ok"}))}))
    spec.path("/readyz", operations=_get(
        "ready", "service", "Tell a load balancer whether this worker can score; 503 once it "
        "is shutting down.",
        "The worker scores each ruleset's check hand as a client's request would run (the "
        "readiness probe); once it is shutting down it answers 503 so that traffic moves to "
        "other workers.",
        {"200": _response("The worker scored its check hands.",
                          _json(HealthSchema, {"status": "ready"})),
         "503": _response("The worker is shutting down or cannot score.", PROBLEM)}))
    spec.path("/openapi.yaml", operations=_get(
        "get_openapi_yaml", "service", "The OpenAPI contract of this service, as YAML.",
        "This document, as committed in the repository (`openapi.yaml`): generate a client "
        "from it.",
        {"200": _response("This document.",
                          {"application/yaml": {"schema": {"type": "object"}}})}))
    spec.path("/openapi.json", operations=_get(
        "get_openapi_json", "service", "The OpenAPI contract of this service, as JSON.",
        "This document as JSON, the same content as `/openapi.yaml`.",
        {"200": _response("This document (the example shows its first members only).", _json(
            {"type": "object", "required": ["openapi", "info", "paths", "components"]}))}))
    spec.path("/docs", operations=_get(
        "docs", "service", "This contract as an interactive page (Swagger UI).",
        "An HTML page, served with its scripts by the service itself (nothing is loaded from "
        "elsewhere), to read the contract and try requests.",
        {"200": _response("An HTML page.", {"text/html": {"schema": {"type": "string"}}})}))
    spec.path("/v1/rulesets", operations=_get(
        "list_rulesets", "rulesets", "The rulesets this service scores.",
        "Each ruleset's id (the path segment of its endpoints), names and version.",
        {"200": _response("Every ruleset.", _json(RulesetListSchema, listing()))}))
    spec.path("/v1/tiles", operations=_get(
        "list_tiles", "rulesets", "Every tile with its names and picture, and each ruleset's "
        "flower tiles.",
        "The 34 tiles in tile order, each with its code, its name in the language asked for "
        "(`Accept-Language`; Chinese names in simplified and traditional characters beside "
        "it) and its Unicode picture, so that an app needs no tile table of its own; then "
        "every tile a ruleset's players lay aside as a flower.",
        {"200": _response("Every tile.", _json(TileListSchema, tile_listing()))}))
    spec.path("/v1/rulesets/{ruleset_id}", operations=_get(
        "get_ruleset", "rulesets", "One ruleset's pattern catalogue with every pattern's values.",
        "Every pattern of the ruleset with its values and its condition as implemented, and "
        "any other items it counts (flowers), with the ruleset's version.",
        {"200": _response("The catalogue.", {"application/json": {
            "schema": CatalogueSchema, "examples": {first.id: {
                "summary": f"GET /v1/rulesets/{first.id}", "value": first.described()}}}}),
         "404": _response("No such ruleset.", PROBLEM)},
        [_ruleset_id()]))
    spec.path("/v1/rulesets/{ruleset_id}/variants", operations=_get(
        "get_variants", "rulesets", "The named variants (club rules) this deployment serves.",
        "Each variant loaded from `RULES_DIR` at start-up, with the parameters it sets and the "
        "fingerprint of its full rule set: a request names one as `variant` "
        "(docs/house-rules.md). A deployment without variants lists none.",
        {"200": _response("The variants.", {"application/json": {
            "schema": VariantListSchema, "examples": {first.id: {
                "summary": f"GET /v1/rulesets/{first.id}/variants",
                "value": variants(first)}}}}),
         "404": _response("No such ruleset.", PROBLEM)},
        [_ruleset_id()]))
    spec.path("/v1/rulesets/{ruleset_id}/changes", operations=_get(
        "get_changes", "rulesets", "Every version of the ruleset's money, newest first, with "
        "what each changed.",
        "Each version of `ruleset_version` with its date, its kind (MAJOR, MINOR, PATCH), what "
        "it changed, a sentence in the language asked and the pattern, item and parameter ids "
        "it touched: what lies between a stored answer's money and today's (docs/contract.md, "
        "Versioning). A check in verify mode with `paid_under` lists the same entries.",
        {"200": _response("The changes.", {"application/json": {
            "schema": ChangeListSchema, "examples": {first.id: {
                "summary": f"GET /v1/rulesets/{first.id}/changes",
                "value": first.history()}}}}),
         "404": _response("No such ruleset.", PROBLEM)},
        [_ruleset_id()]))


# Statuses an operation lists whose example no request earns there: /readyz's 503 is a
# worker shutting down, a batch's 413 a body over 8 MiB (tools/problem_examples.py).
UNSHOWN_PROBLEMS = {("/readyz", "503"), ("/v1/batch", "413")}
ERRORS_EVERYWHERE = {
    "405": "The path does not take this method; `Allow` lists those it takes.",
    "500": "The service failed; nothing is shared but the `X-Request-ID` to report.",
}


def _problem_example(path: str, status: str, problems: dict[str, Any]) -> Any:
    """The example problem of ``status`` on ``path``: the one made for that path, else for
    its ruleset, else for the status (tools/problem_examples.py)."""
    ruleset = path.split("/")[2] if path.count("/") == 3 and path.startswith("/v1/") else ""
    for key in (f"{status} {path}", f"{status} {ruleset}", status):
        if key in problems:
            return problems[key]
    return None


def _problem_examples(document: dict[str, Any], problems: dict[str, Any],
                      unshown: set[tuple[str, str]]) -> None:
    """Every operation answers 405 and 500 as problems too, and each error response shows the
    problem document the service really answers there (tools/problem_examples.py)."""
    for path, item in document["paths"].items():
        for operation in item.values():
            responses = operation["responses"]
            for status, description in ERRORS_EVERYWHERE.items():
                responses.setdefault(status, _response(description, {
                    "application/problem+json": {"schema": ref("Problem")}}))
            for status, response in responses.items():
                media = response.get("content", {}).get("application/problem+json")
                example = _problem_example(path, status, problems)
                if media is not None and example is not None \
                        and (path, status) not in unshown:  # a copy: PROBLEM is shared
                    response["content"] = {"application/problem+json": {
                        **media, "example": example}}


HEADERS = {
    "Service-Version": {"description": "the service's version (CHANGELOG.md), on every answer",
                        "schema": {"type": "string"}},
    "X-Request-ID": {"description": "the request's id, on every answer: the client's own "
                                    "`X-Request-ID` when it is sane, else a fresh one; quote it "
                                    "when reporting a failure",
                     "schema": {"type": "string"}},
    "Retry-After": {"description": "seconds to wait before sending the request again",
                    "schema": {"type": "integer", "minimum": 0}},
}
EVERY_ANSWER = ("Service-Version", "X-Request-ID")


def _headers(document: dict[str, Any]) -> None:
    """Every answer declares the headers the service sets on all of them (service/serving.py);
    a POST's 503 (past its deadline, service/api/problems.py) also ``Retry-After``."""
    document["components"]["headers"] = HEADERS
    for item in document["paths"].values():
        for method, operation in item.items():
            for status, response in operation["responses"].items():
                named = [*EVERY_ANSWER, *(["Retry-After"] if (method, status) == ("post", "503")
                                          else [])]
                response["headers"] = {name: {"$ref": f"#/components/headers/{name}"}
                                       for name in named}


def build_spec() -> dict[str, Any]:
    marshmallow = MarshmallowPlugin(schema_name_resolver=schema_name)
    spec = APISpec(
        title=TITLE,
        version=VERSION,
        openapi_version="3.1.0",
        plugins=[marshmallow],
        info={"description": _served_rulesets() + DESCRIPTION},
    )
    marshmallow.converter.add_attribute_function(tile_code_ref)  # type: ignore[union-attr]
    spec.components.schema("TileCode", {
        "type": "string", "enum": list(CODES),
        "x-enum-varnames": [f"TILE_{text.upper()}" for text in CODES],  # for generated clients
        "description": "One tile (G-1): 1m-9m 万, 1p-9p 饼, 1s-9s 条, 1z-7z 东 南 西 北 白 发 中."})
    spec.components.schema("Problem", schema=ProblemSchema)
    found = examples()
    _common_paths(spec)
    for ruleset in RULESETS.values():
        for name, action in actions_of(ruleset).items():
            operation_id = f"{ruleset.id}_{name}"
            example = found.get(operation_id, {})  # a ruleset's operations may have none
            under = found["under_variants"].get(operation_id)
            responses = {"200": _response("The answer.", _json(
                action.response, example.get("response"), under, "response"))}
            responses.update({code: _response(*answer) for code, answer in POST_ERRORS.items()})
            spec.path(f"/v1/{ruleset.id}/{name}", operations={"post": {
                "operationId": operation_id,
                "summary": action.summary,
                "description": example.get("description", action.summary),
                "tags": [ruleset.id],
                "requestBody": {"required": True, "content": _json(
                    action.request, example.get("request"), under)},
                "responses": responses}})
    spec.path("/v1/batch", operations={"post": batch_operation(
        _json(BatchRequest, found["batch"]["request"], found["under_variants"]["batch"]),
        _json(BatchResponse, found["batch"]["response"], found["under_variants"]["batch"],
              "response"), found["batch"]["description"])})
    for name, component in spec_components().items():  # problem types and rulings, served
        spec.components.schema(name, component)
    for path, operations in spec_paths().items():
        spec.path(path, operations=operations)
    built = spec.to_dict()
    document = {"openapi": built.pop("openapi"), "info": built.pop("info"), **built}
    shape(document, schema_name, _id_enums())
    typed_causes(document["components"]["schemas"])
    _problem_examples(document, found["problems"], UNSHOWN_PROBLEMS)
    _headers(document)
    json_answer = document["paths"]["/openapi.json"]["get"]["responses"]["200"]["content"]
    json_answer["application/json"]["example"] = {  # abridged: the document holds itself
        "openapi": document["openapi"], "info": document["info"]}
    return document


class _NoAliasDumper(yaml.SafeDumper):
    """Write repeated parts out in full: a contract is read by people, not only parsers."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


# The contract is written in English: a text the service can say in Chinese is its English
# string here (service/language.py).
_NoAliasDumper.add_multi_representer(Text, lambda dumper, text: dumper.represent_str(str(text)))


@lru_cache(maxsize=1)
def _served() -> dict[str, Any]:
    """The document both served forms are written from, built once per process."""
    return build_spec()


@lru_cache(maxsize=1)
def spec_yaml() -> str:
    return yaml.dump(_served(), Dumper=_NoAliasDumper, allow_unicode=True, sort_keys=False)


@lru_cache(maxsize=1)
def spec_json() -> str:
    return json.dumps(_served(), ensure_ascii=False)


@lru_cache(maxsize=len(LANGUAGES))
def spec_json_said(language: str) -> str:
    """The contract as /docs shows it in ``language``: each operation's summary and
    description said from the catalog (``make messages`` lists them, tools/messages.py), all
    else as ``spec_json``, which stays the one contract every client is generated from."""
    if language == ENGLISH:
        return spec_json()
    document = json.loads(spec_json())
    for item in document["paths"].values():
        for operation in item.values():
            for part in OPERATION_WORDS:
                if part in operation:
                    operation[part] = Phrase(operation[part]).said(language)
    return json.dumps(document, ensure_ascii=False)


def operation_words() -> list[str]:
    """Every operation's summary and description, the msgids /docs says them from."""
    return [operation[part] for item in _served()["paths"].values()
            for operation in item.values() for part in OPERATION_WORDS if part in operation]


def _answer(operation_id: str, example: dict[str, Any]) -> None:
    if operation_id == "batch":
        example["response"] = run_batch(example["request"])
    elif "request" in example:
        ruleset_id, name = operation_id.split("_", 1)
        example["response"] = run(ruleset_id, name, example["request"])


def refresh_examples() -> None:
    """Rewrite each example's answer from the core (``make examples``), after a deliberate
    change to what the service answers; review the diff before committing it."""
    EXAMPLES_FILE.write_text(refreshed_examples(), encoding="utf-8")


def refreshed_examples() -> str:
    """The examples file with each example's answer the core's, as ``refresh_examples``
    writes it (the same text when nothing moved: tests/test_examples.py)."""
    found = examples()
    for operation_id, example in found.items():
        _answer(operation_id, example)
    load_variants(str(EXAMPLE_RULES))
    try:
        for operation_id, example in found["under_variants"].items():
            _answer(operation_id, example)
    finally:
        load_variants()
    return examples_text(found)


def examples_text(found: dict[str, Any]) -> str:
    """The examples file's text: one form, whoever writes it (tools/problem_examples.py)."""
    return json.dumps(found, ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--refresh-examples"]:
        refresh_examples()
    else:
        print(spec_yaml(), end="")
