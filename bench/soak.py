"""Memory under varied traffic: distinct valid hands of both rulesets, score and waits mixed.

    python bench/soak.py process [HANDS]    # in this process: RSS as it goes, then each memo
    python bench/soak.py http [HANDS]       # gunicorn with 2 workers: each worker's RSS
    python bench/soak.py worker [HANDS]     # one gunicorn worker, single requests: its RSS

``process`` scores HANDS (default 100,000) generated hands, a third of them as waits
requests, through ``service.actions.run``, and prints the RSS at checkpoints, its growth
after the first 5,000, and each memo's entries, bytes and hit rate. ``http`` sends HANDS
(default 120,000) to a gunicorn it starts with two workers, a third each as single score
requests, waits requests and batch items, and prints every worker's RSS as it goes. ``worker``
serves HANDS (default 100,000) never-seen hands as single requests (a third of them waits) to
one worker of ``gunicorn -c gunicorn.conf.py`` as the README runs it (``WEB_CONCURRENCY=1``)
and prints its RSS at 0, 10,000, 50,000 and 100,000 hands and between.
``--json`` prints one JSON summary line at the end instead (tests read it). Prints; never
fails: ``make soak`` runs both, tests/test_soak.py a short run with a small budget.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(ROOT))

from bench.hands import chuzhou_hands, yueqing_hands  # noqa: E402
from service.tiles import parse_compact, render, tile  # noqa: E402

AFTER = 5_000
CHECKPOINTS = (1_000, 5_000, 10_000, 20_000, 40_000, 60_000, 80_000, 100_000, 120_000)


def rss_mb(pid: int | str = "self") -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def waits_request(ruleset: str, body: dict[str, Any]) -> dict[str, Any]:
    """The waits request of a winning hand: its standing tiles but the winning one."""
    standing = parse_compact(body["hand"]["concealed"])
    standing.remove(tile(body["win"]["tile"]))
    request = {"concealed": render(standing), "melds": body["hand"]["melds"]}
    if ruleset == "yueqing":
        request["caishen"] = body["caishen"]
    return request


def traffic(first_seed: int = 1_000) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(ruleset, action, body) without end: both rulesets, every third a waits request."""
    index = 0
    seed = first_seed
    while True:
        seed += 1
        for ruleset, hands in (("chuzhou", chuzhou_hands(50, seed=seed)),
                               ("yueqing", yueqing_hands(50, seed=seed))):
            for body in hands:
                index += 1
                if index % 3 == 0:
                    yield ruleset, "waits", waits_request(ruleset, body)
                else:
                    yield ruleset, "score", body


def in_process(hands: int, quiet: bool) -> dict[str, Any]:
    from service import memo
    from service.actions import run
    from service.errors import ProblemError

    marks: dict[int, float] = {}
    started = time.process_time()
    for count, (ruleset, action, body) in enumerate(traffic(), 1):
        try:
            run(ruleset, action, body)
        except ProblemError:
            pass
        if count in CHECKPOINTS or count == hands:
            marks[count] = rss_mb()
            if not quiet:
                print(f"  {count:>8,} hands   RSS {marks[count]:6.1f} MB   "
                      f"CPU {time.process_time() - started:6.1f} s", flush=True)
        if count == hands:
            break
    after = marks.get(AFTER, marks[min(marks)])
    found = {"hands": hands, "rss_mb": marks, "growth_after_5000_mb": marks[hands] - after,
             "memos": [{"name": m.name, "entries": m.entries, "bytes": m.bytes_held,
                        "budget": m.budget, "hit_rate": 1 - m.misses / max(m.lookups, 1)}
                       for m in memo.memos()]}
    if not quiet:
        print(f"  growth after the first {AFTER:,} hands: {found['growth_after_5000_mb']:.1f} MB")
        for m in found["memos"]:
            print(f"    {m['name']:28} {m['entries']:7,} entries {m['bytes'] / 2**20:6.2f} MB "
                  f"of {m['budget'] / 2**20:5.2f}   hits {m['hit_rate']:6.1%}")
    return found


def over_http(hands: int) -> None:
    import requests

    from tests.server import gunicorn_process

    with gunicorn_process(workers=2) as (master, base):
        workers = [int(p) for p in Path(f"/proc/{master.pid}/task/{master.pid}/children")
                   .read_text().split()]
        session = requests.Session()

        def send(chunk: list[tuple[str, str, dict[str, Any]]]) -> None:
            singles = chunk[: len(chunk) * 2 // 3]
            for ruleset, action, body in singles:
                session.post(f"{base}/v1/{ruleset}/{action}", json=body, timeout=60)
            items = [{"ruleset": r, "action": a, "request": b} for r, a, b in
                     chunk[len(singles):]]
            session.post(f"{base}/v1/batch", json={"items": items}, timeout=60)

        stream = traffic(first_seed=500_000)
        sent = 0
        started = time.monotonic()
        with ThreadPoolExecutor(4) as pool:
            while sent < hands:
                chunks = [[next(stream) for _ in range(150)] for _ in range(8)]
                list(pool.map(send, chunks))
                sent += 150 * 8
                if sent % 12_000 == 0 or sent >= hands:
                    sizes = ", ".join(f"{rss_mb(pid):.0f}" for pid in workers)
                    print(f"  {sent:>8,} hands   worker RSS MB: {sizes}   master "
                          f"{rss_mb(master.pid):.0f}   {time.monotonic() - started:5.0f} s",
                          flush=True)


WORKER_CHECKPOINTS = (0, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 70_000, 80_000,
                      90_000, 100_000)


def one_worker(hands: int, clients: int = 4) -> None:
    """One worker, as many hands as asked, each never seen before (seeds no other mode uses),
    sent one request each by ``clients`` kept-alive connections."""
    import threading

    import requests

    from tests.server import gunicorn_process

    local = threading.local()

    def send(part: list[tuple[str, str, dict[str, Any]]]) -> None:
        if not hasattr(local, "session"):
            local.session = requests.Session()
        for ruleset, action, body in part:
            answer = local.session.post(f"{base}/v1/{ruleset}/{action}", json=body,
                                        timeout=60)
            if answer.status_code >= 500:
                raise RuntimeError(f"{answer.status_code}: {answer.text[:200]}")

    with gunicorn_process(workers=1) as (master, base):
        worker = int(Path(f"/proc/{master.pid}/task/{master.pid}/children").read_text().split()[0])
        stream = traffic(first_seed=700_000)
        sent = 0
        started = time.monotonic()
        step = 1_000
        with ThreadPoolExecutor(clients) as pool:
            while True:
                if sent in WORKER_CHECKPOINTS or sent >= hands:
                    print(f"  {sent:>8,} hands   worker RSS {rss_mb(worker):6.1f} MB   master "
                          f"{rss_mb(master.pid):5.1f} MB   {time.monotonic() - started:5.0f} s",
                          flush=True)
                if sent >= hands:
                    break
                chunk = [next(stream) for _ in range(min(step, hands - sent))]
                list(pool.map(send, [chunk[i::clients] for i in range(clients)]))
                sent += len(chunk)


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    mode = args[0] if args else "process"
    if mode == "http":
        over_http(int(args[1]) if len(args) > 1 else 120_000)
        return
    if mode == "worker":
        one_worker(int(args[1]) if len(args) > 1 else 100_000)
        return
    hands = int(args[1]) if len(args) > 1 else 100_000
    found = in_process(hands, quiet="--json" in sys.argv)
    if "--json" in sys.argv:
        print(json.dumps(found))


if __name__ == "__main__":
    main()
