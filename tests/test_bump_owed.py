"""The bump the version tool owes (tools/versions.py), over every recorded hand: the worked
hands, the contract's examples and the reaching hands (tools/reach.py), which reach every
parameter, so every pattern and item, and every pair of situation flags, refusals included.

Each change below is made in a copy of the project, where no worked hand nor example shows
it (those that would are taken out of the copy): the reaching hands alone must ask for the
bump. A pattern's value and a parameter's effect ask for a MAJOR; a refusal of a request no
real table can produce, for a MINOR (G-10)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from service.jsonio import encoded
from service.openapi import EXAMPLE_RULES, EXAMPLES_FILE
from service.rulesets import RULESETS
from service.rulesets.chuzhou.checks import EXCLUSIVE
from tools import reach, recorded, versions

ROOT = Path(__file__).resolve().parent.parent
RULES = "service/rulesets/chuzhou/rules.py"
PATTERNS = "service/rulesets/chuzhou/patterns.py"
CHECKS = "service/rulesets/chuzhou/checks.py"


def _reaching(ruleset_id: str) -> list[reach.Request]:
    return [(hand.action, hand.body) for hand in recorded.hands()
            if hand.source == "reaching" and hand.ruleset == ruleset_id]


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_reaching_hands_reach_every_parameter_and_pair_of_flags(ruleset_id: str) -> None:
    requests = _reaching(ruleset_id)
    ruleset = RULESETS[ruleset_id]
    reached = reach.reached(ruleset_id, requests, reach.Answers(ruleset_id))
    assert [p.id for p in ruleset.parameters if p.id not in reached] == [], \
        "`make reaching-hands`"
    assert set(reach.flag_sets(ruleset)) <= reach.raised(requests), "`make reaching-hands`"


def test_the_reaching_hands_are_a_fixed_point() -> None:
    # a run adds nothing to the committed file: what it holds reaches everything
    assert reach.main(["--check"]) == 0


def test_every_source_is_recorded() -> None:
    found = recorded.sources()
    assert set(found.values()) == set(recorded.SOURCES)
    record = versions.recorded()
    keys = {key for made in record["rulesets"].values() for key in made["answers"]}
    assert set(found) == keys, "`make versions`"


# --- changes made in a copy ------------------------------------------------------------------


def _copy(tmp_path: Path) -> Path:
    """Every file git tracks or would track, as tools/mutate.py copies the project."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others",
                             "--exclude-standard"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode()
    copy = tmp_path / "copy"
    for name in sorted(set(listed.split("\0")) - {""}):
        source = ROOT / name
        if source.is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, copy / name)
    return copy


def _edit(copy: Path, path: str, old: str, new: str) -> None:
    text = (copy / path).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path} no longer holds {old!r}: choose another edit"
    (copy / path).write_text(text.replace(old, new), encoding="utf-8")


def _without_worked_hands(copy: Path, showing: str) -> None:
    """The copy's worked hands without those whose request or answer holds ``showing``."""
    path = copy / "tests" / "worked_hands.jsonl"
    kept = []
    for line in path.read_text(encoding="utf-8").splitlines():
        ruleset_id, action, body = json.loads(line)
        answer = encoded(versions.answered(ruleset_id, action, body)).decode()
        if showing not in line and showing not in answer:
            kept.append(line)
    path.write_text("".join(line + "\n" for line in kept), encoding="utf-8")


def _owed(copy: Path) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "tools/versions.py", "owed"], cwd=copy,
                          env={**os.environ, "PYTHONPATH": str(copy)}, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    found: dict[str, Any] = json.loads(done.stdout)
    return found


def _shown_by_examples(text: str) -> bool:
    return text in EXAMPLES_FILE.read_text(encoding="utf-8") or any(
        text in path.read_text(encoding="utf-8") for path in EXAMPLE_RULES.glob("*.toml"))


@pytest.mark.slow
def test_a_patterns_value_no_worked_hand_shows_asks_for_a_major(tmp_path: Path) -> None:
    # a 明/暗 pattern whose 暗 value the reaching hands show and no example does
    pid = next(p.id.split(".")[0] for p in RULESETS["chuzhou"].parameters
               if p.id.endswith(".an") and not _shown_by_examples(f'"{p.id.split(".")[0]}"'))
    copy = _copy(tmp_path)
    _without_worked_hands(copy, f'"{pid}"')
    row = re.search(rf'@pattern\("{pid}",[^@]*?two\((\d+), (\d+)\)',
                    (copy / PATTERNS).read_text(encoding="utf-8"))
    assert row is not None, f"{PATTERNS}: no row of {pid} with two(明, 暗)"
    ming, an = row.group(1), row.group(2)
    _edit(copy, PATTERNS, row.group(0), row.group(0).replace(
        f"two({ming}, {an})", f"two({ming}, {int(an) + 10})"))
    found = _owed(copy)
    owed = found["chuzhou"]
    assert owed["owes"] == "MAJOR", owed
    assert owed["moved"]["worked"] == 0 and owed["moved"]["example"] == 0, owed
    assert owed["moved"]["reaching"] > 0, owed
    assert any("paid differently" in why for why in owed["reasons"]), owed
    assert found["yueqing"]["owes"] is None  # each ruleset owes for its own answers


@pytest.mark.slow
def test_a_parameters_effect_no_worked_hand_shows_asks_for_a_major(tmp_path: Path) -> None:
    # a settlement number whose effect only a value other than its default shows: doubled
    # away from its default, the same at it
    source = (ROOT / RULES).read_text(encoding="utf-8")
    parameter = next(p for p in RULESETS["chuzhou"].parameters
                     if type(p.default) is int and f'{p.id}=values["{p.id}"],' in source
                     and not _shown_by_examples(p.id))
    pid, default = parameter.id, parameter.default
    copy = _copy(tmp_path)
    _without_worked_hands(copy, f'"{pid}"')
    _edit(copy, RULES, f'{pid}=values["{pid}"],', f'{pid}=values["{pid}"] * 2 - {default},')
    owed = _owed(copy)["chuzhou"]
    assert owed["owes"] == "MAJOR", owed
    assert owed["moved"] == {"worked": 0, "example": 0, "reaching": owed["moved"]["reaching"]}
    assert owed["moved"]["reaching"] > 0 and owed["reasons"] == [
        f"{owed['moved']['reaching']} recorded hand(s) are paid differently"], owed


@pytest.mark.slow
def test_a_refusal_of_an_impossible_request_asks_for_a_minor(tmp_path: Path) -> None:
    # G-10: two flags the reaching hands raise together and pay today, now refused as
    # situations that cannot hold together (CZ-18's kind of refusal)
    exclusive = {(pair.first, pair.second) for pair in EXCLUSIVE}
    answers = reach.Answers("chuzhou")
    first, second = next(
        names for names in reach.flag_sets(RULESETS["chuzhou"])
        if len(names) == 2 and names not in exclusive and (names[1], names[0]) not in exclusive
        and any(action == "score" and "problem" not in answers(action, body)
                and tuple(sorted(k for k, v in body.get("situation", {}).items() if v)) == names
                for action, body in _reaching("chuzhou")))
    copy = _copy(tmp_path)
    _edit(copy, CHECKS, "EXCLUSIVE: Final = (\n", "EXCLUSIVE: Final = (\n    Exclusive("
          f'"{first}", "{second}", "{first} and {second} never hold together"),\n')
    owed = _owed(copy)["chuzhou"]
    assert owed["owes"] == "MINOR", owed
    assert any("no table can produce (G-10)" in why for why in owed["reasons"]), owed
    assert owed["moved"]["reaching"] > 0, owed
