"""Chinese for players (issue #44): every Chinese text the service can write, read for English.

A Chinese sentence holds no English word: the field's path stays in ``field``, the hand is
named in players' words, and a name or a value a client sent is quoted 「winnr」. This reads
every text the service can write in Chinese (each catalog entry filled in, the catalogues and
their parameters, the problem and ruling pages, the problems of many refusals, twelve common
mistakes among them) and fails on a Latin word of three letters or more outside Chinese
quotes (「」 “”), beyond the few a developer reads as they are.
"""

from __future__ import annotations

import re
import string
from html import unescape
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api.app import create_app
from service.errors import PROBLEM_TYPES
from service.language import (
    CHINESE,
    SENTENCE_BREAK,
    Message,
    Phrase,
    catalog,
    joined,
    said,
    sentence,
)
from service.params import PARAMS
from service.rulings import every
from tests.test_causes import MORE, written_messages
from tests.test_language import ASKED, CHUZHOU, SCORE, _ask, _changed, _problems

ZH = {"Accept-Language": "zh-CN"}
ALLOWED = {"JSON", "HTTP", "GET", "POST"}
_QUOTED = re.compile(r"「[^」]*」|“[^”]*”")
_LATIN = re.compile(r"(?<![A-Za-z])[A-Za-z]{3,}(?![A-Za-z])")


def latin_words(text: str) -> list[str]:
    """The Latin words of three letters or more outside Chinese quotes, but the allowed few."""
    bare = _QUOTED.sub(" ", text).replace("UTF-8", " ")
    return [word for word in _LATIN.findall(bare) if word not in ALLOWED]


def test_the_reading_finds_english_and_passes_quotes() -> None:
    assert latin_words("有 2 副副露时，concealed 应有 8 张") == ["concealed"]
    assert latin_words("是不是想写「winner」？请用 UTF-8 发送 JSON") == []
    assert latin_words("清“1”，一饼、5p") == []


# A value of each kind, as a client would send it: a text is Latin, so a sentence that does
# not quote it fails.
SAMPLES: dict[str, Any] = {
    "integer": 7, "number": 2.5, "boolean": True, "string": "sample", "tile": "5p",
    "tiles": ["1p", "9p"], "strings": ["first", "second"], "any": "sample"}
# The numbers a description's sentence holds.
NUMBERED = {"most", "each", "three", "all_four", "triplet", "exposed_kong", "concealed_kong",
            "exposed", "concealed", "line", "status", "lines", "answered", "refused", "checked",
            "ok", "differ"}
# The sentence-only params (a leading _), as the sources give them.
OWN: dict[str, Any] = {"_sets": Phrase("two sets"), "_written": '"v2"',
                       "_instead": Phrase("no set")}


def _filled(msgid: str, code: str | None) -> str:
    """A msgid said in Chinese as the service says it: a message's with sample params of its
    code's kinds, a description's with names from the catalogue (a number where it is
    formatted as one), a fixed text as it is."""
    specs = {name.split(".")[0].split("[")[0]: spec or ""
             for _, name, spec, _ in string.Formatter().parse(msgid) if name}
    if code is None and not specs:
        return said(Phrase(msgid), CHINESE)
    if not code:  # a description's sentence, or one filled in where it is used
        return sentence(msgid, **{name: 7 if spec or name in NUMBERED else "清一色"
                                  for name, spec in specs.items()}).said(CHINESE)
    params = {name: OWN[name] if name in OWN else
              SAMPLES[PARAMS[name].kind] if name in PARAMS else "sample" for name in specs}
    return Message(code, msgid, **params).said(CHINESE)


def test_every_catalog_entry_reads_without_english() -> None:
    codes: dict[str, str] = {}
    for message in written_messages():
        if message.template is not None:
            codes.setdefault(message.template, message.code)
    found = {}
    for msgid in catalog(CHINESE):
        text = _filled(msgid, codes.get(msgid))
        if latin_words(text):
            found[msgid] = (text, latin_words(text))
    assert found == {}


def _texts(node: Any, keys: tuple[str, ...]) -> list[str]:
    if isinstance(node, dict):
        return [text for key, value in node.items()
                for text in ([value] if key in keys and isinstance(value, str)
                             else _texts(value, keys))]
    if isinstance(node, list):
        return [text for value in node for text in _texts(value, keys)]
    return []


@pytest.mark.parametrize("ruleset", ["chuzhou", "yueqing"])
def test_every_catalogue_and_parameter_reads_without_english(client: FlaskClient,
                                                             ruleset: str) -> None:
    catalogue = client.get(f"/v1/rulesets/{ruleset}", headers=ZH).get_json()
    texts = _texts(catalogue, ("name", "condition", "description"))
    assert len(texts) > 100
    assert {text: latin_words(text) for text in texts if latin_words(text)} == {}


