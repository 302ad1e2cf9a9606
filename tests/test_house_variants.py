"""Variants from RULES_DIR (docs/house-rules.md): loaded, listed, usable in /match, /batch and
the command line; a bad file refused at start-up naming the file and the key; explicit
defaults answer byte for byte as none."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from service import cli, house
from service.house import VariantError, load_variants
from service.jsonio import encoded
from service.memo import size_of
from service.rulesets import RULESETS
from service.scoring import score
from tests.test_house_rules import README, YQ_README

EXAMPLES = Path(__file__).parents[1] / "examples" / "rules"


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("RULES_DIR", str(EXAMPLES))  # an application made now loads them too
    load_variants()
    yield
    load_variants("")


def test_explicit_defaults_answer_byte_for_byte_as_none() -> None:
    for rid, request in (("chuzhou", README), ("yueqing", YQ_README)):
        defaults = RULESETS[rid].defaults()
        assert encoded(score(rid, {**request, "rules": defaults})) == encoded(score(rid, request))
        # null, as the contract shows it, is none
        assert encoded(score(rid, {**request, "rules": None, "variant": None})) == encoded(
            score(rid, request))


def test_variants_are_listed_and_scored(served: None, client: FlaskClient) -> None:
    listed = client.get("/v1/rulesets/chuzhou/variants").get_json()
    assert [v["name"] for v in listed["variants"]] == ["huaian-teahouse"]
    answer = client.post("/v1/chuzhou/score", json={**README, "variant": "huaian-teahouse"})
    assert answer.get_json()["settlement"]["net"] == [-25, 70, -20, -25]  # docs/house-rules.md
    assert answer.get_json()["rules"] == {"variant": "huaian-teahouse", "overrides": {},
                                          "fingerprint": listed["variants"][0]["fingerprint"]}
    family = client.post("/v1/yueqing/score", json={**YQ_README, "lao_zhuang": 3,
                                                    "variant": "yueqing-family"}).get_json()
    assert family["settlement"]["net"] == [18, -6, -6, -6]
    assert family["next"] == {"dealer": 0, "lao_zhuang": 3}
    refused = client.post("/v1/chuzhou/score", json={**README, "variant": "huaian-teahous"})
    assert refused.status_code == 422
    assert "Did you mean 'huaian-teahouse'?" in refused.get_json()["errors"]["variant"]


def test_a_match_runs_under_a_variant_and_a_batch_mixes_them(served: None,
                                                             client: FlaskClient) -> None:
    event = {k: v for k, v in README.items() if k not in ("dealer", "zhen")}
    match = client.post("/v1/chuzhou/match", json={
        "dealer": 0, "variant": "huaian-teahouse",
        "events": [{"type": "win", "request": event}, {"type": "instant", "request": {
            "event": "followed_discard", "seat": 0}}]}).get_json()
    assert match["events"][0]["result"]["settlement"]["net"] == [-25, 70, -20, -25]
    assert match["events"][1]["result"]["net"] == [-15, 5, 5, 5]
    assert all(e["result"]["rules"]["variant"] == "huaian-teahouse" for e in match["events"])
    own = client.post("/v1/chuzhou/match", json={
        "dealer": 0, "events": [{"type": "win", "request": {**event, "rules": {}}}]})
    assert "events.0.request.rules" in own.get_json()["errors"]
    batch = client.post("/v1/batch", json={"items": [
        {"ruleset": "chuzhou", "action": "score", "request": README},
        {"ruleset": "chuzhou", "action": "score",
         "request": {**README, "variant": "huaian-teahouse"}},
        {"ruleset": "chuzhou", "action": "score",
         "request": {**README, "rules": {"zhen_unt": 5}}}]}).get_json()["results"]
    assert [r["answer"]["settlement"]["net"] for r in batch[:2]] == [
        [-40, 110, -30, -40], [-25, 70, -20, -25]]
    assert "Did you mean 'zhen_unit'?" in batch[2]["problem"]["errors"]["request.rules.zhen_unt"]


@pytest.mark.parametrize(("text", "named"), [
    ('ruleset = "chuzhou"\nname = "x"\n[parameters]\nzhen_unt = 5\n', "parameters.zhen_unt"),
    ('ruleset = "chuzhou"\nname = "x"\n[parameters]\nzhen_unit = -1\n', "parameters.zhen_unit"),
    ('ruleset = "mahjong"\nname = "x"\n', "ruleset"),
    ('ruleset = "chuzhou"\n', "name"),
    ('ruleset = "chuzhou"\nname = "x"\ncolour = 1\n', "colour"),
])
def test_a_bad_variant_file_names_the_file_and_the_key(tmp_path: Path, text: str,
                                                       named: str) -> None:
    (tmp_path / "club.toml").write_text(text)
    with pytest.raises(VariantError) as refused:
        load_variants(str(tmp_path))
    assert str(tmp_path / "club.toml") in str(refused.value)
    assert f": {named}:" in str(refused.value)
    load_variants("")


def test_gunicorn_does_not_start_with_a_bad_file(tmp_path: Path) -> None:
    (tmp_path / "club.toml").write_text('ruleset = "chuzhou"\nname = "x"\n[parameters]\n'
                                        'zhen_unt = 5\n')
    gunicorn = Path(sys.executable).with_name("gunicorn")
    done = subprocess.run([str(gunicorn), "-c", "gunicorn.conf.py"], capture_output=True,
                          timeout=60, cwd=Path(__file__).parents[1],
                          env={**os.environ, "RULES_DIR": str(tmp_path), "BIND": "127.0.0.1:0"})
    assert done.returncode != 0
    assert f"{tmp_path / 'club.toml'}: parameters.zhen_unt" in done.stderr.decode()


def test_the_command_line_takes_a_variant_and_a_rules_file(tmp_path: Path) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text('ruleset = "chuzhou"\n[parameters]\nzhen_unit = 5\n')
    line = json.dumps({"ruleset": "chuzhou", "action": "score", "request": README})
    own = json.dumps({"ruleset": "chuzhou", "action": "score",
                      "request": {**README, "rules": {"discard_extra": 0}}})
    cli = Path(sys.executable).with_name("mahjong-score")
    for args, expected in ((["--variant", "huaian-teahouse"], [-25, 70, -20, -25]),
                           (["--rules", str(rules)], [-25, 75, -20, -30])):
        done = subprocess.run([str(cli), *args], input=f"{line}\n{own}\n".encode(),
                              capture_output=True, timeout=60,
                              env={**os.environ, "RULES_DIR": str(EXAMPLES)})
        assert done.returncode == 0, done.stderr
        first, second = (json.loads(x) for x in done.stdout.splitlines())
        assert first["answer"]["settlement"]["net"] == expected
        assert second["answer"]["rules"]["overrides"].get("discard_extra") == 0
    bad = subprocess.run([str(cli), "--variant", "nowhere"], input=b"", capture_output=True,
                         timeout=60, env={**os.environ, "RULES_DIR": str(EXAMPLES)})
    assert bad.returncode == 2 and b"--variant nowhere" in bad.stderr


@pytest.mark.parametrize("start", ["fork", "spawn", "forkserver"])
def test_command_line_workers_have_the_house_rules_however_started(
        served: None, tmp_path: Path, start: str) -> None:
    """Every worker process scores under its parent's --variant and --rules and serves its
    variants, however it was started: forked (Linux), spawned (macOS, Windows) or by a fork
    server (Linux from Python 3.14). A forked worker once emptied the very dicts it was
    handed, and answered every line under the defaults."""
    rules = tmp_path / "rules.toml"
    rules.write_text('ruleset = "yueqing"\n[parameters]\nhand_base = 3\n')
    plain = {"ruleset": "chuzhou", "action": "score", "request": README}
    named = {"ruleset": "yueqing", "action": "score",
             "request": {**YQ_README, "variant": "yueqing-family"}}
    lines = [cli.Line(n, None, json.dumps(item).encode())
             for n, item in enumerate([plain, named, plain, {**named, "ruleset": "yueqing",
                                       "request": YQ_README}], start=1)]
    saved = dict(cli.HOUSE)
    cli.HOUSE.clear()
    cli.HOUSE.update(cli.house_rules(str(rules), "huaian-teahouse"))
    try:
        alone = [json.loads(o.line) for o in cli.outcomes(iter(lines), 1)]
        pooled = [json.loads(o.line) for o in cli.outcomes(iter(lines), 2, start=start)]
        assert cli.HOUSE == cli.house_rules(str(rules), "huaian-teahouse")  # still the parent's
    finally:
        cli.HOUSE.clear()
        cli.HOUSE.update(saved)
    assert pooled == alone
    assert [o["status"] for o in pooled] == [200] * 4
    assert pooled[0]["answer"]["settlement"]["net"] == [-25, 70, -20, -25]
    assert pooled[1]["answer"]["rules"]["variant"] == "yueqing-family"
    assert pooled[3]["answer"]["rules"]["overrides"] == {"hand_base": 3}


def test_the_command_line_answers_alike_with_one_process_or_several(tmp_path: Path) -> None:
    """The real command: the same lines answer the same bytes with --workers 1 and 2."""
    rules = tmp_path / "rules.toml"
    rules.write_text('ruleset = "chuzhou"\n[parameters]\nzhen_unit = 7\n')
    lines = tmp_path / "lines.jsonl"
    lines.write_text("".join(json.dumps(item) + "\n" for item in [
        {"ruleset": "chuzhou", "action": "score", "request": README},
        {"ruleset": "chuzhou", "action": "score",
         "request": {**README, "variant": "huaian-teahouse"}}] * 50))
    command = Path(sys.executable).with_name("mahjong-score")
    env = {**os.environ, "RULES_DIR": str(EXAMPLES)}
    answers = [subprocess.run([str(command), "--rules", str(rules), "--workers", workers,
                               str(lines)], capture_output=True, timeout=120, env=env)
               for workers in ("1", "2")]
    assert [done.returncode for done in answers] == [0, 0], answers[1].stderr
    assert answers[0].stdout == answers[1].stdout
    first, second = (json.loads(x) for x in answers[1].stdout.splitlines()[:2])
    assert first["answer"]["rules"]["overrides"] == {"zhen_unit": 7}
    assert second["status"] == 200 and second["answer"]["rules"]["variant"] == \
        "huaian-teahouse"


def test_rules_seen_before_reuse_their_built_set_and_one_dropped_is_built_again() -> None:
    """service/house.py: built once per fingerprint, kept by bytes; the way a request spelled
    its rules keeps only the fingerprint and the overrides, not a second copy of the set."""
    rules = RULESETS["chuzhou"]
    first = house.resolve(rules, None, {"zhen_unit": 7})
    again = house.resolve(rules, None, {"zhen_unit": 7})
    same_set = house.resolve(rules, None, {"zhen_unit": 7, "discard_extra": 10})  # a default
    assert again.tuned is first.tuned and same_set.tuned is first.tuned
    assert same_set.fingerprint == first.fingerprint and same_set.overrides == {"zhen_unit": 7}
    spelled = house._RESOLVED.get(("chuzhou", None, (("zhen_unit", 7),)))
    assert spelled == (first.fingerprint, {"zhen_unit": 7})
    assert size_of(spelled) < 1024 < size_of(first.tuned)
    house._TUNED.empty()
    rebuilt = house.resolve(rules, None, {"zhen_unit": 7})
    assert rebuilt.tuned is not first.tuned and rebuilt == first._replace(tuned=rebuilt.tuned)
    assert encoded(score("chuzhou", {**README, "rules": {"zhen_unit": 7}})) == encoded(
        score("chuzhou", {**README, "rules": {"zhen_unit": 7, "discard_extra": 10}}))


# --- how deep a variant file nests, read before the TOML reader -----------------------------

def _string(kind: str, text: str) -> str:
    """``text`` as a TOML string of ``kind``, or a basic string where that kind cannot hold it.
    A multi-line basic string keeps one or two quotes raw (the closing three may follow them)
    and, "folded", ends its lines with a backslash."""
    if kind == "bare" and text.isalnum():
        return text
    if kind == "literal" and "'" not in text and "\n" not in text:
        return f"'{text}'"
    if kind == "multi-line literal" and "'''" not in text:
        return f"'''{text}'''"
    if kind.startswith("multi-line"):
        written, quotes = [], 0
        for char in text:
            quotes = quotes + 1 if char == '"' else 0
            if quotes == 3:
                written.append('\\"')
                quotes = 0
            elif char == "\n" and kind == "multi-line folded":
                written.append("\\\n")
            else:
                written.append("\\\\" if char == "\\" else char)
        return '"""' + "".join(written) + '"""'
    return json.dumps(text, ensure_ascii=False)


def _toml(value: Any, inline: bool = False) -> str:
    """TOML for a value: ("str", kind, text), ("list", items, comment) or ("table", pairs of
    a (kind, key) and a value). A list outside an inline table has its comment on its own line."""
    if value[0] == "str":
        return _string(value[1], value[2])
    if value[0] == "list":
        _, items, comment = value
        said = "" if inline or comment is None else f"  #{comment}\n"
        return "[" + said + ", ".join(_toml(item, inline) for item in items) + "]"
    return "{" + ", ".join(f"{_string(*key)} = {_toml(v, True)}" for key, v in value[1]) + "}"


def _depth(value: object) -> int:
    """How deep a parsed value nests arrays and tables."""
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    return 0


_KINDS = ["basic", "literal", "multi-line", "multi-line folded", "multi-line literal"]
_STRING = st.tuples(st.just("str"), st.sampled_from(_KINDS),
                    st.text(alphabet="[]{}\"'\\#\n a", max_size=8))
_KEY = st.tuples(st.sampled_from(["bare", "basic", "literal"]), st.text("[]{}\"'a1", max_size=3))
_VALUE = st.recursive(_STRING, lambda inner: st.tuples(
    st.just("list"), st.lists(inner, max_size=3),
    st.none() | st.text(alphabet="[]{}\"'\\# a", max_size=8))
    | st.tuples(st.just("table"), st.lists(st.tuples(_KEY, inner), max_size=3,
                                            unique_by=lambda pair: pair[0][1])),
    max_leaves=40)


@given(value=_VALUE, header=st.sampled_from(["", "[t]\n", "[[t]]\n", "['[t]']\n"]),
       levels=st.integers(0, 40), wrapper=st.sampled_from(["list", "table", "both"]))
def test_the_nesting_read_before_the_toml_reader_is_what_it_reads(
        value: Any, header: str, levels: int, wrapper: str) -> None:
    """Strings of every kind and comments, brackets in them, never count; the brackets that
    nest always do. The depth to agree with is the TOML reader's own."""
    for level in range(levels):  # up to 40 levels more, past the limit
        in_list = wrapper == "list" or wrapper == "both" and level % 2 == 0
        value = ("list", [value], None) if in_list else ("table", [(("bare", "k"), value)])
    text = f"{header}x = {_toml(value)}\n"
    document = tomllib.loads(text)
    if header:
        document = next(iter(document.values()))
        document = document[0] if header.startswith("[[") else document
    deepest = max(_depth(document["x"]), header.startswith("[") + header.startswith("[["))
    for limit in (1, 2, 5, house.DEEPEST_NESTING):
        assert house.nests_deeper_than(text, limit) is (deepest > limit), text


@pytest.mark.parametrize("text, deeper", [
    ("x = " + "[" * 32 + "]" * 32, False),
    ("x = " + "[" * 33 + "]" * 33, True),
    ("x = " + "{a=" * 33 + "1" + "}" * 33, True),
    ("x = '" + "[" * 40 + "'", False),
    ('x = """' + "[" * 40 + '""""', False),  # a quote, then the closing three
    ('x = ["""a""""", ' + "[" * 33 + "]" * 33 + "]", True),  # two quotes, then the closing three
    ("x = 1 # " + "[" * 40, False),
    ('x = "\\"' + "[" * 40 + '"', False),  # after an escaped quote, still the string
    ('x = ["\\\\", ' + "[" * 33, True),  # a backslash escaped, then the closing quote
    ('x = "' + "[" * 40, False),  # a string the file ends in: the reader refuses it
    ("x = '[\ny = " + "[" * 33, True),  # a literal string ends with its line, closed or not
])
def test_the_nesting_of_a_variant_file_is_read_past_its_strings(text: str, deeper: bool) -> None:
    assert house.nests_deeper_than(text, house.DEEPEST_NESTING) is deeper
