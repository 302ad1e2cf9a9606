"""The HTTP shell: problem+json for every error, the common routes, the waits endpoints."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.said import said

PROBLEM = "application/problem+json"


def test_healthz(client: FlaskClient) -> None:
    assert client.get("/healthz").json == {"status": "ok"}


def test_rulesets_are_listed(client: FlaskClient) -> None:
    ids = [r["id"] for r in client.get("/v1/rulesets").json["rulesets"]]
    assert ids == ["chuzhou", "yueqing"]


def test_unknown_ruleset_is_a_404_problem(client: FlaskClient) -> None:
    response = client.get("/v1/rulesets/riichi")
    assert response.status_code == 404
    assert response.mimetype == PROBLEM
    assert "riichi" in response.json["detail"]


def test_openapi_is_served(client: FlaskClient) -> None:
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert b"openapi: 3.1.0" in response.data


def test_waits_nine_gates(client: FlaskClient) -> None:
    response = client.post("/v1/chuzhou/waits", json={"concealed": "1112345678999m"})
    assert response.json == {
        "waits": ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"], "single_wait": False,
        **said("chuzhou")}


def test_waits_seven_pairs_single(client: FlaskClient) -> None:
    response = client.post("/v1/chuzhou/waits", json={"concealed": "11m33m55p77p99s22z6z"})
    assert response.json == {"waits": ["6z"], "single_wait": True, **said("chuzhou")}


def test_waits_with_melds_and_array_tiles(client: FlaskClient) -> None:
    body = {"concealed": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "5z", "5z"],
            "melds": [{"type": "peng", "tiles": "777p", "from": 2}]}
    assert client.post("/v1/chuzhou/waits", json=body).json == {
        "waits": ["6s", "9s"], "single_wait": False, **said("chuzhou")}


def test_waits_nothing(client: FlaskClient) -> None:
    response = client.post("/v1/chuzhou/waits", json={"concealed": "1357m2468p1357s"[:13] + "z"})
    assert response.status_code == 422 or response.json["waits"] == []
    response = client.post("/v1/chuzhou/waits", json={"concealed": "147m258p369s1234z"})
    assert response.json == {"waits": [], "single_wait": False, **said("chuzhou")}


def test_yueqing_waits_with_a_wild(client: FlaskClient) -> None:
    body = {"concealed": "123m456m789m123p4p66s1z", "caishen": "1z"}
    response = client.post("/v1/yueqing/waits", json=body)
    assert response.json == {"waits": ["1p", "2p", "3p", "4p", "5p", "6p", "6s", "1z"],
                             "single_wait": False, **said("yueqing")}


def test_yueqing_waits_reject_the_flower_tile(client: FlaskClient) -> None:
    body = {"concealed": "123m456m789m123p4p66s5z", "caishen": "1z"}
    response = client.post("/v1/yueqing/waits", json=body)
    assert response.status_code == 422
    assert response.json["errors"] == {
        "concealed": ["5z is the flower tile: give it as a flower count, not a tile"]}


@pytest.mark.parametrize(("body", "field", "kind"), [
    ({"concealed": "12x"}, "concealed", "schema-violation"),
    ({}, "concealed", "schema-violation"),
    ({"concealed": "1112345678999m", "extra": 1}, "extra", "schema-violation"),
    ({"concealed": "111123456789m"}, "concealed", "impossible-hand"),
    ({"concealed": "11112345678999m"}, "concealed", "impossible-hand"),
    ({"concealed": "1112345678m", "melds": [{"type": "chi", "tiles": "135m", "from": 3}]},
     "melds.0.tiles", "impossible-hand"),
    ({"concealed": "1112345678m", "melds": [{"type": "peng", "tiles": "555m"}]},
     "melds.0.from", "schema-violation"),
    ({"concealed": "11112345678m", "melds": [{"type": "peng", "tiles": "111m", "from": 1}]},
     "concealed", "impossible-hand"),
])
def test_bad_bodies_name_the_field(
    client: FlaskClient, body: dict[str, object], field: str, kind: str
) -> None:
    response = client.post("/v1/chuzhou/waits", json=body)
    assert response.status_code == 422
    assert response.mimetype == PROBLEM
    problem = response.json
    assert problem["type"] == f"/problems/{kind}"
    assert field in problem["errors"], problem


def test_bad_json_is_400(client: FlaskClient) -> None:
    response = client.post("/v1/chuzhou/waits", data="{", content_type="application/json")
    assert response.status_code == 400
    assert response.mimetype == PROBLEM


def test_other_content_type_is_415(client: FlaskClient) -> None:
    response = client.post("/v1/chuzhou/waits", data="x", content_type="text/plain")
    assert response.status_code == 415
    assert response.mimetype == PROBLEM


def test_oversized_body_is_413(client: FlaskClient) -> None:
    body = '{"concealed": "' + "1" * (1024 * 1024 + 10) + 'm"}'
    response = client.post("/v1/chuzhou/waits", data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.mimetype == PROBLEM


def test_wrong_method_is_405_with_allow(client: FlaskClient) -> None:
    response = client.get("/v1/chuzhou/waits")
    assert response.status_code == 405
    assert response.mimetype == PROBLEM
    assert "POST" in response.headers["Allow"]


def test_unknown_path_is_404_problem(client: FlaskClient) -> None:
    response = client.get("/v1/nothing")
    assert response.status_code == 404
    assert response.json["status"] == 404


def test_non_object_body_is_422(client: FlaskClient) -> None:
    response = client.post("/v1/chuzhou/waits", json=[1, 2])
    assert response.status_code == 422
    assert "body" in response.json["errors"]


def test_a_boolean_is_not_a_seat(client: FlaskClient) -> None:
    response = client.post("/v1/chuzhou/instant", json={"event": "followed_discard", "seat": True})
    assert response.status_code == 422
    assert response.json["errors"] == {"seat": ["Not a valid integer."]}
