"""gunicorn worker models side by side: throughput with wrk, and answers under slow clients.

    python bench/workers.py [seconds per wrk run, default 8] [rounds, default 3]

Each model runs as the README starts the service (``gunicorn -c gunicorn.conf.py``, 2 workers),
with only the worker class changed on the command line. The models take turns within every
round, so a machine shared with other work slows them alike; each figure is the median of the
rounds. Beside wrk's rate, each run's requests are divided by the CPU time the server's
processes spent on them (/proc): the throughput per busy core, which wrk's share of the cores
and other work move far less. Needs ``wrk`` on PATH (``make workers`` installs it).
"""

from __future__ import annotations

import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests

# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(Path(__file__).resolve().parent.parent))

from bench.load import cpu_seconds, server_pids  # noqa: E402
from service.rulesets.chuzhou import READY_HAND  # noqa: E402
from tests.server import gunicorn_process, slow_clients  # noqa: E402

MODELS = {
    "sync (before)": ["-k", "sync"],
    "gthread, 8 threads": ["-k", "gthread", "--threads", "8"],
    "gevent (shipped)": [],
}
CONNECTIONS = 16
SLOW_CLIENTS = 50
PROBES = 9
PROBE_TIMEOUT = 2.0


def wrk(url: str, seconds: int, pids: list[int],
        script: Path | None = None) -> tuple[float, float, float, float]:
    """Requests per second, p50 and p99 latency in ms, and requests per second of the
    server's own CPU time (master and workers, from /proc): the throughput per busy core,
    which the other work on a shared machine moves far less than the rate."""
    command = ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency", url]
    if script:
        command[1:1] = ["-s", str(script)]
    cpu = sum(map(cpu_seconds, pids))
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    cpu = sum(map(cpu_seconds, pids)) - cpu
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    done = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]

    def percentile(p: str) -> float:
        value, unit = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)", out).groups()  # type: ignore[union-attr]
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    return rate, percentile("50"), percentile("99"), done / cpu if cpu else 0.0


def probe(base: str) -> tuple[int, float | None]:
    """Under slow clients: how many of PROBES /healthz and score requests were answered,
    and their median time in ms."""
    answered = []
    for i in range(PROBES):
        started = time.perf_counter()
        try:
            if i % 2:
                requests.post(f"{base}/v1/chuzhou/score", json=READY_HAND,
                              timeout=PROBE_TIMEOUT).raise_for_status()
            else:
                requests.get(f"{base}/healthz", timeout=PROBE_TIMEOUT).raise_for_status()
        except requests.RequestException:
            continue
        answered.append((time.perf_counter() - started) * 1000)
    return len(answered), statistics.median(answered) if answered else None


def measure(args: list[str], seconds: int, score_script: Path) -> dict[str, float | None]:
    with gunicorn_process(workers=2, args=args) as (master, base):
        pids = server_pids(master.pid)
        health = wrk(f"{base}/healthz", seconds, pids)
        score = wrk(f"{base}/v1/chuzhou/score", seconds, pids, score_script)
        with slow_clients(base, SLOW_CLIENTS):
            time.sleep(1)  # let every slow connection be accepted first
            answered, median = probe(base)
    return {"healthz_rps": health[0], "healthz_p50": health[1], "healthz_p99": health[2],
            "healthz_per_core": health[3], "score_rps": score[0], "score_p50": score[1],
            "score_p99": score[2], "score_per_core": score[3], "slow_answered": answered,
            "slow_median_ms": median}


def main() -> None:
    seconds = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
        script.write('wrk.method = "POST"\n'
                     f"wrk.body = {json.dumps(json.dumps(READY_HAND))}\n"
                     'wrk.headers["Content-Type"] = "application/json"\n')
    runs: dict[str, list[dict[str, float | None]]] = {name: [] for name in MODELS}
    for round_ in range(rounds):
        for name, args in MODELS.items():
            print(f"round {round_ + 1}/{rounds}: {name}", file=sys.stderr, flush=True)
            runs[name].append(measure(args, seconds, Path(script.name)))
    Path(script.name).unlink()

    def median(name: str, key: str) -> str:
        values = [run[key] for run in runs[name] if run[key] is not None]
        return f"{statistics.median(values):,.1f}" if values else "none"

    print(f"{rounds} rounds, models taking turns; wrk -t2 -c{CONNECTIONS} -d{seconds}s; "
          f"{SLOW_CLIENTS} slow clients, {PROBES} probes of {PROBE_TIMEOUT:g} s each")
    print("| worker model | /healthz req/s | per busy core | p50 ms | p99 ms | score req/s "
          "| per busy core | p50 ms | p99 ms "
          f"| answered of {PROBES} under {SLOW_CLIENTS} slow clients | their median ms |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in MODELS:
        cells = [median(name, key) for key in (
            "healthz_rps", "healthz_per_core", "healthz_p50", "healthz_p99", "score_rps",
            "score_per_core", "score_p50", "score_p99")]
        answered = min(int(run["slow_answered"] or 0) for run in runs[name])
        print(f"| {name} | {' | '.join(cells)} | {answered} (worst round) "
              f"| {median(name, 'slow_median_ms')} |")


if __name__ == "__main__":
    main()
