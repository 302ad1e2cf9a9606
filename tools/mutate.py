"""Mutation testing of the modules where arithmetic decides who pays whom (`make mutate`).

    python tools/mutate.py               # every module; one line each, then the score
    python tools/mutate.py money         # the modules whose path holds "money"

Each module is mutation-tested by mutmut against its own ruleset's tests, interpreted, in a
copy of the project under .mutate/ (the sources, tests and benchmarks, nothing built), the
modules in parallel on the machine's cores. Under mutmut every test starts with empty memos
(tests/conftest.py), so a table made at a hand's first use is made by the mutant; the end to
end tests skip themselves there (their server would import the sources, not the mutants).

A canary per module, a mutant known to change an answer, must come out killed, or the run
fails: it proves the mutants really run. Mutants that cannot change an answer are listed with
the reason in tools/mutation_equivalents.txt; they are left out of the score, may be at most
3 % of the mutants, and must still exist and survive. Below the floor (98 %) the run fails.
"""

from __future__ import annotations

import ast
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

KILLED = {1, 3, 36, -24, 24, 152, 255}  # a failing test, pytest's own error, a timeout


@dataclass(frozen=True)
class Target:
    module: str                # the file mutated
    tests: tuple[str, ...]     # the tests run against it
    canary: tuple[str, str]    # (function, the mutated line a mutant must have, stripped)


TARGETS = (
    Target("service/rulesets/chuzhou/settlement.py", ("tests/chuzhou", "tests/test_house_rules.py"),
           ("shares", "base = fan - unit * zhen[winner] * (factor if winner == dealer else 1)")),
    Target("service/rulesets/chuzhou/liability.py",
           ("tests/chuzhou", "tests/test_house_rules.py"),
           ("_dragon_set", "return meld.type == CHI and meld.tiles[0] in DRAGONS")),
    Target("service/rulesets/yueqing/settlement.py",
           ("tests/yueqing", "tests/test_match.py", "tests/test_house_rules.py"),
           ("hand_shares", "base = tai - rules.hand_base")),
    Target("service/rulesets/yueqing/flowers.py", ("tests/yueqing", "tests/test_house_rules.py"),
           ("tiao", "return (flowers + 2) * flowers")),
    Target("service/rulesets/yueqing/escape.py", ("tests/yueqing",),
           ("_three_caishen", "return h.caishen_standing != 3")),
    Target("service/rulesets/money.py",
           ("tests/chuzhou", "tests/yueqing", "tests/test_fast_checks.py"),
           ("paid_to", "net[payer] += amount")),
    Target("service/match.py", ("tests/test_match.py", "tests/test_verify.py"),
           ("play", "totals = [totals[seat] - moved[seat] for seat in range(4)]")),
)


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


def prepare(target: Target) -> Path:
    """A copy of the project for one module, with mutmut's settings for it."""
    where = WORK / slug(target)
    shutil.rmtree(where, ignore_errors=True)
    where.mkdir(parents=True)
    for part in ("service", "tests", "bench"):
        shutil.copytree(ROOT / part, where / part,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", ".venv*"))
    settings = {
        "source_paths": ["service"],
        "only_mutate": [target.module],
        "also_copy": ["bench"],
        "pytest_add_cli_args_test_selection": list(target.tests),
        "pytest_add_cli_args": ["-p", "no:cacheprovider", "-q", "-x"],
    }
    lines = ["", "[tool.mutmut]"] + [f"{key} = {json.dumps(value)}"
                                     for key, value in settings.items()]
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (where / "pyproject.toml").write_text(text + "\n".join(lines) + "\n", encoding="utf-8")
    return where


def mutated_lines(source: str) -> dict[str, tuple[str, list[str]]]:
    """Each mutant function of mutmut's mutated module: (the original function, the lines it
    changed), from the ``x_<name>__mutmut_<n>`` functions beside ``x_<name>__mutmut_orig``."""
    tree = ast.parse(source)
    functions = {node.name: ast.get_source_segment(source, node) or ""
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


def run(target: Target) -> Outcome:
    where = prepare(target)
    log = where / "mutmut.log"
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    with log.open("w") as out:
        subprocess.run([str(MUTMUT), "run", "--max-children", "1"], cwd=where, env=env,
                       stdout=out, stderr=subprocess.STDOUT, check=False)
    outcome = Outcome(target, log=log)
    meta = where / "mutants" / f"{target.module}.meta"
    if not meta.exists():
        return outcome
    outcome.statuses = json.loads(meta.read_text())["exit_code_by_key"]
    prefix = slug(target) + "."
    function, line = target.canary
    mutated = where / "mutants" / target.module
    for name, (stem, changed) in mutated_lines(mutated.read_text(encoding="utf-8")).items():
        if stem.lstrip("_") == function.lstrip("_") and line in changed:
            outcome.canary = prefix + name
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


def main() -> int:
    chosen = [t for t in TARGETS if not sys.argv[1:] or any(a in t.module for a in sys.argv[1:])]
    listed = equivalents()
    with ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        outcomes = list(pool.map(run, chosen))
    problems = []
    killed = counted = every = listed_here = 0
    for outcome in outcomes:
        target, statuses = outcome.target, outcome.statuses
        if not statuses:
            problems.append(f"{target.module}: mutmut made no results (see {outcome.log})")
            continue
        if all(code is None for code in statuses.values()):
            problems.append(f"{target.module}: no mutant ran; do its tests pass unmutated? "
                            f"(see {outcome.log})")
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
    stale = [mid for mid in listed if not any(mid in o.statuses for o in outcomes)
             and any(mid.startswith(slug(o.target) + ".") for o in outcomes)]
    problems += [f"{mid} is listed as equivalent but no such mutant was made: unlist it"
                 for mid in stale]
    # the cap holds for the whole list, so only a run of every module checks it
    if len(chosen) == len(TARGETS) and every and 100.0 * listed_here / every > MOST_EQUIVALENT:
        problems.append(f"{listed_here} equivalent mutants are more than {MOST_EQUIVALENT}% "
                        f"of {every}")
    score = 100.0 * killed / counted if counted else 0.0
    for problem in problems:
        print(f"PROBLEM: {problem}", file=sys.stderr)
    incomplete = sum(1 for o in outcomes if not o.statuses)
    print(f"mutation score {score:.2f}%" + (f" (incomplete: {incomplete} module(s) made no "
                                            "results)" if incomplete else ""))
    if score < FLOOR:
        print(f"below the floor of {FLOOR}%", file=sys.stderr)
    return 1 if problems or score < FLOOR else 0


if __name__ == "__main__":
    sys.exit(main())
