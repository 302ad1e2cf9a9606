"""Chuzhou end to end against the real gunicorn server."""

from __future__ import annotations

import requests

from service.rulesets import RULESETS
from tests.said import said


def test_score_issue_example(live_server: str) -> None:
    body = {
        "dealer": 0, "winner": 1, "zhen": [1, 1, 1, 1],
        "hand": {"concealed": "123m678m99p", "melds": [
            {"type": "chi", "tiles": "345s", "from": 0},
            {"type": "peng", "tiles": "777p", "from": 3}]},
        "win": {"tile": "8m", "by": "discard", "from": 3},
    }
    response = requests.post(f"{live_server}/v1/chuzhou/score", json=body, timeout=5)
    assert response.status_code == 200
    result = response.json()
    assert result["fan"] == 10
    assert [p["id"] for p in result["patterns"]] == ["base_win"]
    assert result["settlement"]["net"] == [-40, 110, -30, -40]
    assert result["next"] == {"dealer": 1, "zhen": [2, 2, 2, 2]}
    assert result["hand"]["waits"] == ["5m", "8m"]


def test_instant_and_draw(live_server: str) -> None:
    response = requests.post(f"{live_server}/v1/chuzhou/instant",
                             json={"event": "followed_discard", "seat": 0}, timeout=5)
    assert response.json()["net"] == [-30, 10, 10, 10]
    assert response.json()["settlement"]["net"] == [-30, 10, 10, 10]  # one shape (issue #45)
    response = requests.post(f"{live_server}/v1/chuzhou/draw",
                             json={"dealer": 0, "zhen": [1, 1, 1, 1], "kongs": 1}, timeout=5)
    assert response.json() == {"wall_reserve": 17, "next": {"dealer": 1, "zhen": [1, 1, 1, 1]},
                               **said("chuzhou")}


def test_catalogue_lists_every_pattern_with_values(live_server: str) -> None:
    catalogue = requests.get(f"{live_server}/v1/rulesets/chuzhou", timeout=5).json()
    assert catalogue["patterns"] == RULESETS["chuzhou"].catalogue()["patterns"]
    by_id = {p["id"]: p["values"] for p in catalogue["patterns"]}
    assert by_id["full_flush"] == {"ming": 200, "an": 400}
    assert by_id["four_concealed_triplets"] == {"value": 1000}


def test_a_hand_that_is_not_a_win(live_server: str) -> None:
    body = {"dealer": 0, "winner": 1, "hand": {"concealed": "123m456p789s12z555s"},
            "win": {"tile": "5s", "by": "self_draw"}}
    response = requests.post(f"{live_server}/v1/chuzhou/score", json=body, timeout=5)
    assert response.status_code == 422
    assert response.headers["Content-Type"] == "application/problem+json"
    assert response.json()["type"] == "/problems/not-a-win"
