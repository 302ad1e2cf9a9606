"""House rules as an operator and a hostile client meet them (docs/house-rules.md,
docs/operations.md): RULES_DIR is read once, by gunicorn's master, so every worker serves the
same set and none fails to boot over a file; variant files that are not small regular files
are refused naming them; house rules, hints and variant names are weighed as work."""

from __future__ import annotations

import difflib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests
from flask.testing import FlaskClient

from service import hints, house, work
from service.house import VariantError, load_variants, read_variant
from service.memo import size_of
from service.rulesets import RULESETS
from tests.server import gunicorn_process
from tests.test_house_rules import README

CLUB = 'ruleset = "chuzhou"\nname = "club"\n[parameters]\nzhen_unit = {}\n'
ROOT = Path(__file__).parents[1]


def _workers(master: int) -> set[int]:
    """The worker processes of a gunicorn master, from /proc."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == master:
                found.add(int(entry.name))
    return found


def _replaced(master: int, gone: int, count: int) -> set[int]:
    """Wait until the master again has ``count`` workers, ``gone`` not among them."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        now = _workers(master)
        if gone not in now and len(now) == count:
            return now
        time.sleep(0.1)
    raise AssertionError(f"gunicorn did not replace worker {gone}")


def _fingerprints(base: str, rounds: int = 24) -> set[str]:
    """The fingerprints a variant's score answers with, over enough requests on fresh
    connections to reach both workers."""
    found = set()
    for _ in range(rounds):
        answer = requests.post(f"{base}/v1/chuzhou/score", json={**README, "variant": "club"},
                               timeout=10, headers={"Connection": "close"})
        assert answer.status_code == 200, answer.text
        found.add(answer.json()["rules"]["fingerprint"])
    return found


def test_rules_dir_is_read_once_and_a_changed_file_never_splits_or_stops_the_workers(
        tmp_path: Path) -> None:
    """A variant file edited under a running server (a ConfigMap update) reaches no worker
    that restarts: every worker serves what the master read. A bad edit stops none from
    booting. SIGHUP reads the directory again, and serves it only if every file is good."""
    club = tmp_path / "club.toml"
    club.write_text(CLUB.format(5))
    with gunicorn_process(workers=2, env={"RULES_DIR": str(tmp_path)}) as (master, base):
        served = _fingerprints(base)
        assert len(served) == 1
        for edit in (CLUB.format(7), CLUB.format(7) + "zhen_unt = 1\n"):  # changed, then bad
            club.write_text(edit)
            workers = _workers(master.pid)
            gone = min(workers)
            os.kill(gone, signal.SIGKILL)
            _replaced(master.pid, gone, len(workers))
            assert requests.get(f"{base}/healthz", timeout=10).status_code == 200
            assert _fingerprints(base) == served
        # SIGHUP with the bad file: the set read before stays, for the new workers too
        master.send_signal(signal.SIGHUP)
        time.sleep(3)
        assert master.poll() is None
        assert _fingerprints(base) == served
        # fixed, and SIGHUP: every worker serves the new set
        club.write_text(CLUB.format(7))
        master.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + 30
        while (now := _fingerprints(base)) & served and time.monotonic() < deadline:
            time.sleep(0.5)
        assert len(now) == 1 and now != served


def _refusal(path: Path) -> str:
    with pytest.raises(VariantError) as refused:
        read_variant(path)
    text = str(refused.value)
    assert text.startswith(str(path)) and "\n" not in text
    return text


