"""The contract says the shapes exactly (issue #23): a concealed kong has no `from` and a
claimed meld needs one, a discard win needs `from` and a self-drawn one has none, and every
real answer with a union in it (match events, batch results) meets exactly one branch."""

from __future__ import annotations

from typing import Any

import pytest
from openapi_schema_validator import OAS31Validator

from service.batch import run_batch
from service.openapi import build_spec, examples
from tests.test_open_ids import SPEC_URI, spec_registry


def component(name: str) -> OAS31Validator:
    return OAS31Validator({"$ref": f"{SPEC_URI}#/components/schemas/{name}"},
                          registry=spec_registry())


@pytest.mark.parametrize(("meld", "valid"), [
    ({"type": "angang", "tiles": "5555m"}, True),
    ({"type": "angang", "tiles": "5555m", "from": 2}, False),  # a concealed kong has no seat
    ({"type": "peng", "tiles": "777p", "from": 3}, True),
    ({"type": "peng", "tiles": "777p"}, False),  # a claimed meld names its seat
    ({"type": "chi", "tiles": "345s", "from": None}, False),
    ({"type": "kong", "tiles": "5555m"}, False),
])
def test_melds_are_split_by_kind(meld: dict[str, Any], valid: bool) -> None:
    assert component("Meld").is_valid(meld) is valid


@pytest.mark.parametrize("win_component", ["ChuzhouWin", "YueqingWin"])
@pytest.mark.parametrize(("win", "valid"), [
    ({"tile": "8m", "by": "discard", "from": 3}, True),
    ({"tile": "8m", "by": "discard"}, False),  # a discard came from some seat
    ({"tile": "8m", "by": "self_draw"}, True),
    ({"tile": "8m", "by": "self_draw", "from": 1}, False),
])
def test_wins_are_split_by_how_the_tile_came(win_component: str, win: dict[str, Any],
                                             valid: bool) -> None:
    assert component(win_component).is_valid(win) is valid


SPEC = build_spec()
POSTS = [(path, item["post"]) for path, item in SPEC["paths"].items() if "post" in item]


@pytest.mark.parametrize(("path", "op"), POSTS, ids=[path for path, _ in POSTS])
def test_each_example_exchange_meets_its_schemas(path: str, op: dict[str, Any]) -> None:
    pointer = f"paths/{path.replace('/', '~1')}/post"
    request = OAS31Validator(
        {"$ref": f"{SPEC_URI}#/{pointer}/requestBody/content/application~1json/schema"},
        registry=spec_registry())
    answer = OAS31Validator(
        {"$ref": f"{SPEC_URI}#/{pointer}/responses/200/content/application~1json/schema"},
        registry=spec_registry())
    for media, validator in ((op["requestBody"]["content"]["application/json"], request),
                             (op["responses"]["200"]["content"]["application/json"], answer)):
        shown = [media["example"]] if "example" in media else [
            named["value"] for named in media["examples"].values()]
        for example in shown:
            validator.validate(example)


def test_a_batch_result_meets_exactly_one_branch() -> None:
    items = examples()["batch"]["request"]["items"]
    bad = {**items[0], "id": "bad", "request": {**items[0]["request"], "dealer": 9}}
    results = run_batch({"items": [items[0], bad, *items[1:], "not an item"]})["results"]
    assert {result["status"] for result in results} == {200, 422}  # answers and problems
    for result in results:
        assert component("BatchItemResult").is_valid(result), result
        wrong = {**result, "ruleset": "nope"} if result["status"] == 200 else \
            {**result, "status": 200}
        assert not component("BatchItemResult").is_valid(wrong)
