"""The lock files: compiled from pyproject.toml with hashes, and checked against it.

    python tools/lock.py compile [--upgrade]   # `make lock`: rewrite both lock files with uv
    python tools/lock.py check                 # `make test`: fail if pyproject.toml moved on

requirements.lock holds what the image runs; requirements-dev.lock adds every extra (tests,
lint, manifest checks) at the same versions. Each file starts with the pyproject.toml lines it
was compiled from, so ``check`` can say exactly what changed without the network. Standard
library only: it runs before the virtual environment exists.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = ROOT / "pyproject.toml"
RUNTIME = ROOT / "requirements.lock"
DEV = ROOT / "requirements-dev.lock"
INPUTS_MARK = "# Inputs from pyproject.toml:"
INPUT_PREFIX = "#   "
# The oldest Python the project supports; the locks hold markers for newer ones (--universal).
PYTHON_VERSION = "3.11"


def inputs(with_extras: bool) -> list[str]:
    """The pyproject.toml lines a lock is compiled from, in a stable order."""
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    lines = [f"requires-python {project.get('requires-python', '')}"]
    lines += sorted(" ".join(req.split()) for req in project.get("dependencies", []))
    if with_extras:
        for extra, reqs in sorted(project.get("optional-dependencies", {}).items()):
            lines += sorted(f"[{extra}] {' '.join(req.split())}" for req in reqs)
    return lines


def recorded(lock: Path) -> list[str] | None:
    """The inputs written at the top of a lock file, or None if it has no such header."""
    if not lock.exists():
        return None
    lines = lock.read_text(encoding="utf-8").splitlines()
    if INPUTS_MARK not in lines:
        return None
    start = lines.index(INPUTS_MARK) + 1
    found = []
    for line in lines[start:]:
        if not line.startswith(INPUT_PREFIX):
            break
        found.append(line[len(INPUT_PREFIX):])
    return found


def header(lines: list[str]) -> str:
    return "\n".join([
        "# Compiled from pyproject.toml by `make lock` (uv pip compile, with hashes). Do not edit:",
        "# change pyproject.toml and run `make lock`; `make test` refuses a lock that differs.",
        INPUTS_MARK,
        *(INPUT_PREFIX + line for line in lines),
        "",
    ])


def compile_lock(uv: str, lock: Path, extra_args: list[str], upgrade: bool) -> None:
    command = [uv, "pip", "compile", str(PYPROJECT), "--generate-hashes", "--universal",
               "--python-version", PYTHON_VERSION, "--no-header", "--quiet",
               "-o", str(lock), *extra_args]
    if upgrade:
        command.append("--upgrade")
    # The existing file keeps its pins where pyproject.toml allows them (uv reads it as
    # preferences); one it cannot read, e.g. left with merge conflict markers, is compiled anew.
    if subprocess.run(command, cwd=ROOT).returncode != 0:
        print(f"{lock.name}: compiling from scratch", file=sys.stderr)
        lock.unlink(missing_ok=True)
        subprocess.run(command, cwd=ROOT, check=True)
    body = lock.read_text(encoding="utf-8")
    lock.write_text(header(inputs(with_extras=lock == DEV)) + body, encoding="utf-8")


def compile_all(uv: str, upgrade: bool) -> None:
    compile_lock(uv, DEV, ["--all-extras"], upgrade)
    # The image runs exactly the versions the tests ran: the dev lock constrains this one.
    compile_lock(uv, RUNTIME, ["--constraint", str(DEV)], upgrade=False)


def check() -> int:
    stale = []
    for lock, with_extras in ((RUNTIME, False), (DEV, True)):
        wanted, have = inputs(with_extras), recorded(lock)
        if have is None:
            stale.append(f"{lock.name} is missing or has no inputs header")
            continue
        added = [line for line in wanted if line not in have]
        removed = [line for line in have if line not in wanted]
        if added or removed:
            changes = [f"added {line}" for line in added] + [f"removed {line}" for line in removed]
            stale.append(f"{lock.name} was compiled from another pyproject.toml: "
                         + "; ".join(changes))
    for problem in stale:
        print(problem, file=sys.stderr)
    if stale:
        print("Run `make lock` and commit requirements.lock and requirements-dev.lock.",
              file=sys.stderr)
        return 1
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    comp = sub.add_parser("compile", help="rewrite both lock files from pyproject.toml")
    comp.add_argument("--upgrade", action="store_true", help="take the newest allowed versions")
    comp.add_argument("--uv", default=os.environ.get("UV", "uv"), help="the uv executable")
    sub.add_parser("check", help="fail if a lock file differs from pyproject.toml")
    args = parser.parse_args()
    if args.command == "compile":
        compile_all(args.uv, args.upgrade)
        return check()
    return check()


if __name__ == "__main__":
    sys.exit(main())