def test_variant_files_that_are_not_small_regular_files_are_refused_naming_them(
        tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    assert "not a regular file" in _refusal(fifo)  # before: the start blocked for ever
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    assert "not a regular file" in _refusal(zero)  # before: read until memory ran out
    (tmp_path / "folder.toml").mkdir()
    assert "not a regular file" in _refusal(tmp_path / "folder.toml")
    huge = tmp_path / "huge.toml"
    with huge.open("wb") as file:
        file.truncate(200 * 1024 * 1024)  # its size says enough: not a byte is read
    assert f"at most {house.LARGEST_FILE:,}" in _refusal(huge)
    deep = tmp_path / "deep.toml"
    deep.write_text('ruleset = "chuzhou"\nname = "deep"\nx = ' + "[" * 20_000 + "]" * 20_000)
    assert "nests" in _refusal(deep)  # before: "maximum recursion depth exceeded", no file
    missing = tmp_path / "missing.toml"
    assert "cannot be read" in _refusal(missing)


def test_gunicorn_refuses_a_fifo_in_rules_dir_at_once_naming_it(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "club.toml")
    gunicorn = Path(sys.executable).with_name("gunicorn")
    done = subprocess.run([str(gunicorn), "-c", "gunicorn.conf.py"], capture_output=True,
                          timeout=60, cwd=ROOT,
                          env={**os.environ, "RULES_DIR": str(tmp_path), "BIND": "127.0.0.1:0"})
    assert done.returncode != 0
    assert f"RULES_DIR: {tmp_path / 'club.toml'}: not a regular file" in done.stderr.decode()


@pytest.mark.parametrize("make", ["fifo", "deep"])
def test_the_command_line_refuses_a_rules_file_in_one_line_with_exit_2(
        tmp_path: Path, make: str) -> None:
    rules = tmp_path / "rules.toml"
    if make == "fifo":
        os.mkfifo(rules)
    else:
        rules.write_text('ruleset = "chuzhou"\nx = ' + "{a=" * 5_000 + "1" + "}" * 5_000)
    command = Path(sys.executable).with_name("mahjong-score")
    done = subprocess.run([str(command), "--rules", str(rules)], input=b"",
                          capture_output=True, timeout=60)
    assert done.returncode == 2
    said = done.stderr.decode().strip().splitlines()
    assert len(said) == 1 and said[0].startswith(f"mahjong-score: {rules}: ")


@pytest.fixture
def many_variants(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    names = [f"club-{n:03d}" for n in range(300)]
    for n, name in enumerate(names):
        (tmp_path / f"{name}.toml").write_text(
            f'ruleset = "chuzhou"\nname = "{name}"\n[parameters]\nzhen_unit = {1 + n % 50}\n'
            f"discard_extra = {n // 50}\n")
    monkeypatch.setenv("RULES_DIR", str(tmp_path))  # an application made now loads them too
    load_variants()
    yield names
    load_variants("")


def test_many_variants_cost_no_more_to_list_or_refuse(
        many_variants: list[str], client: FlaskClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each variant's fingerprint is reckoned once, when its file is read; a name refused
    lists a few names, or says how many there are and where they are listed."""
    reckoned: list[object] = []
    real = house.fingerprint
    monkeypatch.setattr(house, "fingerprint", lambda *a: reckoned.append(a) or real(*a))
    listed = client.get("/v1/rulesets/chuzhou/variants").get_json()["variants"]
    assert [v["name"] for v in listed] == many_variants and not reckoned
    refused = client.post("/v1/chuzhou/score", json={**README, "variant": "club-00"})
    assert refused.status_code == 422
    assert len(refused.data) < 1024
    texts = refused.get_json()["errors"]["variant"]
    assert "300 are served: GET /v1/rulesets/chuzhou/variants lists them" in texts[0]
    assert texts[1].startswith("Did you mean 'club-")


def _counting_matches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = difflib.get_close_matches

    def counted(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(hints, "get_close_matches", counted)
    return calls


def test_a_request_is_given_a_bounded_number_of_hints(
        many_variants: list[str], client: FlaskClient,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A batch of refusals, each with misspelled parameters and a near-miss variant, once
    compared each name with every known one, twice (1,000 such items: 5 s and a 503); now a
    request has ``HINTS_PER_REQUEST`` hints, and the first refusals still get theirs."""
    calls = _counting_matches(monkeypatch)
    items = [{"id": n, "ruleset": "chuzhou", "action": "draw",
              "request": {"dealer": 0, "zhen": [1, 1, 1, 1],
                          "rules": {f"zhen_unit{n}-{m}": 1 for m in range(20)},
                          "variant": "club-0"}} for n in range(300)]
    answer = client.post("/v1/batch", json={"items": items})
    assert answer.status_code == 200
    results = answer.get_json()["results"]
    assert [r["status"] for r in results] == [422] * 300
    assert len(calls) <= hints.HINTS_PER_REQUEST
    assert "Did you mean" in json.dumps(results[0], ensure_ascii=False)
    assert "Did you mean" not in json.dumps(results[-1], ensure_ascii=False)
    # the next request has its own
    calls.clear()
    again = client.post("/v1/chuzhou/score", json={**README, "rules": {"zhen_unt": 5}})
    assert "Did you mean 'zhen_unit'?" in again.get_json()["errors"]["rules.zhen_unt"]
    assert 0 < len(calls) <= hints.HINTS_PER_REQUEST


def _match(rules: dict[str, int]) -> dict[str, object]:
    event = {"type": "win", "request": {k: v for k, v in README.items()
                                        if k not in ("dealer", "zhen")}}
    return {"ruleset": "chuzhou", "action": "match",
            "request": {"dealer": 0, "zhen": [1, 1, 1, 1], "events": [event, event],
                        "rules": rules}}


def test_each_distinct_set_of_house_rules_is_weighed_as_work(client: FlaskClient) -> None:
    """Building a set of rules costs about ``HOUSE_RULES_WEIGHT`` hands: a batch of matches
    each under its own full rules once cost 2-3 times the heaviest admitted request. One
    club's rules shared by every item are built once; every ``PARAMETERS_PER_HAND``
    parameters sent, checked and named again in the answer, weigh a hand."""
    defaults = RULESETS["chuzhou"].defaults()
    distinct = [{"id": n, **_match({**defaults, "zhen_unit": 1 + n % 50,
                                    "discard_extra": n // 50})} for n in range(600)]
    refused = client.post("/v1/batch", json={"items": distinct})
    assert refused.status_code == 413
    sent = 600 * len(defaults)
    weight = 600 * 2 + 600 * work.HOUSE_RULES_WEIGHT + sent // work.PARAMETERS_PER_HAND
    assert f"asks for the work of {weight:,} hands" in refused.get_json()["detail"]
    assert "house rules" in refused.get_json()["detail"]
    shared = [{"id": n, **_match({"zhen_unit": 7, "discard_extra": 20})} for n in range(980)]
    assert work.house_rules((i["ruleset"], i["request"]) for i in shared) == \
        work.HOUSE_RULES_WEIGHT + 980 * 2 // work.PARAMETERS_PER_HAND
    answered = client.post("/v1/batch", json={"items": shared})
    assert answered.status_code == 200
    assert {r["status"] for r in answered.get_json()["results"]} == {200}
    single = client.post("/v1/chuzhou/score", json={**README, "rules": {"zhen_unit": 7}})
    assert single.status_code == 200


def test_a_match_names_its_rules_with_one_dict() -> None:
    """A match's events are scored under the match's rules; every event's answer names them
    as the single call's does (/v1), all with the match's one dict, not a copy each."""
    from service.actions import answer

    found = answer("chuzhou", "match", _match({"zhen_unit": 7})["request"])
    named = [event["result"]["rules"] for event in found["events"]]
    assert all(rules is found["rules"] for rules in named)
    assert found["rules"]["overrides"] == {"zhen_unit": 7}


def test_built_rule_sets_are_each_weighed_on_their_own() -> None:
    """Three hundred small sets (every pattern off, about 1 KB), then full ones (50 KB): the
    memo of built sets once charged the full ones the small ones' mean and held 15.8 MB
    against its 1.9 MB share."""
    rules = RULESETS["chuzhou"]
    house._TUNED.empty()
    off = {p.id: False for p in rules.parameters if p.id.endswith(".on")}
    try:
        for n in range(300):
            house.resolve(rules, None, {**off, "zhen_unit": 1 + n % 50, "zhen_cap": 100 + n})
        for n in range(60):
            house.resolve(rules, None, {"zhen_unit": 1 + n % 50, "zhen_cap": 500 + n})
        memo = house._TUNED
        held = [*memo._young.items(), *memo._old.items()]
        assert sum(size_of(k) + size_of(v) for k, v in held) <= memo.budget
        assert memo.bytes_held <= memo.budget
    finally:
        house._TUNED.empty()


def test_a_utf8_encoded_surrogate_is_not_utf8_and_gets_415(client: FlaskClient) -> None:
    """ED A0 80 encodes U+D800, which UTF-8 may not hold: once read and echoed as "\\ud800"
    by /v1/batch; now the 415 every other body that is not UTF-8 gets."""
    for path, body in (("/v1/batch", b'{"items": [{"id": "\xed\xa0\x80"}]}'),
                       ("/v1/chuzhou/score", b'{"dealer": "\xed\xa0\x80"}')):
        answer = client.post(path, data=body, content_type="application/json")
        assert answer.status_code == 415, answer.data
        assert "UTF-8" in answer.get_json()["detail"]
