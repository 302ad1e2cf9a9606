"""mahjong-score: score JSON Lines of batch items on the same core as POST /v1/batch."""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
from collections.abc import Iterator
from itertools import islice
from multiprocessing import get_context
from pathlib import Path
from typing import IO, Any, NamedTuple

from tqdm import tqdm

from service.batch import answer_item
from service.errors import typed_problem
from service.hints import hint_budget
from service.house import VARIANTS, Variant, VariantError, load_variants, read_variant, serve
from service.jsonio import MAX_DEPTH, loads, nesting_depth_exceeds, written
from service.language import (
    ENGLISH,
    LANGUAGES,
    Message,
    from_locale,
    joined,
    load,
    said,
    sentence,
)
from service.po import CatalogError
from service.rulesets import RULESETS
from service.work import tune_gc

EXAMPLES = """\
Each input line is one batch item, as in POST /v1/batch:
  {"id": 7, "ruleset": "RULESET", "action": "score", "request": {...}}
Each input line, blank or broken ones included, gets one output line, in order, with its line
number (and its file, when there are several):
  {"line": 1, "id": 7, "status": 200, "answer": {...}}
  {"line": 2, "id": null, "status": 400, "problem": {...}}   a line that is not JSON
Results are written as lines are read: from a pipe, one process answers each line as it
arrives (`tail -f log | mahjong-score`); --workers N trades that for throughput, answering
4,096 lines at a time. Memory stays flat whatever the input's size; a line longer than
8 MiB (a batch body's cap) gets its own 413 result. A summary goes to stderr at the end.

exit status: 0 every line was read and answered, whatever each one's status;
             1 with --check, when an item with `expected` (its own, or a match event's)
               differs or is refused;
             2 when a file cannot be read (it is named on stderr and skipped; every
               other line is answered);
             with --check, 1 as well when the reader of stdout stopped early (| head): the
               check is incomplete.

examples:
  mahjong-score examples/check.jsonl > results.jsonl
  cat day1.jsonl day2.jsonl | mahjong-score --workers 2 > results.jsonl
  mahjong-score --check examples/check.jsonl > /dev/null   # exit 1 if any expected differs

A progress bar with the count and rate shows on stderr when it is a terminal.
""".replace("RULESET", next(iter(RULESETS)))  # the first ruleset served: a real id
# Below this much input in regular files, starting worker processes costs more than it saves
# (about 2,000 lines). Input from a pipe is answered in this process unless --workers says.
PARALLEL_FROM_BYTES = 1024 * 1024
WINDOW = 4096  # lines handed to the worker processes at a time: memory stays bounded
MAX_LINE = 8 * 1024 * 1024  # a batch body's cap (service/api/batch.py): no item is longer
SHOWN_DIFFERENCES = 20


class Line(NamedTuple):
    number: int
    file: str | None  # named when there are several
    text: bytes
    oversize: bool = False  # longer than MAX_LINE: its text is not kept


class Outcome(NamedTuple):
    """One line's result as written, and what the summary needs to know of it."""

    line: bytes
    where: str  # "line 7", or "day2.jsonl line 7" when there are several files
    status: int
    checked: bool
    differences: list[dict[str, Any]]
    # with paid_under: the versions of the money since the stored answer's, newest first
    changed: tuple[str, ...] = ()


def _refused(detail: Message) -> dict[str, Any]:
    return {"id": None, "status": 400, "problem": typed_problem("bad-json", detail)}


