"""The contract an app developer builds on (issue #9): strict requests, open answers, every
field described, every list bounded, every operation named, described and exemplified."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from service.openapi import build_spec
from service.tiles import CODES

SPEC = build_spec()
SCHEMAS: dict[str, Any] = SPEC["components"]["schemas"]
OPERATIONS = [(path, method, op) for path, item in SPEC["paths"].items()
              for method, op in item.items()]


def ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def reachable(name: str, seen: set[str] | None = None) -> set[str]:
    """Every component a component refers to, itself included."""
    seen = set() if seen is None else seen
    if name in seen:
        return seen
    seen.add(name)

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "$ref" in node:
                reachable(ref_name(node["$ref"]), seen)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(SCHEMAS[name])
    return seen


def bodies(kind: str) -> set[str]:
    names: set[str] = set()
    for _, _, op in OPERATIONS:
        if kind == "request":
            contents = [op.get("requestBody", {}).get("content", {})]
        else:
            contents = [answer.get("content", {}) for code, answer in op["responses"].items()
                        if code.startswith("2")]
        for content in contents:
            for media in content.values():
                if "$ref" in media["schema"]:
                    names |= reachable(ref_name(media["schema"]["$ref"]))
    return names


REQUESTS = bodies("request") - {"TileCode"}
RESPONSES = bodies("response") - {"TileCode"}


def properties(names: set[str]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for name in sorted(names):
        for field, prop in SCHEMAS[name].get("properties", {}).items():
            yield name, field, prop


def test_requests_are_strict_and_answers_open() -> None:
    assert REQUESTS and RESPONSES and not REQUESTS & RESPONSES
    unions = {name for name in REQUESTS | RESPONSES if "oneOf" in SCHEMAS[name]}
    assert {"Meld", "ChuzhouWin", "BatchItem", "BatchItemResult", "ChuzhouMatchEvent"} <= unions
    assert all(SCHEMAS[name]["additionalProperties"] is False for name in REQUESTS - unions)
    assert not [name for name in RESPONSES | {"Problem"} if "additionalProperties" in SCHEMAS[name]]
    for name in unions:  # a union is its branches and nothing more
        assert set(SCHEMAS[name]) <= {"oneOf", "discriminator", "description"}, name


@pytest.mark.parametrize(("schema", "field", "prop"), list(properties(REQUESTS)))
def test_every_request_field_is_described(schema: str, field: str, prop: dict[str, Any]) -> None:
    assert len(prop.get("description", "")) > 15, f"{schema}.{field}"


def arrays(node: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if isinstance(node, dict):
        if node.get("type") == "array":
            yield where, node
        for key, value in node.items():
            yield from arrays(value, f"{where}.{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from arrays(value, f"{where}.{index}")


@pytest.mark.parametrize(("where", "array"), [
    found for name in sorted(REQUESTS) for found in arrays(SCHEMAS[name], name)])
def test_every_request_list_is_bounded(where: str, array: dict[str, Any]) -> None:
    assert isinstance(array.get("maxItems"), int), where


def test_the_documented_bounds() -> None:
    assert SCHEMAS["ChuzhouHand"]["properties"]["melds"]["maxItems"] == 4
    assert SCHEMAS["YueqingHand"]["properties"]["melds"]["maxItems"] == 5
    zhen = SCHEMAS["ChuzhouScoreRequest"]["properties"]["zhen"]
    assert (zhen["minItems"], zhen["maxItems"]) == (4, 4)
    players = SCHEMAS["YueqingEscapeRequest"]["properties"]["players"]
    assert (players["minItems"], players["maxItems"]) == (1, 4)


def test_tiles_and_ids_are_enums() -> None:
    assert SCHEMAS["TileCode"]["enum"] == list(CODES)
    assert "8z" not in CODES and len(CODES) == 34
    for component, known in [("ChuzhouPattern", "base_win"), ("YueqingItem", "all_honors"),
                             ("YueqingFlowerItem", "green_set"),
                             ("YueqingCandidate", "hard_single_wait")]:
        listed, other = SCHEMAS[component]["properties"]["id"]["anyOf"]  # open: issue #23
        assert known in listed["enum"] and other == {"type": "string"}
    caishen = SCHEMAS["YueqingScoreRequest"]["properties"]["caishen"]
    assert caishen["$ref"] == "#/components/schemas/TileCode"


def test_nullable_parts_say_null_plainly() -> None:
    best = SCHEMAS["YueqingClaim"]["properties"]["best"]
    assert best["anyOf"] == [{"$ref": "#/components/schemas/YueqingCandidate"},
                             {"type": "null"}]
    concealed = SCHEMAS["YueqingPlayer"]["properties"]["concealed"]
    assert {"type": "null"} in concealed["oneOf"]
    assert "nullable" not in str(SPEC)


@pytest.mark.parametrize(("path", "method", "op"), OPERATIONS)
def test_every_operation_is_named_and_explained(path: str, method: str, op: dict[str, Any]
                                                ) -> None:
    assert op["operationId"] and op["summary"]
    assert len(op["description"]) > 40  # issue #23: GET operations too
    answer = op["responses"]["200"]["content"].get("application/json")
    if answer is not None:  # every JSON answer shows a real one (tests/test_examples.py)
        assert "example" in answer or "examples" in answer, op["operationId"]
    if method == "post":
        shown = op["requestBody"]["content"]["application/json"]
        assert "example" in shown or set(shown["examples"]) == {"defaults", "under_variants"}


def test_operation_ids_are_unique() -> None:
    ids = [op["operationId"] for _, _, op in OPERATIONS]
    assert len(ids) == len(set(ids))


def test_every_answer_declares_the_headers_it_carries() -> None:
    # service/serving.py sets both on every answer (tests/test_versions.py, test_hostile.py
    # check them served); a POST past its deadline adds Retry-After (tests/test_work.py)
    for path, method, op in OPERATIONS:
        for status, response in op["responses"].items():
            declared = set(response.get("headers", {}))
            retry = method == "post" and status == "503"
            assert declared == {"Service-Version", "X-Request-ID"} | (
                {"Retry-After"} if retry else set()), (path, method, status)
    assert set(SPEC["components"]["headers"]) == {"Service-Version", "X-Request-ID",
                                                  "Retry-After"}
