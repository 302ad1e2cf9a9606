"""`make regen`: every regeneration, in the order each needs the one before, to a fixed point.

    python tools/regen.py           # each step once, then again: fails if the second moved a file
    python tools/regen.py --check   # `.ci/run`, first: on a clean checkout, each step once;
                                    # fails if it moved a committed file (a stale record)

The steps (each a make target, which says what it writes):

1. ``messages``: the catalogs gain the sources' new msgids.
2. ``changelog``: CHANGELOG.md's per-ruleset lines from each ruleset's changes.py (the
   versions step reads its ``Rulesets:`` lines).
3. ``openapi``: openapi.yaml from the schemas.
4. ``examples``: the contract's example answers and error examples (they carry each
   ruleset's version: after a bump), then openapi.yaml again.
5. ``worked-hands``: tests/worked_hands.jsonl from the in-process tests (after a bump, or
   pinned hands are recorded as refused).
6. ``reaching-hands``: tests/reaching_hands.jsonl, requests drawn from the worked hands that
   reach every parameter and pair of situation flags (it only adds).
7. ``versions``: tests/answer_digests.json, which refuses a bump short of what moved.
8. ``quoted``: the versions and fingerprints the README and the docs quote.

Whatever a MAJOR rewrites is among them (the examples' ``ruleset_version``, the README's pin,
the docs' fingerprints, the record's version and fingerprint lines, CHANGELOG.md's lines), so
none is hand-edited; ``make note`` (tools/note.py) counts a change's written and regenerated
lines apart.

A step after another never feeds an earlier one, and no step reads what it writes
(tools/capture_hands.py), so one pass settles: a second that moves a file is a fault of the
steps, and this fails naming it.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STEPS = ("messages", "changelog", "openapi", "examples", "worked-hands", "reaching-hands",
         "versions", "quoted")


def files() -> dict[str, str]:
    """Every file git tracks or would track (not ignored), by a digest of its bytes."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode()
    found = {}
    for name in sorted(set(listed.split("\0")) - {""}):
        path = ROOT / name
        if path.is_file():
            found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def one_pass() -> None:
    for step in STEPS:
        print(f"regen: make {step}", flush=True)
        subprocess.run(["make", "--no-print-directory", "-s", step], cwd=ROOT, check=True)


def moved(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return sorted(name for name in before.keys() | after.keys()
                  if before.get(name) != after.get(name))


def changed_since_commit() -> list[str]:
    """What differs from the last commit: modified, added or deleted files, untracked ones."""
    shown = subprocess.run(["git", "status", "--porcelain", "-z"], cwd=ROOT, check=True,
                           capture_output=True).stdout.decode()
    return sorted(entry[3:] for entry in shown.split("\0") if entry[3:])


def main(arguments: list[str]) -> int:
    check = "--check" in arguments
    if check and changed_since_commit():
        print("regen: --check compares with the last commit and needs a clean checkout; "
              f"these differ: {', '.join(changed_since_commit())}", file=sys.stderr)
        return 1
    one_pass()
    if check:
        changed = changed_since_commit()
        if changed:
            print("regen: the committed files are not what the steps make of them; run "
                  f"`make regen` and commit: {', '.join(changed)}", file=sys.stderr)
            subprocess.run(["git", "--no-pager", "diff", "--stat"], cwd=ROOT, check=False)
            return 1
        print("regen: one pass moved nothing: the committed files are a fixed point")
        return 0
    settled = files()
    print("regen: a second pass, which must move nothing", flush=True)
    one_pass()
    changed = moved(settled, files())
    if changed:
        print(f"regen: a second pass moved {', '.join(changed)}: the steps are no fixed "
              "point (a step reads what an earlier or the same step writes)", file=sys.stderr)
        return 1
    print("regen: the second pass moved nothing")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
