"""schemathesis against openapi.yaml and the live gunicorn server: no body yields a 500,
and every answer matches the contract, the examples' included (the server serves the example
variants of examples/rules). Run by ``make test``; SCHEMATHESIS_EXAMPLES (default
60 per operation) asks for a longer run."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from server import ROOT, running_server  # noqa: E402


def main() -> int:
    schemathesis = Path(sys.executable).with_name("schemathesis")
    # Serving the example variants, as the contract's examples under them ask (openapi.py)
    rules = str(ROOT / "examples" / "rules")
    with running_server(workers=2, env={"RULES_DIR": rules}) as base:
        command = [
            str(schemathesis), "run", str(ROOT / "openapi.yaml"), "--url", base,
            "--seed", "20261129",
            "--max-examples", os.environ.get("SCHEMATHESIS_EXAMPLES", "60"),
            "--workers", "2", "--no-color", "--generation-deterministic",
        ]
        return subprocess.call(command, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main())
