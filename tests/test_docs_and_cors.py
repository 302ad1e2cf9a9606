"""/docs, /openapi.json and CORS_ORIGINS (issue #9)."""

from __future__ import annotations

import json

import pytest
import requests
from flask import Response
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.docs import PAGE, START
from service.openapi import build_spec
from tests.conftest import under_mutation
from tests.server import running_server

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


# Each way a request may meet a listed setting: a listed origin, another, none (issue #23).
ORIGINS = [{"Origin": ORIGIN}, {"Origin": "https://evil.example"}, {}]


@pytest.mark.parametrize("setting", [ORIGIN, f"{ORIGIN}, https://other.example"])
@pytest.mark.parametrize("headers", ORIGINS)
def test_listed_origins_vary_every_answer_on_origin(setting: str,
                                                    headers: dict[str, str]) -> None:
    # flask-cors alone says Vary only with two or more origins listed and the request's among
    # them: a single origin, a refused one or none would be cached for everybody.
    client = create_app({"TESTING": True, "CORS_ORIGINS": setting}).test_client()
    asked = {**headers, "Access-Control-Request-Method": "POST"}
    answers = [client.options("/v1/chuzhou/score", headers=asked),
               client.get("/healthz", headers=headers),
               client.post("/v1/chuzhou/instant", json={"event": "followed_discard", "seat": 0},
                           headers=headers),
               client.post("/v1/chuzhou/instant", json={}, headers=headers),
               client.get("/no/such/path", headers=headers)]
    assert [a.status_code for a in answers] == [200, 200, 200, 422, 404]
    assert answers[0].headers.getlist("Vary") == ["Origin"]
    # JSON, said in the language asked for (issue #35); the answer that may be compressed
    # varies on that too (issue #45), /healthz and the refusals do not
    assert answers[2].headers.getlist("Vary") == ["Accept-Encoding, Origin, Accept-Language"]
    for answer in (answers[1], *answers[3:]):
        assert answer.headers.getlist("Vary") == ["Origin, Accept-Language"]
    metrics = client.get("/metrics", headers=headers)  # not covered by CORS
    assert metrics.headers.getlist("Vary") == ["Accept-Encoding"]


def test_vary_origin_joins_the_vary_an_answer_has() -> None:
    app = create_app({"TESTING": True, "CORS_ORIGINS": ORIGIN})

    def negotiated() -> Response:
        return Response("{}", headers={"Vary": "Accept-Encoding"})

    app.add_url_rule("/negotiated", view_func=negotiated)
    answer = app.test_client().get("/negotiated", headers={"Origin": ORIGIN})
    assert answer.headers.getlist("Vary") == ["Accept-Encoding, Origin"]


def test_a_star_echoing_the_origin_varies_on_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CORS_ORIGINS", "*")
    client = create_app({"TESTING": True}).test_client()
    # flask-cors echoes the origin under "*", so it says Vary itself; without an origin the
    # answer is "*" for everybody and needs none.
    answer = client.get("/healthz", headers={"Origin": ORIGIN})
    assert answer.headers["Access-Control-Allow-Origin"] == ORIGIN
    assert answer.headers.getlist("Vary") == ["Origin, Accept-Language"]
    plain = client.get("/healthz")
    assert plain.headers["Access-Control-Allow-Origin"] == "*"
    assert plain.headers.getlist("Vary") == ["Accept-Language"]


@pytest.mark.skipif(under_mutation(), reason="the server imports the sources, not the mutants")
def test_the_served_app_varies_on_origin() -> None:
    with running_server(workers=1, env={"CORS_ORIGINS": ORIGIN}) as base:
        for headers in ORIGINS:
            asked = requests.options(f"{base}/v1/chuzhou/score", timeout=10, headers={
                **headers, "Access-Control-Request-Method": "POST"})
            answer = requests.post(f"{base}/v1/chuzhou/instant", timeout=10, headers=headers,
                                   json={"event": "followed_discard", "seat": 0})
            assert answer.status_code == 200
            assert asked.headers["Vary"] == "Origin"
            assert answer.headers["Vary"] == "Accept-Encoding, Origin, Accept-Language"
            allowed = answer.headers.get("Access-Control-Allow-Origin")
            assert allowed == (None if headers.get("Origin") == "https://evil.example"
                               else ORIGIN)
