"""The guards that run where a landing is decided hold what they promise: the mutation copy
holds every file the tests read, and every `make` target the docs name exists."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _named_by_tests() -> set[str]:
    """The repository's top-level files and folders that some test names in a string."""
    entries = {path.name for path in ROOT.iterdir() if not path.name.startswith(".")}
    named = set()
    for test in (ROOT / "tests").rglob("*.py"):
        text = test.read_text(encoding="utf-8")
        named |= {entry for entry in entries if f'"{entry}"' in text or f"'{entry}'" in text}
    return named


def test_the_mutation_copy_holds_every_file_the_tests_name() -> None:
    mutate = _tool("mutate")
    copied = {name.split("/", 1)[0] for name in mutate.tracked()}
    beside = set(mutate.settings(mutate.TARGETS[0]).split("also_copy = ", 1)[1]
                 .split("\n", 1)[0].strip("[]").replace('"', "").split(", "))
    named = _named_by_tests() - {"service"}
    assert "openapi.yaml" in named  # what the dead gate once left out
    assert named <= copied, "a file the tests read is not tracked, so not copied"
    assert named <= beside, "mutmut runs the tests beside the mutants without it"


def _targets_named(text: str) -> set[str]:
    """The make targets a Markdown text names: in inline code or in a code block's lines."""
    found = set(re.findall(r"`make ([a-z][a-z-]*)", text))
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.DOTALL):
        found |= set(re.findall(r"^\s*(?:[A-Z_]+=\S+ )*make ([a-z][a-z-]*)", block,
                                re.MULTILINE))
    return found


def test_every_make_target_the_docs_name_exists() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = {name for names in re.findall(r"^([a-z][a-z -]*):", makefile, re.MULTILINE)
               for name in names.split()}
    named = {(doc.name, target) for doc in DOCS
             for target in _targets_named(doc.read_text(encoding="utf-8"))}
    assert {target for _, target in named} >= {"test", "core", "run", "mutate", "regen"}
    assert sorted((doc, t) for doc, t in named if t not in targets) == []


def test_a_target_named_in_prose_or_code_is_found() -> None:
    text = "Run `make core` first.\n```sh\nmake test\nLOAD_SECONDS=5 make load   # a look\n```\n"
    assert _targets_named(text) == {"core", "test", "load"}
