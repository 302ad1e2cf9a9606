"""One version scheme (issue #23): the service's version is CHANGELOG.md's newest, in
``info.version`` and every answer's ``Service-Version``; each ruleset's version is in its
catalogue and every answer's ``ruleset_version``, and it moves whenever its answers do."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from service.openapi import build_spec
from service.rulesets import RULESETS
from service.version import VERSION
from tools import versions


@pytest.fixture(scope="module")
def now() -> versions.Record:
    return versions.digests()


def test_the_worked_hands_answer_as_recorded_for_each_version(now: versions.Record) -> None:
    # Fails when a change moves an answer and no version says so: tools/versions.py says what
    # to do (bump, CHANGELOG.md, `make versions`).
    before = versions.recorded()
    assert versions.problems(now, before) == []
    assert versions.moved(now, before) == set(), "answers changed: see tools/versions.py"
    assert now == before, "hands not recorded yet: `make versions`"


def test_every_served_ruleset_is_recorded_over_enough_hands(now: versions.Record) -> None:
    assert set(now["rulesets"]) == set(RULESETS)
    assert all(len(made["answers"]) >= 20 for made in now["rulesets"].values())


def _moved_under(now: versions.Record, ruleset_version: str | None,
                 service: str) -> versions.Record:
    """A record made before ``now``: every first hand answered otherwise, at these versions
    (``None``: each ruleset at its version now)."""
    return {"service": service, "rulesets": {
        ruleset_id: {"version": ruleset_version or made["version"], "answers": {
            hand: ("0" * 20 if place == 0 else answer)
            for place, (hand, answer) in enumerate(made["answers"].items())}}
        for ruleset_id, made in now["rulesets"].items()}}


def test_a_changed_answer_needs_a_new_version_named_in_the_newest_entry(
        now: versions.Record) -> None:
    assert versions.moved(now, _moved_under(now, "1.1.0", "1.0.0")) == set(RULESETS)
    # A newest entry that changes no answer marks no ruleset changed: a moved answer then
    # also asks for that mark.
    services, named = versions.changelog()
    unmarked = {ruleset_id for ruleset_id, made in now["rulesets"].items()
                if (ruleset_id, made["version"], True) not in named[services[0]]}

    def unmarked_only(found: list[str]) -> bool:
        return len(found) == len(unmarked) and all("(changed)" in p for p in found)

    same_version = versions.problems(now, _moved_under(now, None, "1.0.0"))
    assert len(same_version) == len(RULESETS) and all("bump it" in p for p in same_version)
    same_service = versions.problems(now, _moved_under(now, "0.0.1", VERSION))
    newer = [p for p in same_service if "not newer" in p]
    assert len(newer) == len(RULESETS) and unmarked_only([p for p in same_service
                                                          if p not in newer])
    # A bump of both versions may record once the newest entry marks the rulesets changed.
    assert unmarked_only(versions.problems(now, _moved_under(now, "0.0.1", "1.0.0")))


def test_new_hands_record_without_a_bump(now: versions.Record) -> None:
    fewer = {"service": now["service"], "rulesets": {
        ruleset_id: {**made, "answers": dict(list(made["answers"].items())[1:])}
        for ruleset_id, made in now["rulesets"].items()}}
    assert versions.moved(now, fewer) == set() and versions.problems(now, fewer) == []


def test_the_service_version_is_the_changelogs_newest_and_the_contracts() -> None:
    services, named = versions.changelog()
    assert services[0] == VERSION == build_spec()["info"]["version"]
    listed = {(rid, number) for rid, number, _ in named[VERSION]}
    assert all((rules.id, rules.version) in listed for rules in RULESETS.values())


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
