"""A problem's causes as types (issue #44): every code of this release with its params typed in
the contract (service/params.py, service/openapi_causes.py), every message built from exactly
its code's params, and the causes real refusals carry holding to those types.

The generated clients reading a cause (narrowed on its code, and one whose code they do not
know) are tests/test_typescript_client.py's and tests/test_open_ids.py's.
"""

from __future__ import annotations

import ast
import string
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask.testing import FlaskClient
from openapi_schema_validator import OAS31Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from service.api.app import create_app
from service.errors import CAUSES, UNCODED
from service.language import catalog
from service.openapi_causes import code_params
from service.params import KINDS, PARAMS
from tests.test_language import ASKED, CHUZHOU, JSON, PARTS, SCORE, YUEQING, _ask, _changed

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "service"
SPEC_URI = "urn:mahjong:openapi"
NUMBERS = {"integer", "number"}

# The params of a part of a sentence (service/errors.py causes): a did-you-mean hint's name
# meant becomes its cause's suggestions; a tile written another way gives written.
PART_PARAMS = {"did-you-mean": {"meant"}, "write-instead": {"written", "text"},
               "caishen-at-face-value": {"tile"}, "more-fields": {"count"}}


def test_every_param_of_every_code_has_one_type() -> None:
    used = {name for code in CAUSES for name in code_params(code)[0]}
    assert sorted(used - set(PARAMS)) == []
    assert sorted(set(PARAMS) - used) == []
    assert {param.kind for param in PARAMS.values()} <= set(KINDS)
    for code, cause in CAUSES.items():
        names = [name.strip("[]") for name in cause.params]
        assert len(names) == len(set(names)), code


class Written:
    """One ``Message(code, template, **params)`` call of the sources."""

    def __init__(self, where: str, code: str, template: str | None,
                 params: set[str] | None) -> None:
        self.where, self.code, self.template, self.params = where, code, template, params


