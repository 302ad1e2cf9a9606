"""POST /v1/batch and the mahjong-score command line: one answer per item, the same core."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import requests
from flask.testing import FlaskClient

from bench.hands import chuzhou_hands, yueqing_hands
from service.actions import run
from service.openapi import examples

ROOT = Path(__file__).resolve().parent.parent
CLI = [str(Path(sys.executable).with_name("mahjong-score"))]
# `make check-lines` runs the full 10,000; the test suite a smaller file of the same kind.
LINES = int(os.environ.get("CHECK_LINES", "600"))

BATCH = examples()["batch"]["request"]


def generated_items(chuzhou: int, yueqing: int) -> list[dict[str, Any]]:
    """Generated hands with ``expected``; every 25th expectation has a wrong net."""
    items = []
    hands = [("chuzhou", body) for body in chuzhou_hands(chuzhou, seed=11)]
    hands += [("yueqing", body) for body in yueqing_hands(yueqing, seed=12)]
    for index, (ruleset, body) in enumerate(hands):
        answer = run(ruleset, "score", body)
        total = "fan" if ruleset == "chuzhou" else "tai"
        net = list(answer["settlement"]["net"])
        if index % 25 == 0:
            net[0] += 1
        expected = {total: answer[total], "settlement": {"net": net}}
        items.append({"id": index, "ruleset": ruleset, "action": "score",
                      "request": {**body, "expected": expected}})
    # one hand that is not a win: its own 422, the others untouched
    broken = {"id": "broken", "ruleset": "chuzhou", "action": "score", "request": {
        "dealer": 0, "winner": 1, "hand": {"concealed": "222m345p678s789s98s"},
        "win": {"tile": "2m", "by": "discard", "from": 3}, "expected": {"fan": 20}}}
    return [*items, broken]


def test_cli_and_batch_give_identical_results(live_server: str, tmp_path: Path) -> None:
    chuzhou = LINES * 2 // 3
    items = generated_items(chuzhou, LINES - chuzhou)
    lines = tmp_path / "hands.jsonl"
    lines.write_text("".join(json.dumps(item) + "\n" for item in items), encoding="utf-8")

    done = subprocess.run([*CLI, "--check", "--workers", "2", str(lines)], capture_output=True,
                          text=True, timeout=1800, check=False)
    assert done.returncode == 1, done.stderr
    from_cli = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r.pop("line") for r in from_cli] == list(range(1, len(items) + 1))
    wrong = len(range(0, LINES, 25))
    assert (f"checked {len(items):,} item(s) with expected: {len(items) - wrong - 1:,} ok, "
            f"{wrong:,} differ, 1 refused") in done.stderr
    assert "line 1: settlement.net.0: expected" in done.stderr
    assert f"{len(items):,} line(s): {len(items) - 1:,} answered, 1 refused" in done.stderr

    from_batch: list[dict[str, Any]] = []
    for start in range(0, len(items), 250):
        response = requests.post(f"{live_server}/v1/batch",
                                 json={"items": items[start:start + 250]}, timeout=300)
        assert response.status_code == 200
        from_batch.extend(response.json()["results"])

    assert from_cli == from_batch
    assert [r["id"] for r in from_cli] == [item["id"] for item in items]
    assert from_cli[-1]["status"] == 422
    assert from_cli[-1]["problem"]["type"] == "/problems/not-a-win"
    assert [r["answer"]["check"]["ok"] for r in from_cli[:-1]] == [
        index % 25 != 0 for index in range(LINES)]


def test_one_bad_item_never_fails_the_others(client: FlaskClient) -> None:
    items = [*BATCH["items"],
             {"id": {"any": "json"}, "ruleset": "riichi", "action": "score", "request": {}},
             {"ruleset": "chuzhou", "action": "shuffle", "request": {}},
             {"ruleset": "chuzhou", "action": "score"},
             {"id": 9, "ruleset": "chuzhou", "action": "draw", "request": {"dealer": 5}}]
    response = client.post("/v1/batch", json={"items": items})
    assert response.status_code == 200
    results = response.get_json()["results"]
    assert [r["status"] for r in results] == [200, 200, 200, 404, 404, 422, 422]
    assert [r["id"] for r in results] == ["hand-1", "hand-2", "hand-3", {"any": "json"},
                                          None, None, 9]
    assert results[0]["answer"]["check"]["ok"] is True
    assert list(results[3]["problem"]["errors"]) == ["ruleset"]
    assert list(results[4]["problem"]["errors"]) == ["action"]
    assert list(results[5]["problem"]["errors"]) == ["request"]
    assert list(results[6]["problem"]["errors"]) == ["request.dealer"]
    # the single endpoint's own problem, its field named from the item (issue #23)
    alone = client.post("/v1/chuzhou/draw", json={"dealer": 5}).get_json()
    assert results[6]["problem"] == {
        **alone, "detail": f"request.{alone['detail']}",
        "errors": {"request.dealer": alone["errors"]["dealer"]},
        "causes": [{**cause, "field": f"request.{cause['field']}"}
                   for cause in alone["causes"]]}


@pytest.mark.parametrize("stray", ["score this", 7, None, [1, 2], True])
def test_an_item_that_is_not_an_object_gets_its_own_422(client: FlaskClient, stray: Any) -> None:
    items = [BATCH["items"][0], stray, BATCH["items"][1]]
    response = client.post("/v1/batch", json={"items": items})
    assert response.status_code == 200, response.get_data(as_text=True)
    results = response.get_json()["results"]
    assert [r["status"] for r in results] == [200, 422, 200]
    assert results[1]["id"] is None
    assert results[1]["problem"]["type"] == "/problems/schema-violation"
    assert results[1]["problem"]["errors"] == {
        "body": ["an item is an object with ruleset, action and request"]}


def test_over_the_caps_is_refused_whole(client: FlaskClient) -> None:
    draw = {"ruleset": "chuzhou", "action": "draw", "request": {"dealer": 0}}
    assert client.post("/v1/batch", json={"items": [draw] * 1000}).status_code == 200
    response = client.post("/v1/batch", json={"items": [draw] * 1001})
    assert response.status_code == 413
    assert response.content_type == "application/problem+json"
    match = {"ruleset": "chuzhou", "action": "match",
             "request": {"dealer": 0, "events": [{"type": "draw", "request": {}}] * 200}}
    assert client.post("/v1/batch", json={"items": [match] * 10}).status_code == 200
    response = client.post("/v1/batch", json={"items": [match] * 11})
    assert response.status_code == 413
    problem = response.get_json()
    assert "2,200 hands" in problem["detail"] and "at most 2,000" in problem["detail"]
    assert list(problem["errors"]) == ["items"]


def test_a_body_that_is_not_a_batch(client: FlaskClient) -> None:
    # the batch itself malformed; an item that is not an object is a bad item (above)
    for body in ([], {"items": {}}, {"items": [], "extra": 1}, {"items": "not a list"}):
        response = client.post("/v1/batch", json=body)
        assert response.status_code == 422
        assert response.get_json()["errors"]


def test_cli_reads_stdin_and_answers_bad_lines(tmp_path: Path) -> None:
    text = '{"ruleset": "chuzhou", "action": "instant", "request": {"event": "followed_discard", ' \
           '"seat": 1}}\n\n{not json\n'
    done = subprocess.run(CLI, input=text, capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0
    first, blank, broken = (json.loads(line) for line in done.stdout.splitlines())
    assert first["answer"]["net"] == [10, -30, 10, 10]
    assert (first["line"], blank["line"], broken["line"]) == (1, 2, 3)
    assert blank["status"] == broken["status"] == 400
    # the summary, and no progress bar when stderr is not a terminal
    assert done.stderr == "3 line(s): 1 answered, 2 refused\n"


def test_cli_help_and_the_readme_file() -> None:
    done = subprocess.run([*CLI, "--help"], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0
    assert "examples:" in done.stdout and "--check" in done.stdout
    done = subprocess.run([*CLI, "--check", "examples/check.jsonl"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "0 differ, 0 refused" in done.stderr
