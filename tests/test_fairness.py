"""Heavy requests do not starve a worker: with four of the heaviest admitted requests running on
two gevent workers, /healthz and a plain score are answered while they still run (the real
gunicorn; `make fairness` reports the latencies, never a test). The heaviest are batches of
2,000 distinct hands, and batches of the costliest advice (issue #43: 15 crowded three-财神
hands, each read with every discard in one call; and 14 under house rules of each item's
own), whose readings take turns between discards."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import requests

from bench.heavy import (
    advice_batch,
    chuzhou_matches,
    house_rules_advice,
    house_rules_matches,
    yueqing_batch,
)
from tests.server import running_server

PLAIN = {"dealer": 0, "winner": 1, "hand": {"concealed": "222m345p678s789s99s"},
         "win": {"tile": "2m", "by": "discard", "from": 3}}

HEAVIEST: dict[str, Callable[[], list[dict[str, Any]]]] = {
    "scores": lambda: [chuzhou_matches(seed=1), yueqing_batch(seed=2),
                       house_rules_matches(seed=3), yueqing_batch(seed=4)],
    "advice": lambda: [advice_batch(seed=1), advice_batch(seed=2), house_rules_advice(seed=3),
                       house_rules_advice(seed=4)],
}


@pytest.fixture(scope="module")
def patient_server() -> Iterator[str]:
    """Two workers whose deadline leaves the heavy requests time to finish."""
    with running_server(workers=2, env={"MAHJONG_DEADLINE_SECONDS": "300"}) as base:
        yield base


@pytest.mark.parametrize("kind", list(HEAVIEST))
def test_health_and_a_plain_score_are_answered_while_heavy_requests_run(
        patient_server: str, kind: str) -> None:
    bodies = HEAVIEST[kind]()
    finished: list[float] = []
    answers: list[requests.Response] = []

    def heavy(body: dict[str, object]) -> None:
        response = requests.post(f"{patient_server}/v1/batch", json=body, timeout=300)
        answers.append(response)
        finished.append(time.monotonic())

    threads = [threading.Thread(target=heavy, args=(body,)) for body in bodies]
    for thread in threads:
        thread.start()
    # Every heavy request has reached a worker by now (the largest body is a few hundred kB),
    # and none can be done: each needs several tenths of a second of CPU even compiled.
    time.sleep(0.15)
    health = requests.get(f"{patient_server}/healthz", timeout=60)
    scored = requests.post(f"{patient_server}/v1/chuzhou/score", json=PLAIN, timeout=60)
    answered = time.monotonic()
    running = 4 - len(finished)
    for thread in threads:
        thread.join()
    assert health.status_code == 200 and scored.status_code == 200
    assert scored.json()["fan"] == 20
    assert [response.status_code for response in answers] == [200] * 4
    for response in answers:  # every item answered in full, none stopped or refused
        assert {result["status"] for result in response.json()["results"]} == {200}
    assert running == 4, "the heavy requests ended before the light ones were answered"
    assert all(done > answered for done in finished)
