"""Errors say where, and what was meant (issue #23): a batch item's own fields keep their
names, its request's are under ``request.``; an unknown field or value outside its choices
gets the known name it most likely meant, on every endpoint."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.hints import closest
from tests.test_input_bounds import CHUZHOU, changed

DRAW = {"ruleset": "chuzhou", "action": "draw", "request": {"dealer": 0, "kongs": 1}}


def results(client: FlaskClient, *items: Any) -> list[dict[str, Any]]:
    response = client.post("/v1/batch", json={"items": [DRAW, *items]})
    assert response.status_code == 200, response.get_data(as_text=True)
    found: list[dict[str, Any]] = response.get_json()["results"]
    assert found[0]["status"] == 200  # the good item beside the bad one is answered
    return found[1:]


def test_a_bad_item_requests_fields_are_named_under_request(client: FlaskClient) -> None:
    bad_meld = changed(CHUZHOU, "hand.melds.0.type", "triple")
    (result,) = results(client, {"id": 2, "ruleset": "chuzhou", "action": "score",
                                 "request": bad_meld})
    assert result["status"] == 422
    problem = result["problem"]
    assert list(problem["errors"]) == ["request.hand.melds.0.type"]
    assert problem["detail"].startswith("request.hand.melds.0.type: Must be one of: chi, ")
    # The single endpoint's problem otherwise, word for word.
    alone = client.post("/v1/chuzhou/score", json=bad_meld).get_json()
    assert problem["errors"]["request.hand.melds.0.type"] == alone["errors"]["hand.melds.0.type"]
    assert problem["detail"] == f"request.{alone['detail']}"
    assert problem["causes"] == [{**cause, "field": f"request.{cause['field']}"}
                                 for cause in alone["causes"]]
    assert {k: v for k, v in problem.items() if k not in ("errors", "detail", "causes")} == {
        k: v for k, v in alone.items() if k not in ("errors", "detail", "causes")}


def test_an_item_that_is_no_win_and_a_request_that_is_no_object(client: FlaskClient) -> None:
    no_win = changed(CHUZHOU, "hand.concealed", "123m678m19p")
    found = results(client, {"ruleset": "chuzhou", "action": "score", "request": no_win},
                    {"ruleset": "chuzhou", "action": "draw", "request": [1]})
    assert [r["status"] for r in found] == [422, 422]
    assert found[0]["problem"]["type"] == "/problems/not-a-win"
    assert list(found[0]["problem"]["errors"]) == ["request.hand.concealed"]
    assert found[1]["problem"]["errors"] == {"request": ["Invalid input type."]}


def test_an_items_own_fields_keep_their_names(client: FlaskClient) -> None:
    found = results(client,
                    {**DRAW, "foo": 1},
                    {**DRAW, "ruleset": "chuzou"},
                    {**DRAW, "action": "drwa"},
                    {"ruleset": "chuzhou", "action": "draw"})
    assert [r["status"] for r in found] == [422, 404, 404, 422]
    assert found[0]["problem"]["errors"] == {"foo": ["Unknown field."]}  # nothing close
    assert found[1]["problem"]["errors"]["ruleset"][1] == "Did you mean 'chuzhou'?"
    assert found[2]["problem"]["errors"]["action"][1] == "Did you mean 'draw'?"
    assert found[3]["problem"]["errors"] == {"request": ["Missing data for required field."]}


def test_an_unknown_item_field_gets_the_one_meant(client: FlaskClient) -> None:
    (result,) = results(client, {"id": 5, "rulset": "chuzhou", "action": "draw",
                                 "request": {"dealer": 0}})
    assert result["problem"]["errors"] == {
        "rulset": ["Unknown field.", "Did you mean 'ruleset'?"],
        "ruleset": ["Missing data for required field."]}


@pytest.mark.parametrize(("field", "value", "meant"), [
    ("hand.melds.0.type", "kong", "gang"),       # another word for it: ALIASES
    ("hand.melds.1.type", "pung", "peng"),
    ("hand.melds.0.type", "Chow", "chi"),
    ("hand.melds.1.type", "pen", "peng"),        # a slip: difflib
    ("hand.melds.1.type", "an_gang", "angang"),
    ("win.by", "self-draw", "self_draw"),
    ("win.by", "tsumo", "self_draw"),
])
def test_a_value_outside_its_choices_gets_the_one_meant(client: FlaskClient, field: str,
                                                        value: str, meant: str) -> None:
    response = client.post("/v1/chuzhou/score", json=changed(CHUZHOU, field, value))
    assert response.status_code == 422
    texts = response.get_json()["errors"][field]
    assert texts[0].startswith("Must be one of: ")  # marshmallow's own message, unchanged
    assert texts[1:] == [f"Did you mean '{meant}'?"]
    assert f"Did you mean '{meant}'?" in response.get_json()["detail"]


@pytest.mark.parametrize(("field", "meant"), [
    ("hand.kongs", "melds"),
    ("hand.meld", "melds"),
    ("win.form", "from"),
    ("situatoin", "situation"),
    ("winer", "winner"),
])
def test_an_unknown_field_gets_the_one_meant(client: FlaskClient, field: str,
                                             meant: str) -> None:
    response = client.post("/v1/chuzhou/score", json=changed(CHUZHOU, field, []))
    assert response.status_code == 422
    assert response.get_json()["errors"][field] == ["Unknown field.",
                                                    f"Did you mean '{meant}'?"]


def test_the_same_word_means_what_each_place_takes(client: FlaskClient) -> None:
    # kong is a meld type (gang) in a hand, but the draw request counts kongs itself.
    draw = client.post("/v1/chuzhou/draw", json={"dealer": 0, "kong": 1}).get_json()
    assert draw["errors"] == {"kong": ["Unknown field.", "Did you mean 'kongs'?"]}
    hand = client.post("/v1/chuzhou/score", json=changed(CHUZHOU, "hand.kong", [])).get_json()
    assert hand["errors"]["hand.kong"][1] == "Did you mean 'melds'?"


def test_nothing_close_means_no_guess(client: FlaskClient) -> None:
    response = client.post("/v1/chuzhou/score", json=changed(CHUZHOU, "win.by", "lightning"))
    assert response.get_json()["errors"] == {"win.by": ["Must be one of: self_draw, discard."]}
    assert closest("zzz", ["melds", "concealed"]) is None


def test_a_match_event_and_a_batch_of_one_say_where_and_what(client: FlaskClient) -> None:
    event = {"type": "win", "request": changed(
        {k: v for k, v in CHUZHOU.items() if k != "dealer"}, "hand.melds.0.type", "kong")}
    match = {"dealer": 0, "events": [event]}
    alone = client.post("/v1/chuzhou/match", json=match).get_json()
    assert alone["errors"] == {"events.0.request.hand.melds.0.type": [
        "Must be one of: chi, peng, gang, angang.", "Did you mean 'gang'?"]}
    (result,) = results(client, {"ruleset": "chuzhou", "action": "match", "request": match})
    assert list(result["problem"]["errors"]) == ["request.events.0.request.hand.melds.0.type"]
