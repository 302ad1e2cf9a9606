"""Every problem type resolves (issue #23): each ``type`` the service can put in an error,
``/problems/<slug>``, is a page the service answers itself, in JSON or HTML, saying what went
wrong and how to fix it; one table (service/errors.py's PROBLEM_TYPES) declares them all."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from apispec import APISpec
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from openapi_spec_validator import validate

import service.batch  # noqa: F401  (its ProblemError subclass is one of those walked)
from service.api.problems import HTTP_TYPES, OTHER
from service.errors import PROBLEM_BASE, PROBLEM_TYPES, ProblemError
from service.pages import spec_components, spec_paths

SERVICE = Path(__file__).resolve().parent.parent / "service"
BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
FIELDS = {"type", "title", "status", "description", "how_to_fix", "rulings"}


def subclasses(cls: type[ProblemError]) -> list[type[ProblemError]]:
    return [cls, *(found for sub in cls.__subclasses__() for found in subclasses(sub))]


ERRORS = [cls for cls in subclasses(ProblemError) if cls.__module__.startswith("service")]


def written_slugs() -> set[str]:
    """The slugs a module writes as ``PROBLEM_BASE + "..."`` (the batch and the command line
    build some problem documents themselves)."""
    pattern = re.compile(r'PROBLEM_BASE \+ "([^"]+)"')
    return {slug for path in SERVICE.rglob("*.py")
            for slug in pattern.findall(path.read_text(encoding="utf-8"))}


def emitted() -> set[str]:
    """Every slug the code can put in an error's type."""
    return ({cls.slug for cls in ERRORS} | {kind.slug for kind in HTTP_TYPES.values()}
            | {OTHER.slug} | written_slugs())


def test_the_walk_finds_what_the_code_emits() -> None:
    found = emitted()
    assert {"schema-violation", "impossible-hand", "not-a-win", "too-large", "past-deadline",
            "unknown-ruleset", "bad-json", "not-found", "method-not-allowed",
            "unsupported-media-type", "http-error"} <= found
    assert found <= set(PROBLEM_TYPES), sorted(found - set(PROBLEM_TYPES))


@pytest.mark.parametrize("slug", sorted(emitted()))
def test_every_emitted_type_resolves(client: FlaskClient, slug: str) -> None:
    response = client.get(PROBLEM_BASE + slug)
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    page = response.get_json()
    assert set(page) == FIELDS
    assert page["type"] == PROBLEM_BASE + slug
    Draft202012Validator(spec_components()["ProblemType"]).validate(page)
    assert len(page["description"]) > 40 and len(page["how_to_fix"]) > 40
    for ruling_id in page["rulings"]:
        assert client.get(f"/v1/rulings/{ruling_id}").status_code == 200, ruling_id


@pytest.mark.parametrize("slug", sorted(PROBLEM_TYPES))
def test_every_type_has_a_page_for_a_browser(client: FlaskClient, slug: str) -> None:
    response = client.get(PROBLEM_BASE + slug, headers={"Accept": BROWSER})
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert "Accept" in response.headers["Vary"]
    text = response.get_data(as_text=True)
    assert text.startswith("<!DOCTYPE html>") and "How to fix it" in text
    assert PROBLEM_TYPES[slug].title.replace("'", "&#x27;") in text
    assert_self_contained(text)


def assert_self_contained(text: str) -> None:
    """Nothing fetched from elsewhere: no script, no stylesheet, no absolute link."""
    assert "<script" not in text and "<link" not in text
    assert not re.search(r'(href|src)="(https?:)?//', text)


def test_the_list_holds_every_type(client: FlaskClient) -> None:
    listed = client.get("/problems").get_json()["problems"]
    assert [page["type"] for page in listed] == [kind.uri for kind in PROBLEM_TYPES.values()]
    assert all(set(page) == FIELDS for page in listed)
    html = client.get("/problems", headers={"Accept": "text/html"}).get_data(as_text=True)
    assert all(f'href="problems/{slug}"' in html for slug in PROBLEM_TYPES)
    assert_self_contained(html)


