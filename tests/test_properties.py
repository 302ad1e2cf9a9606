"""Properties over many hands: no input breaks the service, money balances, order is
irrelevant. Hypothesis drives generated winning hands and arbitrary bodies."""

from __future__ import annotations

import random
from typing import Any

from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.hands import chuzhou_hands, yueqing_hands
from service.errors import ProblemError
from service.scoring import run_own, score
from service.tiles import code, parse_tiles

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
TILE_CODES = [code(t) for t in range(34)]

tiles_text = st.lists(st.sampled_from(TILE_CODES), max_size=20).map("".join)
seat = st.integers(min_value=-1, max_value=4)
meld = st.fixed_dictionaries(
    {"type": st.sampled_from(["chi", "peng", "gang", "angang"]), "tiles": tiles_text},
    optional={"from": seat})
hand = st.fixed_dictionaries(
    {"concealed": tiles_text},
    optional={"melds": st.lists(meld, max_size=5), "flowers": st.integers(-1, 5)})
win = st.fixed_dictionaries(
    {"tile": st.sampled_from(TILE_CODES),
     "by": st.sampled_from(["self_draw", "discard", "robbing_kong"])},
    optional={"from": seat})
flags = st.dictionaries(
    st.sampled_from(["declared_ready", "ready_first_turn", "heavenly", "earthly", "last_tile",
                     "after_kong"]), st.booleans())
chuzhou_body = st.fixed_dictionaries(
    {"dealer": seat, "winner": seat, "hand": hand, "win": win},
    optional={"situation": flags, "zhen": st.lists(st.integers(0, 3), min_size=4, max_size=4)})
yueqing_body = st.fixed_dictionaries(
    {"dealer": seat, "winner": seat, "hand": hand, "win": win,
     "caishen": st.sampled_from(TILE_CODES)},
    optional={"situation": flags, "lao_zhuang": st.integers(-1, 3)})


def _answers_or_refuses(ruleset: str, body: Any) -> None:
    try:
        result = score(ruleset, body)
    except ProblemError as exc:
        assert 400 <= exc.problem()["status"] < 500
        assert exc.problem()["errors"], exc.problem()
    else:
        assert sum(result["settlement"]["net"]) == 0


@SETTINGS
@given(chuzhou_body)
def test_any_chuzhou_body_is_answered_or_refused(body: dict[str, Any]) -> None:
    _answers_or_refuses("chuzhou", body)


@SETTINGS
@given(yueqing_body)
def test_any_yueqing_body_is_answered_or_refused(body: dict[str, Any]) -> None:
    _answers_or_refuses("yueqing", body)


@SETTINGS
@given(st.integers(0, 10_000), st.integers(0, 3), st.integers(0, 3))
def test_generated_chuzhou_wins_balance_and_ignore_order(seed: int, dealer: int,
                                                         shift: int) -> None:
    body = chuzhou_hands(1, seed=seed)[0]
    body["dealer"] = dealer
    body["zhen"] = [1 + (shift + s) % 3 for s in range(4)]
    first = score("chuzhou", body)
    assert sum(first["settlement"]["net"]) == 0
    assert first["fan"] >= 10
    tiles = [code(t) for t in parse_tiles(body["hand"]["concealed"])]
    random.Random(seed).shuffle(tiles)
    body["hand"]["concealed"] = tiles
    again = score("chuzhou", body)
    assert (again["fan"], again["settlement"]) == (first["fan"], first["settlement"])


@SETTINGS
@given(st.integers(0, 10_000), st.booleans())
def test_generated_yueqing_wins_balance_and_ignore_order(seed: int, wilds: bool) -> None:
    body = yueqing_hands(1, seed=seed, wilds=wilds)[0]
    first = score("yueqing", body)
    assert sum(first["settlement"]["net"]) == 0
    tiles = [code(t) for t in parse_tiles(body["hand"]["concealed"])]
    random.Random(seed).shuffle(tiles)
    body["hand"]["concealed"] = tiles
    again = score("yueqing", body)
    assert (again["tai"], again["settlement"]) == (first["tai"], first["settlement"])


@SETTINGS
@given(st.integers(0, 10_000))
def test_waits_of_a_generated_hand_include_its_winning_tile(seed: int) -> None:
    body = chuzhou_hands(1, seed=seed)[0]
    tiles = parse_tiles(body["hand"]["concealed"])
    tiles.remove(parse_tiles(body["win"]["tile"])[0])
    waiting = {"concealed": [code(t) for t in tiles], "melds": body["hand"]["melds"]}
    assert body["win"]["tile"] in run_own("chuzhou", "waits", waiting)["waits"]


@SETTINGS
@given(st.one_of(chuzhou_body, st.dictionaries(st.text(max_size=5), st.integers()),
                 st.lists(st.integers(), max_size=3), st.text(max_size=10)))
def test_no_body_yields_a_server_error(client: FlaskClient, body: Any) -> None:
    for path in ("/v1/chuzhou/score", "/v1/yueqing/score", "/v1/yueqing/escape",
                 "/v1/yueqing/draw", "/v1/chuzhou/waits"):
        response = client.post(path, json=body)
        assert response.status_code < 500, (path, response.json)
