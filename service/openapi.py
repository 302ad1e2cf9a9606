"""The OpenAPI document, generated from the marshmallow schemas (the single source of truth).

``python -m service.openapi > openapi.yaml`` writes the committed contract file; a test
regenerates it and compares.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import yaml
from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from service.rulesets import RULESETS
from service.schemas.batch import batch_operation
from service.schemas.common import (
    CatalogueSchema,
    HealthSchema,
    ProblemSchema,
    RulesetListSchema,
)

VERSION = "1.0.0"
PROBLEM = {"application/problem+json": {"schema": "Problem"}}
POST_ERRORS = {
    "400": ("The body is not valid JSON.", PROBLEM),
    "413": ("The body is larger than 1 MiB.", PROBLEM),
    "415": ("The body is not application/json.", PROBLEM),
    "422": ("The body breaks the schema, describes an impossible hand, or is not a win.",
            PROBLEM),
}


def schema_name(schema: Any) -> str:
    """Component names: ``ChuzhouScoreRequest``, ``YueqingScoreRequest``, plain for shared."""
    cls = schema if isinstance(schema, type) else type(schema)
    module = cls.__module__.rsplit(".", 1)[-1]
    prefix = module.capitalize() if module in ("chuzhou", "yueqing") else ""
    return prefix + cls.__name__.removesuffix("Schema")


def _response(description: str, content: dict[str, Any]) -> dict[str, Any]:
    return {"description": description, "content": content}


def _json(schema: Any) -> dict[str, Any]:
    return {"application/json": {"schema": schema}}


def build_spec() -> dict[str, Any]:
    spec = APISpec(
        title="Mahjong scoring service",
        version=VERSION,
        openapi_version="3.0.3",
        plugins=[MarshmallowPlugin(schema_name_resolver=schema_name)],
        info={"description": "Scores Chuzhou (楚州) and Yueqing (乐清) mahjong hands: patterns, "
                             "settlement between the four seats, the next dealer."},
    )
    spec.components.schema("Problem", schema=ProblemSchema)
    spec.path("/healthz", operations={"get": {
        "summary": "Tell a load balancer the service is up.",
        "responses": {"200": _response("The service is up.", _json(HealthSchema))}}})
    spec.path("/readyz", operations={"get": {
        "summary": "Tell a load balancer whether this worker can score; 503 once it is "
                   "shutting down.",
        "responses": {"200": _response("The worker scored its check hand.", _json(HealthSchema)),
                      "503": _response("The worker is shutting down or cannot score.",
                                       PROBLEM)}}})
    spec.path("/openapi.yaml", operations={"get": {
        "summary": "The OpenAPI contract of this service.",
        "responses": {"200": _response("This document.",
                                       {"application/yaml": {"schema": {"type": "object"}}})}}})
    spec.path("/v1/rulesets", operations={"get": {
        "summary": "The rulesets this service scores.",
        "responses": {"200": _response("Every ruleset.", _json(RulesetListSchema))}}})
    spec.path("/v1/rulesets/{ruleset_id}", operations={"get": {
        "summary": "One ruleset's pattern catalogue with every pattern's values.",
        "parameters": [{"name": "ruleset_id", "in": "path", "required": True,
                        "schema": {"type": "string", "enum": sorted(RULESETS)}}],
        "responses": {
            "200": _response("The catalogue.", _json(CatalogueSchema)),
            "404": _response("No such ruleset.", PROBLEM)}}})
    for rules in RULESETS.values():
        for name, action in rules.actions.items():
            responses = {"200": _response("The answer.", _json(action.response))}
            responses.update({code: _response(*answer) for code, answer in POST_ERRORS.items()})
            content = _json(action.request)
            if action.example is not None:
                content["application/json"]["example"] = action.example
            spec.path(f"/v1/{rules.id}/{name}", operations={"post": {
                "summary": action.summary,
                "tags": [rules.id],
                "requestBody": {"required": True, "content": content},
                "responses": responses}})
    spec.path("/v1/batch", operations={"post": batch_operation()})
    return spec.to_dict()


class _NoAliasDumper(yaml.SafeDumper):
    """Write repeated parts out in full: a contract is read by people, not only parsers."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


@lru_cache(maxsize=1)
def spec_yaml() -> str:
    return yaml.dump(build_spec(), Dumper=_NoAliasDumper, allow_unicode=True, sort_keys=False)


if __name__ == "__main__":
    print(spec_yaml(), end="")
