"""The command line's throughput with one worker, as a ratio of the in-process score() rate on
the same hands measured in the same run, and its peak memory as the input grows to 1 GB.
Prints; never fails.

    python bench/cli.py [LINES] [GIGABYTES]    # defaults 1,000,000 and 1

The input is DISTINCT generated winning hands of both rulesets (score items, one a line),
repeated to LINES lines; the in-process figure scores the same distinct hands, warm, in this
process. Each run is ``mahjong-score --workers 1`` reading a file and writing to /dev/null; its
peak RSS is the child's maximum resident set (getrusage), which stays flat when the command
line streams.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.hands import chuzhou_hands, yueqing_hands  # noqa: E402
from service.errors import ProblemError  # noqa: E402
from service.scoring import score  # noqa: E402

DISTINCT = 20_000
CLI = str(Path(sys.executable).with_name("mahjong-score"))


def in_process_rate(hands: list[tuple[str, dict[str, object]]]) -> float:
    for ruleset, body in hands:  # warm, as a long command-line run is
        try:
            score(ruleset, body)
        except ProblemError:
            pass
    start = time.perf_counter()
    for ruleset, body in hands:
        try:
            score(ruleset, body)
        except ProblemError:
            pass
    return len(hands) / (time.perf_counter() - start)


def run_cli(path: Path) -> tuple[float, float]:
    """Seconds and the peak RSS in MB of one run over ``path``."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink, tempfile.TemporaryFile() as err:
        code = subprocess.run([CLI, "--workers", "1", str(path)], stdout=sink, stderr=err,
                              check=False).returncode
        if code != 0:
            err.seek(0)
            raise RuntimeError(f"mahjong-score exited {code}: {err.read()[-500:]!r}")
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # the largest so far
    return seconds, peak


def main() -> None:
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    gigabytes = float(sys.argv[2]) if len(sys.argv) > 2 else 1.0
    hands = [("chuzhou", b) for b in chuzhou_hands(DISTINCT * 2 // 3, seed=31)] + \
        [("yueqing", b) for b in yueqing_hands(DISTINCT // 3, seed=31)]
    text = b"".join(json.dumps({"id": i, "ruleset": r, "action": "score",
                                "request": b}).encode() + b"\n"
                    for i, (r, b) in enumerate(hands))
    reference = in_process_rate(hands)
    print(f"in-process score(): {reference:,.0f} hands/s over {len(hands):,} distinct hands "
          "(warm)")
    with tempfile.TemporaryDirectory() as where:
        small, large, huge = (Path(where) / name for name in ("small", "large", "huge"))
        small.write_bytes(text[: text.index(b"\n", 1_000_000) + 1])  # about 1 MB
        with large.open("wb") as out:
            for _ in range(-(-lines // len(hands))):
                out.write(text)
        count = sum(1 for _ in large.open("rb"))
        seconds, small_peak = run_cli(small)
        print(f"mahjong-score, 1 worker, {small.stat().st_size / 1e6:.1f} MB: peak RSS "
              f"{small_peak:.0f} MB")
        seconds, peak = run_cli(large)
        rate = count / seconds
        print(f"mahjong-score, 1 worker, {count:,} lines ({large.stat().st_size / 1e6:,.0f} MB): "
              f"{seconds:.1f} s, {rate:,.0f} lines/s, × {rate / reference:.2f} of in-process "
              f"score() (aim ≥ 0.50), peak RSS {peak:.0f} MB")
        with huge.open("wb") as out:
            while out.tell() < gigabytes * 1e9:
                out.write(text)
        seconds, peak = run_cli(huge)
        print(f"mahjong-score, 1 worker, {huge.stat().st_size / 1e9:.2f} GB: {seconds:.0f} s, "
              f"peak RSS {peak:.0f} MB (a 1 MB input: {small_peak:.0f} MB)")


if __name__ == "__main__":
    main()