def test_json_is_the_default(client: FlaskClient) -> None:
    for accept in (None, "*/*", "application/json", "application/json, text/html;q=0.5"):
        headers = {"Accept": accept} if accept else {}
        assert client.get("/problems/not-a-win", headers=headers).mimetype == "application/json"


def test_an_unknown_type_is_a_404_problem(client: FlaskClient) -> None:
    response = client.get("/problems/no-such-thing")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["type"] == "/problems/not-found" and "no-such-thing" in problem["detail"]
    assert client.get(problem["type"]).status_code == 200


def test_errors_name_types_that_resolve(client: FlaskClient) -> None:
    """Real errors, end to end: each one's type is a page."""
    answers = [
        client.get("/no/such/path"),
        client.post("/healthz"),
        client.post("/v1/chuzhou/score", data="{", content_type="application/json"),
        client.post("/v1/chuzhou/score", data="x", content_type="text/plain"),
        client.post("/v1/chuzhou/score", json={"winner": 9}),
        client.post("/v1/nowhere/score", json={}),
        client.get("/v1/rulesets/nowhere"),
    ]
    types = [answer.get_json()["type"] for answer in answers]
    assert types == ["/problems/not-found", "/problems/method-not-allowed", "/problems/bad-json",
                     "/problems/unsupported-media-type", "/problems/schema-violation",
                     "/problems/not-found", "/problems/unknown-ruleset"]
    for answer in answers:
        kind = PROBLEM_TYPES[answer.get_json()["type"].removeprefix(PROBLEM_BASE)]
        assert answer.get_json()["title"] == kind.title  # a type reads the same everywhere
        assert client.get(kind.uri).get_json()["status"] == answer.status_code


@pytest.mark.parametrize("cls", ERRORS, ids=lambda cls: cls.__qualname__)
def test_an_error_class_takes_its_title_and_status_from_the_table(
        cls: type[ProblemError]) -> None:
    kind = PROBLEM_TYPES[cls.slug]
    assert (cls.title, cls.status) == (kind.title, kind.status)
    assert cls("detail").problem()["type"] == kind.uri


def test_one_type_per_werkzeug_status() -> None:
    marked = [kind.status for kind in PROBLEM_TYPES.values() if kind.http]
    assert len(marked) == len(set(marked)) == len(HTTP_TYPES)
    assert OTHER.slug == "http-error" and not OTHER.http


def test_a_subclass_with_an_undeclared_slug_fails_at_once() -> None:
    with pytest.raises(KeyError):
        type("Invented", (ProblemError,), {"slug": "invented"})


def problem_paths() -> dict[str, dict[str, Any]]:
    return {path: item for path, item in spec_paths().items() if path.startswith("/problems")}


def test_the_spec_paths_describe_the_pages(client: FlaskClient) -> None:
    paths = problem_paths()
    assert set(paths) == {"/problems", "/problems/{slug}"}
    listed = paths["/problems"]["get"]["responses"]["200"]["content"]
    assert listed["application/json"]["example"] == client.get("/problems").get_json()
    one = paths["/problems/{slug}"]["get"]
    assert one["parameters"][0]["schema"]["enum"] == list(PROBLEM_TYPES)
    assert "404" in one["responses"] and "text/html" in one["responses"]["200"]["content"]
    for example in one["responses"]["200"]["content"]["application/json"]["examples"].values():
        assert example["value"] == client.get(example["summary"].removeprefix("GET ")).get_json()


def test_the_spec_paths_and_components_make_a_valid_document() -> None:
    spec = APISpec(title="pages", version="1", openapi_version="3.1.0")
    spec.components.schema("Problem", {"type": "object"})
    for name, schema in spec_components().items():
        spec.components.schema(name, schema)
    for path, operations in spec_paths().items():
        spec.path(path, operations=operations)
    validate(spec.to_dict())