@cache
def written_messages() -> tuple[Written, ...]:
    """Every Message the sources write with a literal code: its template when literal, and the
    names of its params when all are written out (None when some come as ``**``)."""
    found = []
    for path in sorted(SERVICE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Message"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                continue
            template = node.args[1] if len(node.args) > 1 else None
            names: set[str] | None = {k.arg for k in node.keywords if k.arg is not None}
            if any(k.arg is None for k in node.keywords):
                names = None
            found.append(Written(
                f"{path.relative_to(ROOT)}:{node.lineno}", node.args[0].value,
                template.value if isinstance(template, ast.Constant) else None, names))
    return tuple(found)


def _placeholders(template: str) -> dict[str, str]:
    """A template's placeholder names with their format specs."""
    return {name: spec or "" for _, name, spec, _ in string.Formatter().parse(template)
            if name}


def _allowed(code: str) -> set[str]:
    return PART_PARAMS[code] if code in PART_PARAMS else set(code_params(code)[0])


def test_every_message_is_built_from_its_codes_params() -> None:
    """A message's params and the placeholders of its template are its code's params (a name
    with a leading _ is for the sentence alone); a number formatted (``{max:,}``) is a number."""
    wrong = []
    for message in written_messages():
        if message.code == "":  # language.sentence: a description, no cause
            continue
        allowed = _allowed(message.code)
        if message.params is not None:
            extra = {name for name in message.params if not name.startswith("_")} - allowed
            if extra:
                wrong.append((message.where, message.code, "params", sorted(extra)))
        if message.template is not None:
            for name, spec in _placeholders(message.template).items():
                if name.startswith("_"):
                    continue
                if name not in allowed:
                    wrong.append((message.where, message.code, "placeholder", name))
                elif spec and PARAMS[name].kind not in NUMBERS:
                    wrong.append((message.where, message.code, "spec on a non-number", name))
    assert wrong == []


def test_every_catalog_template_holds_to_its_codes_params() -> None:
    """Each msgid of the catalog that is a message's template: its placeholders (and so its
    Chinese's, which must be the same: tests/test_language.py) are params of its code, typed
    as its format spec needs."""
    codes: dict[str, set[str]] = {}
    for message in written_messages():
        if message.template is not None and message.code:
            codes.setdefault(message.template, set()).add(message.code)
    checked = 0
    for msgid in catalog("zh"):
        for code in codes.get(msgid, ()):
            checked += 1
            for name, spec in _placeholders(msgid).items():
                if name.startswith("_"):
                    continue
                assert name in _allowed(code), (code, msgid, name)
                assert not spec or PARAMS[name].kind in NUMBERS, (code, msgid, name)
    assert checked >= 100


@cache
def _spec() -> Registry[Any]:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    return Registry().with_resource(
        SPEC_URI, Resource.from_contents(spec, default_specification=DRAFT202012))


def _validator(pointer: str) -> OAS31Validator:
    return OAS31Validator({"$ref": f"{SPEC_URI}#/{pointer}"}, registry=_spec())


def test_the_contract_lists_every_code_with_its_params() -> None:
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    schemas = spec["components"]["schemas"]
    assert schemas["CauseCode"]["enum"] == list(CAUSES)
    mapped = schemas["CauseParams"]["properties"]
    assert list(mapped) == list(CAUSES)
    for code in CAUSES:
        names, required = code_params(code)
        assert list(mapped[code]["properties"]) == names
        assert mapped[code].get("required", []) == required
    assert set(schemas["CauseParamValues"]["properties"]) == set(PARAMS)
    cause = schemas["Cause"]["properties"]
    assert cause["code"]["anyOf"] == [{"$ref": "#/components/schemas/CauseCode"},
                                      {"type": "string"}]
    assert cause["params"]["$ref"] == "#/components/schemas/CauseParamValues"


# Requests earning codes the languages' table (tests/test_language.py ASKED) does not.
MORE: dict[str, tuple[str, str, dict[str, str], Any]] = {
    "unknown field": ("POST", SCORE, {}, {**CHUZHOU, "winnr": 1}),
    "not tiles": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.concealed", 5)),
    "tile code": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.concealed", ["5p", 7])),
    "suit first": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.concealed", "m123")),
    "no suit": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.concealed", "123")),
    "long string": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.concealed", "1m" * 200)),
    "zhen of three": ("POST", SCORE, {}, _changed(CHUZHOU, "zhen", [1, 1, 1])),
    "five melds": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.melds", [
        {"type": "peng", "tiles": "111m", "from": 0}] * 5)),
    "angang from": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.melds.1", {
        "type": "angang", "tiles": "7777p", "from": 3})),
    "meld from": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.melds.1", {
        "type": "peng", "tiles": "777p"})),
    "self-draw from": ("POST", SCORE, {}, _changed(CHUZHOU, "win.by", "self_draw")),
    "rules types": ("POST", SCORE, {}, {**CHUZHOU, "rules": {
        "zhen_unit": "x", "discard_extra": 10**9, "baozhuang": 1, "wall_reserve": True}}),
    "variant": ("POST", SCORE, {}, {**CHUZHOU, "variant": "nope"}),
    "chi from": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.melds.0.from", 2)),
    "peng shape": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.melds.1.tiles", "789p")),
    "from oneself": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.melds.1.from", 1)),
    "earthly": ("POST", SCORE, {}, {**CHUZHOU, "situation": {"earthly": True}}),
    "winner liable": ("POST", SCORE, {}, {**CHUZHOU, "situation": {"liable_seat": 1}}),
    "no liability": ("POST", SCORE, {}, {**CHUZHOU, "situation": {"liable_seat": 3},
                                         "rules": {"baozhuang": False}}),
    "pin ahead": ("POST", SCORE, {}, {**CHUZHOU, "ruleset_version": "99"}),
    "yueqing robbed caishen": ("POST", "/v1/yueqing/score", {}, _changed(
        _changed(YUEQING, "win.by", "robbing_kong"), "win.tile", "3z")),
    "yueqing caishen count": ("POST", "/v1/yueqing/score", {}, _changed(
        YUEQING, "hand.concealed", "123m456m789p234s3z3z3z3z55s")),
    "yueqing lao zhuang": ("POST", "/v1/yueqing/score", {}, {
        **YUEQING, "lao_zhuang": 5, "rules": {"lao_zhuang_cap": 3}}),
    "yueqing flowers": ("POST", "/v1/yueqing/draw", {}, {
        "dealer": 0, "lao_zhuang": 0, "caishen": "5p",
        "players": [{"seat": s, "flowers": 2} for s in range(4)]}),
    "yueqing draw seats": ("POST", "/v1/yueqing/draw", {}, {
        "dealer": 0, "lao_zhuang": 0, "caishen": "5p", "players": [{"seat": 0}]}),
    "yueqing stayer": ("POST", "/v1/yueqing/escape", {}, {
        "dealer": 0, "lao_zhuang": 0, "caishen": "5p", "escaper": 3,
        "players": [{"seat": 0, "concealed": "1112345678999m"}]}),
    "match sets once": ("POST", "/v1/chuzhou/match", {}, {
        "dealer": 0, "zhen": [1, 1, 1, 1], "events": [
            {"type": "win", "request": {**{k: v for k, v in CHUZHOU.items()
                                            if k not in ("dealer", "zhen")},
                                        "rules": {"zhen_unit": 5}}}]}),
    "values seats": ("POST", "/v1/chuzhou/waits", {}, {"concealed": "1112345678999m",
                                                       "dealer": 0}),
    "batch items": ("POST", "/v1/batch", {}, {"items": [{}] * 1001}),
    "not a batch item": ("POST", "/v1/batch", {}, {"items": [7]}),
    "405 ruleset": ("POST", "/v1/rulesets", JSON, b"{}"),
    "last tile": ("POST", SCORE, {}, {**CHUZHOU, "situation": {"last_tile": True}}),
    "after kong": ("POST", SCORE, {}, {**CHUZHOU, "win": {"tile": "8m", "by": "self_draw"},
                                       "situation": {"after_kong": True}}),
    "ready first turn": ("POST", SCORE, {}, {**CHUZHOU, "situation": {
        "ready_first_turn": True}}),
    "one suit seats": ("POST", SCORE, {}, {**CHUZHOU, "situation": {
        "one_suit_seats": [2, 2]}}),
    "one suit liable": ("POST", SCORE, {}, {**CHUZHOU, "situation": {
        "one_suit_seats": [2], "liable_seat": 2}}),
    "table pengs": ("POST", SCORE, {}, {**CHUZHOU, "situation": {"table_pengs": ["1s", "1s"]}}),
    "kong shape": ("POST", SCORE, {}, _changed(CHUZHOU, "hand.melds.1", {
        "type": "gang", "tiles": "7778p", "from": 3})),
    "winning tile": ("POST", SCORE, {}, _changed(CHUZHOU, "win.tile", "1s")),
    "flower tile": ("POST", "/v1/yueqing/score", {}, _changed(
        YUEQING, "hand.concealed", "123m456m789p234s68s3z55z")),
    "undeclared seven pairs": ("POST", SCORE, {}, {
        **_changed(CHUZHOU, "hand", {"concealed": "1122m3344p5566s77z"}), "win": {
            "tile": "7z", "by": "discard", "from": 3}}),
}


