"""What the worked hands answer, per ruleset and hand, and the record of it.

    python tools/versions.py           # what would be recorded, and what stops it
    python tools/versions.py record    # `make versions`: rewrites tests/answer_digests.json

tests/test_versions.py fails when a worked hand (tests/worked_hands.jsonl) answers otherwise
than recorded for its ruleset's version. After a change that moves answers on purpose: bump the
ruleset's ``version`` (its package's ``RULESET``) and ``service/version.py``, add the newest
entry to CHANGELOG.md with a ``Rulesets:`` line naming the ruleset at its new version as
"(changed)", then record. ``record`` refuses a moved answer under a version already recorded,
a moved answer the newest changelog entry does not name as changed, and a service version not
newer than the one recorded. Each hand is recorded by the digest of its request, so hands
added to the file (``make worked-hands``) are recorded as they are, without a bump.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the repository, for the service and its tests' files

from service.actions import run  # noqa: E402
from service.errors import ProblemError  # noqa: E402
from service.jsonio import encoded  # noqa: E402
from service.rulesets import RULESETS  # noqa: E402
from service.version import VERSION  # noqa: E402

HANDS = ROOT / "tests" / "worked_hands.jsonl"
RECORD = ROOT / "tests" / "answer_digests.json"
CHANGELOG = ROOT / "CHANGELOG.md"
Record = dict[str, Any]  # {"service": version, "rulesets": {id: {"version", "answers"}}}


def _unversioned(node: Any) -> Any:
    """The answer without ``ruleset_version`` anywhere in it (a match's events carry it too):
    a bump alone moves no answer."""
    if isinstance(node, dict):
        return {key: _unversioned(value) for key, value in node.items()
                if key != "ruleset_version"}
    if isinstance(node, list):
        return [_unversioned(value) for value in node]
    return node


def answered(ruleset_id: str, action: str, body: Any) -> Any:
    """The answer; a refusal as its type and the fields it names (a reworded message is not a
    changed answer, a newly refused hand is)."""
    try:
        return _unversioned(run(ruleset_id, action, body))
    except ProblemError as exc:
        problem = exc.problem()
        return {"problem": problem["type"], "fields": sorted(problem["errors"])}


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:20]


def digests() -> Record:
    """Every worked hand of a served ruleset: its request's digest, its answer's."""
    made: dict[str, dict[str, str]] = {}
    for line in HANDS.read_text(encoding="utf-8").splitlines():
        ruleset_id, action, body = json.loads(line)
        if ruleset_id in RULESETS:
            made.setdefault(ruleset_id, {})[_digest(line.encode())] = _digest(
                encoded(answered(ruleset_id, action, body)))
    return {"service": VERSION, "rulesets": {
        ruleset_id: {"version": RULESETS[ruleset_id].version,
                     "answers": dict(sorted(hands.items()))}
        for ruleset_id, hands in sorted(made.items())}}


def recorded() -> Record:
    found: Record = json.loads(RECORD.read_text(encoding="utf-8"))
    return found


def changelog() -> tuple[list[str], dict[str, set[tuple[str, str, bool]]]]:
    """The service versions CHANGELOG.md lists, newest first, and what each entry's
    ``Rulesets:`` line names: (ruleset, version, whether marked changed)."""
    text = CHANGELOG.read_text(encoding="utf-8")
    entries = re.split(r"^## ", text, flags=re.MULTILINE)[1:]
    services, named = [], {}
    for entry in entries:
        version = entry.split()[0]
        services.append(version)
        line = re.search(r"^Rulesets: (.*)$", entry, re.MULTILINE)
        named[version] = {(ruleset_id, number, bool(changed)) for ruleset_id, number, changed
                          in re.findall(r"(\w+) (\d+\.\d+\.\d+)( \(changed\))?",
                                        line.group(1) if line else "")}
    return services, named


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def moved(now: Record, before: Record) -> set[str]:
    """The rulesets with a hand recorded on both sides whose answer differs."""
    found = set()
    for ruleset_id, made in now["rulesets"].items():
        was = before["rulesets"].get(ruleset_id, {}).get("answers", {})
        if any(was.get(hand, answer) != answer for hand, answer in made["answers"].items()):
            found.add(ruleset_id)
    return found


def problems(now: Record, before: Record) -> list[str]:
    """Why ``now`` may not be recorded over ``before``: empty when it may."""
    services, named = changelog()
    newest = named.get(services[0], set()) if services else set()
    found = []
    if not services or services[0] != VERSION:
        found.append(f"CHANGELOG.md's newest entry is not service/version.py's {VERSION}")
    for ruleset_id, made in now["rulesets"].items():
        version = made["version"]
        if not any((ruleset_id, version) == (rid, number) for entry in named.values()
                   for rid, number, _ in entry):
            found.append(f"CHANGELOG.md names no '{ruleset_id} {version}' on a Rulesets: line")
    for ruleset_id in sorted(moved(now, before)):
        version = now["rulesets"][ruleset_id]["version"]
        if before["rulesets"][ruleset_id]["version"] == version:
            found.append(f"{ruleset_id}'s answers to the worked hands changed, but its "
                         f"version is still {version}: bump it, add the change to "
                         "CHANGELOG.md, then `make versions`")
        elif (ruleset_id, version, True) not in newest:
            found.append(f"CHANGELOG.md's newest entry does not name '{ruleset_id} {version} "
                         "(changed)' on its Rulesets: line")
        if _key(now["service"]) <= _key(before["service"]):
            found.append(f"{ruleset_id}'s answers changed, but the service version "
                         f"{now['service']} is not newer than {before['service']}")
    return found


def main() -> int:
    now = digests()
    before = recorded() if RECORD.exists() else {"service": "0.0.0", "rulesets": {}}
    found = problems(now, before)
    if found:
        print("\n".join(found), file=sys.stderr)
        return 1
    if sys.argv[1:] == ["record"]:
        RECORD.write_text(json.dumps(now, indent=1) + "\n", encoding="utf-8")
    else:
        print(f"{len(moved(now, before))} ruleset(s) moved; `record` would write "
              f"{sum(len(made['answers']) for made in now['rulesets'].values())} hands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
