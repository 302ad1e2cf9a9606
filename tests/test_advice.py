"""The advice (G-9) on worked hands of each form: Chuzhou's 七对 and its declaration (CZ-10),
a 财神 pair and three 财神 in Yueqing, the order of a winning-size hand's discards, what each
wait pays, refusals; through the core, a batch, the command line and the real server."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest
import requests

from service.actions import answer, run
from service.batch import run_batch
from service.errors import ProblemError, TooMuchWork
from service.hand.advice import order
from tests.test_batch import CLI

ALL_BUT_FLOWER_1Z = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + ["1z", "2z", "3z", "4z",
                                                                       "6z", "7z"]


def useful(advice: dict[str, Any]) -> dict[str, int]:
    return {entry["tile"]: entry["left"] for entry in advice["useful"]}


def test_seven_pairs_ready_declarable_and_what_declaring_adds() -> None:
    """CZ-10: 七对 waits on its one odd tile, may be declared, and wins only declared."""
    advice = run("chuzhou", "advice", {"concealed": "1122m3344p5566s7z", "visible": "7z"})
    assert advice["shanten"] == 0
    assert advice["waits"] == ["7z"] and advice["single_wait"] is True
    assert useful(advice) == {"7z": 2} and advice["useful_total"] == 2
    assert advice["declarable"] is True
    assert advice["declaring_adds"] == ["seven_pairs"]


def test_seven_pairs_one_from_ready() -> None:
    """Five pairs and three odd tiles: pairing any of them makes 七对 ready (G-9)."""
    advice = run("chuzhou", "advice", {"concealed": "1122m3344p5567s1z"})
    assert advice["shanten"] == 1
    assert useful(advice) == {"6s": 3, "7s": 3, "1z": 3}
    assert advice["useful_total"] == 9
    assert "waits" not in advice


def test_seven_pairs_are_not_read_with_a_meld() -> None:
    advice = run("chuzhou", "advice", {"concealed": "1122m3344p6z7z", "melds": [
        {"type": "peng", "tiles": "555s", "from": 2}]})
    # without the meld, five pairs would be one from 七对; with it, three sets and a pair of
    # four pairs and two odd tiles lack three tiles
    assert advice["shanten"] == 2


def test_a_single_wait_on_a_five_adds_centre_five() -> None:
    advice = run("chuzhou", "advice", {"concealed": "123m456p789s11z46m"})
    assert advice["waits"] == ["5m"] and advice["declarable"] is True
    assert advice["declaring_adds"] == ["center_five"]
    several = run("chuzhou", "advice", {"concealed": "1112345678999m"})
    assert several["declarable"] is False and "declaring_adds" not in several
    assert useful(several) == {f"{n}m": 1 if n in (1, 9) else 3 for n in range(1, 10)}


def test_without_a_winner_declaring_is_judged_for_a_seat_that_could_claim_the_melds() -> None:
    """Chis claimed from seat 1 are seat 2's (its 上家 is seat 1): declaring the single wait
    on 5m adds 中心5 for that seat, whether the request names it or not (G-9)."""
    melds = [{"type": "peng", "tiles": "777s", "from": 3},
             {"type": "chi", "tiles": "234s", "from": 1},
             {"type": "chi", "tiles": "234p", "from": 1}]
    unnamed = run("chuzhou", "advice", {"concealed": "46m11z", "melds": melds})
    named = run("chuzhou", "advice", {"concealed": "46m11z", "melds": melds, "winner": 2,
                                      "dealer": 0})
    assert unnamed["waits"] == named["waits"] == ["5m"]
    assert unnamed["declaring_adds"] == named["declaring_adds"] == ["center_five"]
    with pytest.raises(ProblemError) as refused:  # chis from two seats: no one player's
        run("chuzhou", "advice", {"concealed": "46m11z", "melds": [
            *melds[:2], {"type": "chi", "tiles": "234p", "from": 2}]})
    assert refused.value.status == 422 and "melds" in refused.value.errors


def test_what_each_wait_pays_and_what_is_expected() -> None:
    """With the winner and dealer, a ready hand's waits are valued as `waits` values them, and
    `expected` averages the winner's net over the ways, by copies left."""
    body = {"concealed": "1122m3344p5566s7z", "winner": 1, "dealer": 0}
    advice = run("chuzhou", "advice", body)
    waits = run("chuzhou", "waits", {k: v for k, v in body.items()})
    assert advice["values"] == waits["values"]
    ways = [waits["values"][0]["self_draw"], *waits["values"][0]["discard"]]
    assert advice["expected"] == round(sum(way["net"][1] for way in ways) / 4, 2)


