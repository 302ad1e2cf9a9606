"""The package's build: developed interpreted, shipped compiled (as black and mypy are).

    pip install -e .                                   # development: plain Python, no build
    MAHJONG_COMPILE=1 pip wheel --no-deps --no-build-isolation .    # `make wheel`, the image

With ``MAHJONG_COMPILE=1`` the scoring core (``COMPILED``) is compiled by mypyc into extension
modules inside the wheel, about half the CPU instructions per ``score()`` call; everything
else in service/ (the loader, the schemas, the HTTP layer) stays Python in the wheel too. The
compiled modules only ever live in the wheel and the environment it is installed in
(``.venv-compiled``), never beside the sources, so an edited source always runs as edited.
``MAHJONG_BUILD_DIR`` (default ``.venv-compiled/build``) holds the compiler's intermediate
files. docs/development.md describes the dev loop and the compiled build.
"""

from __future__ import annotations

import os
from glob import glob
from pathlib import Path

ROOT = Path(__file__).resolve().parent

# The hot path: reading hands, the two rulesets' patterns and settlements, the score() call.
# Left out: service/rulesets/__init__.py (mypyc cannot infer RULESET's type).
COMPILED = sorted(
    path
    for pattern in (
        "service/hand/*.py",
        "service/rulesets/money.py",
        "service/rulesets/readings.py",
        "service/rulesets/registry.py",  # recognise: both rulesets' patterns, every reading
        "service/rulesets/*/*.py",
        "service/tiles.py",
        "service/memo.py",
        "service/house.py",
        "service/work.py",
        "service/scoring.py",
    )
    for path in glob(pattern, root_dir=ROOT)
    if not path.endswith("/schemas.py")  # marshmallow schemas: loaded, not run per hand
)

# The shared library holding every compiled module: GROUP__mypyc.<platform>.so. One group, so
# calls between compiled modules are direct C calls; at the top level, because mypyc derives
# the compiled packages' __path__ from its place.
GROUP = "service_core"


def build_dir() -> Path:
    return Path(os.environ.get("MAHJONG_BUILD_DIR", ROOT / ".venv-compiled" / "build"))


if __name__ == "__main__":  # setuptools runs it so too; `make` and tests only read COMPILED
    from setuptools import setup

    if os.environ.get("MAHJONG_COMPILE") == "1":
        from mypyc.build import mypycify

        setup(ext_modules=mypycify(COMPILED, opt_level="3", group_name=GROUP,
                                   target_dir=str(build_dir() / "mypyc")),
              options={"build": {"build_base": str(build_dir())},
                       "egg_info": {"egg_base": str(build_dir())}})
    else:
        setup()
