"""The fingerprint names the money (service/house.py ``fingerprint``): the same for the same
effective numbers however sent, unmoved by a parameter added at a default that changes
nothing, moved by a MAJOR; and the fingerprint docs/house-rules.md quotes is the one served."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from service.house import fingerprint, load_variants
from service.jsonio import encoded
from service.rulesets import RULESETS
from service.rulesets.registry import Ruleset
from service.schemas.rules import number, switch
from tools import versions

ROOT = Path(__file__).resolve().parent.parent
HOUSE_RULES = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")


def _worked(ruleset_id: str, most: int = 120) -> list[tuple[str, Any]]:
    """The ruleset's worked hands (tests/worked_hands.jsonl), the first ``most`` of them."""
    found = []
    for line in versions.HANDS.read_text(encoding="utf-8").splitlines():
        rid, action, body = json.loads(line)
        if rid == ruleset_id and len(found) < most:
            found.append((action, body))
    return found


def _with_parameters(rules: Ruleset, *added: Any) -> Ruleset:
    """The ruleset with parameters added that its tables never read: each at a default that
    changes nothing, as a new rule arrives switched to what the table already plays."""
    return rules._replace(parameters=(*rules.parameters, *added))


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_a_parameter_added_at_its_default_moves_no_answer_and_no_version(
        ruleset_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = RULESETS[ruleset_id]
    hands = _worked(ruleset_id)
    before = [encoded(versions.answered(ruleset_id, action, body)) for action, body in hands]
    printed = fingerprint(rules, rules.defaults())
    recorded = versions.digests()
    added = _with_parameters(
        rules, number("house_extra.unit", "加码", "House extra", "a new constant, 0 by "
                      "default: nothing changes", "G-8", default=0, minimum=0, maximum=100),
        switch("house_extra.on", "加码", "House extra on", "a new switch", "G-8",
               default=False))
    monkeypatch.setitem(RULESETS, ruleset_id, added)
    # every amount and every fingerprint as before, the answers byte for byte
    assert [encoded(versions.answered(ruleset_id, action, body))
            for action, body in hands] == before
    assert fingerprint(added, added.defaults()) == printed
    plain = next((action, body) for action, body in hands
                 if isinstance(body, dict) and not body.get("rules") and not body.get("variant")
                 and "problem" not in versions.answered(ruleset_id, action, body))
    assert versions.run(ruleset_id, *plain)["rules"]["fingerprint"] == printed
    # and the record needs no bump: only the new defaults are written
    now = versions.digests()
    assert versions.needed(now, recorded, ruleset_id) == (0, "")
    assert versions.problems(now, recorded) == []
    assert now["rulesets"][ruleset_id]["answers"] == recorded["rulesets"][ruleset_id]["answers"]


@pytest.mark.parametrize("ruleset_id", sorted(RULESETS))
def test_the_fingerprint_reads_only_what_differs_from_the_defaults_and_the_major(
        ruleset_id: str) -> None:
    rules = RULESETS[ruleset_id]
    defaults = rules.defaults()
    first = next(p for p in rules.parameters if type(p.default) is int)
    other = {**defaults, first.id: first.default + 1 if first.default < first.maximum
             else first.default - 1}
    assert fingerprint(rules, dict(defaults)) == fingerprint(rules, defaults)
    assert fingerprint(rules, other) != fingerprint(rules, defaults)
    # the same numbers under another MAJOR are another money
    major = rules._replace(version=f"{rules.major + 1}.0.0")
    assert fingerprint(major, defaults) != fingerprint(rules, defaults)
    minor = rules._replace(version=f"{rules.major}.99.0")
    assert fingerprint(minor, defaults) == fingerprint(rules, defaults)


def test_the_fingerprint_docs_house_rules_quotes_is_served() -> None:
    # The Huai'an teahouse's answer as docs/house-rules.md quotes it (examples/rules).
    quoted = re.search(r'"variant": "huaian-teahouse", "overrides": \{\}, "fingerprint": '
                       r'"([0-9a-f]{16})"', HOUSE_RULES)
    assert quoted is not None
    served = load_variants(str(ROOT / "examples" / "rules"))
    try:
        teahouse = served["chuzhou"]["huaian-teahouse"]
        assert teahouse.listed()["fingerprint"] == quoted.group(1)
    finally:
        load_variants("")