def _read(text: bytes, oversize: bool = False) -> tuple[Any, dict[str, Any] | None]:
    """The line's item, or the 4xx result that says why it has none."""
    if oversize:
        return None, {"id": None, "status": 413, "problem": typed_problem(
            "too-large", Message("line-too-long", "The line is longer than {max} MiB, a "
                                 "batch body's cap.", max=MAX_LINE // 1024 // 1024))}
    if not text.strip():
        return None, _refused(Message("blank-line",
                                      "The line is blank; each line is one batch item."))
    try:
        text.decode("utf-8")
    except UnicodeDecodeError as error:
        return None, _refused(Message("not-utf8", "The line is not UTF-8 (byte {byte}).",
                                      byte=error.start + 1))
    if nesting_depth_exceeds(text, MAX_DEPTH):
        return None, _refused(Message("too-deep", "The line nests arrays or objects more "
                                      "than {limit} deep.", limit=MAX_DEPTH))
    try:
        return loads(text), None
    except json.JSONDecodeError as error:
        # The reader's own English words go in params alone: a Chinese line holds none.
        return None, _refused(Message("not-json", "The line is not valid JSON: column "
                                      "{column}.", column=error.colno, reason=error.msg))
    except ValueError:  # an integer of more than 4,300 digits: no field takes one
        return None, _refused(Message("number-too-long", "The line holds a number longer "
                                      "than any field takes."))


def expectations(item: Any, answer: dict[str, Any]) -> tuple[bool, list[dict[str, Any]]]:
    """Whether the item carried ``expected`` anywhere an item may (its request, or a match
    event's), and every difference the answer found, a match event's named from the item."""
    request = item.get("request") if isinstance(item, dict) else None
    if not isinstance(request, dict):
        return False, []
    wanted = request.get("expected") is not None
    found = list(answer.get("check", {}).get("differences", []))
    events = request.get("events") if item.get("action") == "match" else None
    for event in events if isinstance(events, list) else ():
        asked = event.get("request") if isinstance(event, dict) else None
        wanted = wanted or (isinstance(asked, dict) and asked.get("expected") is not None)
    for index, event in enumerate(answer.get("events", ())):
        check = event.get("result", {}).get("check")
        found += [{**d, "path": f"events.{index}.{d['path']}"}
                  for d in (check["differences"] if check else ())]
    return wanted, found


# What --rules and --variant give each ruleset's lines that do not say it themselves: set in
# ``main`` before any worker process starts, and handed to each (``_start_worker``).
HOUSE: dict[str, dict[str, Any]] = {}
# The language every line's answer is written in (--lang), set and handed on the same way.
SPOKEN = {"language": ENGLISH}


def _start_worker(house: dict[str, dict[str, Any]],
                  variants: dict[str, dict[str, Variant]], language: str = ENGLISH) -> None:
    """A worker process is given the parent's house rules and variants: one forked has them
    already, one spawned afresh (macOS, Windows, forkserver) would start without them. They
    come as copies (``outcomes``): a forked worker's arguments would otherwise be the very
    dicts this empties before filling them."""
    HOUSE.clear()
    HOUSE.update(house)
    SPOKEN["language"] = language
    serve(variants)


def with_house_rules(item: Any) -> Any:
    """The item, its request given the command line's ``rules`` and ``variant`` for its
    ruleset where the request carries none of its own."""
    if not isinstance(item, dict) or not isinstance(item.get("ruleset"), str):
        return item
    given = HOUSE.get(item["ruleset"])
    request = item.get("request")
    if given is None or not isinstance(request, dict):
        return item
    return {**item, "request": {**{k: v for k, v in given.items() if k not in request},
                                **request}}


def outcome(line: Line) -> Outcome:
    """Answer one input line; never raises (runs in a worker process when there are several)."""
    item, refused = _read(line.text, line.oversize)
    item = with_house_rules(item)
    with hint_budget():  # a line is a request: its hints are bounded as one's are
        result = refused if refused is not None else answer_item(item)
    where: dict[str, Any] = {"line": line.number} if line.file is None else {
        "file": line.file, "line": line.number}
    checked, found = expectations(item, result.get("answer", {}))
    named = sentence("line {line}", line=line.number) if line.file is None else \
        sentence("{file} line {line}", file=line.file, line=line.number)
    # a refused request's check is in its problem (verify mode)
    check = (result.get("answer") or result.get("problem") or {}).get("check") or {}
    changed = tuple(change["version"] for change in check.get("changes", ()))
    return Outcome(written({**where, **result}, SPOKEN["language"]), named, result["status"],
                   checked, found, changed)


def _lines(paths: list[str], broken: list[str]) -> Iterator[Line]:
    """Every input line, blank ones included, numbered in its file; files in order, ``-`` or
    none for stdin. A file that cannot be read is named in ``broken`` and skipped."""
    named = len(paths) > 1
    for path in paths or ["-"]:
        try:
            if path == "-" and sys.stdin is None:
                raise OSError("no standard input")
            stream: IO[bytes] = sys.stdin.buffer if path == "-" else open(path, "rb")  # noqa: SIM115
        except OSError as error:
            broken.append(f"mahjong-score: {error}")
            continue
        try:
            number = 0
            while text := stream.readline(MAX_LINE + 2):  # room for the line's \r\n
                number += 1
                oversize = len(text.rstrip(b"\r\n")) > MAX_LINE
                while oversize and not text.endswith(b"\n") and text:
                    text = stream.readline(MAX_LINE)  # the rest of it, a piece at a time
                yield Line(number, path if named else None,
                           b"" if oversize else text.rstrip(b"\r\n"), oversize)
        except OSError as error:
            broken.append(f"mahjong-score: {path}: {error}")
        finally:
            if sys.stdin is None or stream is not sys.stdin.buffer:
                stream.close()


def _regular_bytes(paths: list[str]) -> int | None:
    """The input's size when every input is a regular file, else None (a pipe, a terminal)."""
    total = 0
    for path in paths or ["-"]:
        try:
            found = os.fstat(sys.stdin.fileno()) if path == "-" else os.stat(path)
        except (OSError, ValueError, AttributeError):  # AttributeError: no stdin at all
            return None
        if not stat.S_ISREG(found.st_mode):
            return None
        total += found.st_size
    return total


def outcomes(lines: Iterator[Line], workers: int,
             start: str | None = None) -> Iterator[Outcome]:
    """Each line's outcome in order, as lines are read; with workers, a window at a time.
    ``start``: how worker processes start (the platform's way by default)."""
    if workers <= 1:
        yield from map(outcome, lines)
        return
    handed = ({rid: dict(given) for rid, given in HOUSE.items()},
              {rid: dict(named) for rid, named in VARIANTS.items()}, SPOKEN["language"])
    with get_context(start).Pool(workers, initializer=_start_worker, initargs=handed) as pool:
        while window := list(islice(lines, WINDOW)):
            yield from pool.imap(outcome, window, chunksize=max(1, len(window) // workers // 8))


class Summary:
    """What the end of a run reports: every line, and the items with ``expected``."""

    def __init__(self) -> None:
        self.lines = self.answered = self.refused = 0
        self.checked = self.differed = self.checked_refused = 0
        self.shown: list[str] = []

    def add(self, result: Outcome) -> None:
        self.lines += 1
        if result.status == 200:
            self.answered += 1
        else:
            self.refused += 1
        if not result.checked:
            return
        self.checked += 1
        if result.status != 200:
            self.checked_refused += 1
            self._show(joined(result.where, ": ", sentence("refused with status {status}",
                                                           status=result.status)))
        elif result.differences:
            self.differed += 1
            for d in result.differences:
                self._show(joined(result.where, ": ", d["path"], ": ", sentence(
                    "expected {expected}, got {actual}",
                    expected=json.dumps(d["expected"], ensure_ascii=False),
                    actual=json.dumps(d["actual"], ensure_ascii=False))))
        else:
            return
        if result.changed:  # what may explain it: the money's changes since it was paid
            self._show(joined(result.where, ": ", sentence(
                "the money changed since it was paid: {versions}",
                versions=list(result.changed))))

    def _show(self, text: str) -> None:
        if len(self.shown) < SHOWN_DIFFERENCES:
            self.shown.append(text)

    @property
    def ok(self) -> bool:
        return self.differed == 0 and self.checked_refused == 0

    def report(self, out: IO[str], check: bool) -> None:
        """The summary, in the language of --lang."""
        language = SPOKEN["language"]
        for text in self.shown if check else ():
            print(said(text, language), file=out)
        print(said(sentence("{lines:,} line(s): {answered:,} answered, {refused:,} refused",
                            lines=self.lines, answered=self.answered, refused=self.refused),
                   language), file=out)
        if check:
            print(said(sentence(
                "checked {checked:,} item(s) with expected: {ok:,} ok, {differ:,} differ, "
                "{refused:,} refused", checked=self.checked,
                ok=self.checked - self.differed - self.checked_refused, differ=self.differed,
                refused=self.checked_refused), language), file=out)


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(
        prog="mahjong-score", description=__doc__, epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    made.add_argument("files", nargs="*", metavar="FILE",
                      help="JSON Lines files, read in order; none or '-' reads stdin")
    made.add_argument("--check", action="store_true",
                      help="print the differences from each item's expected to stderr; exit 1 "
                           "if any differs or is refused")
    made.add_argument("--rules", metavar="FILE", default=None,
                      help="a TOML file of house rules (ruleset = ..., [parameters]) for the "
                           "lines of its ruleset that send no `rules` of their own")
    made.add_argument("--variant", metavar="NAME", default=None,
                      help="a variant of RULES_DIR for the lines of each ruleset that has it "
                           "and that name no `variant` of their own")
    made.add_argument("--workers", type=int, default=None,
                      help="worker processes (default: one per core for regular files from "
                           f"{PARALLEL_FROM_BYTES // 1024 // 1024} MiB, else 1)")
    made.add_argument("--lang", choices=LANGUAGES, default=None,
                      help="the language of every message: en, zh or zh-Hant (default: the "
                           "locale's, LC_ALL, LC_MESSAGES or LANG; zh-Hant for zh_TW, zh_HK "
                           "and zh_MO, zh for any other zh_* locale, else en)")
    return made


def locale_language() -> str:
    """The language the environment's locale names (the first of LC_ALL, LC_MESSAGES, LANG
    that is set, as gettext reads them)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            return from_locale(value)
    return ENGLISH


def _cores() -> int:
    """The cores this process may run on (a container's share, not the host's count)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def house_rules(rules_file: str | None, variant: str | None) -> dict[str, dict[str, Any]]:
    """What ``--rules`` and ``--variant`` give each ruleset's lines (after RULES_DIR's variants
    are loaded); a bad file or an unknown variant raises ``VariantError``."""
    given: dict[str, dict[str, Any]] = {}
    if variant is not None:
        having = [rid for rid, named in VARIANTS.items() if variant in named]
        if not having:
            served = sorted({name for named in VARIANTS.values() for name in named})
            raise VariantError(f"--variant {variant}: no ruleset has it in RULES_DIR; served: "
                               f"{', '.join(served) or 'none'}")
        for rid in having:
            given.setdefault(rid, {})["variant"] = variant
    if rules_file is not None:
        read = read_variant(Path(rules_file), named=False)
        given.setdefault(read.ruleset, {})["rules"] = read.parameters
    return given


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    SPOKEN["language"] = args.lang or locale_language()
    try:
        load()  # the catalogs checked before any line is answered, as a worker's start does
        load_variants()
        HOUSE.clear()
        HOUSE.update(house_rules(args.rules, args.variant))
    except (CatalogError, VariantError) as exc:
        print(f"mahjong-score: {exc}", file=sys.stderr)
        return 2
    tune_gc()
    size = _regular_bytes(args.files)
    workers = args.workers or (_cores() if size is not None and size >= PARALLEL_FROM_BYTES
                               else 1)
    streaming = size is None  # a pipe or a terminal: each result leaves as soon as it is made
    broken: list[str] = []
    summary = Summary()
    out = sys.stdout.buffer
    bar = tqdm(unit="line", file=sys.stderr, disable=not sys.stderr.isatty(), smoothing=0.1)
    try:
        with bar:
            for result in outcomes(_lines(args.files, broken), workers):
                out.write(result.line + b"\n")
                if streaming:
                    out.flush()
                summary.add(result)
                bar.update()
        out.flush()
    except BrokenPipeError:  # the reader stopped early (| head): not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        summary.report(sys.stderr, args.check)
        return 1 if args.check else 0  # a check cut short is not a check passed
    for text in broken:
        print(text, file=sys.stderr)
    summary.report(sys.stderr, args.check)
    if broken:
        return 2
    return 0 if summary.ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
