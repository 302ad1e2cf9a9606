"""逃跑 (YQ-22, YQ-23): every judging-list candidate, its near miss, and the settlement."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.errors import ProblemError
from service.hand.groups import CHI, GANG, PENG, Meld
from service.rulesets.yueqing.escape import Holding, best, candidates
from service.rulesets.yueqing.rules import DEFAULT
from service.scoring import run_own
from service.tiles import WINDS, parse_tiles
from tests.budget import examples
from tests.chuzhou.helpers import meld

SOUTH = 28  # seat 1's wind when seat 0 deals
CAISHEN = 26  # 9s


def holding(standing: str, melds: tuple[str, ...] = (), flowers: int = 0,
            caishen: int = CAISHEN) -> Holding:
    built = []
    for spec in melds:
        m = meld(spec)
        built.append(Meld(m["type"], tuple(parse_tiles(m["tiles"])), m.get("from")))
    return Holding(tuple(parse_tiles(standing)), tuple(built), flowers, caishen, SOUTH)


def ids(h: Holding) -> list[str]:
    return [str(c["id"]) for c in candidates(h, DEFAULT.judges)]


CASES = [
    ("all_triplets", holding("111m222p333s4z", ("peng:777z:2", "peng:666z:3"))),
    ("half_flush", holding("1234567m", ("chi:123m:0", "peng:111z:2", "peng:555m:3"))),
    ("caishen_single_wait", holding("9s", ("chi:123m:0", "peng:444p:2", "peng:777s:3",
                                          "chi:456s:0", "peng:111z:2"))),
    ("three_caishen", holding("9s9s9s123m456p789p1z")),
    ("caishen_pair", holding("9s9s3m1z", ("chi:123m:0", "peng:444p:2", "peng:777s:3",
                                          "chi:456s:0"))),
    ("four_winds_shadow", holding("111z333z444z2z123m456p")),
    ("full_flush", holding("1234567m", ("chi:123m:0", "peng:999m:2", "peng:555m:3"))),
    ("caishen_triplet", holding("9s9s9s4z", ("chi:123m:0", "peng:444p:2", "peng:777s:3",
                                             "chi:456s:0"))),
    # YQ-23: a concealed triplet of another tile counts among the four sets.
    ("caishen_triplet", holding("9s9s9s111m4z", ("peng:444p:2", "peng:777s:3",
                                                 "chi:456s:0"))),
    ("three_beauties", holding("777z666z123m456p7p", flowers=3)),
    ("four_flowers", holding("123m456m789p234s678s5s", flowers=4)),
    ("four_winds", holding("111z222z333z444z1m")),
    ("hard_single_wait", holding("3m", ("chi:123m:0", "peng:444p:2", "peng:777s:3",
                                        "chi:456s:0", "peng:111z:2"))),
    # Five melds and a tile just drawn: two standing tiles, and still 单吊.
    ("hard_single_wait", holding("3m5p", ("chi:123m:0", "peng:444p:2", "peng:777s:3",
                                          "chi:456s:0", "peng:111z:2"))),
    # YQ-23: a standing 财神 (9s) is left out of the 全字 test; 9m is the one other tile.
    ("all_honors", holding("444z66z7z9m9s", ("peng:111z:1", "peng:222z:2", "peng:333z:3"))),
    ("all_honors", holding("1z", ("peng:222z:2", "peng:333z:3", "peng:444z:0",
                                  "peng:666z:2", "peng:777z:3"))),
]

NEAR_MISSES = [
    ("all_triplets", holding("111m222p345s4z", ("peng:777z:2", "peng:666z:3"))),
    ("half_flush", holding("1234567m", ("chi:123m:0", "peng:111z:2"))),  # two melds only
    ("caishen_single_wait", holding("3m", ("chi:123m:0", "peng:444p:2", "peng:777s:3",
                                           "chi:456s:0", "peng:111z:2"))),
    ("three_caishen", holding("9s9s123m456p789p12z")),
    ("caishen_pair", holding("9s9s3m1z123m", ("peng:444p:2", "peng:777s:3", "chi:456s:0"))),
    ("four_winds_shadow", holding("111z333z444z22z123m456p")),  # two seat-wind tiles
    ("four_winds_shadow", holding("111z333z444z2z123m456p", caishen=30)),  # 北 is the 财神
    ("full_flush", holding("1234567m", ("chi:123m:0", "peng:111z:2", "peng:555m:3"))),
    # 9m and 1p stand side by side in the tile order, and are two suits.
    ("full_flush", holding("1234569m", ("chi:123m:0", "peng:111p:2", "peng:555m:3"))),
    ("caishen_triplet", holding("9s9s9s4z1m2m3m", ("peng:444p:2", "peng:777s:3",
                                                   "chi:456s:0"))),
    # YQ-23: the three 财神 themselves are not one of the four sets.
    ("caishen_triplet", holding("9s9s9s4z6z", ("peng:444p:2", "peng:777s:3",
                                               "chi:456s:0"))),
    ("three_beauties", holding("77z9s666z123m456p7p", flowers=3)),  # no 财神 substitution
    ("four_flowers", holding("123m456m789p234s678s5s", flowers=3)),
    ("four_winds", holding("111z222z333z44z9s1m")),
    ("hard_single_wait", holding("9s", ("chi:123m:0", "peng:444p:2", "peng:777s:3",
                                        "chi:456s:0", "peng:111z:2"))),
    ("all_honors", holding("1m2m", ("peng:222z:2", "peng:333z:3", "chi:123p:0",
                                    "chi:456p:0"))),
    ("all_honors", holding("4z1m2m", ("peng:222z:2", "peng:333z:3", "peng:666z:0"))),
    ("all_honors", holding("444z66z7z", ("peng:222z:2", "peng:333z:3", "chi:123p:0"))),
]


@pytest.mark.parametrize(("candidate", "h"), CASES)
def test_candidate(candidate: str, h: Holding) -> None:
    assert candidate in ids(h)


@pytest.mark.parametrize(("candidate", "h"), NEAR_MISSES)
def test_near_miss(candidate: str, h: Holding) -> None:
    assert candidate not in ids(h)


def test_the_never_candidates_never_appear() -> None:
    every = {c for h in [x[1] for x in CASES] for c in ids(h)}
    assert not every & {"caishen_home_two", "single_wait_caishen", "heavenly_hand",
                        "earthly_hand", "caishen_home_three"}


def test_the_best_candidate_is_the_highest_and_a_tie_keeps_the_list_order() -> None:
    # 碰碰胡 and 混一色, 10 each: five triplets (two standing) of 万 and honours, three melds.
    h = holding("111m222m3m4z", ("peng:777z:2", "peng:666z:3", "peng:555m:1"))
    assert ids(h)[:2] == ["all_triplets", "half_flush"]
    found = best(candidates(h, DEFAULT.judges))
    assert found is not None and found["id"] == "all_triplets" and found["tai"] == 10
    h = holding("1234567m", ("chi:123m:0", "peng:999m:2", "peng:555m:3"))
    assert best(candidates(h, DEFAULT.judges)) == {
        "id": "full_flush", "name": "清一色", "name_en": "Full flush", "tai": 30}
    assert best([]) is None


def test_escape_settlement() -> None:
    body = {
        "dealer": 0, "caishen": "9s", "escaper": 3,
        "players": [
            {"seat": 0, "concealed": "1234567m", "flowers": 1,
             "melds": [{"type": "chi", "tiles": "123m", "from": 3},
                       {"type": "peng", "tiles": "999m", "from": 2},
                       {"type": "peng", "tiles": "555m", "from": 1}]},
            {"seat": 1, "concealed": "4s",
             "melds": [{"type": "chi", "tiles": "123p", "from": 0},
                       {"type": "peng", "tiles": "444p", "from": 2},
                       {"type": "peng", "tiles": "777s", "from": 3},
                       {"type": "chi", "tiles": "456p", "from": 0},
                       {"type": "peng", "tiles": "111z", "from": 2}]},
            {"seat": 2, "concealed": "1p2p3p5p6p7p8p9p1s2s3s4s5s6s7s8s"},
        ],
    }
    result = run_own("yueqing", "escape", body)
    claims = {c["seat"]: c for c in result["claims"]}
    assert claims[0]["best"] == {"id": "full_flush", "name": "清一色", "name_en": "Full flush",
                                 "tai": 30}
    assert claims[1]["best"] == {"id": "hard_single_wait", "name": "硬吊",
                                 "name_en": "Hard single wait", "tai": 30}
    assert claims[2] == {"seat": 2, "candidates": [], "best": None}
    assert result["fine"] == 10
    # Seat 0's one flower is 1 条 from each other seat; the escaper pays 30 + 30 and the fine.
    assert result["flowers"] == [{"seat": 0, "count": 1, "tiao": 1},
                                 {"seat": 1, "count": 0, "tiao": 0},
                                 {"seat": 2, "count": 0, "tiao": 0}]
    assert result["settlement"]["net"] == [30 + 3, 30 - 1, -1, -30 - 30 - 1 - 10]
    assert sum(result["settlement"]["net"]) == -10


def test_escape_with_a_standing_caishen_keeps_all_honours() -> None:
    # The issue's table: dealer 0, 财神 1s, seat 3 escapes. Seat 0's standing 1s is left out
    # of the 全字 test (YQ-23), so 9m is its one other tile: 全字 100 beats 四风齐 30.
    body = {
        "dealer": 0, "caishen": "1s", "escaper": 3,
        "players": [
            {"seat": 0, "concealed": "444z66z7z9m1s",
             "melds": [{"type": "peng", "tiles": "111z", "from": 1},
                       {"type": "peng", "tiles": "222z", "from": 2},
                       {"type": "peng", "tiles": "333z", "from": 3}]},
            {"seat": 1, "concealed": "123m456m789p234s678s5s"},
            {"seat": 2, "concealed": "123p456p789m234m567s5p"},
        ],
    }
    result = run_own("yueqing", "escape", body)
    claims = {c["seat"]: c for c in result["claims"]}
    assert claims[0]["candidates"] == [
        {"id": "half_flush", "name": "混一色", "name_en": "Half flush", "tai": 10},
        {"id": "four_winds", "name": "四风齐", "name_en": "Four winds", "tai": 30},
        {"id": "all_honors", "name": "全字", "name_en": "All honours", "tai": 100}]
    assert claims[0]["best"] == claims[0]["candidates"][2]
    assert claims[1]["best"] is None and claims[2]["best"] is None
    # Seat 0's flowers: the 东 碰 (its seat wind) and the 财神 held, 2 条 from each other seat.
    assert result["flowers"][0] == {"seat": 0, "count": 2, "tiao": 2}
    assert result["settlement"]["net"] == [100 + 6, -2, -2, -100 - 2 - 10]


# The candidates whose test looks at the standing 财神 or at how many tiles stand.
CAISHEN_CANDIDATES = {"caishen_single_wait", "three_caishen", "caishen_pair",
                      "caishen_triplet", "hard_single_wait"}

# Honours and short standing hands half the time, so the honour and one-suit tests get hit.
any_tile = st.one_of(st.integers(27, 33), st.integers(0, 33))
a_meld = st.one_of(
    st.builds(lambda s, n, src: Meld(CHI, (s * 9 + n, s * 9 + n + 1, s * 9 + n + 2), src),
              st.integers(0, 2), st.integers(0, 6), st.integers(0, 3)),
    st.builds(lambda t, src: Meld(PENG, (t,) * 3, src), any_tile, st.integers(0, 3)),
    st.builds(lambda t, src: Meld(GANG, (t,) * 4, src), any_tile, st.integers(0, 3)),
)
holdings = st.builds(
    Holding,
    standing=st.one_of(st.lists(any_tile, max_size=3), st.lists(any_tile, max_size=17)).map(tuple),
    melds=st.lists(a_meld, max_size=5).map(tuple),
    flowers=st.integers(0, 4),
    caishen=any_tile,
    seat_wind=st.sampled_from(WINDS),
)


@settings(max_examples=examples(300), deadline=None)
@given(holdings)
def test_a_standing_caishen_changes_only_the_caishen_candidates(h: Holding) -> None:
    """YQ-23: standing 财神 are never substituted and are left out of the one-suit and 全字
    tests, so adding one changes no other candidate's eligibility."""
    with_one_more = h._replace(standing=h.standing + (h.caishen,))
    before = set(ids(h)) - CAISHEN_CANDIDATES
    after = set(ids(with_one_more)) - CAISHEN_CANDIDATES
    assert before == after


