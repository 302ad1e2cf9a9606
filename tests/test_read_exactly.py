"""Input read exactly (issue #43): a version pin is matched whole, with a code of its own;
``Accept-Language`` is cut only where an item ends; ``NaN`` and ``Infinity`` are not JSON, in
a body, a batch item or a command-line line, and the refusal says where; the command line's
Chinese lines hold none of the JSON reader's English."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
import yaml
from flask.testing import FlaskClient

from service import cli
from service.language import CHINESE, ENGLISH, MAX_HEADER, negotiate
from service.rulesets import RULESETS
from service.schemas.rules import PIN, SHOWN_PIN
from tests.test_language import english_in

ROOT = Path(__file__).resolve().parent.parent
ZH = {"Accept-Language": "zh-CN"}
DRAW = {"dealer": 0, "zhen": [1, 1, 1, 1], "kongs": 1}
YUEQING_DRAW = {"dealer": 0, "lao_zhuang": 2, "caishen": "5p",
                "players": [{"seat": 0, "flowers": 1}, {"seat": 1}, {"seat": 2}, {"seat": 3}]}
NOT_VERSIONS = ["v2", "2\n", " 2", "2 ", "1.2.3.4", "", "1..2", "2.", "\n2", "２", "1234567"]


def _texts(problem: dict[str, Any]) -> list[str]:
    return [problem["title"], problem["detail"],
            *(text for texts in problem["errors"].values() for text in texts),
            *(cause["message"] for cause in problem["causes"])]


def _pin_refused(problem: dict[str, Any], field: str, pin: str) -> None:
    """The problem refuses the pin with its own code, its params and both languages' words."""
    assert problem["type"] == "/problems/schema-violation", problem
    (cause,) = problem["causes"]
    assert cause["field"] == field
    assert cause["code"] == "not-a-version"
    assert cause["params"] == {"pin": pin, "pattern": PIN}
    assert json.dumps(pin, ensure_ascii=False) in cause["message"]


# --- the pin, matched whole -----------------------------------------------------------------

@pytest.mark.parametrize("pin", NOT_VERSIONS)
def test_a_pin_that_is_not_a_version_is_refused_with_its_own_code(
        client: FlaskClient, pin: str) -> None:
    for path, body in (("/v1/chuzhou/draw", DRAW), ("/v1/yueqing/draw", YUEQING_DRAW)):
        answer = client.post(path, json={**body, "ruleset_version": pin})
        assert answer.status_code == 422, (path, answer.get_json())
        _pin_refused(answer.get_json(), "ruleset_version", pin)


def test_a_pin_with_a_newline_is_not_read_as_the_version_before_it(
        client: FlaskClient) -> None:
    major = str(RULESETS["chuzhou"].major)
    assert client.post("/v1/chuzhou/draw", json={**DRAW, "ruleset_version": major}) \
        .status_code == 200
    assert client.post("/v1/chuzhou/draw", json={**DRAW, "ruleset_version": major + "\n"}) \
        .status_code == 422


def test_a_refused_pin_reads_in_chinese_with_the_same_code_and_params(
        client: FlaskClient) -> None:
    body = {**DRAW, "ruleset_version": "v2"}
    english = client.post("/v1/chuzhou/draw", json=body).get_json()
    chinese = client.post("/v1/chuzhou/draw", json=body, headers=ZH).get_json()
    assert [(c["code"], c["params"]) for c in english["causes"]] == \
        [(c["code"], c["params"]) for c in chinese["causes"]]
    assert "不是版本号" in chinese["causes"][0]["message"]
    assert all(english_in(text) == [] for text in _texts(chinese)), _texts(chinese)


def test_a_long_pin_comes_back_cut_to_its_first_characters(client: FlaskClient) -> None:
    pin = "1" * 100_000
    answer = client.post("/v1/chuzhou/draw", json={**DRAW, "ruleset_version": pin})
    assert answer.status_code == 422
    _pin_refused(answer.get_json(), "ruleset_version", pin[:SHOWN_PIN] + "…")
    assert len(answer.data) < 4096


