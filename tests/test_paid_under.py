"""A stored answer rechecked (docs/contract.md, Versioning; G-10): verify mode's
``paid_under`` lists the money's changes since in ``check``; a refused request with
``expected`` carries its check in the problem; a pin that conflicts answers 409 listing the
changes since the pin. Single actions, matches, batch items and command-line lines alike."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.actions import run
from service.errors import ProblemError
from service.rulesets import RULESETS
from service.rulesets.changes import since
from tests.test_batch import CLI

# The README's first hand: fan 10, net [-40, 110, -30, -40]; chuzhou's MAJOR moved at 2.0.0
README_HAND: dict[str, Any] = {
    "dealer": 0, "winner": 1, "zhen": [1, 1, 1, 1],
    "hand": {"concealed": "123m678m99p", "melds": [
        {"type": "chi", "tiles": "345s", "from": 0}, {"type": "peng", "tiles": "777p", "from": 3}]},
    "win": {"tile": "8m", "by": "discard", "from": 3}}
STORED = {"settlement": {"net": [-40, 110, -30, -40]}}
# 天胡 with 海底捞月: paid +520 番 before chuzhou 2.1.0, refused since (CZ-18, G-10)
IMPOSSIBLE = {"dealer": 0, "winner": 0, "hand": {"concealed": "123m456p789s11z555s"},
              "win": {"tile": "5s", "by": "self_draw"},
              "situation": {"heavenly": True, "last_tile": True}}


def _versions(changes: list[dict[str, Any]]) -> list[str]:
    return [change["version"] for change in changes]


def test_a_stored_answer_paid_under_an_older_money_checks_and_names_the_changes(
        client: FlaskClient) -> None:
    answer = client.post("/v1/chuzhou/score", json={
        **README_HAND, "paid_under": "1.2.0", "expected": STORED})
    assert answer.status_code == 200
    check = answer.get_json()["check"]
    assert check["ok"] is True and check["differences"] == []
    listed = _versions(check["changes"])
    assert "2.0.0" in listed and "1.2.0" not in listed  # what lies between, not the paid one
    assert listed == _versions(since(RULESETS["chuzhou"].changes, "1.2.0"))
    assert next(c for c in check["changes"] if c["version"] == "2.0.0")["kind"] == "MAJOR"


def test_a_stored_net_that_differs_is_named_beside_the_changes(client: FlaskClient) -> None:
    check = client.post("/v1/chuzhou/score", json={
        **README_HAND, "paid_under": "1.2.0",
        "expected": {"settlement": {"net": [-40, 100, -30, -30]}}}).get_json()["check"]
    assert check["ok"] is False
    assert check["differences"] == [
        {"path": "settlement.net.1", "expected": 100, "actual": 110},
        {"path": "settlement.net.3", "expected": -30, "actual": -40}]
    assert "2.0.0" in _versions(check["changes"])


def test_paid_under_todays_version_lists_no_change(client: FlaskClient) -> None:
    today = RULESETS["chuzhou"].version
    check = client.post("/v1/chuzhou/score", json={
        **README_HAND, "paid_under": today, "expected": STORED}).get_json()["check"]
    assert check == {"ok": True, "differences": [], "changes": []}
    # without paid_under the check is as it was: no changes member
    plain = client.post("/v1/chuzhou/score", json={**README_HAND, "expected": STORED})
    assert plain.get_json()["check"] == {"ok": True, "differences": []}


def test_a_pin_that_conflicts_lists_the_changes_since_it(client: FlaskClient) -> None:
    answer = client.post("/v1/chuzhou/score", json={**README_HAND, "ruleset_version": "1"})
    assert answer.status_code == 409
    problem = answer.get_json()
    assert problem["type"] == "/problems/ruleset-version-conflict"
    assert _versions(problem["changes"]) == _versions(since(RULESETS["chuzhou"].changes, "1"))
    assert "2.0.0" in _versions(problem["changes"])
    newer = RULESETS["chuzhou"].major + 1
    ahead = client.post("/v1/chuzhou/score", json={**README_HAND,
                                                   "ruleset_version": str(newer)})
    assert ahead.status_code == 409 and ahead.get_json()["changes"] == []


def test_a_request_refused_today_carries_its_check_in_the_problem(client: FlaskClient) -> None:
    # G-10: the stored answer paid 天胡 with 海底捞月; today's rules refuse the request
    answer = client.post("/v1/chuzhou/score", json={
        **IMPOSSIBLE, "paid_under": "2.0.0", "expected": {"fan": 590,
                                                          "settlement": {"net": [1, 2]}}})
    assert answer.status_code == 422
    problem = answer.get_json()
    check = problem["check"]
    assert check["ok"] is False and check["refused"] == problem["type"]
    assert check["differences"] == [
        {"path": "fan", "expected": 590, "actual": None},
        {"path": "settlement", "expected": {"net": [1, 2]}, "actual": None}]
    refusal = next(change for change in check["changes"] if change["version"] == "2.1.0")
    assert "impossible-refused" in refusal["changed"]  # what tells the app why
    # the same refusal without expected carries no check
    assert "check" not in client.post("/v1/chuzhou/score", json=IMPOSSIBLE).get_json()


def test_a_conflicting_pin_with_expected_carries_both(client: FlaskClient) -> None:
    problem = client.post("/v1/chuzhou/score", json={
        **README_HAND, "ruleset_version": "1", "paid_under": "1.2.0",
        "expected": STORED}).get_json()
    assert problem["status"] == 409
    assert problem["check"]["refused"] == "/problems/ruleset-version-conflict"
    assert _versions(problem["check"]["changes"]) == _versions(
        since(RULESETS["chuzhou"].changes, "1.2.0"))
    assert _versions(problem["changes"]) == _versions(since(RULESETS["chuzhou"].changes, "1"))


@pytest.mark.parametrize(("extra", "code"), [
    ({"paid_under": "1.9.0", "expected": STORED}, "unknown-version"),
    ({"paid_under": "v1.2.0", "expected": STORED}, "unknown-version"),
    ({"paid_under": "1.2.0"}, "paid-under-alone"),
])
def test_paid_under_is_a_version_the_money_had_and_comes_with_expected(
        client: FlaskClient, extra: dict[str, Any], code: str) -> None:
    answer = client.post("/v1/chuzhou/score", json={**README_HAND, **extra})
    assert answer.status_code == 422
    problem = answer.get_json()
    assert list(problem["errors"]) == ["paid_under"]
    [cause] = problem["causes"]
    assert cause["code"] == code and cause["field"] == "paid_under"
    if code == "unknown-version":
        assert cause["params"]["known"] == [c.version for c in RULESETS["chuzhou"].changes]
    chinese = client.post("/v1/chuzhou/score", json={**README_HAND, **extra},
                          headers={"Accept-Language": "zh"}).get_json()
    assert chinese["causes"][0]["code"] == code
    assert chinese["causes"][0]["message"] != cause["message"]


def test_a_match_refused_by_an_event_carries_the_matchs_check() -> None:
    body = {"dealer": 0, "paid_under": "2.0.0", "expected": {"totals": [0, 0, 0, 0]},
            "events": [{"type": "draw", "request": {"kongs": 0}},
                       {"type": "win", "request": {
                           key: value for key, value in IMPOSSIBLE.items() if key != "dealer"}}]}
    with pytest.raises(ProblemError) as refused:
        run("chuzhou", "match", body)
    problem = refused.value.problem()
    assert problem["errors"].keys() == {"events.1.request.situation.heavenly",
                                        "events.1.request.situation.last_tile"}
    assert problem["check"]["refused"] == "/problems/impossible-hand"
    assert problem["check"]["differences"] == [
        {"path": "totals", "expected": [0, 0, 0, 0], "actual": None}]
    assert "2.1.0" in _versions(problem["check"]["changes"])


def test_a_match_events_own_paid_under_checks_that_event() -> None:
    event = {"kongs": 0, "paid_under": "1.2.0", "expected": {"next": {"dealer": 1}}}
    answer = run("chuzhou", "match", {"dealer": 0, "events": [
        {"type": "draw", "request": event}]})
    check = answer["events"][0]["result"]["check"]
    assert check["ok"] is True and "2.0.0" in _versions(check["changes"])
    assert "check" not in answer


def _items() -> list[dict[str, Any]]:
    return [
        {"id": "paid", "ruleset": "chuzhou", "action": "score",
         "request": {**README_HAND, "paid_under": "1.2.0", "expected": STORED}},
        {"id": "pinned", "ruleset": "chuzhou", "action": "score",
         "request": {**README_HAND, "ruleset_version": "1"}},
        {"id": "refused", "ruleset": "chuzhou", "action": "score",
         "request": {**IMPOSSIBLE, "paid_under": "2.0.0", "expected": {"fan": 590}}}]


def _same_results(results: list[dict[str, Any]]) -> None:
    paid, pinned, refused = results
    assert paid["status"] == 200 and paid["answer"]["check"]["ok"] is True
    assert "2.0.0" in _versions(paid["answer"]["check"]["changes"])
    assert pinned["status"] == 409 and "2.0.0" in _versions(pinned["problem"]["changes"])
    assert refused["status"] == 422
    check = refused["problem"]["check"]
    assert check["refused"] == "/problems/impossible-hand" and check["ok"] is False
    # the fields named from the item, the check kept
    assert "request.situation.heavenly" in refused["problem"]["errors"]


def test_batch_items_and_command_line_lines_alike(client: FlaskClient, tmp_path: Path) -> None:
    items = _items()
    _same_results(client.post("/v1/batch", json={"items": items}).get_json()["results"])
    lines = tmp_path / "stored.jsonl"
    lines.write_text("".join(json.dumps(item) + "\n" for item in items), encoding="utf-8")
    done = subprocess.run([*CLI, "--check", str(lines)], capture_output=True, text=True,
                          timeout=120, check=False)
    _same_results([json.loads(line) for line in done.stdout.splitlines()])
    assert done.returncode == 1  # one checked item refused
    assert "line 3: refused with status 422" in done.stderr
    [said] = [line for line in done.stderr.splitlines()
              if line.startswith("line 3: the money changed since it was paid: ")]
    assert "2.1.0" in said.split(": ")[-1].split(", ")
