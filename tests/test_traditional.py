"""Traditional Chinese for Traditional readers (issue #44): any tag whose script or region is
Traditional is answered in Traditional characters and labelled ``zh-Hant``; the catalog and
the rulings are made from the Simplified ones by OpenCC at ``make messages``
(tools/traditional.py), the mahjong terms checked by hand."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import opencc
import pytest
from flask.testing import FlaskClient

from service.language import (
    CHINESE,
    ENGLISH,
    TRADITIONAL,
    catalog,
    from_locale,
    negotiate,
    tile_name,
)
from tests.test_chinese import _QUOTED, COMMON, _said, latin_words
from tests.test_language import CHUZHOU, SCORE, YUEQING

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import traditional  # noqa: E402  tools/traditional.py, as make messages runs it

# Taiwan's standard characters, character by character: a character it writes otherwise is
# one a Traditional reader does not write (发, 杠, 庄), whatever its sentence.
_TO_TRADITIONAL = opencc.OpenCC("s2tw")
# But 台, the Yueqing text's unit, which Taiwan's tables write 台, and 幺 of 幺九, both
# scripts' (checked by hand).
WRITTEN_SO = frozenset("台幺")


def simplified_only(text: str) -> list[str]:
    """The characters outside Chinese quotes (a value the client sent is quoted as sent)
    that Traditional writing would write otherwise."""
    bare = _QUOTED.sub(" ", text)
    return sorted({ch for ch in bare if "\u4e00" <= ch <= "\u9fff" and ch not in WRITTEN_SO
                   and _TO_TRADITIONAL.convert(ch) != ch})


@pytest.mark.parametrize(("header", "language"), [
    ("zh-TW", TRADITIONAL), ("zh-HK", TRADITIONAL), ("zh-MO", TRADITIONAL),
    ("zh-Hant", TRADITIONAL), ("zh-Hant-HK", TRADITIONAL), ("zh-Hant-CN", TRADITIONAL),
    ("ZH-tw", TRADITIONAL), ("zh-CN", CHINESE), ("zh", CHINESE), ("zh-Hans", CHINESE),
    ("zh-Hans-TW", CHINESE), ("zh-SG", CHINESE),
    # the script is the one of the zh tag that gives Chinese its weight
    ("zh-CN, zh-TW;q=0.8", CHINESE), ("zh-TW, zh-CN;q=0.8", TRADITIONAL),
    ("zh-CN;q=0.5, zh-TW", TRADITIONAL), ("en, zh-TW;q=0.9", ENGLISH),
    ("en;q=0.5, zh-HK;q=0.9", TRADITIONAL),
])
def test_a_traditional_tag_asks_for_traditional_characters(header: str, language: str) -> None:
    assert negotiate(header) == language


def test_a_traditional_locale_speaks_traditional() -> None:
    assert from_locale("zh_TW.UTF-8") == TRADITIONAL
    assert from_locale("zh_HK") == TRADITIONAL
    assert from_locale("zh_CN.UTF-8") == CHINESE
    assert from_locale("en_US.UTF-8") == ENGLISH


def test_the_mahjong_terms_are_the_players() -> None:
    """Checked by hand: 萬 條 筒, 東風 發財 紅中; 槓, 莊, 財神, 將 in the sentences."""
    assert [tile_name(code, TRADITIONAL) for code in ("1m", "5p", "9s", "1z", "6z", "7z")] == [
        "一萬", "五筒", "九條", "東風", "發財", "紅中"]
    said = "".join(catalog(TRADITIONAL).values())
    for term in ("槓", "莊家", "財神", "將", "台"):
        assert term in said, term
    for simplified in ("杠", "庄", "财神", "将", "臺", "餅"):
        assert simplified not in said, simplified


@pytest.mark.parametrize("tag", ["zh-TW", "zh-Hant-HK"])
@pytest.mark.parametrize("mistake", list(COMMON))
def test_twelve_common_mistakes_read_in_traditional(client: FlaskClient, mistake: str,
                                                    tag: str) -> None:
    answer = client.post(SCORE, json=COMMON[mistake], headers={"Accept-Language": tag})
    assert answer.status_code == 422
    assert answer.headers["Content-Language"] == "zh-Hant"
    problem = answer.get_json()
    simplified = client.post(SCORE, json=COMMON[mistake],
                             headers={"Accept-Language": "zh-CN"}).get_json()
    assert [(c["field"], c["code"], c["params"]) for c in problem["causes"]] == \
        [(c["field"], c["code"], c["params"]) for c in simplified["causes"]]
    texts = _said(problem)
    assert texts != _said(simplified)
    assert {text: latin_words(text) for text in texts if latin_words(text)} == {}
    assert {text: simplified_only(text) for text in texts if simplified_only(text)} == {}


def _texts(node: Any) -> list[str]:
    if isinstance(node, dict):
        return [text for key, value in node.items()
                for text in ([value] if key in ("condition", "description", "title", "text")
                             and isinstance(value, str) else _texts(value))]
    if isinstance(node, list):
        return [text for value in node for text in _texts(value)]
    return []


@pytest.mark.parametrize("path", ["/v1/rulesets/chuzhou", "/v1/rulesets/yueqing", "/v1/rulings",
                                  "/v1/rulesets/chuzhou/rulings", "/v1/rulesets/yueqing/rulings",
                                  "/problems"])
def test_catalogues_rulings_and_pages_read_in_traditional(client: FlaskClient,
                                                          path: str) -> None:
    answer = client.get(path, headers={"Accept-Language": "zh-TW"})
    assert answer.headers["Content-Language"] == "zh-Hant"
    texts = _texts(answer.get_json())
    assert texts
    assert {text: simplified_only(text) for text in texts if simplified_only(text)} == {}
    if "rulings" in path or path == "/problems":  # a page too
        page = client.get(path, headers={"Accept-Language": "zh-TW", "Accept": "text/html"})
        assert '<html lang="zh-Hant">' in page.get_data(as_text=True)


def test_a_name_inside_a_sentence_is_said_in_traditional(client: FlaskClient) -> None:
    """A pattern's name a message or a description says is the catalog's Traditional one;
    the answers' own names (``name``) stay as the text writes them."""
    body = {**YUEQING, "situation": {"after_kong": True}}
    problem = client.post("/v1/yueqing/score", json=body,
                          headers={"Accept-Language": "zh-TW"}).get_json()
    assert "槓上開花" in problem["causes"][0]["message"]
    answer = client.post(SCORE, json=CHUZHOU, headers={"Accept-Language": "zh-TW"}).get_json()
    plain = client.post(SCORE, json=CHUZHOU).get_json()
    assert [p["name"] for p in answer["patterns"]] == [p["name"] for p in plain["patterns"]]


def test_the_traditional_texts_are_what_make_messages_makes() -> None:
    """Edited by hand, or left behind by a Simplified text changed since: run `make
    messages` (tools/traditional.py)."""
    stale = [str(path.relative_to(ROOT)) for path, text in traditional.made_files().items()
             if not path.is_file() or path.read_text(encoding="utf-8") != text]
    assert stale == []


def test_the_simplified_is_unchanged_by_the_traditional() -> None:
    assert "財神" not in "".join(catalog(CHINESE).values())
