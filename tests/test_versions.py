"""The version scheme (service/version.py, CHANGELOG.md): the service's version is CHANGELOG.md's
newest, in ``info.version`` and every answer's ``Service-Version``; each ruleset's version is
the version of its money, in its catalogue and every answer's ``ruleset_version``, moved by
each ruleset on its own as far as its worked hands' answers moved (tools/versions.py); a
request may pin it."""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from service.actions import run
from service.openapi import build_spec, examples
from service.rulesets import RULESETS
from service.version import VERSION
from tests.test_batch import CLI
from tools import versions
from tools.versions import MAJOR, MINOR, PATCH, Entry


@pytest.fixture(scope="module")
def now() -> versions.Record:
    return versions.digests()


def test_the_worked_hands_answer_as_recorded_for_each_version(now: versions.Record) -> None:
    # Fails when a change moves an answer and no version says so: tools/versions.py says what
    # to do (bump, CHANGELOG.md, `make versions`).
    before = versions.recorded()
    assert versions.problems(now, before) == []
    assert versions.moved(now, before) == set(), "answers changed: see tools/versions.py"
    # `make versions` on a clean checkout rewrites nothing, byte for byte
    assert versions.record_text(now) == versions.RECORD.read_text(encoding="utf-8"), \
        "hands not recorded yet: `make versions`"


def test_the_worked_hands_are_written_as_make_worked_hands_writes_them() -> None:
    # tools/capture_hands.py writes each hand with hand_line and the file with hands_file: a
    # regeneration over the same tests leaves the file as it is.
    text = versions.HANDS.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert [versions.hand_line(*json.loads(line)) for line in lines] == lines
    assert versions.hands_file(lines) == text


def test_every_served_ruleset_is_recorded_over_enough_hands(now: versions.Record) -> None:
    assert set(now["rulesets"]) == set(RULESETS)
    assert all(len(made["answers"]) >= 20 for made in now["rulesets"].values())


def _at(now: versions.Record, **versions_by_ruleset: str) -> versions.Record:
    """``now`` recorded earlier, each named ruleset at an older version."""
    before = copy.deepcopy(now)
    for ruleset_id, version in versions_by_ruleset.items():
        before["rulesets"][ruleset_id]["version"] = version
    before["service"] = "1.0.0"
    return before


def _moved(before: versions.Record, ruleset_id: str, part: int) -> versions.Record:
    """``before`` with the first paid hand of one ruleset recorded otherwise in one of its
    parts: 0 its money, 1 the rest of its answer, 2 its texts (a refused hand's money is no
    digest to move)."""
    answers = before["rulesets"][ruleset_id]["answers"]
    hand = next(hand for hand, answer in answers.items()
                if not answer.startswith((versions.REFUSED, versions.IMPOSSIBLE)))
    digests = answers[hand].split()
    digests[part] = "0" * 12
    answers[hand] = " ".join(digests)
    return before


def _newest(now: versions.Record, majors: frozenset[str] = frozenset()) -> list[Entry]:
    """A changelog whose newest entry names every ruleset at its version now."""
    served = {rid: made["version"] for rid, made in now["rulesets"].items()}
    older = {rid: f"{int(version.split('.')[0]) - (rid in majors)}.0.0"
             for rid, version in served.items()}
    return [Entry(now["service"], served, majors), Entry("1.0.0", older, frozenset())]


