"""Answers' pattern and item ids are open (issue #23): an answer carrying an id this contract
does not list yet, as a later /v1 version may add, still meets openapi.yaml, and a client
generated from it today parses it, while an id that is not a string is still refused. The same
for a problem's cause code (issue #44)."""

from __future__ import annotations

import copy
import functools
import json
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema.exceptions import ValidationError
from openapi_schema_validator import OAS31Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service.api.app import create_app
from tests.test_generated_client import BIN, ROOT, generate_client, run
from tests.test_readme import CURL, README

UNKNOWN = "new_pattern_2027"
SPEC_URI = "urn:mahjong:openapi"

# Every kind of entry with an id, as a real answer carries it: the answer of, and where.
IDS = [
    ("/v1/chuzhou/score", ["patterns", 0]),  # ChuzhouPattern
    ("/v1/yueqing/score", ["patterns", 0]),  # YueqingItem
    ("/v1/yueqing/score", ["flowers", "items", 0]),  # YueqingFlowerItem
    ("/v1/yueqing/escape", ["claims", 0, "candidates", 0]),  # YueqingCandidate
    ("/v1/yueqing/escape", ["claims", 0, "best"]),  # YueqingCandidate, in the nullable best
]


def readme_request(path: str) -> dict[str, Any]:
    """The README's first example request to path, as tests/test_generated_client.py takes it."""
    return next(json.loads(body) for found, body in CURL.findall(README) if found == path and body)


@pytest.fixture(scope="module")
def answers() -> dict[str, dict[str, Any]]:
    """Real answers of the service to the README's examples."""
    yueqing = readme_request("/v1/yueqing/score")
    # One flower tile: the README's hand has none, and so no flower item to change.
    yueqing["hand"]["flowers"] = 1
    requests = {"/v1/chuzhou/score": readme_request("/v1/chuzhou/score"),
                "/v1/yueqing/score": yueqing,
                "/v1/yueqing/escape": readme_request("/v1/yueqing/escape")}
    client = create_app({"TESTING": True}).test_client()
    got = {}
    for path, body in requests.items():
        response = client.post(path, json=body)
        assert response.status_code == 200, response.get_data(as_text=True)
        got[path] = response.get_json()
    # A refusal whose cause has params (tile-count: concealed holds 10 where 8 are expected)
    wrong_size = copy.deepcopy(requests["/v1/chuzhou/score"])
    wrong_size["hand"]["concealed"] = "123m678m99p99p"
    refused = client.post("/v1/chuzhou/score", json=wrong_size)
    assert refused.status_code == 422, refused.get_data(as_text=True)
    got["/v1/chuzhou/score 422"] = refused.get_json()
    return got


def with_id(answer: dict[str, Any], where: list[Any], value: object) -> dict[str, Any]:
    changed = copy.deepcopy(answer)
    entry: Any = changed
    for step in where:
        entry = entry[step]
    entry["id"] = value
    return changed


@functools.cache
def spec_registry() -> Registry[Any]:
    """openapi.yaml as a JSON Schema 2020-12 resource (OAS 3.1), read once for every case."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    return Registry().with_resource(
        SPEC_URI, Resource.from_contents(spec, default_specification=DRAFT202012))


def answer_validator(path: str) -> OAS31Validator:
    """The 200 answer schema of POST path in openapi.yaml, its #/components refs resolved in
    the spec itself."""
    pointer = "/".join(["paths", path.replace("/", "~1"), "post", "responses", "200", "content",
                        "application~1json", "schema"])
    return OAS31Validator({"$ref": f"{SPEC_URI}#/{pointer}"}, registry=spec_registry())


def error_paths(errors: Iterable[ValidationError]) -> list[list[str | int]]:
    """Where each error points, the errors within an anyOf's branches included."""
    return [path for error in errors
            for path in [list(error.absolute_path), *error_paths(error.context or [])]]


@pytest.mark.parametrize(("path", "where"), IDS,
                         ids=[path[4:] + ":" + "/".join(map(str, where)) for path, where in IDS])
def test_the_spec_accepts_an_unknown_id_and_refuses_a_non_string(
        answers: dict[str, dict[str, Any]], path: str, where: list[Any]) -> None:
    validator = answer_validator(path)
    answer = answers[path]
    # The real answer meets the spec as it is: otherwise the checks below would prove nothing.
    assert list(validator.iter_errors(answer)) == []
    validator.validate(with_id(answer, where, UNKNOWN))
    # A spec accepting anything there would pass the line above: an id is still a string. The
    # answer differs from the real one by the id alone, and the refusal names that id (within
    # the anyOf of a nullable entry, such as best).
    errors = list(validator.iter_errors(with_id(answer, where, 7)))
    assert errors and [*where, "id"] in error_paths(errors), errors


def test_the_spec_accepts_an_unknown_code_and_types_the_params_of_a_known_one(
        answers: dict[str, dict[str, Any]]) -> None:
    validator = OAS31Validator({"$ref": f"{SPEC_URI}#/components/schemas/Problem"},
                               registry=spec_registry())
    problem = answers["/v1/chuzhou/score 422"]
    assert problem["causes"][0]["code"] == "tile-count"
    assert list(validator.iter_errors(problem)) == []
    later = copy.deepcopy(problem)
    later["causes"][0]["code"] = "a-code-added-later"
    validator.validate(later)
    for where, value in ((["code"], 7), (["params", "count"], "10"), (["params", "tiles"], ["x"])):
        wrong = copy.deepcopy(problem)
        place = wrong["causes"][0]
        for step in where[:-1]:
            place = place[step]
        place[where[-1]] = value
        errors = list(validator.iter_errors(wrong))
        assert errors and any(path[:len(where) + 2] == ["causes", 0, *where]
                              for path in error_paths(errors)), (where, errors)


def test_a_generated_client_parses_an_unknown_id(
        answers: dict[str, dict[str, Any]], tmp_path: Path) -> None:
    generate_client(tmp_path)  # as tests/test_generated_client.py does
    shutil.copy(ROOT / "tests" / "client" / "unknown_id.py", tmp_path / "unknown_id.py")
    # The script handles the generated `TheEnum | str` id the way an app would: typed strictly.
    run([str(BIN / "mypy"), "--strict", "--no-incremental", "mahjong_client", "unknown_id.py"],
        tmp_path)
    (tmp_path / "answers.json").write_text(json.dumps(answers), encoding="utf-8")
    out = run([sys.executable, "unknown_id.py", "answers.json"], tmp_path)
    assert "unknown ids parse through the generated client" in out
