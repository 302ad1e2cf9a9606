"""The money's changes: one source per ruleset (its changes.py), served at
GET /v1/rulesets/{id}/changes, made into CHANGELOG.md's per-ruleset lines, and the ruleset's
version (docs/contract.md, Versioning; G-10)."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from service.rulesets import RULESETS
from service.rulesets.changes import Change, kind, since
from service.rulings import every
from service.version import AMOUNTS, CHANGED, IMPOSSIBLE, INFORMATION, KINDS, TEXTS, key
from tools import changelog

RULESET_IDS = sorted(RULESETS)


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_the_changes_list_todays_version_first_with_its_kind(client: FlaskClient,
                                                             ruleset_id: str) -> None:
    answer = client.get(f"/v1/rulesets/{ruleset_id}/changes")
    assert answer.status_code == 200
    listed = answer.get_json()
    ruleset = RULESETS[ruleset_id]
    assert listed["ruleset"] == ruleset_id and listed["version"] == ruleset.version
    newest = listed["changes"][0]
    assert newest["version"] == ruleset.version and newest["kind"] in KINDS
    assert [entry["version"] for entry in listed["changes"]] == [
        change.version for change in ruleset.changes]
    assert listed["changes"][-1]["kind"] == "MAJOR"  # the first money: every amount new


def test_chuzhou_lists_its_major_and_each_minor() -> None:
    listed = RULESETS["chuzhou"].history()["changes"]
    kinds = {entry["version"]: entry["kind"] for entry in listed}
    assert kinds["2.0.0"] == "MAJOR" and kinds["2.1.0"] == "MINOR" and kinds["1.2.0"] == "MINOR"
    refusal = next(entry for entry in listed if entry["version"] == "2.1.0")
    assert IMPOSSIBLE in refusal["changed"] and "CZ-18" in refusal["rulings"]  # G-10


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_a_rulesets_version_is_its_newest_change(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    assert ruleset.changes and ruleset.version == ruleset.changes[0].version


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_each_change_is_newer_than_the_one_below_and_its_kind_is_what_it_changed(
        ruleset_id: str) -> None:
    changes = RULESETS[ruleset_id].changes
    for newer, older in zip(changes, changes[1:], strict=False):
        assert key(newer.version) > key(older.version), newer.version
        assert newer.date >= older.date and key(newer.service) >= key(older.service)
    for place, change in enumerate(changes):
        assert change.changed and set(change.changed) <= set(CHANGED), change.version
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", change.date)
        before = changes[place + 1].version if place + 1 < len(changes) else None
        # G-10: the least part what it changed moves is the part its version moved
        least = min((CHANGED[what][0] for what in change.changed), key=KINDS.index)
        assert kind(change.version, before) == least, change.version


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_every_id_a_change_names_is_served(ruleset_id: str) -> None:
    ruleset = RULESETS[ruleset_id]
    catalogue = ruleset.catalogue()
    patterns = {entry["id"] for entry in catalogue["patterns"]}
    items = {entry["id"] for entry in catalogue.get("flowers", ())}
    parameters = {parameter.id for parameter in ruleset.parameters}
    rulings = {ruling.id for ruling in every()}
    for change in ruleset.changes:
        assert set(change.patterns) <= patterns, change.version
        assert set(change.items) <= items, change.version
        assert set(change.parameters) <= parameters, change.version
        assert set(change.rulings) <= rulings, change.version


def test_the_changes_read_in_chinese(client: FlaskClient) -> None:
    english = client.get("/v1/rulesets/yueqing/changes").get_json()
    chinese = client.get("/v1/rulesets/yueqing/changes",
                         headers={"Accept-Language": "zh-CN"})
    assert chinese.headers["Content-Language"] == "zh-CN"
    said = chinese.get_json()
    assert [entry["version"] for entry in said["changes"]] == [
        entry["version"] for entry in english["changes"]]
    for entry, in_english in zip(said["changes"], english["changes"], strict=True):
        assert entry["text"] != in_english["text"]
        assert not re.search(r"[A-Za-z]{3,}", entry["text"]), entry["text"]
        assert {k: v for k, v in entry.items() if k != "text"} == {
            k: v for k, v in in_english.items() if k != "text"}  # ids, kinds: every language


def test_an_unknown_rulesets_changes_are_a_404(client: FlaskClient) -> None:
    answer = client.get("/v1/rulesets/nope/changes")
    assert answer.status_code == 404
    assert answer.get_json()["type"] == "/problems/unknown-ruleset"


CHANGES = (
    Change("2.1.0", "2026-12-06", "1.4.0", (IMPOSSIBLE,), "d"),
    Change("2.0.1", "2026-12-05", "1.3.1", (TEXTS,), "c"),
    Change("2.0.0", "2026-12-04", "1.3.0", (AMOUNTS,), "b"),
    Change("1.2.0", "2026-12-02", "1.2.0", (INFORMATION,), "a"),
)


@pytest.mark.parametrize(("version", "listed"), [
    ("2.1.0", []), ("2.0.1", ["2.1.0"]), ("2.0.0", ["2.1.0", "2.0.1"]),
    ("1.2.0", ["2.1.0", "2.0.1", "2.0.0"]), ("2", ["2.1.0", "2.0.1"]),
    ("1", ["2.1.0", "2.0.1", "2.0.0", "1.2.0"]), ("2.0", ["2.1.0", "2.0.1"]),
    ("3", [])])
def test_since_lists_the_changes_newer_than_a_version(version: str, listed: list[str]) -> None:
    # a MAJOR pin "1" reads as 1.0.0: every change since its first version
    assert [entry["version"] for entry in since(CHANGES, version)] == listed
    assert [entry["kind"] for entry in since(CHANGES, "1")] == ["MINOR", "PATCH", "MAJOR",
                                                                "MAJOR"]


def test_the_changelogs_made_lines_are_what_the_changes_make() -> None:
    text = changelog.CHANGELOG.read_text(encoding="utf-8")
    assert changelog.rewritten(text) == text, "`make changelog`"
    for ruleset_id, ruleset in RULESETS.items():
        for change in ruleset.changes:
            assert f"- **{ruleset_id} {change.version}** (" in text


def test_a_change_without_its_entry_or_with_another_date_is_refused() -> None:
    text = changelog.CHANGELOG.read_text(encoding="utf-8")
    newest = RULESETS["chuzhou"].changes[0]
    undated = text.replace(f"## {newest.service} ({newest.date})", f"## {newest.service}")
    assert any("dated" in problem for problem in changelog.problems(undated))
    gone = text.replace(f"## {newest.service} ({newest.date})", "## 0.0.1 (2026-01-01)")
    assert any(f"no entry '## {newest.service}'" in problem
               for problem in changelog.problems(gone))
    with pytest.raises(changelog.ChangelogError):
        changelog.rewritten(gone)


def test_an_entry_without_made_lines_gains_them_after_its_heading() -> None:
    text = changelog.CHANGELOG.read_text(encoding="utf-8")
    start = text.index(changelog.START)
    bare = text[:start] + text[text.index(changelog.END) + len(changelog.END) + 2:]
    assert changelog.rewritten(bare) == text