def _causes(document: Any) -> list[dict[str, Any]]:
    if isinstance(document, dict):
        found = list(document.get("causes", ()))
        return found + [c for key, value in document.items() if key != "causes"
                        for c in _causes(value)]
    if isinstance(document, list):
        return [c for value in document for c in _causes(value)]
    return []


@pytest.fixture(scope="module")
def earned() -> list[dict[str, Any]]:
    """Every cause the tables' requests earn, in both languages."""
    client = create_app({"TESTING": True}).test_client()
    found = []
    for asked in (*ASKED.values(), *MORE.values()):
        for language in ({}, {"Accept-Language": "zh-CN"}):
            found += _causes(_ask(client, asked, language).get_json())
    return found


def test_every_cause_earned_holds_to_its_codes_params(earned: list[dict[str, Any]]) -> None:
    """Each cause meets the contract's Cause, and its params are exactly its code's: every
    one of them typed as CauseParams says, those always there present, no other."""
    cause = _validator("components/schemas/Cause")
    wrong = []
    for found in earned:
        code, params = found["code"], found["params"]
        errors = [error.message for error in cause.iter_errors(found)]
        if code not in CAUSES or code == UNCODED:
            wrong.append((code, "not a code of the contract"))
            continue
        errors += [error.message for error in _validator(
            f"components/schemas/CauseParams/properties/{code}").iter_errors(params)]
        names, required = code_params(code)
        extra = set(params) - set(names)
        if errors or extra:
            wrong.append((code, params, errors, sorted(extra)))
    assert wrong == []