@pytest.mark.parametrize("field", ["base", "multiplier"])
def test_a_null_fine_part_is_refused_and_an_absent_one_is_the_rules(field: str) -> None:
    """YQ-22: the fine's base and multiplier default to the rules' values when not sent; a
    null is not a number and is refused, naming the field."""
    body = {"dealer": 0, "caishen": "9s", "escaper": 3,
            "players": [{"seat": seat, "concealed": f"1234567m1234567p{seat + 1}{seat + 1}s"}
                        for seat in range(3)]}
    assert run_own("yueqing", "escape", dict(body))["fine"] == 10
    assert run_own("yueqing", "escape", {**body, "rules": {"escape_fine_base": 3}})["fine"] == 30
    assert run_own("yueqing", "escape", {**body, "rules": {"escape_fine_base": 3},
                                     field: 2})["fine"] == (20 if field == "base" else 6)
    with pytest.raises(ProblemError) as refused:
        run_own("yueqing", "escape", {**body, field: None})
    assert refused.value.status == 422 and field in refused.value.errors


ESCAPED = {"caishen": "5p", "escaper": 3, "players": [
    {"seat": 0, "concealed": "1234567m", "melds": [
        {"type": "chi", "tiles": "123m", "from": 3}, {"type": "peng", "tiles": "999m", "from": 2},
        {"type": "peng", "tiles": "555m", "from": 1}]},
    {"seat": 1, "concealed": "789p789p234s678s444z5s"},
    {"seat": 2, "concealed": "123p123p456s456s666z6s"}]}
