"""End to end: the real gunicorn server, over HTTP, as a client app meets it."""

from __future__ import annotations

import requests

from tests.said import said


def test_healthz(live_server: str) -> None:
    response = requests.get(f"{live_server}/healthz", timeout=5)
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}


def test_waits(live_server: str) -> None:
    response = requests.post(f"{live_server}/v1/chuzhou/waits",
                             json={"concealed": "11m33m55p77p99s22z6z"}, timeout=5)
    assert response.json() == {"waits": ["6z"], "single_wait": True, **said("chuzhou")}


def test_errors_are_problems(live_server: str) -> None:
    response = requests.post(f"{live_server}/v1/chuzhou/waits", data="{",
                             headers={"Content-Type": "application/json"}, timeout=5)
    assert response.status_code == 400
    assert response.headers["Content-Type"] == "application/problem+json"
    response = requests.delete(f"{live_server}/v1/chuzhou/waits", timeout=5)
    assert response.status_code == 405
    assert "POST" in response.headers["Allow"]


def test_contract_file_is_served(live_server: str) -> None:
    response = requests.get(f"{live_server}/openapi.yaml", timeout=5)
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("application/yaml")
