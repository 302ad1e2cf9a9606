"""A ruleset the service has never seen (tests/tiny.py), registered without touching a file
under service/: the API serves it, lists it and describes it, and a batch and the command
line answer it, because every layer reads the registry (docs/architecture.md)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from openapi_spec_validator import validate

from service import cli
from service.api.app import create_app
from service.openapi import build_spec
from service.rulesets import RULESETS, register
from tests import tiny
from tests.said import said

SELF_DRAWN = {"winner": 2, "concealed": "1122m3344p5566s77z",
              "win": {"tile": "7z", "by": "self_draw"}}
ON_A_DISCARD = {**SELF_DRAWN, "win": {"tile": "7z", "by": "discard", "from": 1}}


@pytest.fixture
def registered() -> Iterator[None]:
    register(tiny.RULESET)
    try:
        yield
    finally:
        RULESETS.pop("tiny")


@pytest.fixture
def tiny_client(registered: None) -> FlaskClient:
    return create_app({"TESTING": True}).test_client()


def test_its_score_endpoint_answers(tiny_client: FlaskClient) -> None:
    # Seven pairs, self-drawn by seat 2: each other seat pays 2.
    answer = tiny_client.post("/v1/tiny/score", json=SELF_DRAWN).get_json()
    assert answer == {"points": 2, "settlement": {
        "payments": [{"from": 0, "to": 2, "amount": 2}, {"from": 1, "to": 2, "amount": 2},
                     {"from": 3, "to": 2, "amount": 2}],
        "net": [-2, -2, 6, -2]}, **said("tiny")}
    # On seat 1's discard: seat 1 alone pays.
    answer = tiny_client.post("/v1/tiny/score", json=ON_A_DISCARD).get_json()
    assert answer["settlement"]["net"] == [0, -2, 2, 0]


def test_its_refusals_are_problems_naming_the_field(tiny_client: FlaskClient) -> None:
    response = tiny_client.post("/v1/tiny/score", json={**SELF_DRAWN,
                                                        "concealed": "123m456m789m11z22z"})
    assert response.status_code == 422
    assert response.get_json()["type"] == "/problems/not-a-win"
    assert list(response.get_json()["errors"]) == ["concealed"]
    response = tiny_client.post("/v1/tiny/score", json={**SELF_DRAWN, "zhen": [1, 1, 1, 1]})
    assert response.status_code == 422
    assert "zhen" in response.get_json()["errors"]
    assert tiny_client.post("/v1/tiny/match", json={}).status_code == 404  # it has no match


def test_it_is_listed_with_its_catalogue(tiny_client: FlaskClient) -> None:
    listed = tiny_client.get("/v1/rulesets").get_json()["rulesets"]
    assert {"id": "tiny", "name": "七对麻将", "name_en": "Seven pairs only",
            "version": "1.0.0"} in listed
    catalogue = tiny_client.get("/v1/rulesets/tiny").get_json()
    assert [p["id"] for p in catalogue["patterns"]] == ["seven_pairs"]


def test_the_openapi_document_describes_it(registered: None) -> None:
    document = build_spec()
    validate(document)
    operation = document["paths"]["/v1/tiny/score"]["post"]
    assert operation["operationId"] == "tiny_score"
    assert "tiny" in document["paths"]["/v1/rulesets/{ruleset_id}"]["get"]["parameters"][0][
        "schema"]["enum"]
    assert "TinyScoreRequest" in document["components"]["schemas"]
    assert "(七对麻将, `tiny`)" in document["info"]["description"]


def test_a_batch_answers_it(tiny_client: FlaskClient) -> None:
    items = [{"id": "a", "ruleset": "tiny", "action": "score", "request": SELF_DRAWN},
             {"id": "b", "ruleset": "tiny", "action": "waits", "request": {}}]
    results = tiny_client.post("/v1/batch", json={"items": items}).get_json()["results"]
    assert results[0]["status"] == 200 and results[0]["answer"]["points"] == 2
    assert results[1]["status"] == 404 and list(results[1]["problem"]["errors"]) == ["action"]


def test_the_command_line_answers_it(registered: None, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    lines = tmp_path / "tiny.jsonl"
    lines.write_text(json.dumps({"id": 1, "ruleset": "tiny", "action": "score",
                                 "request": ON_A_DISCARD}) + "\n", encoding="utf-8")
    assert cli.main([str(lines)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == 200 and result["answer"]["settlement"]["net"] == [0, -2, 2, 0]
