"""The compiled core's build record, and the check ``import service`` makes against it.

setup.py compiles the modules it lists with mypyc into extension modules next to their
sources, and writes ``_compiled.json``: the SHA-256 of each compiled source. Python imports an
extension module in preference to the ``.py`` beside it, so a source edited after the build
would silently not run: ``check`` refuses to import the package then, naming the file.

No extension modules at all is fine, and silent: the package runs interpreted, the same code
with the same answers, only slower (`pip install -e .`, a platform without a C compiler,
``MAHJONG_INTERPRETED=1``). A warning would fire on every command-line run and be an error
under pytest; where the speed matters it is checked instead: tests/test_compiled.py in
`make test`, and the Docker image's build, which runs ``main()``: it lists which modules run
compiled and fails unless all do. Standard library only: setup.py loads this file by path.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

RECORD = "_compiled.json"
PACKAGE = Path(__file__).resolve().parent
REBUILD = "run `make compile` (or `make`, which does it) to rebuild the compiled modules"


def source_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_record(record_file: Path, hashes: dict[str, str]) -> None:
    """hashes: each compiled source's path relative to the package's parent, and its hash."""
    record_file.parent.mkdir(parents=True, exist_ok=True)
    record_file.write_text(json.dumps({"sources": hashes}, indent=1) + "\n", encoding="utf-8")


def recorded(package: Path = PACKAGE) -> dict[str, str] | None:
    """The compiled sources and their hashes at build time; None when nothing was compiled."""
    try:
        text = (package / RECORD).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    sources: dict[str, str] = json.loads(text)["sources"]
    return sources


def check(package: Path = PACKAGE) -> None:
    """Raise ImportError if an extension module could run instead of its edited source."""
    sources = recorded(package)
    if sources is None:
        built = extensions(package)
        if built:
            raise ImportError(f"{built[0]} has no build record ({package / RECORD}), so it "
                              f"may be older than its source: {REBUILD}")
        return
    for name, digest in sources.items():
        path = package.parent / name
        try:
            now = source_hash(path)
        except FileNotFoundError:
            raise ImportError(f"{path} was compiled but is gone: {REBUILD}") from None
        if now != digest:
            raise ImportError(f"{path} changed since it was compiled: {REBUILD}")


def extensions(package: Path = PACKAGE) -> list[Path]:
    return sorted(path for path in package.rglob("*") if path.name.endswith(
        tuple(EXTENSION_SUFFIXES)))


def module_name(source: str) -> str:
    """service/hand/__init__.py -> service.hand; service/tiles.py -> service.tiles."""
    parts = source.removesuffix(".py").split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def interpreted_modules(package: Path = PACKAGE) -> list[str]:
    """The recorded modules that were imported from their source, not their extension."""
    return [name for name in map(module_name, recorded(package) or {})
            if not str(importlib.import_module(name).__file__).endswith(
                tuple(EXTENSION_SUFFIXES))]


def main() -> None:
    sources = recorded()
    if not sources:
        sys.exit("service runs interpreted: no compiled modules")
    slow = interpreted_modules()
    for source in sources:
        state = "interpreted" if module_name(source) in slow else "compiled"
        print(f"{state:12} {module_name(source)}")
    if slow:
        sys.exit(f"{len(slow)} of {len(sources)} compiled modules were imported from source")
