"""Problem codes labelled with a name (issue #45): every cause a problem carries, nested ones
too, has ``name``, its code's short label in the language asked for, and ``name_en`` beside it
where that language is not English (unlike a pattern's name, always the rule text's Chinese).
A name is defined once, beside its code in ``CAUSES`` (service/errors.py), and said from the
catalog.
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.batch import answer_item
from service.cli import SPOKEN, Line, outcome
from service.errors import CAUSES, HTTP_ERROR, UNCODED, cause_name
from service.jsonio import loads, written
from service.language import CHINESE, ENGLISH, LANGUAGES, TRADITIONAL
from tests.test_causes import MORE, _causes
from tests.test_chinese import latin_words
from tests.test_language import ASKED, CHUZHOU, SCORE, _ask, _changed

HEADERS = {ENGLISH: {}, CHINESE: {"Accept-Language": "zh-CN"},
           TRADITIONAL: {"Accept-Language": "zh-TW"}}


def test_every_code_has_a_name_in_every_language() -> None:
    """Short and title-like in English; said from the catalog in both scripts, with no
    English word in it (a technical word is quoted 「true」, as every Chinese sentence does)."""
    for code, cause in CAUSES.items():
        english = cause.name.said(ENGLISH)
        assert english.strip() == english and english, code
        assert not english[0].islower() and not english.endswith("."), code
        assert len(english.split()) <= 6, code
        for language in (CHINESE, TRADITIONAL):
            name = cause.name.said(language)
            assert name and name != english, (code, language)
            assert latin_words(name) == [], (code, language, name)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_two_codes_share_a_name(language: str) -> None:
    names = [cause.name.said(language) for cause in CAUSES.values()]
    assert len(set(names)) == len(names)


def test_a_code_without_a_row_of_its_own_is_still_named() -> None:
    """An HTTP error without a type of its own is sent as http-<status>; naming never fails."""
    assert cause_name("http-501") is CAUSES[HTTP_ERROR].name
    assert cause_name("no-such-code") is CAUSES[UNCODED].name
    assert cause_name("missing-field") is CAUSES["missing-field"].name


# A real refusal of each kind, with what its first cause is named in each language.
WORKED: dict[str, tuple[tuple[str, str, dict[str, str], Any], str, dict[str, str]]] = {
    "422 not a win": (
        ("POST", SCORE, {}, _changed(CHUZHOU, "hand.concealed", "123m678m19p")),
        "leftover-tiles",
        {ENGLISH: "Tiles left over", CHINESE: "有多出的牌", TRADITIONAL: "有多出的牌"}),
    "422 missing field": (
        ("POST", SCORE, {}, {key: value for key, value in CHUZHOU.items() if key != "dealer"}),
        "missing-field",
        {ENGLISH: "Missing field", CHINESE: "缺少字段", TRADITIONAL: "缺少欄位"}),
    "400 not json": (
        ("POST", SCORE, {"Content-Type": "application/json"}, b'{"dealer": 0,'),
        "not-json",
        {ENGLISH: "Not JSON", CHINESE: "不是有效的 JSON", TRADITIONAL: "不是有效的 JSON"}),
    "404 path": (
        ("GET", "/nowhere", {}, None), "no-such-path",
        {ENGLISH: "No such path", CHINESE: "没有这个网址", TRADITIONAL: "沒有這個網址"}),
}


@pytest.mark.parametrize("kind", list(WORKED))
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refusal_names_its_cause_in_the_language_asked(client: FlaskClient, kind: str,
                                                         language: str) -> None:
    asked, code, names = WORKED[kind]
    cause = _ask(client, asked, HEADERS[language]).get_json()["causes"][0]
    assert cause["code"] == code
    assert cause["name"] == names[language]
    if language == ENGLISH:
        assert "name_en" not in cause
    else:
        assert cause["name_en"] == names[ENGLISH]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_cause_of_every_status_is_named(client: FlaskClient, language: str) -> None:
    """Every problem the tables' requests earn (400 to 422, a batch's items, a match's events,
    a valued wait's refused ways among them): each cause named as its code is."""
    statuses = set()
    for asked in (*ASKED.values(), *MORE.values()):
        answer = _ask(client, asked, HEADERS[language])
        statuses.add(answer.status_code)
        causes = _causes(answer.get_json())
        assert causes, asked[:2]
        for cause in causes:
            assert cause["name"] == cause_name(cause["code"]).said(language), cause
            assert cause.get("name_en") == (
                None if language == ENGLISH else cause_name(cause["code"]).said(ENGLISH)), cause
    assert statuses >= {400, 404, 405, 409, 413, 415, 422}


def test_a_refused_way_of_a_valued_wait_names_its_causes(client: FlaskClient) -> None:
    """A problem nested in a 200 answer: a wait's way the ruleset refuses (its 2p wins only as
    七对, which a hand of two waits cannot declare: CZ-10)."""
    body = {"concealed": "3344445599m222p", "winner": 1, "dealer": 0}
    answer = client.post("/v1/chuzhou/waits", json=body, headers=HEADERS[CHINESE])
    assert answer.status_code == 200
    causes = _causes(answer.get_json())
    assert {c["code"] for c in causes} == {"seven-pairs-undeclared"}
    assert {c["name"] for c in causes} == {"七对没报听"}
    assert all(c["name_en"] == cause_name(c["code"]).said(ENGLISH) for c in causes)
    assert all(c["name"] == cause_name(c["code"]).said(CHINESE) for c in causes)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_batch_item_and_a_command_line_line_name_their_causes(
        language: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The batch's items and the command line's lines, refused as the single endpoint would."""
    item = {"ruleset": "chuzhou", "action": "score", "request": _changed(CHUZHOU, "dealer", 7)}
    refused = loads(written(answer_item(item), language))
    monkeypatch.setitem(SPOKEN, "language", language)
    lines = [loads(outcome(Line(1, None, text)).line) for text in (b"", b"{", b"[1]")]
    for result in (refused, *lines):
        for cause in result["problem"]["causes"]:
            assert cause["name"] == cause_name(cause["code"]).said(language), cause
            assert ("name_en" in cause) is (language != ENGLISH)
    assert [line["problem"]["causes"][0]["code"] for line in lines] == [
        "blank-line", "not-json", "not-an-item"]
