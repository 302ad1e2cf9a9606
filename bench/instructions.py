"""CPU instructions per call, counted by valgrind: figures a busy machine does not move.

    python bench/instructions.py            # every kind below; a few minutes
    python bench/instructions.py post       # one kind

Each kind runs twice under ``valgrind --tool=callgrind``, with one and with two passes over
its requests; the difference divided by the requests is the cost of one, start-up excluded.
Both runs make the same requests before either pass (the ``-unseen`` kinds make those of both
passes), so the difference holds the calls alone: not the making of a hand (about 200,000
instructions) nor of its WSGI environ (about 210,000). The collector is set as a serving
worker's (``as_a_worker``) before the passes, the interpreter's shut-down is not counted, and
every run has the same hash seed.
``healthz`` and ``post`` are whole WSGI calls into the app (Flask, body checks, the log
line), so their ratio is the worker's share of the HTTP throughput ratio; gunicorn's own work
per request, shared by both, comes on top. Prints figures; never fails.
"""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# bench/ itself; appended, so that the installed service runs (compiled under .venv-compiled)
sys.path.append(str(ROOT))

N = 300
KINDS = ("chuzhou", "yueqing", "yueqing-wild", "chuzhou-unseen", "yueqing-unseen",
         "bare-healthz", "bare-echo", "healthz", "post", "post-gzip", "post-unseen")
# The unseen kinds: after WARM_UP hands of both rulesets (a serving worker's caches), every
# pass scores hands never seen before: the cost a real request pays with bounded caches.
WARM_UP = 5_000


def wild_hands(n: int) -> list[dict[str, Any]]:
    """Yueqing hands with one to three 财神 standing, the search's heavier side."""
    from bench.hands import yueqing_hands
    from service.tiles import parse_compact, tile

    found: list[dict[str, Any]] = []
    seed = 3
    while len(found) < n:
        for body in yueqing_hands(n, seed=seed):
            if tile(body["caishen"]) in parse_compact(body["hand"]["concealed"]):
                found.append(body)
        seed += 1
    return found[:n]


