"""GET /metrics: counted per route template, summed over gunicorn's workers, low cardinality."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import requests
from flask.testing import FlaskClient
from prometheus_client import REGISTRY
from prometheus_client.parser import text_string_to_metric_families

from service import metrics
from tests.server import running_server

CHUZHOU_WIN = {
    "dealer": 0, "winner": 1, "zhen": [1, 1, 1, 1],
    "hand": {"concealed": "123m678m99p", "melds": [
        {"type": "chi", "tiles": "345s", "from": 0}, {"type": "peng", "tiles": "777p", "from": 3}]},
    "win": {"tile": "8m", "by": "discard", "from": 3},
}
YUEQING_WAITS = {"concealed": "123m456m789m123p4p66s1z", "caishen": "1z"}

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def samples(text: str) -> Samples:
    return {(s.name, frozenset(s.labels.items())): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def value(found: Samples, name: str, **labels: str) -> float:
    return found.get((name, frozenset(labels.items())), 0.0)


def test_readings_hook_counts_the_readings_of_a_hand() -> None:
    def observed(name: str) -> float:
        return REGISTRY.get_sample_value(name, {"ruleset": "test"}) or 0.0

    before = observed("mahjong_readings_per_hand_sum")
    hands = observed("mahjong_readings_per_hand_count")
    metrics.hand_read("test", 3)
    assert observed("mahjong_readings_per_hand_sum") - before == 3
    assert observed("mahjong_readings_per_hand_count") - hands == 1


def test_the_readiness_check_scores_without_counting_a_hand(client: FlaskClient) -> None:
    def scored() -> float:
        return REGISTRY.get_sample_value("mahjong_hands_scored_total",
                                         {"ruleset": "chuzhou", "action": "score"}) or 0.0

    def read() -> float:
        return REGISTRY.get_sample_value("mahjong_readings_per_hand_count",
                                         {"ruleset": "chuzhou"}) or 0.0

    before = scored(), read()
    assert client.get("/readyz").status_code == 200
    assert (scored(), read()) == before
    body = {"dealer": 0, "winner": 1, "hand": {"concealed": "123m678m99p345s777p"},
            "win": {"tile": "8m", "by": "self_draw"}}
    assert client.post("/v1/chuzhou/score", json=body).status_code == 200
    assert (scored(), read()) == (before[0] + 1, before[1] + 1)


def test_routes_are_url_rules_never_raw_paths(client: FlaskClient) -> None:
    client.get("/v1/rulesets/martian-rules")
    client.get("/no/such/page")
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    text = response.get_data(as_text=True)
    assert "martian" not in text and "/no/such" not in text
    found = samples(text)
    assert value(found, "mahjong_http_requests_total", route="/v1/rulesets/<ruleset_id>",
                 method="GET", status="404") >= 1
    assert value(found, "mahjong_http_requests_total", route="unmatched", method="GET",
                 status="404") >= 1
    assert value(found, "mahjong_problems_total", type="unknown-ruleset") >= 1


def _worker_pids(directory: Path) -> set[int]:
    """gunicorn workers that have written metrics: one counter file per process id."""
    return {int(f.stem.rsplit("_", 1)[1]) for f in directory.glob("counter_*.db")}


def _send_round(base: str) -> dict[str, int]:
    """One round of requests from 8 clients at once, each on its own connection."""
    calls: dict[str, Callable[[], requests.Response]] = {
        "score": lambda: requests.post(f"{base}/v1/chuzhou/score", json=CHUZHOU_WIN, timeout=10),
        "bad": lambda: requests.post(f"{base}/v1/chuzhou/score", json={}, timeout=10),
        "waits": lambda: requests.post(f"{base}/v1/yueqing/waits", json=YUEQING_WAITS,
                                       timeout=10),
        "unknown": lambda: requests.get(f"{base}/v1/rulesets/martian", timeout=10),
        "unmatched": lambda: requests.get(f"{base}/no/such/page", timeout=10),
    }
    plan = ["score"] * 10 + ["bad"] * 4 + ["waits"] * 6 + ["unknown"] * 2 + ["unmatched"] * 2
    expected = {"score": 200, "bad": 422, "waits": 200, "unknown": 404, "unmatched": 404}
    with ThreadPoolExecutor(max_workers=8) as pool:
        statuses = list(pool.map(lambda kind: (kind, calls[kind]().status_code), plan))
    assert all(status == expected[kind] for kind, status in statuses), statuses
    return {kind: plan.count(kind) for kind in calls}


def _check_sums(base: str, sent: dict[str, int]) -> None:
    found = samples(requests.get(f"{base}/metrics", timeout=10).text)
    requests_total = "mahjong_http_requests_total"
    score, waits = "/v1/chuzhou/score", "/v1/yueqing/waits"
    assert value(found, requests_total, route=score, method="POST", status="200") == sent["score"]
    assert value(found, requests_total, route=score, method="POST", status="422") == sent["bad"]
    assert value(found, requests_total, route=waits, method="POST", status="200") == sent["waits"]
    assert value(found, requests_total, route="/v1/rulesets/<ruleset_id>", method="GET",
                 status="404") == sent["unknown"]
    assert value(found, requests_total, route="unmatched", method="GET",
                 status="404") == sent["unmatched"]
    assert value(found, "mahjong_http_request_duration_seconds_count",
                 route=score) == sent["score"] + sent["bad"]
    assert value(found, "mahjong_hands_scored_total", ruleset="chuzhou",
                 action="score") == sent["score"]
    assert value(found, "mahjong_hands_scored_total", ruleset="yueqing",
                 action="waits") == sent["waits"]
    assert value(found, "mahjong_problems_total", type="schema-violation") == sent["bad"]
    assert value(found, "mahjong_problems_total", type="unknown-ruleset") == sent["unknown"]
    assert value(found, "mahjong_problems_total", type="not-found") == sent["unmatched"]
    assert value(found, "mahjong_readings_per_hand_count", ruleset="chuzhou") == sent["score"]
    assert value(found, "mahjong_readings_per_hand_sum", ruleset="chuzhou") >= sent["score"]


def _add(total: dict[str, int], more: dict[str, int]) -> None:
    for kind, count in more.items():
        total[kind] = total.get(kind, 0) + count


def test_counts_are_summed_over_two_workers_and_survive_a_worker_restart(
        tmp_path: Path) -> None:
    stale = tmp_path / "counter_99999.db"  # left by an earlier run in the same directory
    stale.write_bytes(b"not counts of this run")
    with running_server(workers=2, env={"PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}) as base:
        assert not stale.exists()
        sent: dict[str, int] = {}
        for _round in range(20):  # until both workers have answered some of them
            _add(sent, _send_round(base))
            if len(_worker_pids(tmp_path)) >= 2:
                break
        assert len(_worker_pids(tmp_path)) == 2, "the requests never reached both workers"
        _check_sums(base, sent)

        # A worker that exits (max_requests, a crash) takes none of its counts with it.
        gone = min(_worker_pids(tmp_path))
        os.kill(gone, signal.SIGTERM)
        deadline = time.monotonic() + 20
        while len(_worker_pids(tmp_path) - {gone}) < 2 and time.monotonic() < deadline:
            _add(sent, _send_round(base))
        _check_sums(base, sent)