def test_a_caishen_pair_wins_and_each_discard_is_ordered() -> None:
    """YQ-2: two 财神 stand as the pair: the hand wins (-1); discarding one leaves a 财神
    that waits on any tile that can be drawn (the flower tile never is, YQ-3)."""
    advice = run("yueqing", "advice", {"concealed": "123m456m789p234s678s11z", "caishen": "1z"})
    assert advice["shanten"] == -1
    by_tile = {entry["tile"]: entry for entry in advice["discards"]}
    caishen = by_tile["1z"]
    assert caishen["shanten"] == 0 and caishen["waits"] == ALL_BUT_FLOWER_1Z
    # three 财神 in play: one held, one discarded (seen on the table), one left
    assert useful(caishen)["1z"] == 1
    # every discard leaves a hand ready on anything, as many left: tile order decides
    assert {entry["shanten"] for entry in advice["discards"]} == {0}
    assert {entry["useful_total"] for entry in advice["discards"]} == {caishen["useful_total"]}
    assert [entry["tile"] for entry in advice["discards"]][:3] == ["1m", "2m", "3m"]
    assert advice["discards"] == sorted(advice["discards"], key=order)


def test_three_caishen_wait_on_anything_and_none_is_left_to_draw() -> None:
    advice = run("yueqing", "advice", {"concealed": "123m456m789p234s6s111z", "caishen": "1z",
                                       "visible": "6s6s"})
    assert advice["shanten"] == 0
    assert advice["waits"] == [t for t in ALL_BUT_FLOWER_1Z if t != "1z"]  # all three held
    assert useful(advice)["6s"] == 1 and useful(advice)["1m"] == 3 and "1z" not in useful(advice)


def test_a_drawn_caishen_always_helps() -> None:
    advice = run("yueqing", "advice", {"concealed": "189m19p19s123467z234s", "caishen": "5p"})
    assert "5p" in useful(advice) and useful(advice)["5p"] == 3
    assert "5z" not in useful(advice)  # the flower tile is laid aside, never drawn


def test_winning_size_discards_best_first() -> None:
    """G-9: the lowest shanten, then the most useful tiles left, then tile order."""
    advice = run("chuzhou", "advice", {"concealed": "123m456p789s11z456m"})
    assert advice["shanten"] == -1
    firsts = [(d["tile"], d["shanten"], d["useful_total"]) for d in advice["discards"][:3]]
    assert firsts == [("1m", 0, 10), ("4m", 0, 7), ("4p", 0, 7)]
    assert advice["discards"] == sorted(advice["discards"], key=order)


@pytest.mark.parametrize(("ruleset", "body", "field"), [
    ("chuzhou", {"concealed": "123m456p789s11z"}, "concealed"),
    ("chuzhou", {"concealed": "1122m3344p5566s7z", "visible": "7z7z7z7z"}, "visible"),
    ("chuzhou", {"concealed": "1122m3344p5566s7z", "visible": "8z"}, "visible"),
    ("yueqing", {"concealed": "123m456m789p234s6s111z", "caishen": "1z", "visible": "1z"},
     "visible"),
    ("yueqing", {"concealed": "123m456m789p234s6s115z", "caishen": "1z"}, "concealed"),
    ("chuzhou", {"concealed": "1122m3344p5566s7z", "winner": 1}, "dealer"),
])
def test_bad_input_is_a_problem_naming_the_field(ruleset: str, body: dict[str, Any],
                                                 field: str) -> None:
    with pytest.raises(ProblemError) as refused:
        run(ruleset, "advice", body)
    assert refused.value.status == 422
    assert field in refused.value.errors


