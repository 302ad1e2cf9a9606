"""Mutation testing of the modules where arithmetic decides who pays whom.

    python tools/mutate.py               # `make mutate`: every mutant of every module
    python tools/mutate.py --sample      # `.ci/run`: a fixed sample of each module's mutants
    python tools/mutate.py money         # the modules whose path holds "money"

Each module is mutation-tested by mutmut against its own ruleset's tests, interpreted, in a
copy of the project under .mutate/ (every file git tracks or would track, so every file a
test reads is there; nothing built), the modules in parallel on the machine's cores. Under
mutmut every test starts with empty memos (tests/conftest.py), so a table made at a hand's
first use is made by the mutant; the end to end tests skip themselves there (their server
would import the sources, not the mutants).

A canary per module, a mutant known to change an answer, must come out killed, or the run
fails: it proves the mutants really run. Mutants that cannot change an answer are listed with
the reason in tools/mutation_equivalents.txt; they are left out of the score, may be at most
3 % of the mutants, and must still exist and survive. Below the floor (98 %) the run fails.

The sample is the same every run for the same sources: a mutant is in it when the digest of
its id falls in the first ``SAMPLE`` of the range, and every canary is in it. It is chosen
before anything runs, from the mutants mutmut makes of each module (``made``).
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".mutate"
EQUIVALENTS = ROOT / "tools" / "mutation_equivalents.txt"
MUTMUT = Path(sys.executable).with_name("mutmut")
FLOOR = 98.0
MOST_EQUIVALENT = 3.0  # per cent of all mutants
SAMPLE = 0.3  # the share of each module's mutants the sampled pass runs

KILLED = {1, 3, 36, -24, 24, 152, 255}  # a failing test, pytest's own error, a timeout


@dataclass(frozen=True)
class Target:
    module: str                # the file mutated
    tests: tuple[str, ...]     # the tests run against it
    canary: tuple[str, str]    # (function, the mutated line a mutant must have, stripped)
    # False for a module whose canary alone runs: it proves what its tests reach, not a score
    scored: bool = True


TARGETS = (
    Target("service/rulesets/chuzhou/settlement.py", ("tests/chuzhou", "tests/test_house_rules.py"),
           ("shares", "base = fan - unit * zhen[winner] * (factor if winner == dealer else 1)")),
    Target("service/rulesets/chuzhou/liability.py",
           ("tests/chuzhou", "tests/test_house_rules.py"),
           ("_dragon_set", "return meld.type == CHI and meld.tiles[0] in DRAGONS")),
    Target("service/rulesets/yueqing/settlement.py",
           ("tests/yueqing", "tests/test_match.py", "tests/test_house_rules.py"),
           ("hand_shares", "base = tai - tuned.hand_base")),
    Target("service/rulesets/yueqing/flowers.py", ("tests/yueqing", "tests/test_house_rules.py"),
           ("tiao", "return (flowers + 2) * flowers")),
    Target("service/rulesets/yueqing/escape.py", ("tests/yueqing",),
           ("_three_caishen", "return h.caishen_standing != 3")),
    Target("service/rulesets/money.py",
           ("tests/chuzhou", "tests/yueqing", "tests/test_fast_checks.py"),
           ("paid_to", "net[payer] += amount")),
    Target("service/match.py", ("tests/test_match.py", "tests/test_verify.py"),
           ("play", "totals = [totals[seat] - moved[seat] for seat in range(4)]")),
    # The gate of a pattern a club declares off by default (三对同's Need.COLOR_TRIP), against
    # the module that tests such a pattern from its row alone: read from today's defaults, it
    # would leave the pattern off and this mutant alive.
    Target("service/rulesets/chuzhou/view.py", ("tests/chuzhou/test_off_by_default.py",),
           ("triplet_flags", "if any({n, n + 9, n + 18} < held for n in range(9)):"),
           scored=False),
)

# Run inside a module's copy (mutmut reads its settings from there): the mutants mutmut
# makes of the module, each with the function it mutates and the lines it changed.
_MADE = """
import json, sys
from mutmut.mutation.file_mutation import mutate_file_contents
path = sys.argv[1]
made = mutate_file_contents(path, open(path, encoding="utf-8").read())
print(json.dumps(made.code))
"""


@dataclass
class Outcome:
    target: Target
    statuses: dict[str, int | None] = field(default_factory=dict)  # mutant id → exit code
    canary: str | None = None  # the canary's mutant id, if one was made
    log: Path | None = None

    def killed(self, ids: set[str] | None = None) -> int:
        return sum(1 for mid, code in self.statuses.items()
                   if code in KILLED and (ids is None or mid in ids))


def slug(target: Target) -> str:
    return target.module.removesuffix(".py").replace("/", ".")


def tracked() -> list[str]:
    """Every file git tracks or would track (new, not ignored): what the copy holds, so no file
    a test reads is left behind."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode()
    return sorted(name for name in listed.split("\0") if name and (ROOT / name).is_file())