@pytest.mark.parametrize(("part", "level"), [(0, MAJOR), (1, MINOR), (2, PATCH)])
def test_each_ruleset_moves_as_far_as_its_own_answers(now: versions.Record, part: int,
                                                      level: int) -> None:
    # Only chuzhou's answers moved: chuzhou needs the bump, yueqing needs none.
    before = _moved(_at(now), "chuzhou", part)
    assert versions.needed(now, before, "chuzhou")[0] == level
    assert versions.needed(now, before, "yueqing") == (0, "")
    assert versions.moved(now, before) == {"chuzhou"}
    # recorded at the same version: refused, saying how far it must go
    [refused] = versions.problems(now, before, _newest(now))
    assert refused.startswith("chuzhou:") and f"needs {versions.LEVELS[level]}" in refused
    # chuzhou served at 3.4.5, recorded at a version one step below at each level: a bump
    # short of what moved is refused, one as far or further accepted (a MAJOR said so)
    served = copy.deepcopy(now)
    served["rulesets"]["chuzhou"]["version"] = "3.4.5"
    for bumped, older in ((PATCH, "3.4.4"), (MINOR, "3.3.5"), (MAJOR, "2.4.5")):
        earlier = _moved(_at(now, chuzhou=older), "chuzhou", part)
        majors = frozenset({"chuzhou"}) if bumped == MAJOR else frozenset()
        found = versions.problems(served, earlier, _newest(served, majors))
        assert (found == []) == (bumped >= level), (older, found)
    missing = versions.problems(served, _moved(_at(now, chuzhou="2.4.5"), "chuzhou", part),
                                _newest(served))
    assert any("does not say chuzhou's MAJOR moved" in problem for problem in missing)


def test_a_hand_once_refused_and_now_paid_is_a_minor_and_one_now_refused_a_major(
        now: versions.Record) -> None:
    before = _at(now)
    answers = before["rulesets"]["yueqing"]["answers"]
    paid = next(hand for hand, answer in answers.items()
                if not answer.startswith(versions.REFUSED))
    answers[paid] = f"{versions.REFUSED} {answers[paid].split()[1]} x"
    assert versions.needed(now, before, "yueqing")[0] == MINOR
    refused = next(hand for hand, answer in now["rulesets"]["yueqing"]["answers"].items()
                   if answer.startswith(versions.REFUSED))
    again = _at(now)
    again["rulesets"]["yueqing"]["answers"][refused] = "0" * 12 + " x x"
    assert versions.needed(now, again, "yueqing")[0] == MAJOR


HEAVENLY = {"dealer": 0, "winner": 0, "hand": {"concealed": "123m456p789s11z555s"},
            "win": {"tile": "5s", "by": "self_draw"}}


def test_a_refusal_is_impossible_only_when_each_cause_is_a_request_no_table_makes() -> None:
    # G-10: 天胡 with 海底捞月 (CZ-18) is no hand a table produces; 天胡 for a non-dealer is
    # refused as ever, a refusal a MAJOR still answers for.
    both = versions.answered("chuzhou", "score", {
        **HEAVENLY, "situation": {"heavenly": True, "last_tile": True}})
    assert both["impossible"] is True
    assert versions.parts(both).startswith(versions.IMPOSSIBLE + " ")
    off = versions.answered("chuzhou", "score", {
        **HEAVENLY, "situation": {"declared_ready": True}, "rules": {"seven_pairs.on": False},
        "hand": {"concealed": "11m33m55p77p99s22z66z"}, "win": {"tile": "6z", "by": "self_draw"}})
    assert off["impossible"] is True  # CZ-19
    other = versions.answered("chuzhou", "score", {**HEAVENLY, "winner": 1,
                                                   "situation": {"heavenly": True}})
    assert "impossible" not in other
    assert versions.parts(other).startswith(versions.REFUSED + " ")


def test_a_hand_once_paid_and_now_refused_as_impossible_is_a_minor(
        now: versions.Record) -> None:
    # G-10: a MAJOR promises the same pay only to hands a table can produce.
    answers = now["rulesets"]["chuzhou"]["answers"]
    refused = next(hand for hand, answer in answers.items()
                   if answer.startswith(versions.IMPOSSIBLE + " "))
    paid = next(hand for hand, answer in answers.items()
                if not answer.startswith((versions.REFUSED, versions.IMPOSSIBLE)))
    before = _at(now)
    before["rulesets"]["chuzhou"]["answers"][refused] = "0" * 12 + " x x"
    level, why = versions.needed(now, before, "chuzhou")
    assert level == MINOR and "no table can produce (G-10)" in why
    # beside a hand paid differently it is still a MAJOR
    before["rulesets"]["chuzhou"]["answers"][paid] = "0" * 12 + " x x"
    assert versions.needed(now, before, "chuzhou")[0] == MAJOR
    # once refused as impossible and now paid: a hand once refused now answered, a MINOR
    again = _at(now)
    again["rulesets"]["chuzhou"]["answers"][paid] = f"{versions.IMPOSSIBLE} x x"
    assert versions.needed(now, again, "chuzhou")[0] == MINOR


