from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service import create_app
from tests.server import running_server


@pytest.fixture
def app() -> Flask:
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="session")
def live_server() -> Iterator[str]:
    """Base URL of the real service under gunicorn on a free loopback port."""
    with running_server() as base:
        yield base
