"""Load test with wrk: a realistic mix of requests for a fixed time, against gunicorn.

    python bench/load.py                       # starts gunicorn (2 workers) on a free port
    python bench/load.py --workers 1 --duration 30 --connections 16
    python bench/load.py --url http://127.0.0.1:8000   # a service already running here

The mix (both rulesets; wins, waits, drawn hands, the rarer events) is built from the seeded
hand generator of bench/hands.py and handed to wrk as a Lua script. Prints throughput,
latency percentiles, errors and, when this script started the server, the server's own CPU
time per request: the figure sizing is done from (docs/operations.md). Bounded in time
(--duration) and in count (--max-requests); loopback addresses only. Never fails on a figure.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parent.parent
# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(ROOT))

from bench.hands import chuzhou_hands, yueqing_hands  # noqa: E402
from service.tiles import parse_compact, render  # noqa: E402
from tests.server import gunicorn_process  # noqa: E402

Request = tuple[str, dict[str, Any]]

# Share of each kind of request: scorekeepers mostly score wins and ask for waits.
MIX = {
    "chuzhou score": 30, "yueqing score": 30, "chuzhou waits": 10, "yueqing waits": 10,
    "chuzhou draw": 5, "yueqing draw": 5, "chuzhou instant": 5, "yueqing escape": 5,
}
ESCAPE = {  # the README's 逃跑 example: one body, as such events are rare and alike
    "dealer": 0, "caishen": "5p", "escaper": 3,
    "players": [
        {"seat": 0, "concealed": "1234567m", "melds": [
            {"type": "chi", "tiles": "123m", "from": 3},
            {"type": "peng", "tiles": "999m", "from": 2},
            {"type": "peng", "tiles": "555m", "from": 1}]},
        {"seat": 1, "concealed": "789p789p234s678s111z5s"},
        {"seat": 2, "concealed": "123p123p456s456s222z6s"}],
}

# wrk runs this per thread: requests cycle through the mix from a per-thread offset, each
# response's status is counted, and a thread stops at its share of --max-requests.
LUA = """
local requests, count, offset = {}, 0, 0
statuses = {}  -- a global, so that done() can read it from each thread
local max_requests = %(max_per_thread)d
local mix = {%(entries)s}
local thread_number = 0

function setup(thread)
  thread:set("id", thread_number)
  thread_number = thread_number + 1
  threads = threads or {}
  table.insert(threads, thread)
end

function init(args)
  for i, entry in ipairs(mix) do
    requests[i] = wrk.format("POST", entry[1],
      {["Content-Type"] = "application/json"}, entry[2])
  end
  offset = (id * 7919) %% #requests
end