def test_a_changed_default_is_a_major_and_a_removed_parameter_is_refused(
        now: versions.Record) -> None:
    before = _at(now)
    defaults = before["rulesets"]["chuzhou"]["defaults"]
    first = next(pid for pid, value in defaults.items() if type(value) is int)
    defaults[first] += 1
    assert versions.needed(now, before, "chuzhou") == (
        MAJOR, f"the default of {first} changed")
    before["rulesets"]["chuzhou"]["defaults"] = {**defaults, "gone.fan": 10}
    assert any("gone.fan removed" in problem
               for problem in versions.problems(now, before, _newest(now)))


def test_a_bump_rewrites_no_hand(now: versions.Record,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # The record of a MAJOR bump alone differs in the version and the fingerprint lines only.
    monkeypatch.setitem(RULESETS, "yueqing", RULESETS["yueqing"]._replace(version="9.0.0"))
    bumped = versions.digests()
    assert bumped["rulesets"]["chuzhou"] == now["rulesets"]["chuzhou"]
    was, is_ = now["rulesets"]["yueqing"], bumped["rulesets"]["yueqing"]
    assert is_["answers"] == was["answers"] and is_["defaults"] == was["defaults"]
    assert is_["version"] == "9.0.0" and is_["fingerprint"] != was["fingerprint"]


def test_new_hands_record_without_a_bump(now: versions.Record) -> None:
    fewer = {"service": now["service"], "rulesets": {
        ruleset_id: {**made, "answers": dict(list(made["answers"].items())[1:])}
        for ruleset_id, made in now["rulesets"].items()}}
    assert versions.moved(now, fewer) == set() and versions.problems(now, fewer) == []


def test_the_changelog_says_whose_major_moved_in_every_entry() -> None:
    entries = versions.changelog()
    assert versions.changelog_problems(entries) == []
    assert all(entry.rulesets for entry in entries)  # every entry has its Rulesets: line
    wrong = [Entry("2.0.0", {"chuzhou": "2.0.0", "yueqing": "1.4.0"}, frozenset()),
             Entry("1.3.0", {"chuzhou": "1.3.0", "yueqing": "1.3.0"}, frozenset())]
    assert versions.changelog_problems(wrong) == [
        "CHANGELOG.md 2.0.0: MAJOR moved names none, but the versions moved chuzhou"]


def test_the_service_version_is_the_changelogs_newest_and_the_contracts() -> None:
    newest = versions.changelog()[0]
    assert newest.service == VERSION == build_spec()["info"]["version"]
    assert newest.rulesets == {rules.id: rules.version for rules in RULESETS.values()}


@pytest.mark.parametrize("path", ["/healthz", "/v1/rulesets", "/v1/rulesets/nope",
                                  "/problems/not-found"])
def test_every_answer_says_the_service_version(client: FlaskClient, path: str) -> None:
    assert client.get(path).headers["Service-Version"] == VERSION


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_ruleset_version_is_in_its_catalogue_and_its_answers(
        client: FlaskClient, ruleset_id: str) -> None:
    version = RULESETS[ruleset_id].version
    assert client.get(f"/v1/rulesets/{ruleset_id}").get_json()["version"] == version
    ready = RULESETS[ruleset_id].ready
    assert ready is not None
    answer = client.post(f"/v1/{ruleset_id}/{ready.action}", json=ready.body)
    assert answer.get_json()["ruleset_version"] == version
    assert answer.headers["Service-Version"] == VERSION


# --- pinning ----------------------------------------------------------------------------------

EXAMPLES = examples()
# One request of every action of both rulesets, from the contract's examples.
ACTIONS = [(name.split("_")[0], name.split("_", 1)[1], EXAMPLES[name]["request"])
           for name in ("chuzhou_score", "chuzhou_waits", "chuzhou_draw", "chuzhou_instant",
                        "chuzhou_match", "yueqing_score", "yueqing_waits", "yueqing_draw",
                        "yueqing_escape", "yueqing_match")]


def _pins(version: str) -> tuple[list[str], list[str]]:
    """Pins a ruleset at ``version`` scores under, and pins it refuses."""
    major, minor, patch = (int(number) for number in version.split("."))
    kept = [f"{major}", f"{major}.{minor}", version, f"{major}.0", f"{major}.{minor}.0"]
    refused = [f"{major + 1}", f"{major - 1}", f"{major}.{minor + 1}",
               f"{major}.{minor}.{patch + 1}", f"{major + 1}.0.0"]
    return kept, refused


@pytest.mark.parametrize(("ruleset_id", "action", "body"), ACTIONS,
                         ids=[f"{rid}-{action}" for rid, action, _ in ACTIONS])
def test_every_action_takes_a_pin_and_refuses_one_its_money_is_not_at(
        client: FlaskClient, ruleset_id: str, action: str, body: dict[str, object]) -> None:
    plain = client.post(f"/v1/{ruleset_id}/{action}", json=body).get_json()
    kept, refused = _pins(RULESETS[ruleset_id].version)
    for pin in kept:
        assert client.post(f"/v1/{ruleset_id}/{action}",
                           json={**body, "ruleset_version": pin}).get_json() == plain
    for pin in refused:
        answer = client.post(f"/v1/{ruleset_id}/{action}", json={**body, "ruleset_version": pin})
        assert answer.status_code == 409, (pin, answer.get_json())
        problem = answer.get_json()
        assert problem["type"] == "/problems/ruleset-version-conflict"
        assert list(problem["errors"]) == ["ruleset_version"]
        assert f"pinned to {ruleset_id} {pin}" in problem["detail"]
    for pin in ("v1", "1.2.3.4", "", "01x", 1, f"{kept[0]}\n", f" {kept[0]}"):
        answer = client.post(f"/v1/{ruleset_id}/{action}", json={**body, "ruleset_version": pin})
        assert answer.status_code == 422 and "ruleset_version" in answer.get_json()["errors"]


def test_a_batch_item_and_a_command_line_line_carry_their_own_pin(
        client: FlaskClient, tmp_path: Path) -> None:
    body = EXAMPLES["chuzhou_score"]["request"]
    items = [{"id": pin, "ruleset": "chuzhou", "action": "score",
              "request": {**body, "ruleset_version": pin}}
             for pin in (str(RULESETS["chuzhou"].major), "0")]
    results = client.post("/v1/batch", json={"items": items}).get_json()["results"]
    lines = tmp_path / "hands.jsonl"
    lines.write_text("".join(json.dumps(item) + "\n" for item in items), encoding="utf-8")
    done = subprocess.run([*CLI, str(lines)], capture_output=True, text=True, timeout=120,
                          check=False)
    from_cli = [json.loads(line) for line in done.stdout.splitlines()]
    for found in (results, from_cli):
        assert [result["status"] for result in found] == [200, 409], done.stderr
        assert found[1]["problem"]["type"] == "/problems/ruleset-version-conflict"


def test_a_match_pins_once_for_every_event() -> None:
    body = EXAMPLES["yueqing_match"]["request"]
    pin = str(RULESETS["yueqing"].major)
    assert run("yueqing", "match", {**body, "ruleset_version": pin}) == run(
        "yueqing", "match", body)
    event = {**body["events"][0], "request": {**body["events"][0]["request"],
                                              "ruleset_version": pin}}
    with pytest.raises(Exception, match="the match sets 'ruleset_version' once"):
        run("yueqing", "match", {**body, "events": [event]})