KONG = {"type": "gang", "tiles": "9999m", "from": 2}


# Seat 1 runs, seats 0, 2 and 3 stay (an escaper before the dealer in seat order).
SEAT_1_RAN = {**ESCAPED, "escaper": 1, "players": [
    ESCAPED["players"][0], {**ESCAPED["players"][2], "seat": 3},  # type: ignore[index]
    {**ESCAPED["players"][1], "seat": 2}]}  # type: ignore[index]


def _with_kong() -> dict[str, object]:
    players = [dict(player) for player in ESCAPED["players"]]  # type: ignore[attr-defined]
    players[0]["melds"] = [*players[0]["melds"][:1], KONG, players[0]["melds"][2]]
    return {**ESCAPED, "players": players}


@pytest.mark.parametrize(("sent", "rules", "expected"), [
    # Nobody won and the escaper is not the dealer: as a drawn hand, the dealer stays, 牢庄 kept.
    ({"dealer": 0, "lao_zhuang": 2}, {}, {"dealer": 0, "lao_zhuang": 2}),
    ({"dealer": 1}, {}, {"dealer": 1, "lao_zhuang": 0}),  # 牢庄 left out: 0
    # The dealer escaped: the 下家 deals, 牢庄 0 (docs/rules/yueqing.md).
    ({"dealer": 3, "lao_zhuang": 4}, {}, {"dealer": 0, "lao_zhuang": 0}),
    ({"dealer": 1, "lao_zhuang": 4, "seat_1_ran": True}, {}, {"dealer": 2, "lao_zhuang": 0}),
    # A player before the dealer ran: the dealer stays.
    ({"dealer": 2, "lao_zhuang": 4, "seat_1_ran": True}, {}, {"dealer": 2, "lao_zhuang": 4}),
    # A kong of four real tiles was made: the deal passes (YQ-20), unless the rules say not.
    ({"dealer": 0, "lao_zhuang": 2, "kong": True}, {}, {"dealer": 1, "lao_zhuang": 0}),
    ({"dealer": 0, "lao_zhuang": 2, "kong": True}, {"kong_passes_deal": False},
     {"dealer": 0, "lao_zhuang": 2}),
])
def test_an_escape_answers_the_next_dealer_and_lao_zhuang(
        sent: dict[str, object], rules: dict[str, object], expected: dict[str, int]) -> None:
    sent = dict(sent)  # the table's own stays as written
    base = SEAT_1_RAN if sent.pop("seat_1_ran", False) else ESCAPED
    body = {**(_with_kong() if sent.pop("kong", False) else base), **sent}
    if rules:
        body["rules"] = rules
    assert run_own("yueqing", "escape", body)["next"] == expected


