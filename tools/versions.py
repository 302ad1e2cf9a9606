"""What every recorded hand answers, per ruleset and hand, the record of it, and the least
bump of each ruleset's money version a change owes.

    python tools/versions.py           # what each ruleset owes since the record, and why
    python tools/versions.py owed      # the same as JSON, with the moved hands by source
    python tools/versions.py record    # `make versions`: rewrites tests/answer_digests.json

A ruleset's version is the version of its money: what each part promises, and what each kind
of change means for a stored record, is docs/contract.md's (Versioning, G-10). The record
holds every hand tools/recorded.py lists: the worked hands (tests/worked_hands.jsonl), the
contract's examples, and the reaching hands (tests/reaching_hands.jsonl: every parameter, so
every pattern and item, and every pair of situation flags, refusals included, tools/reach.py),
so a change no test happened to send still shows. tests/test_versions.py fails when a hand
answers otherwise than recorded and the ruleset's version does not say as much: the bump owed
is a floor, and a person may bump further.

Each hand is recorded by the digest of its request, as three digests of its answer: its money
(every ``net`` and ``totals``, a ``net`` kept beside a ``settlement`` that says it again, as a
Chuzhou instant's, counted once; a refusal is paid nothing), the rest of it but its texts (the
names of patterns, items and candidates), and those texts. Neither the version, the
fingerprint nor a check's changes enter them, so a bump rewrites no hand: it moves the
ruleset's ``version`` line and, with a MAJOR, its ``fingerprint`` line, the one place a bump
touches. A ruleset's record also holds every parameter's default: a changed default pays some
hand differently (a MAJOR), whether or not a hand shows it, and a parameter added at its
default moves nothing.

What each change owes the ruleset's version, against what was recorded (every reason is
said; the least bump is the highest part any of them needs):

- MAJOR: a hand answered both times is paid differently, or is now refused; a default changed.
- MINOR: an answer moved otherwise (it gained a field, a hand once refused is answered, a
  refusal names other fields), or the defaults' fingerprint moved; or a hand once paid is now
  refused as a request no real table can produce (G-10): every cause of its refusal is one of
  ``service.errors.IMPOSSIBLE_REQUESTS`` (situations that cannot hold together, CZ-18; a
  winning form the request's own rules switch off, CZ-19). Such a refusal is recorded with
  the money ``impossible``, any other with ``refused``: a MAJOR promises the same pay only to
  hands a table can produce.
- PATCH: only the texts in answers moved.

A hand's money is one digest of every amount in its answer, so it cannot tell an amount gained
from one changed: a waits answer with a way once refused and now valued asks for a MAJOR
though no amount moved. That errs toward the louder bump; a MAJOR a change did not need is
said so in its change's sentence.

A moved ruleset also needs a newer service version (service/version.py) and its change in its
changes.py, whose CHANGELOG.md lines ``make changelog`` makes (the newest entry's
``Rulesets:`` line names every ruleset at its version and says which MAJORs moved). Hands
added to a file are recorded as they are, without a bump.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # the repository, for the service and its tests' files

from service.actions import run  # noqa: E402
from service.errors import IMPOSSIBLE_REQUESTS, ProblemError  # noqa: E402
from service.house import fingerprint  # noqa: E402
from service.jsonio import encoded  # noqa: E402
from service.rulesets import RULESETS  # noqa: E402
from service.version import VERSION  # noqa: E402
from tools.recorded import (  # noqa: E402
    HANDS,
    SOURCES,
    digest,
    example_variants,
    hand_line,
    hands,
    hands_file,
    sources,
)

__all__ = ["HANDS", "hand_line", "hands_file"]  # tools/capture_hands.py writes the file so

RECORD = ROOT / "tests" / "answer_digests.json"
CHANGELOG = ROOT / "CHANGELOG.md"
Record = dict[str, Any]  # {"service", "rulesets": {id: {"version", "fingerprint", ...}}}

PATCH, MINOR, MAJOR = 1, 2, 3
LEVELS = {0: "nothing", PATCH: "a PATCH", MINOR: "a MINOR", MAJOR: "a MAJOR"}
PARTS = {PATCH: "PATCH", MINOR: "MINOR", MAJOR: "MAJOR"}
MONEY = ("net", "totals")  # what a hand is paid, wherever an answer says it
TEXTS = ("name", "name_en")  # what an answer says in words for players
REFUSED = "refused"  # the money of a refused hand: nothing is paid
IMPOSSIBLE = "impossible"  # ... refused as a request no real table can produce (G-10)


# --- the answers ------------------------------------------------------------------------------


def _unversioned(node: Any) -> Any:
    """The answer without ``ruleset_version``, the rules' ``fingerprint`` or a check's
    ``changes`` anywhere in it (a match's events carry them too): a bump alone moves no
    answer. A nested problem's ``causes`` (a wait's ways) are left out as well: they say its
    messages again, with codes."""
    if isinstance(node, dict):
        return {key: _unversioned(value) for key, value in node.items()
                if key not in ("ruleset_version", "causes", "changes")
                and not (key == "fingerprint" and "overrides" in node)}
    if isinstance(node, list):
        return [_unversioned(value) for value in node]
    return node


def answered(ruleset_id: str, action: str, body: Any) -> Any:
    """The answer; a refusal as its type and the fields it names (a reworded message is not a
    changed answer, a newly refused hand is), marked ``impossible`` when every cause of it is
    a request no real table can produce (G-10)."""
    try:
        return _unversioned(run(ruleset_id, action, body))
    except ProblemError as exc:
        problem = exc.problem()
        refusal = {"problem": problem["type"], "fields": sorted(problem["errors"])}
        codes = {cause["code"] for cause in problem["causes"]}
        if codes and codes <= IMPOSSIBLE_REQUESTS:
            refusal["impossible"] = True
        return refusal


def _split(node: Any, money: list[Any], texts: list[Any]) -> Any:
    """The answer with its texts taken out into ``texts``; its money copied into ``money``."""
    if isinstance(node, dict):
        kept = {}
        for key, value in node.items():
            if key in TEXTS:
                texts.append(value)
                continue
            if key in MONEY and not (key == "net" and "settlement" in node):
                money.append(value)
            kept[key] = _split(value, money, texts)
        return kept
    if isinstance(node, list):
        return [_split(value, money, texts) for value in node]
    return node


def parts(answer: Any) -> str:
    """One hand's record: its money, the rest but texts, the texts, each a digest."""
    money: list[Any] = []
    texts: list[Any] = []
    rest = _split(answer, money, texts)
    paid = (IMPOSSIBLE if answer.get("impossible") else REFUSED) if "problem" in answer \
        else digest(encoded(money))
    return f"{paid} {digest(encoded(rest))} {digest(encoded(texts))}"