def test_a_pin_is_refused_alike_in_a_batch_item_a_match_and_a_command_line_line(
        client: FlaskClient, tmp_path: Path, capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    items = [{"id": "draw", "ruleset": "chuzhou", "action": "draw",
              "request": {**DRAW, "ruleset_version": "2\n"}},
             {"id": "match", "ruleset": "chuzhou", "action": "match",
              "request": {"dealer": 0, "ruleset_version": " 2",
                          "events": [{"type": "draw", "request": {}}]}}]
    batch = client.post("/v1/batch", json={"items": items}).get_json()["results"]
    lines = tmp_path / "pins.jsonl"
    lines.write_text("".join(json.dumps(item) + "\n" for item in items), encoding="utf-8")
    cli.main([str(lines)])
    from_cli = [json.loads(line) for line in capfdbinary.readouterr().out.splitlines()]
    for results in (batch, from_cli):
        assert [result["status"] for result in results] == [422, 422]
        _pin_refused(results[0]["problem"], "request.ruleset_version", "2\n")
        _pin_refused(results[1]["problem"], "request.ruleset_version", " 2")
    match = client.post("/v1/chuzhou/match", json=items[1]["request"])
    assert match.status_code == 422
    _pin_refused(match.get_json(), "ruleset_version", " 2")


def test_the_published_pattern_agrees_with_the_service(client: FlaskClient) -> None:
    """JSON Schema reads ``pattern`` as ECMA-262 does (``$`` the end of the text): the
    contract's pin refuses what the service refuses, and takes what it takes."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    requests = {name: schema for name, schema in spec["components"]["schemas"].items()
                if "ruleset_version" in schema.get("properties", {})
                and name.endswith("Request")}
    assert requests
    for name, schema in requests.items():
        assert schema["properties"]["ruleset_version"]["pattern"] == PIN, name
    published = jsonschema_rs.validator_for(
        next(iter(requests.values()))["properties"]["ruleset_version"])
    major = str(RULESETS["chuzhou"].major)
    for pin in [*NOT_VERSIONS, major, f"{major}.0", f"{major}.0.0"]:
        answer = client.post("/v1/chuzhou/draw", json={**DRAW, "ruleset_version": pin})
        assert published.is_valid(pin) == (answer.status_code == 200), (pin, answer.get_json())


# --- Accept-Language, cut only where an item ends ---------------------------------------------

def test_an_item_cut_at_the_bound_is_dropped_not_read_otherwise(client: FlaskClient) -> None:
    header = "en;q=0.9," + " " * 500 + "zh-CN;q=0"
    assert len(header) > MAX_HEADER > header.index("zh")
    assert negotiate(header) == ENGLISH
    answer = client.post("/v1/chuzhou/draw", json={**DRAW, "dealer": 9},
                         headers={"Accept-Language": header})
    assert answer.headers["Content-Language"] == "en"
    assert answer.get_json()["title"] == "The request does not match the schema"


@pytest.mark.parametrize(("header", "language"), [
    # "zh;q=0.5" cut after "zh" would weigh 1: it is dropped, whatever it weighs whole
    ("en;q=0.6," + " " * (MAX_HEADER - 11) + "zh;q=0.5", ENGLISH),
    ("en;q=0.4," + " " * (MAX_HEADER - 11) + "zh;q=0.5", ENGLISH),
    ("en;q=0.4," + " " * (MAX_HEADER - 13) + "zh;q=0.5", ENGLISH),
    # an item that ends at the bound, or has only spaces past it, is read whole
    ("en;q=0.4," + " " * (MAX_HEADER - 11) + "zh", CHINESE),
    ("en;q=0.4," + " " * (MAX_HEADER - 11) + "zh    , fr", CHINESE),
    ("en;q=0.4," + " " * (MAX_HEADER - 11) + "zh,de", CHINESE),
    # past the bound nothing is read, whatever it says
    ("en;q=0.4," + " " * MAX_HEADER + ", zh", ENGLISH),
    # one item longer than the bound: nothing is read, English
    ("zh;q=1" + " " * MAX_HEADER, CHINESE),
    ("zh" + "-x" * MAX_HEADER, ENGLISH),
])
def test_a_long_header_is_read_to_the_last_whole_item_before_its_bound(
        header: str, language: str) -> None:
    assert len(header) >= MAX_HEADER
    assert negotiate(header) == language


# --- NaN and Infinity are not JSON, and the refusal says where --------------------------------

@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_a_body_holding_nan_or_infinity_is_refused_saying_where(
        client: FlaskClient, constant: str) -> None:
    body = '{"dealer": 0,\n "expected": {"wall_reserve": ' + constant + "}}"
    answer = client.post("/v1/chuzhou/draw", data=body.encode(),
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    problem = answer.get_json()
    assert problem["type"] == "/problems/bad-json"
    (cause,) = problem["causes"]
    assert cause["code"] == "not-json"
    assert cause["params"] == {"size": len(body), "line": 2, "column": 31,
                               "reason": f"{constant} is not JSON"}
    assert problem["detail"] == \
        f"The body ({len(body)} bytes) is not valid JSON: line 2, column 31."
    chinese = client.post("/v1/chuzhou/draw", data=body.encode(),
                          headers={"Content-Type": "application/json", **ZH}).get_json()
    assert chinese["detail"] == f"请求体（{len(body)} 字节）不是有效的 JSON：第 2 行第 31 列出错。"
    assert chinese["causes"][0]["params"] == cause["params"]


def test_a_batch_item_holding_nan_is_refused_with_the_whole_body(client: FlaskClient) -> None:
    """The issue's case: ``"id": NaN`` was answered 200 with ``"id": null``, the client's
    correlation id lost. The batch is one JSON text: it is refused whole, saying where."""
    item = '{"id": NaN, "ruleset": "chuzhou", "action": "draw", "request": {"dealer": 0}}'
    body = '{"items": [' + item + "]}"
    answer = client.post("/v1/batch", data=body.encode(),
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 400
    (cause,) = answer.get_json()["causes"]
    assert cause["code"] == "not-json"
    assert (cause["params"]["line"], cause["params"]["column"]) == (1, body.index("NaN") + 1)


def test_an_error_elsewhere_still_says_where_and_nothing_else_is_read_otherwise(
        client: FlaskClient) -> None:
    broken = b'{"dealer": 0,\n\n  "kongs" 1}'
    problem = client.post("/v1/chuzhou/draw", data=broken,
                          headers={"Content-Type": "application/json"}).get_json()
    params = problem["causes"][0]["params"]
    assert (params["size"], params["line"], params["column"]) == (len(broken), 3, 11)
    assert params["reason"] and problem["detail"].endswith("line 3, column 11.")
    # the last of two equal keys stands, as before; a number past 64 bits is the schema's
    twice = b'{"dealer": 3, "dealer": 0, "kongs": 1}'
    assert client.post("/v1/chuzhou/draw", data=twice,
                       headers={"Content-Type": "application/json"}).get_json()["next"] == \
        client.post("/v1/chuzhou/draw", json={"dealer": 0, "kongs": 1}).get_json()["next"]
    huge = b'{"dealer": 123456789012345678901234567890}'
    answer = client.post("/v1/chuzhou/draw", data=huge,
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 422 and "dealer" in answer.get_json()["errors"]
    # the words NaN and Infinity inside a string are a string's
    words = b'{"dealer": 0, "ruleset_version": "NaN Infinity"}'
    assert client.post("/v1/chuzhou/draw", data=words,
                       headers={"Content-Type": "application/json"}).status_code == 422


# --- the command line -------------------------------------------------------------------------

def test_a_command_line_line_that_is_not_json_says_where_in_either_language(
        tmp_path: Path, capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    lines = tmp_path / "broken.jsonl"
    lines.write_bytes(b'{"id": NaN, "ruleset": "chuzhou"}\n{"id": 1,, "ruleset": "chuzhou"}\n'
                      b'{"id": [-Infinity]}\n')
    said: dict[str, list[dict[str, Any]]] = {}
    try:
        for language in (ENGLISH, CHINESE):
            cli.main(["--lang", language, str(lines)])
            said[language] = [json.loads(line)
                              for line in capfdbinary.readouterr().out.splitlines()]
    finally:
        cli.SPOKEN["language"] = ENGLISH
    for language, results in said.items():
        assert [result["status"] for result in results] == [400, 400, 400]
        assert [result["id"] for result in results] == [None, None, None]
        found = [result["problem"]["causes"][0]["params"] for result in results]
        assert [params["column"] for params in found] == [8, 10, 9], language
        assert found[0]["reason"] == "NaN is not JSON"
        assert found[2]["reason"] == "-Infinity is not JSON"
        assert found[1]["reason"]  # the JSON reader's own words, whatever its version
        assert all(result["problem"]["causes"][0]["code"] == "not-json" for result in results)
    assert said[ENGLISH][0]["problem"]["detail"] == "The line is not valid JSON: column 8."
    assert said[CHINESE][0]["problem"]["detail"] == "这一行不是有效的 JSON：第 8 列出错。"
    for result in said[CHINESE]:
        texts = _texts(result["problem"])
        assert all(english_in(text) == [] for text in texts), texts
        assert not any("Expecting" in text or "is not JSON" in text for text in texts), texts
