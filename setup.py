"""Builds the scoring core into C extension modules with mypyc (about 28 % fewer instructions
per score() call than the same code interpreted; docs/performance.md).

    python setup.py build_ext --inplace --parallel 2    # `make compile`: next to the sources
    pip wheel --no-deps .                               # the Docker image: a wheel with them

COMPILED below is the one list of compiled modules; everything else in service/ (the loader,
whose code is generated at run time, the schemas, the HTTP layer) stays interpreted. Every
build also writes service/_compiled.json, the hash of each compiled source, which
``import service`` checks so that an extension never runs in place of a source edited since
(service/compiled.py). With MAHJONG_INTERPRETED=1 nothing is compiled (the editable install of
`make`'s environment uses it; `make compile` builds the modules afterwards).
"""

from __future__ import annotations

import os
import runpy
from glob import glob
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

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
        "service/scoring.py",
    )
    for path in glob(pattern, root_dir=ROOT)
)

# The shared library holding every compiled module: GROUP__mypyc.<platform>.so.
GROUP = "service_core"

# Shared with the import-time check; loaded by path, as `service` itself needs Flask.
record = runpy.run_path(str(ROOT / "service" / "compiled.py"))


class BuildAndRecord(build_ext):
    """build_ext, then the record of what was compiled, written only once the build succeeded
    (a failed build leaves extensions without a record, which ``import service`` refuses).
    Built in place with MAHJONG_INTERPRETED=1, it removes the extensions of an earlier build."""

    def run(self) -> None:
        target = ROOT if self.inplace else Path(self.build_lib)
        record_file = target / "service" / record["RECORD"]
        record_file.unlink(missing_ok=True)
        if not self.extensions:
            for built in [*record["extensions"](target / "service"),
                          *target.glob(f"{GROUP}__mypyc.*")]:
                built.unlink()
            return
        super().run()
        record["write_record"](record_file, {path: HASHES[path] for path in COMPILED})


def extensions() -> list[Any]:
    if os.environ.get("MAHJONG_INTERPRETED") == "1":
        return []
    from mypyc.build import mypycify

    # One group, one shared library: calls between compiled modules are direct C calls. It
    # sits at the top level: mypyc derives the compiled packages' __path__ from its place (a
    # name inside service/ gave service.hand a wrong one). separate=True fails: modules
    # compiled separately recurse forever importing each other through an import cycle (and
    # it built slower, each library compiling mypyc's runtime again).
    # has-type is off for this build only: in the order mypyc type-checks the modules, the
    # interpreted service/rulesets/__init__.py cannot see the inferred type of chuzhou's and
    # yueqing's RULESET and reads it as Any (RULESETS itself is annotated). That is the only
    # has-type error; `make types` checks everything with it on.
    return mypycify(["--disable-error-code=has-type", *COMPILED], opt_level="3",
                    group_name=GROUP)


if __name__ == "__main__":  # setuptools runs it so too; tests only read COMPILED
    # Hashed before mypyc reads the sources: an edit made during the build makes the record
    # differ from the source, never the other way round.
    HASHES = {path: record["source_hash"](ROOT / path) for path in COMPILED}
    setup(ext_modules=extensions(), cmdclass={"build_ext": BuildAndRecord})
