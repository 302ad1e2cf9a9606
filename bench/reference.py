"""The reference scorer's client: riichi's ``estimate_hand_value`` in its own process.

bench/riichi.py runs in its own virtual environment (bench/.venv-riichi, made by ``make
bench``) and never imports the service; this side hands it our hands in its form and asks it
to time slices of them. Used by bench/score.py and bench/unseen.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from service.tiles import parse_tiles

HERE = Path(__file__).resolve().parent
RIICHI_PYTHON = HERE / ".venv-riichi" / "bin" / "python"


def for_riichi(body: dict[str, Any]) -> dict[str, Any]:
    hand = body["hand"]
    return {"concealed": parse_tiles(hand["concealed"]),
            "melds": [{"type": m["type"], "tiles": parse_tiles(m["tiles"])}
                      for m in hand["melds"]],
            "win": parse_tiles(body["win"]["tile"])[0],
            "self_draw": body["win"]["by"] == "self_draw"}


class Riichi:
    """The riichi scorer in its own process and environment, timing a round on request."""

    def __init__(self, hands: list[dict[str, Any]], hash_seed: int | None = None) -> None:
        self.file = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
        json.dump([for_riichi(body) for body in hands], self.file)
        self.file.close()
        env = None if hash_seed is None else {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
        self.process = subprocess.Popen(
            [str(RIICHI_PYTHON), str(HERE / "riichi.py"), self.file.name],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)

    def round(self, start: int, end: int) -> tuple[list[int], dict[str, int]]:
        """Times hands[start:end]."""
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"go {start} {end}\n")
        self.process.stdin.flush()
        answer = json.loads(self.process.stdout.readline())
        return answer["times"], answer["errors"]

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait()
        os.unlink(self.file.name)

