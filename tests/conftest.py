from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, settings

from service import memo
from service.api.app import create_app
from tests.server import running_server

# No test passes or fails by timing (docs/development.md): the suite runs on a shared two-core
# machine, where a generated example may take seconds. Tests that set their own ``settings``
# inherit these.
settings.register_profile("shared-machine", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("shared-machine")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that starts the real server is marked ``server`` (`make core` leaves it out):
    it uses ``live_server``, or its module starts one of its own (``running_server``)."""
    for item in items:
        module = getattr(item, "module", None)
        if ("live_server" in getattr(item, "fixturenames", ())
                or getattr(module, "running_server", None) is running_server):
            item.add_marker(pytest.mark.server)


def under_mutation() -> bool:
    """Whether mutmut (`make mutate`) runs the tests: it names the mutant under test here."""
    return "MUTANT_UNDER_TEST" in os.environ


@pytest.fixture(autouse=True)
def _fresh_memos_under_mutation() -> None:
    """Under mutation testing, every test starts with empty memos, so that what a mutant
    computes is never answered from what the unmutated code kept (docs/development.md)."""
    if under_mutation():
        memo.clear()


@pytest.fixture
def app() -> Flask:
    return create_app({"TESTING": True})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture(scope="session")
def live_server() -> Iterator[str]:
    """Base URL of the real service under gunicorn on a free loopback port."""
    if under_mutation():
        pytest.skip("mutation testing: the server would import the sources, not the mutants")
    with running_server() as base:
        yield base