def settings(target: Target) -> str:
    """mutmut's settings for one module, appended to the copy's pyproject.toml."""
    chosen = {
        "source_paths": ["service"],
        "only_mutate": [target.module],
        # mutmut runs the tests in its own folder: every tracked file beside the sources
        "also_copy": sorted({name.split("/", 1)[0] for name in tracked()} - {"service"}),
        "pytest_add_cli_args_test_selection": list(target.tests),
        "pytest_add_cli_args": ["-p", "no:cacheprovider", "-p", "no:schemathesis", "-p", "no:anyio",
                                "-q", "-x"],
    }
    return "\n".join(["", "[tool.mutmut]"] + [f"{key} = {json.dumps(value)}"
                                              for key, value in chosen.items()]) + "\n"


def prepare(target: Target) -> Path:
    """A copy of the project for one module, with mutmut's settings for it."""
    where = WORK / slug(target)
    shutil.rmtree(where, ignore_errors=True)
    for name in tracked():
        (where / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, where / name)
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (where / "pyproject.toml").write_text(text + settings(target), encoding="utf-8")
    return where


def mutated_lines(source: str) -> dict[str, tuple[str, list[str]]]:
    """Each mutant function of mutmut's mutated module: (the original function, the lines it
    changed), from the ``x_<name>__mutmut_<n>`` functions beside ``x_<name>__mutmut_orig``."""
    tree = ast.parse(source)
    lines = source.splitlines()  # once: ast.get_source_segment splits the source per call
    functions = {node.name: "\n".join(lines[node.lineno - 1:node.end_lineno])
                 for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    found: dict[str, tuple[str, list[str]]] = {}
    for name, text in functions.items():
        stem, _, number = name.rpartition("__mutmut_")
        if not stem or number == "orig":
            continue
        original = functions.get(f"{stem}__mutmut_orig", "")
        before = {line.strip() for line in original.splitlines()[1:]}
        changed = [line.strip() for line in text.splitlines()[1:] if line.strip() not in before]
        found[name] = (stem.removeprefix("x_").removeprefix("x"), changed)
    return found


def made(target: Target, where: Path) -> tuple[list[str], str | None]:
    """The ids of the mutants mutmut makes of the module in ``where``, and its canary's."""
    shown = subprocess.run([sys.executable, "-c", _MADE, target.module], cwd=where, check=True,
                           capture_output=True, text=True).stdout
    lines = mutated_lines(json.loads(shown))
    prefix = slug(target) + "."
    function, line = target.canary
    canary = next((prefix + name for name, (stem, changed) in lines.items()
                   if stem.lstrip("_") == function.lstrip("_") and line in changed), None)
    return sorted(prefix + name for name in lines), canary


def sampled(ids: list[str], canary: str | None) -> list[str]:
    """The fixed share of ``ids`` the sampled pass runs, the canary always among them."""
    def digest(mid: str) -> float:
        return int.from_bytes(hashlib.sha256(mid.encode()).digest()[:8], "big") / 2 ** 64
    return [mid for mid in ids if digest(mid) < SAMPLE or mid == canary]


def run(target: Target, sample: bool) -> Outcome:
    where = prepare(target)
    log = where / "mutmut.log"
    ids, canary = made(target, where)
    if not target.scored:
        if canary is None:  # nothing to run: main says the canary was not made
            return Outcome(target, log=log)
        chosen = [canary]
    else:
        chosen = sampled(ids, canary) if sample else []
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    with log.open("w") as out:
        subprocess.run([str(MUTMUT), "run", "--max-children", "1", *chosen], cwd=where,
                       env=env, stdout=out, stderr=subprocess.STDOUT, check=False)
    outcome = Outcome(target, log=log, canary=canary)
    meta = where / "mutants" / f"{target.module}.meta"
    if meta.exists():
        statuses = json.loads(meta.read_text())["exit_code_by_key"]
        keep = set(chosen) if sample or not target.scored else set(statuses)
        outcome.statuses = {mid: code for mid, code in statuses.items() if mid in keep}
    return outcome


def equivalents() -> dict[str, str]:
    """tools/mutation_equivalents.txt: ``<mutant id>  <why>`` a line, ``#`` comments."""
    found = {}
    for text in EQUIVALENTS.read_text(encoding="utf-8").splitlines():
        text = text.strip()
        if text and not text.startswith("#"):
            ident, _, why = text.partition(" ")
            found[ident] = why.strip()
    return found


def main(arguments: list[str]) -> int:
    sample = "--sample" in arguments
    words = [a for a in arguments if a != "--sample"]
    chosen = [t for t in TARGETS if not words or any(a in t.module for a in words)]
    listed = equivalents()
    with ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        outcomes = list(pool.map(lambda target: run(target, sample), chosen))
    problems = []
    killed = counted = every = listed_here = 0
    for outcome in outcomes:
        target, statuses = outcome.target, outcome.statuses
        if not statuses:
            problems.append(f"{target.module}: mutmut made no results (see {outcome.log})"
                            if target.scored or outcome.canary else
                            f"{target.module}: no canary mutant '{target.canary[1]}' in "
                            f"{target.canary[0]}")
            continue
        if all(code is None for code in statuses.values()):
            problems.append(f"{target.module}: no mutant ran; do its tests pass unmutated? "
                            f"(see {outcome.log})")
        elif None in statuses.values():  # a mutant chosen and never run is no survivor
            problems.append(f"{target.module}: {sum(c is None for c in statuses.values())} "
                            f"mutants did not run (see {outcome.log})")
        if not target.scored:
            killed_it = outcome.canary is not None and statuses.get(outcome.canary) in KILLED
            print(f"{target.module:42} its canary alone: {'killed' if killed_it else 'ALIVE'}",
                  flush=True)
            if not killed_it:
                problems.append(f"{target.module}: the canary '{target.canary[1]}' in "
                                f"{target.canary[0]} was not made or survived {target.tests}")
            continue
        ours = {mid for mid in listed if mid in statuses}
        for mid in ours:
            if statuses[mid] in KILLED:
                problems.append(f"{mid} is listed as equivalent but was killed: unlist it")
        kills = outcome.killed() - outcome.killed(ours)
        total = len(statuses) - len(ours)
        survivors = sorted(mid for mid, code in statuses.items()
                           if code not in KILLED and mid not in ours)
        score = 100.0 * kills / total if total else 100.0
        print(f"{target.module:42} {kills:4} of {total:4} killed ({len(ours)} equivalent "
              f"left out)  {score:6.2f}%", flush=True)
        for mid in survivors:
            print(f"    survived: {mid} ({statuses[mid]})")
        if outcome.canary is None:
            problems.append(f"{target.module}: no canary mutant '{target.canary[1]}' in "
                            f"{target.canary[0]}")
        elif statuses.get(outcome.canary) not in KILLED:
            problems.append(f"{target.module}: the canary {outcome.canary} survived: the "
                            "mutants did not run")
        killed += kills
        counted += total
        every += len(statuses)
        listed_here += len(ours)
    if not sample:  # only a run of every mutant knows which listed ones are still made
        stale = [mid for mid in listed if not any(mid in o.statuses for o in outcomes)
                 and any(mid.startswith(slug(o.target) + ".") for o in outcomes)]
        problems += [f"{mid} is listed as equivalent but no such mutant was made: unlist it"
                     for mid in stale]
    # the cap holds for the whole list, so only a run of every module checks it
    if not sample and len(chosen) == len(TARGETS) and every \
            and 100.0 * listed_here / every > MOST_EQUIVALENT:
        problems.append(f"{listed_here} equivalent mutants are more than {MOST_EQUIVALENT}% "
                        f"of {every}")
    if not counted and not problems:  # only canaries ran: they said all there is to say
        print("mutation score: no scored module chosen")
        return 0
    score = 100.0 * killed / counted if counted else 0.0
    for problem in problems:
        print(f"PROBLEM: {problem}", file=sys.stderr)
    incomplete = sum(1 for o in outcomes if not o.statuses)
    print(f"mutation score {score:.2f}%" + (" (sampled)" if sample else "")
          + (f" (incomplete: {incomplete} module(s) made no results)" if incomplete else ""))
    if score < FLOOR:
        print(f"below the floor of {FLOOR}%", file=sys.stderr)
    return 1 if problems or score < FLOOR else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
