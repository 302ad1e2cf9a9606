"""Errors that say how to fix the request (issue #9): notation hints, seats, hand size,
what a non-win leaves over; and every answer item carries id, name and name_en."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.test_input_bounds import CHUZHOU, YUEQING, changed


def errors(client: FlaskClient, path: str, body: dict[str, Any]) -> dict[str, list[str]]:
    response = client.post(path, json=body)
    assert response.status_code == 422, response.json
    found: dict[str, list[str]] = response.json["errors"]
    return found


@pytest.mark.parametrize(("concealed", "hint"), [
    ("123M678M99P", "Write '123678m99p' for '123M678M99P'"),
    ("一万二万三万678m99p", "Write '123678m99p'"),
    (["E", "S", "W", "N", "1m", "1m", "1m", "1m"], 'Write ["1z", "2z", "3z", "4z", "1m", '),
    ("东南西北中中发发", "Write '12346677z'"),
    ("１２３m678m99p", "Write '123678m99p'"),
])
def test_alternative_notations_get_the_codes_to_use(client: FlaskClient, concealed: Any,
                                                    hint: str) -> None:
    found = errors(client, "/v1/chuzhou/score", changed(CHUZHOU, "hand.concealed", concealed))
    message = found["hand.concealed"][0]
    assert hint in message
    assert "1-9 with m (万), p (饼) or s (条), 1-7 with z" in message  # the accepted notation


def test_a_bad_tile_without_an_alternative_still_shows_the_notation(client: FlaskClient) -> None:
    message = errors(client, "/v1/chuzhou/score", changed(CHUZHOU, "win.tile", "8z"))
    assert message == {"win.tile": [message["win.tile"][0]]}
    assert message["win.tile"][0].startswith("'8z' is not a tile (use 1-9 with m, p or s")
    assert "Write" not in message["win.tile"][0]


@pytest.mark.parametrize("field", ["dealer", "winner", "win.from", "hand.melds.0.from"])
def test_seat_errors_say_seats_are_0_to_3_in_turn_order(client: FlaskClient, field: str) -> None:
    found = errors(client, "/v1/chuzhou/score", changed(CHUZHOU, field, 4))
    assert found[field] == ["4 is not a seat: seats are 0-3 in turn order (G-2), "
                            "s+1 (mod 4) after s"]


@pytest.mark.parametrize(("concealed", "got", "slip"), [
    ("123m678m99p345s777p", 14, "the meld tiles seem to be repeated in concealed"),
    ("123m67m99p", 7, "is the winning tile missing? It belongs in concealed too"),
    ("123m678m99p8m", 9, "is the winning tile counted twice?"),
])
def test_hand_size_errors_say_what_concealed_holds(client: FlaskClient, concealed: str,
                                                   got: int, slip: str) -> None:
    found = errors(client, "/v1/chuzhou/score", changed(CHUZHOU, "hand.concealed", concealed))
    assert found["hand.concealed"] == [
        "with 2 meld(s), concealed holds 8 tiles (every standing tile, the winning tile "
        "included once; the tiles of melds are not repeated in it), but it holds "
        f"{got}: {slip}"]


def test_a_non_win_says_what_is_left_over(client: FlaskClient) -> None:
    found = errors(client, "/v1/chuzhou/score", changed(CHUZHOU, "hand.concealed", "123m678m19p"))
    assert found == {"hand.concealed": [
        "the standing tiles do not make two sets and a pair; the closest reading leaves "
        "1p, 9p over"]}


def test_a_yueqing_non_win_counts_the_caishen_as_wild(client: FlaskClient) -> None:
    # 3z is the 财神: it can fill 7s or 9s, but 1z and 2z stay over.
    body = changed(YUEQING, "hand.concealed", "123m456m789p234s68s3z12z")
    found = errors(client, "/v1/yueqing/score", body)
    assert found["hand.concealed"][0].endswith("the closest reading leaves 1z, 2z over")


def test_flower_items_and_escape_candidates_have_names(client: FlaskClient) -> None:
    body = {"dealer": 0, "caishen": "5p", "escaper": 3, "players": [
        {"seat": 0, "concealed": "1234567m", "flowers": 2, "melds": [
            {"type": "chi", "tiles": "123m", "from": 3}, {"type": "peng", "tiles": "999m",
                                                           "from": 2},
            {"type": "peng", "tiles": "555m", "from": 1}]},
        {"seat": 1, "concealed": "789p789p234s678s111z5s"},
        {"seat": 2, "concealed": "123p123p456s456s222z6s"}]}
    answer = client.post("/v1/yueqing/escape", json=body).json
    assert answer["claims"][0]["best"] == {"id": "full_flush", "name": "清一色",
                                           "name_en": "Full flush", "tai": 30}
    assert answer["claims"][1]["best"] is None
    assert answer["flowers"][0] == {"seat": 0, "count": 2, "tiao": 2}
    score = client.post("/v1/yueqing/score", json=changed(YUEQING, "hand.flowers", 2)).json
    assert score["flowers"]["items"] == [
        {"id": "flower_tiles", "name": "白板", "name_en": "Flower tiles", "flowers": 2}]