def warm_up() -> None:
    """WARM_UP hands of both rulesets, score and waits mixed, none of them measured."""
    from bench.hands import chuzhou_hands, yueqing_hands
    from service.actions import run
    from service.errors import ProblemError

    for seed in range(WARM_UP // 200):
        for ruleset, hands in (("chuzhou", chuzhou_hands(100, seed=10_000 + seed)),
                               ("yueqing", yueqing_hands(100, seed=10_000 + seed))):
            for index, body in enumerate(hands):
                try:
                    run(ruleset, "waits" if index % 3 == 2 else "score", waits_body(
                        ruleset, body) if index % 3 == 2 else body)
                except ProblemError:
                    pass


def waits_body(ruleset: str, body: dict[str, Any]) -> dict[str, Any]:
    """The waits request of a winning hand: its standing tiles but the winning one."""
    from service.tiles import parse_compact, render, tile

    standing = parse_compact(body["hand"]["concealed"])
    standing.remove(tile(body["win"]["tile"]))
    request = {"concealed": render(standing), "melds": body["hand"]["melds"]}
    if ruleset == "yueqing":
        request["caishen"] = body["caishen"]
    return request


# The most passes a run makes: every run makes the requests of this many, whatever it runs.
PASSES = 2


def unseen(kind: str) -> list[Any]:
    """``PASSES`` passes of hands none of which the warm-up or an earlier pass saw."""
    from bench.hands import chuzhou_hands, yueqing_hands
    from service.scoring import score

    ruleset = kind.split("-")[0]
    make = chuzhou_hands if ruleset == "chuzhou" else yueqing_hands
    hands = [body for p in range(PASSES) for body in make(N, seed=20_000 + p)]
    return [lambda body=body: score(ruleset, body) for body in hands]


def wsgi_calls(app: Any, path: str, bodies: list[Any] | None,
               headers: dict[str, str] | None = None) -> list[Any]:
    """One whole WSGI call into ``app`` per body (a GET of ``path`` for each of N if None),
    with ``headers`` if given."""
    from werkzeug.test import EnvironBuilder

    if bodies is None:
        environs = [EnvironBuilder(path=path, headers=headers).get_environ() for _ in range(N)]
    else:
        environs = [EnvironBuilder(path=path, method="POST", data=json.dumps(body).encode(),
                                   content_type="application/json",
                                   headers=headers).get_environ()
                    for body in bodies]

    def call(environ: dict[str, Any]) -> None:
        environ = dict(environ)
        environ["wsgi.input"].seek(0)
        b"".join(app(environ, lambda status, headers, exc_info=None: None))

    return [lambda environ=environ: call(environ) for environ in environs]


def service_app() -> Any:
    from service.api.app import create_app

    app = create_app()
    logging.getLogger("service.requests").handlers[0].setStream(open("/dev/null", "w"))
    return app


def calls(kind: str) -> list[Any]:
    """One pass of the kind's calls, each a function of no arguments."""
    from bench.hands import chuzhou_hands, yueqing_hands
    from service.scoring import score

    if kind in ("chuzhou", "yueqing", "yueqing-wild"):
        hands = {"chuzhou": lambda: chuzhou_hands(N),
                 "yueqing": lambda: yueqing_hands(N, wilds=False),
                 "yueqing-wild": lambda: wild_hands(N)}[kind]()
        ruleset = kind.split("-")[0]
        return [lambda body=body: score(ruleset, body) for body in hands]
    if kind.startswith("bare-"):
        from bench.bare import bare_app

        bare = bare_app()
        return wsgi_calls(bare, "/healthz", None) if kind == "bare-healthz" else \
            wsgi_calls(bare, "/echo", chuzhou_hands(N))
    if kind == "post":
        return wsgi_calls(service_app(), "/v1/chuzhou/score", chuzhou_hands(N))
    if kind == "post-gzip":  # as a client that accepts gzip: answers from 1 KiB compressed
        return wsgi_calls(service_app(), "/v1/chuzhou/score", chuzhou_hands(N),
                          {"Accept-Encoding": "gzip"})
    return wsgi_calls(service_app(), "/healthz", None)


def run(kind: str, passes: int) -> None:
    if kind.endswith("-unseen"):
        warm_up()
        if kind == "post-unseen":
            from bench.hands import chuzhou_hands

            app = service_app()
            wsgi_calls(app, "/healthz", None)[0]()  # first-use costs belong to start-up
            todo = [call for p in range(PASSES) for call in wsgi_calls(
                app, "/v1/chuzhou/score", chuzhou_hands(N, seed=20_000 + p))]
        else:
            todo = unseen(kind)
        as_a_worker()
        for call in todo[: passes * N]:  # the other passes' requests were made, not run
            call()
        return
    todo = calls(kind)
    todo[0]()  # first-use costs belong to start-up
    as_a_worker()
    for _ in range(passes):
        for call in todo:
            call()


def as_a_worker() -> None:
    """The garbage collector as a serving worker has it once started (``work.tune_gc``: what
    is loaded so far frozen, full collections a tenth as often), and nothing pending, so that
    both runs start their passes alike: else a full collection walking every memo (50 million
    instructions) falls in one run's passes or not, and moves a kind's figure by 170,000."""
    import gc

    from service.work import tune_gc

    gc.collect()
    tune_gc()


def counted(kind: str, passes: int) -> int:
    return callgrind_count(__file__, ["run", kind, str(passes)])


def callgrind_count(script: str, args: list[str], from_start: bool = True) -> int:
    """The instructions callgrind counts in a run of ``script`` with ``args``, instrumented
    from the start or (``from_start`` False) only where the run switches it on."""
    # One hash seed for every run: with a seed of its own, each run orders some sets and
    # dictionaries otherwise, and the two runs of a kind differed by up to 60,000
    # instructions a call, as much as the figure being sought.
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         *([] if from_start else ["--instr-atstart=no"]), sys.executable, script, *args],
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))  # type: ignore[union-attr]


def main() -> None:
    if sys.argv[1:2] == ["run"]:
        run(sys.argv[2], int(sys.argv[3]))
        # Not the interpreter's shut-down: its last collection walks every memo, fuller after
        # two passes than after one, which is no request's cost.
        sys.stdout.flush()
        os._exit(0)
    if not shutil.which("valgrind"):
        print("valgrind not installed (apt-get install valgrind): no instruction counts")
        return
    found = {}
    for kind in sys.argv[1:] or KINDS:
        found[kind] = (counted(kind, 2) - counted(kind, 1)) // N
        print(f"  {kind:12} {found[kind]:>12,} instructions a call")
    if "healthz" in found and "post" in found:
        print(f"  healthz ÷ post: {found['healthz'] / found['post']:.1%} "
              "(the worker's share of the HTTP ratio)")
    if "healthz" in found and "bare-healthz" in found:
        print(f"  the service's own work on GET /healthz above bare Flask: "
              f"{found['healthz'] - found['bare-healthz']:,} instructions")
    if {"post-unseen", "bare-echo", "chuzhou-unseen"} <= set(found):
        own = found["post-unseen"] - found["bare-echo"] - found["chuzhou-unseen"]
        print(f"  POST /v1/chuzhou/score never seen, above bare-Flask echo + never-seen "
              f"score(): {own:,} instructions (aim ≤ 60,000)")


if __name__ == "__main__":
    main()
