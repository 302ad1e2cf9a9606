"""The players' language (issue #35): Accept-Language, causes with codes, the Chinese catalog.

Asked in Chinese, every problem type and every nested problem answers Chinese with no English
sentence in it; every problem carries causes whose codes are the same in both languages; the
catalog translates every marked message, with the same placeholders.
"""

from __future__ import annotations

import ast
import copy
import hashlib
import json
import os
import re
import string
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po as babel_read_po
from flask.testing import FlaskClient

from service import serving
from service.api.problems import HTTP_TEXTS
from service.errors import CAUSES, PROBLEM_TYPES, UNCODED, PastDeadline, typed_problem
from service.language import (
    CHINESE,
    ENGLISH,
    KEYWORDS,
    TRADITIONAL,
    Message,
    catalog,
    catalog_path,
    from_locale,
    negotiate,
    tile_name,
    translated,
)
from service.po import entries, translations
from service.work import deadline

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "service"
ZH = {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"}
SCORE = "/v1/chuzhou/score"
CHUZHOU: dict[str, Any] = {
    "dealer": 0, "winner": 1, "zhen": [1, 1, 1, 1],
    "hand": {"concealed": "123m678m99p", "melds": [
        {"type": "chi", "tiles": "345s", "from": 0}, {"type": "peng", "tiles": "777p", "from": 3}]},
    "win": {"tile": "8m", "by": "discard", "from": 3}}
YUEQING: dict[str, Any] = {
    "dealer": 0, "winner": 1, "lao_zhuang": 0, "caishen": "3z",
    "hand": {"concealed": "123m456m789p234s68s3z55s", "flowers": 1},
    "win": {"tile": "8s", "by": "discard", "from": 3}}


# --- negotiation --------------------------------------------------------------------------

@pytest.mark.parametrize(("header", "language"), [
    (None, ENGLISH), ("", ENGLISH), ("en", ENGLISH), ("fr", ENGLISH), ("*", ENGLISH),
    ("zh", CHINESE), ("zh-CN", CHINESE), ("zh-Hans", CHINESE), ("zh-TW", TRADITIONAL),
    ("ZH-cn", CHINESE), ("zh-Hant-HK", TRADITIONAL),
    ("en, zh", ENGLISH), ("zh, en", CHINESE), ("en;q=0.5, zh", CHINESE),
    ("zh;q=0.4, en;q=0.8", ENGLISH), ("zh;q=0, en;q=0.1", ENGLISH), ("zh;q=0", ENGLISH),
    ("fr, zh;q=0.5", CHINESE), ("*;q=0.9, zh", CHINESE), ("zh;q=0.5, *", ENGLISH),
    ("zh;q=bad", ENGLISH), ("zh;q=2", ENGLISH), ("zhx", ENGLISH),
    ("en-GB;q=0.3, zh-TW", TRADITIONAL),
    # a tie goes to the tag listed first that gives a language its weight
    ("en;q=0.5, zh;q=0.9, en-US;q=0.9", CHINESE), ("en-US;q=0.9, zh;q=0.9, en;q=0.5", ENGLISH),
])
def test_accept_language_chooses_chinese_or_english(header: str | None, language: str) -> None:
    assert negotiate(header) == language


def test_any_number_of_distinct_headers_keeps_the_memory_bounded() -> None:
    """A client may send any Accept-Language: the cache keeps only NEGOTIATED of them, each
    read at most MAX_HEADER characters long."""
    from service import language

    for n in range(3 * language.NEGOTIATED):
        assert negotiate(f"x-{n}, zh;q=0.{n % 9 + 1}, en;q=0.05" + "," * 4000) == CHINESE
    cached = language._negotiate.cache_info()
    assert cached.maxsize == language.NEGOTIATED and cached.currsize <= language.NEGOTIATED


def test_the_locale_chooses_the_command_lines_language() -> None:
    assert from_locale("zh_CN.UTF-8") == CHINESE
    assert from_locale("zh_TW") == TRADITIONAL
    assert from_locale("en_US.UTF-8") == ENGLISH
    assert from_locale("C") == ENGLISH
    assert from_locale(None) == ENGLISH


def test_tiles_are_named_the_chinese_way() -> None:
    assert [tile_name(c) for c in ("1m", "5p", "9s", "1z", "4z", "5z", "6z", "7z")] == [
        "一万", "五饼", "九条", "东风", "北风", "白板", "发财", "红中"]
    assert tile_name("5p", ENGLISH) == "5p"
    assert tile_name("8z") == "8z"  # not a tile: as it is


# --- the catalog --------------------------------------------------------------------------

def _names(template: str) -> list[str]:
    """A template's placeholders with their format specs, in order."""
    return sorted(f"{name}:{spec}" for _, name, spec, _ in string.Formatter().parse(template)
                  if name is not None)


def _marked() -> set[str]:
    """Every msgid the sources mark, as `make messages` extracts them (Babel)."""
    return {str(message) for _, _, message, _, _ in extract_from_dir(
        str(SERVICE), keywords=KEYWORDS) if message}


def test_every_marked_message_has_its_chinese() -> None:
    """The catalog as the start-up reads it translates every message the sources mark (the
    set `make messages` extracts): a catalog cut short, a msgid not merged yet or a msgstr left
    empty or fuzzy fails here, each named."""
    path = catalog_path(CHINESE)
    found = {entry.msgid: entry for entry in entries(path.read_text(encoding="utf-8"),
                                                     str(path))}
    missing = sorted(msgid for msgid in _marked()
                     if msgid not in found or not found[msgid].spoken)
    absent = [msgid for msgid in missing if msgid not in found]
    untranslated = [msgid for msgid in missing if msgid in found]
    assert absent == [], f"run `make messages`, then translate these in " \
        f"{path.relative_to(ROOT)}: {absent}"
    assert untranslated == [], f"translate these in {path.relative_to(ROOT)} (an empty or " \
        f"fuzzy msgstr stays English): {untranslated}"
    assert set(catalog(CHINESE)) == {msgid for msgid, entry in found.items() if entry.spoken}


def _written() -> set[str]:
    """Every literal msgid a call of one of the extractor's keywords (a Message's template, a
    Phrase, N_, sentence, a catalogue row's condition) is written with, read from the sources'
    syntax trees: what the extractor should find, whatever the names around it."""
    places = {name: (spec or (1,))[0] - 1 for name, spec in KEYWORDS.items()}
    found: set[str] = set()
    for path in SERVICE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                place = places.get(node.func.id)
                if place is not None and len(node.args) > place:
                    text = node.args[place]
                    if isinstance(text, ast.Constant) and isinstance(text.value, str):
                        found.add(text.value)
    return found


def test_the_extractor_finds_every_message_written() -> None:
    """Babel reads a call by its name alone, so a variable named like a catalogue row's
    keyword (``item``, ``pattern``) near a message can hide it from the catalog."""
    assert sorted(_written() - _marked()) == []


def test_no_translation_drops_or_adds_a_placeholder() -> None:
    path = catalog_path(CHINESE)
    written = entries(path.read_text(encoding="utf-8"), str(path))  # fuzzy ones too
    wrong = {entry.msgid: entry.msgstr for entry in written
             if entry.msgstr and entry.msgid and _names(entry.msgid) != _names(entry.msgstr)}
    assert wrong == {}


def test_a_missing_catalog_stops_the_start(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """No catalog at all is a broken build, refused at start-up rather than answering English
    as Chinese (a broken one is refused too: tests/test_catalog.py)."""
    from service import language

    monkeypatch.setattr(language, "LOCALE_DIR", tmp_path)
    language.catalog.cache_clear()
    try:
        with pytest.raises(RuntimeError, match="catalog is missing"):
            language.load()
    finally:
        monkeypatch.undo()
        language.catalog.cache_clear()
        language.load()


def test_the_catalog_read_at_start_up_is_babels_reading() -> None:
    with catalog_path(CHINESE).open("rb") as po:
        read = babel_read_po(po)
    by_babel = {str(m.id): str(m.string) for m in read
                if m.id and m.string and not m.fuzzy and m.context is None}
    path = catalog_path(CHINESE)
    assert {entry.msgid: entry.msgstr for entry in entries(path.read_text(encoding="utf-8"),
                                                           str(path)) if entry.spoken} == by_babel
    assert catalog(CHINESE) == by_babel


def test_the_reader_leaves_fuzzy_obsolete_and_untranslated_entries_out() -> None:
    text = ('msgid ""\nmsgstr "Language: zh\\nX-Entries: 3\\n"\n\n#, fuzzy\nmsgid "a"\n'
            'msgstr "甲"\n\nmsgid "b"\nmsgstr ""\n\n#~ msgid "c"\n#~ msgstr "丙"\n\n'
            'msgid "d \\"{x}\\""\n"\\n more"\nmsgstr "丁 {x}"\n')
    assert translations(text, "zh.po") == {'d "{x}"\n more': "丁 {x}"}


# --- codes --------------------------------------------------------------------------------

def _codes_in_sources() -> set[str]:
    """The code of every Message the sources write."""
    found = set()
    for path in SERVICE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Message" \
                    and node.args and isinstance(node.args[0], ast.Constant):
                found.add(node.args[0].value)
    return found


# Codes of a part of a sentence, never a cause's own: a hint joins the cause before it, a
# fragment's params join its sentence's.
PARTS = {"did-you-mean", "write-instead", "caishen-at-face-value", "more-fields",
         ""}  # "": language.sentence, a text that is no cause (a description)


def test_every_code_is_listed_in_the_contract_and_every_listed_code_is_written() -> None:
    written = _codes_in_sources() - PARTS
    assert written - set(CAUSES) == set()
    assert set(CAUSES) - written - {UNCODED, "http-error"} == set()
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", code) for code in CAUSES)


# --- every problem type, in both languages ------------------------------------------------

# What a Chinese sentence may still hold in Latin letters: field paths, codes and ids, quoted
# or backticked names, and the protocol's own words.
_ALLOWED = re.compile(r"`[^`]*`|'[^']*'|\"[^\"]*\"|\[[^\]]*\]|"
                      r"[A-Za-z0-9_./{}+-]*[./_{}0-9-][A-Za-z0-9_./{}+-]*|"
                      r"\b(JSON|ASCII|UTF|RFC|HTTP|GET|POST|MiB|s|m|p|z|true|false|null|"
                      r"concealed|zhen_cap|lao_zhuang_cap|from|items|ruleset|action|request|"
                      r"chi|peng|gang|angang|discard|self_draw|robbing_kong|declared_ready|"
                      r"chuzhou|yueqing|riichi|CHANGELOG|md|MAJOR|X-Request-ID|Allow|"
                      r"Retry-After|Content-Length|Content-Encoding|Content-Type|identity|"
                      r"application|metrics|readyz|docs|openapi|yaml)\b")
_ENGLISH_WORDS = re.compile(r"[A-Za-z]{2,}(?:[ ,]+[A-Za-z]{2,})+")


def english_in(text: str) -> list[str]:
    """Runs of English words left in a text once the allowed names are taken out."""
    return _ENGLISH_WORDS.findall(_ALLOWED.sub(" ", text))


def _texts(problem: dict[str, Any]) -> list[str]:
    texts = [problem["title"], problem["detail"]]
    texts += [text for messages in problem["errors"].values() for text in messages]
    texts += [cause["message"] for cause in problem["causes"]]
    texts += [change["text"] for change in problem.get("changes", ())]  # a 409's
    return texts


def _unsaid(change: dict[str, Any]) -> dict[str, Any]:
    """A change of the money without its sentence: the same in every language."""
    return {key: value for key, value in change.items() if key != "text"}


def _problems(document: Any) -> list[dict[str, Any]]:
    """Every problem document in an answer: itself, or nested in a batch's results."""
    if isinstance(document, dict) and "causes" in document:
        return [document]
    if isinstance(document, dict):
        return [p for value in document.values() for p in _problems(value)]
    if isinstance(document, list):
        return [p for value in document for p in _problems(value)]
    return []


def _changed(body: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(body)
    *parents, last = path.split(".")
    place: Any = changed
    for key in parents:
        place = place[int(key)] if isinstance(place, list) else place[key]
    if isinstance(place, list):
        place[int(last)] = value
    else:
        place[last] = value
    return changed


JSON = {"Content-Type": "application/json"}
# (method, path, headers, body) that earn each problem, many codes among them.
ASKED: dict[str, tuple[str, str, dict[str, str], Any]] = {
    "400 not json": ("POST", SCORE, JSON, b'{"dealer": 0,'),
    "400 too deep": ("POST", SCORE, JSON, b"[" * 40 + b"]" * 40),
    "400 nan": ("POST", SCORE, JSON, b'{"dealer": NaN}'),
    "404 path": ("GET", "/nowhere", {}, None),
    "404 ruling": ("GET", "/v1/rulings/XX-1", {}, None),
    "404 problem type": ("GET", "/problems/nothing", {}, None),
    "404 ruleset": ("GET", "/v1/rulesets/riichi", {}, None),
    "404 ruleset's ruling": ("GET", "/v1/rulesets/chuzhou/rulings/YQ-2", {}, None),
    "404 action": ("POST", "/v1/chuzhou/shuffle", JSON, b"{}"),
    "405": ("GET", SCORE, {}, None),
    "409": ("POST", SCORE, {}, {**CHUZHOU, "ruleset_version": "0"}),
    "422 pin": ("POST", SCORE, {}, {**CHUZHOU, "ruleset_version": "2\n"}),
    "413 body": ("POST", SCORE, JSON, b'{"pad": "' + b"x" * (1 << 20) + b'"}'),
    "413 work": ("POST", "/v1/chuzhou/match", {}, {"dealer": 0, "zhen": [1, 1, 1, 1], "events": [
        {"type": "win", "request": CHUZHOU}] * 1000 + [{"type": "draw", "request": {}}] * 1001}),
    "415 media type": ("POST", SCORE, {"Content-Type": "text/plain"}, b"{}"),
    "415 compressed": ("POST", SCORE, {**JSON, "Content-Encoding": "gzip"}, b"{}"),
    "415 not utf-8": ("POST", SCORE, {"Content-Type": "application/json; charset=latin-1"},
                      b'{"a": "\xe9"}'),
    "422 schema": ("POST", SCORE, {}, {**_changed(CHUZHOU, "dealer", 9), "meld": 1,
                                       "zhen": [1, 1, "x", None], "rules": {"zhen_units": 5},
                                       "variant": "nope"}),
    "422 tiles": ("POST", SCORE, {}, _changed(_changed(CHUZHOU, "hand.concealed", "一万二万"),
                                             "win.tile", "10m")),
    "422 meld": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.melds.0.type", "triple")),
    "422 from": ("POST", SCORE, {}, _changed(CHUZHOU, "win.from", None)),
    "422 size": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.concealed", "123m678m99p99p")),
    "422 chi": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.melds.0.tiles", "346s")),
    "422 fifth": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.melds.1.tiles", "999p")),
    "422 zhen cap": ("POST", SCORE, {}, {**CHUZHOU, "zhen": [1, 1, 1, 5],
                                         "rules": {"zhen_cap": 3}}),
    "422 own discard": ("POST", SCORE, {}, _changed(CHUZHOU, "win.from", 1)),
    "422 not a win": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.concealed", "123m678m19p")),
    "422 heavenly": ("POST", SCORE, {}, {**CHUZHOU, "situation": {"heavenly": True}}),
    "422 yueqing caishen": ("POST", "/v1/yueqing/score", {},
                            _changed(YUEQING, "win.tile", "3z")),
    "422 yueqing flower": ("POST", "/v1/yueqing/score", {},
                           _changed(YUEQING, "hand.concealed", "123m456m789p234s68s7z55s")),
    "422 yueqing draw": ("POST", "/v1/yueqing/draw", {}, {
        "dealer": 0, "lao_zhuang": 0, "caishen": "5p", "players": [{"seat": 0}, {"seat": 0}]}),
    "422 batch": ("POST", "/v1/batch", {}, {"items": [
        {"ruleset": "chuzhou", "action": "score", "request": _changed(CHUZHOU, "dealer", 7)},
        {"ruleset": "riichi", "action": "score", "request": {}},
        {"ruleset": "chuzhou", "action": "shuffle", "request": {}},
        {"ruleset": "chuzhou", "action": "score"}, [1],
        {"ruleset": "chuzhou", "action": "score", "request": _changed(
            CHUZHOU, "hand.concealed", "123m678m19p")}]}),
    "422 batch shape": ("POST", "/v1/batch", {}, {"things": []}),
    "422 match": ("POST", "/v1/chuzhou/match", {}, {"dealer": 0, "zhen": [1, 1, 1, 1],
                                                   "events": [{"type": "win", "request": {
                                                       **CHUZHOU, "dealer": 1}}]}),
    "422 advice size": ("POST", "/v1/chuzhou/advice", {}, {"concealed": "123m"}),
    "422 advice seen": ("POST", "/v1/chuzhou/advice", {}, {"concealed": "1112345678999m",
                                                           "visible": "1m1m"}),
    "422 waits": ("POST", "/v1/chuzhou/waits", {}, {"concealed": "1112345678999m",
                                                    "winner": 1}),
}


def _ask(client: FlaskClient, asked: tuple[str, str, dict[str, str], Any],
         language: dict[str, str]) -> Any:
    method, path, headers, body = asked
    if isinstance(body, bytes):
        return client.open(path, method=method, headers={**headers, **language}, data=body)
    return client.open(path, method=method, headers={**headers, **language}, json=body)


@pytest.mark.parametrize("name", list(ASKED))
def test_every_problem_answers_in_chinese_with_the_same_codes(client: FlaskClient,
                                                              name: str) -> None:
    english = _ask(client, ASKED[name], {})
    chinese = _ask(client, ASKED[name], ZH)
    assert english.status_code == chinese.status_code
    assert english.headers["Content-Language"] == "en"
    assert chinese.headers["Content-Language"] == "zh-CN"
    assert "Accept-Language" in chinese.headers["Vary"]
    found_en, found_zh = _problems(english.get_json()), _problems(chinese.get_json())
    assert found_en, "no problem in the answer"
    assert len(found_en) == len(found_zh)
    for en, zh in zip(found_en, found_zh, strict=True):
        assert [(c["field"], c["code"], c["params"]) for c in en["causes"]] == \
            [(c["field"], c["code"], c["params"]) for c in zh["causes"]]
        assert {c["code"] for c in en["causes"]} <= set(CAUSES) - {UNCODED}
        assert en["causes"], "a problem without causes"
        said = ("title", "detail", "errors", "causes", "changes")
        assert {k: v for k, v in en.items() if k not in said} == \
            {k: v for k, v in zh.items() if k not in said}
        assert [_unsaid(c) for c in en.get("changes", ())] == \
            [_unsaid(c) for c in zh.get("changes", ())]
        assert list(en["errors"]) == list(zh["errors"])
        for text in _texts(zh):
            assert english_in(text) == [], text
        assert _texts(en) != _texts(zh)


def test_the_codes_walked_here_are_most_of_the_contracts(client: FlaskClient) -> None:
    seen = set()
    for asked in ASKED.values():
        for problem in _problems(_ask(client, asked, ZH).get_json()):
            seen |= {cause["code"] for cause in problem["causes"]}
    assert len(seen) >= 30, sorted(seen)


def test_every_problem_type_and_every_code_reads_in_chinese() -> None:
    """Each problem type's page texts, and each code's sentences (every msgid, filled with
    its params), said in Chinese: no English sentence, no placeholder left."""
    for kind in PROBLEM_TYPES.values():
        for text in (kind.title, kind.description, kind.how_to_fix):
            said = translated(text, CHINESE)
            assert said != text and english_in(said) == [], said
    for msgid in catalog(CHINESE):
        params = {name: 7 for name in (n.split(":")[0] for n in _names(msgid))}
        said = Message("any", msgid, **params).said(CHINESE)
        assert english_in(said) == [], (msgid, said)
    for message in HTTP_TEXTS.values():
        assert english_in(message.said(CHINESE)) == []


def test_a_503_past_its_deadline_answers_in_chinese(client: FlaskClient) -> None:
    with deadline(-1.0):
        try:
            from service.work import pace
            pace()
        except PastDeadline as exc:
            problem = exc.problem()
    said = translated(problem, CHINESE)
    assert said["causes"][0]["code"] == "past-deadline"
    assert all(english_in(text) == [] for text in _texts(said))


def test_a_worker_shutting_down_answers_503_in_chinese(client: FlaskClient) -> None:
    serving.begin_shutdown()
    try:
        answer = client.get("/readyz", headers=ZH)
    finally:
        serving._stopping = False
    assert answer.status_code == 503
    problem = answer.get_json()
    assert problem["causes"][0]["code"] == "shutting-down"
    assert all(english_in(text) == [] for text in _texts(problem))


def test_a_problem_without_the_header_differs_from_before_only_by_causes(
        client: FlaskClient) -> None:
    problem = client.post(SCORE, json=_changed(CHUZHOU, "hand.concealed", "123m678m19p")) \
        .get_json()
    assert problem["detail"] == (
        "hand.concealed: the standing tiles do not make two sets and a pair; the closest "
        "reading leaves 1p, 9p over")
    assert problem["causes"] == [{
        "field": "hand.concealed", "code": "leftover-tiles",
        "params": {"sets": 2, "seven_pairs": False, "tiles": ["1p", "9p"]},
        "message": problem["errors"]["hand.concealed"][0], "name": "Tiles left over"}]


def test_a_hint_joins_the_cause_it_follows_as_its_suggestions(client: FlaskClient) -> None:
    problem = client.post(SCORE, json={**CHUZHOU, "rules": {"zhen_units": 5}}).get_json()
    (cause,) = problem["causes"]
    assert cause["field"] == "rules.zhen_units"
    assert cause["code"] == "unknown-parameter"
    assert cause["params"] == {"ruleset": "chuzhou", "suggestions": ["zhen_unit"]}
    assert cause["message"] == " ".join(problem["errors"]["rules.zhen_units"])


def test_a_success_without_the_header_is_written_as_before(client: FlaskClient) -> None:
    plain = client.post(SCORE, json=CHUZHOU)
    english = client.post(SCORE, json=CHUZHOU, headers={"Accept-Language": "en"})
    assert plain.data == english.data
    assert plain.headers["Content-Language"] == "en"


def test_the_contract_is_the_same_in_every_language_and_says_none(client: FlaskClient) -> None:
    plain = client.get("/openapi.json")
    chinese = client.get("/openapi.json", headers={"Accept-Language": "zh-CN"})
    assert plain.data == chinese.data
    assert "Content-Language" not in chinese.headers
    assert "Accept-Language" not in chinese.headers.get("Vary", "")


def test_a_command_line_problem_has_causes() -> None:
    problem = typed_problem("bad-json", "line 3 is blank")
    assert problem["causes"][0]["field"] is None


# --- rulings and pages ----------------------------------------------------------------------

def test_every_ruling_reads_in_chinese() -> None:
    from service.rulings import TRANSLATIONS, every

    assert TRANSLATIONS == {CHINESE: "rulings.zh.md", TRADITIONAL: "rulings.zh_Hant.md"}
    for ruling in every():
        text = translated(ruling.text, CHINESE)
        assert text != ruling.text, ruling.id
        assert english_in(translated(ruling.title, CHINESE)) == [], ruling.id
        assert english_in(text) == [], (ruling.id, english_in(text))


def test_a_ruling_and_a_problem_page_in_chinese(client: FlaskClient) -> None:
    ruling = client.get("/v1/rulings/G-2", headers=ZH)
    assert ruling.headers["Content-Language"] == "zh-CN"
    assert "Accept-Language" in ruling.headers["Vary"]
    assert ruling.get_json()["title"] == "座位"
    assert "下家" in ruling.get_json()["text"]
    english = client.get("/v1/rulings/G-2").get_json()
    assert english["title"] == "Seats" and english["id"] == "G-2"
    page = client.get("/problems/not-a-win", headers={**ZH, "Accept": "text/html"})
    assert page.headers["Content-Language"] == "zh-CN"
    text = page.get_data(as_text=True)
    assert '<html lang="zh-CN">' in text and "这手牌没有胡" in text and "怎样改正" in text
    listing = client.get("/v1/rulesets/yueqing/rulings", headers={**ZH, "Accept": "text/html"})
    assert "乐清麻将裁定" in listing.get_data(as_text=True)
    docs = client.get("/docs", headers=ZH)
    assert docs.headers["Content-Language"] == "zh-CN"
    assert "<title>麻将计分服务：接口文档</title>" in docs.get_data(as_text=True)
    assert client.get("/docs").data.count(b"<title>Mahjong scoring service: API</title>") == 1
    kinds = client.get("/problems", headers=ZH).get_json()["problems"]
    assert all(english_in(kind["description"]) == [] for kind in kinds)


# --- the command line -----------------------------------------------------------------------

def test_the_command_line_speaks_the_language_asked_or_the_locales(
        tmp_path: Path, capfdbinary: pytest.CaptureFixture[bytes],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from service import cli

    lines = tmp_path / "lines.jsonl"
    lines.write_text(json.dumps({"ruleset": "chuzhou", "action": "score", "request": _changed(
        CHUZHOU, "hand.concealed", "123m678m19p")}) + "\n\n", encoding="utf-8")
    for setting in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(setting, raising=False)
    said: dict[str, list[Any]] = {}
    for name, argv, lang in (("en", [], None), ("zh", ["--lang", "zh"], None),
                             ("locale", [], "zh_CN.UTF-8"), ("over", ["--lang", "en"], "zh_TW")):
        if lang:
            monkeypatch.setenv("LANG", lang)
        cli.main([*argv, str(lines)])
        said[name] = [json.loads(line) for line in capfdbinary.readouterr().out.splitlines()]
    try:
        assert said["en"][0]["problem"]["title"] == "The hand is not a winning hand"
        assert said["zh"][0]["problem"]["title"] == "这手牌没有胡"
        assert said["locale"] == said["zh"]
        assert said["over"] == said["en"]
        codes = [[c["code"] for c in r["problem"]["causes"]] for r in said["zh"]]
        assert codes == [["leftover-tiles"], ["blank-line"]]
        assert [[c["code"] for c in r["problem"]["causes"]] for r in said["en"]] == codes
        for result in said["zh"]:
            assert all(english_in(text) == [] for text in _texts(result["problem"]))
    finally:
        cli.SPOKEN["language"] = ENGLISH


def test_a_rulesets_catalogue_reads_in_chinese(client: FlaskClient) -> None:
    for ruleset in ("chuzhou", "yueqing"):
        english = client.get(f"/v1/rulesets/{ruleset}").get_json()
        chinese = client.get(f"/v1/rulesets/{ruleset}", headers=ZH)
        assert chinese.headers["Content-Language"] == "zh-CN"
        said = chinese.get_json()
        assert [p["id"] for p in said["parameters"]] == [p["id"] for p in english["parameters"]]
        names = sorted({row["name_en"] for key in ("patterns", "flowers", "parameters")
                        for row in english.get(key, [])} | {
                        row["name_en"].split(": ")[0] for row in english["parameters"]},
                       key=len, reverse=True)

        def plain(text: str, names: list[str] = names) -> str:
            for name in names:  # an English name a description names beside the Chinese
                text = text.replace(name, " ")
            return text

        for parameter, before in zip(said["parameters"], english["parameters"], strict=True):
            assert parameter["description"] != before["description"], parameter["id"]
            assert english_in(plain(parameter["description"])) == [], parameter
        for key in ("patterns", "flowers"):
            for row in said.get(key, []):
                assert english_in(row["condition"]) == [], row


def test_the_problems_inside_a_waits_values_read_in_chinese(client: FlaskClient) -> None:
    asked = {"concealed": "123m456m789m123p4p66s1z", "caishen": "1z", "winner": 1, "dealer": 0}
    english = client.post("/v1/yueqing/waits", json=asked)
    chinese = client.post("/v1/yueqing/waits", json=asked, headers=ZH)
    found_en, found_zh = _problems(english.get_json()), _problems(chinese.get_json())
    assert found_en and len(found_en) == len(found_zh)
    for en, zh in zip(found_en, found_zh, strict=True):
        assert en["causes"][0]["code"] == zh["causes"][0]["code"] == "leftover-tiles"
        assert en["causes"][0]["params"] == zh["causes"][0]["params"]
        assert all(english_in(text) == [] for text in _texts(zh))
    assert "财神" in found_zh[0]["detail"] and "东风" in found_zh[0]["detail"]


def test_an_answer_said_while_written_is_the_answer_walked_then_written(
        client: FlaskClient) -> None:
    """The Chinese writer (texts said as orjson meets them) against the plain walk."""
    from service.jsonio import encoded, written
    from service.rulings import every
    from service.scoring import known_ruleset

    answers: list[Any] = [known_ruleset(rid).described() for rid in ("chuzhou", "yueqing")]
    answers.append({"rulings": [ruling.document() for ruling in every()], "big": 2**70})
    with deadline():
        from service.batch import run_batch

        _, _, _, batch = ASKED["422 batch"]
        answers.append(run_batch(batch))
    for answer in answers:
        assert written(answer, CHINESE) == encoded(translated(answer, CHINESE))
        assert written(answer, ENGLISH) == encoded(answer)


# --- rulings' translations follow their English -------------------------------------------

TRANSLATED_RULINGS = Path(__file__).parent / "translated_rulings.json"


def _english_rulings() -> dict[str, str]:
    """Each ruling's English, title and text, by its id and ruleset: what its Chinese in the
    rulings.zh.md beside it translates."""
    from service.rulesets import RULESETS
    from service.rulings import general, of_ruleset

    found = {}
    for ruling in (*general(), *(r for rid in sorted(RULESETS) for r in of_ruleset(rid))):
        english = f"{ruling.title}\n{ruling.text}"  # Translated is a str: its English
        found[f"{ruling.ruleset or 'general'}/{ruling.id}"] = \
            hashlib.sha256(english.encode()).hexdigest()[:16]
    return found


def test_every_rulings_chinese_was_checked_against_its_english() -> None:
    """A ruling's English edited leaves its Chinese behind: this fails until the rulings.zh.md
    beside it is brought up to date and the record is written again
    (RECORD_TRANSLATIONS=1 pytest tests/test_language.py -k rulings_chinese)."""
    found = _english_rulings()
    if os.environ.get("RECORD_TRANSLATIONS"):
        TRANSLATED_RULINGS.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n",
                                      encoding="utf-8")
    recorded = json.loads(TRANSLATED_RULINGS.read_text(encoding="utf-8"))
    changed = sorted(key for key in found.keys() | recorded.keys()
                     if found.get(key) != recorded.get(key))
    assert changed == [], f"check the Chinese of {changed}, then record again"
