"""Yueqing end to end against the real gunicorn server."""

from __future__ import annotations

import requests

from service.rulesets import RULESETS


def post_score(server: str, caishen: str, concealed: str, tile: str, by: str,
               source: int) -> requests.Response:
    """Seat 1 wins, seat 0 deals, no melds."""
    body = {"dealer": 0, "winner": 1, "caishen": caishen, "hand": {"concealed": concealed},
            "win": {"tile": tile, "by": by, "from": source}}
    return requests.post(f"{server}/v1/yueqing/score", json=body, timeout=5)


def test_score_issue_example(live_server: str) -> None:
    response = post_score(live_server, "3z", "123m456m789p234s678s55s", "8s", "discard", 3)
    assert response.status_code == 200
    result = response.json()
    assert result["tai"] == {"minor": 2, "minor_adjusted": 2, "major": 0, "total": 2}
    assert [p["id"] for p in result["patterns"]] == ["no_caishen", "ping_hu"]
    assert result["settlement"]["net"] == [-4, 10, -3, -3]
    assert result["next"] == {"dealer": 1, "lao_zhuang": 0}


def test_impossible_robbed_kong_is_refused(live_server: str) -> None:
    # Two 3m stand in the hand; the robbed 碰 held the other three (YQ-2, G-6).
    response = post_score(live_server, "9p", "123m345m678p234s678s55s", "3m", "robbing_kong", 2)
    assert response.status_code == 422
    assert response.headers["Content-Type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["type"] == "/problems/impossible-hand"
    assert list(problem["errors"]) == ["win.tile"]


def test_draw_and_escape(live_server: str) -> None:
    players = [{"seat": s, "flowers": 1 if s == 2 else 0} for s in range(4)]
    response = requests.post(f"{live_server}/v1/yueqing/draw", json={
        "dealer": 0, "lao_zhuang": 1, "caishen": "5p", "players": players}, timeout=5)
    assert response.json()["settlement"]["net"] == [-1, -1, 3, -1]
    assert response.json()["next"] == {"dealer": 0, "lao_zhuang": 1}
    stayers = [{"seat": s, "concealed": "123m456m789p234s678s5s"} for s in (0, 1, 2)]
    response = requests.post(f"{live_server}/v1/yueqing/escape", json={
        "dealer": 0, "caishen": "5p", "escaper": 3, "players": stayers}, timeout=5)
    result = response.json()
    assert response.status_code == 200, result
    assert [c["best"] for c in result["claims"]] == [None, None, None]
    assert result["fine"] == 10
    assert result["settlement"]["net"] == [0, 0, 0, -10]


def test_catalogue(live_server: str) -> None:
    catalogue = requests.get(f"{live_server}/v1/rulesets/yueqing", timeout=5).json()
    served = RULESETS["yueqing"].catalogue()
    assert catalogue["patterns"] == served["patterns"]
    assert catalogue["flowers"] == served["flowers"]
    by_id = {p["id"]: p for p in catalogue["patterns"]}
    assert by_id["caishen_home_three"]["values"] == {"tai": 100}
    assert by_id["ping_hu"]["group"] == "minor"
