"""The contract's error examples, each the problem document the service really answers.

    python tools/problem_examples.py      # `make examples`: rewrites examples.json's "problems"

Each status the contract lists gets the answer to one request that earns it: sent to an
application in this process, as a client would send it (tests/test_examples.py sends the same
requests to the live server and compares). A 500 and a 503 cannot be asked for: the first is
the answer of a view that fails, the second of a request past its deadline.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.append(str(Path(__file__).resolve().parent.parent))  # the repository

from service.actions import answer  # noqa: E402
from service.api.app import create_app  # noqa: E402
from service.errors import PastDeadline  # noqa: E402
from service.openapi import EXAMPLES_FILE, examples_text  # noqa: E402
from service.rulesets import RULESETS  # noqa: E402
from service.work import deadline  # noqa: E402

SCORE = "/v1/chuzhou/score"
JSON = {"Content-Type": "application/json"}
# A 409 each way, written from today's versions, so that a bump rewrites them (make regen): a
# record paid under chuzhou's MAJOR before today's, its changes since listed; a pin yueqing's
# money has not reached, none listed.
PAST_MAJOR = str(RULESETS["chuzhou"].major - 1)
NEXT_MAJOR = str(RULESETS["yueqing"].major + 1)
# What earns each example: "<status>" shows on every operation that lists that status,
# "<status> <ruleset or path>" instead on that ruleset's operations or that path
# (service/openapi.py picks): (method, path, headers, body).
ASKED: dict[str, tuple[str, str, dict[str, str], bytes]] = {
    "400": ("POST", SCORE, JSON, b'{"dealer": 0,'),
    "404": ("GET", "/v1/rulings/no-such-ruling", {}, b""),
    "404 /v1/rulesets/{ruleset_id}": ("GET", "/v1/rulesets/riichi", {}, b""),
    "405": ("GET", SCORE, {}, b""),
    "413": ("POST", SCORE, JSON, b'{"pad": "' + b"x" * (1 << 20) + b'"}'),
    "415": ("POST", SCORE, {"Content-Type": "text/plain"}, b"{}"),
    "409": ("POST", SCORE, JSON, json.dumps({
        "dealer": 0, "winner": 1, "zhen": [1, 1, 1, 1], "ruleset_version": PAST_MAJOR,
        "hand": {"concealed": "123m678m99p", "melds": [
            {"type": "chi", "tiles": "345s", "from": 0},
            {"type": "peng", "tiles": "777p", "from": 3}]},
        "win": {"tile": "8m", "by": "discard", "from": 3}}).encode()),
    "409 yueqing": ("POST", "/v1/yueqing/score", JSON, json.dumps({
        "dealer": 0, "winner": 0, "caishen": "3z", "ruleset_version": NEXT_MAJOR,
        "hand": {"concealed": "123m456m789p234s678s55s"},
        "win": {"tile": "8s", "by": "discard", "from": 3}}).encode()),
    "422 chuzhou": ("POST", SCORE, JSON, json.dumps({
        "dealer": 0, "winner": 1, "zhen": [1, 1, 1, 1],
        "hand": {"concealed": "123m456m789m11p22p"},
        "win": {"tile": "2p", "by": "self_draw"}}).encode()),
    "422 yueqing": ("POST", "/v1/yueqing/score", JSON, json.dumps({
        "caishen": "5z", "dealer": 0, "winner": 1,
        "hand": {"concealed": "123m456m789m11p22p5z", "kongs": []},
        "win": {"tile": "2p", "by": "discard", "from": 2}}).encode()),
    "422 /v1/batch": ("POST", "/v1/batch", JSON, b'{"items": {}}'),
}
def failed() -> dict[str, Any]:
    """The 500 of a view that raises: what the error handler makes of any failure."""
    app = create_app({"TESTING": False})

    def fails() -> None:
        raise RuntimeError("an example failure")

    app.add_url_rule("/example-failure", view_func=fails)
    found: dict[str, Any] = app.test_client().get("/example-failure").get_json()
    return found


def past_deadline() -> dict[str, Any]:
    """The 503 of a request still running at its deadline."""
    try:
        with deadline(-1.0):
            answer("chuzhou", "waits", {"concealed": "1112345678999m"})
    except PastDeadline as exc:
        return exc.problem()
    raise AssertionError("the request finished before its deadline")


def in_process() -> dict[str, dict[str, Any]]:
    """Every example, answered by an application in this process."""
    client = create_app({"TESTING": True}).test_client()
    found = {}
    for status, (method, path, headers, body) in ASKED.items():
        response = client.open(path, method=method, headers=headers, data=body)
        assert str(response.status_code) == status.split()[0], (status, response.get_json())
        found[status] = response.get_json()
    found["500"] = failed()
    found["503"] = past_deadline()
    return dict(sorted(found.items()))


def refreshed(text: str) -> str:
    """The examples file's ``text`` with its problems the service's, as ``main`` writes it."""
    examples = json.loads(text)
    examples["problems"] = in_process()
    return examples_text(examples)


def main() -> None:
    EXAMPLES_FILE.write_text(refreshed(EXAMPLES_FILE.read_text(encoding="utf-8")),
                             encoding="utf-8")


if __name__ == "__main__":
    main()
