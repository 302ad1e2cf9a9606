"""`make note`: a change's diff, its lines written by hand and those `make regen` wrote
counted apart, for the change's note.

    python tools/note.py [BASE]     # the working tree against BASE (default HEAD)

A line is regenerated when it lies in what a step of `make regen` writes: the whole of a file
a step makes (the contract, its examples, the recorded hands and their record), CHANGELOG.md's
made lines (between its markers, tools/changelog.py), a value the README or the docs quote
from the service (tools/quoted.py) and the catalog's entries but a translator's ``msgstr``.
Every other changed line was written.
"""

from __future__ import annotations

import difflib
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the repository, for the tools

from tools.changelog import END, START  # noqa: E402
from tools.quoted import QUOTES  # noqa: E402

MADE = ("openapi.yaml", "service/schemas/examples.json", "tests/worked_hands.jsonl",
        "tests/reaching_hands.jsonl", "tests/answer_digests.json")
CATALOG = "service/locale/zh/LC_MESSAGES/messages.po"


def _everything(lines: list[str]) -> set[int]:
    return set(range(len(lines)))


def _between_markers(lines: list[str]) -> set[int]:
    made: set[int] = set()
    inside = False
    for place, line in enumerate(lines):
        if line == START:
            inside = True
        if inside:
            made.add(place)
        if line == END:
            inside = False
    return made


def _quoted(path: str) -> Callable[[list[str]], set[int]]:
    patterns = [re.compile(quote.pattern) for quote in QUOTES if quote.file == path]
    return lambda lines: {place for place, line in enumerate(lines)
                          if any(pattern.search(line) for pattern in patterns)}


def _catalog(lines: list[str]) -> set[int]:
    """Every line of the catalog but a translation (``msgstr`` and the lines continuing it)."""
    made: set[int] = set()
    translating = False
    for place, line in enumerate(lines):
        if line.startswith("msgstr"):
            translating = True
        elif not line.startswith('"'):
            translating = False
        if not translating:
            made.add(place)
    return made


def regions(path: str) -> Callable[[list[str]], set[int]] | None:
    """Which of a file's lines a regeneration writes, or None when it writes none."""
    if path in MADE:
        return _everything
    if path == "CHANGELOG.md":
        return _between_markers
    if path == CATALOG:
        return _catalog
    if any(quote.file == path for quote in QUOTES):
        return _quoted(path)
    return None


def _text(base: str, path: str) -> str:
    shown = subprocess.run(["git", "show", f"{base}:{path}"], cwd=ROOT, capture_output=True,
                           text=True, check=False)
    return shown.stdout if shown.returncode == 0 else ""


def counted(path: str, before: str, after: str) -> tuple[int, int]:
    """(written, regenerated) lines of one file's diff, each added or removed line once."""
    old, new = before.splitlines(), after.splitlines()
    made = regions(path)
    old_made = made(old) if made else set()
    new_made = made(new) if made else set()
    written = regenerated = 0
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False) \
            .get_opcodes():
        if tag == "equal":
            continue
        for place in range(i1, i2):
            regenerated, written = (regenerated + 1, written) if place in old_made \
                else (regenerated, written + 1)
        for place in range(j1, j2):
            regenerated, written = (regenerated + 1, written) if place in new_made \
                else (regenerated, written + 1)
    return written, regenerated


def changed(base: str) -> list[str]:
    listed = subprocess.run(["git", "diff", "--name-only", base], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.split()
    untracked = subprocess.run(["git", "ls-files", "--others", "--exclude-standard"],
                               cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
    return sorted(set(listed) | set(untracked))


def main(arguments: list[str]) -> int:
    base = arguments[0] if arguments else "HEAD"
    total_written = total_made = 0
    for path in changed(base):
        file = ROOT / path
        after = file.read_text(encoding="utf-8") if file.is_file() else ""
        written, regenerated = counted(path, _text(base, path), after)
        total_written, total_made = total_written + written, total_made + regenerated
        print(f"{path}: {written} written, {regenerated} regenerated")
    print(f"against {base}: {total_written} line(s) written, {total_made} regenerated "
          f"(of {total_written + total_made})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