def digests() -> Record:
    """Every recorded hand of a served ruleset (tools/recorded.py), and each ruleset's
    version, the fingerprint of its defaults and the defaults."""
    made: dict[str, dict[str, str]] = {}
    shown_under_variants = []
    for hand in hands():
        if hand.ruleset not in RULESETS:
            continue
        if hand.under_variants:
            shown_under_variants.append(hand)
            continue
        made.setdefault(hand.ruleset, {})[hand.key] = parts(
            answered(hand.ruleset, hand.action, hand.body))
    with example_variants():
        for hand in shown_under_variants:
            made.setdefault(hand.ruleset, {})[hand.key] = parts(
                answered(hand.ruleset, hand.action, hand.body))
    rulesets = {}
    for ruleset_id, answers in sorted(made.items()):
        rules = RULESETS[ruleset_id]
        rulesets[ruleset_id] = {"version": rules.version,
                                "fingerprint": fingerprint(rules, rules.defaults()),
                                "defaults": rules.defaults(),
                                "answers": dict(sorted(answers.items()))}
    return {"service": VERSION, "rulesets": rulesets}


def record_text(record: Record) -> str:
    """The record as tests/answer_digests.json holds it."""
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def recorded() -> Record:
    found: Record = json.loads(RECORD.read_text(encoding="utf-8"))
    return found


# --- the changelog ----------------------------------------------------------------------------


class Entry(NamedTuple):
    """One CHANGELOG.md entry: its service version, each ruleset's version, whose MAJOR moved."""

    service: str
    rulesets: dict[str, str]
    majors: frozenset[str]


RULESETS_LINE = re.compile(r"^Rulesets: (.*?)\. MAJOR moved: (.*?)\.$", re.MULTILINE)


