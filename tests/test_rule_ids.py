"""Every ruling id the service prints (error messages, openapi.yaml, code) is stated in
docs/rules/, under its id, for a reader who has only the project."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_ID = re.compile(r"\b(?:CZ|YQ|G)-\d+\b")


def _ids_in(paths: list[Path]) -> set[str]:
    return {rid for path in paths for rid in RULE_ID.findall(path.read_text(encoding="utf-8"))}


def test_every_cited_ruling_is_defined_in_the_rules_documents() -> None:
    cited = _ids_in(sorted((ROOT / "service").rglob("*.py")) + [ROOT / "openapi.yaml"])
    docs = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "docs" / "rules").glob("*.md"))
    defined = set(re.findall(r"^- \*\*((?:CZ|YQ|G)-\d+) ", docs, re.MULTILINE))
    assert cited, "no ruling ids found: the pattern is wrong"
    assert cited <= defined, sorted(cited - defined)
