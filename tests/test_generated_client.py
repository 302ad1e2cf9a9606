"""A typed client generated from openapi.yaml (openapi-python-client) type-checks and scores the
README's examples against the live service, escape with a null best included (issue #9), reads
a batch and a refusal (issue #33); the README's own Python example type-checks and prints
what it says."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from tests.test_readme import CURL, README

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def run(command: list[str], cwd: Path) -> str:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300,
                          check=False, env={**os.environ, "PYTHONPATH": str(cwd)})
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


def generate_client(folder: Path) -> None:
    """The client openapi-python-client generates from openapi.yaml, as ``folder``'s
    package ``mahjong_client``."""
    (folder / "config.yaml").write_text(
        "post_hooks: []\nproject_name_override: mahjong_client\n"
        "package_name_override: mahjong_client\n", encoding="utf-8")
    run([str(BIN / "openapi-python-client"), "generate", "--path", str(ROOT / "openapi.yaml"),
         "--config", "config.yaml", "--meta", "none", "--output-path", "mahjong_client"],
        folder)


QUICK_START = re.compile(r"## Quick start: Python\n.*?```python\n(.*?)```", re.S)
PRINTED = re.compile(r"^print\(.*\)  # (.*)$", re.M)


def test_generated_client_scores_the_readme_examples(live_server: str, tmp_path: Path) -> None:
    generate_client(tmp_path)
    script = tmp_path / "use_client.py"
    script.write_text((ROOT / "tests" / "client" / "use_client.py").read_text(encoding="utf-8"),
                      encoding="utf-8")
    quick_start = QUICK_START.search(README)
    assert quick_start, "README.md has no ```python block under its Quick start: Python"
    (tmp_path / "readme_client.py").write_text(
        quick_start.group(1).replace("http://127.0.0.1:8000", live_server), encoding="utf-8")
    run([str(BIN / "mypy"), "--strict", "--no-incremental", "mahjong_client", "use_client.py",
         "readme_client.py"], tmp_path)
    printed = PRINTED.findall(quick_start.group(1))
    assert printed, "the quick start's print calls say what they print in a comment"
    assert run([sys.executable, "readme_client.py"], tmp_path).splitlines() == printed
    examples: dict[str, object] = {}
    for path, body in CURL.findall(README):
        if body:  # the first example of each path: later sections show other uses of it
            examples.setdefault(path, json.loads(body))
    (tmp_path / "examples.json").write_text(json.dumps(examples), encoding="utf-8")
    out = run([sys.executable, "use_client.py", live_server, "examples.json"], tmp_path)
    assert "answer through the generated client" in out
