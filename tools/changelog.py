"""`make changelog`: CHANGELOG.md's per-ruleset lines, made from each ruleset's changes.

    python tools/changelog.py           # rewrites CHANGELOG.md's made lines
    python tools/changelog.py --check   # fails if they are not what the changes make

Each ruleset keeps its money's changes in its own package (``changes.py``, newest first:
service/rulesets/changes.py), the one source of its version, of ``GET
/v1/rulesets/{id}/changes`` and of these lines. Under each entry's heading (``## 1.4.0
(2026-12-06)``, written by hand with the entry's prose) the lines between the two markers are
made here, never edited:

- the ``Rulesets:`` line: every served ruleset at the newest version the entry's service
  version brought it to, and whose MAJOR moved since the entry below (tools/versions.py reads
  it);
- one line per change the entry brought, per ruleset: its version, kind, what it changed,
  its rulings and its sentence.

A change names the service version that brought it (``service``) and its date, which must be
that entry's: a change whose entry has no heading, or another date, stops the run, naming it.
"""

from __future__ import annotations

import re
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the repository, for the service

from service.rulesets import RULESETS  # noqa: E402
from service.rulesets.changes import Change, kind  # noqa: E402
from service.version import key  # noqa: E402

CHANGELOG = ROOT / "CHANGELOG.md"
START = "<!-- made by `make changelog` from each ruleset's changes.py: edit those, not these -->"
END = "<!-- end of the made lines -->"
HEADING = re.compile(r"^## (\d+\.\d+\.\d+)(?: \((\d{4}-\d{2}-\d{2})\))?$", re.MULTILINE)
WIDTH = 96


class ChangelogError(Exception):
    """A change CHANGELOG.md cannot hold: the message names it."""


def _at(changes: tuple[Change, ...], service: str, current: str) -> str:
    """A ruleset's version as of a service version: the newest change it brought by then."""
    return next((change.version for change in changes if key(change.service) <= key(service)),
                current if not changes else changes[-1].version)


def _line(ruleset_id: str, change: Change, before: str | None) -> str:
    said = f"{kind(change.version, before)}; {', '.join(change.changed)}"
    if change.rulings:
        said += f"; {', '.join(change.rulings)}"
    return textwrap.fill(f"- **{ruleset_id} {change.version}** ({said}): {change.text}",
                         WIDTH, subsequent_indent="  ", break_on_hyphens=False,
                         break_long_words=False)


def made(service: str, older: str | None) -> list[str]:
    """The made lines of the entry of ``service``, the entry below it being ``older``."""
    now = {rid: _at(r.changes, service, r.version) for rid, r in RULESETS.items()}
    was = {rid: _at(r.changes, older, r.version) for rid, r in RULESETS.items()} if older \
        else now
    majors = [rid for rid in now if key(now[rid])[0] != key(was[rid])[0]]
    lines = [START, f"Rulesets: {', '.join(f'{rid} {v}' for rid, v in now.items())}. "
                    f"MAJOR moved: {', '.join(majors) or 'none'}."]
    brought = []
    for rid, ruleset in RULESETS.items():
        changes = ruleset.changes
        for place, change in enumerate(changes):
            if change.service == service:
                before = changes[place + 1].version if place + 1 < len(changes) else None
                brought.append(_line(rid, change, before))
    if brought:
        lines += ["", *brought]
    return [*lines, END]


def _entries(text: str) -> list[tuple[str, str | None]]:
    return [(found[1], found[2]) for found in HEADING.finditer(text)]


def problems(text: str) -> list[str]:
    """Why the changes cannot be written into ``text``: each change's entry and date."""
    dates = dict(_entries(text))
    found = []
    for rid, ruleset in RULESETS.items():
        for change in ruleset.changes:
            if change.service not in dates:
                found.append(f"{rid} {change.version}: CHANGELOG.md has no entry "
                             f"'## {change.service}' (its service version): write its heading")
            elif dates[change.service] != change.date:
                found.append(f"{rid} {change.version}: dated {change.date}, but CHANGELOG.md's "
                             f"entry {change.service} says {dates[change.service]}")
    return found


def rewritten(text: str) -> str:
    """``text`` with every entry's made lines made again (placed after its heading where it
    had none, and replacing a ``Rulesets:`` line written by hand)."""
    found = problems(text)
    if found:
        raise ChangelogError("\n".join(found))
    lines = text.split("\n")
    services = [service for service, _ in _entries(text)]
    out: list[str] = []
    place = 0
    while place < len(lines):
        line = lines[place]
        out.append(line)
        place += 1
        heading = HEADING.fullmatch(line)
        if heading is None:
            continue
        while place < len(lines) and not lines[place]:
            out.append(lines[place])
            place += 1
        order = services.index(heading[1])
        older = services[order + 1] if order + 1 < len(services) else None
        out.extend(made(heading[1], older))
        if place < len(lines) and lines[place] == START:
            place = lines.index(END, place) + 1
        elif place < len(lines) and lines[place].startswith("Rulesets: "):
            place += 1
        else:  # an entry without made lines yet: its prose follows them, a blank line apart
            out.append("")
    return "\n".join(out)


def main(arguments: list[str]) -> int:
    text = CHANGELOG.read_text(encoding="utf-8")
    try:
        again = rewritten(text)
    except ChangelogError as error:
        print(error, file=sys.stderr)
        return 1
    if "--check" in arguments:
        if again != text:
            print("CHANGELOG.md's made lines are not what the changes make: `make changelog`",
                  file=sys.stderr)
            return 1
        return 0
    CHANGELOG.write_text(again, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
