"""`make test` tests the compiled core: every module setup.py lists runs from its extension
module. And the check ``import service`` makes refuses a build older than its sources, shown
on copies in a temporary directory, never on the real tree."""

from __future__ import annotations

import importlib
import os
import re
import shutil
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from service import compiled
from tools.build_requires import build_requires

ROOT = Path(__file__).resolve().parent.parent
INTERPRETED = os.environ.get("MAHJONG_INTERPRETED") == "1"


def listed() -> list[str]:
    """setup.py's COMPILED, read without running setup()."""
    import runpy

    return list(runpy.run_path(str(ROOT / "setup.py"), run_name="listing")["COMPILED"])


@pytest.mark.skipif(INTERPRETED, reason="MAHJONG_INTERPRETED=1: deliberately run interpreted")
def test_every_listed_module_runs_from_its_extension_module() -> None:
    sources = compiled.recorded()
    assert sources is not None, "no compiled modules: run `make compile`"
    assert sorted(sources) == sorted(listed()), "the build is not of setup.py's list"
    for source in listed():
        module = importlib.import_module(compiled.module_name(source))
        assert str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES)), module.__file__
    assert compiled.interpreted_modules() == []


def test_the_list_holds_the_hot_path_and_not_the_loader() -> None:
    sources = listed()
    for expected in ("service/scoring.py", "service/tiles.py", "service/hand/splits.py",
                     "service/rulesets/chuzhou/scorer.py", "service/rulesets/yueqing/scorer.py",
                     "service/readers.py"):  # the loaders the generator writes out
        assert expected in sources
    # The loaders' generator (what it generates for the contract is service/readers.py);
    # mypyc cannot type RULESET; a builtin subclass.
    for interpreted in ("service/loader.py", "service/rulesets/__init__.py",
                        "service/rulesets/registry.py"):
        assert interpreted not in sources


def copied_package(tmp_path: Path) -> Path:
    """A copy of the compiled sources and a record of them (the real one when built)."""
    sources = compiled.recorded() or {path: "" for path in listed()}
    for source in sources:
        (tmp_path / source).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / source, tmp_path / source)
    package = tmp_path / "service"
    compiled.write_record(package / compiled.RECORD, {
        source: compiled.source_hash(tmp_path / source) for source in sources})
    if compiled.recorded() is not None:
        assert compiled.recorded(package) == compiled.recorded()
    (package / f"tiles{EXTENSION_SUFFIXES[0]}").write_bytes(b"")  # stands for the build
    return package


def test_an_unchanged_build_passes_the_check(tmp_path: Path) -> None:
    compiled.check(copied_package(tmp_path))


def test_a_source_edited_after_the_build_is_refused_by_name(tmp_path: Path) -> None:
    package = copied_package(tmp_path)
    edited = package / "rulesets" / "chuzhou" / "scorer.py"
    edited.write_text(edited.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    with pytest.raises(ImportError, match=re.escape(f"{edited} changed since it was compiled")
                       + ".*make compile"):
        compiled.check(package)


def test_a_removed_source_is_refused(tmp_path: Path) -> None:
    package = copied_package(tmp_path)
    (package / "tiles.py").unlink()
    with pytest.raises(ImportError, match="tiles.py was compiled but is gone"):
        compiled.check(package)


def test_extension_modules_without_a_record_are_refused(tmp_path: Path) -> None:
    package = copied_package(tmp_path)
    (package / compiled.RECORD).unlink()
    with pytest.raises(ImportError, match="has no build record.*make compile"):
        compiled.check(package)


def test_no_extension_modules_at_all_runs_interpreted(tmp_path: Path) -> None:
    package = copied_package(tmp_path)
    (package / compiled.RECORD).unlink()
    for built in compiled.extensions(package):
        built.unlink()
    compiled.check(package)


def test_the_build_compiles_with_the_locked_mypy() -> None:
    locked = re.search(r"^mypy==(\S+)", (ROOT / "requirements-dev.lock").read_text(
        encoding="utf-8"), re.MULTILINE)
    assert locked is not None
    assert f"mypy=={locked[1]}" in build_requires()
    assert all("==" in requirement for requirement in build_requires())
