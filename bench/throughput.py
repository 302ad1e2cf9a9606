"""HTTP throughput: ``POST /v1/chuzhou/score`` against ``GET /healthz`` under wrk, and beside
them a bare Flask app of the same versions (bench/bare.py: ``GET /healthz``, a JSON echo
``POST`` of the same bodies) under the same gunicorn settings: the floor under both.

One gunicorn started as the README starts it (``gunicorn -c gunicorn.conf.py``, one worker so
the server, not the load tool, is what runs out of CPU on the 2-core machine), wrk from
Debian's packages on two connections. The score requests cycle through 500 generated hands.
Runs alternate so both endpoints meet the same load from the rest of the machine; the best
run of each is kept. Prints requests/s, p50 and p99, and the target (score ≥ 60 % of
healthz); never fails.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.hands import chuzhou_hands  # noqa: E402
from tests.server import running_server  # noqa: E402

SECONDS = int(os.environ.get("BENCH_HTTP_SECONDS", "8"))
RUNS = int(os.environ.get("BENCH_HTTP_RUNS", "2"))
UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3}

SCRIPT = """
local bodies = {%s}
local i = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
request = function()
  i = i %% #bodies + 1
  return wrk.format(nil, "%s", nil, bodies[i])
end
"""
ROOT = Path(__file__).resolve().parent.parent
# The bare app from the sources' bench/ (gunicorn starts outside the project); it imports
# nothing of the service.
BARE = ["--pythonpath", str(ROOT), "bench.bare:bare_app()"]


def lua_string(text: str) -> str:
    return "[==[" + text + "]==]"


def wrk(url: str, script: str | None) -> dict[str, float]:
    command = ["wrk", "-t1", "-c2", f"-d{SECONDS}s", "--latency"]
    if script:
        command += ["-s", script]
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    found = {"rate": rate}
    for label, name in (("50%", "p50"), ("99%", "p99")):
        match = re.search(rf"^\s+{label}\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        assert match, out
        found[name] = float(match.group(1)) * UNITS[match.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    found["errors"] = float(errors.group(1)) if errors else 0.0
    return found


def show(label: str, result: dict[str, float]) -> None:
    print(f"  {label:28} {result['rate']:>9,.0f} req/s   p50 {result['p50']:6.2f} ms   "
          f"p99 {result['p99']:6.2f} ms   non-2xx {result['errors']:.0f}")


def main() -> None:
    if shutil.which("wrk") is None:
        print("wrk is not installed (make bench installs it from Debian's packages)")
        return
    bodies = ",".join(lua_string(json.dumps(body)) for body in chuzhou_hands(500))
    scripts = {}
    for path in ("/v1/chuzhou/score", "/echo"):
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as file:
            file.write(SCRIPT % (bodies, path))
        scripts[path] = file.name
    best: dict[str, dict[str, float]] = {}
    print(f"HTTP: gunicorn -c gunicorn.conf.py, 1 worker; wrk -t1 -c2, {SECONDS} s a run, "
          f"{RUNS} alternating runs each, best kept")

    def keep(name: str, result: dict[str, float]) -> None:
        if name not in best or result["rate"] > best[name]["rate"]:
            best[name] = result

    try:
        with running_server(workers=1) as base, running_server(workers=1, args=BARE) as bare:
            for _ in range(RUNS):
                keep("healthz", wrk(f"{base}/healthz", None))
                keep("score", wrk(base, scripts["/v1/chuzhou/score"]))
                keep("bare healthz", wrk(f"{bare}/healthz", None))
                keep("bare echo", wrk(bare, scripts["/echo"]))
    finally:
        for name in scripts.values():
            os.unlink(name)
    show("bare Flask GET /healthz", best["bare healthz"])
    show("bare Flask JSON echo POST", best["bare echo"])
    show("GET /healthz", best["healthz"])
    show("POST /v1/chuzhou/score", best["score"])
    ratio = best["score"]["rate"] / best["healthz"]["rate"]
    print(f"TARGET {'score throughput / healthz throughput':44} {ratio:>12.0%}   "
          f"target {'≥ 60%':>9}   {'met' if ratio >= 0.6 else 'NOT MET'}")


if __name__ == "__main__":
    main()