def test_what_each_wait_pays_is_weighed_before_it_is_scored(monkeypatch: Any) -> None:
    from service import work
    # the reading (ADVICE) fits, valuing 9 waits four ways (36) not
    monkeypatch.setattr(work, "MAX_WORK", work.ADVICE + 35)
    with pytest.raises(TooMuchWork) as refused:
        answer("chuzhou", "advice", {"concealed": "1112345678999m", "winner": 1, "dealer": 0})
    assert "ask without winner and dealer" in refused.value.errors["concealed"][0]


def test_a_batch_of_advice_is_bounded_as_a_whole(monkeypatch: Any) -> None:
    """Each item's valuing counts against the batch's whole: 九莲 (1112345678999m) waits on all
    nine tiles, 9 × 4 ways = 36 hands on top of the ADVICE its reading is admitted for; once
    the batch's running total would pass MAX_WORK (here room for two valuings beside the
    readings), an item is refused with its own 413 before it scores anything, and the rest
    are still answered."""
    from service import work
    from service.work import ADVICE, WAYS
    count, valued = 3, 2
    monkeypatch.setattr(work, "MAX_WORK", count * ADVICE + valued * 9 * WAYS + 9 * WAYS - 1)
    item = {"ruleset": "chuzhou", "action": "advice",
            "request": {"concealed": "1112345678999m", "winner": 1, "dealer": 0}}
    results = run_batch({"items": [item] * count})["results"]
    statuses = [result["status"] for result in results]
    assert statuses == [200] * valued + [413] * (count - valued)
    assert all(len(result["answer"]["values"]) == 9 for result in results[:valued])


def test_a_batch_and_the_command_line_answer_advice() -> None:
    item = {"id": 1, "ruleset": "chuzhou", "action": "advice",
            "request": {"concealed": "1245m456p789s11z3z", "visible": "3m3m"}}
    result = run_batch({"items": [item]})["results"][0]
    assert result["status"] == 200
    assert useful(result["answer"]) == {"3m": 2, "6m": 4}
    done = subprocess.run(CLI, input=json.dumps(item) + "\n", capture_output=True, text=True,
                          timeout=60, check=True)
    line = json.loads(done.stdout)
    assert line["status"] == 200 and line["answer"] == result["answer"]


def test_advice_end_to_end(live_server: str) -> None:
    response = requests.post(f"{live_server}/v1/chuzhou/advice",
                             json={"concealed": "1122m3344p5566s7z"}, timeout=5)
    assert response.status_code == 200
    assert response.json()["declaring_adds"] == ["seven_pairs"]
    response = requests.post(f"{live_server}/v1/yueqing/advice", json={
        "concealed": "123m456m789p234s678s11z", "caishen": "1z"}, timeout=5)
    assert response.status_code == 200 and response.json()["shanten"] == -1
    response = requests.post(f"{live_server}/v1/yueqing/advice", json={
        "concealed": "123m", "caishen": "1z"}, timeout=5)
    assert response.status_code == 422
    assert response.headers["Content-Type"] == "application/problem+json"
    assert "concealed" in response.json()["errors"]


def test_yueqing_waits_valued_and_discards_ordered_by_what_they_pay() -> None:
    """A single wait on 5p and the 财神 drawn: both valued as `waits` values them; of a
    winning-size hand, discards tied on shanten and tiles left go by `expected` (G-9)."""
    body = {"concealed": "123m456m789p234s678s5p", "caishen": "1z", "winner": 1, "dealer": 0}
    advice = run("yueqing", "advice", body)
    waits = run("yueqing", "waits", body)
    assert advice["waits"] == waits["waits"] == ["5p", "1z"]
    assert advice["values"] == waits["values"]
    assert isinstance(advice["expected"], float) and advice["expected"] > 0
    grown = run("yueqing", "advice", {**body, "concealed": "123m456m789p234s678s5p9p"})
    ready = [entry for entry in grown["discards"] if entry["shanten"] == 0]
    assert [entry["tile"] for entry in ready] == ["5p", "8p", "9p"]
    assert all("values" in entry and "expected" in entry for entry in ready)
    assert grown["discards"] == sorted(grown["discards"], key=order)
