"""What a MAJOR rewrites is rewritten by `make regen` (tools/regen.py), never by hand: the
README's pin and the fingerprint docs/house-rules.md quotes (tools/quoted.py), CHANGELOG.md's
made lines (tools/changelog.py), the contract's 409 examples (tools/problem_examples.py); and
a change's note counts its written and regenerated lines apart (tools/note.py)."""

from __future__ import annotations

import pytest

from service.house import read_variant
from service.openapi import EXAMPLE_RULES
from service.rulesets import RULESETS
from service.rulesets.changes import Change
from service.version import AMOUNTS, VERSION
from tools import changelog, note, quoted, regen

FILES = sorted({quote.file for quote in quoted.QUOTES})


@pytest.mark.parametrize("path", FILES)
def test_every_quoted_value_is_the_services(path: str) -> None:
    text = (quoted.ROOT / path).read_text(encoding="utf-8")
    assert quoted.rewritten(path, text) == text, "`make quoted`"


def test_a_major_rewrites_the_readmes_pin_and_the_docs_fingerprint(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rules = RULESETS["chuzhou"]
    readme = (quoted.ROOT / "README.md").read_text(encoding="utf-8")
    docs = (quoted.ROOT / "docs/house-rules.md").read_text(encoding="utf-8")
    major = rules.major + 1
    bumped = Change(f"{major}.0.0", "2027-01-01", VERSION, (AMOUNTS,), "a MAJOR")
    monkeypatch.setitem(RULESETS, "chuzhou", rules._replace(
        version=bumped.version, changes=(bumped, *rules.changes)))
    again = quoted.rewritten("README.md", readme)
    assert f'"ruleset_version": "{major}"}}\'' in again
    assert f"chuzhou's money is {major}.x; \"{major - 1}\" is a 409: a {major - 1}.x" in again
    assert again.replace(str(major), "#") != readme.replace(str(major), "#")
    moved = quoted.rewritten("docs/house-rules.md", docs)
    teahouse = read_variant(EXAMPLE_RULES / "huaian-teahouse.toml").fingerprint
    assert f'"fingerprint": "{teahouse}"' in moved and teahouse not in docs  # moved by a MAJOR
    # the changelog's newest entry names the new version and whose MAJOR moved
    made = changelog.made(VERSION, None)
    assert f"chuzhou {major}.0.0" in made[1]
    assert any(line.startswith(f"- **chuzhou {major}.0.0** (MAJOR; amounts") for line in made)


def test_a_quoted_place_no_longer_found_stops_the_run() -> None:
    readme = (quoted.ROOT / "README.md").read_text(encoding="utf-8")
    with pytest.raises(quoted.QuoteError, match="found 0 times"):
        quoted.rewritten("README.md", readme.replace("while chuzhou's money is", "while"))


def test_make_regen_runs_every_step_that_a_major_rewrites() -> None:
    assert regen.STEPS.index("changelog") < regen.STEPS.index("versions")  # reads its line
    assert regen.STEPS.index("worked-hands") < regen.STEPS.index("reaching-hands") \
        < regen.STEPS.index("versions")
    assert {"examples", "quoted", "changelog", "versions"} <= set(regen.STEPS)


def test_a_notes_lines_are_counted_written_and_regenerated_apart() -> None:
    before = "## 1.0.0 (2026-11-29)\n\nprose\n"
    after = (f"## 1.0.0 (2026-11-29)\n\n{changelog.START}\nRulesets: x 1.0.0. MAJOR moved: "
             f"none.\n{changelog.END}\n\nprose, longer\n")
    # the made lines regenerated; a blank line and the prose, removed and added, written
    assert note.counted("CHANGELOG.md", before, after) == (3, 3)
    assert note.counted("openapi.yaml", "a\nb\n", "a\nc\n") == (0, 2)
    assert note.counted("service/scoring.py", "a\nb\n", "a\nc\n") == (2, 0)
    catalog = 'msgid "x"\nmsgstr ""\n'
    assert note.counted(note.CATALOG, "", catalog) == (1, 1)
    assert note.counted(note.CATALOG, catalog, 'msgid "x"\nmsgstr "叉"\n') == (2, 0)
