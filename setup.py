"""Builds the scoring core into C extension modules with mypyc (less than half the CPU
instructions per score() call of the same code interpreted).

    pip install --no-deps --no-build-isolation -e .     # `make compile`: next to the sources
    pip wheel --no-deps --no-build-isolation .          # the Docker image: a wheel with them

COMPILED below is the one list of compiled modules; everything else in service/ (the loader's
generator, the schemas, the HTTP layer) stays interpreted: the loaders it generates for the
contract's request schemas are compiled from service/readers.py (``make readers``). Every
build also writes service/_compiled.json, the hash of each compiled source, which
``import service`` checks so that an extension never runs in place of a source edited since
(service/compiled.py). With MAHJONG_INTERPRETED=1 nothing is compiled, and an earlier build in
the tree is removed.
"""

from __future__ import annotations

import os
import runpy
from glob import glob
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent

# The hot path: reading hands, the two rulesets' patterns and settlements, the score() call.
# Left out: service/rulesets/__init__.py (mypyc cannot infer RULESET's type) and
# service/rulesets/registry.py (it subclasses a builtin mypyc cannot compile).
COMPILED = sorted(
    path
    for pattern in (
        "service/hand/*.py",
        "service/rulesets/money.py",
        "service/rulesets/chuzhou/*.py",
        "service/rulesets/yueqing/*.py",
        "service/tiles.py",
        "service/memo.py",
        "service/work.py",
        "service/scoring.py",
        "service/readers.py",  # the request schemas' loaders, written out by `make readers`
    )
    for path in glob(pattern, root_dir=ROOT)
)

# The shared library holding every compiled module: GROUP__mypyc.<platform>.so.
GROUP = "service_core"

# Shared with the import-time check; loaded by path, as `service` itself needs Flask.
record = runpy.run_path(str(ROOT / "service" / "compiled.py"))


def build_and_record() -> Any:
    """build_ext, then the record of what was compiled, written only once the build succeeded
    (a failed build leaves extensions without a record, which ``import service`` refuses)."""
    from setuptools.command.build_ext import build_ext

    class BuildAndRecord(build_ext):
        def run(self) -> None:
            target = ROOT if self.inplace else Path(self.build_lib)
            record_file = target / "service" / record["RECORD"]
            record_file.unlink(missing_ok=True)
            super().run()
            record["write_record"](record_file, {path: HASHES[path] for path in COMPILED})

    return BuildAndRecord


def remove_built() -> None:
    """An earlier build's extensions and record, so that they cannot run instead."""
    for built in [*record["extensions"](ROOT / "service"), *ROOT.glob(f"{GROUP}__mypyc.*"),
                  ROOT / "service" / record["RECORD"]]:
        built.unlink(missing_ok=True)


def extensions() -> list[Any]:
    from mypyc.build import mypycify

    # One group, one shared library: calls between compiled modules are direct C calls. It
    # sits at the top level: mypyc derives the compiled packages' __path__ from its place (a
    # name inside service/ gave service.hand a wrong one). separate=True fails: modules
    # compiled separately recurse forever importing each other through an import cycle (and
    # it built no faster, with build_ext --parallel 2: each library compiles mypyc's
    # runtime again).
    return mypycify(COMPILED, opt_level="3",
                    group_name=GROUP)


if __name__ == "__main__":  # setuptools runs it so too; `make` and tests only read COMPILED
    from setuptools import setup

    # Hashed before mypyc reads the sources: an edit made during the build makes the record
    # differ from the source, never the other way round.
    HASHES = {path: record["source_hash"](ROOT / path) for path in COMPILED}
    if os.environ.get("MAHJONG_INTERPRETED") == "1":
        remove_built()
        setup()
    else:
        setup(ext_modules=extensions(), cmdclass={"build_ext": build_and_record()})
