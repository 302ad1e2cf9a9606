"""Every request list is bounded, the bound checked before the items (issue #8), and tiles are
ASCII in both forms: a hostile or careless body gets a small 422 naming the field."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
import requests
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from service.schemas.fields import Tiles

CHUZHOU = {"dealer": 0, "winner": 1, "hand": {"concealed": "123m678m99p", "melds": [
    {"type": "chi", "tiles": "345s", "from": 0}, {"type": "peng", "tiles": "777p", "from": 3}]},
    "win": {"tile": "8m", "by": "discard", "from": 3}}
YUEQING = {"dealer": 0, "winner": 1, "caishen": "3z",
           "hand": {"concealed": "123m456m789p234s678s55s"},
           "win": {"tile": "8s", "by": "discard", "from": 3}}
ESCAPE = {"dealer": 0, "caishen": "5p", "escaper": 3, "players": [{"seat": 0}]}
DRAW = {"dealer": 0, "caishen": "5p", "players": [{"seat": 0}]}
TILES = Tiles(max_tiles=18)


def changed(body: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    copy: dict[str, Any] = json.loads(json.dumps(body))
    *parents, last = path.split(".")
    target = copy
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target.setdefault(key, {})
    target[last] = value
    return copy


@pytest.mark.parametrize(("path", "body", "field", "value", "message"), [
    ("/v1/chuzhou/score", CHUZHOU, "hand.melds", [{}] * 5, "at most 4 items are expected, not 5"),
    ("/v1/yueqing/score", YUEQING, "hand.melds", [{}] * 6, "at most 5 items are expected, not 6"),
    ("/v1/chuzhou/waits", {"concealed": "1m"}, "melds", [{}] * 5, "not 5"),
    ("/v1/yueqing/waits", {"concealed": "1m", "caishen": "1z"}, "melds", [{}] * 6, "not 6"),
    ("/v1/chuzhou/score", CHUZHOU, "zhen", [1] * 5, "exactly 4 items are expected, not 5"),
    ("/v1/chuzhou/score", CHUZHOU, "zhen", [1] * 3, "exactly 4 items are expected, not 3"),
    ("/v1/chuzhou/draw", {"dealer": 0}, "zhen", ["x"] * 200_000, "not 200000"),
    ("/v1/chuzhou/score", CHUZHOU, "situation.one_suit_seats", [0] * 5, "at most 4 items"),
    ("/v1/chuzhou/score", CHUZHOU, "situation.table_pengs", ["1m"] * 17, "at most 16 tiles"),
    ("/v1/chuzhou/score", CHUZHOU, "hand.concealed", ["1m"] * 19, "at most 18 tiles"),
    ("/v1/chuzhou/score", CHUZHOU, "hand.melds.0.tiles", ["3s", "4s", "5s", "6s", "7s"],
     "at most 4 tiles"),
    ("/v1/yueqing/escape", ESCAPE, "players", [{"seat": 0}] * 5, "1-4 items are expected"),
    ("/v1/yueqing/escape", ESCAPE, "players", [], "1-4 items are expected, not 0"),
    ("/v1/yueqing/draw", DRAW, "players", [{"seat": 9}] * 80_000,
     "not 80000"),
])
def test_lists_are_bounded(client: FlaskClient, path: str, body: dict[str, Any], field: str,
                           value: Any, message: str) -> None:
    response = client.post(path, json=changed(body, field, value))
    assert response.status_code == 422, response.json
    assert message in " ".join(response.json["errors"][field])
    assert len(response.data) < 2_000  # one message, not one per item


def test_a_megabyte_of_empty_melds_is_refused_at_once(live_server: str) -> None:
    """The issue's attack: ~260k `{}` melds just under the 1 MiB cap."""
    melds = ",".join(["{}"] * 262_000)
    body = '{"concealed": "1112345678999m", "melds": [' + melds + "]}"
    assert len(body) < 1024 * 1024
    started = time.perf_counter()
    response = requests.post(f"{live_server}/v1/chuzhou/waits", data=body,
                             headers={"Content-Type": "application/json"}, timeout=30)
    elapsed = time.perf_counter() - started
    print(f"262,000 melds refused in {elapsed * 1000:.0f} ms, {len(response.content)} bytes")
    assert response.status_code == 422
    assert response.json()["errors"] == {"melds": ["at most 4 items are expected, not 262000"]}


@pytest.mark.parametrize(("field", "raw", "said"), [
    ("hand.concealed", '["²m"]', "'²m' is not a tile"),
    ("hand.concealed", '["１m"]', "'１m' is not a tile"),
    ("hand.concealed", '"\\ud800m"', "'\\ud800' is not a tile number"),
    ("hand.concealed", '["\\ud800m"]', "is not a tile"),
    ("hand.concealed", '"１２３m"', "is not a tile number"),
    ("win.tile", '"１m"', "'１m' is not a tile"),
    ("win.tile", '" 8m"', "' 8m' is not a tile"),
])
def test_tiles_are_ascii_in_both_forms(client: FlaskClient, field: str, raw: str,
                                       said: str) -> None:
    placeholder = "PLACEHOLDER"
    body = json.dumps(changed(CHUZHOU, field, placeholder)).replace(f'"{placeholder}"', raw)
    response = client.post("/v1/chuzhou/score", data=body, content_type="application/json")
    assert response.status_code == 422
    assert list(response.json["errors"]) == [field]
    assert said in response.json["errors"][field][0]


def test_a_full_width_caishen_is_refused(client: FlaskClient) -> None:
    response = client.post("/v1/yueqing/score", json=changed(YUEQING, "caishen", "１z"))
    assert response.status_code == 422
    assert "Write '1z'" in response.json["errors"]["caishen"][0]


@given(st.one_of(st.text(max_size=40), st.lists(st.text(max_size=4), max_size=20)))
@settings(max_examples=300, deadline=None)
def test_any_tile_input_parses_or_says_why_in_utf8(value: Any) -> None:
    """Whatever text arrives (surrogates, other scripts' digits), the answer is tiles or a
    message JSON can carry: never an exception that becomes a 500."""
    try:
        tiles = TILES.deserialize(value)
    except ValidationError as exc:
        for message in exc.messages:
            str(message).encode("utf-8")
    else:
        assert all(0 <= t < 34 for t in tiles)
        text = value if isinstance(value, str) else "".join(value)
        assert text.isascii()
