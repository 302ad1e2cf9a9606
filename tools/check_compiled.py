"""Check an installed compiled build: every module setup.py lists runs from its extension
module. Run it with the compiled environment's Python, from a directory without a service/
folder (the image's builder, `make test-compiled`); prints the list, exits 1 if any module
runs interpreted. Standard library and the installed package only."""

from __future__ import annotations

import importlib
import runpy
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

SETUP = Path(__file__).resolve().parent.parent / "setup.py"


def module_name(source: str) -> str:
    name = source.removesuffix(".py").replace("/", ".")
    return name.removesuffix(".__init__")


def main() -> int:
    listed = runpy.run_path(str(SETUP), run_name="listing")["COMPILED"]
    interpreted = []
    for source in listed:
        module = importlib.import_module(module_name(source))
        built = str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES))
        print(f"{'compiled   ' if built else 'INTERPRETED'}  {module.__name__}  "
              f"({module.__file__})")
        if not built:
            interpreted.append(module.__name__)
    if interpreted:
        print(f"{len(interpreted)} of {len(listed)} listed modules run interpreted",
              file=sys.stderr)
        return 1
    print(f"all {len(listed)} listed modules run compiled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
