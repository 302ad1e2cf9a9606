"""Every example in the contract is real: the live service answers each example request with
exactly the example answer (issue #9)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests

from service.openapi import (
    EXAMPLE_RULES,
    EXAMPLES_FILE,
    UNSHOWN_PROBLEMS,
    build_spec,
    examples,
    refreshed_examples,
    spec_yaml,
)
from tests.conftest import under_mutation
from tests.server import running_server
from tools import problem_examples

SPEC = build_spec()
ROOT = Path(__file__).resolve().parent.parent


def _shown(media: dict[str, Any], name: str) -> Any:
    return media["example"] if "example" in media else media["examples"][name]["value"]


EXAMPLES = [
    (path, method, op) for path, item in SPEC["paths"].items() for method, op in item.items()
    if "example" in op["responses"]["200"]["content"].get("application/json", {})
    or "defaults" in op["responses"]["200"]["content"].get("application/json", {}).get(
        "examples", {})
]
# Operations shown under the example variants too (a match, a batch mixing them): asked of a
# deployment serving examples/rules.
UNDER_VARIANTS = [(path, op) for path, method, op in EXAMPLES if "examples" in
                  op["responses"]["200"]["content"]["application/json"]]


def test_every_scoring_operation_has_an_example() -> None:
    posts = [op["operationId"] for _, method, op in EXAMPLES if method == "post"]
    assert len(posts) == 13
    assert {op["operationId"] for _, op in UNDER_VARIANTS} == {
        "chuzhou_match", "yueqing_match", "batch"}


@pytest.fixture(scope="module")
def variant_server() -> Iterator[str]:
    if under_mutation():
        pytest.skip("mutation testing: the server would import the sources, not the mutants")
    with running_server(workers=1, env={"RULES_DIR": str(EXAMPLE_RULES)}) as base:
        yield base


@pytest.mark.parametrize(("path", "op"), UNDER_VARIANTS,
                         ids=[op["operationId"] for _, op in UNDER_VARIANTS])
def test_the_examples_under_variants_are_what_a_deployment_serving_them_answers(
        variant_server: str, path: str, op: dict[str, Any]) -> None:
    body = _shown(op["requestBody"]["content"]["application/json"], "under_variants")
    expected = _shown(op["responses"]["200"]["content"]["application/json"], "under_variants")
    asked = json.dumps(body)
    assert '"variant"' in asked
    response = requests.post(variant_server + path, json=body, timeout=10)
    assert response.status_code == 200, response.text
    assert response.json() == expected


@pytest.mark.parametrize(("path", "method", "op"), EXAMPLES,
                         ids=[op["operationId"] for _, _, op in EXAMPLES])
def test_the_example_answer_is_what_the_service_answers(
        live_server: str, path: str, method: str, op: dict[str, Any]) -> None:
    expected = _shown(op["responses"]["200"]["content"]["application/json"], "defaults")
    if method == "post":
        body = _shown(op["requestBody"]["content"]["application/json"], "defaults")
        response = requests.post(live_server + path, json=body, timeout=10)
    else:
        response = requests.get(live_server + path, timeout=10)
    assert response.status_code == 200, response.text
    if op["operationId"] == "get_openapi_json":  # the document, abridged in its own example
        assert {name: response.json()[name] for name in expected} == expected
    else:
        assert response.json() == expected


# A path with a parameter shows its example under a name, its summary the path it answers.
NAMED = [(example["summary"].removeprefix("GET "), example["value"])
         for item in SPEC["paths"].values() if "get" in item
         for example in item["get"]["responses"]["200"]["content"].get("application/json", {})
         .get("examples", {}).values()]


@pytest.mark.parametrize(("path", "expected"), NAMED, ids=[path for path, _ in NAMED])
def test_each_named_example_is_what_the_service_answers(
        live_server: str, path: str, expected: Any) -> None:
    response = requests.get(live_server + path, timeout=10)
    assert response.status_code == 200, response.text
    assert response.json() == expected


def test_the_named_examples_cover_every_path_with_a_parameter() -> None:
    shown = {path for path, _ in NAMED}
    for template, item in SPEC["paths"].items():
        if "{" in template and "get" in item:
            assert any(path.startswith(template.split("{")[0]) for path in shown), template


ERROR_EXAMPLES = problem_examples.ASKED


@pytest.mark.parametrize("status", sorted(ERROR_EXAMPLES))
def test_each_error_example_is_what_the_live_service_answers(live_server: str,
                                                             status: str) -> None:
    method, path, headers, body = ERROR_EXAMPLES[status]
    response = requests.request(method, live_server + path, headers=headers, data=body,
                                timeout=10)
    assert str(response.status_code) == status.split()[0]
    assert response.headers["Content-Type"] == "application/problem+json"
    assert response.json() == examples()["problems"][status]


def test_the_examples_no_request_can_ask_for_are_made_as_the_service_makes_them() -> None:
    made = problem_examples.in_process()
    assert made == examples()["problems"]  # tools/problem_examples.py: `make examples`


def test_every_error_answer_in_the_contract_shows_a_real_problem() -> None:
    problems = examples()["problems"]
    for path, item in SPEC["paths"].items():
        for op in item.values():
            for status, response in op["responses"].items():
                media = response.get("content", {}).get("application/problem+json")
                if media is None:
                    continue
                shown = media.get("example")
                if (path, status) in UNSHOWN_PROBLEMS:
                    assert shown is None
                else:  # the one made for the path, its ruleset or its status, as listed
                    assert shown is not None, (op["operationId"], status)
                    assert shown in problems.values()
                    assert shown["status"] == int(status)
            assert {"405", "500"} <= set(op["responses"]), op["operationId"]
    assert problems["422 yueqing"]["errors"]  # each ruleset shows its own refusal
    assert SPEC["paths"]["/v1/yueqing/score"]["post"]["responses"]["422"]["content"][
        "application/problem+json"]["example"] == problems["422 yueqing"]


def test_make_examples_and_make_openapi_on_a_clean_checkout_rewrite_nothing() -> None:
    # What `make examples` (the answers, then the problems) and `make openapi` would write is
    # byte for byte what is committed: regeneration leaves `git status` clean.
    committed = EXAMPLES_FILE.read_text(encoding="utf-8")
    assert problem_examples.refreshed(refreshed_examples()) == committed, "run `make examples`"
    assert spec_yaml() == (ROOT / "openapi.yaml").read_text(encoding="utf-8"), \
        "run `make openapi`"
