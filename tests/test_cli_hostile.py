"""mahjong-score against unfriendly input: every line, blank or broken, gets one result line in
order with its line number, the run goes on, --check reaches match events, results stream as
lines arrive, and the exit status says what the help says."""

from __future__ import annotations

import json
import select
import subprocess
import sys
from pathlib import Path
from typing import Any

CLI = [str(Path(sys.executable).with_name("mahjong-score"))]
INSTANT = {"ruleset": "chuzhou", "action": "instant",
           "request": {"event": "followed_discard", "seat": 1}}


def line(item: Any) -> bytes:
    return json.dumps(item).encode() + b"\n"


def results(stdout: bytes) -> list[dict[str, Any]]:
    return [json.loads(text) for text in stdout.splitlines()]


def run(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([*CLI, *args], input=stdin, capture_output=True, timeout=120,
                          check=False)


def test_every_hostile_line_gets_its_own_result_and_the_run_goes_on(tmp_path: Path) -> None:
    hostile = tmp_path / "hostile.jsonl"
    hostile.write_bytes(b"".join([
        line(INSTANT),
        b"\n",                                       # blank
        b"[" * 100_000 + b"]" * 100_000 + b"\n",     # deep nesting
        b'{"id": ' + b"9" * 5_000 + b"}\n",          # a 5,000-digit number
        b'{"id": "\xff\xfe broken"}\n',              # not UTF-8
        b"{not json\n",
        b"\"just a string\"\n",                      # JSON, but not an item
        line({**INSTANT, "id": "last"}),
    ]))
    done = run(str(hostile))
    assert done.returncode == 0, done.stderr
    found = results(done.stdout)
    assert [r["line"] for r in found] == list(range(1, 9))
    assert [r["status"] for r in found] == [200, 400, 400, 400, 400, 400, 422, 200]
    details = [r.get("problem", {}).get("detail", "") for r in found]
    assert "blank" in details[1] and "32 deep" in details[2]
    assert "number" in details[3] and "UTF-8" in details[4] and "not valid JSON" in details[5]
    assert found[-1]["id"] == "last"
    assert done.stderr.decode() == "8 line(s): 2 answered, 6 refused\n"


def test_check_reaches_the_expectations_of_match_events(tmp_path: Path) -> None:
    match = {"id": "m", "ruleset": "chuzhou", "action": "match", "request": {
        "dealer": 0, "events": [
            {"type": "draw", "request": {"expected": {"wall_reserve": 15}}},
            {"type": "draw", "request": {"kongs": 1, "expected": {"wall_reserve": 99}}}]}}
    done = run("--check", stdin=line(match))
    assert done.returncode == 1
    assert "line 1: events.1.wall_reserve: expected 99, got 17" in done.stderr.decode()
    assert "checked 1 item(s) with expected: 0 ok, 1 differ, 0 refused" in done.stderr.decode()
    right = json.loads(json.dumps(match).replace("99", "17"))
    assert run("--check", stdin=line(right)).returncode == 0


def test_exit_status(tmp_path: Path) -> None:
    refused = {"ruleset": "chuzhou", "action": "draw", "request": {"dealer": 9,
                                                                   "expected": {}}}
    assert run(stdin=line(refused)).returncode == 0  # without --check, statuses are results
    assert run("--check", stdin=line(refused)).returncode == 1  # a checked item refused
    good = tmp_path / "good.jsonl"
    good.write_bytes(line(INSTANT))
    done = run(str(good), str(tmp_path / "missing.jsonl"), str(good))
    assert done.returncode == 2
    assert "missing.jsonl" in done.stderr.decode()
    found = results(done.stdout)  # every other line is answered, each file numbered alone
    assert [(r["file"], r["line"], r["status"]) for r in found] == [
        (str(good), 1, 200), (str(good), 1, 200)]


def test_results_stream_as_lines_arrive() -> None:
    # One line in, its result out, before the next line is written: nothing waits for EOF.
    with subprocess.Popen(CLI, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as process:
        assert process.stdin is not None and process.stdout is not None
        for index in range(3):
            process.stdin.write(line({**INSTANT, "id": index}))
            process.stdin.flush()
            # a hang guard, not a speed check: a result that waits for more input never comes
            ready, _, _ = select.select([process.stdout], [], [], 30)
            assert ready, "no result before the next line was written"
            answered = json.loads(process.stdout.readline())
            assert (answered["id"], answered["line"], answered["status"]) == (
                index, index + 1, 200)
        process.stdin.close()
        assert process.wait(timeout=60) == 0


def test_a_line_past_the_cap_gets_413_and_is_not_held(tmp_path: Path) -> None:
    big = tmp_path / "big.jsonl"
    with big.open("wb") as out:
        out.write(b'{"id": "' + b"x" * (9 * 1024 * 1024) + b'"}\n')
        out.write(line({**INSTANT, "id": "after"}))
    done = run(str(big))
    assert done.returncode == 0
    first, second = results(done.stdout)
    assert (first["line"], first["status"], first["problem"]["type"]) == (
        1, 413, "/problems/too-large")
    assert (second["line"], second["id"], second["status"]) == (2, "after", 200)


def test_a_check_cut_short_by_its_reader_is_not_a_pass(tmp_path: Path) -> None:
    lines = tmp_path / "many.jsonl"
    item = {**INSTANT, "request": {**INSTANT["request"],
                                   "expected": {"net": [10, -30, 10, 10]}}}
    lines.write_bytes(line(item) * 20_000)
    for check, status in ((["--check"], 1), ([], 0)):
        with subprocess.Popen([*CLI, "--workers", "1", *check, str(lines)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
            assert process.stdout is not None
            process.stdout.readline()
            process.stdout.close()  # as `| head -1` does
            assert process.wait(timeout=120) == status