def test_an_escape_refuses_a_lao_zhuang_above_the_rules_cap() -> None:
    body = {**ESCAPED, "dealer": 0, "lao_zhuang": 3, "rules": {"lao_zhuang_cap": 2}}
    with pytest.raises(ProblemError) as refused:
        run_own("yueqing", "escape", body)
    assert set(refused.value.errors) == {"lao_zhuang"}


def test_an_escape_names_four_flowers_after_red_when_white_is_the_caishen() -> None:
    # YQ-3: 白板 is the 财神, so 红中 serves as the flower and 四白板 is called 四红中, as in a
    # win's answer. Seat 0 laid aside all four flowers (5 花, YQ-16) and holds one 财神 (1 花):
    # 6 花 is (6 - 2) × 6 = 24 条 from each other seat (YQ-17). The escaper pays 四红中 30, its
    # 24 条 and the fine 10; seats 1 and 2 can make nothing and pay 24 条 each.
    body = {
        "dealer": 0, "caishen": "5z", "escaper": 3,
        "players": [
            {"seat": 0, "concealed": "1m2m4m7m8p9p1s3s5s7s8s9s1z3z5z6z", "flowers": 4},
            {"seat": 1, "concealed": "1m3m5m7m9m2p4p6p8p1s3s5s7s9s2z4z"},
            {"seat": 2, "concealed": "2m4m6m8m1p3p5p7p9p2s4s6s8s1z3z6z"},
        ],
    }
    result = run_own("yueqing", "escape", body)
    claims = {c["seat"]: c for c in result["claims"]}
    assert claims[0]["candidates"] == [{"id": "four_flowers", "name": "四红中",
                                        "name_en": "Four flowers", "tai": 30}]
    assert claims[0]["best"] == claims[0]["candidates"][0]
    assert claims[1]["best"] is None and claims[2]["best"] is None
    assert result["flowers"][0] == {"seat": 0, "count": 6, "tiao": 24}
    assert result["settlement"]["net"] == [30 + 3 * 24, -24, -24, -30 - 24 - 10]