def changelog(text: str | None = None) -> list[Entry]:
    """CHANGELOG.md's entries, newest first; an entry without its ``Rulesets:`` line names
    nothing."""
    text = CHANGELOG.read_text(encoding="utf-8") if text is None else text
    entries = []
    for entry in re.split(r"^## ", text, flags=re.MULTILINE)[1:]:
        line = RULESETS_LINE.search(entry)
        named = dict(re.findall(r"(\w+) (\d+\.\d+\.\d+)", line.group(1))) if line else {}
        majors = frozenset(re.findall(r"\w+", line.group(2))) - {"none"} if line else frozenset()
        entries.append(Entry(entry.split()[0], named, majors))
    return entries


def changelog_problems(entries: list[Entry]) -> list[str]:
    """Each entry names the rulesets whose MAJOR moved since the entry before it, no more and
    no fewer, and no version goes back."""
    found = []
    for newer, older in zip(entries, entries[1:], strict=False):
        moved = {rid for rid, version in newer.rulesets.items()
                 if rid in older.rulesets and _key(version)[0] != _key(older.rulesets[rid])[0]}
        if moved != set(newer.majors):
            found.append(f"CHANGELOG.md {newer.service}: MAJOR moved names "
                         f"{', '.join(sorted(newer.majors)) or 'none'}, but the versions moved "
                         f"{', '.join(sorted(moved)) or 'none'}")
        for rid, version in newer.rulesets.items():
            if rid in older.rulesets and _key(version) < _key(older.rulesets[rid]):
                found.append(f"CHANGELOG.md {newer.service}: {rid} {version} is older than "
                             f"{older.rulesets[rid]}")
    return found


# --- what a change needs ----------------------------------------------------------------------


def _key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def bump(before: str, now: str) -> int:
    """How far a version moved: MAJOR, MINOR, PATCH, 0 when it did not, -1 when it went back."""
    old, new = _key(before), _key(now)
    if new < old:
        return -1
    for level, (was, is_) in zip((MAJOR, MINOR, PATCH), zip(old, new, strict=True),
                                 strict=True):
        if was != is_:
            return level
    return 0


# How a recorded hand moved: the least part of the version it needs, and how it is said.
HOW = {
    "paid": (MAJOR, "{count} recorded hand(s) are paid differently"),
    "spared": (MINOR, "{count} recorded hand(s) once paid are refused as requests no table "
                      "can produce (G-10)"),
    "shown": (MINOR, "{count} recorded answer(s) changed, every amount as it was"),
    "worded": (PATCH, "the texts of {count} recorded answer(s) changed"),
}


def _moved_hands(made: Record, was: Record) -> Iterator[tuple[str, str]]:
    """Each hand recorded both times whose record moved, with how (``HOW``)."""
    for hand, answer in made["answers"].items():
        old = was["answers"].get(hand)
        if old is None or old == answer:
            continue
        money, rest, texts = answer.split()
        old_money, old_rest, old_texts = old.split()
        if old_money != money and old_money not in (REFUSED, IMPOSSIBLE):
            # a table never paid a request now refused as impossible: no MAJOR promised it
            yield hand, "spared" if money == IMPOSSIBLE else "paid"  # (G-10)
        elif (old_money, old_rest) != (money, rest):
            yield hand, "shown"
        elif old_texts != texts:
            yield hand, "worded"


def owed(now: Record, before: Record, ruleset_id: str) -> list[tuple[int, str]]:
    """Every reason the ruleset's changes since ``before`` owe a bump, each with the least
    part of the version it needs, the highest first."""
    made, was = now["rulesets"][ruleset_id], before["rulesets"].get(ruleset_id)
    if was is None:
        return []
    defaults, old_defaults = made["defaults"], was.get("defaults", {})
    found = []
    changed = [pid for pid, value in old_defaults.items()
               if pid in defaults and defaults[pid] != value]
    if changed:
        found.append((MAJOR, f"the default of {', '.join(changed)} changed"))
    counted: dict[str, int] = {}
    for _, how in _moved_hands(made, was):
        counted[how] = counted.get(how, 0) + 1
    for how, (level, said) in HOW.items():
        if how in counted:
            found.append((level, said.format(count=counted[how])))
    if made["fingerprint"] != was.get("fingerprint", made["fingerprint"]):
        found.append((MINOR, "the defaults' fingerprint changed, every amount as it was"))
    return sorted(found, key=lambda reason: -reason[0])


