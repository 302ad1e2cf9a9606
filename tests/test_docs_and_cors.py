"""/docs, /openapi.json and CORS_ORIGINS (issue #9)."""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.docs import PAGE, START
from service.openapi import build_spec

ORIGIN = "https://scorekeeper.example"


def test_openapi_json_is_the_same_contract(client: FlaskClient) -> None:
    response = client.get("/openapi.json")
    assert response.mimetype == "application/json"
    assert response.json == json.loads(json.dumps(build_spec()))


def test_docs_page_and_its_assets_are_served_here(client: FlaskClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    for asset in ("docs/swagger-ui.css", "docs/swagger-ui-bundle.js", "docs/start.js"):
        assert asset in PAGE
        with client.get(f"/{asset}") as response:
            assert response.status_code == 200 and len(response.data) > 100
    assert "//" not in PAGE + START  # nothing fetched from another host
    assert "validatorUrl: null" in START
    assert client.get("/docs/../service/__init__.py").status_code == 404
    assert client.get("/docs/LICENSE").status_code == 404


def preflight(client: FlaskClient, origin: str) -> dict[str, str]:
    response = client.options("/v1/chuzhou/score", headers={
        "Origin": origin, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Content-Type"})
    return {k: v for k, v in response.headers.items() if k.startswith("Access-Control-")}


def test_no_cross_origin_access_by_default(client: FlaskClient,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CORS_ORIGINS", raising=False)
    assert preflight(create_app({"TESTING": True}).test_client(), ORIGIN) == {}


def test_listed_origins_get_preflights_and_answers() -> None:
    app = create_app({"TESTING": True, "CORS_ORIGINS": f"{ORIGIN}, https://other.example"})
    client = app.test_client()
    headers = preflight(client, ORIGIN)
    assert headers["Access-Control-Allow-Origin"] == ORIGIN
    assert "POST" in headers["Access-Control-Allow-Methods"]
    assert "content-type" in headers["Access-Control-Allow-Headers"].lower()
    assert preflight(client, "https://evil.example") == {}
    answer = client.post("/v1/chuzhou/instant", json={"event": "followed_discard", "seat": 0},
                         headers={"Origin": ORIGIN})
    assert answer.headers["Access-Control-Allow-Origin"] == ORIGIN
    problem = client.post("/v1/chuzhou/instant", json={}, headers={"Origin": ORIGIN})
    assert problem.headers["Access-Control-Allow-Origin"] == ORIGIN  # errors are readable too


def test_a_star_allows_every_origin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CORS_ORIGINS", "*")
    client = create_app({"TESTING": True}).test_client()
    assert preflight(client, ORIGIN)["Access-Control-Allow-Origin"] in ("*", ORIGIN)


@pytest.mark.parametrize("setting", [ORIGIN, "*"])
def test_metrics_are_never_readable_cross_origin(setting: str) -> None:
    # /metrics is for the monitoring system, never a web page (docs/operations.md).
    client = create_app({"TESTING": True, "CORS_ORIGINS": setting}).test_client()
    answer = client.get("/metrics", headers={"Origin": ORIGIN})
    assert answer.status_code == 200
    assert not [k for k in answer.headers.keys() if k.startswith("Access-Control-")]
    asked = client.options("/metrics", headers={"Origin": ORIGIN,
                                                "Access-Control-Request-Method": "GET"})
    assert not [k for k in asked.headers.keys() if k.startswith("Access-Control-")]
    assert client.get("/healthz", headers={"Origin": ORIGIN}).headers[
        "Access-Control-Allow-Origin"] in ("*", ORIGIN)
