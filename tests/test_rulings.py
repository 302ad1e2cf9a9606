"""The rulings are served by the service itself (issue #23): every ruling id in the code, in a
message or in the contract resolves at ``GET /v1/rulings/{id}``; each ruleset's list is at
``GET /v1/rulesets/{id}/rulings``; each ruling is stated once, in a file the package ships."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from service.api.app import create_app
from service.pages import spec_components, spec_paths
from service.rulesets import RULESETS, register
from service.rulings import Ruling, parse
from tests import tiny

ROOT = Path(__file__).resolve().parent.parent
RULING_ID = re.compile(r"\b(?:G|CZ|YQ)-\d+\b")
BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
EXPECTED = {"G": 10, "CZ": 19, "YQ": 23}
LISTS = {"/v1/rulings": "G", "/v1/rulesets/chuzhou/rulings": "CZ",
         "/v1/rulesets/yueqing/rulings": "YQ"}


def cited() -> set[str]:
    """Every ruling id in service/'s files (code, messages, the rulings themselves) and in
    the contract."""
    paths = [p for p in (ROOT / "service").rglob("*") if p.suffix in (".py", ".md", ".json")]
    return {found for path in [*paths, ROOT / "openapi.yaml"]
            for found in RULING_ID.findall(path.read_text(encoding="utf-8"))}


def test_the_search_finds_the_citations() -> None:
    assert {"G-4", "CZ-12", "YQ-16"} <= cited()


@pytest.mark.parametrize("ruling_id", sorted(cited()))
def test_every_cited_ruling_resolves(client: FlaskClient, ruling_id: str) -> None:
    response = client.get(f"/v1/rulings/{ruling_id}")
    assert response.status_code == 200, ruling_id
    ruling = response.get_json()
    assert set(ruling) == {"id", "title", "text", "ruleset", "url"}
    assert ruling["id"] == ruling_id and ruling["title"] and len(ruling["text"]) > 40
    assert client.get(ruling["url"]).get_json() == ruling  # its own place answers the same
    Draft202012Validator(spec_components()["Ruling"]).validate(ruling)  # as the contract says


@pytest.mark.parametrize(("path", "prefix"), LISTS.items())
def test_each_list_is_complete_and_in_order(client: FlaskClient, path: str,
                                            prefix: str) -> None:
    rulings = client.get(path).get_json()["rulings"]
    assert [r["id"] for r in rulings] == [f"{prefix}-{n}" for n in range(1, EXPECTED[prefix] + 1)]
    ruleset = None if path == "/v1/rulings" else path.split("/")[3]
    assert all(r["ruleset"] == ruleset for r in rulings)


def test_a_ruleset_path_holds_only_its_own(client: FlaskClient) -> None:
    assert client.get("/v1/rulesets/chuzhou/rulings/CZ-4").get_json()["id"] == "CZ-4"
    for path in ("/v1/rulesets/chuzhou/rulings/YQ-4", "/v1/rulesets/yueqing/rulings/G-4"):
        problem = client.get(path).get_json()
        assert problem["status"] == 404 and problem["type"] == "/problems/not-found"
        assert "/v1/" in problem["detail"]  # it says where the ruling is


@pytest.mark.parametrize("path", ["/v1/rulings/G-99", "/v1/rulings/chuzhou",
                                  "/v1/rulesets/chuzhou/rulings/CZ-99"])
def test_an_unknown_ruling_is_a_404_problem(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404 and response.mimetype == "application/problem+json"
    assert response.get_json()["type"] == "/problems/not-found"


def test_an_unknown_ruleset_is_a_404_problem(client: FlaskClient) -> None:
    for path in ("/v1/rulesets/nowhere/rulings", "/v1/rulesets/nowhere/rulings/G-1"):
        assert client.get(path).get_json()["type"] == "/problems/unknown-ruleset"


@pytest.fixture
def tiny_client() -> Iterator[FlaskClient]:
    register(tiny.RULESET)
    try:
        yield create_app({"TESTING": True}).test_client()
    finally:
        RULESETS.pop("tiny")


def test_a_ruleset_without_rulings_has_none(tiny_client: FlaskClient) -> None:
    assert tiny_client.get("/v1/rulesets/tiny/rulings").get_json() == {"rulings": []}
    page = tiny_client.get("/v1/rulesets/tiny/rulings", headers={"Accept": "text/html"})
    assert "states no rulings" in page.get_data(as_text=True)
    assert tiny_client.get("/v1/rulings/G-1").status_code == 200


@pytest.mark.parametrize("path", [*LISTS, "/v1/rulings/G-7", "/v1/rulings/YQ-23",
                                  "/v1/rulesets/chuzhou/rulings/CZ-5"])
def test_html_for_a_browser(client: FlaskClient, path: str) -> None:
    response = client.get(path, headers={"Accept": BROWSER})
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert "Accept" in response.headers["Vary"]
    text = response.get_data(as_text=True)
    assert text.startswith("<!DOCTYPE html>")
    assert "<script" not in text and "<link" not in text
    assert not re.search(r'(href|src)="(https?:)?//', text)
    assert client.get(path).mimetype == "application/json"  # and JSON otherwise


def test_html_renders_the_markdown_and_links_the_ids(client: FlaskClient) -> None:
    yq23 = client.get("/v1/rulings/YQ-23", headers={"Accept": "text/html"}).get_data(as_text=True)
    assert "<table>" in yq23 and "<td>全字</td>" in yq23
    g7 = client.get("/v1/rulings/G-7", headers={"Accept": "text/html"}).get_data(as_text=True)
    # Linked to its own place, relatively: the page works under a prefix too.
    assert '<a href="../rulesets/yueqing/rulings/YQ-22">YQ-22</a>' in g7
    cz15 = client.get("/v1/rulesets/chuzhou/rulings/CZ-15", headers={"Accept": "text/html"})
    assert '<a href="CZ-12">CZ-12</a>' in cz15.get_data(as_text=True)
    g1 = client.get("/v1/rulings/G-1", headers={"Accept": "text/html"}).get_data(as_text=True)
    assert "<code>123m456p11z</code>" in g1


# --- the parser ---------------------------------------------------------------------------

SAMPLE = """# A heading, and an introduction that is not a ruling