def test_the_requests_earn_most_of_the_codes(earned: list[dict[str, Any]]) -> None:
    seen = {found["code"] for found in earned}
    assert len(seen) >= 70, sorted(set(CAUSES) - seen)


SAID = ("message", "name", "name_en")  # what a cause says in the language asked for


def test_a_cause_is_the_same_in_both_languages_but_its_words(
        client: FlaskClient) -> None:
    """Its message and name are said in the language; the English name stays as name_en."""
    for asked in MORE.values():
        english = _causes(_ask(client, asked, {}).get_json())
        chinese = _causes(_ask(client, asked, {"Accept-Language": "zh-CN"}).get_json())
        assert english, asked
        assert [{k: v for k, v in c.items() if k not in SAID} for c in english] == \
            [{k: v for k, v in c.items() if k not in SAID} for c in chinese]
        assert [c["name"] for c in english] == [c["name_en"] for c in chinese]
        assert not any("name_en" in c for c in english)


def test_parts_are_no_causes() -> None:
    assert set(PART_PARAMS) | {""} == PARTS
    assert not set(PART_PARAMS) & set(CAUSES)



@pytest.mark.parametrize(("asked", "field", "params"), [
    # "exactly 4 items": an app building its own sentence from params says exactly, not at most
    (_changed(CHUZHOU, "zhen", [1, 1, 1]), "zhen", {"count": 3, "min": 4, "max": 4}),
    (_changed(CHUZHOU, "hand.melds", [{"type": "peng", "tiles": "111m", "from": 0}] * 5),
     "hand.melds", {"count": 5, "min": 0, "max": 4}),
    (_changed(CHUZHOU, "dealer", 7), "dealer", {"input": 7, "min": 0, "max": 3}),
    (_changed(CHUZHOU, "hand.melds.1.tiles", "999p"), "hand",
     {"tile": "9p", "count": 5, "max": 4}),
    ({**CHUZHOU, "situation": {"heavenly": True}}, "situation.heavenly", {"dealt": 14}),
    (_changed(CHUZHOU, "win.tile", "1s"), "win.tile", {"tile": "1s"}),
    ({**CHUZHOU, "zhen": [1, 1, 1, 5], "rules": {"zhen_cap": 3}}, "zhen.3",
     {"value": 5, "max": 3, "rule": "zhen_cap"}),
    ({**CHUZHOU, "situation": {"ready_first_turn": True}}, "situation.ready_first_turn",
     {"needed": "situation.declared_ready"}),
    ({**CHUZHOU, "situation": {"one_suit_seats": [2, 0, 2]}}, "situation.one_suit_seats",
     {"seat": 2}),
])
def test_every_number_tile_and_field_a_message_says_is_a_param(
        client: FlaskClient, asked: dict[str, Any], field: str, params: dict[str, Any]) -> None:
    problem = client.post(SCORE, json=asked).get_json()
    assert [(c["field"], c["params"]) for c in problem["causes"]][:1] == [(field, params)]