def needed(now: Record, before: Record, ruleset_id: str) -> tuple[int, str]:
    """The least bump the ruleset's changes since ``before`` need, and why: every reason of
    the highest part any of them needs."""
    found = owed(now, before, ruleset_id)
    if not found:
        return 0, ""
    level = found[0][0]
    return level, "; ".join(why for part, why in found if part == level)


def moved_by_source(now: Record, before: Record, ruleset_id: str) -> dict[str, int]:
    """How many recorded hands of each source moved since ``before``."""
    was = before["rulesets"].get(ruleset_id)
    if was is None:
        return dict.fromkeys(SOURCES, 0)
    found = sources()
    counted = dict.fromkeys(SOURCES, 0)
    for hand, _ in _moved_hands(now["rulesets"][ruleset_id], was):
        counted[found[hand]] += 1
    return counted


def moved(now: Record, before: Record) -> set[str]:
    """The rulesets whose changes since ``before`` need a bump."""
    return {rid for rid in now["rulesets"] if needed(now, before, rid)[0]}


def problems(now: Record, before: Record, entries: list[Entry] | None = None) -> list[str]:
    """Why ``now`` may not be recorded over ``before``: empty when it may."""
    entries = changelog() if entries is None else entries
    newest = entries[0] if entries else Entry("", {}, frozenset())
    found = changelog_problems(entries)
    if newest.service != now["service"]:
        found.append(f"CHANGELOG.md's newest entry is not service/version.py's {now['service']}")
    service_moved = False
    for ruleset_id, made in now["rulesets"].items():
        version = made["version"]
        if newest.rulesets.get(ruleset_id) != version:
            found.append(f"CHANGELOG.md's newest entry does not name '{ruleset_id} {version}' "
                         "on its Rulesets: line")
        was = before["rulesets"].get(ruleset_id)
        if was is None:
            continue
        removed = sorted(set(was.get("defaults", {})) - set(made["defaults"]))
        if removed:
            found.append(f"{ruleset_id}: parameter(s) {', '.join(removed)} removed: within /v1 "
                         "nothing a request may send is removed")
        level, why = needed(now, before, ruleset_id)
        moved_by = bump(was["version"], version)
        if moved_by < 0:
            found.append(f"{ruleset_id}'s version {version} is older than the recorded "
                         f"{was['version']}")
        elif moved_by < level:
            found.append(f"{ruleset_id}: {why}: that needs {LEVELS[level]} of its version, "
                         f"but {was['version']} → {version} is {LEVELS[moved_by]}: bump it, "
                         "add the change to CHANGELOG.md, then `make versions`")
        if moved_by == MAJOR and ruleset_id not in newest.majors:
            found.append(f"CHANGELOG.md's newest entry does not say {ruleset_id}'s MAJOR "
                         "moved (its Rulesets: line, MAJOR moved: ...)")
        service_moved = service_moved or level > 0 or moved_by > 0
    if service_moved and _key(now["service"]) <= _key(before["service"]):
        found.append(f"a ruleset moved, but the service version {now['service']} is not newer "
                     f"than {before['service']}")
    return found


def report(now: Record, before: Record) -> dict[str, Any]:
    """What each ruleset owes since ``before``: its versions, the least bump, every reason,
    and how many recorded hands of each source moved."""
    found = {}
    for ruleset_id, made in now["rulesets"].items():
        reasons = owed(now, before, ruleset_id)
        was = before["rulesets"].get(ruleset_id, {})
        found[ruleset_id] = {
            "recorded": was.get("version"), "version": made["version"],
            "owes": PARTS[reasons[0][0]] if reasons else None,
            "reasons": [why for _, why in reasons],
            "moved": moved_by_source(now, before, ruleset_id)}
    return found


def main(arguments: list[str]) -> int:
    now = digests()
    before = recorded() if RECORD.exists() else {"service": "0.0.0", "rulesets": {}}
    if arguments == ["owed"]:
        print(json.dumps(report(now, before), indent=1))
        return 0
    found = problems(now, before)
    if found:
        print("\n".join(found), file=sys.stderr)
        return 1
    if arguments == ["record"]:
        RECORD.write_text(record_text(now), encoding="utf-8")
        return 0
    for ruleset_id, said in report(now, before).items():
        print(f"{ruleset_id} {said['recorded']} → {said['version']}: owes "
              f"{said['owes'] or 'nothing'}"
              + "".join(f"\n  {why}" for why in said["reasons"]))
    print(f"`record` would write {sum(len(m['answers']) for m in now['rulesets'].values())} "
          "hands")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
