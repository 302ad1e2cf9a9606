"""Instructions per never-seen whole request in a given environment: what a speed device gains
is the count of a build without it against the build with it (docs/performance.md).

    .venv-compiled/bin/python bench/devices_count.py post-unseen advice-unseen
    OTHER/bin/python bench/devices_count.py advice-yueqing-unseen      # another build's

Counts with the interpreter that runs it, so with whichever build is installed there (a wheel
built from a patched checkout, say). Kinds: bench/instructions.py's (``post-unseen``: a
Chuzhou score POST never seen), ``post-yueqing-unseen`` (its Yueqing twin, 0-3 财神 standing:
the hands of ``yueqing-unseen``), ``waits-unseen`` and ``waits-yueqing-unseen`` (the waits
POSTs of those hands, the winning tile taken out), and two advice POSTs: ``advice-unseen``, a
14-tile Chuzhou advice with every discard, and ``advice-yueqing-unseen``, a 17-tile Yueqing
advice with 0-3 财神 standing. Each as bench/instructions.py counts: two runs under
callgrind, of one pass and of two, after the same warm-up (bench/instructions.py's 5,000
hands, then ``ADVICE_WARM`` advice requests of the kind), on requests none of them has seen;
the difference divided by the requests is one request's cost: that of the second pass. Where
gcc and valgrind's header are there, one run a kind counts that pass alone, the rest of the
run uninstrumented (valgrind's client requests, ``_SWITCH``): several times faster, and the
same requests after the same work. ``--json`` prints the counts as one JSON object. Prints
figures; never fails.
"""

from __future__ import annotations

import ctypes
import json
import os
import random
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))

from bench import instructions  # noqa: E402
from bench.advice import hands, yueqing_bodies  # noqa: E402

N = instructions.N
ADVICE_WARM = 1_000
ADVICE_KINDS = ("advice-unseen", "advice-yueqing-unseen")
PATHS = {"post-unseen": "/v1/chuzhou/score", "post-yueqing-unseen": "/v1/yueqing/score",
         "waits-unseen": "/v1/chuzhou/waits", "waits-yueqing-unseen": "/v1/yueqing/waits",
         "advice-unseen": "/v1/chuzhou/advice", "advice-yueqing-unseen": "/v1/yueqing/advice"}


def advice_bodies(kind: str, count: int, seed: int) -> list[dict[str, Any]]:
    """``count`` advice bodies of the kind, distinct within one seed."""
    from service.tiles import code

    rng = random.Random(seed)
    seen: set[tuple[int, ...]] = set()
    if kind == "advice-unseen":
        return [{"concealed": [code(t) for t in hand]}
                for hand in hands(rng, 14, None, seen, count)]
    return yueqing_bodies(rng, seen, count)


# valgrind's client requests that start and stop its instrumentation, as a C library built at
# first use: the runs start uninstrumented (``--instr-atstart=no``) and count the passes only.
_SWITCH = """#include <valgrind/callgrind.h>
void measured_start(void) { CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; }
void measured_stop(void) { CALLGRIND_STOP_INSTRUMENTATION; }
"""
_SWITCH_LIBRARY = Path(tempfile.gettempdir()) / "mahjong-callgrind-switch.so"


def switch_built() -> bool:
    """Whether the switch library is there, building it if it can (gcc, valgrind's header)."""
    if _SWITCH_LIBRARY.exists():
        return True
    source = _SWITCH_LIBRARY.with_suffix(".c")
    source.write_text(_SWITCH)
    done = subprocess.run(["gcc", "-O2", "-shared", "-fPIC", "-o", str(_SWITCH_LIBRARY),
                           str(source)], capture_output=True)
    return done.returncode == 0


def run(kind: str, passes: int, mode: str) -> None:
    """The kind's warm-up, then ``passes`` passes of never-seen requests; instrumented: all
    the run (``mode`` "all") or the last pass alone ("last")."""
    if kind not in PATHS:
        raise SystemExit(f"unknown kind {kind}")
    path = PATHS[kind]
    instructions.warm_up()
    app = instructions.service_app()
    instructions.wsgi_calls(app, "/healthz", None)[0]()  # first-use costs belong to start-up
    if kind.startswith(("post-", "waits-")):  # as bench/instructions.py makes them
        from bench.hands import chuzhou_hands, yueqing_hands

        ruleset = "chuzhou" if kind in ("post-unseen", "waits-unseen") else "yueqing"
        make = chuzhou_hands if ruleset == "chuzhou" else yueqing_hands
        bodies = [body for p in range(instructions.PASSES) for body in make(N, seed=20_000 + p)]
        if kind.startswith("waits-"):  # the winning hands' waits, the winning tile taken out
            bodies = [instructions.waits_body(ruleset, body) for body in bodies]
        todo = instructions.wsgi_calls(app, path, bodies)
    else:
        # one seed for the warm-up and every pass: no request is made twice
        bodies = advice_bodies(kind, ADVICE_WARM + instructions.PASSES * N, seed=41)
        for call in instructions.wsgi_calls(app, path, bodies[:ADVICE_WARM]):
            call()
        todo = instructions.wsgi_calls(app, path, bodies[ADVICE_WARM:])
    instructions.as_a_worker()
    todo = todo[: passes * N]  # the other passes' requests were made, not run
    if mode == "all":
        for call in todo:
            call()
        return
    switch = ctypes.CDLL(str(_SWITCH_LIBRARY))
    # the earlier passes uninstrumented, as the run of fewer passes would have them
    for call in todo[: -N]:
        call()
    switch.measured_start()
    for call in todo[-N:]:
        call()
    switch.measured_stop()


def counted(kind: str, passes: int, mode: str) -> int:
    return instructions.callgrind_count(__file__, ["run", kind, str(passes), mode],
                                        from_start=mode == "all")


def main() -> None:
    if sys.argv[1:2] == ["run"]:
        run(sys.argv[2], int(sys.argv[3]), sys.argv[4])
        sys.stdout.flush()
        os._exit(0)  # not the interpreter's shut-down (bench/instructions.py)
    as_json = "--json" in sys.argv
    kinds = [kind for kind in sys.argv[1:] if kind != "--json"] or ["post-unseen",
                                                                  *ADVICE_KINDS]
    found = {}
    with ThreadPoolExecutor(2) as pool:  # two runs side by side
        if switch_built():  # one run a kind: its second pass alone instrumented
            counts = pool.map(counted, kinds, [2] * len(kinds), ["last"] * len(kinds))
            found = {kind: count // N for kind, count in zip(kinds, counts, strict=True)}
        else:  # two runs a kind, all instrumented, as bench/instructions.py counts
            for kind in kinds:
                two, one = pool.map(counted, (kind, kind), (2, 1), ("all", "all"))
                found[kind] = (two - one) // N
    if as_json:
        print(json.dumps(found))
        return
    for kind, count in found.items():
        print(f"  {kind:22} {count:>12,} instructions a request")


if __name__ == "__main__":
    main()
