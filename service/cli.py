"""mahjong-score: score JSON Lines of batch items on the same core as POST /v1/batch."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Iterator
from multiprocessing import Pool
from typing import IO, Any, NamedTuple

from tqdm import tqdm

from service.batch import answer_item
from service.errors import PROBLEM_BASE, problem_document
from service.jsonio import encoded
from service.rulesets import RULESETS
from service.work import tune_gc

EXAMPLES = """\
Each input line is one batch item, as in POST /v1/batch:
  {"id": 7, "ruleset": "RULESET", "action": "score", "request": {...}}
Each output line is that item's result, in input order:
  {"id": 7, "status": 200, "answer": {...}}   or   {"id": 7, "status": 422, "problem": {...}}

examples:
  mahjong-score examples/check.jsonl > results.jsonl
  cat day1.jsonl day2.jsonl | mahjong-score --workers 2 > results.jsonl
  mahjong-score --check examples/check.jsonl > /dev/null   # exit 1 if any expected differs

A progress bar with the rate and time left shows on stderr when it is a terminal.
""".replace("RULESET", next(iter(RULESETS)))  # the first ruleset served: a real id
# Below this many lines, starting worker processes costs more than it saves.
PARALLEL_FROM = 2_000
SHOWN_DIFFERENCES = 20


class Outcome(NamedTuple):
    """One line's result as written, and what --check needs to know of it."""

    line: str
    status: int
    checked: bool
    differences: list[dict[str, Any]]


def _bad_json(error: json.JSONDecodeError) -> dict[str, Any]:
    detail = f"The line is not valid JSON: {error.msg} at column {error.colno}."
    return {"id": None, "status": 400,
            "problem": problem_document(PROBLEM_BASE + "bad-json", "Bad Request", 400, detail, {})}


def outcome(text: str) -> Outcome:
    """Answer one input line (runs in a worker process when there are several)."""
    item: Any = None
    try:
        item = json.loads(text)
    except json.JSONDecodeError as error:
        result = _bad_json(error)
    else:
        result = answer_item(item)
    request = item.get("request") if isinstance(item, dict) else None
    wanted = isinstance(request, dict) and request.get("expected") is not None
    check = result.get("answer", {}).get("check")
    found = check["differences"] if check else []
    line = encoded(result).decode()  # the batch endpoint's own writer
    return Outcome(line, result["status"], wanted, found)


def _lines(paths: list[str]) -> Iterator[str]:
    """Every non-blank input line, files in order, ``-`` or none for stdin."""
    for path in paths or ["-"]:
        stream: IO[str] = sys.stdin if path == "-" else open(path, encoding="utf-8")  # noqa: SIM115
        try:
            for text in stream:
                if text.strip():
                    yield text
        finally:
            if stream is not sys.stdin:
                stream.close()


def outcomes(lines: list[str], workers: int) -> Iterable[Outcome]:
    if workers <= 1:
        return map(outcome, lines)
    pool = Pool(workers)
    chunk = max(1, min(256, len(lines) // (workers * 8)))
    return _closing(pool, pool.imap(outcome, lines, chunksize=chunk))


def _closing(pool: Any, results: Iterator[Outcome]) -> Iterator[Outcome]:
    with pool:
        yield from results


class Summary:
    """What --check reports: items with ``expected``, how many differed or were refused."""

    def __init__(self) -> None:
        self.checked = self.differed = self.refused = 0
        self.shown: list[str] = []

    def add(self, number: int, result: Outcome) -> None:
        if not result.checked:
            return
        self.checked += 1
        if result.status != 200:
            self.refused += 1
            self._show(f"line {number}: refused with status {result.status}")
        elif result.differences:
            self.differed += 1
            for d in result.differences:
                self._show(f"line {number}: {d['path']}: expected "
                           f"{json.dumps(d['expected'], ensure_ascii=False)}, got "
                           f"{json.dumps(d['actual'], ensure_ascii=False)}")

    def _show(self, text: str) -> None:
        if len(self.shown) < SHOWN_DIFFERENCES:
            self.shown.append(text)

    @property
    def ok(self) -> bool:
        return self.differed == 0 and self.refused == 0

    def report(self, out: IO[str]) -> None:
        for text in self.shown:
            print(text, file=out)
        print(f"checked {self.checked:,} item(s) with expected: "
              f"{self.checked - self.differed - self.refused:,} ok, {self.differed:,} differ, "
              f"{self.refused:,} refused", file=out)


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(
        prog="mahjong-score", description=__doc__, epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    made.add_argument("files", nargs="*", metavar="FILE",
                      help="JSON Lines files, read in order; none or '-' reads stdin")
    made.add_argument("--check", action="store_true",
                      help="print a summary of differences from each item's expected to "
                           "stderr; exit 1 if any differs or is refused")
    made.add_argument("--workers", type=int, default=None,
                      help=f"worker processes (default: one per core from "
                           f"{PARALLEL_FROM:,} lines, else 1)")
    return made


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    tune_gc()
    try:
        lines = list(_lines(args.files))
    except OSError as error:
        print(f"mahjong-score: {error}", file=sys.stderr)
        return 2
    workers = args.workers or ((os.cpu_count() or 1) if len(lines) >= PARALLEL_FROM else 1)
    summary = Summary()
    bar = tqdm(total=len(lines), unit="item", file=sys.stderr,
               disable=not sys.stderr.isatty(), smoothing=0.1)
    try:
        with bar:
            for number, result in enumerate(outcomes(lines, workers), start=1):
                sys.stdout.write(result.line + "\n")
                summary.add(number, result)
                bar.update()
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped early (| head): not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    if args.check:
        summary.report(sys.stderr)
        return 0 if summary.ok else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
