"""TypeScript clients against the live service. The README's examples of both rulesets
(issue #23): types generated from openapi.yaml by openapi-typescript (default options), calls by
openapi-fetch, written as an app would write them, typed by ``tsc --strict``, then run with
node: a match, verify mode, a batch with a bad item in the middle, what each wait is worth.
A scorekeeper's calls through each common generator, default options (issue #33):
openapi-typescript with openapi-fetch, @hey-api/openapi-ts, orval (axios); each program is
typed by ``tsc --strict`` with no cast, then run, and all three print the same.

The npm packages are the exact pins of tests/typescript/package-lock.json (``npm ci``, once for
the module), so an upstream release cannot change what this test runs. Node and npm are
Debian's ``nodejs`` and ``npm``: ``make test`` installs them when absent (``make node``); where
they cannot be installed (no root, no package source) these tests are skipped and say so.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
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


NODE_MISSING = pytest.mark.skipif(
    None in TOOLS.values(),
    reason="Debian's nodejs and npm are not installed and `make test` could not install them "
           "(`make node` runs apt-get, which needs root)")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the lock file's packages, installed once for this module's tests
    (each works in a folder of its own inside it)."""
    folder = tmp_path_factory.mktemp("typescript")
    for name in ("package.json", "package-lock.json"):
        shutil.copy(SOURCES / name, folder / name)
    ok(["npm", "ci", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts"], folder)
    return folder


def tool(installed: Path, name: str) -> str:
    return str(installed / "node_modules" / ".bin" / name)


QUICK_START = re.compile(r"## Quick start: TypeScript\n.*?```ts\n(.*?)```", re.S)


def readme_bodies(path: str) -> list[Any]:
    return [json.loads(body) for found, body in CURL.findall(README) if found == path and body]


@NODE_MISSING
def test_typescript_client_runs_the_readme_examples(live_server: str, installed: Path) -> None:
    folder = installed / "readme"
    folder.mkdir()
    for name in ("tsconfig.json", "client.ts"):
        shutil.copy(SOURCES / name, folder / name)
    quick_start = QUICK_START.search(README)
    assert quick_start, "README.md has no ```ts block under its Quick start: TypeScript"
    (folder / "readme.ts").write_text(
        quick_start.group(1).replace("http://127.0.0.1:8000", live_server), encoding="utf-8")
    ok([tool(installed, "openapi-typescript"), str(ROOT / "openapi.yaml"), "-o", "schema.d.ts"],
       folder)
    # client.ts and the README's readme.ts type-checked and emitted in one run.
    typed = run([tool(installed, "tsc"), "--strict"], folder)
    assert typed.returncode == 0, (
        "the README's bodies and answers do not type-check against the types openapi-typescript "
        "generates from openapi.yaml (tsc --strict):\n" + typed.stdout + typed.stderr)
    node = TOOLS["node"] or "node"
    printed = re.search(r"console\.log\(.*\); // (.*)", quick_start.group(1))
    assert printed, "the quick start's console.log says what it prints in a comment"
    assert ok([node, "dist/readme.js"], folder).strip() == printed.group(1)
    out = ok([node, "dist/client.js", live_server], folder)
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
    assert yscore["read"]["tai"] == 1 and yscore["read"]["net"] == [-5, 13, -4, -4]
    assert yscore["read"]["patterns"] == ["flower_tile"]
    assert yscore["read"]["caishen_as"] == [{"tile": "3z", "as": "7s"}]  # the 财神 in use
    assert yscore["read"]["flowers"] == 2  # a flower, and the 财神 standing

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


# Each generator with its default options, writing into gen/<program>/ (its command's
# arguments after the input file).
GENERATORS = {
    "openapi-typescript": ["openapi-typescript", "{input}",
                           "-o", "gen/openapi-typescript/schema.d.ts"],
    "hey-api": ["openapi-ts", "-i", "{input}", "-o", "gen/hey-api"],
    "orval": ["orval", "--input", "{input}", "--output", "gen/orval/api.ts"],
}


CAST = re.compile(r"(?<![.\w])as\s+[\w{(\[]|<any>|!\.")


@NODE_MISSING
def test_every_generator_types_a_scorekeeper(live_server: str, installed: Path) -> None:
    # At the root, beside node_modules, as an app's project is: @hey-api/openapi-ts reads the
    # tsconfig.json it finds above its own package for how to write imports ("nodenext": .js).
    folder = installed
    shutil.copytree(SOURCES / "generators", folder, dirs_exist_ok=True)
    # The generators write apart (gen/<program>/): run side by side, as their waits overlap.
    with ThreadPoolExecutor(len(GENERATORS)) as pool:
        generated = dict(zip(GENERATORS, pool.map(
            lambda command: run([tool(installed, command[0]), *(
                part.format(input=ROOT / "openapi.yaml") for part in command[1:])], folder),
            GENERATORS.values()), strict=True))
    for name, done in generated.items():
        assert done.returncode == 0, (name, done.stdout[-4000:] + done.stderr[-4000:])
        # openapi-typescript warns of what it cannot type (an invalid discriminator mapping)
        assert "⚠" not in done.stdout + done.stderr, (name, done.stdout + done.stderr)
    typed = run([tool(installed, "tsc"), "-p", "tsconfig.json"], folder)
    assert typed.returncode == 0, (
        "a program does not type-check against the client its generator makes from "
        "openapi.yaml (tsc --strict):\n" + typed.stdout + typed.stderr)
    for program in GENERATORS:  # no cast: each reads the answers as its generator typed them
        code = "\n".join(line for line in (folder / f"{program}.ts").read_text(
            encoding="utf-8").splitlines() if not line.lstrip().startswith("//"))
        assert not CAST.search(code), f"{program}.ts casts: {CAST.search(code)}"
    node = TOOLS["node"] or "node"
    printed = {program: json.loads(ok([node, f"dist/{program}.js", live_server], folder))
               for program in GENERATORS}
    assert printed["hey-api"] == printed["openapi-typescript"] == printed["orval"]
    assert printed["orval"] == {
        "chuzhou": {"fan": 10, "net": [-40, 110, -30, -40]},
        # the README's Yueqing hand: its 财神 (3z) stands for 7s and counts as a flower
        "yueqing": {"tai": 1, "net": [-5, 13, -4, -4], "caishen_as": ["7s"]},
        "batch": [{"status": 200, "wall_reserve": 17}, {"status": 200, "tai": 1},
                  {"status": 422, "problem": "/problems/schema-violation"}],
        "refused": {"status": 422, "type": "/problems/schema-violation", "fields": ["dealer"]},
        # a cause narrowed on its code reads its params as numbers (concealed holds 10 tiles
        # where 8 are expected), and one with a code no client knows yet still reads
        "causes": {"code": "tile-count", "shown": "2 tiles too many",
                   "later": {"code": "a-code-added-later", "shown": True}}}