def _page_text(html: str) -> str:
    """A page's words: its style, its code (ids, paths), a link named by the id it leads to
    (a problem type's slug) and its tags left out."""
    html = re.sub(r"<style>.*?</style>|<code>.*?</code>", " ", html, flags=re.S)
    html = re.sub(r'<a href="[^"]*/([^"/]+)">\1</a>', " ", html)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def test_every_page_reads_without_english(client: FlaskClient) -> None:
    paths = ["/problems", *(f"/problems/{slug}" for slug in PROBLEM_TYPES), "/v1/rulings",
             *(ruling.url for ruling in every()), "/v1/rulesets/chuzhou/rulings",
             "/v1/rulesets/yueqing/rulings"]
    found = {}
    for path in paths:
        page = client.get(path, headers={**ZH, "Accept": "text/html"})
        assert page.status_code == 200, path
        words = latin_words(_page_text(page.get_data(as_text=True)))
        document = client.get(path, headers=ZH).get_json()
        words += latin_words(" ".join(_texts(document, (
            "title", "description", "how_to_fix", "text"))))
        if words:
            found[path] = words
    assert found == {}
    docs = client.get("/docs", headers=ZH).get_data(as_text=True)
    assert latin_words(re.search(r"<title>(.*?)</title>", docs).group(1)) == []  # type: ignore


# Twelve mistakes an app's developer and a player make most, each sent as it would be.
COMMON: dict[str, Any] = {
    "a field misspelt": {**CHUZHOU, "winnr": 1},
    "a seat of 4": _changed(CHUZHOU, "winner", 4),
    "the meld tiles in concealed too": _changed(CHUZHOU, "hand.concealed",
                                                "123m678m99p345s777p"),
    "the winning tile left out": _changed(CHUZHOU, "hand.concealed", "123m67m99p"),
    "tiles written in Chinese": _changed(CHUZHOU, "hand.concealed", "一万二万三万678m99p"),
    "a meld type in English": _changed(CHUZHOU, "hand.melds.1.type", "pung"),
    "a claimed meld without its seat": _changed(CHUZHOU, "hand.melds.1", {
        "type": "peng", "tiles": "777p"}),
    "a discard win without its seat": _changed(CHUZHOU, "win.from", None),
    "a flag as a number": {**CHUZHOU, "situation": {"last_tile": 1}},
    "no win": _changed(CHUZHOU, "hand.concealed", "123m678m19p"),
    "zhen of three seats": _changed(CHUZHOU, "zhen", [1, 1, 1]),
    "a house rule misspelt": {**CHUZHOU, "rules": {"zhen_units": 5}},
}


def _said(problem: dict[str, Any]) -> list[str]:
    texts = [problem["title"], problem["detail"]]
    texts += [text for messages in problem["errors"].values() for text in messages]
    return texts + [cause["message"] for cause in problem["causes"]]


@pytest.mark.parametrize("mistake", list(COMMON))
def test_twelve_common_mistakes_read_without_english(client: FlaskClient, mistake: str) -> None:
    answer = client.post(SCORE, json=COMMON[mistake], headers=ZH)
    assert answer.status_code == 422
    assert answer.headers["Content-Language"] == "zh-CN"
    texts = _said(answer.get_json())
    assert {text: latin_words(text) for text in texts if latin_words(text)} == {}


def test_every_problem_asked_reads_without_english() -> None:
    client = create_app({"TESTING": True}).test_client()
    found = {}
    for name, asked in (*ASKED.items(), *MORE.items()):
        for problem in _problems(_ask(client, asked, ZH).get_json()):
            words = [word for text in _said(problem) for word in latin_words(text)]
            if words:
                found[name] = words
    assert found == {}


def test_a_hint_is_its_own_sentence() -> None:
    """A did-you-mean hint after a sentence with no full stop of its own is parted from it in
    Chinese too (it was glued on: 「…huaian-teahouse是不是想写…」); the English is as it was."""
    first = Message("unknown-variant", "no variant '{variant}' of {ruleset}; served: {served}",
                    variant="huaian-teahous", ruleset="chuzhou", served=["huaian-teahouse"])
    hint = Message("did-you-mean", "Did you mean '{meant}'?", meant="huaian-teahouse")
    both = joined(first, SENTENCE_BREAK, hint)
    assert str(both) == ("no variant 'huaian-teahous' of chuzhou; served: huaian-teahouse "
                         "Did you mean 'huaian-teahouse'?")
    assert both.said(CHINESE) == ("「chuzhou」没有「huaian-teahous」这个玩法；现有的："
                                  "「huaian-teahouse」。是不是想写「huaian-teahouse」？")
    stopped = joined(Message("unknown-field", "Unknown field."), SENTENCE_BREAK, hint)
    assert stopped.said(CHINESE) == "不认识的字段。是不是想写「huaian-teahouse」？"
