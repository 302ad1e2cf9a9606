"""A TypeScript client against the live service (issue #23): types generated from openapi.yaml
by openapi-typescript (default options), calls by openapi-fetch, the README's examples of
both rulesets written as an app would write them, typed by ``tsc --strict``, then run with
node: a match, verify mode, a batch with a bad item in the middle, what each wait is worth.

The npm packages are the exact pins of tests/typescript/package-lock.json (``npm ci``), so an
upstream release cannot change what this test runs. Node and npm are Debian's ``nodejs`` and
``npm``: ``make test`` installs them when absent (``make node``); where they cannot be
installed (no root, no package source) this test is skipped and says so.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.test_readme import CURL, README

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "tests" / "typescript"
TOOLS = {name: shutil.which(name) for name in ("node", "npm", "npx")}
# npm's download cache outlives the test's folder, so a rerun installs from it in seconds:
# inside the virtual environment that runs the tests (ignored by git, removed by make clean).
CACHE = (Path(sys.prefix) if sys.prefix != sys.base_prefix
         else Path(tempfile.gettempdir())) / "npm-cache"


def run(command: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "npm_config_cache": str(CACHE), "npm_config_update_notifier": "false",
           "NO_COLOR": "1"}
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          check=False, env=env)


def ok(command: list[str], cwd: Path) -> str:
    done = run(command, cwd)
    assert done.returncode == 0, (command, done.stdout[-4000:] + done.stderr[-4000:])
    return done.stdout


QUICK_START = re.compile(r"## Quick start: TypeScript\n.*?```ts\n(.*?)```", re.S)


def readme_bodies(path: str) -> list[Any]:
    return [json.loads(body) for found, body in CURL.findall(README) if found == path and body]


@pytest.mark.skipif(None in TOOLS.values(),
                    reason="Debian's nodejs and npm are not installed and `make test` could not "
                           "install them (`make node` runs apt-get, which needs root)")
def test_typescript_client_runs_the_readme_examples(live_server: str, tmp_path: Path) -> None:
    for name in ("package.json", "package-lock.json", "tsconfig.json", "client.ts"):
        shutil.copy(SOURCES / name, tmp_path / name)
    quick_start = QUICK_START.search(README)
    assert quick_start, "README.md has no ```ts block under its Quick start: TypeScript"
    (tmp_path / "readme.ts").write_text(
        quick_start.group(1).replace("http://127.0.0.1:8000", live_server), encoding="utf-8")
    ok(["npm", "ci", "--no-audit", "--no-fund", "--prefer-offline"], tmp_path)
    ok(["npx", "--no", "--", "openapi-typescript", str(ROOT / "openapi.yaml"),
        "-o", "schema.d.ts"], tmp_path)
    # client.ts and the README's readme.ts type-checked and emitted in one run.
    typed = run(["npx", "--no", "--", "tsc", "--strict"], tmp_path)
    assert typed.returncode == 0, (
        "the README's bodies and answers do not type-check against the types openapi-typescript "
        "generates from openapi.yaml (tsc --strict):\n" + typed.stdout + typed.stderr)
    node = TOOLS["node"] or "node"
    printed = re.search(r"console\.log\(.*\); // (.*)", quick_start.group(1))
    assert printed, "the quick start's console.log says what it prints in a comment"
    assert ok([node, "dist/readme.js"], tmp_path).strip() == printed.group(1)
    out = ok([node, "dist/client.js", live_server], tmp_path)
    calls: dict[str, list[Any]] = {}
    for line in out.splitlines():
        call = json.loads(line)
        calls.setdefault(call["path"], []).append(call)

    # The bodies are the README's, as written there (the batch with its bad item moved to
    # the middle, the Yueqing waits asking for values).
    for path in ("/v1/chuzhou/score", "/v1/yueqing/score", "/v1/chuzhou/match",
                 "/v1/yueqing/match", "/v1/chuzhou/waits"):
        assert calls[path][0]["body"] in readme_bodies(path), path
    [readme_batch] = readme_bodies("/v1/batch")
    sent = calls["/v1/batch"][0]["body"]["items"]
    assert [item["id"] for item in sent] == [1, 3, 2]
    assert sorted(sent, key=lambda item: item["id"]) == readme_batch["items"]
    yueqing_waits = {**readme_bodies("/v1/yueqing/waits")[0], "winner": 1, "dealer": 0}
    assert calls["/v1/yueqing/waits"][0]["body"] == yueqing_waits

    [score] = calls["/v1/chuzhou/score"]
    assert score["status"] == 200
    assert score["read"]["fan"] == 10 and score["read"]["net"] == [-40, 110, -30, -40]
    assert score["read"]["next"] == {"dealer": 1, "zhen": [2, 2, 2, 2]}
    assert score["read"]["patterns"][0] == "Base win"

    [yscore] = calls["/v1/yueqing/score"]
    assert yscore["read"]["tai"] == 2 and yscore["read"]["net"] == [-4, 10, -3, -3]
    assert set(yscore["read"]["patterns"]) == {"ping_hu", "no_caishen"}

    [match] = calls["/v1/chuzhou/match"]
    assert match["read"]["state"] == {"dealer": 2, "zhen": [3, 3, 3, 3]}
    assert match["read"]["totals"] == [30, 340, -200, -170]
    assert match["read"]["check"] is None
    assert [event["type"] for event in match["read"]["events"]] == [
        "win", "win", "instant", "draw"]
    assert match["read"]["events"][-1]["totals"] == match["read"]["totals"]

    [verify] = calls["/v1/yueqing/match"]
    assert verify["read"]["state"] == {"dealer": 0, "lao_zhuang": 1}
    assert verify["read"]["totals"] == [9, -3, -3, -3]
    assert verify["read"]["ok"] is False
    assert verify["read"]["differences"] == [{"path": "totals.3", "expected": -4, "actual": -3}]

    [batch] = calls["/v1/batch"]
    results = batch["read"]["results"]
    assert [(r["id"], r["status"], r["answered"]) for r in results] == [
        (1, 200, True), (3, 422, False), (2, 200, True)]
    assert results[0]["problem"] is None and results[2]["problem"] is None
    [bad] = calls["/v1/chuzhou/draw"]  # the bad item on its own: the same problem
    assert bad["status"] == 422 and bad["read"]["type"] == "/problems/schema-violation"
    assert bad["read"]["fields"] == ["dealer"]
    alone, in_batch = bad["read"]["problem"], results[1]["problem"]
    assert {key: in_batch[key] for key in ("type", "title", "status")} == {
        key: alone[key] for key in ("type", "title", "status")}
    # in the batch the field is named from the item: request.dealer
    assert in_batch["errors"] == {f"request.{field}": messages
                                  for field, messages in alone["errors"].items()}

    [values] = calls["/v1/chuzhou/waits"]
    assert values["read"]["waits"] == ["3s", "6s"]
    worth = {value["tile"]: value for value in values["read"]["values"]}
    assert worth["3s"]["self_draw"] == 110 and worth["6s"]["self_draw"] == 70
    assert {way["fan"] for way in worth["3s"]["discard"]} == {40}
    assert {way["fan"] for way in worth["6s"]["discard"]} == {20}
    assert [way["from"] for way in worth["3s"]["discard"]] == [0, 2, 3]
    [yvalues] = calls["/v1/yueqing/waits"]
    assert yvalues["read"]["waits"] == ["1p", "2p", "3p", "4p", "5p", "6p", "6s", "1z"]
    assert [value["tile"] for value in yvalues["read"]["values"]] == yvalues["read"]["waits"]
    yworth = {value["tile"]: value for value in yvalues["read"]["values"]}
    assert yworth["1p"]["self_draw"] == 0 and yworth["1p"]["net"] == [-3, 7, -2, -2]
    assert [(way["from"], way["net"]) for way in yworth["1p"]["discard"]] == [
        (0, [-3, 7, -2, -2]), (2, [-3, 7, -2, -2]), (3, [-3, 7, -2, -2])]
    assert yworth["1z"]["self_draw"] == 1 and yworth["1z"]["net"] == [-5, 13, -4, -4]
    # the 财神 discarded at face value is no win: each of those ways carries its problem
    assert {way["problem"] for way in yworth["1z"]["discard"]} == {"/problems/not-a-win"}