Text before the list, even **bold**.

- **X-1 First.** One line
  and its continuation.
- **X-2 Second, with a table.** Before it:

  | a | b |
  | --- | --- |
  | 1 | 2 |

  After it.
- **X-3 Bare.**
"""


def test_the_parser_reads_bullets_paragraphs_and_tables() -> None:
    assert parse(SAMPLE, "x") == [
        Ruling("X-1", "First", "One line and its continuation.", "x"),
        Ruling("X-2", "Second, with a table",
               "Before it:\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n\nAfter it.", "x"),
        Ruling("X-3", "Bare", "", "x"),
    ]


def test_the_parser_refuses_what_it_cannot_place() -> None:
    with pytest.raises(ValueError, match="line 3"):
        parse("- **X-1 One.** text\n\nan unindented line after the list\n")
    with pytest.raises(ValueError, match="X-1"):
        parse("- **X-1 One.** text\n- **X-1 Again.** text\n")


def test_a_ruling_url_is_its_place() -> None:
    assert Ruling("G-1", "t", "x", None).url == "/v1/rulings/G-1"
    assert Ruling("A-1", "t", "x", "a").url == "/v1/rulesets/a/rulings/A-1"


# --- one ruling, one place ------------------------------------------------------------------

DOCS = sorted((ROOT / "docs" / "rules").glob("*.md"))


def test_docs_carry_no_second_copy() -> None:
    bullets = re.compile(r"^- \*\*(?:G|CZ|YQ)-\d+ ", re.MULTILINE)
    assert not [p.name for p in DOCS if bullets.search(p.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("doc", [*DOCS, ROOT / "README.md"], ids=lambda p: p.name)
def test_relative_links_resolve_in_the_repository(doc: Path) -> None:
    text = doc.read_text(encoding="utf-8")
    assert "../shared/" not in text
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if "://" not in target:
            assert (doc.parent / target).exists(), f"{doc.name}: {target}"


def test_the_rule_texts_are_in_the_repository() -> None:
    sources = ROOT / "docs" / "rules" / "sources"
    assert "楚州麻将" in (sources / "chuzhou.txt").read_text(encoding="utf-8")
    assert "乐清麻将" in (sources / "yueqing.txt").read_text(encoding="utf-8")


# --- the contract -------------------------------------------------------------------------

def ruling_paths() -> dict[str, dict[str, Any]]:
    return {path: item for path, item in spec_paths().items() if "/rulings" in path}


def test_the_spec_paths_describe_the_endpoints(client: FlaskClient) -> None:
    paths = ruling_paths()
    assert set(paths) == {"/v1/rulings", "/v1/rulings/{ruling_id}",
                          "/v1/rulesets/{ruleset_id}/rulings",
                          "/v1/rulesets/{ruleset_id}/rulings/{ruling_id}"}
    for path, item in paths.items():
        operation = item["get"]
        assert operation["operationId"] and operation["summary"] and operation["tags"]
        assert "text/html" in operation["responses"]["200"]["content"]
        media = operation["responses"]["200"]["content"]["application/json"]
        if "{" not in path:
            assert media["example"] == client.get(path).get_json()
            continue
        assert "404" in operation["responses"]
        params = {p["name"]: p["schema"]["enum"] for p in operation["parameters"]}
        assert set(params) == set(re.findall(r"\{(\w+)\}", path))
        (example,) = media["examples"].values()  # a real answer: asked for again here
        assert client.get(example["summary"].removeprefix("GET ")).get_json() == example["value"]
    every_id = paths["/v1/rulings/{ruling_id}"]["get"]["parameters"][0]["schema"]["enum"]
    assert set(cited()) <= set(every_id)
