"""Tiles named and drawn, and every id an answer carries labelled (issue #45)."""

from __future__ import annotations

import unicodedata

from flask.testing import FlaskClient

from service.rulesets import RULESETS
from service.tiles import CODES

ZH = {"Accept-Language": "zh-CN"}


def test_the_34_tiles_with_chinese_names_and_glyphs(client: FlaskClient) -> None:
    answer = client.get("/v1/tiles", headers=ZH)
    assert answer.status_code == 200 and answer.headers["Content-Language"] == "zh-CN"
    tiles = answer.get_json()["tiles"]
    assert [tile["code"] for tile in tiles] == list(CODES)  # G-1, in tile order
    by_code = {tile["code"]: tile for tile in tiles}
    for code, name, traditional in (("1m", "一万", "一萬"), ("5p", "五饼", "五餅"),
                                    ("9s", "九条", "九條"), ("1z", "东风", "東風"),
                                    ("5z", "白板", "白板"), ("6z", "发财", "發財"),
                                    ("7z", "红中", "紅中")):
        assert (by_code[code]["name"], by_code[code]["name_zh"]) == (name, name)
        assert by_code[code]["name_zh_hant"] == traditional
    assert (by_code["1m"]["glyph"], by_code["5z"]["glyph"]) == ("🀇", "🀆")
    numbers = ("ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE")
    unicode_suits = {"m": "CHARACTERS", "p": "CIRCLES", "s": "BAMBOOS"}
    for tile in tiles:  # each glyph is Unicode's tile of that name
        number, suit = int(tile["code"][0]), tile["code"][1]
        assert unicodedata.name(tile["glyph"]) == "MAHJONG TILE " + (
            tile["name_en"].upper() if suit == "z"
            else f"{numbers[number - 1]} OF {unicode_suits[suit]}")
        assert (tile["suit"], tile["number"]) == (
            {"m": "characters", "p": "dots", "s": "bamboos", "z": "honours"}[tile["code"][1]],
            int(tile["code"][0]))


def test_english_names_when_english_is_asked(client: FlaskClient) -> None:
    tiles = client.get("/v1/tiles").get_json()["tiles"]
    assert [tiles[0]["name"], tiles[13]["name"], tiles[27]["name"], tiles[33]["name"]] == \
        ["1 Character", "5 Dot", "East Wind", "Red Dragon"]
    assert all(tile["name"] == tile["name_en"] for tile in tiles)


def test_each_rulesets_flower_tiles(client: FlaskClient) -> None:
    flowers = client.get("/v1/tiles", headers=ZH).get_json()["flowers"]
    declared = [(ruleset.id, flower.id) for ruleset in RULESETS.values()
                for flower in ruleset.flower_tiles]
    assert [(flower["ruleset"], flower["id"]) for flower in flowers] == declared
    for flower in flowers:
        assert flower["code"] is None or flower["code"] in CODES
        assert unicodedata.name(flower["glyph"]).startswith("MAHJONG TILE ")
        assert flower["name"] == flower["name_zh"] and flower["copies"] > 0
        assert not any("a" <= ch.lower() <= "z" for ch in flower["note"].split("（")[0])


def test_yueqing_groups_and_tai_parts_are_named(client: FlaskClient) -> None:
    body = {"dealer": 0, "winner": 1, "caishen": "3z",
            "hand": {"concealed": "123m456m789p234s68s3z55s", "flowers": 1},
            "win": {"tile": "8s", "by": "discard", "from": 3}}
    english = client.post("/v1/yueqing/score", json=body).get_json()
    chinese = client.post("/v1/yueqing/score", json=body, headers=ZH).get_json()
    assert english["patterns"][0]["group"] == "minor"
    assert english["patterns"][0]["group_name"] == "minor items, 1 台 each"
    assert chinese["patterns"][0]["group_name"] == "小台，每项 1 台"
    assert set(chinese["tai_names"]) == set(chinese["tai"])
    assert chinese["tai_names"]["total"] == "总台数"
    catalogue = client.get("/v1/rulesets/yueqing", headers=ZH).get_json()
    groups = {entry["group"]: entry["group_name"]
              for entry in catalogue["patterns"] + catalogue["flowers"]}
    assert groups == {"minor": "小台，每项 1 台", "major": "大台", "flower": "花，按花数算"}


def test_what_declaring_adds_is_named(client: FlaskClient) -> None:
    advice = client.post("/v1/chuzhou/advice", json={"concealed": "1122m3344p5566s7z"})
    assert advice.get_json()["declaring_adds_patterns"] == [
        {"id": "seven_pairs", "name": "七对", "name_en": "Seven pairs"}]