function request()
  count = count + 1
  return requests[(offset + count) %% #requests + 1]
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  if count >= max_requests then wrk.thread:stop() end
end

function done(summary, latency, requests_done)
  local by_status = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      by_status[tostring(status)] = (by_status[tostring(status)] or 0) + n
    end
  end
  local parts = {}
  for status, n in pairs(by_status) do
    table.insert(parts, string.format('"%%s": %%d', status, n))
  end
  io.write(string.format(
    'RESULT {"requests": %%d, "duration_us": %%d, "connect_errors": %%d, "read_errors": %%d, '
    .. '"write_errors": %%d, "timeouts": %%d, "non_2xx": %%d, "p50_us": %%d, "p90_us": %%d, '
    .. '"p99_us": %%d, "max_us": %%d, "statuses": {%%s}}\\n',
    summary.requests, summary.duration, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.timeout, summary.errors.status,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    table.concat(parts, ", ")))
end
"""


def lua_string(text: str) -> str:
    """A Lua long string that cannot be closed early by the JSON inside it."""
    return f"[==[{text}]==]"


def without_winning_tile(body: dict[str, Any]) -> dict[str, Any]:
    """The hand a player holds before the winning tile: a waits request."""
    tiles = parse_compact(body["hand"]["concealed"])
    tiles.remove(parse_compact(body["win"]["tile"])[0])
    waits = {"concealed": render(tiles), "melds": body["hand"]["melds"]}
    if "caishen" in body:
        waits["caishen"] = body["caishen"]
    return waits


def the_mix(size: int, seed: int = 20261129) -> list[Request]:
    """``size`` requests in the proportions of MIX, shuffled, every body a valid one."""
    rng = random.Random(seed)
    chuzhou, yueqing = chuzhou_hands(size, seed), yueqing_hands(size, seed + 1)
    make = {
        "chuzhou score": lambda i: ("/v1/chuzhou/score", chuzhou[i]),
        "yueqing score": lambda i: ("/v1/yueqing/score", yueqing[i]),
        "chuzhou waits": lambda i: ("/v1/chuzhou/waits", without_winning_tile(chuzhou[i])),
        "yueqing waits": lambda i: ("/v1/yueqing/waits", without_winning_tile(yueqing[i])),
        "chuzhou draw": lambda i: ("/v1/chuzhou/draw", {
            "dealer": i % 4, "zhen": [1 + i % 3, 1, 2, 1], "kongs": i % 3}),
        "yueqing draw": lambda i: ("/v1/yueqing/draw", {
            "dealer": i % 4, "lao_zhuang": i % 3, "caishen": yueqing[i]["caishen"],
            "players": [{"seat": s, "flowers": f}
                        for s, f in enumerate((i % 3, i // 3 % 2, 0, 0))]}),
        "chuzhou instant": lambda i: ("/v1/chuzhou/instant", {
            "event": ("followed_discard", "four_same_discards")[i % 2], "seat": i % 4}),
        "yueqing escape": lambda i: ("/v1/yueqing/escape", ESCAPE),
    }
    kinds = rng.choices(list(MIX), weights=list(MIX.values()), k=size)
    return [make[kind](i) for i, kind in enumerate(kinds)]


def lua_script(mix: list[Request], max_per_thread: int) -> str:
    entries = ",\n".join(f"{{{lua_string(path)}, {lua_string(json.dumps(body))}}}"
                         for path, body in mix)
    return LUA % {"entries": entries, "max_per_thread": max_per_thread}


def check_loopback(url: str) -> None:
    """This script only ever loads a service on this machine."""
    host = urlparse(url).hostname or ""
    loopback = host == "localhost"
    try:
        loopback = loopback or ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    if not loopback:
        raise SystemExit(f"refusing to load {host!r}: only loopback addresses are load-tested")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of one process, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_pids(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [master, *map(int, children)]


@contextmanager
def service(args: argparse.Namespace) -> Iterator[tuple[str, list[int]]]:
    """The URL to load, and the server's processes when this script started it."""
    if args.url:
        check_loopback(args.url)
        yield args.url.rstrip("/"), []
        return
    with gunicorn_process(workers=args.workers) as (process, base):
        yield base, server_pids(process.pid)


def run_wrk(args: argparse.Namespace, base: str, script: Path) -> dict[str, Any]:
    command = [args.wrk, f"-t{args.threads}", f"-c{args.connections}", f"-d{args.duration}s",
               "--timeout", "5s", "-s", str(script), f"{base}/"]
    # wrk stops by itself at --duration; the timeout is only a guard against a hang.
    output = subprocess.run(command, capture_output=True, text=True, check=True,
                            timeout=args.duration + 60).stdout
    line = next(line for line in output.splitlines() if line.startswith("RESULT "))
    result: dict[str, Any] = json.loads(line.removeprefix("RESULT "))
    return result


def report(result: dict[str, Any], cpu: float | None, args: argparse.Namespace) -> None:
    seconds = result["duration_us"] / 1e6
    requests = result["requests"]
    socket_errors = sum(result[k] for k in ("connect_errors", "read_errors", "write_errors",
                                            "timeouts"))
    print(f"wrk: {args.threads} threads, {args.connections} connections, {seconds:.1f} s; "
          f"mix: {', '.join(f'{k} {v}%' for k, v in MIX.items())}")
    print(f"requests     {requests:,} ({requests / seconds:,.0f}/s)")
    print(f"latency      p50 {result['p50_us'] / 1000:.2f} ms, p90 {result['p90_us'] / 1000:.2f} ms"
          f", p99 {result['p99_us'] / 1000:.2f} ms, max {result['max_us'] / 1000:.1f} ms")
    print(f"errors       {result['non_2xx']} non-2xx, {socket_errors} socket errors or timeouts; "
          f"statuses {json.dumps(result['statuses'], sort_keys=True)}")
    if cpu is not None and cpu > 0:
        print(f"server CPU   {cpu:.1f} s over {args.workers} worker(s): "
              f"{cpu / requests * 1e6:,.0f} µs per request, "
              f"{requests / cpu:,.0f} requests/s per fully used core")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running service on this machine (default: start one)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers to start")
    parser.add_argument("--duration", type=int, default=20, help="seconds of load")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--threads", type=int, default=1, help="wrk threads")
    parser.add_argument("--max-requests", type=int, default=2_000_000,
                        help="stop after about this many requests, whatever the time")
    parser.add_argument("--mix-size", type=int, default=2000, help="distinct request bodies")
    parser.add_argument("--wrk", default=shutil.which("wrk") or "wrk")
    args = parser.parse_args()
    if not shutil.which(args.wrk):
        raise SystemExit("wrk is not installed: `apt-get install wrk` (make load does it)")

    mix = the_mix(args.mix_size)
    with tempfile.TemporaryDirectory() as tmp, service(args) as (base, pids):
        script = Path(tmp) / "mix.lua"
        script.write_text(lua_script(mix, max(1, args.max_requests // args.threads)))
        before = sum(map(cpu_seconds, pids))
        result = run_wrk(args, base, script)
        cpu = sum(map(cpu_seconds, pids)) - before if pids else None
    report(result, cpu, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
